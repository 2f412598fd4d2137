# W = 3: warps 2 and 0 issue back to back and share a register bank, so a
# two-source instruction of warp 2 delays warp 0 (tests/timing_checks.py).
    .section .text.init
    .globl _start
_start:
    add  t0, a0, a0
    add  t1, a0, a0
    add  t2, a0, a0
    li   a7, 93
    li   a0, 0
    ecall
