/*
 * fence-misc.S - fence in its forms, and instructions that must act as
 * no-ops.
 *   fence iorw,iorw / rw,rw / r,r / w,w / r,rw / rw,w / i,o / io,io,
 *   fence.tso, pause (fence w,0: encoded with .insn), and HINT-space
 *   encodings with rd = x0 (addi/slti/add/lui/auipc x0 ...).
 * On a single hart a fence changes no state: memory and registers
 * written before it read back unchanged after it.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- the plain fence forms ---- */
        TNUM 2
        la      a1, fm_buf
        li      a2, 0x01020304
        sw      a2, 0(a1)
        fence
        lw      a3, 0(a1)
        EXPECT  a3, 0x01020304

        TNUM 3
        li      a2, 0x11223344
        sw      a2, 4(a1)
        fence   rw, rw
        lw      a3, 4(a1)
        EXPECT  a3, 0x11223344

        TNUM 4
        li      a2, 0x55667788
        sw      a2, 8(a1)
        fence   w, w
        fence   r, r
        lw      a3, 8(a1)
        EXPECT  a3, 0x55667788

        TNUM 5
        li      a2, 0x99aabbcc
        sw      a2, 12(a1)
        fence   r, rw
        fence   rw, w
        fence   i, o
        fence   io, io
        fence   iorw, iorw
        lw      a3, 12(a1)
        EXPECT  a3, 0x99aabbcc

        /* ---- fence.tso (fm = 1000, rw,rw) ---- */
        TNUM 6
        li      a2, 0xddeeff00
        sw      a2, 0(a1)
        fence.tso
        lw      a3, 0(a1)
        EXPECT  a3, 0xddeeff00

        /* ---- pause: fence with pred = w, succ = 0 (Zihintpause) ---- */
        TNUM 7
        li      a3, 41
        .insn i MISC_MEM, 0, x0, x0, 0x010      /* 0x0100000f */
        addi    a3, a3, 1
        EXPECT  a3, 42

        /* ---- fences leave registers alone ---- */
        TNUM 8
        li      a1, 0x13572468
        li      a2, 0x24681357
        fence
        fence.tso
        EXPECT  a1, 0x13572468
        EXPECT  a2, 0x24681357

        /* ---- HINT-space encodings (rd = x0) are no-ops ---- */
        TNUM 9
        li      a1, 0x7ff
        li      a2, -1
        nop
        addi    x0, a1, 7
        slti    x0, a2, 1
        sltiu   x0, a1, 1
        andi    x0, a2, -1
        ori     x0, a1, 1
        xori    x0, a2, 1
        slli    x0, a2, 3
        srli    x0, a2, 3
        srai    x0, a2, 3
        add     x0, a1, a2
        sub     x0, a1, a2
        sll     x0, a1, a2
        slt     x0, a1, a2
        sltu    x0, a1, a2
        xor     x0, a1, a2
        srl     x0, a1, a2
        sra     x0, a1, a2
        or      x0, a1, a2
        and     x0, a1, a2
        lui     x0, 0x12345
        auipc   x0, 0x12345
        FAIL_NE x0, zero
        EXPECT  a1, 0x7ff
        EXPECT  a2, -1
        add     a3, x0, x0
        EXPECT  a3, 0

        /* ---- every fence'd store landed ---- */
        CHECK_MEMW 10, fm_buf+0,  0xddeeff00
        CHECK_MEMW 11, fm_buf+4,  0x11223344
        CHECK_MEMW 12, fm_buf+8,  0x55667788
        CHECK_MEMW 13, fm_buf+12, 0x99aabbcc

        TEST_END

        .data
        .balign 16
fm_buf: .word   0, 0, 0, 0
