/* Zawrs waits ended by interrupts: every hart arms its own timer
 * (h + 1) * STEP cycles ahead and waits for its handler in an lr.w /
 * wrs.nto loop; a pending enabled interrupt ends the wait (Zawrs), the
 * thread takes it, the handler sets the thread's flag.  With -DNO_MIE the
 * threads leave mstatus.MIE clear and the timer far away: nothing can ever
 * end the waits, which must be reported as a deadlock at once (a timer no
 * thread can take is no progress).  simty only: QEMU 7.2 has no Zawrs. */
#include "../isa/test.h"
#include "harts.h"

#define MTIMECMP (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIMECMP)
#define MTIME    (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME)
#define STEP     400

        .data
        .balign 4
        HARTS_DATA
        .balign 64
flags:      .space 4 * MAXH

        .text
        .balign 4
handler:                            /* s8-s11 only */
        csrr    s8, mcause
        li      s9, 0x80000007
        li      gp, 20
        bne     s8, s9, fail
        li      s9, 1
        sw      s9, 0(a1)           /* this hart's flag */
        csrr    s9, mhartid         /* its timer off */
        slli    s9, s9, 3
        li      s10, MTIMECMP
        add     s9, s9, s10
        li      s10, -1
        sw      s10, 4(s9)
        sw      s10, 0(s9)
        mret

        HARTS_BEGIN handler
        la      a1, flags
        slli    t0, a0, 2
        add     a1, a1, t0          /* a1: this hart's flag */
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
#ifdef NO_MIE
        li      t3, 4               /* far away: 2^34 cycles */
#else
        lw      t3, 4(t4)
#endif
        sw      t3, 4(t5)
        li      t1, 0x80
        csrs    mie, t1
#ifndef NO_MIE
        csrsi   mstatus, 8
#endif
wait:
        lr.w    t2, (a1)
        bnez    t2, done
        .word   0x00d00073          /* wrs.nto (Zawrs) */
        j       wait
done:
        LAST_HART pass

        TEST_END
