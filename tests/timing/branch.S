# W = 1: a taken branch costs its redirect bubble; the two instructions
# fetched after it are squashed (tests/timing_checks.py).
    .section .text.init
    .globl _start
_start:
    addi t0, zero, 1
    beqz a0, target         # hart 0: taken
    addi t1, zero, 1        # wrong path
    addi t2, zero, 2        # wrong path
    addi t3, zero, 3
target:
    addi t4, zero, 4
    li   a7, 93
    li   a0, 0
    ecall
