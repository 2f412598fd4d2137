/* A thread in `j .` with its timer armed and interrupts enabled takes the
 * timer interrupt (issue 32 item 11h): a self loop parks a thread only
 * when no interrupt can reach it; with one enabled the thread waits in the
 * loop, as the hardware would, whatever the model's timing.  Every hart
 * arms its own timer (h + 1) * STEP cycles ahead, enables it and loops on
 * `j .`; its handler goes on to the end (the last hart passes).  With
 * -DNO_HANDLER mtvec stays 0: the interrupt jumps to address 0, a fetch
 * fault (status 121) on every model, not a thread parked (status 0). */
#include "../isa/test.h"
#include "harts.h"

#define MTIMECMP (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIMECMP)
#define MTIME    (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME)
#define STEP     2000

        .data
        HARTS_DATA

        .text
        .balign 4
handler:                                /* (mstatus.MIE is 0 from here on) */
        csrr    t0, mcause
        li      t1, 0x80000007
        li      gp, 2
        bne     t0, t1, fail
        la      t1, loop                /* taken in the loop */
        csrr    t0, mepc
        li      gp, 3
        bne     t0, t1, fail
        j       done

        HARTS_BEGIN handler
#ifdef NO_HANDLER
        csrw    mtvec, zero
#endif
        li      t4, MTIME
        lw      t1, 0(t4)
        lw      t2, 4(t4)
        addi    t3, a0, 1
        li      t0, STEP
        mul     t3, t3, t0
        add     t3, t1, t3
        sltu    t0, t3, t1              /* (carry) */
        add     t2, t2, t0
        slli    t5, a0, 3
        li      t0, MTIMECMP
        add     t5, t5, t0
        li      t0, -1
        sw      t0, 0(t5)               /* (no interrupt between the halves) */
        sw      t2, 4(t5)
        sw      t3, 0(t5)
        li      t0, 0x80
        csrs    mie, t0
        csrsi   mstatus, 8
loop:
        j       loop

done:
        LAST_HART pass

        TEST_END
