/* A trap handler whose first instruction faults (issue 32 item 11a): every
 * hart installs it and executes ebreak; the handler's first instruction
 * (a load from address 0, or with -DFETCH the fetch of a handler at an
 * unmapped address) raises an exception that would enter the same handler
 * at the same instruction again, forever.  It must be a guest fault naming
 * the trap loop (status 121) at once on every model and shape, not a run
 * that never ends (each trap nested one call level deeper on the SIMT
 * models, so their state never repeated). */
#include "../isa/test.h"
#include "harts.h"

        .data
        HARTS_DATA

        .text
        .balign 4
handler:
        lw      t1, 0(zero)             /* load access fault */
        mret

#ifdef FETCH
        HARTS_BEGIN 0x10                /* (no memory there) */
#else
        HARTS_BEGIN handler
#endif
        ebreak
        li      gp, 2                   /* never here */
        j       fail

        TEST_END
