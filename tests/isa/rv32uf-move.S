/*
 * rv32uf-move.S - flw fsw (offsets, NaN bits kept, flw NaN-boxes),
 * fmv.x.w fmv.w.x (bits unchanged, no flags), and the FP CSRs: fflags
 * (5 bits), frm (3 bits), fcsr (frm << 5 | fflags, upper bits read 0),
 * every csrr* form and the pseudo-instructions (frcsr fscsr frrm fsrm
 * frflags fsflags and their immediate forms), dynamic rounding through frm.
 */
#include "fptest.h"

        TEST_BEGIN
        FP_BEGIN
        /* flw / fsw */
        TNUM    2
        la      a1, words
        flw     fa1, 0(a1)
        EXPECT_S fa1, 0x7f800001        /* sNaN loaded as is */
        flw     fa2, 4(a1)
        EXPECT_S fa2, 0x3f800000
        addi    a2, a1, 16
        flw     fa3, -8(a2)             /* words+8 */
        EXPECT_S fa3, 0xffc12345
        TNUM    3
        la      a1, out
        fsw     fa1, 4(a1)
        fsw     fa3, 0(a1)
        lw      a3, 4(a1)
        EXPECT  a3, 0x7f800001
        lw      a3, 0(a1)
        EXPECT  a3, 0xffc12345
        lw      a3, 8(a1)
        EXPECT  a3, 0x55555555          /* neighbour untouched */
        addi    a2, a1, 32
        fsw     fa2, -20(a2)            /* out+12 */
        lw      a3, 12(a1)
        EXPECT  a3, 0x3f800000
        TNUM    4                        /* loads and stores raise no flags */
        EXPECT_FLAGS 0
        /* fmv */
        TNUM    5
        li      a1, 0x7f800001
        fmv.w.x fa1, a1
        fmv.x.w a3, fa1
        EXPECT  a3, 0x7f800001
        EXPECT_FLAGS 0
        li      a1, 0x80000000
        fmv.w.x fa1, a1
        EXPECT_S fa1, 0x80000000
        fmv.x.w x0, fa1
        FAIL_NE x0, zero
        fmv.w.x fa1, x0
        EXPECT_S fa1, 0
        /* fflags */
        TNUM    6
        li      a1, 0xffffffff
        csrw    fflags, a1
        csrr    a3, fflags
        EXPECT  a3, 0x1f
        csrr    a3, frm
        EXPECT  a3, 0                    /* frm untouched */
        csrr    a3, fcsr
        EXPECT  a3, 0x1f
        TNUM    7
        li      a1, 0x05
        csrrw   a3, fflags, a1           /* swap */
        EXPECT  a3, 0x1f
        csrrs   a3, fflags, 0x0a
        EXPECT  a3, 0x05
        csrrc   a3, fflags, 0x01
        EXPECT  a3, 0x0f
        frflags a3
        EXPECT  a3, 0x0e
        csrrwi  a3, fflags, 0x11
        EXPECT  a3, 0x0e
        csrrsi  a3, fflags, 0x02
        EXPECT  a3, 0x11
        csrrci  a3, fflags, 0x10
        EXPECT  a3, 0x13
        csrr    a3, fflags
        EXPECT  a3, 0x03
        li      a1, 0x10
        fsflags a3, a1
        EXPECT  a3, 0x03
        fsflagsi a3, 0x1
        EXPECT  a3, 0x10
        csrr    a3, fflags
        EXPECT  a3, 0x01
        /* frm */
        TNUM    8
        csrwi   fflags, 0
        li      a1, 0xffffffff
        csrw    frm, a1
        csrr    a3, frm
        EXPECT  a3, 7
        csrr    a3, fcsr
        EXPECT  a3, 0xe0
        csrr    a3, fflags
        EXPECT  a3, 0
        TNUM    9
        li      a1, 2
        csrrw   a3, frm, a1
        EXPECT  a3, 7
        fsrmi   a3, 4
        EXPECT  a3, 2
        frrm    a3
        EXPECT  a3, 4
        li      a1, 1
        fsrm    a3, a1
        EXPECT  a3, 4
        csrrsi  a3, frm, 2
        EXPECT  a3, 1
        csrrci  a3, frm, 1
        EXPECT  a3, 3
        csrr    a3, frm
        EXPECT  a3, 2
        /* fcsr */
        TNUM    10
        li      a1, 0xffffffff
        csrrw   a3, fcsr, a1
        EXPECT  a3, 0x40                 /* frm 2, no flags */
        csrr    a3, fcsr
        EXPECT  a3, 0xff
        csrr    a3, frm
        EXPECT  a3, 7
        csrr    a3, fflags
        EXPECT  a3, 0x1f
        TNUM    11
        li      a1, 0x65                 /* frm 3, NV|OF|NX */
        fscsr   a3, a1
        EXPECT  a3, 0xff
        frcsr   a3
        EXPECT  a3, 0x65
        csrrci  a3, fcsr, 0x04
        EXPECT  a3, 0x65
        csrr    a3, fcsr
        EXPECT  a3, 0x61
        csrrsi  a3, fcsr, 0x1f
        csrr    a3, fcsr
        EXPECT  a3, 0x7f
        csrrwi  a3, fcsr, 0
        EXPECT  a3, 0x7f
        csrr    a3, fcsr
        EXPECT  a3, 0
        /* an instruction's flags accumulate in fcsr, frm kept */
        TNUM    12
        csrwi   frm, 1
        csrwi   fflags, 0x02             /* UF already set */
        LD_S    fa1, 0x3f800000
        fmv.w.x fa2, x0
        fdiv.s  fa3, fa1, fa2, rne       /* DZ */
        csrr    a3, fcsr
        EXPECT  a3, 0x2a
        /* dynamic rounding: frm selects the mode of rm = dyn */
        TNUM    13
        LD_S    fa1, 0x3f800000
        LD_S    fa2, 0x33800000          /* 1 + 2^-24: a tie */
        csrwi   frm, 0
        fadd.s  fa3, fa1, fa2, dyn
        EXPECT_S fa3, 0x3f800000
        csrwi   frm, 3
        fadd.s  fa3, fa1, fa2, dyn
        EXPECT_S fa3, 0x3f800001
        csrwi   frm, 4
        fadd.s  fa3, fa1, fa2            /* assembler default: dyn */
        EXPECT_S fa3, 0x3f800001
        csrwi   frm, 1
        fadd.s  fa3, fa1, fa2, dyn
        EXPECT_S fa3, 0x3f800000
        fadd.s  fa3, fa1, fa2, rup       /* static rm wins over frm */
        EXPECT_S fa3, 0x3f800001
        TNUM    14
        LD_S    fa1, 0xbf800000
        LD_S    fa2, 0xb3800000
        csrwi   frm, 2
        fadd.s  fa3, fa1, fa2, dyn
        EXPECT_S fa3, 0xbf800001
        csrwi   frm, 3
        fadd.s  fa3, fa1, fa2, dyn
        EXPECT_S fa3, 0xbf800000
        csrwi   frm, 0
        /* fmv.x.w / fsw copy the low 32 bits of an unboxed register */
        TNUM    15
        la      a1, dwords
        fld     fa1, 0(a1)               /* 0x12345678_3f800000 */
        fmv.x.w a3, fa1
        EXPECT  a3, 0x3f800000
        la      a2, out
        fsw     fa1, 16(a2)
        lw      a3, 16(a2)
        EXPECT  a3, 0x3f800000
        TEST_END
        FP_DATA
        .data
        .balign 8
words:  .word   0x7f800001, 0x3f800000, 0xffc12345, 0
dwords: .word   0x3f800000, 0x12345678
out:    .word   0x55555555, 0x55555555, 0x55555555, 0x55555555, 0x55555555
