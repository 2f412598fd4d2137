/* Interrupts and the M-mode CSRs, one hart (the others park): a vectored
 * trap table, the machine timer (CLINT mtime/mtimecmp, mie.MTIE, mip.MTIP)
 * waited for with wfi, the software interrupt (CLINT msip), their
 * priority, mstatus.MIE masking, and the CSRs a standard M-mode
 * environment touches.  Runs on every model and on QEMU -M virt -bios none
 * with the same result (docs/platform.md, "Machine mode and traps").
 *
 * The handlers use s8-s11 only; the test code never does. */
#include "../isa/test.h"

#define MTIMECMP (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIMECMP)
#define MTIME    (SIMTY_CLINT_BASE + SIMTY_CLINT_MTIME)
#define MSIP     (SIMTY_CLINT_BASE + SIMTY_CLINT_MSIP)
#define PERIOD   2000

        .data
        .balign 4
ticks:      .word 0
soft:       .word 0
excs:       .word 0
last_epc:   .word 0
log:        .word 0, 0, 0, 0     /* mcause of the traps of check 30, in order */
log_n:      .word 0

        .text
/* The vector table: exceptions at the base, interrupt i at base + 4i. */
        .balign 256
vectors:
        j       exc_handler     /* 0: exceptions */
        j       fail            /* 1: supervisor software */
        j       fail            /* 2 */
        j       msi_handler     /* 3: machine software */
        j       fail            /* 4 */
        j       fail            /* 5: supervisor timer */
        j       fail            /* 6 */
        j       mti_handler     /* 7: machine timer */
        j       fail            /* 8 */
        j       fail            /* 9: supervisor external */
        j       fail            /* 10 */
        j       fail            /* 11: machine external */

/* MRET_M: mret to machine mode (QEMU has U-mode: MPP is set again; simty's
 * always reads M). */
.macro MRET_M
        li      s10, 0x1800
        csrs    mstatus, s10
        mret
.endm

/* LOG: append mcause to `log` */
.macro LOG
        la      s10, log_n
        lw      s11, 0(s10)
        slli    s9, s11, 2
        addi    s11, s11, 1
        sw      s11, 0(s10)
        la      s10, log
        add     s10, s10, s9
        csrr    s11, mcause
        sw      s11, 0(s10)
.endm

/* this hart's mtimecmp (s9: address) := -1 (high word first: no spurious
 * interrupt in between) */
.macro TIMER_OFF
        csrr    s9, mhartid
        slli    s9, s9, 3
        li      s10, MTIMECMP
        add     s9, s9, s10
        li      s10, -1
        sw      s10, 4(s9)
        sw      s10, 0(s9)
.endm

exc_handler:
        la      s10, excs
        lw      s11, 0(s10)
        addi    s11, s11, 1
        sw      s11, 0(s10)
        csrr    s11, mcause
        li      s10, 11                 /* only ecall is expected */
        bne     s11, s10, fail
        csrr    s11, mepc
        addi    s11, s11, 4
        csrw    mepc, s11
        MRET_M

msi_handler:
        LOG
        csrr    s11, mcause
        li      s10, 0x80000003
        bne     s11, s10, fail
        csrr    s11, mip                /* MSIP pending in the handler */
        andi    s11, s11, 0x8
        beqz    s11, fail
        csrr    s11, mstatus            /* MIE cleared, MPIE set */
        andi    s11, s11, 0x88
        li      s10, 0x80
        bne     s11, s10, fail
        csrr    s9, mhartid             /* clear this hart's msip */
        slli    s9, s9, 2
        li      s10, MSIP
        add     s9, s9, s10
        sw      zero, 0(s9)
        la      s10, soft
        lw      s11, 0(s10)
        addi    s11, s11, 1
        sw      s11, 0(s10)
        csrr    s11, mepc
        la      s10, last_epc
        sw      s11, 0(s10)
        MRET_M

mti_handler:
        LOG
        csrr    s11, mcause
        li      s10, 0x80000007
        bne     s11, s10, fail
        csrr    s11, mip                /* MTIP pending in the handler */
        andi    s11, s11, 0x80
        beqz    s11, fail
        csrr    s11, mepc
        la      s10, last_epc
        sw      s11, 0(s10)
        la      s10, ticks
        lw      s11, 0(s10)
        addi    s11, s11, 1
        sw      s11, 0(s10)
        li      s10, 3
        bge     s11, s10, 1f
        /* next tick: mtimecmp = mtime + PERIOD */
        li      s10, MTIME
        lw      s11, 0(s10)             /* (low word; a carry is years away) */
        li      s10, PERIOD
        add     s11, s11, s10
        csrr    s9, mhartid
        slli    s9, s9, 3
        li      s10, MTIMECMP
        add     s9, s9, s10
        li      s10, -1
        sw      s10, 4(s9)
        sw      s11, 0(s9)
        li      s10, MTIME
        lw      s11, 4(s10)
        sw      s11, 4(s9)
        MRET_M
1:      TIMER_OFF
        MRET_M

        TEST_BEGIN
        /* the vector table, vectored mode */
        la      t0, vectors
        ori     t1, t0, 1
        csrw    mtvec, t1
        csrr    a3, mtvec
        TNUM    2
        FAIL_NE a3, t1

        /* misa: MXL 1 (RV32), I, M, A; writing it back does not fault */
        csrr    a3, misa
        srli    a1, a3, 30
        CHECK_REG 3, a1, 1
        li      a1, (1 << 8) | (1 << 12) | (1 << 0)
        and     a2, a3, a1
        TNUM    4
        FAIL_NE a2, a1
        csrw    misa, a3

        /* CSRs that must not fault: delegation (reads 0), counter
         * inhibit, hpm counters and events, PMP */
        csrr    a3, medeleg
        CHECK_REG 5, a3, 0
        csrr    a3, mideleg
        CHECK_REG 6, a3, 0
        csrw    mcountinhibit, zero
        csrr    a3, mhpmcounter3
        csrw    mhpmevent3, zero
        csrr    a3, mhpmevent31
        csrw    pmpaddr0, zero
        csrw    pmpcfg0, zero

        /* mcycle and minstret are writable and count on from the value */
        li      a1, 0x10000
        csrw    mcycle, a1
        csrr    a3, mcycle
        TNUM    7
        bltu    a3, a1, fail
        li      a2, 0x40000000
        bgeu    a3, a2, fail
        csrw    minstret, a1
        csrr    a3, minstret
        TNUM    8
        bltu    a3, a1, fail
        bgeu    a3, a2, fail
        csrw    mcycleh, zero
        csrw    minstreth, zero

        /* time moves on (CSR time and CLINT mtime) */
        rdtime  a1
        li      a4, MTIME
        lw      a2, 0(a4)
        li      a5, 200
1:      addi    a5, a5, -1
        bnez    a5, 1b
        rdtime  a3
        TNUM    9
        bgeu    a1, a3, fail
        lw      a3, 0(a4)
        TNUM    10
        bgeu    a2, a3, fail

        /* an ecall goes to the base in vectored mode */
        ecall
        la      a1, excs
        lw      a3, 0(a1)
        CHECK_REG 11, a3, 1

        /* machine timer: three ticks PERIOD apart, waited for with wfi */
        li      a4, MTIME
        lw      a1, 0(a4)
        li      a2, PERIOD
        add     a1, a1, a2
        csrr    a5, mhartid
        slli    a5, a5, 3
        li      a2, MTIMECMP
        add     a5, a5, a2
        li      a2, -1
        sw      a2, 4(a5)
        sw      a1, 0(a5)
        lw      a2, 4(a4)
        sw      a2, 4(a5)
        li      a1, 0x80
        csrs    mie, a1
        csrsi   mstatus, 8
        la      a4, ticks
        li      a3, 3
wait_tick:
        wfi
        lw      a2, 0(a4)
        blt     a2, a3, wait_tick
wait_end:
        csrci   mstatus, 8
        CHECK_REG 12, a2, 3
        la      a1, last_epc            /* the last tick came in the loop */
        lw      a3, 0(a1)
        la      a1, wait_tick
        TNUM    13
        bltu    a3, a1, fail
        la      a1, wait_end
        bgeu    a3, a1, fail
        csrr    a3, mip                 /* the timer is off: MTIP clear */
        andi    a3, a3, 0x80
        CHECK_REG 14, a3, 0

        /* software interrupt: taken right after the store that raises it */
        li      a1, 0x8
        csrs    mie, a1
        csrsi   mstatus, 8
        csrr    a5, mhartid
        slli    a5, a5, 2
        li      a2, MSIP
        add     a5, a5, a2
        li      a1, 1
        la      a4, soft
        li      a2, 100000              /* (a bound: a lost interrupt fails) */
        sw      a1, 0(a5)
        /* taken soon after the store (simty: at the next instruction;
         * QEMU: at the end of its translation block) */
wait_soft:
        lw      a3, 0(a4)
        bnez    a3, soft_end
        addi    a2, a2, -1
        bnez    a2, wait_soft
soft_end:
        csrci   mstatus, 8
        CHECK_REG 15, a3, 1
        la      a1, last_epc
        lw      a3, 0(a1)
        la      a2, wait_soft           /* mepc: in the waiting loop */
        TNUM    16
        bltu    a3, a2, fail
        la      a2, soft_end
        bgtu    a3, a2, fail

        /* masked: with mstatus.MIE clear, msip stays pending in mip */
        li      a1, 1
        sw      a1, 0(a5)
        nop
        csrr    a3, mip
        andi    a3, a3, 0x8
        CHECK_REG 17, a3, 0x8
        la      a1, soft
        lw      a3, 0(a1)
        CHECK_REG 18, a3, 1

        /* priority: software and timer both pending: software first,
         * then the timer when the software handler returns */
        la      a1, log_n
        sw      zero, 0(a1)
        csrr    a4, mhartid
        slli    a4, a4, 3
        li      a2, MTIMECMP
        add     a4, a4, a2
        sw      zero, 4(a4)             /* mtimecmp = 0: due at once */
        sw      zero, 0(a4)
        la      a1, ticks
        li      a2, 2                   /* the handler's next tick is its last */
        sw      a2, 0(a1)
        nop
        nop
        la      a1, log_n
        li      a2, 100000
        li      a5, 2
        csrsi   mstatus, 8
1:      lw      a3, 0(a1)
        beq     a3, a5, 2f
        addi    a2, a2, -1
        bnez    a2, 1b
2:      csrci   mstatus, 8
        CHECK_REG 19, a3, 2
        la      a1, log
        lw      a3, 0(a1)
        CHECK_REG 20, a3, 0x80000003
        lw      a3, 4(a1)
        CHECK_REG 21, a3, 0x80000007
        csrr    a3, mip
        andi    a3, a3, 0x88
        CHECK_REG 22, a3, 0
        TEST_END
