/*
 * rv32m-mul.S - mul mulh mulhsu mulhu.
 * mul gives the low 32 bits (same for signed and unsigned); the three high
 * forms differ in how rs1/rs2 are read: mulh signed x signed, mulhsu
 * signed rs1 x unsigned rs2, mulhu unsigned x unsigned. Every pair of
 * operands below is checked with the forms where the signs matter.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- mul ---- */
        CHECK_RR     2, mul, 0x00000000, 0x00000000, 0x00000000
        CHECK_RR     3, mul, 0x00000001, 0x00000001, 0x00000001
        CHECK_RR     4, mul, 0x00000015, 0x00000003, 0x00000007
        CHECK_RR     5, mul, 0xfffffff1, 0xfffffffd, 0x00000005    /* -3 * 5 */
        CHECK_RR     6, mul, 0x0000000f, 0xfffffffd, 0xfffffffb    /* -3 * -5 */
        CHECK_RR     7, mul, 0x00000001, 0x7fffffff, 0x7fffffff
        CHECK_RR     8, mul, 0x00000000, 0x80000000, 0x80000000
        CHECK_RR     9, mul, 0x00000001, 0xffffffff, 0xffffffff
        CHECK_RR    10, mul, 0x80000000, 0x80000000, 0xffffffff
        CHECK_RR    11, mul, 0x00000000, 0x00010000, 0x00010000
        CHECK_RR    12, mul, 0x242d2080, 0x12345678, 0x9abcdef0
        CHECK_RR    13, mul, 0x0000ff7f, 0xaaaaaaab, 0x0002fe7d
        CHECK_RR_D1 14, mul, 143, 13, 11
        CHECK_RR_D2 15, mul, 154, 14, 11
        CHECK_RR_D12 16, mul, 169, 13
        CHECK_RR_ZD 17, mul, 13, 11
        CHECK_RR_Z1 18, mul, 0, 0x12345678
        CHECK_RR_Z2 19, mul, 0, 0x12345678

        /* ---- mulh (signed x signed) ---- */
        CHECK_RR    20, mulh, 0x00000000, 0x00000000, 0x00000000
        CHECK_RR    21, mulh, 0x00000000, 0x00000003, 0x00000007
        CHECK_RR    22, mulh, 0xffffffff, 0xfffffffd, 0x00000005   /* -15 */
        CHECK_RR    23, mulh, 0x00000000, 0xfffffffd, 0xfffffffb   /* +15 */
        CHECK_RR    24, mulh, 0x3fffffff, 0x7fffffff, 0x7fffffff
        CHECK_RR    25, mulh, 0x40000000, 0x80000000, 0x80000000   /* 2^62 */
        CHECK_RR    26, mulh, 0x00000000, 0xffffffff, 0xffffffff   /* 1 */
        CHECK_RR    27, mulh, 0xffffffff, 0xffffffff, 0x00000001   /* -1 */
        CHECK_RR    28, mulh, 0x00000000, 0x80000000, 0xffffffff   /* 2^31 */
        CHECK_RR    29, mulh, 0xc0000000, 0x7fffffff, 0x80000000
        CHECK_RR    30, mulh, 0x00000001, 0x00010000, 0x00010000
        CHECK_RR    31, mulh, 0xf8cc93d6, 0x12345678, 0x9abcdef0
        CHECK_RR    32, mulh, 0xffff0081, 0xaaaaaaab, 0x0002fe7d
        CHECK_RR    33, mulh, 0x00000001, 0xfffffffe, 0x80000000
        CHECK_RR_D1 34, mulh, 0xffffffff, 0x80000000, 0x00000002
        CHECK_RR_D2 35, mulh, 0x00000001, 0x80000000, 0xfffffffe   /* 2^32 */
        CHECK_RR_D12 36, mulh, 0x40000000, 0x80000000
        CHECK_RR_ZD 37, mulh, 0x80000000, 0x80000000
        CHECK_RR_Z1 38, mulh, 0, 0x80000000
        CHECK_RR_Z2 39, mulh, 0, 0x80000000

        /* ---- mulhsu (signed rs1 x unsigned rs2) ---- */
        CHECK_RR    40, mulhsu, 0x00000000, 0x00000000, 0x00000000
        CHECK_RR    41, mulhsu, 0x00000000, 0x00000003, 0x00000007
        CHECK_RR    42, mulhsu, 0xffffffff, 0xfffffffd, 0x00000005   /* -15 */
        CHECK_RR    43, mulhsu, 0x00000004, 0x00000005, 0xfffffffd   /* 5*(2^32-3) */
        CHECK_RR    44, mulhsu, 0x3fffffff, 0x7fffffff, 0x7fffffff
        CHECK_RR    45, mulhsu, 0xc0000000, 0x80000000, 0x80000000   /* -2^62 */
        CHECK_RR    46, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff   /* -(2^32-1) */
        CHECK_RR    47, mulhsu, 0xffffffff, 0xffffffff, 0x00000001   /* -1 */
        CHECK_RR    48, mulhsu, 0x00000000, 0x00000001, 0xffffffff   /* 2^32-1 */
        CHECK_RR    49, mulhsu, 0x80000000, 0x80000000, 0xffffffff
        CHECK_RR    50, mulhsu, 0x00000001, 0x00000002, 0xffffffff
        CHECK_RR    51, mulhsu, 0xffffffff, 0xfffffffe, 0x80000000   /* -2^32 */
        CHECK_RR    52, mulhsu, 0x0b00ea4e, 0x12345678, 0x9abcdef0
        CHECK_RR    53, mulhsu, 0xf8cc93d6, 0x9abcdef0, 0x12345678
        CHECK_RR_D1 54, mulhsu, 0xffffffff, 0x80000000, 0x00000002
        CHECK_RR_D2 55, mulhsu, 0x00000001, 0x00000002, 0x80000000
        CHECK_RR_D12 56, mulhsu, 0xc0000000, 0x80000000
        CHECK_RR_ZD 57, mulhsu, 0x80000000, 0x80000000
        CHECK_RR_Z1 58, mulhsu, 0, 0xffffffff
        CHECK_RR_Z2 59, mulhsu, 0, 0xffffffff

        /* ---- mulhu (unsigned x unsigned) ---- */
        CHECK_RR    60, mulhu, 0x00000000, 0x00000000, 0x00000000
        CHECK_RR    61, mulhu, 0x00000000, 0x00000003, 0x00000007
        CHECK_RR    62, mulhu, 0x00000004, 0xfffffffd, 0x00000005
        CHECK_RR    63, mulhu, 0x3fffffff, 0x7fffffff, 0x7fffffff
        CHECK_RR    64, mulhu, 0x40000000, 0x80000000, 0x80000000
        CHECK_RR    65, mulhu, 0xfffffffe, 0xffffffff, 0xffffffff
        CHECK_RR    66, mulhu, 0x00000000, 0xffffffff, 0x00000001
        CHECK_RR    67, mulhu, 0x7fffffff, 0x80000000, 0xffffffff
        CHECK_RR    68, mulhu, 0x3fffffff, 0x7fffffff, 0x80000000
        CHECK_RR    69, mulhu, 0x00000001, 0x00010000, 0x00010000
        CHECK_RR    70, mulhu, 0x0b00ea4e, 0x12345678, 0x9abcdef0
        CHECK_RR    71, mulhu, 0x0001fefe, 0xaaaaaaab, 0x0002fe7d
        CHECK_RR    72, mulhu, 0x7fffffff, 0xfffffffe, 0x80000000
        CHECK_RR_D1 73, mulhu, 0x00000001, 0x80000000, 0x00000002
        CHECK_RR_D2 74, mulhu, 0x00000001, 0x00000002, 0x80000000
        CHECK_RR_D12 75, mulhu, 0xfffffffe, 0xffffffff
        CHECK_RR_ZD 76, mulhu, 0xffffffff, 0xffffffff
        CHECK_RR_Z1 77, mulhu, 0, 0xffffffff
        CHECK_RR_Z2 78, mulhu, 0, 0xffffffff

        /* ---- mulh + mul together give the full 64-bit product ---- */
        TNUM 79
        li      a1, 0xfedcba98                  /* -0x01234568 */
        li      a2, 0x00000100
        mulh    a3, a1, a2                      /* -0x0123456800 >> 32 */
        mul     a4, a1, a2
        EXPECT  a3, 0xfffffffe
        EXPECT  a4, 0xdcba9800

        TEST_END
