/*
 * harts.h - what the trap tests in which every hart runs share (after
 * ../isa/test.h): per-hart arrays of MAXH entries, the start of every hart,
 * and the end where the last hart to arrive goes on (to check everyone's
 * records, or to pass) while the others park.
 */
#ifndef SIMTY_TRAP_HARTS_H
#define SIMTY_TRAP_HARTS_H

#define MAXH 256 /* harts the per-hart arrays hold */

/* HARTS_DATA (in .data): the thread count the loader (or qemu_run.py)
 * writes, and the arrival counter. */
.macro HARTS_DATA
        .balign 4
        .globl  SIMTY_ID_NTHREADS
SIMTY_ID_NTHREADS:
        .word   1
harts_arrived:
        .word   0
.endm

/* HARTS_BEGIN handler: _start for every hart: gp = 1 (check number),
 * a0 = mhartid (below MAXH, else fail), mtvec = handler (direct). */
.macro HARTS_BEGIN handler
        .section .text.init, "ax", @progbits
        .globl  _start
_start:
        li      gp, 1
        csrr    a0, mhartid
        li      t0, MAXH
        bgeu    a0, t0, fail
        la      t0, \handler
        csrw    mtvec, t0
.endm

/* LAST_HART label: the last hart to get here goes to label, the others
 * park (j ., their end).  Uses t0-t3. */
.macro LAST_HART label
        la      t0, harts_arrived
        li      t1, 1
        amoadd.w t2, t1, (t0)
        la      t3, SIMTY_ID_NTHREADS
        lw      t3, 0(t3)
        addi    t3, t3, -1
        beq     t2, t3, \label
.Lpark_\@:
        j       .Lpark_\@
.endm

#endif
