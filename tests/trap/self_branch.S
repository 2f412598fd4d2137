/* A conditional branch to itself waited in with interrupts enabled: every
 * hart arms its own timer (h + 1) * STEP cycles ahead, sets s7 and waits
 * in `bnez s7, .`; the handler clears s7 and mret returns to the branch
 * (or before it, on a hart whose timer came first), which falls through.
 * A thread in such a branch parks only when it cannot take an interrupt
 * (docs/platform.md, "Ending threads and programs"): here every hart must
 * leave it.  With -DNO_MIE (self_branch_nomie.S) the
 * threads leave mstatus.MIE clear: nothing can end the branch, every
 * thread parks in it and the program ends `parked`, as with `j .`. */
#include "../isa/test.h"
#include "harts.h"

#define MTIMECMP (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIMECMP)
#define MTIME    (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME)
#define STEP     300

        .data
        HARTS_DATA

        .text
        .balign 4
handler:                            /* s8-s11 only */
        csrr    s8, mcause
        li      s9, 0x80000007
        li      gp, 20
        bne     s8, s9, fail
        li      s7, 0               /* ends the wait */
        csrr    s9, mhartid         /* its timer off */
        slli    s9, s9, 3
        li      s10, MTIMECMP
        add     s9, s9, s10
        li      s10, -1
        sw      s10, 4(s9)
        sw      s10, 0(s9)
        mret

        HARTS_BEGIN handler
        li      t4, MTIME
        lw      t1, 0(t4)
        addi    t2, a0, 1
        li      t3, STEP
        mul     t2, t2, t3
        add     t1, t1, t2
        slli    t5, a0, 3
        li      t3, MTIMECMP
        add     t5, t5, t3
        li      t3, -1
        sw      t3, 4(t5)
        sw      t1, 0(t5)
        lw      t3, 4(t4)
        sw      t3, 4(t5)
        li      s7, 1           /* (before the interrupt can come) */
        li      t1, 0x80
        csrs    mie, t1
#ifndef NO_MIE
        csrsi   mstatus, 8
#endif
wait:
        bnez    s7, wait
        LAST_HART pass

        TEST_END
