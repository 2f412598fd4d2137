/*
 * rv32ud-arith.S - fadd.d fsub.d fmul.d fdiv.d fsqrt.d fmadd.d fmsub.d
 * fnmsub.d fnmadd.d: rounding modes on ties, overflow and underflow,
 * infinities, signed zeros, NaNs (canonical 0x7ff8000000000000 results).
 */
#include "fptest.h"

#define ONE     0x3ff00000,0
#define TWO     0x40000000,0
#define THREE   0x40080000,0
#define HALF    0x3fe00000,0
#define MONE    0xbff00000,0
#define ZERO    0,0
#define MZERO   0x80000000,0
#define INF     0x7ff00000,0
#define MINF    0xfff00000,0
#define QNAN    0x7ff80000,0
#define SNAN    0x7ff00000,1
#define MAX     0x7fefffff,0xffffffff
#define MINSUB  0,1
#define TINY    0x3ca00000,0        /* 2^-53 */
#define CNAN    0x7ff80000,0

        TEST_BEGIN
        FP_BEGIN
        T_D2R   2, fadd.d, rne, THREE, 0, ONE, TWO
        T_D2R   3, fsub.d, rne, MONE, 0, ONE, TWO
        T_D2R   4, fmul.d, rne, 0x40180000,0, 0, TWO, THREE
        T_D2R   5, fdiv.d, rne, HALF, 0, ONE, TWO
        /* 1 + 2^-53: a tie */
        T_D2R   6, fadd.d, rne, ONE, NX, ONE, TINY
        T_D2R   7, fadd.d, rtz, ONE, NX, ONE, TINY
        T_D2R   8, fadd.d, rup, 0x3ff00000,1, NX, ONE, TINY
        T_D2R   9, fadd.d, rmm, 0x3ff00000,1, NX, ONE, TINY
        T_D2R  10, fadd.d, rdn, ONE, NX, ONE, TINY
        T_D2R  11, fadd.d, rdn, 0xbff00000,1, NX, MONE, 0xbca00000,0
        T_D2R  12, fadd.d, rne, 0x3ff00000,2, NX, 0x3ff00000,1, TINY
        /* 1/3 */
        T_D2R  13, fdiv.d, rne, 0x3fd55555,0x55555555, NX, ONE, THREE
        T_D2R  14, fdiv.d, rup, 0x3fd55555,0x55555556, NX, ONE, THREE
        T_D2R  15, fdiv.d, rtz, 0x3fd55555,0x55555555, NX, ONE, THREE
        T_D2R  16, fdiv.d, rdn, 0xbfd55555,0x55555556, NX, MONE, THREE
        /* zeros */
        T_D2R  17, fsub.d, rne, ZERO, 0, ONE, ONE
        T_D2R  18, fsub.d, rdn, MZERO, 0, ONE, ONE
        T_D2R  19, fadd.d, rne, MZERO, 0, MZERO, MZERO
        /* overflow / underflow */
        T_D2R  20, fadd.d, rne, INF, OF|NX, MAX, MAX
        T_D2R  21, fadd.d, rtz, MAX, OF|NX, MAX, MAX
        T_D2R  22, fmul.d, rdn, MINF, OF|NX, 0xffefffff,0xffffffff, TWO
        T_D2R  23, fmul.d, rup, 0xffefffff,0xffffffff, OF|NX, 0xffefffff,0xffffffff, TWO
        T_D2R  24, fmul.d, rne, ZERO, UF|NX, MINSUB, HALF
        T_D2R  25, fmul.d, rup, MINSUB, UF|NX, MINSUB, HALF
        T_D2R  26, fmul.d, rmm, MINSUB, UF|NX, MINSUB, HALF
        T_D2R  27, fmul.d, rne, 0x00080000,0, 0, 0x00100000,0, HALF  /* exact subnormal */
        /* infinities and NaNs */
        T_D2R  28, fadd.d, rne, CNAN, NV, INF, MINF
        T_D2R  29, fmul.d, rne, CNAN, NV, INF, ZERO
        T_D2R  30, fdiv.d, rne, INF, DZ, ONE, ZERO
        T_D2R  31, fdiv.d, rne, MINF, DZ, MONE, ZERO
        T_D2R  32, fdiv.d, rne, CNAN, NV, ZERO, MZERO
        T_D2R  33, fdiv.d, rne, CNAN, NV, INF, INF
        T_D2R  34, fadd.d, rne, CNAN, 0, 0x7ff81234,0x5678, ONE
        T_D2R  35, fadd.d, rne, CNAN, NV, SNAN, ONE
        T_D2R  36, fmul.d, rne, CNAN, NV, 0xfff80000,0, 0xfff00000,5
        T_D2R  37, fsub.d, rne, CNAN, 0, ONE, 0xfff80000,1
        /* fsqrt.d */
        T_D1R  38, fsqrt.d, rne, TWO, 0, 0x40100000,0
        T_D1R  39, fsqrt.d, rne, 0x3ff6a09e,0x667f3bcd, NX, TWO
        T_D1R  40, fsqrt.d, rtz, 0x3ff6a09e,0x667f3bcc, NX, TWO
        T_D1R  41, fsqrt.d, rup, 0x3ff6a09e,0x667f3bcd, NX, TWO
        T_D1R  42, fsqrt.d, rne, MZERO, 0, MZERO
        T_D1R  43, fsqrt.d, rne, CNAN, NV, MONE
        T_D1R  44, fsqrt.d, rne, INF, 0, INF
        T_D1R  45, fsqrt.d, rne, CNAN, NV, SNAN
        T_D1R  46, fsqrt.d, rne, CNAN, 0, 0x7ff80000,7
        T_D1R  47, fsqrt.d, rne, 0x1e700000,0, 0, 0,4           /* sqrt 2^-1072 = 2^-536 */
        /* fused multiply-add */
        T_D3R  48, fmadd.d,  rne, 0x401c0000,0, 0, TWO, THREE, ONE
        T_D3R  49, fmsub.d,  rne, 0x40140000,0, 0, TWO, THREE, ONE
        T_D3R  50, fnmsub.d, rne, 0xc0140000,0, 0, TWO, THREE, ONE
        T_D3R  51, fnmadd.d, rne, 0xc01c0000,0, 0, TWO, THREE, ONE
        /* (1+2^-52)(1-2^-53) - 1 = 2^-53 - 2^-105, exactly */
        T_D3R  52, fmadd.d,  rne, 0x3c9fffff,0xfffffffe, 0, 0x3ff00000,1, 0x3fefffff,0xffffffff, MONE
        T_D3R  53, fmadd.d,  rne, CNAN, NV, INF, ZERO, QNAN
        T_D3R  54, fmadd.d,  rne, CNAN, NV, ONE, ONE, SNAN
        T_D3R  55, fmadd.d,  rne, CNAN, 0, QNAN, ONE, ONE
        T_D3R  56, fmadd.d,  rup, 0x3ff00000,1, NX, ONE, ONE, TINY
        T_D3R  57, fnmadd.d, rdn, 0xbff00000,1, NX, ONE, ONE, TINY
        T_D3R  58, fmadd.d,  rne, INF, OF|NX, MAX, TWO, ZERO
        T_D3R  59, fnmadd.d, rne, MZERO, 0, ONE, ZERO, ZERO
        T_D3R  60, fmsub.d,  rdn, MZERO, 0, ONE, ZERO, ZERO
        /* dynamic rounding */
        TNUM   61
        csrwi   frm, 3
        LD_D    fa1, ONE
        LD_D    fa2, TINY
        fadd.d  fa3, fa1, fa2, dyn
        EXPECT_D fa3, 0x3ff00000, 1
        csrwi   frm, 0
        fadd.d  fa3, fa1, fa2, dyn
        EXPECT_D fa3, ONE
        TEST_END
        FP_DATA
