/*
 * rv32a-lrsc.S - lr.w / sc.w.
 *   - sc.w with no reservation fails (rd != 0) and does not write memory
 *   - lr.w returns the word; sc.w to the same address right after succeeds
 *     (rd = 0) and writes memory
 *   - every sc.w (successful or not) ends the reservation: a second sc.w
 *     fails
 *   - sc.w to an address outside the reservation (256 bytes away) fails,
 *     and a later sc.w to the reserved word fails too
 *   - a newer lr.w replaces the reservation
 *   - .aq/.rl/.aqrl forms, rd aliases, rd = x0, a bounded retry loop
 * Between lr.w and sc.w that must succeed there are only base integer
 * ALU instructions (the architecture's constrained LR/SC sequence).
 */
#include "test.h"

        TEST_BEGIN

        /* ---- sc.w without any reservation fails ---- */
        TNUM 2
        la      a1, lr_a
        li      a2, 0x11111111
        sc.w    a3, a2, (a1)
        FAIL_EQ a3, zero
        lw      a4, 0(a1)
        EXPECT  a4, 0xa0a0a0a0

        /* ---- lr.w reads the word ---- */
        TNUM 3
        la      a1, lr_a
        lr.w    a3, (a1)
        EXPECT  a3, 0xa0a0a0a0

        /* ---- sc.w after lr.w to the same address succeeds ---- */
        TNUM 4
        la      a1, lr_a
        lr.w    a3, (a1)
        li      a2, 0x22222222
        sc.w    a5, a2, (a1)
        EXPECT  a5, 0
        EXPECT  a3, 0xa0a0a0a0
        lw      a4, 0(a1)
        EXPECT  a4, 0x22222222

        /* ---- the reservation is gone after sc.w: a second sc.w fails ---- */
        TNUM 5
        la      a1, lr_a
        li      a2, 0x33333333
        sc.w    a5, a2, (a1)
        FAIL_EQ a5, zero
        lw      a4, 0(a1)
        EXPECT  a4, 0x22222222

        /* ---- sc.w to another address fails; reservation ends ---- */
        TNUM 6
        la      a1, lr_a
        la      a6, lr_b                        /* 256 bytes away */
        lr.w    a3, (a1)
        li      a2, 0x44444444
        sc.w    a5, a2, (a6)
        FAIL_EQ a5, zero
        lw      a4, 0(a6)
        EXPECT  a4, 0xb0b0b0b0
        lw      a4, 0(a1)
        EXPECT  a4, 0x22222222
        TNUM 7
        sc.w    a5, a2, (a1)                    /* no reservation left */
        FAIL_EQ a5, zero
        lw      a4, 0(a1)
        EXPECT  a4, 0x22222222

        /* ---- a newer lr.w replaces the reservation ---- */
        TNUM 8
        la      a1, lr_a
        la      a6, lr_b
        lr.w    a3, (a1)
        lr.w    a3, (a6)
        li      a2, 0x55555555
        sc.w    a5, a2, (a6)                    /* most recent: succeeds */
        EXPECT  a5, 0
        EXPECT  a3, 0xb0b0b0b0
        lw      a4, 0(a6)
        EXPECT  a4, 0x55555555
        TNUM 9
        lr.w    a3, (a6)
        lr.w    a3, (a1)
        li      a2, 0x66666666
        sc.w    a5, a2, (a6)                    /* not the most recent: fails */
        FAIL_EQ a5, zero
        lw      a4, 0(a6)
        EXPECT  a4, 0x55555555

        /* ---- ordering-annotated forms ---- */
        TNUM 10
        la      a1, lr_a
        lr.w.aq a3, (a1)
        addi    a2, a3, 1
        sc.w.rl a5, a2, (a1)
        EXPECT  a5, 0
        lw      a4, 0(a1)
        EXPECT  a4, 0x22222223
        TNUM 11
        lr.w.aqrl a3, (a1)
        addi    a2, a3, 1
        sc.w.aqrl a5, a2, (a1)
        EXPECT  a5, 0
        lw      a4, 0(a1)
        EXPECT  a4, 0x22222224
        TNUM 12
        lr.w.rl a3, (a1)
        addi    a2, a3, 1
        sc.w.aq a5, a2, (a1)                    /* discouraged but valid */
        EXPECT  a5, 0
        lw      a4, 0(a1)
        EXPECT  a4, 0x22222225

        /* ---- lr.w with rd == rs1 ---- */
        TNUM 13
        la      a1, lr_a
        mv      a6, a1
        lr.w    a1, (a1)
        li      a2, 0x77777777
        sc.w    a5, a2, (a6)
        EXPECT  a1, 0x22222225
        EXPECT  a5, 0
        lw      a4, 0(a6)
        EXPECT  a4, 0x77777777

        /* ---- sc.w with rd == rs2 (value read before rd is written) ---- */
        TNUM 14
        la      a1, lr_a
        lr.w    a3, (a1)
        li      a2, 0x88888888
        sc.w    a2, a2, (a1)
        EXPECT  a2, 0
        lw      a4, 0(a1)
        EXPECT  a4, 0x88888888

        /* ---- sc.w with rd == rs1 ---- */
        TNUM 15
        la      a1, lr_a
        mv      a6, a1
        lr.w    a3, (a1)
        li      a2, 0x99999999
        sc.w    a1, a2, (a1)
        EXPECT  a1, 0
        lw      a4, 0(a6)
        EXPECT  a4, 0x99999999

        /* ---- rd = x0 for both ---- */
        TNUM 16
        la      a1, lr_a
        lr.w    x0, (a1)
        li      a2, 0x12121212
        sc.w    x0, a2, (a1)
        FAIL_NE x0, zero
        lw      a4, 0(a1)
        EXPECT  a4, 0x12121212

        /* ---- lr.w of the stored value, then sc.w of x0 ---- */
        TNUM 17
        la      a1, lr_a
        lr.w    a3, (a1)
        sc.w    a5, x0, (a1)
        EXPECT  a3, 0x12121212
        EXPECT  a5, 0
        lw      a4, 0(a1)
        EXPECT  a4, 0

        /* ---- atomic increment with a bounded retry loop ---- */
        TNUM 18
        la      a1, lr_a
        li      s1, 0                           /* increments done */
        li      s2, 100                         /* retry budget */
.Linc:  lr.w    a3, (a1)
        addi    a3, a3, 1
        sc.w    a5, a3, (a1)
        beqz    a5, .Linc_ok
        addi    s2, s2, -1
        bnez    s2, .Linc
        j       fail
.Linc_ok:
        addi    s1, s1, 1
        li      t0, 5
        bne     s1, t0, .Linc
        lw      a4, 0(a1)
        EXPECT  a4, 5

        /* ---- lr_b's neighbours were never written ---- */
        CHECK_MEMW 19, lr_b-4, 0x5a5a5a5a
        CHECK_MEMW 20, lr_b+4, 0x5a5a5a5a

        TEST_END

        .data
        .balign 64
lr_a:   .word   0xa0a0a0a0
        .balign 256
        .word   0x5a5a5a5a
lr_b:   .word   0xb0b0b0b0
        .word   0x5a5a5a5a
