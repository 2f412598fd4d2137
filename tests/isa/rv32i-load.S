/*
 * rv32i-load.S - lb lh lw lbu lhu.
 * Sign extension (lb/lh) against zero extension (lbu/lhu) at every byte
 * and halfword position, offsets 0, small, -2048 and +2047, rd == base,
 * rd = x0, and a load result used by the very next instruction.
 *
 * Data (little-endian):
 *   ld_a = 0x7f80ff01  bytes 01 ff 80 7f
 *   ld_b = 0x80007fff  bytes ff 7f 00 80   halves 7fff 8000
 *   ld_c = 0xdeadbeef  bytes ef be ad de   halves beef dead
 *   ld_d = 0x00000000
 *   ld_e = 0xffffffff
 */
#include "test.h"

        TEST_BEGIN

        /* ---- lb ---- */
        CHECK_LD  2, lb, 0x00000001, ld_a+0, 0
        CHECK_LD  3, lb, 0xffffffff, ld_a+1, 0
        CHECK_LD  4, lb, 0xffffff80, ld_a+2, 0
        CHECK_LD  5, lb, 0x0000007f, ld_a+3, 0
        CHECK_LD  6, lb, 0xffffffef, ld_c+0, 0
        CHECK_LD  7, lb, 0x00000000, ld_b+2, 0
        CHECK_LD  8, lb, 0xffffffde, ld_c+3, 3
        CHECK_LD  9, lb, 0xffffffff, ld_a+1, -2048
        CHECK_LD 10, lb, 0xffffff80, ld_a+2, 2047
        CHECK_LD 11, lb, 0xffffffff, ld_e+3, -1

        /* ---- lbu ---- */
        CHECK_LD 12, lbu, 0x00000001, ld_a+0, 0
        CHECK_LD 13, lbu, 0x000000ff, ld_a+1, 0
        CHECK_LD 14, lbu, 0x00000080, ld_a+2, 0
        CHECK_LD 15, lbu, 0x0000007f, ld_a+3, 0
        CHECK_LD 16, lbu, 0x000000de, ld_c+3, 0
        CHECK_LD 17, lbu, 0x000000ff, ld_a+1, -2048
        CHECK_LD 18, lbu, 0x00000080, ld_a+2, 2047
        CHECK_LD 19, lbu, 0x000000ff, ld_e+2, 5

        /* ---- lh ---- */
        CHECK_LD 20, lh, 0xffffff01, ld_a+0, 0
        CHECK_LD 21, lh, 0x00007f80, ld_a+2, 0
        CHECK_LD 22, lh, 0x00007fff, ld_b+0, 0
        CHECK_LD 23, lh, 0xffff8000, ld_b+2, 0
        CHECK_LD 24, lh, 0xffffbeef, ld_c+0, 0
        CHECK_LD 25, lh, 0xffffdead, ld_c+2, 0
        CHECK_LD 26, lh, 0xffff8000, ld_b+2, -2048
        CHECK_LD 27, lh, 0xffffdead, ld_c+2, 2046
        CHECK_LD 28, lh, 0x00000000, ld_d+2, -4

        /* ---- lhu ---- */
        CHECK_LD 29, lhu, 0x0000ff01, ld_a+0, 0
        CHECK_LD 30, lhu, 0x00007f80, ld_a+2, 0
        CHECK_LD 31, lhu, 0x00008000, ld_b+2, 0
        CHECK_LD 32, lhu, 0x0000beef, ld_c+0, 0
        CHECK_LD 33, lhu, 0x0000dead, ld_c+2, 0
        CHECK_LD 34, lhu, 0x0000ffff, ld_e+2, 0
        CHECK_LD 35, lhu, 0x00008000, ld_b+2, -2048
        CHECK_LD 36, lhu, 0x0000dead, ld_c+2, 2046

        /* ---- lw ---- */
        CHECK_LD 37, lw, 0x7f80ff01, ld_a, 0
        CHECK_LD 38, lw, 0x80007fff, ld_b, 0
        CHECK_LD 39, lw, 0xdeadbeef, ld_c, 0
        CHECK_LD 40, lw, 0x00000000, ld_d, 0
        CHECK_LD 41, lw, 0xffffffff, ld_e, 0
        CHECK_LD 42, lw, 0xdeadbeef, ld_c, 2047     /* unaligned base, aligned address */
        CHECK_LD 43, lw, 0xdeadbeef, ld_c, -2048
        CHECK_LD 44, lw, 0x80007fff, ld_b, 4
        CHECK_LD 45, lw, 0x80007fff, ld_b, -4

        /* ---- rd == base register ---- */
        TNUM 46
        la      a1, ld_c
        lw      a1, 0(a1)
        EXPECT  a1, 0xdeadbeef
        TNUM 47
        la      a1, ld_a+1
        lb      a1, 0(a1)
        EXPECT  a1, 0xffffffff
        TNUM 48
        la      a1, ld_b
        lhu     a1, 2(a1)
        EXPECT  a1, 0x00008000

        /* ---- rd = x0: the load happens, x0 stays zero ---- */
        TNUM 49
        la      a1, ld_e
        lw      x0, 0(a1)
        lb      x0, 0(a1)
        lbu     x0, 1(a1)
        lh      x0, 2(a1)
        lhu     x0, 0(a1)
        FAIL_NE x0, zero
        add     a3, x0, x0
        EXPECT  a3, 0

        /* ---- load result used by the next instruction ---- */
        TNUM 50
        la      a1, ld_a
        lw      a2, 0(a1)
        addi    a3, a2, 1
        EXPECT  a3, 0x7f80ff02
        TNUM 51
        la      a1, ld_b
        lh      a2, 2(a1)
        lbu     a3, 1(a1)
        add     a3, a3, a2                      /* 0xffff8000 + 0x7f */
        EXPECT  a3, 0xffff807f

        /* ---- loads did not change memory ---- */
        CHECK_MEMW 52, ld_a, 0x7f80ff01
        CHECK_MEMW 53, ld_b, 0x80007fff
        CHECK_MEMW 54, ld_c, 0xdeadbeef
        CHECK_MEMW 55, ld_d, 0x00000000
        CHECK_MEMW 56, ld_e, 0xffffffff

        /* ---- load from the code: the first instruction at _start ---- */
#ifndef SIMTY_ISA_STOCK_ENV /* (whose _start is another instruction) */
        TNUM 57
        la      a1, _start
        lw      a3, 0(a1)
        EXPECT  a3, 0x00050463                  /* beqz a0, _start+8 */
#endif

        TEST_END

        .data
        .balign 16
ld_a:   .word   0x7f80ff01
ld_b:   .word   0x80007fff
ld_c:   .word   0xdeadbeef
ld_d:   .word   0x00000000
ld_e:   .word   0xffffffff
