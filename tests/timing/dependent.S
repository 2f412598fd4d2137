# W = 1: a dependent instruction waits for its producer's writeback; ecall
# waits for a0 (tests/timing_checks.py).
    .section .text.init
    .globl _start
_start:
    addi t0, zero, 1
    addi t1, zero, 2
    addi t2, zero, 3
    addi t3, t2, 1          # needs t2 from the instruction before
    addi t4, zero, 5
    li   a7, 93
    li   a0, 0
    ecall
