# Regression: every lane stores its hart id to the same word (word 3 of a
# block).  Same-address stores serialise in lane order: the highest lane's
# value must win under every coalescer (a unit-stride lane once stored
# before a lower lane that wrote the same word in a later pass).
    .section .text.init
    .globl _start
_start:
    la   t0, buf
    sw   a0, 12(t0)
    sh   a0, 16(t0)           # the same for halfwords and bytes
    sb   a0, 20(t0)
    li   a7, 93
    li   a0, 0
    ecall
    .section .signature, "aw"
    .balign 64
buf: .word 0, 0, 0, 0, 0, 0, 0, 0
