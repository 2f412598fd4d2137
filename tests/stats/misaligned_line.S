    # One load across two 64-byte lines, one store across two more
    # (tests/stats_checks.py: the memory timing looks up both lines of each).
    .option norelax
    .section .text.init
    .globl _start
_start:
    la t0, buf
    lw t5, 62(t0)           # bytes 62-65: lines 0 and 1 of buf
    sw t5, 127(t0)          # bytes 127-130: lines 1 and 2
    li a7, 93
    li a0, 0
    ecall

    .data
    .balign 64
buf:
    .zero 192
