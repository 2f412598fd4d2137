# march: rv32imac
/* Traps of compressed programs (C on: ELF flag RVC), one hart (the others
 * park): a direct-mode handler records mcause, mepc and mtval and returns
 * past the faulting instruction, 2 or 4 bytes (from its low bits);
 *   - c.ebreak, at 2 mod 4: cause 3, mepc;
 *   - the all-zero parcel and a reserved encoding (c.lui a0, 0): illegal
 *     instructions, mtval the 16-bit parcel;
 *   - an illegal 32-bit instruction at 2 mod 4 (straddling two words):
 *     mtval the 32-bit instruction;
 *   - a 32-bit instruction in the last halfword of RAM: instruction access
 *     fault, mepc its address, mtval the unmapped second half.
 * mtval of illegal instructions and the end of RAM are simty's (QEMU 7.2
 * writes 0), so mtval and the last check run only where
 * __simty_on_simulator is 1: the rest also runs on QEMU. */
#include "../isa/test.h"

        .data
        .balign 4
rec_cause:  .word 0
rec_epc:    .word 0
rec_tval:   .word 0
rec_count:  .word 0
        .globl SIMTY_ID_ON_SIMULATOR
SIMTY_ID_ON_SIMULATOR: .word 0
        .globl SIMTY_ID_RAM_END
SIMTY_ID_RAM_END: .word 0

        .text
        .balign 4
handler:
        csrw    mscratch, t0
        la      t0, rec_cause
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
1:      csrr    t0, mepc
        lhu     t1, 0(t0)                /* the instruction's length */
        andi    t1, t1, 3
        addi    t1, t1, -3
        addi    t0, t0, 2
        bnez    t1, 3f                   /* compressed: + 2 */
        addi    t0, t0, 2                /* 32-bit: + 4 */
3:      csrw    mepc, t0
2:      li      t1, 0x1800               /* MPP = M (QEMU has U-mode) */
        csrs    mstatus, t1
        csrr    t0, mscratch
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

/* CHECK_TVAL n, val: mtval of the last trap (on simty only) */
.macro CHECK_TVAL n, val
        TNUM    \n
        la      a1, SIMTY_ID_ON_SIMULATOR
        lw      a1, 0(a1)
        beqz    a1, .Lskip_\@
        la      a1, rec_tval
        lw      a3, 0(a1)
        li      t6, \val
        FAIL_NE a3, t6
.Lskip_\@:
.endm

        TEST_BEGIN
        .option rvc
        la      t0, handler
        csrw    mtvec, t0

        .balign 4
        c.nop
ebreak_at:                               /* 2 mod 4 */
        c.ebreak
        CHECK_TRAP 2, 3, ebreak_at

        .balign 4
        c.nop
zero_at:
        .2byte  0x0000                   /* illegal (all zero) */
        CHECK_TRAP 3, 2, zero_at
        CHECK_TVAL 4, 0

reserved_at:
        .2byte  0x6501                   /* c.lui a0, 0: reserved */
        CHECK_TRAP 5, 2, reserved_at
        CHECK_TVAL 6, 0x6501

        .balign 4
        c.nop
illegal32_at:                            /* 2 mod 4 */
        .2byte  0x007f, 0x1234           /* 32-bit, opcode 0x7f: illegal */
        CHECK_TRAP 7, 2, illegal32_at
        CHECK_TVAL 8, 0x1234007f

        TNUM    9
        la      a1, rec_count
        lw      a3, 0(a1)
        EXPECT  a3, 4

        /* a 32-bit instruction whose second half is past the end of RAM */
        la      a1, SIMTY_ID_ON_SIMULATOR
        lw      a1, 0(a1)
        beqz    a1, 1f
        la      a1, SIMTY_ID_RAM_END
        lw      a2, 0(a1)
        addi    a2, a2, -2
        li      t1, 0x0513               /* addi a0, x0, ...: low half */
        sh      t1, 0(a2)
fetch_at:
        jalr    ra, 0(a2)
        TNUM    10
        la      a1, rec_cause
        lw      a3, 0(a1)
        EXPECT  a3, 1
        lw      a3, 4(a1)
        FAIL_NE a3, a2                   /* mepc: the instruction */
        lw      a3, 8(a1)
        addi    a4, a2, 2
        TNUM    11
        FAIL_NE a3, a4                   /* mtval: its second half */
1:
        TEST_END
