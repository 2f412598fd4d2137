/*
 * sig.S - signature test. Computes 20 words and stores them, in order,
 * between begin_signature and end_signature (the .signature section, see
 * link.ld); then passes. The words start as 0xdeadbeef so a word that is
 * never written shows up. Expected words (sig.expected, by hand):
 *
 *  0  add  0x12345678 + 0x9abcdef0                 = 0xacf13568
 *  1  sub  0x12345678 - 0x9abcdef0                 = 0x77777788
 *  2  xor  0x12345678 ^ 0x9abcdef0                 = 0x88888888
 *  3  slli 0x12345678 << 4                         = 0x23456780
 *  4  srai 0x9abcdef0 >> 8                         = 0xff9abcde
 *  5  srli 0x9abcdef0 >> 8                         = 0x009abcde
 *  6  slt  0x9abcdef0 < 0x12345678 (signed)        = 0x00000001
 *  7  sltu 0x9abcdef0 < 0x12345678 (unsigned)      = 0x00000000
 *  8  mul  0x12345678 * 0x9abcdef0, low word       = 0x242d2080
 *  9  mulhu 0x12345678 * 0x9abcdef0, high word     = 0x0b00ea4e
 * 10  div  -100 / 7                                = 0xfffffff2 (-14)
 * 11  rem  -100 % 7                                = 0xfffffffe (-2)
 * 12  divu 100 / 0                                 = 0xffffffff
 * 13  lb(0x80) + lhu(0x8001) = 0xffffff80 + 0x8001 = 0x00007f81
 * 14  1 + 2 + ... + 100 = 5050                     = 0x000013ba
 * 15  amoadd.w of 2 to a word holding 40, new word = 0x0000002a
 * 16  fib(20) with fib(0) = 0, fib(1) = 1 = 6765   = 0x00001a6d
 * 17  sb 0xde, 0xad, 0xbe, 0xef to bytes 0..3      = 0xefbeadde
 * 18  lui 0xcafec ; addi -0x542                    = 0xcafebabe
 * 19  jal link minus the jal's own address         = 0x00000004
 */
#include "test.h"

        TEST_BEGIN

        la      s0, begin_signature
        li      s1, 0x12345678
        li      s2, 0x9abcdef0

        add     t0, s1, s2
        sw      t0, 0(s0)
        sub     t0, s1, s2
        sw      t0, 4(s0)
        xor     t0, s1, s2
        sw      t0, 8(s0)
        slli    t0, s1, 4
        sw      t0, 12(s0)
        srai    t0, s2, 8
        sw      t0, 16(s0)
        srli    t0, s2, 8
        sw      t0, 20(s0)
        slt     t0, s2, s1
        sw      t0, 24(s0)
        sltu    t0, s2, s1
        sw      t0, 28(s0)
        mul     t0, s1, s2
        sw      t0, 32(s0)
        mulhu   t0, s1, s2
        sw      t0, 36(s0)

        li      t1, -100
        li      t2, 7
        div     t0, t1, t2
        sw      t0, 40(s0)
        rem     t0, t1, t2
        sw      t0, 44(s0)
        li      t1, 100
        divu    t0, t1, x0
        sw      t0, 48(s0)

        la      t1, sig_src
        lb      t2, 0(t1)                       /* 0x80 -> 0xffffff80 */
        lhu     t3, 2(t1)                       /* 0x8001 -> 0x00008001 */
        add     t0, t2, t3
        sw      t0, 52(s0)

        li      t0, 0                           /* sum 1..100 */
        li      t1, 100
1:      add     t0, t0, t1
        addi    t1, t1, -1
        bnez    t1, 1b
        sw      t0, 56(s0)

        la      t1, sig_amo                     /* holds 40 */
        li      t2, 2
        amoadd.w t3, t2, (t1)
        lw      t0, 0(t1)
        sw      t0, 60(s0)

        li      t1, 0                           /* fib(i) */
        li      t2, 1                           /* fib(i+1) */
        li      t3, 20
2:      add     t4, t1, t2
        mv      t1, t2
        mv      t2, t4
        addi    t3, t3, -1
        bnez    t3, 2b
        sw      t1, 64(s0)                      /* fib(20) */

        li      t1, 0xde
        sb      t1, 68(s0)
        li      t1, 0xad
        sb      t1, 69(s0)
        li      t1, 0xbe
        sb      t1, 70(s0)
        li      t1, 0xef
        sb      t1, 71(s0)

        lui     t0, 0xcafec
        addi    t0, t0, -0x542
        sw      t0, 72(s0)

        auipc   t1, 0
        addi    t1, t1, 8                       /* address of the jal */
        jal     t0, 3f
3:      sub     t0, t0, t1
        sw      t0, 76(s0)

        TEST_END

        .data
        .balign 4
sig_src: .byte  0x80, 0x00, 0x01, 0x80
sig_amo: .word  40

        .section .signature, "aw", @progbits
        .balign 16
        .rept 20
        .word   0xdeadbeef
        .endr
