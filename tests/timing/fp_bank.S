# W = 3: a three-source instruction (fmadd.d) reads its warp's register
# bank over three cycles, so the next two issues come from warps of the
# other parity (tests/timing_checks.py).
    .option arch, +d           # (assembled at rv32ima: this file adds F and D)
    .section .text.init
    .globl _start
_start:
    fmadd.d ft0, ft1, ft2, ft3
    fmadd.d ft4, ft1, ft2, ft3
    fmadd.d ft5, ft1, ft2, ft3
    li   a7, 93
    li   a0, 0
    ecall
