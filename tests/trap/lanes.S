/* Traps taken by some threads of a warp only.  Every hart runs (none
 * parks at the start) and installs the same direct-mode handler; then:
 *   1. odd harts execute an illegal instruction (the others do not);
 *   2. every hart loads from an address that is unmapped for harts 3k
 *      (a data-dependent fault inside one memory instruction);
 *   3. every hart arms its own timer, (h + 1) * STEP cycles ahead, and
 *      spins until its handler has run (interrupts one thread at a time);
 *   4. even harts ecall.
 * The handler counts each cause per hart; the last hart to finish
 * (an AMO counter) checks every hart's counts and ends the run.  On simty
 * the threads of a warp trap on their own, in SIMT terms a divergence, and
 * mret returns each to its own mepc.  Runs on every model and on QEMU.
 *
 * The handler uses s8-s11 only; the test code never does. */
#include "../isa/test.h"
#include "harts.h"

#define MTIMECMP (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIMECMP)
#define MTIME    (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME)
#define UNMAPPED 0x00800000
#define STEP     300

        .data
        .balign 4
        HARTS_DATA
word:       .word 7
        .balign 64
illegal:    .space 4 * MAXH      /* per hart: traps of each kind */
loadf:      .space 4 * MAXH
ticks:      .space 4 * MAXH
ecalls:     .space 4 * MAXH

        .text
/* COUNT arr: arr[mhartid]++ */
.macro COUNT arr
        la      s10, \arr
        csrr    s9, mhartid
        slli    s9, s9, 2
        add     s10, s10, s9
        lw      s11, 0(s10)
        addi    s11, s11, 1
        sw      s11, 0(s10)
.endm

        .balign 4
handler:
        csrr    s8, mcause
        bltz    s8, interrupt
        li      s10, 2
        beq     s8, s10, 1f
        li      s10, 5
        beq     s8, s10, 2f
        li      s10, 11
        beq     s8, s10, 3f
        li      gp, 90                  /* an unexpected exception */
        j       fail
1:      COUNT   illegal
        j       skip
2:      COUNT   loadf
        j       skip
3:      COUNT   ecalls
skip:   csrr    s10, mepc
        addi    s10, s10, 4
        csrw    mepc, s10
        j       ret
interrupt:
        li      s10, 0x80000007
        li      gp, 91                  /* an unexpected interrupt */
        bne     s8, s10, fail
        COUNT   ticks
        csrr    s9, mhartid             /* this hart's timer off */
        slli    s9, s9, 3
        li      s10, MTIMECMP
        add     s9, s9, s10
        li      s10, -1
        sw      s10, 4(s9)
        sw      s10, 0(s9)
ret:    li      s10, 0x1800             /* MPP = M (QEMU has U-mode) */
        csrs    mstatus, s10
        mret

/* ELEM reg, arr, hart: reg = arr[hart] */
.macro ELEM reg, arr, h
        la      \reg, \arr
        slli    t6, \h, 2
        add     \reg, \reg, t6
        lw      \reg, 0(\reg)
.endm

        HARTS_BEGIN handler

        /* 1: odd harts execute an illegal instruction */
        andi    t0, a0, 1
        beqz    t0, 1f
        .word   0
1:
        /* 2: harts 3k load from an unmapped address */
        li      t0, 3
        remu    t0, a0, t0
        la      t1, word
        li      t2, UNMAPPED
        bnez    t0, 2f
        mv      t1, t2
2:      lw      t3, 0(t1)

        /* 3: a timer interrupt of our own, (h + 1) * STEP cycles ahead */
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
        li      t1, 0x80
        csrs    mie, t1
        csrsi   mstatus, 8
        la      t1, ticks
        slli    t2, a0, 2
        add     t1, t1, t2
3:      lw      t2, 0(t1)
        beqz    t2, 3b
        csrci   mstatus, 8

        /* 4: even harts ecall */
        andi    t0, a0, 1
        bnez    t0, 4f
        ecall
4:
        /* the last hart to get here checks everyone's counts */
        LAST_HART check_all
check_all:
        li      a1, 0                   /* hart */
check:
        li      gp, 2
        ELEM    a3, illegal, a1
        andi    a4, a1, 1
        bne     a3, a4, fail
        li      gp, 3
        ELEM    a3, loadf, a1
        li      t0, 3
        remu    t0, a1, t0
        seqz    a4, t0
        bne     a3, a4, fail
        li      gp, 4
        ELEM    a3, ticks, a1
        li      a4, 1
        bne     a3, a4, fail
        li      gp, 5
        ELEM    a3, ecalls, a1
        andi    a4, a1, 1
        xori    a4, a4, 1
        bne     a3, a4, fail
        addi    a1, a1, 1
        la      t3, SIMTY_ID_NTHREADS
        lw      t3, 0(t3)
        bltu    a1, t3, check
        j       pass

        TEST_END
