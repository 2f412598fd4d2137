# Indirect jump with two distinct targets (hand-checked in tests/stats_checks.py).
    .option norelax
    .section .text.init
    .globl _start
_start:
    la t2, tgt_a
    andi t1, a0, 1
    slli t1, t1, 3
    add t2, t2, t1          # even lanes -> tgt_a, odd lanes -> tgt_b
    jr t2                   # two passes: one per distinct target
tgt_a:
    addi t3, zero, 1
    j join
tgt_b:
    addi t3, zero, 2
    j join
join:
    li a7, 93
    li a0, 0
    ecall
