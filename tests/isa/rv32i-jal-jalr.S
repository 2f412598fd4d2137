/*
 * rv32i-jal-jalr.S - jal and jalr.
 * Link values (rd = address of the jump + 4), jumps forwards and
 * backwards, rd = x0 (j / jr), jalr with positive/negative/extreme offsets,
 * jalr clearing bit 0 of an odd target, jalr with rd == rs1 (the target is
 * computed from the old rs1), and call/return nesting.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- jal: forward, link value ---- */
        TNUM 2
        li      ra, 0
.Ljal1: jal     ra, .Ljal1_t
        j       fail
.Ljal1_t:
        la      a4, .Ljal1+4
        FAIL_NE ra, a4

        /* ---- jal: backward, with a register other than ra ---- */
        TNUM 3
        li      t5, 0
        j       .Ljal2
.Ljal2_t:
        addi    t5, t5, 1
        j       .Ljal2_done
.Ljal2: jal     s1, .Ljal2_t                    /* backward */
        j       fail
.Ljal2_done:
        la      a4, .Ljal2+4
        FAIL_NE s1, a4
        EXPECT  t5, 1

        /* ---- jal x0 (j): no link written ---- */
        TNUM 4
        li      a3, 0
        jal     x0, 1f
        li      a3, 1                           /* skipped */
1:      FAIL_NE x0, zero
        EXPECT  a3, 0

        /* ---- jal with x31 as link register ---- */
        TNUM 5
.Ljal5: jal     x31, 1f
        j       fail
1:      la      a4, .Ljal5+4
        FAIL_NE x31, a4

        /* ---- jal with offset 4 (next instruction) ---- */
        TNUM 6
.Ljal6: jal     a3, .Ljal6+4
        la      a4, .Ljal6+4
        FAIL_NE a3, a4

        /* ---- jalr: offset 0, link value ---- */
        TNUM 7
        la      t0, .Ljr7_t
.Ljr7:  jalr    ra, 0(t0)
        j       fail
.Ljr7_t:
        la      a4, .Ljr7+4
        FAIL_NE ra, a4

        /* ---- jalr: positive offset (base below the target) ---- */
        TNUM 8
        la      t0, .Ljr8_t-16
        jalr    a5, 16(t0)
        j       fail
.Ljr8_t:

        /* ---- jalr: negative offset ---- */
        TNUM 9
        la      t0, .Ljr9_t+24
        jalr    a5, -24(t0)
        j       fail
.Ljr9_t:

        /* ---- jalr: offset +2047 with an odd sum (bit 0 cleared) ---- */
        TNUM 10
        la      t0, .Ljr10_t-2046               /* t0 + 2047 = target + 1 */
        jalr    a5, 2047(t0)
        j       fail
.Ljr10_t:

        /* ---- jalr: offset -2048 ---- */
        TNUM 11
        la      t0, .Ljr11_t+2048
        jalr    a5, -2048(t0)
        j       fail
.Ljr11_t:

        /* ---- jalr: odd base, offset 0: bit 0 of the target cleared ---- */
        TNUM 12
        la      t0, .Ljr12_t+1
        jalr    a5, 0(t0)
        j       fail
.Ljr12_t:

        /* ---- jalr: even base, offset +1 ---- */
        TNUM 13
        la      t0, .Ljr13_t
        jalr    a5, 1(t0)
        j       fail
.Ljr13_t:

        /* ---- jalr: odd base, offset -1: sum is exact ---- */
        TNUM 14
        la      t0, .Ljr14_t+1
        jalr    a5, -1(t0)
        j       fail
.Ljr14_t:

        /* ---- jalr rd == rs1: target uses the old value ---- */
        TNUM 15
        la      t0, .Ljr15_t
.Ljr15: jalr    t0, 0(t0)
        j       fail
.Ljr15_t:
        la      a4, .Ljr15+4
        FAIL_NE t0, a4

        /* ---- jalr x0 (jr): no link, backward target ---- */
        TNUM 16
        li      t5, 0
        j       .Ljr16
.Ljr16_t:
        addi    t5, t5, 1
        j       .Ljr16_done
.Ljr16: la      t0, .Ljr16_t
        jalr    x0, 0(t0)
        j       fail
.Ljr16_done:
        EXPECT  t5, 1
        FAIL_NE x0, zero

        /* ---- jalr: link value of a backward jump ---- */
        TNUM 17
        j       .Ljr17_la
.Ljr17_t:
        la      a4, .Ljr17+4
        FAIL_NE s2, a4
        j       .Ljr17_done
.Ljr17_la:
        la      t1, .Ljr17_t
.Ljr17: jalr    s2, 0(t1)
        j       fail
.Ljr17_done:

        /* ---- call / ret, two levels deep ---- */
        TNUM 18
        li      a3, 0
        call    func_outer                      /* a3 = (0 + 1) * 2 + 1 */
        EXPECT  a3, 3
        j       .Lcall_done
func_outer:
        mv      s3, ra
        addi    a3, a3, 1
        jal     ra, func_inner
        addi    a3, a3, 1
        mv      ra, s3
        ret
func_inner:
        slli    a3, a3, 1
        jalr    x0, 0(ra)
.Lcall_done:

        /* ---- jalr via a table of addresses (computed jump) ---- */
        TNUM 19
        li      a3, 0
        li      s4, 0                           /* index 0..2 */
.Ltab_loop:
        la      t0, .Ljtab
        slli    t1, s4, 2
        add     t0, t0, t1
        lw      t0, 0(t0)
        jalr    ra, 0(t0)
        addi    s4, s4, 1
        li      t1, 3
        bne     s4, t1, .Ltab_loop
        EXPECT  a3, 0x321
        j       .Ltab_done
.Lcase0: addi   a3, a3, 0x001
        ret
.Lcase1: addi   a3, a3, 0x020
        ret
.Lcase2: addi   a3, a3, 0x300
        ret
.Ltab_done:

        TEST_END

        .data
        .balign 4
.Ljtab: .word   .Lcase0, .Lcase1, .Lcase2
