/*
 * zifencei.S - fence.i and self-modifying code.
 * The program stores new instruction words over code it has already
 * executed, runs fence.i, and must then execute the new instructions:
 *   - patch one instruction of a small function (new immediate)
 *   - copy an instruction word from elsewhere in the code
 *   - patch the same word many times in a loop
 *   - copy a short routine into a data buffer and call it there
 *   - restore the original instruction
 * Encoding used: addi a0, x0, imm = (imm << 20) | 0x00000513.
 */
#include "test.h"

#define ADDI_A0_X0(imm) ((((imm) & 0xfff) << 20) | 0x00000513)

        TEST_BEGIN

        /* ---- fence.i alone ---- */
        TNUM 2
        li      a3, 5
        fence.i
        addi    a3, a3, 1
        EXPECT  a3, 6

        /* ---- run the original slot, patch it, run it again ---- */
        TNUM 3
        call    smc_func
        EXPECT  a0, 1                           /* original: li a0, 1 */
        TNUM 4
        la      t0, smc_slot
        li      t1, ADDI_A0_X0(2)
        sw      t1, 0(t0)
        fence.i
        call    smc_func
        EXPECT  a0, 2
        TNUM 5
        la      t0, smc_slot
        lw      a3, 0(t0)                       /* the store reached memory */
        EXPECT  a3, ADDI_A0_X0(2)

        /* ---- copy an instruction word from a template ---- */
        TNUM 6
        la      t0, smc_template
        lw      t1, 0(t0)
        la      t0, smc_slot
        sw      t1, 0(t0)
        fence.i
        call    smc_func
        EXPECT  a0, 0xfffff800                  /* addi a0, x0, -2048 */

        /* ---- patch the slot with 1..8 in a loop, sum the results ---- */
        TNUM 7
        li      s1, 1                           /* immediate */
        li      s2, 0                           /* sum */
        li      s3, 9
1:      slli    t1, s1, 20
        ori     t1, t1, 0x513
        la      t0, smc_slot
        sw      t1, 0(t0)
        fence.i
        call    smc_func
        add     s2, s2, a0
        addi    s1, s1, 1
        bne     s1, s3, 1b
        EXPECT  s2, 36                          /* 1 + 2 + ... + 8 */

        /* ---- restore the original instruction ---- */
        TNUM 8
        la      t0, smc_orig
        lw      t1, 0(t0)
        la      t0, smc_slot
        sw      t1, 0(t0)
        fence.i
        call    smc_func
        EXPECT  a0, 1

        /* ---- copy a routine into a data buffer and run it there ---- */
        TNUM 9
        la      t0, gen_src
        la      t1, gen_buf
        la      t2, gen_src_end
2:      lw      t3, 0(t0)
        sw      t3, 0(t1)
        addi    t0, t0, 4
        addi    t1, t1, 4
        bne     t0, t2, 2b
        fence.i
        li      a0, 0
        la      t0, gen_buf
        jalr    ra, 0(t0)
        EXPECT  a0, 0x550
        TNUM 10
        /* patch the copy's first instruction and run it again */
        la      t0, gen_buf
        li      t1, ADDI_A0_X0(0x7f)
        sw      t1, 0(t0)
        fence.i
        jalr    ra, 0(t0)
        EXPECT  a0, 0x7f0

        TEST_END

/* Code that gets patched. */
        .text
        .balign 4
smc_func:
smc_slot:
        addi    a0, x0, 1                       /* patched */
        ret
smc_orig:
        addi    a0, x0, 1                       /* copy of the original (never run) */
smc_template:
        addi    a0, x0, -2048                   /* never run */

/* Routine copied to gen_buf (never run in place). */
gen_src:
        addi    a0, x0, 0x55
        slli    a0, a0, 4
        ret
gen_src_end:

        .data
        .balign 16
gen_buf:
        .rept 8
        .word   0
        .endr
