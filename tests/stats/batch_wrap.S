# A loop whose straight-line run of register arithmetic crosses a multiple
# of 32 KiB (the decode cache's size in PCs: its slots wrap there), so that
# the simt model's batches of such runs (models/simt.c) take their
# instructions from both ends of the cache once the loop's second pass finds
# them decoded.  The exit status is 0 if every thread computed what it
# should: s0 = 3 x 15 x (a0 + 1) for the hart id in a0, and the auipc after
# the wrap its own PC.
    .section .text.init
    .globl _start
_start:
    csrr a0, mhartid
    li   s0, 0
    li   s1, 3
    j    run
    .org 0x7fe8
run:
    addi t0, a0, 1      # 0x80007fe8
    slli t1, t0, 1
    add  t1, t1, t0     # 3 (a0 + 1)
    slli t2, t1, 2
    add  t2, t2, t1     # 15 (a0 + 1)
    add  s0, s0, t2     # 0x80007ffc
    addi t3, a0, 1      # 0x80008000
    auipc t6, 0         # 0x80008004: its own PC, from the second piece
    slli t4, t3, 4
    sub  t4, t4, t3     # 15 (a0 + 1)
    sub  s0, s0, t4     # back to what it was ...
    add  s0, s0, t2     # ... plus 15 (a0 + 1)
    addi s1, s1, -1
    bnez s1, run
    addi t3, a0, 1
    li   t4, 45
    mul  t4, t4, t3
    sub  a0, s0, t4
    li   t5, 0x80008004
    xor  t5, t5, t6
    or   a0, a0, t5
    sltu a0, zero, a0   # 1 if anything differs
    li   a7, 93
    ecall
