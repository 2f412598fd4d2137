/*
 * rv32uf-cvt.S - fcvt.w.s fcvt.wu.s fcvt.s.w fcvt.s.wu at the edges
 * (2^31, -2^31, 2^32, -1, -0.5, ties, NaN, +-inf) in each rounding mode.
 * Out of range and NaN: NV and the clamped value (NaN: the largest
 * positive integer, whatever its sign).
 */
#include "fptest.h"

        TEST_BEGIN
        FP_BEGIN
        /* fcvt.w.s: 1.5, 2.5, -2.5 */
        T_SX1R  2, fcvt.w.s, rne, 2, NX, 0x3fc00000
        T_SX1R  3, fcvt.w.s, rtz, 1, NX, 0x3fc00000
        T_SX1R  4, fcvt.w.s, rdn, 1, NX, 0x3fc00000
        T_SX1R  5, fcvt.w.s, rup, 2, NX, 0x3fc00000
        T_SX1R  6, fcvt.w.s, rmm, 2, NX, 0x3fc00000
        T_SX1R  7, fcvt.w.s, rne, 2, NX, 0x40200000
        T_SX1R  8, fcvt.w.s, rmm, 3, NX, 0x40200000
        T_SX1R  9, fcvt.w.s, rup, 3, NX, 0x40200000
        T_SX1R 10, fcvt.w.s, rne, -2, NX, 0xc0200000
        T_SX1R 11, fcvt.w.s, rtz, -2, NX, 0xc0200000
        T_SX1R 12, fcvt.w.s, rdn, -3, NX, 0xc0200000
        T_SX1R 13, fcvt.w.s, rup, -2, NX, 0xc0200000
        T_SX1R 14, fcvt.w.s, rmm, -3, NX, 0xc0200000
        /* -0.5 */
        T_SX1R 15, fcvt.w.s, rne, 0, NX, 0xbf000000
        T_SX1R 16, fcvt.w.s, rtz, 0, NX, 0xbf000000
        T_SX1R 17, fcvt.w.s, rdn, -1, NX, 0xbf000000
        T_SX1R 18, fcvt.w.s, rup, 0, NX, 0xbf000000
        T_SX1R 19, fcvt.w.s, rmm, -1, NX, 0xbf000000
        /* range */
        T_SX1R 20, fcvt.w.s, rne, 0x7fffffff, NV, 0x4f000000       /* 2^31 */
        T_SX1R 21, fcvt.w.s, rtz, 0x7fffff80, 0, 0x4effffff        /* 2^31-128 */
        T_SX1R 22, fcvt.w.s, rne, 0x80000000, 0, 0xcf000000        /* -2^31 */
        T_SX1R 23, fcvt.w.s, rtz, 0x80000000, NV, 0xcf000001       /* -2^31-256 */
        T_SX1R 24, fcvt.w.s, rne, 0x7fffffff, NV, 0x4f800000       /* 2^32 */
        T_SX1R 25, fcvt.w.s, rne, 0x7fffffff, NV, 0x7f800000       /* inf */
        T_SX1R 26, fcvt.w.s, rne, 0x80000000, NV, 0xff800000       /* -inf */
        T_SX1R 27, fcvt.w.s, rne, 0x7fffffff, NV, 0x7fc00000       /* qNaN */
        T_SX1R 28, fcvt.w.s, rne, 0x7fffffff, NV, 0xffc00000       /* -qNaN */
        T_SX1R 29, fcvt.w.s, rdn, 0x7fffffff, NV, 0x7f800001       /* sNaN */
        T_SX1R 30, fcvt.w.s, rne, 0, 0, 0x80000000                 /* -0 */
        T_SX1R 31, fcvt.w.s, rup, 1, NX, 0x00000001                /* 2^-149 */
        T_SX1R 32, fcvt.w.s, rdn, -1, NX, 0x80000001
        T_SX1R 33, fcvt.w.s, rne, -1, 0, 0xbf800000
        /* fcvt.wu.s */
        T_SX1R 34, fcvt.wu.s, rne, 0x80000000, 0, 0x4f000000       /* 2^31 */
        T_SX1R 35, fcvt.wu.s, rne, 0xffffff00, 0, 0x4f7fffff
        T_SX1R 36, fcvt.wu.s, rne, 0xffffffff, NV, 0x4f800000      /* 2^32 */
        T_SX1R 37, fcvt.wu.s, rne, 0, NV, 0xbf800000               /* -1 */
        T_SX1R 38, fcvt.wu.s, rne, 0, NX, 0xbf000000               /* -0.5 */
        T_SX1R 39, fcvt.wu.s, rtz, 0, NX, 0xbf000000
        T_SX1R 40, fcvt.wu.s, rdn, 0, NV, 0xbf000000
        T_SX1R 41, fcvt.wu.s, rup, 0, NX, 0xbf000000
        T_SX1R 42, fcvt.wu.s, rmm, 0, NV, 0xbf000000
        T_SX1R 43, fcvt.wu.s, rne, 0xffffffff, NV, 0x7fc00000
        T_SX1R 44, fcvt.wu.s, rne, 0xffffffff, NV, 0xff800001      /* -sNaN */
        T_SX1R 45, fcvt.wu.s, rne, 0xffffffff, NV, 0x7f800000
        T_SX1R 46, fcvt.wu.s, rne, 0, NV, 0xff800000
        T_SX1R 47, fcvt.wu.s, rne, 0, 0, 0x80000000                /* -0 */
        T_SX1R 48, fcvt.wu.s, rmm, 3, NX, 0x40200000
        T_SX1R 49, fcvt.wu.s, rne, 2, NX, 0x40200000
        T_SX1R 50, fcvt.wu.s, rdn, 3, NX, 0x40400001                /* 3 + 2^-22 */
        /* fcvt.s.w */
        T_XS1R 51, fcvt.s.w, rne, 0x4f000000, NX, 0x7fffffff
        T_XS1R 52, fcvt.s.w, rtz, 0x4effffff, NX, 0x7fffffff
        T_XS1R 53, fcvt.s.w, rdn, 0x4effffff, NX, 0x7fffffff
        T_XS1R 54, fcvt.s.w, rup, 0x4f000000, NX, 0x7fffffff
        T_XS1R 55, fcvt.s.w, rne, 0xcf000000, 0, 0x80000000
        T_XS1R 56, fcvt.s.w, rne, 0x4b800000, NX, 0x01000001       /* 2^24+1: tie */
        T_XS1R 57, fcvt.s.w, rmm, 0x4b800001, NX, 0x01000001
        T_XS1R 58, fcvt.s.w, rup, 0x4b800001, NX, 0x01000001
        T_XS1R 59, fcvt.s.w, rdn, 0x4b800000, NX, 0x01000001
        T_XS1R 60, fcvt.s.w, rne, 0x4b800002, NX, 0x01000003       /* tie, up to even */
        T_XS1R 61, fcvt.s.w, rne, 0xbf800000, 0, -1
        T_XS1R 62, fcvt.s.w, rdn, 0x00000000, 0, 0                 /* +0, also rdn */
        T_XS1R 63, fcvt.s.w, rdn, 0xcb800001, NX, -16777217
        T_XS1R 64, fcvt.s.w, rup, 0xcb800000, NX, -16777217
        T_XS1R 65, fcvt.s.w, rmm, 0xcb800001, NX, -16777217
        /* fcvt.s.wu */
        T_XS1R 66, fcvt.s.wu, rne, 0x4f800000, NX, 0xffffffff
        T_XS1R 67, fcvt.s.wu, rtz, 0x4f7fffff, NX, 0xffffffff
        T_XS1R 68, fcvt.s.wu, rup, 0x4f800000, NX, 0xffffffff
        T_XS1R 69, fcvt.s.wu, rne, 0x4f000000, 0, 0x80000000
        T_XS1R 70, fcvt.s.wu, rne, 0x00000000, 0, 0
        T_XS1R 71, fcvt.s.wu, rne, 0x3f800000, 0, 1
        T_XS1R 72, fcvt.s.wu, rmm, 0x4b800001, NX, 0x01000001
        /* dynamic rounding for a conversion */
        TNUM   73
        csrwi   frm, 2                   /* rdn */
        LD_S    fa1, 0xc0200000
        csrwi   fflags, 0
        fcvt.w.s a3, fa1, dyn
        EXPECT_FLAGS NX
        EXPECT  a3, -3
        csrwi   frm, 4                   /* rmm */
        fcvt.w.s a3, fa1, dyn
        EXPECT  a3, -3
        csrwi   frm, 1                   /* rtz */
        fcvt.w.s a3, fa1, dyn
        EXPECT  a3, -2
        csrwi   frm, 0
        TEST_END
        FP_DATA
