/*
 * rv32ud-nanbox.S - NaN-boxing: a single-precision operation on a register
 * whose upper 32 bits are not all ones (written by fld) sees the canonical
 * NaN; every single-precision result and flw write upper bits of ones;
 * fmv.x.w and fsw move the low 32 bits whatever the upper ones.
 */
#include "fptest.h"

/* LD_RAW freg, hi, lo: fld of hi:lo (an unboxed single when hi != ~0) */
#define LD_RAW LD_D

        TEST_BEGIN
        FP_BEGIN
        TNUM    2                        /* fadd.s: quiet NaN in, no NV */
        LD_RAW  fa1, 0x00000000, 0x3f800000
        LD_S    fa2, 0x3f800000
        csrwi   fflags, 0
        fadd.s  fa3, fa1, fa2, rne
        EXPECT_FLAGS 0
        EXPECT_S fa3, 0x7fc00000
        TNUM    3                        /* upper bits nearly all ones */
        LD_RAW  fa1, 0xfffffffe, 0x3f800000
        fadd.s  fa3, fa2, fa1, rne
        EXPECT_S fa3, 0x7fc00000
        TNUM    4                        /* boxed: fine */
        LD_RAW  fa1, 0xffffffff, 0x3f800000
        fadd.s  fa3, fa2, fa1, rne
        EXPECT_S fa3, 0x40000000
        TNUM    5                        /* fsgnj.s: the canonical NaN's bits */
        LD_RAW  fa1, 0x7ff00000, 0xbf800000
        LD_S    fa2, 0x80000000
        fsgnj.s fa3, fa1, fa2
        EXPECT_S fa3, 0xffc00000
        fsgnjx.s fa3, fa2, fa1           /* rs2 unboxed: its sign is + */
        EXPECT_S fa3, 0x80000000
        fsgnjn.s fa3, fa2, fa1           /* not(+): - */
        EXPECT_S fa3, 0x80000000
        TNUM    6
        LD_RAW  fa1, 0x12345678, 0x7f800001
        fclass.s a3, fa1
        EXPECT  a3, 0x200                /* quiet NaN, not the low sNaN */
        LD_RAW  fa1, 0xffffffff, 0x7f800001
        fclass.s a3, fa1
        EXPECT  a3, 0x100
        TNUM    7                        /* fmin: one NaN, the other operand */
        LD_RAW  fa1, 0x0, 0x40000000
        LD_S    fa2, 0x40400000
        csrwi   fflags, 0
        fmin.s  fa3, fa1, fa2
        EXPECT_FLAGS 0
        EXPECT_S fa3, 0x40400000
        TNUM    8                        /* compare: quiet NaN */
        LD_RAW  fa1, 0x0, 0x40400000
        csrwi   fflags, 0
        feq.s   a3, fa1, fa2
        EXPECT  a3, 0
        EXPECT_FLAGS 0
        flt.s   a3, fa1, fa2
        EXPECT  a3, 0
        EXPECT_FLAGS NV
        TNUM    9                        /* conversions */
        csrwi   fflags, 0
        fcvt.w.s a3, fa1, rtz
        EXPECT  a3, 0x7fffffff
        EXPECT_FLAGS NV
        csrwi   fflags, 0
        fcvt.d.s fa3, fa1
        EXPECT_FLAGS 0
        EXPECT_D fa3, 0x7ff80000, 0
        TNUM    10                       /* fma, sqrt, div, mul */
        LD_S    fa2, 0x3f800000
        fmadd.s fa3, fa2, fa2, fa1, rne
        EXPECT_S fa3, 0x7fc00000
        fsqrt.s fa3, fa1, rne
        EXPECT_S fa3, 0x7fc00000
        fdiv.s  fa3, fa2, fa1, rne
        EXPECT_S fa3, 0x7fc00000
        fmul.s  fa3, fa1, fa2, rne
        EXPECT_S fa3, 0x7fc00000
        TNUM    11                       /* moves see the raw low bits */
        LD_RAW  fa1, 0x0, 0x40400000
        fmv.x.w a3, fa1
        EXPECT  a3, 0x40400000
        la      a1, out
        fsw     fa1, 0(a1)
        lw      a3, 0(a1)
        EXPECT  a3, 0x40400000
        TNUM    12                       /* results and flw are boxed */
        flw     fa1, 0(a1)
        EXPECT_S fa1, 0x40400000
        fcvt.s.w fa3, x0, rne
        EXPECT_S fa3, 0
        LD_D    fa4, 0x40080000, 0
        fcvt.s.d fa3, fa4, rne
        EXPECT_S fa3, 0x40400000
        TNUM    13                       /* double ops read all 64 bits */
        LD_RAW  fa1, 0xffffffff, 0x3f800000   /* a boxed single is a NaN double */
        fclass.d a3, fa1
        EXPECT  a3, 0x200
        TEST_END
        FP_DATA
        .data
        .balign 8
out:    .word   0, 0
