/*
 * fptest.h - macros of the F and D ISA tests (rv32uf-*.S, rv32ud-*.S), on
 * top of test.h. Built with -march=rv32imafd -mabi=ilp32d (build.sh and
 * tests/programs.py pick those flags for the rv32uf-/rv32ud- files).
 *
 * Values are bit patterns: singles as one 32-bit word, doubles as two
 * words (hi, lo). Every check clears fflags before the instruction and
 * compares fflags after it (NV 0x10, DZ 0x08, OF 0x04, UF 0x02, NX 0x01).
 * A single-precision result must be NaN-boxed: its upper 32 bits, read
 * back with fsd, must be all ones.
 *
 * Registers: a1, a2, a5 operands; a3 result; a4 fflags / scratch pointer;
 * t5 scratch; t6 expected (EXPECT); fa1, fa2, fa5 operands, fa3 result.
 */
#ifndef SIMTY_FPTEST_H
#define SIMTY_FPTEST_H

#include "test.h"

#define NV 0x10
#define DZ 0x08
#define OF 0x04
#define UF 0x02
#define NX 0x01

/* FP_BEGIN: after TEST_BEGIN: mstatus.FS = Initial (QEMU resets it to
 * Off, which makes every FP instruction illegal), fcsr = 0. */
.macro FP_BEGIN
        li      t0, 0x2000
        csrs    mstatus, t0
        csrwi   fcsr, 0
.endm

/* FP_DATA: the scratch doubleword the macros load and store through. */
.macro FP_DATA
        .data
        .balign 8
fpscratch:
        .dword  0
        .dword  0
        .text
.endm

/* LD_S freg, bits: freg = the single `bits` (NaN-boxed by fmv.w.x). */
.macro LD_S freg, bits
        li      t5, \bits
        fmv.w.x \freg, t5
.endm

/* LD_D freg, hi, lo: freg = the 64 bits hi:lo (through memory). */
.macro LD_D freg, hi, lo
        la      a4, fpscratch
        li      t5, \lo
        sw      t5, 0(a4)
        li      t5, \hi
        sw      t5, 4(a4)
        fld     \freg, 0(a4)
.endm

/* EXPECT_FLAGS flags: fflags == flags (the csrr happens first). */
.macro EXPECT_FLAGS flags
        csrr    a4, fflags
        EXPECT  a4, \flags
.endm

/* EXPECT_S freg, bits: freg holds the NaN-boxed single `bits`. */
.macro EXPECT_S freg, bits
        fmv.x.w a3, \freg
        EXPECT  a3, \bits
        la      a4, fpscratch
        fsd     \freg, 0(a4)
        lw      a3, 4(a4)
        EXPECT  a3, 0xffffffff
        lw      a3, 0(a4)
        EXPECT  a3, \bits
.endm

/* EXPECT_D freg, hi, lo: freg holds the 64 bits hi:lo. */
.macro EXPECT_D freg, hi, lo
        la      a4, fpscratch
        fsd     \freg, 0(a4)
        lw      a3, 0(a4)
        EXPECT  a3, \lo
        lw      a3, 4(a4)
        EXPECT  a3, \hi
.endm

/* ---- single precision ---- */

/* T_S2R n, op, rm, exp, flags, a, b: op fa3, fa1, fa2, rm */
.macro T_S2R n, op, rm, exp, flags, a, b
        TNUM    \n
        LD_S    fa1, \a
        LD_S    fa2, \b
        csrwi   fflags, 0
        \op     fa3, fa1, fa2, \rm
        EXPECT_FLAGS \flags
        EXPECT_S fa3, \exp
.endm

/* T_S2 n, op, exp, flags, a, b: op fa3, fa1, fa2 (no rounding mode) */
.macro T_S2 n, op, exp, flags, a, b
        TNUM    \n
        LD_S    fa1, \a
        LD_S    fa2, \b
        csrwi   fflags, 0
        \op     fa3, fa1, fa2
        EXPECT_FLAGS \flags
        EXPECT_S fa3, \exp
.endm

/* T_S1R n, op, rm, exp, flags, a: op fa3, fa1, rm */
.macro T_S1R n, op, rm, exp, flags, a
        TNUM    \n
        LD_S    fa1, \a
        csrwi   fflags, 0
        \op     fa3, fa1, \rm
        EXPECT_FLAGS \flags
        EXPECT_S fa3, \exp
.endm

/* T_S3R n, op, rm, exp, flags, a, b, c: op fa3, fa1, fa2, fa5, rm */
.macro T_S3R n, op, rm, exp, flags, a, b, c
        TNUM    \n
        LD_S    fa1, \a
        LD_S    fa2, \b
        LD_S    fa5, \c
        csrwi   fflags, 0
        \op     fa3, fa1, fa2, fa5, \rm
        EXPECT_FLAGS \flags
        EXPECT_S fa3, \exp
.endm

/* T_SX2 n, op, exp, flags, a, b: op a3, fa1, fa2 (comparisons) */
.macro T_SX2 n, op, exp, flags, a, b
        TNUM    \n
        LD_S    fa1, \a
        LD_S    fa2, \b
        csrwi   fflags, 0
        \op     a3, fa1, fa2
        EXPECT_FLAGS \flags
        EXPECT  a3, \exp
.endm

/* T_SX1R n, op, rm, exp, flags, a: op a3, fa1, rm (fcvt.w[u].s) */
.macro T_SX1R n, op, rm, exp, flags, a
        TNUM    \n
        LD_S    fa1, \a
        csrwi   fflags, 0
        \op     a3, fa1, \rm
        EXPECT_FLAGS \flags
        EXPECT  a3, \exp
.endm

/* T_SCLASS n, exp, a: fclass.s a3, fa1 */
.macro T_SCLASS n, exp, a
        TNUM    \n
        LD_S    fa1, \a
        csrwi   fflags, 0
        fclass.s a3, fa1
        EXPECT_FLAGS 0
        EXPECT  a3, \exp
.endm

/* T_XS1R n, op, rm, exp, flags, a: op fa3, a1, rm (fcvt.s.w[u]) */
.macro T_XS1R n, op, rm, exp, flags, a
        TNUM    \n
        li      a1, \a
        csrwi   fflags, 0
        \op     fa3, a1, \rm
        EXPECT_FLAGS \flags
        EXPECT_S fa3, \exp
.endm

/* ---- double precision (values as hi, lo word pairs) ---- */

/* T_D2R n, op, rm, eh, el, flags, ah, al, bh, bl: op fa3, fa1, fa2, rm */
.macro T_D2R n, op, rm, eh, el, flags, ah, al, bh, bl
        TNUM    \n
        LD_D    fa1, \ah, \al
        LD_D    fa2, \bh, \bl
        csrwi   fflags, 0
        \op     fa3, fa1, fa2, \rm
        EXPECT_FLAGS \flags
        EXPECT_D fa3, \eh, \el
.endm

.macro T_D2 n, op, eh, el, flags, ah, al, bh, bl
        TNUM    \n
        LD_D    fa1, \ah, \al
        LD_D    fa2, \bh, \bl
        csrwi   fflags, 0
        \op     fa3, fa1, fa2
        EXPECT_FLAGS \flags
        EXPECT_D fa3, \eh, \el
.endm

.macro T_D1R n, op, rm, eh, el, flags, ah, al
        TNUM    \n
        LD_D    fa1, \ah, \al
        csrwi   fflags, 0
        \op     fa3, fa1, \rm
        EXPECT_FLAGS \flags
        EXPECT_D fa3, \eh, \el
.endm

.macro T_D3R n, op, rm, eh, el, flags, ah, al, bh, bl, ch, cl
        TNUM    \n
        LD_D    fa1, \ah, \al
        LD_D    fa2, \bh, \bl
        LD_D    fa5, \ch, \cl
        csrwi   fflags, 0
        \op     fa3, fa1, fa2, fa5, \rm
        EXPECT_FLAGS \flags
        EXPECT_D fa3, \eh, \el
.endm

.macro T_DX2 n, op, exp, flags, ah, al, bh, bl
        TNUM    \n
        LD_D    fa1, \ah, \al
        LD_D    fa2, \bh, \bl
        csrwi   fflags, 0
        \op     a3, fa1, fa2
        EXPECT_FLAGS \flags
        EXPECT  a3, \exp
.endm

/* fcvt.w[u].d */
.macro T_DX1R n, op, rm, exp, flags, ah, al
        TNUM    \n
        LD_D    fa1, \ah, \al
        csrwi   fflags, 0
        \op     a3, fa1, \rm
        EXPECT_FLAGS \flags
        EXPECT  a3, \exp
.endm

.macro T_DCLASS n, exp, ah, al
        TNUM    \n
        LD_D    fa1, \ah, \al
        csrwi   fflags, 0
        fclass.d a3, fa1
        EXPECT_FLAGS 0
        EXPECT  a3, \exp
.endm

/* fcvt.d.w[u]: always exact; GNU as takes no rounding mode for them
 * (rm documents the test: the field is encoded as 0) */
.macro T_XD1R n, op, rm, eh, el, flags, a
        TNUM    \n
        li      a1, \a
        csrwi   fflags, 0
        \op     fa3, a1
        EXPECT_FLAGS \flags
        EXPECT_D fa3, \eh, \el
.endm

/* fcvt.s.d: double in, single out */
.macro T_SD1R n, op, rm, exp, flags, ah, al
        TNUM    \n
        LD_D    fa1, \ah, \al
        csrwi   fflags, 0
        \op     fa3, fa1, \rm
        EXPECT_FLAGS \flags
        EXPECT_S fa3, \exp
.endm

/* fcvt.d.s: single in, double out (fcvt.d.s has an rm field; GNU as
 * accepts it only without one in older versions: encoded as given) */
.macro T_DS1 n, eh, el, flags, a
        TNUM    \n
        LD_S    fa1, \a
        csrwi   fflags, 0
        fcvt.d.s fa3, fa1
        EXPECT_FLAGS \flags
        EXPECT_D fa3, \eh, \el
.endm

#endif
