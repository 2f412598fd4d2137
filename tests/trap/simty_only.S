/* Machine-mode behaviour where simty and QEMU (which implements C, S and
 * U) legitimately differ, checked on simty's models only: jumps to
 * 2-byte-aligned targets (IALIGN = 32: instruction address misaligned),
 * a CSR that does not exist on an M-mode-only hart (satp), mtval of an
 * illegal instruction and of ebreak, mepc's WARL bits, exact counter
 * writes and mcountinhibit.  Every hart runs; odd harts take the branch
 * to a misaligned target, so that some lanes of a warp trap and the
 * others go on.  The last hart to finish checks every hart's record. */
#include "../isa/test.h"
#include "harts.h"


        .data
        .balign 4
        HARTS_DATA
        .balign 64
bcause:     .space 4 * MAXH      /* per hart: mcause + 1 of the branch trap, or 0 */

        .text
/* The handler of part 1 (per hart, s8-s11): record mcause, check mepc
 * and mtval, return to the branch's fall-through (mepc + 4). */
        .balign 4
bhandler:
        csrr    s8, mcause
        addi    s8, s8, 1
        la      s10, bcause
        csrr    s9, mhartid
        slli    s9, s9, 2
        add     s10, s10, s9
        sw      s8, 0(s10)
        csrr    s9, mepc
        la      s10, branch_at
        li      gp, 40
        bne     s9, s10, fail
        csrr    s9, mtval
        addi    s10, s10, 6             /* the target: branch_at + 6 */
        li      gp, 41
        bne     s9, s10, fail
        csrr    s9, mepc
        addi    s9, s9, 4
        csrw    mepc, s9
        mret

/* The handler of part 2 (hart 0): record cause, epc, tval; mepc += 4. */
        .balign 4
handler2:
        csrr    s8, mcause
        csrr    s9, mepc
        csrr    s10, mtval
        csrr    s11, mepc
        addi    s11, s11, 4
        csrw    mepc, s11
        mret

        HARTS_BEGIN bhandler

        /* 1: odd harts take a branch to a 2-byte-aligned target */
        andi    t0, a0, 1
branch_at:
        bnez    t0, branch_at + 6
        nop

        /* 2: jumps and the CSRs, on hart 0 alone after the others park */
        beqz    a0, solo
        j       done
solo:
        la      t0, handler2
        csrw    mtvec, t0
        la      a1, jal_at
        li      gp, 10
jal_at:
        jal     x0, jal_at + 2          /* cause 0, mtval the target */
        li      t0, 0
        bne     s8, t0, fail
        bne     s9, a1, fail
        addi    a1, a1, 2
        bne     s10, a1, fail
        li      gp, 11
        la      a1, jalr_at
        addi    a2, a1, 10
jalr_at:
        jalr    ra, 0(a2)               /* 4-byte mis-aligned by 2: cause 0 */
        li      t0, 0
        bne     s8, t0, fail
        bne     s9, a1, fail
        bne     s10, a2, fail
        li      gp, 12
        la      a1, satp_at
satp_at:
        csrr    a3, satp                /* no S-mode: illegal instruction */
        li      t0, 2
        bne     s8, t0, fail
        bne     s9, a1, fail
        li      t0, 0x180026f3          /* mtval: the instruction's bits */
        bne     s10, t0, fail
        li      gp, 13
        la      a1, ebreak_at
ebreak_at:
        ebreak                          /* cause 3, mtval the PC */
        li      t0, 3
        bne     s8, t0, fail
        bne     s9, a1, fail
        bne     s10, a1, fail
        li      gp, 14
        la      a1, illegal_at
illegal_at:
        .word   0xffffffff              /* cause 2, mtval the bits */
        li      t0, 2
        bne     s8, t0, fail
        li      t0, -1
        bne     s10, t0, fail
        li      gp, 15                  /* mepc bits 1:0 read as zero */
        li      t0, 0x80000003
        csrw    mepc, t0
        csrr    t1, mepc
        li      t0, 0x80000000
        bne     t1, t0, fail
        li      gp, 16                  /* minstret: the next instruction reads the value */
        li      t0, 100
        csrw    minstret, t0
        csrr    t1, minstret
        bne     t1, t0, fail
        csrr    t1, minstret            /* (two instructions later) */
        addi    t0, t0, 2
        bne     t1, t0, fail
        li      gp, 17                  /* mcountinhibit.CY freezes mcycle */
        csrwi   mcountinhibit, 1
        csrr    t0, mcycle
        nop
        nop
        csrr    t1, mcycle
        bne     t0, t1, fail
        li      gp, 18                  /* mcountinhibit.IR freezes minstret */
        csrwi   mcountinhibit, 4
        csrr    t0, minstret
        nop
        csrr    t1, minstret
        bne     t0, t1, fail
        csrwi   mcountinhibit, 0        /* (executed while inhibited: not counted) */
        csrr    t1, minstret
        li      gp, 19
        bne     t0, t1, fail
        li      gp, 20                  /* misa ignores writes */
        csrr    t0, misa
        csrw    misa, zero
        csrr    t1, misa
        bne     t0, t1, fail

done:   /* the last hart to get here checks every hart's branch trap */
        LAST_HART check_all
check_all:
        li      a1, 0
        li      gp, 2
check:
        la      a3, bcause
        slli    t0, a1, 2
        add     a3, a3, t0
        lw      a3, 0(a3)
        andi    a4, a1, 1               /* odd: cause 0, recorded as 1; even: none */
        bne     a3, a4, fail
next:   addi    a1, a1, 1
        la      t3, SIMTY_ID_NTHREADS
        lw      t3, 0(t3)
        bltu    a1, t3, check
        j       pass

        TEST_END
