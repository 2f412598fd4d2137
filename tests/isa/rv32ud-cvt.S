/*
 * rv32ud-cvt.S - fcvt.w.d fcvt.wu.d fcvt.d.w fcvt.d.wu fcvt.s.d fcvt.d.s
 * at the edges in each rounding mode (2^31 - 0.5 rounds to 2^31 in rne:
 * out of range), NaNs (canonical results, sNaN raises NV).
 */
#include "fptest.h"

#define ONE     0x3ff00000,0
#define MONE    0xbff00000,0
#define QNAN    0x7ff80000,0
#define SNAN    0x7ff00000,1
#define INF     0x7ff00000,0
#define MINF    0xfff00000,0
#define CNAN    0x7ff80000,0

        TEST_BEGIN
        FP_BEGIN
        /* fcvt.w.d */
        T_DX1R  2, fcvt.w.d, rne, 0x7fffffff, 0, 0x41dfffff,0xffc00000   /* 2^31-1 */
        T_DX1R  3, fcvt.w.d, rne, 0x7fffffff, NV, 0x41dfffff,0xffe00000  /* 2^31-0.5 -> 2^31 */
        T_DX1R  4, fcvt.w.d, rtz, 0x7fffffff, NX, 0x41dfffff,0xffe00000
        T_DX1R  5, fcvt.w.d, rdn, 0x7fffffff, NX, 0x41dfffff,0xffe00000
        T_DX1R  6, fcvt.w.d, rmm, 0x7fffffff, NV, 0x41dfffff,0xffe00000
        T_DX1R  7, fcvt.w.d, rne, 0x7fffffff, NV, 0x41e00000,0           /* 2^31 */
        T_DX1R  8, fcvt.w.d, rne, 0x80000000, 0, 0xc1e00000,0            /* -2^31 */
        T_DX1R  9, fcvt.w.d, rne, 0x80000000, NX, 0xc1e00000,0x00100000  /* -2^31-0.5 */
        T_DX1R 10, fcvt.w.d, rtz, 0x80000000, NX, 0xc1e00000,0x00100000
        T_DX1R 11, fcvt.w.d, rmm, 0x80000000, NV, 0xc1e00000,0x00100000
        T_DX1R 12, fcvt.w.d, rdn, 0x80000000, NV, 0xc1e00000,0x00100000
        T_DX1R 13, fcvt.w.d, rup, 0x80000000, NX, 0xc1e00000,0x00100000
        T_DX1R 14, fcvt.w.d, rne, 0x7fffffff, NV, QNAN
        T_DX1R 15, fcvt.w.d, rne, 0x7fffffff, NV, 0xfff00000,1           /* -sNaN */
        T_DX1R 16, fcvt.w.d, rne, 0x7fffffff, NV, INF
        T_DX1R 17, fcvt.w.d, rne, 0x80000000, NV, MINF
        T_DX1R 18, fcvt.w.d, rne, 0, NX, 0xbfe00000,0                    /* -0.5 */
        T_DX1R 19, fcvt.w.d, rdn, -1, NX, 0xbfe00000,0
        T_DX1R 20, fcvt.w.d, rmm, -1, NX, 0xbfe00000,0
        T_DX1R 21, fcvt.w.d, rmm, 3, NX, 0x40040000,0                    /* 2.5 */
        T_DX1R 22, fcvt.w.d, rne, 2, NX, 0x40040000,0
        T_DX1R 23, fcvt.w.d, rne, -1, 0, MONE
        /* fcvt.wu.d */
        T_DX1R 24, fcvt.wu.d, rne, 0xffffffff, 0, 0x41efffff,0xffe00000  /* 2^32-1 */
        T_DX1R 25, fcvt.wu.d, rne, 0xffffffff, NV, 0x41efffff,0xfff00000 /* 2^32-0.5 */
        T_DX1R 26, fcvt.wu.d, rtz, 0xffffffff, NX, 0x41efffff,0xfff00000
        T_DX1R 27, fcvt.wu.d, rne, 0xffffffff, NV, 0x41f00000,0          /* 2^32 */
        T_DX1R 28, fcvt.wu.d, rne, 0x80000000, 0, 0x41e00000,0           /* 2^31 */
        T_DX1R 29, fcvt.wu.d, rne, 0, NV, MONE
        T_DX1R 30, fcvt.wu.d, rne, 0, NX, 0xbfe00000,0
        T_DX1R 31, fcvt.wu.d, rdn, 0, NV, 0xbfe00000,0
        T_DX1R 32, fcvt.wu.d, rmm, 0, NV, 0xbfe00000,0
        T_DX1R 33, fcvt.wu.d, rup, 0, NX, 0xbfe00000,0
        T_DX1R 34, fcvt.wu.d, rne, 0xffffffff, NV, QNAN
        T_DX1R 35, fcvt.wu.d, rne, 0xffffffff, NV, INF
        T_DX1R 36, fcvt.wu.d, rne, 0, NV, MINF
        T_DX1R 37, fcvt.wu.d, rne, 0, 0, 0x80000000,0                    /* -0 */
        /* fcvt.d.w / fcvt.d.wu: always exact */
        T_XD1R 38, fcvt.d.w, rne, 0x41dfffff,0xffc00000, 0, 0x7fffffff
        T_XD1R 39, fcvt.d.w, rne, 0xc1e00000,0, 0, 0x80000000
        T_XD1R 40, fcvt.d.w, rne, MONE, 0, -1
        T_XD1R 41, fcvt.d.w, rdn, 0,0, 0, 0
        T_XD1R 42, fcvt.d.wu, rne, 0x41efffff,0xffe00000, 0, 0xffffffff
        T_XD1R 43, fcvt.d.wu, rne, 0x41e00000,0, 0, 0x80000000
        T_XD1R 44, fcvt.d.wu, rtz, 0x3ff00000,0, 0, 1
        /* fcvt.s.d */
        T_SD1R 45, fcvt.s.d, rne, 0x3eaaaaab, NX, 0x3fd55555,0x55555555  /* 1/3 */
        T_SD1R 46, fcvt.s.d, rtz, 0x3eaaaaaa, NX, 0x3fd55555,0x55555555
        T_SD1R 47, fcvt.s.d, rup, 0x3eaaaaab, NX, 0x3fd55555,0x55555555
        T_SD1R 48, fcvt.s.d, rne, 0x7f800000, OF|NX, 0x7fefffff,0xffffffff
        T_SD1R 49, fcvt.s.d, rtz, 0x7f7fffff, OF|NX, 0x7fefffff,0xffffffff
        T_SD1R 50, fcvt.s.d, rne, 0x00000000, UF|NX, 0x35f00000,0         /* 2^-160 */
        T_SD1R 51, fcvt.s.d, rup, 0x00000001, UF|NX, 0x35f00000,0
        T_SD1R 52, fcvt.s.d, rne, 0x7fc00000, 0, 0x7ff81234,0x56789abc   /* payload dropped */
        T_SD1R 53, fcvt.s.d, rne, 0x7fc00000, NV, SNAN
        T_SD1R 54, fcvt.s.d, rne, 0xff800000, 0, MINF
        T_SD1R 55, fcvt.s.d, rne, 0x80000000, 0, 0x80000000,0
        T_SD1R 56, fcvt.s.d, rne, 0x3f800000, NX, 0x3ff00000,0x10000000  /* 1+2^-24: tie */
        T_SD1R 57, fcvt.s.d, rmm, 0x3f800001, NX, 0x3ff00000,0x10000000
        T_SD1R 58, fcvt.s.d, rne, 0x3f800000, 0, ONE
        T_SD1R 59, fcvt.s.d, rne, 0x00000001, 0, 0x36a00000,0            /* 2^-149: exact */
        /* fcvt.d.s: exact */
        T_DS1  60, 0x3fd55555,0x60000000, 0, 0x3eaaaaab
        T_DS1  61, 0x36a00000,0, 0, 0x00000001
        T_DS1  62, CNAN, NV, 0x7f800001
        T_DS1  63, CNAN, 0, 0xffc12345
        T_DS1  64, MINF, 0, 0xff800000
        T_DS1  65, 0x80000000,0, 0, 0x80000000
        T_DS1  66, 0x47efffff,0xe0000000, 0, 0x7f7fffff
        TEST_END
        FP_DATA
