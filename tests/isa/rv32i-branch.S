/*
 * rv32i-branch.S - conditional branches: beq bne blt bge bltu bgeu.
 * Every "taken" check branches forwards and then backwards; every
 * "not taken" check has a backward and a forward target. Signed vs unsigned
 * ordering, equal operands, x0 operands, and the extreme offsets +4092 and
 * -4096 are covered.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- beq ---- */
        CHECK_BR_TAKEN  2, beq, 0, 0
        CHECK_BR_TAKEN  3, beq, 1, 1
        CHECK_BR_TAKEN  4, beq, -1, -1
        CHECK_BR_TAKEN  5, beq, 0x80000000, 0x80000000
        CHECK_BR_NOT    6, beq, 0, 1
        CHECK_BR_NOT    7, beq, 1, 0
        CHECK_BR_NOT    8, beq, -1, 1
        CHECK_BR_NOT    9, beq, 0x80000000, 0

        /* ---- bne ---- */
        CHECK_BR_TAKEN 10, bne, 0, 1
        CHECK_BR_TAKEN 11, bne, 1, 0
        CHECK_BR_TAKEN 12, bne, -1, 1
        CHECK_BR_TAKEN 13, bne, 0x80000000, 0
        CHECK_BR_NOT   14, bne, 0, 0
        CHECK_BR_NOT   15, bne, 1, 1
        CHECK_BR_NOT   16, bne, -1, -1
        CHECK_BR_NOT   17, bne, 0x80000000, 0x80000000

        /* ---- blt (signed) ---- */
        CHECK_BR_TAKEN 18, blt, 0, 1
        CHECK_BR_TAKEN 19, blt, -1, 1
        CHECK_BR_TAKEN 20, blt, -2, -1
        CHECK_BR_TAKEN 21, blt, 0x80000000, 0x7fffffff
        CHECK_BR_TAKEN 22, blt, 0x80000000, 0
        CHECK_BR_NOT   23, blt, 1, 0
        CHECK_BR_NOT   24, blt, 1, -1
        CHECK_BR_NOT   25, blt, -1, -2
        CHECK_BR_NOT   26, blt, 0x7fffffff, 0x80000000
        CHECK_BR_NOT   27, blt, 5, 5                    /* equal: not less */
        CHECK_BR_NOT   28, blt, 0x80000000, 0x80000000

        /* ---- bge (signed) ---- */
        CHECK_BR_TAKEN 29, bge, 0, 0                    /* equal: taken */
        CHECK_BR_TAKEN 30, bge, 1, 0
        CHECK_BR_TAKEN 31, bge, 1, -1
        CHECK_BR_TAKEN 32, bge, -1, -2
        CHECK_BR_TAKEN 33, bge, 0x7fffffff, 0x80000000
        CHECK_BR_TAKEN 34, bge, -1, -1
        CHECK_BR_NOT   35, bge, 0, 1
        CHECK_BR_NOT   36, bge, -1, 1
        CHECK_BR_NOT   37, bge, -2, -1
        CHECK_BR_NOT   38, bge, 0x80000000, 0x7fffffff

        /* ---- bltu (unsigned) ---- */
        CHECK_BR_TAKEN 39, bltu, 0, 1
        CHECK_BR_TAKEN 40, bltu, 1, -1                  /* 1 < 0xffffffff */
        CHECK_BR_TAKEN 41, bltu, 0x7fffffff, 0x80000000
        CHECK_BR_TAKEN 42, bltu, 0xfffffffe, 0xffffffff
        CHECK_BR_NOT   43, bltu, 1, 0
        CHECK_BR_NOT   44, bltu, -1, 1
        CHECK_BR_NOT   45, bltu, 0x80000000, 0x7fffffff
        CHECK_BR_NOT   46, bltu, 7, 7

        /* ---- bgeu (unsigned) ---- */
        CHECK_BR_TAKEN 47, bgeu, 0, 0
        CHECK_BR_TAKEN 48, bgeu, 1, 0
        CHECK_BR_TAKEN 49, bgeu, -1, 1
        CHECK_BR_TAKEN 50, bgeu, 0x80000000, 0x7fffffff
        CHECK_BR_TAKEN 51, bgeu, 0xffffffff, 0xffffffff
        CHECK_BR_NOT   52, bgeu, 0, 1
        CHECK_BR_NOT   53, bgeu, 1, -1
        CHECK_BR_NOT   54, bgeu, 0x7fffffff, 0x80000000
        CHECK_BR_NOT   55, bgeu, 0xfffffffe, 0xffffffff

        /* ---- x0 operands ---- */
        TNUM 56
        li      a1, 0
        beq     x0, x0, 1f
        j       fail
1:      beq     a1, x0, 1f
        j       fail
1:      bne     x0, x0, x0_fail
        bltu    a1, x0, x0_fail                /* nothing is < 0 unsigned */
        bltu    x0, x0, x0_fail
        bgeu    a1, x0, 1f                      /* everything is >= 0 */
        j       fail
1:      li      a1, -1
        blt     a1, x0, 1f
        j       fail
1:      bge     x0, a1, 1f
        j       fail
1:      bge     a1, x0, x0_fail
        blt     x0, x0, x0_fail
        bge     x0, x0, 1f
        j       fail
x0_fail:
        j       fail                            /* forward target for test 56 */
1:

        /* ---- branches do not write any register ---- */
        TNUM 57
        li      a1, 3
        li      a2, 3
        beq     a1, a2, 1f
        j       fail
1:      EXPECT  a1, 3
        EXPECT  a2, 3

        /* ---- extreme offsets: +4092 forward and -4096 backward ---- */
        TNUM 58
        li      t5, 0
.Lfar_fwd_br:
        /* .insn: the assembler must not turn an out-of-range branch
         * into a branch + jal pair behind our back */
        .insn b BRANCH, 0, x0, x0, .Lfar_fwd_target     /* beq, +4092 */
        .rept 1022
        j       fail
        .endr
.Lfar_fwd_target:
        addi    t5, t5, 1
        j       .Lfar_back_br

.Lfar_back_target:                              /* = .Lfar_back_br - 4096 */
        addi    t5, t5, 1
        j       .Lfar_done
        .rept 1022
        j       fail
        .endr
.Lfar_back_br:
        .insn b BRANCH, 7, t5, x0, .Lfar_back_target    /* bgeu, -4096 */
        j       fail
.Lfar_done:
        EXPECT  t5, 2

        /* ---- a taken branch in a loop: count down 10 -> 0 ---- */
        TNUM 59
        li      a1, 10
        li      a3, 0
1:      addi    a3, a3, 3
        addi    a1, a1, -1
        bnez    a1, 1b
        EXPECT  a3, 30

        TEST_END
