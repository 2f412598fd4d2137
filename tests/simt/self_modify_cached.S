# Code rewritten by a store, without fence.i, after it already ran (so its
# decoded copy sits in the decode cache all harts share): every model and
# shape must run the new word (docs/platform.md).  Hart 0 calls `target`
# (returns 1), stores `addi a0, zero, 0` over its first word and calls it
# again: exit code 0 only if the new word runs.  The other harts call
# `alias`, 32 KiB above `target` (the same decode-cache entry), so whether
# the stale entry survived used to depend on the schedule, hence on the
# model and the shape.
    .option norelax
    .section .text.init
    .globl _start
_start:
    bnez a0, other
    call target
    la   t0, target
    li   t1, 0x00000513     # addi a0, zero, 0
    sw   t1, 0(t0)
    call target
    li   a7, 93
    ecall
other:
    call alias
    li   a0, 0
    li   a7, 93
    ecall

    .balign 4
target:
    addi a0, zero, 1
    ret

    .org target + 0x8000
alias:
    addi t2, zero, 2
    ret
