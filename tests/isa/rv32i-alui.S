/*
 * rv32i-alui.S - RV32I register-immediate ALU instructions:
 *   addi slti sltiu xori ori andi slli srli srai
 * Covers 12-bit immediates at their extremes (-2048, 2047, -1, 0) and their
 * sign extension, shift amounts 0/1/31, rd == rs1, x0 as destination and
 * source, and a write/read-back of every register x1..x31.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- addi ---- */
        CHECK_RI     2, addi, 0x00000000, 0x00000000, 0
        CHECK_RI     3, addi, 0x00000002, 0x00000001, 1
        CHECK_RI     4, addi, 0x000007ff, 0x00000000, 2047
        CHECK_RI     5, addi, 0xfffff800, 0x00000000, -2048
        CHECK_RI     6, addi, 0x800007fe, 0x7fffffff, 2047
        CHECK_RI     7, addi, 0x7ffff800, 0x80000000, -2048
        CHECK_RI     8, addi, 0x00000000, 0xffffffff, 1
        CHECK_RI     9, addi, 0xfffffffe, 0xffffffff, -1
        CHECK_RI    10, addi, 0x80000000, 0x7fffffff, 1
        CHECK_RI    11, addi, 0x7fffffff, 0x80000000, -1
        CHECK_RI_D1 12, addi, 24, 13, 11
        CHECK_RI_ZD 13, addi, 0x12345678, 5
        CHECK_RI_Z1 14, addi, 0xfffff800, -2048
        CHECK_RI_Z1 15, addi, 0x000007ff, 2047

        /* ---- slti (signed compare with sign-extended imm) ---- */
        CHECK_RI    16, slti, 0, 0x00000000, 0
        CHECK_RI    17, slti, 1, 0x00000000, 1
        CHECK_RI    18, slti, 0, 0x00000000, -1
        CHECK_RI    19, slti, 1, 0xffffffff, 0
        CHECK_RI    20, slti, 1, 0x80000000, -2048
        CHECK_RI    21, slti, 0, 0x7fffffff, 2047
        CHECK_RI    22, slti, 1, 0xfffff7ff, -2048    /* -2049 < -2048 */
        CHECK_RI    23, slti, 0, 0xfffff800, -2048    /* equal */
        CHECK_RI    24, slti, 1, 0x000007fe, 2047
        CHECK_RI_D1 25, slti, 1, -3, -2
        CHECK_RI_ZD 26, slti, 1, 2
        CHECK_RI_Z1 27, slti, 0, -1

        /* ---- sltiu (imm sign-extended, then compared unsigned) ---- */
        CHECK_RI    28, sltiu, 0, 0x00000000, 0
        CHECK_RI    29, sltiu, 1, 0x00000000, 1               /* seqz */
        CHECK_RI    30, sltiu, 0, 0x00000001, 1
        CHECK_RI    31, sltiu, 1, 0x00000000, -1              /* 0 < 0xffffffff */
        CHECK_RI    32, sltiu, 1, 0xfffffffe, -1
        CHECK_RI    33, sltiu, 0, 0xffffffff, -1
        CHECK_RI    34, sltiu, 1, 0x7fffffff, -2048           /* < 0xfffff800 */
        CHECK_RI    35, sltiu, 0, 0xfffff800, -2048
        CHECK_RI    36, sltiu, 0, 0x80000000, 2047
        CHECK_RI    37, sltiu, 1, 0x000007fe, 2047
        CHECK_RI_D1 38, sltiu, 1, 5, -5
        CHECK_RI_ZD 39, sltiu, 0, 1
        CHECK_RI_Z1 40, sltiu, 1, 1

        /* ---- xori ---- */
        CHECK_RI    41, xori, 0xff00f00f, 0x00ff0f0f, -256     /* imm 0xf00 -> 0xffffff00 */
        CHECK_RI    42, xori, 0x0ff00ff0, 0x0ff00f0f, 0x0ff
        CHECK_RI    43, xori, 0xedcba987, 0x12345678, -1       /* not */
        CHECK_RI    44, xori, 0xfffff8ff, 0x000000ff, -2048
        CHECK_RI    45, xori, 0x800007ff, 0x80000000, 2047
        CHECK_RI_D1 46, xori, 0x00ff0ff0, 0x00ff0f0f, 0x0ff
        CHECK_RI_ZD 47, xori, 0x12345678, -1
        CHECK_RI_Z1 48, xori, 0xfffff800, -2048

        /* ---- ori ---- */
        CHECK_RI    49, ori, 0xffffff0f, 0x00ff0f0f, -256
        CHECK_RI    50, ori, 0x0ff00fff, 0x0ff00f0f, 0x0ff
        CHECK_RI    51, ori, 0xffffffff, 0x12345678, -1
        CHECK_RI    52, ori, 0xfffff8ff, 0x000000ff, -2048
        CHECK_RI    53, ori, 0x800007ff, 0x80000000, 2047
        CHECK_RI_D1 54, ori, 0x00ff0fff, 0x00ff0f0f, 0x0ff
        CHECK_RI_ZD 55, ori, 0x12345678, -1
        CHECK_RI_Z1 56, ori, 0x000007ff, 2047

        /* ---- andi ---- */
        CHECK_RI    57, andi, 0x00ff0f00, 0x00ff0f0f, -256
        CHECK_RI    58, andi, 0x0000000f, 0x0ff00f0f, 0x0ff
        CHECK_RI    59, andi, 0x12345678, 0x12345678, -1
        CHECK_RI    60, andi, 0x12345000, 0x12345678, -2048
        CHECK_RI    61, andi, 0x00000678, 0x12345678, 2047
        CHECK_RI    62, andi, 0x00000000, 0x12345678, 0
        CHECK_RI_D1 63, andi, 0x0000000f, 0x00ff0f0f, 0x0ff
        CHECK_RI_ZD 64, andi, 0x12345678, -1
        CHECK_RI_Z1 65, andi, 0, -1

        /* ---- slli ---- */
        CHECK_RI    66, slli, 0x00000001, 0x00000001, 0
        CHECK_RI    67, slli, 0x00000002, 0x00000001, 1
        CHECK_RI    68, slli, 0x80000000, 0x00000001, 31
        CHECK_RI    69, slli, 0xffffff80, 0xffffffff, 7
        CHECK_RI    70, slli, 0x48484000, 0x21212121, 14
        CHECK_RI    71, slli, 0x80000000, 0x21212121, 31
        CHECK_RI_D1 72, slli, 0x00000080, 0x00000001, 7
        CHECK_RI_ZD 73, slli, 0x00000001, 5
        CHECK_RI_Z1 74, slli, 0, 31

        /* ---- srli ---- */
        CHECK_RI    75, srli, 0x80000000, 0x80000000, 0
        CHECK_RI    76, srli, 0x40000000, 0x80000000, 1
        CHECK_RI    77, srli, 0x00000001, 0x80000000, 31
        CHECK_RI    78, srli, 0x01ffffff, 0xffffffff, 7
        CHECK_RI    79, srli, 0x00008484, 0x21212121, 14
        CHECK_RI    80, srli, 0x00000001, 0xffffffff, 31
        CHECK_RI_D1 81, srli, 0x01000000, 0x80000000, 7
        CHECK_RI_ZD 82, srli, 0x80000000, 1
        CHECK_RI_Z1 83, srli, 0, 31

        /* ---- srai ---- */
        CHECK_RI    84, srai, 0x80000000, 0x80000000, 0
        CHECK_RI    85, srai, 0xc0000000, 0x80000000, 1
        CHECK_RI    86, srai, 0xffffffff, 0x80000000, 31
        CHECK_RI    87, srai, 0x00000000, 0x7fffffff, 31
        CHECK_RI    88, srai, 0x3fffffff, 0x7fffffff, 1
        CHECK_RI    89, srai, 0xff030303, 0x81818181, 7
        CHECK_RI    90, srai, 0xfffe0606, 0x81818181, 14
        CHECK_RI    91, srai, 0x00030303, 0x01818181, 7
        CHECK_RI_D1 92, srai, 0xff000000, 0x80000000, 7
        CHECK_RI_ZD 93, srai, 0x80000000, 1
        CHECK_RI_Z1 94, srai, 0, 31

        /* ---- nop / hint forms with rd = x0 must not disturb anything ---- */
        TNUM 95
        li      a1, 77
        nop                                     /* addi x0, x0, 0 */
        addi    x0, x0, 1
        addi    x0, a1, -1
        FAIL_NE x0, zero
        EXPECT  a1, 77

        /* ---- every register x1..x31 holds its own value ---- */
        /* x(r) = (r << 24) | (r << 12) | (r << 2). Each register then peels
         * its own value off and must reach zero. gp is among them, so a
         * failure goes through a stub that sets the test number. */
        TNUM 96
        .irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
        li      x\r, ((\r<<24)|(\r<<12)|(\r<<2))
        .endr
        .irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
        addi    x\r, x\r, -(\r<<2)
        srli    x\r, x\r, 12
        addi    x\r, x\r, -\r
        srli    x\r, x\r, 12
        addi    x\r, x\r, -\r
        bnez    x\r, regfile_fail
        .endr
        bnez    x0, regfile_fail
        j       regfile_ok
regfile_fail:
        li      gp, 96
        j       fail
regfile_ok:

        TEST_END
