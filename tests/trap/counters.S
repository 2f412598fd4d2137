/* Counter writes carry and replace the writer's increment (issue 32 item
 * 7): a write of mcycle/minstret or of their high halves sets the value
 * the next instruction reads, the writing instruction's own minstret
 * increment left out for either half (Zicsr: "the write is done instead of
 * the increment"); the counters then carry from the low half into the high
 * one.  Every hart checks its own counters, in the order riscv-tests'
 * instret_overflow writes them (low to all ones, then high to all ones,
 * read back), then the last hart to finish passes.  simty's models only:
 * QEMU without -icount counts host ticks, not instructions. */
#include "../isa/test.h"
#include "harts.h"

        .data
        HARTS_DATA

        .text
        .balign 4
handler:                                /* no trap is expected */
        li      gp, 90
        j       fail

        HARTS_BEGIN handler
        li      t4, -1
        li      t5, 3
        li      t6, 7

        /* minstret: all ones in the low half, then the carry */
        li      gp, 2
        csrw    minstreth, zero
        csrw    minstret, t4            /* the next instruction reads 0:ffffffff */
        csrr    t1, minstreth           /* 0 */
        csrr    t2, minstreth           /* 1: the carry of the previous increment */
        csrr    t3, minstret            /* 1 */
        bnez    t1, fail
        li      gp, 3
        li      t0, 1
        bne     t2, t0, fail
        li      gp, 4
        bne     t3, t0, fail

        /* minstret: low then high to all ones (the write of the high half
         * replaces its own increment: no carry into the written half) */
        li      gp, 5
        csrw    minstret, t4
        csrw    minstreth, t4           /* the next instruction reads all ones */
        csrr    t1, minstret            /* ffffffff */
        csrr    t2, minstreth           /* 0: wrapped */
        csrr    t3, minstret            /* 1 */
        bne     t1, t4, fail
        li      gp, 6
        bnez    t2, fail
        li      gp, 7
        li      t0, 1
        bne     t3, t0, fail

        /* minstret: a write of the low half replaces the increment that
         * would carry into the high half */
        li      gp, 8
        csrw    minstreth, t6
        csrw    minstret, t4            /* 7:ffffffff */
        csrw    minstret, t5            /* 7:3, not 8:3 */
        csrr    t1, minstreth           /* 7 */
        csrr    t2, minstret            /* 4 */
        bne     t1, t6, fail
        li      gp, 9
        li      t0, 4
        bne     t2, t0, fail

        /* minstreth alone: the low half stays as it was */
        li      gp, 10
        csrw    minstret, t4
        csrw    minstreth, t5           /* 3:ffffffff */
        csrr    t1, minstret            /* ffffffff */
        csrr    t2, minstreth           /* 4: the carry of the previous increment */
        bne     t1, t4, fail
        li      gp, 11
        li      t0, 4
        bne     t2, t0, fail

        /* mcycle: all ones in the low half, then the carry (at least one
         * cycle passes between two instructions of a thread) */
        li      gp, 12
        csrw    mcycleh, zero
        csrw    mcycle, t4
        csrr    t1, mcycleh             /* 1 */
        li      t0, 1
        bne     t1, t0, fail

        /* mcycle: low then high to all ones: the high half reads what was
         * written, the low half has wrapped to the few cycles since */
        li      gp, 13
        csrw    mcycle, t4
        csrw    mcycleh, t4
        csrr    t1, mcycleh             /* ffffffff */
        csrr    t2, mcycle              /* small */
        bne     t1, t4, fail
        li      gp, 14
        li      t0, 0x10000
        bgeu    t2, t0, fail

        /* mcycleh alone: the low half goes on from where it was */
        li      gp, 15
        csrw    mcycle, zero
        csrw    mcycleh, t6
        csrr    t1, mcycleh             /* 7 */
        csrr    t2, mcycle              /* small, not 0xffffffff-ish */
        bne     t1, t6, fail
        li      gp, 16
        bgeu    t2, t0, fail
        beqz    t2, fail                /* (cycles passed since the write) */

        LAST_HART pass

        TEST_END
