    # A misaligned lane among aligned lanes (tests/stats_checks.py): lane l
    # accesses the word at buf + 4l, lane 2 one byte further (buf + 9 to
    # buf + 12: words 8 and 12 of the warp's 16-byte block).
    .option norelax
    .section .text.init
    .globl _start
_start:
    la t0, buf
    slli t1, a0, 2
    add t2, t0, t1
    xori t4, a0, 2
    seqz t4, t4
    add t2, t2, t4          # lane 2: misaligned
    lw t5, 0(t2)            # simty: {0, 1, 3}, then {2}; block: one pass
    sw t5, 0(t2)            # simty: {0, 1}, {2}, then {3} (it writes a word lane 2 writes)
    li a7, 93
    li a0, 0
    ecall

    .data
    .balign 64
buf:
    .zero 64
