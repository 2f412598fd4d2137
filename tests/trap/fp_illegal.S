/* Illegal FP instructions (issue 15), one hart (the others park): each
 * must trap with cause 2 (illegal instruction) at its own address and
 * leave its destination and fflags untouched:
 *   - rm = dyn (7) while frm holds a reserved mode, 5, 6 or 7;
 *   - the reserved static rounding modes 5 and 6;
 *   - any FP instruction or FP CSR access while mstatus.FS = Off.
 * An instruction without a rounding mode (fsgnj.s) and one with a static
 * mode still execute while frm is reserved. 8 exceptions in all. */
#include "../isa/test.h"

.macro MRET_M
        li      t1, 0x1800
        csrs    mstatus, t1
        mret
.endm

        .data
        .balign 4
rec_cause:  .word 0
rec_epc:    .word 0
rec_count:  .word 0
save_t1:    .word 0
fword:      .word 0x40400000

        .text
        .balign 4
handler:
        csrrw   t0, mscratch, t0
        la      t0, rec_cause
        sw      t1, 12(t0)
        csrr    t1, mcause
        sw      t1, 0(t0)
        csrr    t1, mepc
        sw      t1, 4(t0)
        lw      t1, 8(t0)
        addi    t1, t1, 1
        sw      t1, 8(t0)
        csrr    t1, mepc
        addi    t1, t1, 4
        csrw    mepc, t1
        la      t0, rec_cause
        lw      t1, 12(t0)
        csrrw   t0, mscratch, t0
        MRET_M

/* CHECK_ILL n, count, label: trap number `count` (cause 2) was at label */
.macro CHECK_ILL n, count, at
        TNUM    \n
        la      a1, rec_cause
        lw      a3, 0(a1)
        EXPECT  a3, 2
        lw      a3, 4(a1)
        la      t6, \at
        FAIL_NE a3, t6
        lw      a3, 8(a1)
        EXPECT  a3, \count
.endm

/* fadd.s fa3, fa1, fa2 with rounding-mode field rm */
#define FADD_S_RM(rm) .word ((12 << 20) | (11 << 15) | ((rm) << 12) | (13 << 7) | 0x53)

        TEST_BEGIN
        la      t0, handler
        csrw    mtvec, t0
        li      t0, 0x2000
        csrs    mstatus, t0              /* FS = Initial */
        li      t0, 0x3f800000
        fmv.w.x fa1, t0
        fmv.w.x fa2, t0
        fmv.w.x fa3, x0
        csrwi   fflags, 0
        /* frm = 5, 6, 7 with rm = dyn */
        csrwi   frm, 5
at1:    fadd.s  fa3, fa1, fa2, dyn
        CHECK_ILL 2, 1, at1
        csrwi   frm, 6
at2:    fmul.s  fa3, fa1, fa2, dyn
        CHECK_ILL 3, 2, at2
        csrwi   frm, 7
at3:    fsqrt.d fa3, fa1, dyn
        CHECK_ILL 4, 3, at3
        TNUM    5                        /* destination and flags untouched */
        fmv.x.w a3, fa3
        EXPECT  a3, 0
        csrr    a3, fflags
        EXPECT  a3, 0
        csrr    a3, frm
        EXPECT  a3, 7
        TNUM    6                        /* no rm, or a static one: executes */
        fsgnjn.s fa3, fa1, fa2
        fmv.x.w a3, fa3
        EXPECT  a3, 0xbf800000
        fadd.s  fa3, fa1, fa2, rtz
        fmv.x.w a3, fa3
        EXPECT  a3, 0x40000000
        la      a1, rec_count
        lw      a3, 0(a1)
        EXPECT  a3, 3
        csrwi   frm, 0
        /* static rm 5 and 6 are reserved */
at4:    FADD_S_RM(5)
        CHECK_ILL 7, 4, at4
at5:    FADD_S_RM(6)
        CHECK_ILL 8, 5, at5
        TNUM    9                        /* rm 7 (dyn) with frm = 0: executes */
        fmv.w.x fa3, x0
        FADD_S_RM(7)
        fmv.x.w a3, fa3
        EXPECT  a3, 0x40000000
        /* mstatus.FS = Off: every FP instruction and FP CSR is illegal */
        li      t0, 0x6000
        csrc    mstatus, t0
at6:    fadd.s  fa3, fa1, fa2, rne
        CHECK_ILL 10, 6, at6
        la      a2, fword
at7:    flw     fa3, 0(a2)
        CHECK_ILL 11, 7, at7
        li      a5, 0x1234
at8:    csrr    a5, fflags
        CHECK_ILL 12, 8, at8
        TNUM    13
        EXPECT  a5, 0x1234               /* csrr's destination untouched */
        li      t0, 0x2000
        csrs    mstatus, t0
        fmv.x.w a3, fa3
        EXPECT  a3, 0x40000000           /* fa3 kept through the traps */
        TEST_END
