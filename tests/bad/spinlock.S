# A spin lock whose critical section lies after the acquire loop: fine for
# independent threads, a deadlock under SIMT lockstep with min-PC priority
# (spec section 2): the losers spin at a lower PC than the winner.
    .section .text.init
    .globl _start
_start:
    la t0, lock
    li t2, 1
acquire:
    amoswap.w.aq t1, t2, (t0)
    bnez t1, acquire
    la t3, counter          # critical section
    lw t4, 0(t3)
    addi t4, t4, 1
    sw t4, 0(t3)
    amoswap.w.rl zero, zero, (t0)
    li a7, 93
    li a0, 0
    ecall
    .data
lock: .word 0
counter: .word 0
