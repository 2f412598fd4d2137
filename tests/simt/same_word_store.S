# Regression: every lane stores its hart id to the same word (word 3 of a
# block).  Same-address stores serialise in lane order: the highest lane's
# value must win under every coalescer (a unit-stride lane once stored
# before a lower lane that wrote the same word in a later pass).  Only the
# machine's last warp stores: which of several warps stores last is a race
# that timing (the memory hierarchy's, say) decides.
    .section .text.init
    .globl _start
_start:
    csrr t1, 0xfc1            # threads per warp
    csrr t2, 0xfc2            # harts
    sub  t2, t2, t1           # the first hart of the last warp
    blt  a0, t2, done
    la   t0, buf
    sw   a0, 12(t0)
    sh   a0, 16(t0)           # the same for halfwords and bytes
    sb   a0, 20(t0)
done:
    li   a7, 93
    li   a0, 0
    ecall
    .section .signature, "aw"
    .balign 64
buf: .word 0, 0, 0, 0, 0, 0, 0, 0
