# W = 1: an FP result of latency L (--fp-latency fma=L) is written L - 1
# cycles after F+7, so its dependent issues L - 1 cycles later than after
# an integer operation (tests/timing_checks.py).
    .option arch, +d           # (assembled at rv32ima: this file adds F and D)
    .section .text.init
    .globl _start
_start:
    fmv.w.x ft0, zero          # misc, latency 1: like an integer operation
    fadd.d  ft1, ft0, ft0      # waits for ft0
    fadd.d  ft2, ft1, ft1      # waits for ft1: latency fma
    li   a7, 93
    li   a0, 0
    ecall
