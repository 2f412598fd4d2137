# Steady state at W >= 8 (tests/timing_checks.py): per iteration a
# divergent branch, a load and a taken loop branch, none of which may cost
# an extra cycle.  87 slots per warp: 4 + 10 x 8 + 3.
    .option norelax
    .section .text.init
    .globl _start
_start:
    andi a1, a0, 1          # odd lanes (a0 = hart id)
    la   a2, data           # auipc, addi
    li   t0, 10
loop:
    addi t1, t1, 1
    beqz a1, even           # divergent: even lanes jump, odd lanes run first
    addi t3, t3, 3
    j    join
even:
    addi t3, t3, 5
join:
    lw   t4, 0(a2)          # every lane reads one word: one pass
    addi t0, t0, -1
    bnez t0, loop           # taken 9 times
    li   a7, 93
    li   a0, 0
    ecall

    .data
data:
    .word 7
