# Code modified by a store without fence.i: every model must execute the
# same version of the word (the cycle model's speculative fetch may not
# fill the decode cache).  Exits 0 when the new word runs, as on the
# scalar model.
    .option norelax
    .section .text.init
    .globl _start
_start:
    la   t0, target
    li   t1, 0x00000513     # addi a0, zero, 0
    sw   t1, 0(t0)
target:
    addi a0, zero, 1
    li   a7, 93
    ecall
