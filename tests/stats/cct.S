# Four-way divergence: more paths than the two HCTs hold, so the CCT stack
# is used (hand-checked in tests/stats_checks.py).
    .section .text.init
    .globl _start
_start:
    andi t0, a0, 3
    beqz t0, L0             # lane 0
    addi t1, t0, -1
    beqz t1, L1             # lane 1
    addi t1, t0, -2
    beqz t1, L2             # lane 2
    j L3                    # lane 3
L0: addi t2, zero, 0
    j join
L1: addi t2, zero, 1
    j join
L2: addi t2, zero, 2
    j join
L3: addi t2, zero, 3
join:
    li a7, 93
    li a0, 0
    ecall
