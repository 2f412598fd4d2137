/*
 * rv32uf-arith.S - fadd.s fsub.s fmul.s fdiv.s fsqrt.s: every static
 * rounding mode on ties and inexact results, overflow and underflow per
 * mode, infinities, signed zeros, NaN inputs (the result is always the
 * canonical NaN 0x7fc00000; a signaling input raises NV).
 */
#include "fptest.h"

        TEST_BEGIN
        FP_BEGIN
        /* exact */
        T_S2R   2, fadd.s, rne, 0x40400000, 0, 0x3f800000, 0x40000000    /* 1+2=3 */
        T_S2R   3, fsub.s, rne, 0xbf800000, 0, 0x3f800000, 0x40000000    /* 1-2=-1 */
        T_S2R   4, fmul.s, rne, 0x40c00000, 0, 0x40000000, 0x40400000    /* 2*3=6 */
        T_S2R   5, fdiv.s, rne, 0x3f000000, 0, 0x3f800000, 0x40000000    /* 1/2 */
        /* 1 + 2^-24: a tie between 1 and 1+ulp */
        T_S2R   6, fadd.s, rne, 0x3f800000, NX, 0x3f800000, 0x33800000
        T_S2R   7, fadd.s, rtz, 0x3f800000, NX, 0x3f800000, 0x33800000
        T_S2R   8, fadd.s, rdn, 0x3f800000, NX, 0x3f800000, 0x33800000
        T_S2R   9, fadd.s, rup, 0x3f800001, NX, 0x3f800000, 0x33800000
        T_S2R  10, fadd.s, rmm, 0x3f800001, NX, 0x3f800000, 0x33800000
        /* -1 - 2^-24 */
        T_S2R  11, fadd.s, rne, 0xbf800000, NX, 0xbf800000, 0xb3800000
        T_S2R  12, fadd.s, rtz, 0xbf800000, NX, 0xbf800000, 0xb3800000
        T_S2R  13, fadd.s, rdn, 0xbf800001, NX, 0xbf800000, 0xb3800000
        T_S2R  14, fadd.s, rup, 0xbf800000, NX, 0xbf800000, 0xb3800000
        T_S2R  15, fadd.s, rmm, 0xbf800001, NX, 0xbf800000, 0xb3800000
        /* (1+2^-23) + 2^-24: a tie, the even neighbour is above */
        T_S2R  16, fadd.s, rne, 0x3f800002, NX, 0x3f800001, 0x33800000
        T_S2R  17, fadd.s, rtz, 0x3f800001, NX, 0x3f800001, 0x33800000
        T_S2R  18, fadd.s, rmm, 0x3f800002, NX, 0x3f800001, 0x33800000
        /* fsub: x - x = +0, except -0 in rdn */
        T_S2R  19, fsub.s, rne, 0x00000000, 0, 0x3f800000, 0x3f800000
        T_S2R  20, fsub.s, rdn, 0x80000000, 0, 0x3f800000, 0x3f800000
        T_S2R  21, fadd.s, rne, 0x80000000, 0, 0x80000000, 0x80000000 /* -0 + -0 */
        T_S2R  22, fadd.s, rne, 0x00000000, 0, 0x80000000, 0x00000000 /* -0 + +0 */
        T_S2R  23, fadd.s, rdn, 0x80000000, 0, 0x80000000, 0x00000000
        /* 1/3 in every mode */
        T_S2R  24, fdiv.s, rne, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
        T_S2R  25, fdiv.s, rtz, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000
        T_S2R  26, fdiv.s, rdn, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000
        T_S2R  27, fdiv.s, rup, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
        T_S2R  28, fdiv.s, rmm, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
        T_S2R  29, fdiv.s, rtz, 0xbeaaaaaa, NX, 0xbf800000, 0x40400000
        T_S2R  30, fdiv.s, rdn, 0xbeaaaaab, NX, 0xbf800000, 0x40400000
        /* overflow: max + max */
        T_S2R  31, fadd.s, rne, 0x7f800000, OF|NX, 0x7f7fffff, 0x7f7fffff
        T_S2R  32, fadd.s, rtz, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x7f7fffff
        T_S2R  33, fadd.s, rdn, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x7f7fffff
        T_S2R  34, fadd.s, rup, 0x7f800000, OF|NX, 0x7f7fffff, 0x7f7fffff
        T_S2R  35, fadd.s, rmm, 0x7f800000, OF|NX, 0x7f7fffff, 0x7f7fffff
        T_S2R  36, fmul.s, rup, 0xff7fffff, OF|NX, 0xff7fffff, 0x40000000
        T_S2R  37, fmul.s, rdn, 0xff800000, OF|NX, 0xff7fffff, 0x40000000
        /* underflow: 2^-149 * 0.5 = 2^-150, a tie between 0 and 2^-149 */
        T_S2R  38, fmul.s, rne, 0x00000000, UF|NX, 0x00000001, 0x3f000000
        T_S2R  39, fmul.s, rtz, 0x00000000, UF|NX, 0x00000001, 0x3f000000
        T_S2R  40, fmul.s, rup, 0x00000001, UF|NX, 0x00000001, 0x3f000000
        T_S2R  41, fmul.s, rmm, 0x00000001, UF|NX, 0x00000001, 0x3f000000
        T_S2R  42, fmul.s, rdn, 0x80000001, UF|NX, 0x80000001, 0x3f000000
        /* exact subnormal result: no underflow flag */
        T_S2R  43, fmul.s, rne, 0x00400000, 0, 0x00800000, 0x3f000000
        T_S2R  44, fadd.s, rne, 0x00000003, 0, 0x00000001, 0x00000002
        /* infinities */
        T_S2R  45, fadd.s, rne, 0x7f800000, 0, 0x7f800000, 0x3f800000
        T_S2R  46, fadd.s, rne, 0x7fc00000, NV, 0x7f800000, 0xff800000  /* inf-inf */
        T_S2R  47, fsub.s, rne, 0x7fc00000, NV, 0x7f800000, 0x7f800000
        T_S2R  48, fmul.s, rne, 0x7fc00000, NV, 0x7f800000, 0x00000000  /* inf*0 */
        T_S2R  49, fmul.s, rne, 0xff800000, 0, 0x7f800000, 0xbf800000
        T_S2R  50, fdiv.s, rne, 0x7f800000, DZ, 0x3f800000, 0x00000000  /* 1/0 */
        T_S2R  51, fdiv.s, rne, 0xff800000, DZ, 0x3f800000, 0x80000000  /* 1/-0 */
        T_S2R  52, fdiv.s, rne, 0x7fc00000, NV, 0x00000000, 0x00000000  /* 0/0 */
        T_S2R  53, fdiv.s, rne, 0x7fc00000, NV, 0x7f800000, 0xff800000  /* inf/inf */
        T_S2R  54, fdiv.s, rne, 0x80000000, 0, 0x3f800000, 0xff800000   /* 1/-inf */
        T_S2R  55, fdiv.s, rne, 0x7f800000, 0, 0x7f800000, 0x00000000   /* inf/0: no DZ */
        /* NaNs: canonical result; payloads dropped */
        T_S2R  56, fadd.s, rne, 0x7fc00000, 0, 0x7fc12345, 0x3f800000   /* qNaN */
        T_S2R  57, fadd.s, rne, 0x7fc00000, NV, 0x7f800001, 0x3f800000  /* sNaN */
        T_S2R  58, fmul.s, rne, 0x7fc00000, NV, 0xffc00000, 0xff812345  /* q, s */
        T_S2R  59, fsub.s, rne, 0x7fc00000, 0, 0x3f800000, 0xffc00001
        T_S2R  60, fdiv.s, rne, 0x7fc00000, NV, 0x3f800000, 0x7fa00000
        T_S2R  61, fmul.s, rne, 0x7fc00000, 0, 0x7fc00000, 0x00000000   /* qNaN*0: no NV */
        /* fsqrt.s */
        T_S1R  62, fsqrt.s, rne, 0x40000000, 0, 0x40800000              /* sqrt 4 */
        T_S1R  63, fsqrt.s, rne, 0x3fb504f3, NX, 0x40000000             /* sqrt 2 */
        T_S1R  64, fsqrt.s, rdn, 0x3fb504f3, NX, 0x40000000
        T_S1R  65, fsqrt.s, rup, 0x3fb504f4, NX, 0x40000000
        T_S1R  66, fsqrt.s, rmm, 0x3fb504f3, NX, 0x40000000
        T_S1R  67, fsqrt.s, rne, 0x80000000, 0, 0x80000000              /* -0 */
        T_S1R  68, fsqrt.s, rne, 0x7fc00000, NV, 0xbf800000             /* -1 */
        T_S1R  69, fsqrt.s, rne, 0x7f800000, 0, 0x7f800000
        T_S1R  70, fsqrt.s, rne, 0x7fc00000, NV, 0xff800000
        T_S1R  71, fsqrt.s, rne, 0x7fc00000, NV, 0x7f800001
        T_S1R  72, fsqrt.s, rne, 0x7fc00000, 0, 0x7fc00001
        T_S1R  73, fsqrt.s, rne, 0x1a800000, 0, 0x00000002              /* sqrt 2^-148 = 2^-74 */
        /* subnormal operands */
        T_S2R  74, fmul.s, rne, 0x00000002, 0, 0x00000001, 0x40000000
        T_S2R  75, fsub.s, rne, 0x007fffff, 0, 0x00800000, 0x00000001
        /* accumulated flags: fflags is not cleared by an op without exceptions */
        TNUM   76
        csrwi   fflags, 0
        LD_S    fa1, 0x3f800000
        LD_S    fa2, 0x40400000
        fdiv.s  fa3, fa1, fa2, rne       /* NX */
        fdiv.s  fa3, fa1, fa2, rne
        LD_S    fa2, 0x00000000
        fdiv.s  fa3, fa1, fa2, rne       /* DZ */
        fadd.s  fa3, fa1, fa1, rne       /* exact: flags kept */
        EXPECT_FLAGS DZ|NX
        TEST_END
        FP_DATA
