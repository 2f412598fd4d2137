/*
 * rv32uf-fma.S - fmadd.s fmsub.s fnmsub.s fnmadd.s: one rounding (fused),
 * signs of each form, signed zeros, rounding modes, overflow, and the
 * invalid cases (inf * 0 sets NV even when the addend is a quiet NaN).
 */
#include "fptest.h"

#define P   0x3f800001     /* 1 + 2^-23 */
#define Q   0x3f7fffff     /* 1 - 2^-24 */
        TEST_BEGIN
        FP_BEGIN
        T_S3R   2, fmadd.s,  rne, 0x40e00000, 0, 0x40000000, 0x40400000, 0x3f800000  /* 2*3+1 */
        T_S3R   3, fmsub.s,  rne, 0x40a00000, 0, 0x40000000, 0x40400000, 0x3f800000  /* 2*3-1 */
        T_S3R   4, fnmsub.s, rne, 0xc0a00000, 0, 0x40000000, 0x40400000, 0x3f800000  /* -(2*3)+1 */
        T_S3R   5, fnmadd.s, rne, 0xc0e00000, 0, 0x40000000, 0x40400000, 0x3f800000  /* -(2*3)-1 */
        /* P*Q - 1 = 2^-24 - 2^-47 exactly (0 if the product were rounded) */
        T_S3R   6, fmadd.s,  rne, 0x337ffffe, 0, P, Q, 0xbf800000
        T_S3R   7, fmsub.s,  rne, 0x337ffffe, 0, P, Q, 0x3f800000
        T_S3R   8, fnmsub.s, rne, 0xb37ffffe, 0, P, Q, 0x3f800000
        T_S3R   9, fnmadd.s, rne, 0xb37ffffe, 0, P, Q, 0xbf800000
        /* signed zeros */
        T_S3R  10, fmadd.s,  rne, 0x00000000, 0, 0x3f800000, 0x80000000, 0x00000000
        T_S3R  11, fmadd.s,  rne, 0x80000000, 0, 0x3f800000, 0x80000000, 0x80000000
        T_S3R  12, fmsub.s,  rne, 0x00000000, 0, 0x3f800000, 0x00000000, 0x00000000
        T_S3R  13, fmsub.s,  rdn, 0x80000000, 0, 0x3f800000, 0x00000000, 0x00000000
        T_S3R  14, fnmadd.s, rne, 0x80000000, 0, 0x3f800000, 0x00000000, 0x00000000
        T_S3R  15, fnmsub.s, rne, 0x00000000, 0, 0x3f800000, 0x00000000, 0x00000000
        /* 1*1 + 2^-24: a tie */
        T_S3R  16, fmadd.s,  rne, 0x3f800000, NX, 0x3f800000, 0x3f800000, 0x33800000
        T_S3R  17, fmadd.s,  rup, 0x3f800001, NX, 0x3f800000, 0x3f800000, 0x33800000
        T_S3R  18, fmadd.s,  rmm, 0x3f800001, NX, 0x3f800000, 0x3f800000, 0x33800000
        T_S3R  19, fmadd.s,  rtz, 0x3f800000, NX, 0x3f800000, 0x3f800000, 0x33800000
        T_S3R  20, fnmadd.s, rdn, 0xbf800001, NX, 0x3f800000, 0x3f800000, 0x33800000
        T_S3R  21, fnmadd.s, rup, 0xbf800000, NX, 0x3f800000, 0x3f800000, 0x33800000
        /* overflow */
        T_S3R  22, fmadd.s,  rne, 0x7f800000, OF|NX, 0x7f7fffff, 0x40000000, 0x00000000
        T_S3R  23, fmadd.s,  rtz, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x40000000, 0x00000000
        /* invalid */
        T_S3R  24, fmadd.s,  rne, 0x7fc00000, NV, 0x7f800000, 0x00000000, 0x3f800000
        T_S3R  25, fmadd.s,  rne, 0x7fc00000, NV, 0x7f800000, 0x00000000, 0x7fc00000
        T_S3R  26, fmadd.s,  rne, 0x7fc00000, NV, 0x00000000, 0xff800000, 0x7fc12345
        T_S3R  27, fmadd.s,  rne, 0x7fc00000, NV, 0x7f800000, 0x3f800000, 0xff800000
        T_S3R  28, fmsub.s,  rne, 0x7fc00000, NV, 0x7f800000, 0x3f800000, 0x7f800000
        T_S3R  29, fmadd.s,  rne, 0x7fc00000, NV, 0x3f800000, 0x3f800000, 0x7f800001
        T_S3R  30, fmadd.s,  rne, 0x7fc00000, 0, 0x7fc00000, 0x3f800000, 0x3f800000
        T_S3R  31, fnmadd.s, rne, 0x7fc00000, 0, 0x3f800000, 0xffc00000, 0x3f800000
        T_S3R  32, fnmsub.s, rne, 0x7fc00000, NV, 0x7f800001, 0x3f800000, 0x7fc00000
        /* inf results */
        T_S3R  33, fmadd.s,  rne, 0x7f800000, 0, 0x7f800000, 0x3f800000, 0x3f800000
        T_S3R  34, fnmadd.s, rne, 0xff800000, 0, 0x7f800000, 0x3f800000, 0x3f800000
        T_S3R  35, fmadd.s,  rne, 0xff800000, 0, 0x3f800000, 0x3f800000, 0xff800000
        /* underflow */
        T_S3R  36, fmadd.s,  rne, 0x00000000, UF|NX, 0x00000001, 0x3f000000, 0x00000000
        T_S3R  37, fmadd.s,  rup, 0x00000001, UF|NX, 0x00000001, 0x3f000000, 0x00000000
        /* dynamic rounding */
        TNUM   38
        csrwi   frm, 3                   /* rup */
        LD_S    fa1, 0x3f800000
        LD_S    fa2, 0x33800000
        csrwi   fflags, 0
        fmadd.s fa3, fa1, fa1, fa2, dyn
        EXPECT_FLAGS NX
        EXPECT_S fa3, 0x3f800001
        csrwi   frm, 0
        TEST_END
        FP_DATA
