# march: rv32imac
/*
 * rv32c.S - the C extension (RV32C): every integer compressed instruction
 * with its result checked, 32-bit instructions at 2-aligned addresses
 * (straddling a word boundary), jumps and branches to 2-aligned targets,
 * link values pc + 2, auipc at pc = 2 mod 4, misa.C, mepc bit 1, and a
 * 32-bit instruction rewritten across a word boundary (self-modifying code:
 * the decode cache drops an instruction one of whose words a store changed).
 * C.FLW, C.FLD and their stores are in the F/D tests; c.ebreak traps.
 */
#include "test.h"

        TEST_BEGIN
        .option rvc
        la      sp, stack_top

        /* ---- c.li, c.lui ---- */
        TNUM 2
        c.li    a0, -32
        EXPECT  a0, -32
        c.li    a0, 31
        EXPECT  a0, 31
        TNUM 3
        c.lui   a0, 0xfffe0
        EXPECT  a0, 0xfffe0000
        c.lui   a0, 1
        EXPECT  a0, 0x1000
        c.lui   a0, 0x1f
        EXPECT  a0, 0x1f000

        /* ---- c.addi, c.nop, c.addi16sp, c.addi4spn ---- */
        TNUM 4
        li      a0, 100
        c.addi  a0, -32
        EXPECT  a0, 68
        c.addi  a0, 31
        EXPECT  a0, 99
        c.nop
        EXPECT  a0, 99
        TNUM 5
        mv      s1, sp
        c.addi16sp sp, -512
        addi    a3, s1, -512
        FAIL_NE sp, a3
        c.addi16sp sp, 496
        addi    a3, s1, -16
        FAIL_NE sp, a3
        c.addi16sp sp, 16
        FAIL_NE sp, s1
        TNUM 6
        c.addi4spn s0, sp, 4
        addi    a3, sp, 4
        FAIL_NE s0, a3
        c.addi4spn a5, sp, 1020
        addi    a3, sp, 1020
        FAIL_NE a5, a3

        /* ---- c.mv, c.add, c.sub, c.xor, c.or, c.and, c.andi ---- */
        TNUM 7
        li      a1, 0x12345678
        c.mv    a0, a1
        EXPECT  a0, 0x12345678
        li      t0, 0x11111111
        c.add   a0, t0
        EXPECT  a0, 0x23456789
        TNUM 8
        li      s0, 10
        li      s1, 3
        c.sub   s0, s1
        EXPECT  s0, 7
        li      a2, 0xff00ff00
        li      a3, 0x0ff00ff0
        c.xor   a2, a3
        EXPECT  a2, 0xf0f0f0f0
        li      a4, 0xf0000000
        li      a5, 0x0000000f
        c.or    a4, a5
        EXPECT  a4, 0xf000000f
        li      a2, 0xff00ff00
        c.and   a2, a3
        EXPECT  a2, 0x0f000f00
        TNUM 9
        li      a4, 0x12345678
        c.andi  a4, 15
        EXPECT  a4, 8
        li      a4, 0x12345678
        c.andi  a4, -32
        EXPECT  a4, 0x12345660

        /* ---- c.slli, c.srli, c.srai ---- */
        TNUM 10
        li      a0, 0x80000001
        c.slli  a0, 1
        EXPECT  a0, 2
        li      t6, 1
        c.slli  t6, 31
        li      a3, 0x80000000
        FAIL_NE t6, a3
        TNUM 11
        li      s0, 0x80000000
        c.srli  s0, 31
        EXPECT  s0, 1
        li      s0, 0x80000000
        c.srai  s0, 31
        EXPECT  s0, -1
        li      a5, 0x80001000
        c.srai  a5, 12
        EXPECT  a5, 0xfff80001

        /* ---- c.lw, c.sw, c.lwsp, c.swsp ---- */
        TNUM 12
        la      a1, cdata
        c.lw    a0, 0(a1)
        EXPECT  a0, 0x11223344
        c.lw    a0, 124(a1)
        EXPECT  a0, 0x55667788
        li      a2, 0xcafef00d
        c.sw    a2, 4(a1)
        lw      a3, 4(a1)
        EXPECT  a3, 0xcafef00d
        TNUM 13
        li      a0, 0x0badf00d
        c.swsp  a0, 252(sp)
        lw      a3, 252(sp)
        EXPECT  a3, 0x0badf00d
        c.lwsp  ra, 252(sp)
        EXPECT  ra, 0x0badf00d
        c.swsp  zero, 0(sp)
        c.lwsp  a4, 0(sp)
        EXPECT  a4, 0

        /* ---- c.j, c.jal (link pc + 2), c.jr, c.jalr ---- */
        TNUM 14
        li      a3, 0
        c.j     1f
        li      a3, 1                           /* skipped */
1:      EXPECT  a3, 0
        TNUM 15
.Lcjal: c.jal   2f
        j       fail
2:      la      a4, .Lcjal+2
        FAIL_NE ra, a4
        TNUM 16
        la      t0, 3f
        c.jr    t0
        j       fail
3:      la      a0, 4f
.Lcjalr: c.jalr a0
        j       fail
4:      la      a4, .Lcjalr+2
        FAIL_NE ra, a4
        TNUM 17                                 /* call and c.jr ra (ret) */
        li      a0, 0
        call    cfunc
        EXPECT  a0, 7

        /* ---- c.beqz, c.bnez, taken and not ---- */
        TNUM 18
        li      s0, 0
        li      a3, 0
        c.beqz  s0, 1f
        li      a3, 1
1:      EXPECT  a3, 0
        li      s0, 5
        c.beqz  s0, fail_near
        c.bnez  s0, 2f
        j       fail
2:      li      s1, 0
        c.bnez  s1, fail_near
        li      a5, 3                           /* a backward c.bnez loop */
        li      a3, 0
3:      c.addi  a3, 2
        c.addi  a5, -1
        c.bnez  a5, 3b
        EXPECT  a3, 6

        /* ---- 32-bit instructions at 2 mod 4, straddling words ---- */
        TNUM 19
        li      a0, 40
        .balign 4
        c.nop
        .option norvc
        addi    a0, a0, 2                       /* spans two words */
        addi    a0, a0, 3
        .option rvc
        c.addi  a0, 1
        EXPECT  a0, 46
        TNUM 20                                 /* auipc at pc = 2 mod 4 */
        .balign 4
        c.nop
.Lauipc:
        .option norvc
        auipc   a0, 0
        .option rvc
        la      a4, .Lauipc
        FAIL_NE a0, a4
        andi    a4, a4, 3
        EXPECT  a4, 2

        /* ---- jumps and branches to 2-aligned targets ---- */
        TNUM 21
        .option norvc
        jal     ra, odd_target                  /* 32-bit jal to 2 mod 4 */
.Ljal_back:
        .option rvc
        EXPECT  a0, 21
        la      a4, .Ljal_back
        FAIL_NE s1, a4
        TNUM 22
        la      t0, odd_target
        andi    a4, t0, 3
        EXPECT  a4, 2
        .option norvc
        jalr    ra, 0(t0)                       /* 32-bit jalr to 2 mod 4 */
        .option rvc
        EXPECT  a0, 21
        TNUM 23
        li      a1, 1
        .option norvc
        bnez    a1, odd_branch                  /* 32-bit branch to 2 mod 4 */
        .option rvc
        j       fail
odd_branch_back:
        EXPECT  a0, 23

        /* ---- misa.C, mepc bit 1 ---- */
        TNUM 24
        csrr    a0, misa
        andi    a0, a0, 4
        EXPECT  a0, 4
        TNUM 25
        li      a0, 0x80000002
        csrw    mepc, a0
        csrr    a3, mepc
        EXPECT  a3, 0x80000002
        li      a0, 0x80000006                  /* (bit 0: QEMU 7.2 keeps it) */
        csrw    mepc, a0
        csrr    a3, mepc
        EXPECT  a3, 0x80000006

        /* ---- a 32-bit instruction rewritten across a word boundary ---- */
        TNUM 26
        call    smc_func                        /* decoded once */
        EXPECT  a0, 1
        la      t0, smc_slot                    /* 2 mod 4 */
        li      t1, 0x0513                      /* addi a0, x0, 9: low half */
        sh      t1, 0(t0)
        li      t1, 0x0090                      /* high half */
        sh      t1, 2(t0)
        fence.i
        call    smc_func
        EXPECT  a0, 9
        TNUM 27                                 /* only the second word */
        call    smc_func                        /* decoded again */
        EXPECT  a0, 9
        la      t0, smc_slot
        li      t1, 0x0050                      /* addi a0, x0, 5 */
        sh      t1, 2(t0)
        /* no fence.i: simty drops the decoded instruction that starts in
         * the word before (docs/platform.md), QEMU retranslates */
        call    smc_func
        EXPECT  a0, 5

        TEST_END

fail_near:
        j       fail

        .balign 4
cfunc:  c.addi  a0, 7
        c.jr    ra

        .balign 4
        c.nop
odd_target:                                     /* 2 mod 4 */
        .option norvc
        mv      s1, ra
        li      a0, 21
        ret
        .option rvc

        .balign 4
        c.nop
odd_branch:
        li      a0, 23
        j       odd_branch_back

        .balign 4
smc_func:
        c.nop
smc_slot:                                       /* 2 mod 4 */
        .option norvc
        addi    a0, x0, 1
        .option rvc
        c.jr    ra

        .data
        .balign 4
cdata:
        .word   0x11223344
        .fill   30, 4, 0
        .word   0x55667788
        .balign 16
        .fill   128, 4, 0
stack_top:
        .fill   128, 4, 0
