/*
 * lowmem.S - runs from low memory: data (and tohost) at 0x0, code at 0x200
 * (see lowmem.ld). Not runnable on QEMU virt (no RAM there); run it with
 *   simty run --mem 0:0x10000 lowmem.elf
 * Checks that address 0 is ordinary memory, that x0 works as a base
 * register for absolute addresses below 2 KiB, and that pc-relative
 * code (auipc/la/jal) works at low addresses.
 */
#include "test.h"

        TEST_BEGIN
        j       .Lbody

/* A helper at a low, known-below-0x800 address (right after the entry
 * code), so it can be reached with jalr from x0. */
low_func:
        addi    a0, a0, 0x100
        ret

.Lbody:
        /* ---- loads from address 0 and 4 with x0 as base ---- */
        TNUM 2
        lw      a3, 0(x0)
        EXPECT  a3, 0x0badc0de
        TNUM 3
        lw      a3, 4(x0)
        EXPECT  a3, 0x80000001
        TNUM 4
        lh      a3, 6(x0)
        EXPECT  a3, 0xffff8000
        TNUM 5
        lhu     a3, 6(x0)
        EXPECT  a3, 0x00008000

        /* ---- byte loads at 0xc..0xf ---- */
        TNUM 6
        lb      a3, 12(x0)
        EXPECT  a3, 0xfffffff0
        TNUM 7
        lbu     a3, 12(x0)
        EXPECT  a3, 0x000000f0
        TNUM 8
        lb      a3, 14(x0)
        EXPECT  a3, 0xffffff80
        TNUM 9
        lbu     a3, 15(x0)
        EXPECT  a3, 0x00000001

        /* ---- store to address 8 with x0 base, read back via la ---- */
        TNUM 10
        li      a2, 0x600dbeef
        sw      a2, 8(x0)
        la      a1, low8
        lw      a3, 0(a1)
        EXPECT  a3, 0x600dbeef
        TNUM 11
        li      a2, 0x5a
        sb      a2, 0(x0)                       /* byte at address 0 */
        lw      a3, 0(x0)
        EXPECT  a3, 0x0badc05a
        TNUM 12
        li      a2, 0x1234
        sh      a2, 2(x0)
        lw      a3, 0(x0)
        EXPECT  a3, 0x1234c05a

        /* ---- symbols are at the addresses the linker script says ---- */
        TNUM 13
        la      a1, low0
        EXPECT  a1, 0
        TNUM 14
        la      a1, _start
        EXPECT  a1, 0x200
        TNUM 15
        la      a1, SIMTY_ID_TOHOST
        li      a2, 0x200
        bgeu    a1, a2, .Lfail_near             /* tohost is in the low data */
        beqz    a1, .Lfail_near

        /* ---- %lo addressing from x0 ---- */
        TNUM 16
        li      a2, 0x0000cafe
        sw      a2, %lo(lowv)(x0)
        lw      a3, %lo(lowv)(x0)
        EXPECT  a3, 0x0000cafe
        la      a1, lowv
        lw      a3, 0(a1)
        EXPECT  a3, 0x0000cafe

        /* ---- auipc at a low pc ---- */
        TNUM 17
1:      auipc   a3, 0
        la      a4, 1b
        FAIL_NE a3, a4
        li      a2, 0x200
        bltu    a3, a2, .Lfail_near             /* code is at >= 0x200 */

        /* ---- jalr from x0 to an absolute low address; jal link ---- */
        TNUM 18
        li      a0, 1
        jalr    ra, %lo(low_func)(x0)
        EXPECT  a0, 0x101
        TNUM 19
        li      a0, 2
        lui     t0, %hi(low_func)               /* = 0 */
        jalr    ra, %lo(low_func)(t0)
        EXPECT  a0, 0x102
        TNUM 20
        li      a0, 3
.Ljal:  jal     ra, low_func
        EXPECT  a0, 0x103
        la      a4, .Ljal+4
        FAIL_NE ra, a4

        /* ---- atomics at a low address ---- */
        TNUM 21
        li      a1, %lo(lowamo)
        li      a2, 5
        amoadd.w a3, a2, (a1)
        EXPECT  a3, 10
        lw      a3, 0(a1)
        EXPECT  a3, 15
        TNUM 22
        lr.w    a3, (a1)
        addi    a3, a3, 1
        sc.w    a5, a3, (a1)
        EXPECT  a5, 0
        lw      a3, 0(a1)
        EXPECT  a3, 16

        j       .Ldone
.Lfail_near:
        j       fail
.Ldone:
        TEST_END

        .data
        .balign 4
low0:   .word   0x0badc0de                      /* 0x00 */
low4:   .word   0x80000001                      /* 0x04 */
low8:   .word   0                               /* 0x08 */
lowb:   .byte   0xf0, 0x7f, 0x80, 0x01          /* 0x0c */
lowv:   .word   0                               /* 0x10 */
lowamo: .word   10                              /* 0x14 */
