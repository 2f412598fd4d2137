# Fully convergent: every thread runs the same five instructions, then
# parks on `j .`.  Every slot has all lanes active, and every active lane
# retires its instruction, the parking jump included (hand-checked in
# tests/stats_checks.py).
    .section .text.init
    .globl _start
_start:
    addi t0, a0, 1
    slli t1, t0, 2
    add  t2, t1, t0
    xor  t3, t2, a0
    sub  t4, t3, t1
park:
    j    park
