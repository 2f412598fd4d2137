/* A trap handler that faults at a later instruction than its first (issue
 * 32 item 11a): every hart installs it and executes ebreak; the handler's
 * second instruction loads from address 0, which enters the handler again,
 * one trap deeper each time, never reaching its mret.  Unlike trap_loop.S
 * the fault is not at the handler's first instruction: it must end as a
 * guest fault after MMODE_MAX_NEST (64) nested traps (status 121, "traps
 * nested") on every model and shape, not a run that never ends or a
 * deadlock. */
#include "../isa/test.h"
#include "harts.h"

        .data
        HARTS_DATA

        .text
        .balign 4
handler:
        nop
        lw      t1, 0(zero)             /* load access fault */
        mret

        HARTS_BEGIN handler
        ebreak
        li      gp, 2                   /* never here */
        j       fail

        TEST_END
