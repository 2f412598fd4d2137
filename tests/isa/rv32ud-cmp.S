/*
 * rv32ud-cmp.S - fsgnj.d fsgnjn.d fsgnjx.d fmin.d fmax.d feq.d flt.d
 * fle.d fclass.d, and fld / fsd (offsets, bits kept).
 */
#include "fptest.h"

#define ONE     0x3ff00000,0
#define TWO     0x40000000,0
#define MONE    0xbff00000,0
#define MTWO    0xc0000000,0
#define ZERO    0,0
#define MZERO   0x80000000,0
#define QNAN    0x7ff80000,0
#define SNAN    0x7ff00000,1
#define INF     0x7ff00000,0
#define MINF    0xfff00000,0
#define CNAN    0x7ff80000,0

        TEST_BEGIN
        FP_BEGIN
        T_D2    2, fsgnj.d,  MONE, 0, ONE, MTWO
        T_D2    3, fsgnjn.d, ONE, 0, ONE, MTWO
        T_D2    4, fsgnjx.d, ONE, 0, MONE, MTWO
        T_D2    5, fsgnjx.d, MONE, 0, ONE, MTWO
        T_D2    6, fsgnj.d,  0xfff00000,1, 0, SNAN, MZERO
        T_D2    7, fsgnjn.d, 0x7ff81234,0x5678, 0, 0xfff81234,0x5678, MONE
        T_D2    8, fmin.d, ONE, 0, ONE, TWO
        T_D2    9, fmax.d, TWO, 0, ONE, TWO
        T_D2   10, fmin.d, MZERO, 0, ZERO, MZERO
        T_D2   11, fmax.d, ZERO, 0, MZERO, ZERO
        T_D2   12, fmin.d, ONE, 0, QNAN, ONE
        T_D2   13, fmax.d, ONE, NV, SNAN, ONE
        T_D2   14, fmin.d, CNAN, 0, 0x7ff80000,5, 0xfff80000,0
        T_D2   15, fmax.d, CNAN, NV, SNAN, SNAN
        T_D2   16, fmin.d, MINF, 0, INF, MINF
        T_DX2  17, feq.d, 1, 0, ONE, ONE
        T_DX2  18, feq.d, 1, 0, MZERO, ZERO
        T_DX2  19, feq.d, 0, 0, QNAN, QNAN
        T_DX2  20, feq.d, 0, NV, SNAN, ONE
        T_DX2  21, flt.d, 1, 0, MONE, ONE
        T_DX2  22, flt.d, 0, 0, MZERO, ZERO
        T_DX2  23, flt.d, 0, NV, QNAN, ONE
        T_DX2  24, fle.d, 1, 0, MZERO, ZERO
        T_DX2  25, fle.d, 0, NV, ONE, QNAN
        T_DX2  26, fle.d, 1, 0, 0,1, 0,1
        T_DX2  27, flt.d, 1, 0, 0x3ff00000,0, 0x3ff00000,1   /* low word only differs */
        T_DX2  28, feq.d, 0, 0, 0x3ff00000,0, 0x3ff00000,1
        T_DCLASS 29, 0x001, MINF
        T_DCLASS 30, 0x002, MONE
        T_DCLASS 31, 0x004, 0x800fffff,0xffffffff
        T_DCLASS 32, 0x008, MZERO
        T_DCLASS 33, 0x010, ZERO
        T_DCLASS 34, 0x020, 0,1
        T_DCLASS 35, 0x040, 0x7fefffff,0xffffffff
        T_DCLASS 36, 0x080, INF
        T_DCLASS 37, 0x100, SNAN
        T_DCLASS 38, 0x100, 0x7ff7ffff,0xffffffff
        T_DCLASS 39, 0x200, QNAN
        T_DCLASS 40, 0x200, 0xfff80000,0
        /* fld / fsd */
        TNUM    41
        la      a1, dw
        fld     fa1, 0(a1)
        addi    a2, a1, 16
        fld     fa2, -8(a2)
        fsd     fa2, 16(a1)
        fsd     fa1, 8(a2)               /* dw+24 */
        lw      a3, 16(a1)
        EXPECT  a3, 0x89abcdef
        lw      a3, 20(a1)
        EXPECT  a3, 0x7ff01234
        lw      a3, 24(a1)
        EXPECT  a3, 0x00000001
        lw      a3, 28(a1)
        EXPECT  a3, 0xfff00000
        lw      a3, 32(a1)
        EXPECT  a3, 0x55555555
        EXPECT_FLAGS 0
        TNUM    42                       /* fmv.d */
        fmv.d   fa4, fa2
        EXPECT_D fa4, 0x7ff01234, 0x89abcdef
        fneg.d  fa4, fa4
        EXPECT_D fa4, 0xfff01234, 0x89abcdef
        fabs.d  fa4, fa4
        EXPECT_D fa4, 0x7ff01234, 0x89abcdef
        EXPECT_FLAGS 0
        TEST_END
        FP_DATA
        .data
        .balign 8
dw:     .word   0x00000001, 0xfff00000, 0x89abcdef, 0x7ff01234
        .word   0, 0, 0, 0, 0x55555555
