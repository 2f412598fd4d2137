# W = 1 with --mem-latency 10: a load blocks its warp until its writeback
# (tests/timing_checks.py).
    .option norelax
    .section .text.init
    .globl _start
_start:
    lui  a2, %hi(data)
    lw   t0, %lo(data)(a2)  # needs a2
    addi t2, zero, 1        # independent, but the warp waits for the load
    addi t1, t0, 1          # needs t0
    li   a7, 93
    li   a0, 0
    ecall

    .data
data:
    .word 7
