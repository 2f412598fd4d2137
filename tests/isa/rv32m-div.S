/*
 * rv32m-div.S - div divu rem remu.
 * Signed division truncates toward zero and the remainder takes the sign
 * of the dividend. Corner cases (no trap in RISC-V):
 *   x / 0:               div -> -1, divu -> 0xffffffff, rem/remu -> x
 *   INT_MIN / -1:        div -> INT_MIN, rem -> 0 (signed overflow)
 */
#include "test.h"

        TEST_BEGIN

        /* ---- div ---- */
        CHECK_RR     2, div, 3, 20, 6
        CHECK_RR     3, div, -3, -20, 6
        CHECK_RR     4, div, -3, 20, -6
        CHECK_RR     5, div, 3, -20, -6
        CHECK_RR     6, div, 0, 3, 7
        CHECK_RR     7, div, 0, -3, 7
        CHECK_RR     8, div, -7, 7, -1
        CHECK_RR     9, div, 0x80000000, 0x80000000, 1
        CHECK_RR    10, div, 0xc0000000, 0x80000000, 2
        CHECK_RR    11, div, 0x80000000, 0x80000000, -1       /* overflow */
        CHECK_RR    12, div, 0xffffffff, 0x12345678, 0        /* by zero */
        CHECK_RR    13, div, 0xffffffff, 0x00000000, 0
        CHECK_RR    14, div, 0xffffffff, 0x80000000, 0
        CHECK_RR    15, div, 0xffffffff, 0xfffffff0, 0        /* -16 / 0 */
        CHECK_RR    16, div, 0x00000001, 0x7fffffff, 0x7fffffff
        CHECK_RR    17, div, 0xffffffff, 0x80000001, 0x7fffffff
        CHECK_RR    18, div, 0x00000000, 0x7fffffff, 0x80000000
        CHECK_RR_D1 19, div, 5, 55, 11
        CHECK_RR_D2 20, div, -5, -55, 11
        CHECK_RR_D12 21, div, 1, -13
        CHECK_RR_ZD 22, div, 55, 11
        CHECK_RR_Z1 23, div, 0, 11
        CHECK_RR_Z2 24, div, 0xffffffff, 11                   /* x / x0 */

        /* ---- divu ---- */
        CHECK_RR    25, divu, 3, 20, 6
        CHECK_RR    26, divu, 0x2aaaaaa7, -20, 6              /* 0xffffffec / 6 */
        CHECK_RR    27, divu, 0, 20, -6
        CHECK_RR    28, divu, 0, 0x80000000, 0xffffffff
        CHECK_RR    29, divu, 1, 0xffffffff, 0xffffffff
        CHECK_RR    30, divu, 0xffffffff, 0xffffffff, 1
        CHECK_RR    31, divu, 0x40000000, 0x80000000, 2
        CHECK_RR    32, divu, 0xffffffff, 0x12345678, 0       /* by zero */
        CHECK_RR    33, divu, 0xffffffff, 0x00000000, 0
        CHECK_RR    34, divu, 0x00000002, 0xfffffffe, 0x7fffffff
        CHECK_RR_D1 35, divu, 5, 55, 11
        CHECK_RR_D2 36, divu, 0x1745d16f, -55, 11            /* 4294967241 / 11 */
        CHECK_RR_D12 37, divu, 1, -13
        CHECK_RR_ZD 38, divu, 55, 11
        CHECK_RR_Z1 39, divu, 0, 11
        CHECK_RR_Z2 40, divu, 0xffffffff, 11

        /* ---- rem ---- */
        CHECK_RR    41, rem, 2, 20, 6
        CHECK_RR    42, rem, -2, -20, 6
        CHECK_RR    43, rem, 2, 20, -6
        CHECK_RR    44, rem, -2, -20, -6
        CHECK_RR    45, rem, 3, 3, 7
        CHECK_RR    46, rem, -3, -3, 7
        CHECK_RR    47, rem, -1, -7, 2
        CHECK_RR    48, rem, 0, 0x80000000, 2
        CHECK_RR    49, rem, 0, 0x80000000, -1                /* overflow */
        CHECK_RR    50, rem, 0x12345678, 0x12345678, 0        /* by zero */
        CHECK_RR    51, rem, 0x80000000, 0x80000000, 0
        CHECK_RR    52, rem, 0xfffffff0, 0xfffffff0, 0
        CHECK_RR    53, rem, 0x00000000, 0x00000000, 0
        CHECK_RR    54, rem, 0xffffffff, 0x80000000, 0x7fffffff
        CHECK_RR    55, rem, 0x7fffffff, 0x7fffffff, 0x80000000
        CHECK_RR_D1 56, rem, 1, 56, 11
        CHECK_RR_D2 57, rem, -1, -56, 11
        CHECK_RR_D12 58, rem, 0, -13
        CHECK_RR_ZD 59, rem, 56, 11
        CHECK_RR_Z1 60, rem, 0, 11
        CHECK_RR_Z2 61, rem, 0xfffffff3, -13                 /* x % x0 = x */

        /* ---- remu ---- */
        CHECK_RR    62, remu, 2, 20, 6
        CHECK_RR    63, remu, 2, -20, 6                       /* 0xffffffec % 6 */
        CHECK_RR    64, remu, 20, 20, -6
        CHECK_RR    65, remu, 0x80000000, 0x80000000, 0xffffffff
        CHECK_RR    66, remu, 0, 0xffffffff, 0xffffffff
        CHECK_RR    67, remu, 0xf, 0xffffffff, 0x10
        CHECK_RR    68, remu, 0x12345678, 0x12345678, 0       /* by zero */
        CHECK_RR    69, remu, 0xffffffff, 0xffffffff, 0
        CHECK_RR    70, remu, 0x00000000, 0xfffffffe, 0x7fffffff
        CHECK_RR_D1 71, remu, 1, 56, 11
        CHECK_RR_D2 72, remu, 3, -56, 11                      /* 4294967240 % 11 */
        CHECK_RR_D12 73, remu, 0, -13
        CHECK_RR_ZD 74, remu, 56, 11
        CHECK_RR_Z1 75, remu, 0, 11
        CHECK_RR_Z2 76, remu, 0xfffffff3, -13

        /* ---- quotient * divisor + remainder == dividend ---- */
        TNUM 77
        li      a1, 0x9abcdef0
        li      a2, 0x00012345
        div     a3, a1, a2
        rem     a4, a1, a2
        mul     a5, a3, a2
        add     a5, a5, a4
        FAIL_NE a5, a1
        TNUM 78
        divu    a3, a1, a2
        remu    a4, a1, a2
        mul     a5, a3, a2
        add     a5, a5, a4
        FAIL_NE a5, a1

        TEST_END
