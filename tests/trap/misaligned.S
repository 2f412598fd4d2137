/* Misaligned loads and stores with a trap handler: under --misaligned trap
 * they are exceptions (cause 4 for a load, 6 for a store, mtval the
 * address, mepc the instruction) that the handler takes; by default they
 * execute in hardware.  Either way the program checks what it sees (the
 * harness checks which way it went through the exception count).  Every
 * hart runs it; threads whose id is odd use a misaligned address, the
 * others an aligned one, so that one memory instruction traps for some
 * lanes of a warp only. */
#include "../isa/test.h"
#include "harts.h"


        .data
        .balign 4
        HARTS_DATA
        .balign 64
words:      .space 8 * MAXH       /* per hart: two words */
traps:      .space 4 * MAXH       /* per hart: traps taken */

        .text
        .balign 4
handler:                            /* s8-s11 only */
        csrr    s8, mcause
        csrr    s9, mtval
        csrr    s10, mepc
        li      gp, 30
        bne     s9, a2, fail        /* mtval: the address */
        la      s11, load_at
        bne     s10, s11, 1f
        li      gp, 31
        li      s11, 4
        bne     s8, s11, fail
        j       2f
1:      la      s11, store_at
        li      gp, 32
        bne     s10, s11, fail
        li      s11, 6
        bne     s8, s11, fail
2:      la      s10, traps
        csrr    s9, mhartid
        slli    s9, s9, 2
        add     s10, s10, s9
        lw      s11, 0(s10)
        addi    s11, s11, 1
        sw      s11, 0(s10)
        csrr    s10, mepc
        addi    s10, s10, 4
        csrw    mepc, s10
        mret

        HARTS_BEGIN handler
        la      a1, words           /* a1: this hart's two words */
        slli    t0, a0, 3
        add     a1, a1, t0
        li      t0, 0x44332211
        sw      t0, 0(a1)
        li      t0, 0x88776655
        sw      t0, 4(a1)
        andi    a2, a0, 1           /* a2: the address, odd harts + 1 */
        add     a2, a2, a1
        li      a3, 0x5a5a5a5a      /* (left unchanged by a trapped load) */
load_at:
        lw      a3, 0(a2)
        li      t1, 0xaabbccdd
store_at:
        sw      t1, 0(a2)
        andi    t0, a0, 1
        beqz    t0, aligned
        la      t2, traps           /* odd: trapped twice, or ran in hardware */
        slli    t3, a0, 2
        add     t2, t2, t3
        lw      t2, 0(t2)
        beqz    t2, hardware
        li      gp, 2
        li      t0, 2
        bne     t2, t0, fail
        li      gp, 3
        li      t0, 0x5a5a5a5a
        bne     a3, t0, fail
        li      gp, 4               /* the store did not happen */
        lw      t0, 0(a1)
        li      t3, 0x44332211
        bne     t0, t3, fail
        j       done
hardware:
        li      gp, 5
        li      t0, 0x55443322
        bne     a3, t0, fail
        li      gp, 6
        lw      t0, 0(a1)
        li      t3, 0xbbccdd11      /* bytes 1-3 of word 0: dd cc bb */
        bne     t0, t3, fail
        lw      t0, 4(a1)
        li      t3, 0x887766aa
        bne     t0, t3, fail
        j       done
aligned:
        li      gp, 7
        li      t0, 0x44332211
        bne     a3, t0, fail
        lw      t0, 0(a1)
        bne     t0, t1, fail
done:
        LAST_HART pass

        TEST_END
