# Two-way if/else on lane parity (hand-checked in tests/stats_checks.py).
    .section .text.init
    .globl _start
_start:
    andi t0, a0, 1          # all lanes
    beqz t0, even           # all lanes; even lanes jump, odd lanes fall through
odd:
    addi t1, zero, 1        # odd lanes (lower PC, so first)
    j join
even:
    addi t1, zero, 2        # even lanes
join:                       # reconverged
    li a7, 93
    li a0, 0
    ecall
