/*
 * rv32i-store.S - sb sh sw.
 * Each store is read back (same width, and as the whole aligned word so
 * that untouched neighbouring bytes are checked too). Covers storing only
 * the low byte/halfword of rs2, every byte/halfword position, offsets -2048
 * and +2047, rs2 == base, rs2 = x0, and guard words around the buffer.
 *
 * st_buf starts as 10 words of 0xaaaaaaaa between two 0x55555555 guards.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- sw ---- */
        CHECK_ST    2, sw, lw, 0x12345678, 0x12345678, st_buf+0, 0
        CHECK_ST    3, sw, lw, 0x00000000, 0x00000000, st_buf+4, 0
        CHECK_ST    4, sw, lw, 0xffffffff, 0xffffffff, st_buf+8, -2048
        CHECK_ST    5, sw, lw, 0x80000001, 0x80000001, st_buf+12, 2047
        CHECK_MEMW  6, st_buf+0, 0x12345678
        CHECK_MEMW  7, st_buf+4, 0x00000000

        /* ---- sb: only rs2[7:0] is stored ---- */
        CHECK_ST    8, sb, lbu, 0x00000044, 0x11223344, st_buf+16, 0
        CHECK_MEMW  9, st_buf+16, 0xaaaaaa44
        CHECK_ST   10, sb, lb,  0xffffffef, 0xffffffef, st_buf+17, 0
        CHECK_MEMW 11, st_buf+16, 0xaaaaef44
        CHECK_ST   12, sb, lbu, 0x00000080, 0x00000180, st_buf+18, -2048
        CHECK_MEMW 13, st_buf+16, 0xaa80ef44
        CHECK_ST   14, sb, lb,  0x0000007f, 0xabcdef7f, st_buf+19, 2047
        CHECK_MEMW 15, st_buf+16, 0x7f80ef44

        /* ---- sh: only rs2[15:0] is stored ---- */
        CHECK_ST   16, sh, lhu, 0x00005678, 0x12345678, st_buf+20, 0
        CHECK_MEMW 17, st_buf+20, 0xaaaa5678
        CHECK_ST   18, sh, lh,  0xffff8001, 0xffff8001, st_buf+22, 0
        CHECK_MEMW 19, st_buf+20, 0x80015678
        CHECK_ST   20, sh, lhu, 0x0000beef, 0x7777beef, st_buf+24, -2048
        CHECK_MEMW 21, st_buf+24, 0xaaaabeef
        CHECK_ST   22, sh, lh,  0xffffdead, 0x0000dead, st_buf+26, 2046
        CHECK_MEMW 23, st_buf+24, 0xdeadbeef

        /* ---- four sb from one base build a word ---- */
        TNUM 24
        la      a1, st_buf+28
        li      a2, 0x01
        sb      a2, 0(a1)
        li      a2, 0x02
        sb      a2, 1(a1)
        li      a2, 0x03
        sb      a2, 2(a1)
        li      a2, 0x04
        sb      a2, 3(a1)
        lw      a3, 0(a1)
        EXPECT  a3, 0x04030201

        /* ---- rs2 == base: the address itself is stored ---- */
        TNUM 25
        la      a1, st_buf+32
        sw      a1, 0(a1)
        lw      a3, 0(a1)
        FAIL_NE a3, a1

        /* ---- rs2 = x0 ---- */
        TNUM 26
        la      a1, st_buf+32
        sw      x0, 0(a1)
        lw      a3, 0(a1)
        EXPECT  a3, 0
        TNUM 27
        la      a1, st_buf+36
        sb      x0, 1(a1)
        sh      x0, 2(a1)
        lw      a3, 0(a1)
        EXPECT  a3, 0x000000aa

        /* ---- store, then narrower loads of the same word ---- */
        TNUM 28
        la      a1, st_buf+4
        li      a2, 0x8899aabb
        sw      a2, 0(a1)
        lh      a3, 2(a1)
        EXPECT  a3, 0xffff8899
        TNUM 29
        lbu     a3, 1(a1)
        EXPECT  a3, 0x000000aa
        TNUM 30
        lb      a3, 0(a1)
        EXPECT  a3, 0xffffffbb

        /* ---- the whole buffer and its guards ---- */
        CHECK_MEMW 31, st_buf-4,  0x55555555
        CHECK_MEMW 32, st_buf+0,  0x12345678
        CHECK_MEMW 33, st_buf+4,  0x8899aabb
        CHECK_MEMW 34, st_buf+8,  0xffffffff
        CHECK_MEMW 35, st_buf+12, 0x80000001
        CHECK_MEMW 36, st_buf+16, 0x7f80ef44
        CHECK_MEMW 37, st_buf+20, 0x80015678
        CHECK_MEMW 38, st_buf+24, 0xdeadbeef
        CHECK_MEMW 39, st_buf+28, 0x04030201
        CHECK_MEMW 40, st_buf+32, 0x00000000
        CHECK_MEMW 41, st_buf+36, 0x000000aa
        CHECK_MEMW 42, st_buf+40, 0x55555555

        TEST_END

        .data
        .balign 16
        .word   0x55555555                      /* guard */
st_buf: .rept 10
        .word   0xaaaaaaaa
        .endr
        .word   0x55555555                      /* guard */
