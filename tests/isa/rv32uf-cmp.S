/*
 * rv32uf-cmp.S - fsgnj.s fsgnjn.s fsgnjx.s (bits, NaN payloads kept, no
 * flags), fmin.s fmax.s (-0 < +0, one NaN: the other operand, two NaNs:
 * canonical NaN, sNaN raises NV), feq.s flt.s fle.s (quiet / signaling
 * comparisons), fclass.s (all ten classes).
 */
#include "fptest.h"

        TEST_BEGIN
        FP_BEGIN
        T_S2    2, fsgnj.s,  0xbf800000, 0, 0x3f800000, 0xc0000000
        T_S2    3, fsgnj.s,  0x3f800000, 0, 0xbf800000, 0x40000000
        T_S2    4, fsgnjn.s, 0x3f800000, 0, 0x3f800000, 0xc0000000
        T_S2    5, fsgnjn.s, 0xbf800000, 0, 0x3f800000, 0x40000000
        T_S2    6, fsgnjx.s, 0x3f800000, 0, 0xbf800000, 0xc0000000
        T_S2    7, fsgnjx.s, 0xbf800000, 0, 0x3f800000, 0xc0000000
        T_S2    8, fsgnj.s,  0xff800001, 0, 0x7f800001, 0x80000000  /* sNaN: no NV */
        T_S2    9, fsgnjn.s, 0x7fc12345, 0, 0xffc12345, 0xffc00000
        T_S2   10, fsgnjx.s, 0x80000000, 0, 0x00000000, 0xff800000
        /* fmin / fmax */
        T_S2   11, fmin.s, 0x3f800000, 0, 0x3f800000, 0x40000000
        T_S2   12, fmax.s, 0x40000000, 0, 0x3f800000, 0x40000000
        T_S2   13, fmin.s, 0xc0000000, 0, 0x3f800000, 0xc0000000
        T_S2   14, fmin.s, 0x80000000, 0, 0x00000000, 0x80000000
        T_S2   15, fmin.s, 0x80000000, 0, 0x80000000, 0x00000000
        T_S2   16, fmax.s, 0x00000000, 0, 0x80000000, 0x00000000
        T_S2   17, fmax.s, 0x00000000, 0, 0x00000000, 0x80000000
        T_S2   18, fmin.s, 0x3f800000, 0, 0x7fc00000, 0x3f800000
        T_S2   19, fmax.s, 0x3f800000, 0, 0x3f800000, 0xffc12345
        T_S2   20, fmin.s, 0x3f800000, NV, 0x7f800001, 0x3f800000
        T_S2   21, fmax.s, 0xbf800000, NV, 0xbf800000, 0x7fa00000
        T_S2   22, fmin.s, 0x7fc00000, 0, 0x7fc12345, 0xffc00001
        T_S2   23, fmax.s, 0x7fc00000, NV, 0x7f800001, 0x7fc00000
        T_S2   24, fmin.s, 0xff800000, 0, 0xff800000, 0x7f800000
        T_S2   25, fmax.s, 0x7f800000, 0, 0xff800000, 0x7f800000
        T_S2   26, fmin.s, 0x00000001, 0, 0x00000001, 0x00000002
        /* feq / flt / fle */
        T_SX2  27, feq.s, 1, 0, 0x3f800000, 0x3f800000
        T_SX2  28, feq.s, 0, 0, 0x3f800000, 0x40000000
        T_SX2  29, feq.s, 1, 0, 0x80000000, 0x00000000
        T_SX2  30, feq.s, 0, 0, 0x7fc00000, 0x7fc00000
        T_SX2  31, feq.s, 0, NV, 0x7f800001, 0x3f800000
        T_SX2  32, feq.s, 0, NV, 0x3f800000, 0xff800001
        T_SX2  33, flt.s, 1, 0, 0x3f800000, 0x40000000
        T_SX2  34, flt.s, 0, 0, 0x40000000, 0x3f800000
        T_SX2  35, flt.s, 0, 0, 0x80000000, 0x00000000
        T_SX2  36, flt.s, 0, NV, 0x7fc00000, 0x3f800000
        T_SX2  37, flt.s, 1, 0, 0xff800000, 0x7f800000
        T_SX2  38, fle.s, 1, 0, 0x80000000, 0x00000000
        T_SX2  39, fle.s, 1, 0, 0x3f800000, 0x3f800000
        T_SX2  40, fle.s, 0, 0, 0x40000000, 0x3f800000
        T_SX2  41, fle.s, 0, NV, 0x3f800000, 0x7fc00000
        T_SX2  42, fle.s, 0, NV, 0x7f800001, 0x7f800001
        T_SX2  43, flt.s, 1, 0, 0xbf800000, 0x00000001
        T_SX2  44, fle.s, 0, 0, 0x00000002, 0x00000001
        /* fclass */
        T_SCLASS 45, 0x001, 0xff800000
        T_SCLASS 46, 0x002, 0xbf800000
        T_SCLASS 47, 0x004, 0x807fffff
        T_SCLASS 48, 0x008, 0x80000000
        T_SCLASS 49, 0x010, 0x00000000
        T_SCLASS 50, 0x020, 0x00000001
        T_SCLASS 51, 0x040, 0x7f7fffff
        T_SCLASS 52, 0x080, 0x7f800000
        T_SCLASS 53, 0x100, 0x7f800001
        T_SCLASS 54, 0x100, 0xffbfffff
        T_SCLASS 55, 0x200, 0x7fc00000
        T_SCLASS 56, 0x200, 0xffc12345
        T_SCLASS 57, 0x040, 0x00800000
        /* the aliases */
        TNUM   58
        LD_S    fa1, 0xc0400000
        fabs.s  fa3, fa1
        EXPECT_S fa3, 0x40400000
        fneg.s  fa3, fa3
        EXPECT_S fa3, 0xc0400000
        fmv.s   fa4, fa3
        EXPECT_S fa4, 0xc0400000
        TEST_END
        FP_DATA
