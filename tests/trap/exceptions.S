/* Synchronous exceptions in machine mode, one hart (the others park): a
 * direct-mode handler records mcause, mepc and mtval and returns past the
 * faulting instruction; each check then compares what was recorded.
 * Runs on every model and on QEMU (-M virt -bios none): it uses only what
 * the two agree on (docs/platform.md, "Machine mode and traps"). */
#include "../isa/test.h"

#define UNMAPPED 0x00800000 /* nothing there on simty nor on QEMU virt */

/* mret back to machine mode: simty's MPP always reads M; QEMU, which has
 * U-mode, leaves U in MPP after an mret, so a nested trap's mret would
 * go to U-mode unless MPP is set again (as the standard environments do) */
.macro MRET_M
        li      t1, 0x1800
        csrs    mstatus, t1
        mret
.endm

        .data
        .balign 4
rec_cause:  .word 0
rec_epc:    .word 0
rec_tval:   .word 0
rec_count:  .word 0
save_t1:    .word 0
nested:     .word 0
word:       .word 0x11223344, 0x55667788

        .text
/* The handler: record, then mret to mepc + 4 (or, for a fetch fault, to
 * the address in ra: the fetch fault test jumps with jalr ra). */
        .balign 4
handler:
        csrrw   t0, mscratch, t0         /* (mscratch: scratch space) */
        la      t0, rec_cause
        sw      t1, 16(t0)              /* save_t1 */
        csrr    t1, mcause
        sw      t1, 0(t0)
        csrr    t1, mepc
        sw      t1, 4(t0)
        csrr    t1, mtval
        sw      t1, 8(t0)
        lw      t1, 12(t0)
        addi    t1, t1, 1
        sw      t1, 12(t0)
        csrr    t1, mcause
        addi    t1, t1, -1               /* 1: instruction access fault */
        bnez    t1, 1f
        csrw    mepc, ra                 /* back to where the jump came from */
        j       2f
1:      csrr    t1, mepc
        addi    t1, t1, 4
        csrw    mepc, t1
2:      li      t1, 0x1800               /* MPP = M (see MRET_M) */
        csrs    mstatus, t1
        la      t0, rec_cause
        lw      t1, 16(t0)
        csrrw   t0, mscratch, t0
        mret

/* CHECK_TRAP n, cause, label: the last trap had this cause, at label. */
.macro CHECK_TRAP n, cause, at
        TNUM    \n
        la      a1, rec_cause
        lw      a3, 0(a1)
        EXPECT  a3, \cause
        lw      a3, 4(a1)
        la      t6, \at
        FAIL_NE a3, t6
.endm

.macro CHECK_TVAL n, val
        TNUM    \n
        la      a1, rec_tval
        lw      a3, 0(a1)
        li      t6, \val
        FAIL_NE a3, t6
.endm

        TEST_BEGIN
        la      t0, handler
        csrw    mtvec, t0
        csrr    t1, mtvec
        TNUM    2                        /* direct mode, base as written */
        FAIL_NE t1, t0
        csrr    a3, mstatus
        andi    a3, a3, 0x88             /* MIE, MPIE */
        CHECK_REG 3, a3, 0

        /* ecall: cause 11, mepc the ecall */
ecall_at:
        ecall
        CHECK_TRAP 4, 11, ecall_at

        /* ebreak: cause 3; mtval 0 or the PC (both allowed) */
ebreak_at:
        ebreak
        CHECK_TRAP 5, 3, ebreak_at

        /* illegal instruction: cause 2, mtval the instruction (0 here) */
illegal_at:
        .word   0
        CHECK_TRAP 6, 2, illegal_at
        CHECK_TVAL 7, 0

        /* load access fault: cause 5, mtval the address */
        li      a2, UNMAPPED + 8
load_at:
        lw      a4, 0(a2)
        CHECK_TRAP 8, 5, load_at
        CHECK_TVAL 9, UNMAPPED + 8

        /* store access fault: cause 7 */
        li      a2, UNMAPPED + 12
store_at:
        sw      a4, 0(a2)
        CHECK_TRAP 10, 7, store_at
        CHECK_TVAL 11, UNMAPPED + 12

        /* misaligned AMO: cause 6 (store/AMO address misaligned, as the
         * ISA says; QEMU 7.2 reports 4, load address misaligned: either
         * passes here) */
        la      a2, word
        addi    a2, a2, 2
amo_at:
        amoadd.w a4, a1, (a2)
        TNUM    12
        la      a1, rec_cause
        lw      a3, 0(a1)
        li      t6, 6
        beq     a3, t6, 1f
        EXPECT  a3, 4
1:      lw      a3, 4(a1)
        la      t6, amo_at
        FAIL_NE a3, t6
        la      a2, word
        addi    a2, a2, 2
        la      a1, rec_tval
        lw      a3, 0(a1)
        TNUM    13
        FAIL_NE a3, a2

        /* misaligned LR: cause 4 (load address misaligned) */
lr_at:
        lr.w    a4, (a2)
        CHECK_TRAP 14, 4, lr_at

        /* instruction access fault: cause 1, mepc and mtval the target */
        li      a2, UNMAPPED
fetch_at:
        jalr    ra, 0(a2)
        TNUM    15
        la      a1, rec_cause
        lw      a3, 0(a1)
        EXPECT  a3, 1
        lw      a3, 4(a1)
        li      t6, UNMAPPED
        FAIL_NE a3, t6

        /* mstatus across a trap: MIE was 0, so MPIE is 0 in the handler
         * and mret sets MPIE to 1 */
        csrr    a3, mstatus
        andi    a3, a3, 0x88
        CHECK_REG 16, a3, 0x80

        /* the count of traps taken so far */
        la      a1, rec_count
        lw      a3, 0(a1)
        CHECK_REG 18, a3, 8

        /* nested: an ecall in a handler that saved mepc first */
        la      t0, nest_handler
        csrw    mtvec, t0
nest_at:
        ecall
        la      a1, nested
        lw      a3, 0(a1)
        CHECK_REG 19, a3, 2              /* outer and inner both ran */
        lw      a3, 4(a1)                /* (word: the outer mepc as saved) */
        la      t6, nest_at
        TNUM    20
        FAIL_NE a3, t6
        TEST_END

/* The outer trap saves mepc, traps again (ecall: inner), restores mepc
 * and returns past the outer ecall. */
        .balign 4
nest_handler:
        la      t0, nested
        lw      t1, 0(t0)
        addi    t1, t1, 1
        sw      t1, 0(t0)
        li      t2, 1
        bne     t1, t2, inner           /* the second entry: inner */
        csrr    s1, mepc
        sw      s1, 4(t0)
        ecall                           /* inner trap, back here + 4 */
        csrw    mepc, s1
        csrr    t1, mepc
        addi    t1, t1, 4
        csrw    mepc, t1
        MRET_M
inner:
        csrr    t1, mepc
        addi    t1, t1, 4
        csrw    mepc, t1
        MRET_M
