/*
 * test.h - shared macros for the simty self-checking ISA tests.
 *
 * Conventions (see README.md):
 *   - gp (x3) holds TESTNUM, the number of the check being run. Checks are
 *     numbered 2, 3, ... in each file and stay below 121 (so a failing
 *     number never looks like one of simty's own exit statuses 121-126).
 *     1 means "failure outside any numbered check".
 *   - Pass: store 1 to `tohost`, then 0x5555 to the SiFive test finisher.
 *   - Fail: store (TESTNUM << 1) | 1 to `tohost`, then
 *     (TESTNUM << 16) | 0x3333 to the finisher (QEMU exits with TESTNUM).
 *     Then both loop on `j .`.
 *   - Every hart enters at _start with a0 = mhartid; harts other than 0 park
 *     at once in a self-loop (`j .`).
 *   - No trap handler is installed and no CSR other than the ones a test
 *     is about is touched: any trap is a test failure (simty: guest fault;
 *     QEMU: hangs until `timeout`).
 *
 * Registers used by the checking macros (a test's own code may use the
 * others freely, and these too between checks):
 *   a1 (x11), a2 (x12)  source operands / base address
 *   a3 (x13)            result
 *   a4 (x14)            scratch (memory checks)
 *   t5 (x30)            scratch (branch checks)
 *   t6 (x31)            expected value (EXPECT)
 * Macro arguments are passed to GNU as's .macro: write expressions without
 * spaces, e.g. `ld_a+3` or `(1<<8)|1`.
 */
#ifndef SIMTY_ISA_TEST_H
#define SIMTY_ISA_TEST_H

#ifndef SIMTY_ISA_RVC /* (build.sh c: the C variant lets the assembler compress) */
        .option norvc
#endif
        .option norelax

#include "simty_guest.h"                /* the platform (sdk/include) */

#ifndef FINISHER_ADDR
#define FINISHER_ADDR   SIMTY_FINISHER_BASE /* may be moved with -D for bring-up */
#endif

/* ------------------------------------------------------------------ */
/* tohost / fromhost: one 4-byte word each, in their own section.      */
/* ------------------------------------------------------------------ */
        .pushsection .tohost, "aw", @progbits
        .balign 64
        .globl  SIMTY_ID_TOHOST
SIMTY_ID_TOHOST:                        /* tohost */
        .word   0
        .balign 64
        .globl  fromhost
fromhost:
        .word   0
        .popsection

/* ------------------------------------------------------------------ */
/* Start / end                                                         */
/* ------------------------------------------------------------------ */

#ifdef SIMTY_ISA_STOCK_ENV
/* The shape of the riscv-tests standard ("p") environment, for the
 * isa-stock build (build.sh stock): every hart clears its registers, harts
 * other than 0 then wait forever in a conditional branch to itself
 * (`bnez a0, .`), hart 0 installs a trap handler and enters the body with
 * mret; the body ends with an ecall that the handler turns into a tohost
 * store.  The harts in `bnez a0, .` must not slow hart 0 down
 * (docs/platform.md, "Ending threads and programs"). */
.macro TEST_BEGIN
        .section .text.init, "ax", @progbits
        .globl  _start
        .type   _start, @function
_start:
        j       .Lreset_\@
        .balign 4
.Ltrap_\@:                              /* an ecall reports gp; any other trap fails */
        csrr    t5, mcause
        li      t6, 11                  /* ecall from M-mode */
        beq     t5, t6, .Ltohost_\@
        slli    gp, gp, 1
        ori     gp, gp, 1
.Ltohost_\@:
        la      t5, SIMTY_ID_TOHOST
        sw      gp, 0(t5)
        j       .Ltohost_\@
.Lreset_\@:
        li x1, 0;  li x2, 0;  li x3, 0;  li x4, 0;  li x5, 0;  li x6, 0
        li x7, 0;  li x8, 0;  li x9, 0;  li x10, 0; li x11, 0; li x12, 0
        li x13, 0; li x14, 0; li x15, 0; li x16, 0; li x17, 0; li x18, 0
        li x19, 0; li x20, 0; li x21, 0; li x22, 0; li x23, 0; li x24, 0
        li x25, 0; li x26, 0; li x27, 0; li x28, 0; li x29, 0; li x30, 0
        li x31, 0
        csrr    a0, mhartid
.Lwait_\@:
        bnez    a0, .Lwait_\@           /* harts != 0: here for ever */
        la      t0, .Ltrap_\@
        csrw    mtvec, t0
        csrwi   mstatus, 0
        la      t0, .Lbody_\@
        csrw    mepc, t0
        csrr    a0, mhartid
        mret
.Lbody_\@:
        li      gp, 1
.endm

/* TEST_END: pass and fail leave through an ecall (a7 = 93, a0 = the
 * code, gp = the tohost value) that the handler of TEST_BEGIN reports. */
.macro TEST_END
        j       pass
        .balign 4
pass:
        fence
        li      gp, 1
        li      a7, 93
        li      a0, 0
        ecall
fail:
        fence
        bnez    gp, .Lfail_num_\@
        li      gp, 1                   /* never report "test 0" */
.Lfail_num_\@:
        slli    gp, gp, 1
        ori     gp, gp, 1
        li      a7, 93
        srli    a0, gp, 1
        ecall
.endm

#else
/* TEST_BEGIN: entry point. Non-zero harts park; hart 0 clears x1..x31
 * (QEMU's reset stub leaves values in a few registers) and falls through
 * into the test body. */
.macro TEST_BEGIN
        .section .text.init, "ax", @progbits
        .globl  _start
        .type   _start, @function
_start:
        beqz    a0, .Lhart0_\@
.Lpark_\@:
        j       .Lpark_\@               /* harts != 0: parked (j .) */
.Lhart0_\@:
        li x1, 0;  li x2, 0;  li x3, 0;  li x4, 0;  li x5, 0;  li x6, 0
        li x7, 0;  li x8, 0;  li x9, 0;  li x10, 0; li x11, 0; li x12, 0
        li x13, 0; li x14, 0; li x15, 0; li x16, 0; li x17, 0; li x18, 0
        li x19, 0; li x20, 0; li x21, 0; li x22, 0; li x23, 0; li x24, 0
        li x25, 0; li x26, 0; li x27, 0; li x28, 0; li x29, 0; li x30, 0
        li x31, 0
        li      gp, 1
.endm

/* TEST_END: the body falls into here when every check passed. Also
 * defines the shared `pass` and `fail` labels. */
.macro TEST_END
        j       pass
        .balign 4
pass:
        fence
        li      t0, 1
        la      t1, SIMTY_ID_TOHOST
        sw      t0, 0(t1)
        li      t0, FINISHER_ADDR
        li      t1, SIMTY_FINISHER_PASS
        sw      t1, 0(t0)
.Lpass_loop_\@:
        j       .Lpass_loop_\@
fail:
        fence
        bnez    gp, .Lfail_num_\@
        li      gp, 1                   /* never report "test 0" */
.Lfail_num_\@:
        slli    t0, gp, 1
        ori     t0, t0, 1
        la      t1, SIMTY_ID_TOHOST
        sw      t0, 0(t1)
        slli    t0, gp, SIMTY_FINISHER_CODE_SHIFT
        li      t1, SIMTY_FINISHER_FAIL
        or      t0, t0, t1
        li      t1, FINISHER_ADDR
        sw      t0, 0(t1)
.Lfail_loop_\@:
        j       .Lfail_loop_\@
.endm

#endif /* SIMTY_ISA_STOCK_ENV */

/* ------------------------------------------------------------------ */
/* Generic helpers                                                     */
/* ------------------------------------------------------------------ */

/* TNUM n: start check number n. */
.macro TNUM n
        li      gp, \n
.endm

/* FAIL_NE r1, r2: go to fail unless r1 == r2 (any distance). */
.macro FAIL_NE r1, r2
        beq     \r1, \r2, .Lok_\@
        j       fail
.Lok_\@:
.endm

/* FAIL_EQ r1, r2: go to fail if r1 == r2. */
.macro FAIL_EQ r1, r2
        bne     \r1, \r2, .Lok_\@
        j       fail
.Lok_\@:
.endm

/* EXPECT reg, value: fail unless reg == value (uses t6). */
.macro EXPECT reg, val
        li      t6, \val
        FAIL_NE \reg, t6
.endm

/* CHECK_REG n, reg, value: numbered EXPECT. */
.macro CHECK_REG n, reg, val
        TNUM    \n
        EXPECT  \reg, \val
.endm

/* ------------------------------------------------------------------ */
/* Register-register operations: op rd, rs1, rs2                        */
/* ------------------------------------------------------------------ */

.macro CHECK_RR n, op, exp, v1, v2
        TNUM    \n
        li      a1, \v1
        li      a2, \v2
        \op     a3, a1, a2
        EXPECT  a3, \exp
.endm

/* rd == rs1 */
.macro CHECK_RR_D1 n, op, exp, v1, v2
        TNUM    \n
        li      a1, \v1
        li      a2, \v2
        \op     a1, a1, a2
        EXPECT  a1, \exp
.endm

/* rd == rs2 */
.macro CHECK_RR_D2 n, op, exp, v1, v2
        TNUM    \n
        li      a1, \v1
        li      a2, \v2
        \op     a2, a1, a2
        EXPECT  a2, \exp
.endm

/* rd == rs1 == rs2 */
.macro CHECK_RR_D12 n, op, exp, v1
        TNUM    \n
        li      a1, \v1
        \op     a1, a1, a1
        EXPECT  a1, \exp
.endm

/* rd == x0: x0 must still read as zero, sources unchanged */
.macro CHECK_RR_ZD n, op, v1, v2
        TNUM    \n
        li      a1, \v1
        li      a2, \v2
        \op     x0, a1, a2
        FAIL_NE x0, zero
        add     a3, x0, x0
        EXPECT  a3, 0
        EXPECT  a1, \v1
        EXPECT  a2, \v2
.endm

/* rs1 == x0 */
.macro CHECK_RR_Z1 n, op, exp, v2
        TNUM    \n
        li      a2, \v2
        \op     a3, x0, a2
        EXPECT  a3, \exp
.endm

/* rs2 == x0 */
.macro CHECK_RR_Z2 n, op, exp, v1
        TNUM    \n
        li      a1, \v1
        \op     a3, a1, x0
        EXPECT  a3, \exp
.endm

/* ------------------------------------------------------------------ */
/* Register-immediate operations: op rd, rs1, imm                       */
/* ------------------------------------------------------------------ */

.macro CHECK_RI n, op, exp, v1, imm
        TNUM    \n
        li      a1, \v1
        \op     a3, a1, \imm
        EXPECT  a3, \exp
.endm

/* rd == rs1 */
.macro CHECK_RI_D1 n, op, exp, v1, imm
        TNUM    \n
        li      a1, \v1
        \op     a1, a1, \imm
        EXPECT  a1, \exp
.endm

/* rd == x0 */
.macro CHECK_RI_ZD n, op, v1, imm
        TNUM    \n
        li      a1, \v1
        \op     x0, a1, \imm
        FAIL_NE x0, zero
        add     a3, x0, x0
        EXPECT  a3, 0
        EXPECT  a1, \v1
.endm

/* rs1 == x0 */
.macro CHECK_RI_Z1 n, op, exp, imm
        TNUM    \n
        \op     a3, x0, \imm
        EXPECT  a3, \exp
.endm

/* ------------------------------------------------------------------ */
/* Conditional branches                                                 */
/* ------------------------------------------------------------------ */

/* CHECK_BR_TAKEN n, op, v1, v2: the branch must be taken both forwards
 * and backwards. t5 counts the stops made on the way. */
.macro CHECK_BR_TAKEN n, op, v1, v2
        TNUM    \n
        li      a1, \v1
        li      a2, \v2
        li      t5, 0
        \op     a1, a2, .Lfwd_\@        /* forward, must be taken */
        j       fail
.Lback_\@:
        addi    t5, t5, 1               /* reached only by the backward branch */
        j       .Ldone_\@
.Lfwd_\@:
        addi    t5, t5, 1
        \op     a1, a2, .Lback_\@       /* backward, must be taken */
        j       fail
.Ldone_\@:
        EXPECT  t5, 2
.endm

/* CHECK_BR_NOT n, op, v1, v2: the branch must fall through, both with a
 * backward and with a forward target. */
.macro CHECK_BR_NOT n, op, v1, v2
        TNUM    \n
        li      a1, \v1
        li      a2, \v2
        li      t5, 0
        j       .Lstart_\@
.Lback_\@:
        j       fail                    /* backward target: must not come here */
.Lstart_\@:
        \op     a1, a2, .Lback_\@       /* backward, not taken */
        addi    t5, t5, 1
        \op     a1, a2, .Lfwd_\@        /* forward, not taken */
        addi    t5, t5, 1
        j       .Ldone_\@
.Lfwd_\@:
        j       fail
.Ldone_\@:
        EXPECT  t5, 2
.endm

/* ------------------------------------------------------------------ */
/* Loads and stores                                                     */
/* ------------------------------------------------------------------ */

/* CHECK_LD n, op, exp, addr, imm: load from address `addr` (a symbol
 * expression) using base register a1 = addr - imm and offset imm. */
.macro CHECK_LD n, op, exp, addr, imm
        TNUM    \n
        la      a1, (\addr)-(\imm)
        \op     a3, \imm(a1)
        EXPECT  a3, \exp
.endm

/* CHECK_ST n, st, ld, exp, val, addr, imm: store val at `addr` with base
 * a1 = addr - imm and offset imm, then read it back with `ld` (offset 0)
 * and compare with exp. */
.macro CHECK_ST n, st, ld, exp, val, addr, imm
        TNUM    \n
        la      a1, (\addr)-(\imm)
        li      a2, \val
        \st     a2, \imm(a1)
        la      a4, \addr
        \ld     a3, 0(a4)
        EXPECT  a3, \exp
.endm

/* CHECK_MEMW n, addr, exp: the aligned word at `addr` must equal exp. */
.macro CHECK_MEMW n, addr, exp
        TNUM    \n
        la      a4, \addr
        lw      a3, 0(a4)
        EXPECT  a3, \exp
.endm

/* ------------------------------------------------------------------ */
/* Atomic memory operations                                             */
/* ------------------------------------------------------------------ */

/* CHECK_AMO n, op, exp_mem, init, v2, addr: memory word `addr` starts as
 * init; `op a3, a2, (a1)` with a2 = v2 must return init in a3 and leave
 * exp_mem in memory. */
.macro CHECK_AMO n, op, exp_mem, init, v2, addr
        TNUM    \n
        la      a1, \addr
        li      a4, \init
        sw      a4, 0(a1)
        li      a2, \v2
        \op     a3, a2, (a1)
        EXPECT  a3, \init
        lw      a4, 0(a1)
        EXPECT  a4, \exp_mem
        EXPECT  a2, \v2
.endm

#endif /* SIMTY_ISA_TEST_H */
