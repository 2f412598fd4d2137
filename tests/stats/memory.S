# Coalescing cases (hand-checked in tests/stats_checks.py).
    .option norelax
    .section .text.init
    .globl _start
_start:
    la t0, buf
    slli t1, a0, 2
    add t2, t0, t1
    lw t3, 0(t2)            # unit stride: one pass
    lw t3, 0(t0)            # same word: broadcast, one pass
    slli t1, a0, 3
    add t2, t0, t1
    lw t3, 0(t2)            # stride 2 words: a pass per lane (block: per 16 bytes)
    sb a0, 0(t2)            # bytes: a pass per lane (block: per 16 bytes)
    amoadd.w t3, a0, (t0)   # atomics: a pass per lane
    li a7, 93
    li a0, 0
    ecall

    .data
    .balign 64
buf:
    .zero 64
