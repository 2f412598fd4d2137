/*
 * rv32a-amo.S - every AMO of RV32A:
 *   amoswap.w amoadd.w amoxor.w amoand.w amoor.w
 *   amomin.w amomax.w amominu.w amomaxu.w
 * Each returns the old memory word in rd and stores op(old, rs2). Also the
 * .aq/.rl/.aqrl forms, rd = x0, rd == rs2, rd == rs1, rs2 = x0, and that
 * neighbouring words are not touched.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- amoswap.w ---- */
        CHECK_AMO  2, amoswap.w,      0x11112222, 0xaaaabbbb, 0x11112222, amo_w
        CHECK_AMO  3, amoswap.w.aq,   0x00000000, 0xffffffff, 0x00000000, amo_w
        CHECK_AMO  4, amoswap.w.rl,   0x80000000, 0x7fffffff, 0x80000000, amo_w
        CHECK_AMO  5, amoswap.w.aqrl, 0x12345678, 0x12345678, 0x12345678, amo_w

        /* ---- amoadd.w ---- */
        CHECK_AMO  6, amoadd.w,       0x33333333, 0x11111111, 0x22222222, amo_w
        CHECK_AMO  7, amoadd.w,       0x80000000, 0x7fffffff, 0x00000001, amo_w
        CHECK_AMO  8, amoadd.w.aq,    0x00000000, 0xffffffff, 0x00000001, amo_w
        CHECK_AMO  9, amoadd.w.rl,    0xfffffffe, 0xffffffff, 0xffffffff, amo_w
        CHECK_AMO 10, amoadd.w.aqrl,  0x00000000, 0x80000000, 0x80000000, amo_w

        /* ---- amoxor.w ---- */
        CHECK_AMO 11, amoxor.w,       0xf0f0f0f0, 0xff00ff00, 0x0ff00ff0, amo_w
        CHECK_AMO 12, amoxor.w.aq,    0x00000000, 0x5a5a5a5a, 0x5a5a5a5a, amo_w
        CHECK_AMO 13, amoxor.w.aqrl,  0xedcba987, 0x12345678, 0xffffffff, amo_w

        /* ---- amoand.w ---- */
        CHECK_AMO 14, amoand.w,       0x0f000f00, 0xff00ff00, 0x0ff00ff0, amo_w
        CHECK_AMO 15, amoand.w.rl,    0x00000000, 0xffffffff, 0x00000000, amo_w
        CHECK_AMO 16, amoand.w.aqrl,  0x12345678, 0x12345678, 0xffffffff, amo_w

        /* ---- amoor.w ---- */
        CHECK_AMO 17, amoor.w,        0xfff0fff0, 0xff00ff00, 0x0ff00ff0, amo_w
        CHECK_AMO 18, amoor.w.aq,     0x12345678, 0x12345678, 0x00000000, amo_w
        CHECK_AMO 19, amoor.w.rl,     0xffffffff, 0x00000000, 0xffffffff, amo_w

        /* ---- amomin.w (signed) ---- */
        CHECK_AMO 20, amomin.w,       0x80000000, 0x80000000, 0x00000001, amo_w
        CHECK_AMO 21, amomin.w,       0x80000000, 0x00000001, 0x80000000, amo_w
        CHECK_AMO 22, amomin.w.aq,    0xffffffff, 0x00000005, 0xffffffff, amo_w
        CHECK_AMO 23, amomin.w.rl,    0x00000003, 0x00000003, 0x00000003, amo_w
        CHECK_AMO 24, amomin.w.aqrl,  0x80000000, 0x7fffffff, 0x80000000, amo_w
        CHECK_AMO 25, amomin.w,       0xfffffffe, 0xfffffffe, 0xffffffff, amo_w

        /* ---- amomax.w (signed) ---- */
        CHECK_AMO 26, amomax.w,       0x00000001, 0x80000000, 0x00000001, amo_w
        CHECK_AMO 27, amomax.w,       0x00000001, 0x00000001, 0x80000000, amo_w
        CHECK_AMO 28, amomax.w.aq,    0x00000005, 0x00000005, 0xffffffff, amo_w
        CHECK_AMO 29, amomax.w.rl,    0xffffffff, 0xfffffffe, 0xffffffff, amo_w
        CHECK_AMO 30, amomax.w.aqrl,  0x7fffffff, 0x7fffffff, 0x80000000, amo_w

        /* ---- amominu.w (unsigned) ---- */
        CHECK_AMO 31, amominu.w,      0x00000001, 0x80000000, 0x00000001, amo_w
        CHECK_AMO 32, amominu.w,      0x00000005, 0x00000005, 0xffffffff, amo_w
        CHECK_AMO 33, amominu.w.aq,   0x00000000, 0x00000000, 0x12345678, amo_w
        CHECK_AMO 34, amominu.w.rl,   0x7fffffff, 0x7fffffff, 0x80000000, amo_w
        CHECK_AMO 35, amominu.w.aqrl, 0xfffffffe, 0xffffffff, 0xfffffffe, amo_w

        /* ---- amomaxu.w (unsigned) ---- */
        CHECK_AMO 36, amomaxu.w,      0x80000000, 0x80000000, 0x00000001, amo_w
        CHECK_AMO 37, amomaxu.w,      0xffffffff, 0x00000005, 0xffffffff, amo_w
        CHECK_AMO 38, amomaxu.w.aq,   0x12345678, 0x00000000, 0x12345678, amo_w
        CHECK_AMO 39, amomaxu.w.rl,   0x80000000, 0x7fffffff, 0x80000000, amo_w
        CHECK_AMO 40, amomaxu.w.aqrl, 0xffffffff, 0xffffffff, 0xfffffffe, amo_w

        /* ---- rd = x0: memory still updated ---- */
        TNUM 41
        la      a1, amo_w
        li      a4, 100
        sw      a4, 0(a1)
        li      a2, 23
        amoadd.w x0, a2, (a1)
        FAIL_NE x0, zero
        lw      a4, 0(a1)
        EXPECT  a4, 123

        /* ---- rd == rs2: rd gets the old word, memory the old rs2 ---- */
        TNUM 42
        la      a1, amo_w
        li      a4, 0x0badf00d
        sw      a4, 0(a1)
        li      a2, 0x600dcafe
        amoswap.w a2, a2, (a1)
        EXPECT  a2, 0x0badf00d
        lw      a4, 0(a1)
        EXPECT  a4, 0x600dcafe
        TNUM 43
        li      a2, 0x00000010
        amoadd.w a2, a2, (a1)
        EXPECT  a2, 0x600dcafe
        lw      a4, 0(a1)
        EXPECT  a4, 0x600dcb0e

        /* ---- rd == rs1: the address is used before rd is written ---- */
        TNUM 44
        la      a1, amo_w
        mv      a5, a1
        li      a4, 7
        sw      a4, 0(a1)
        li      a2, 5
        amoadd.w a1, a2, (a1)
        EXPECT  a1, 7
        lw      a4, 0(a5)
        EXPECT  a4, 12

        /* ---- rs2 = x0 ---- */
        TNUM 45
        la      a1, amo_w
        li      a4, 0x13579bdf
        sw      a4, 0(a1)
        amoor.w a3, x0, (a1)                    /* atomic read */
        EXPECT  a3, 0x13579bdf
        lw      a4, 0(a1)
        EXPECT  a4, 0x13579bdf
        TNUM 46
        amoswap.w a3, x0, (a1)                  /* atomic clear */
        EXPECT  a3, 0x13579bdf
        lw      a4, 0(a1)
        EXPECT  a4, 0

        /* ---- a run of amoadd accumulates ---- */
        TNUM 47
        la      a1, amo_w
        sw      x0, 0(a1)
        li      a2, 3
        li      t0, 10
1:      amoadd.w a3, a2, (a1)
        addi    t0, t0, -1
        bnez    t0, 1b
        EXPECT  a3, 27                          /* value before the last add */
        lw      a4, 0(a1)
        EXPECT  a4, 30

        /* ---- AMOs on the words next to amo_w, then the guards ---- */
        TNUM 48
        la      a1, amo_w
        li      a2, 0x01010101
        addi    a5, a1, -4                      /* AMOs take no offset */
        amoadd.w a3, a2, (a5)
        EXPECT  a3, 0x55555555
        TNUM 49
        addi    a5, a1, 4
        amoxor.w a3, a2, (a5)
        EXPECT  a3, 0x66666666
        CHECK_MEMW 50, amo_w-4, 0x56565656
        CHECK_MEMW 51, amo_w,   0x0000001e
        CHECK_MEMW 52, amo_w+4, 0x67676767

        TEST_END

        .data
        .balign 16
        .word   0x55555555
amo_w:  .word   0
        .word   0x66666666
