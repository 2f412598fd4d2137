/*
 * rv32i-alu.S - RV32I register-register ALU instructions:
 *   add sub sll slt sltu xor srl sra or and
 * Covers wrap-around, signed/unsigned extremes, shift amounts taken from
 * rs2[4:0] only (0, 1, 31, 32, 33, -1), rd aliasing rs1/rs2, x0 as
 * destination and as source.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- add ---- */
        CHECK_RR     2, add, 0x00000000, 0x00000000, 0x00000000
        CHECK_RR     3, add, 0x00000002, 0x00000001, 0x00000001
        CHECK_RR     4, add, 0x0000000a, 0x00000003, 0x00000007
        CHECK_RR     5, add, 0x80000000, 0x7fffffff, 0x00000001
        CHECK_RR     6, add, 0x00000000, 0xffffffff, 0x00000001
        CHECK_RR     7, add, 0x00000000, 0x80000000, 0x80000000
        CHECK_RR     8, add, 0xfffffffe, 0xffffffff, 0xffffffff
        CHECK_RR     9, add, 0x22222221, 0x12345678, 0x0fedcba9
        CHECK_RR_D1 10, add, 24, 13, 11
        CHECK_RR_D2 11, add, 25, 14, 11
        CHECK_RR_D12 12, add, 26, 13
        CHECK_RR_ZD 13, add, 0x11111111, 0x22222222
        CHECK_RR_Z1 14, add, 32, 32
        CHECK_RR_Z2 15, add, 32, 32

        /* ---- sub ---- */
        CHECK_RR    16, sub, 0x00000000, 0x00000000, 0x00000000
        CHECK_RR    17, sub, 0x00000000, 0x00000001, 0x00000001
        CHECK_RR    18, sub, 0xfffffffc, 0x00000003, 0x00000007
        CHECK_RR    19, sub, 0x7fffffff, 0x80000000, 0x00000001
        CHECK_RR    20, sub, 0x80000000, 0x00000000, 0x80000000
        CHECK_RR    21, sub, 0xffffffff, 0x00000000, 0x00000001
        CHECK_RR    22, sub, 0x80000000, 0x7fffffff, 0xffffffff
        CHECK_RR_D1 23, sub, 2, 13, 11
        CHECK_RR_D2 24, sub, 3, 14, 11
        CHECK_RR_D12 25, sub, 0, 13
        CHECK_RR_ZD 26, sub, 0x33333333, 0x11111111
        CHECK_RR_Z1 27, sub, 0xffffffe0, 32
        CHECK_RR_Z2 28, sub, 32, 32

        /* ---- sll ---- */
        CHECK_RR    29, sll, 0x00000001, 0x00000001, 0
        CHECK_RR    30, sll, 0x00000002, 0x00000001, 1
        CHECK_RR    31, sll, 0x80000000, 0x00000001, 31
        CHECK_RR    32, sll, 0xffffff80, 0xffffffff, 7
        CHECK_RR    33, sll, 0x48484000, 0x21212121, 14
        CHECK_RR    34, sll, 0x21212121, 0x21212121, 32      /* rs2[4:0] = 0 */
        CHECK_RR    35, sll, 0x42424242, 0x21212121, 33      /* rs2[4:0] = 1 */
        CHECK_RR    36, sll, 0x80000000, 0x21212121, -1      /* rs2[4:0] = 31 */
        CHECK_RR    37, sll, 0x21212121, 0x21212121, 0xffffffe0
        CHECK_RR_D1 38, sll, 0x00000080, 0x00000001, 7
        CHECK_RR_D2 39, sll, 0x00004000, 0x00000001, 14
        CHECK_RR_D12 40, sll, 0x00000018, 3            /* 3 << 3 */
        CHECK_RR_ZD 41, sll, 0x00000001, 5
        CHECK_RR_Z1 42, sll, 0, 5
        CHECK_RR_Z2 43, sll, 0x87654321, 0x87654321

        /* ---- srl ---- */
        CHECK_RR    44, srl, 0x80000000, 0x80000000, 0
        CHECK_RR    45, srl, 0x40000000, 0x80000000, 1
        CHECK_RR    46, srl, 0x00000001, 0x80000000, 31
        CHECK_RR    47, srl, 0x01ffffff, 0xffffffff, 7
        CHECK_RR    48, srl, 0x00008484, 0x21212121, 14
        CHECK_RR    49, srl, 0x40000000, 0x80000000, 33      /* rs2[4:0] = 1 */
        CHECK_RR    50, srl, 0x00000001, 0xffffffff, -1      /* rs2[4:0] = 31 */
        CHECK_RR    51, srl, 0x80000000, 0x80000000, 0xffffffe0
        CHECK_RR_D1 52, srl, 0x01000000, 0x80000000, 7
        CHECK_RR_D2 53, srl, 0x00020000, 0x80000000, 14
        CHECK_RR_D12 54, srl, 0x00000000, 7
        CHECK_RR_ZD 55, srl, 0x80000000, 1
        CHECK_RR_Z1 56, srl, 0, 5
        CHECK_RR_Z2 57, srl, 0x87654321, 0x87654321

        /* ---- sra ---- */
        CHECK_RR    58, sra, 0x80000000, 0x80000000, 0
        CHECK_RR    59, sra, 0xc0000000, 0x80000000, 1
        CHECK_RR    60, sra, 0xffffffff, 0x80000000, 31
        CHECK_RR    61, sra, 0x00000000, 0x7fffffff, 31
        CHECK_RR    62, sra, 0x3fffffff, 0x7fffffff, 1
        CHECK_RR    63, sra, 0xff030303, 0x81818181, 7
        CHECK_RR    64, sra, 0xfffe0606, 0x81818181, 14
        CHECK_RR    65, sra, 0xffffffff, 0x81818181, -1      /* rs2[4:0] = 31 */
        CHECK_RR    66, sra, 0xc0000000, 0x80000000, 33      /* rs2[4:0] = 1 */
        CHECK_RR    67, sra, 0x81818181, 0x81818181, 0xffffffe0
        CHECK_RR_D1 68, sra, 0xff000000, 0x80000000, 7
        CHECK_RR_D2 69, sra, 0xfffe0000, 0x80000000, 14
        CHECK_RR_D12 70, sra, 0xffffffff, 0xffffffff
        CHECK_RR_ZD 71, sra, 0x80000000, 1
        CHECK_RR_Z1 72, sra, 0, 5
        CHECK_RR_Z2 73, sra, 0x87654321, 0x87654321

        /* ---- slt ---- */
        CHECK_RR    74, slt, 0, 0x00000000, 0x00000000
        CHECK_RR    75, slt, 0, 0x00000001, 0x00000001
        CHECK_RR    76, slt, 1, 0x00000003, 0x00000007
        CHECK_RR    77, slt, 0, 0x00000007, 0x00000003
        CHECK_RR    78, slt, 1, 0x80000000, 0x00000000
        CHECK_RR    79, slt, 0, 0x00000000, 0x80000000
        CHECK_RR    80, slt, 0, 0x7fffffff, 0x80000000
        CHECK_RR    81, slt, 1, 0x80000000, 0x7fffffff
        CHECK_RR    82, slt, 1, 0xffffffff, 0x00000001
        CHECK_RR    83, slt, 0, 0x00000001, 0xffffffff
        CHECK_RR_D1 84, slt, 1, -5, -4
        CHECK_RR_D2 85, slt, 0, -4, -5
        CHECK_RR_D12 86, slt, 0, -3
        CHECK_RR_ZD 87, slt, 1, 2
        CHECK_RR_Z1 88, slt, 1, 0x00000001          /* 0 < 1 */
        CHECK_RR_Z2 89, slt, 1, 0xffffffff          /* -1 < 0 */

        /* ---- sltu ---- */
        CHECK_RR    90, sltu, 0, 0x00000000, 0x00000000
        CHECK_RR    91, sltu, 1, 0x00000003, 0x00000007
        CHECK_RR    92, sltu, 0, 0x80000000, 0x00000000
        CHECK_RR    93, sltu, 1, 0x7fffffff, 0x80000000
        CHECK_RR    94, sltu, 0, 0xffffffff, 0x00000001
        CHECK_RR    95, sltu, 1, 0xfffffffe, 0xffffffff
        CHECK_RR_D1 96, sltu, 0, -4, -5
        CHECK_RR_D2 97, sltu, 1, 5, -5
        CHECK_RR_ZD 98, sltu, 1, 2
        CHECK_RR_Z1 99, sltu, 1, 0x80000000         /* snez */
        CHECK_RR_Z2 100, sltu, 0, 0xffffffff

        /* ---- xor / or / and ---- */
        CHECK_RR   101, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f
        CHECK_RR   102, xor, 0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0
        CHECK_RR_D1 103, xor, 0x0ff00ff0, 0x00ff00ff, 0x0f0f0f0f
        CHECK_RR_D2 104, xor, 0x00ff00ff, 0xf00ff00f, 0xf0f0f0f0
        CHECK_RR_D12 105, xor, 0, 0x12345678
        CHECK_RR_ZD 106, xor, 1, 2

        CHECK_RR   107, or, 0xff0fff0f, 0xff00ff00, 0x0f0f0f0f
        CHECK_RR   108, or, 0xfff0fff0, 0x0ff00ff0, 0xf0f0f0f0
        CHECK_RR_D1 109, or, 0x0fff0fff, 0x00ff00ff, 0x0f0f0f0f
        CHECK_RR_D2 110, or, 0xf0fff0ff, 0xf00ff00f, 0xf0f0f0f0
        CHECK_RR_D12 111, or, 0x12345678, 0x12345678
        CHECK_RR_ZD 112, or, 1, 2

        CHECK_RR   113, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f
        CHECK_RR   114, and, 0x00f000f0, 0x0ff00ff0, 0xf0f0f0f0
        CHECK_RR_D1 115, and, 0x000f000f, 0x00ff00ff, 0x0f0f0f0f
        CHECK_RR_D2 116, and, 0xf000f000, 0xf00ff00f, 0xf0f0f0f0
        CHECK_RR_D12 117, and, 0x12345678, 0x12345678
        CHECK_RR_ZD 118, and, 3, 3

        /* ---- unusual register numbers: x1, x30, x31, x4 ---- */
        TNUM 119
        li      x1, 0x01234567
        li      x30, 0x10000001
        add     x31, x1, x30
        li      x4, 0x11234568
        FAIL_NE x31, x4
        sub     x1, x31, x1                  /* x1 = x30 */
        FAIL_NE x1, x30
        xor     x30, x30, x30
        FAIL_NE x30, zero

        TEST_END
