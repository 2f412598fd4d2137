/*
 * zicsr.S - csrrw csrrs csrrc csrrwi csrrsi csrrci.
 * Read/write forms are exercised on mscratch (the only writable CSR of the
 * platform). Read-only CSRs are only read, with the forms that do not
 * write (rs1 = x0 / uimm = 0), which is legal on read-only CSRs:
 *   mhartid (must be 0 on hart 0), mvendorid (0), marchid, mimpid,
 *   misa (MXL = 1, I/M/A present), mcycle/mcycleh, minstret/minstreth,
 *   cycle/cycleh, instret/instreth (the counters must increase).
 */
#include "test.h"

        TEST_BEGIN

        /* ---- csrrw ---- */
        TNUM 2
        li      a2, 0x12345678
        csrrw   x0, mscratch, a2                /* csrw */
        csrrs   a3, mscratch, x0                /* csrr */
        EXPECT  a3, 0x12345678
        TNUM 3
        li      a2, 0xdeadbeef
        csrrw   a3, mscratch, a2
        EXPECT  a3, 0x12345678
        csrr    a3, mscratch
        EXPECT  a3, 0xdeadbeef

        /* ---- csrrs / csrrc ---- */
        TNUM 4
        li      a2, 0x0000ffff
        csrrs   a3, mscratch, a2
        EXPECT  a3, 0xdeadbeef
        csrr    a3, mscratch
        EXPECT  a3, 0xdeadffff
        TNUM 5
        li      a2, 0xff00ff00
        csrrc   a3, mscratch, a2
        EXPECT  a3, 0xdeadffff
        csrr    a3, mscratch
        EXPECT  a3, 0x00ad00ff
        TNUM 6
        csrrs   a3, mscratch, x0                /* no write */
        csrrc   a4, mscratch, x0                /* no write */
        EXPECT  a3, 0x00ad00ff
        EXPECT  a4, 0x00ad00ff
        csrr    a3, mscratch
        EXPECT  a3, 0x00ad00ff
        TNUM 7
        li      a2, 0x80000000                  /* bit 31 */
        csrrs   x0, mscratch, a2                /* csrs */
        csrr    a3, mscratch
        EXPECT  a3, 0x80ad00ff
        li      a2, 0x000000ff
        csrrc   x0, mscratch, a2                /* csrc */
        csrr    a3, mscratch
        EXPECT  a3, 0x80ad0000

        /* ---- all 32 bits of mscratch are writable ---- */
        TNUM 8
        li      a2, 0xffffffff
        csrw    mscratch, a2
        csrr    a3, mscratch
        EXPECT  a3, 0xffffffff
        csrw    mscratch, x0
        csrr    a3, mscratch
        EXPECT  a3, 0

        /* ---- immediate forms (uimm is 5 bits, zero-extended) ---- */
        TNUM 9
        csrrwi  a3, mscratch, 31
        EXPECT  a3, 0
        csrr    a3, mscratch
        EXPECT  a3, 0x0000001f                  /* not sign-extended */
        TNUM 10
        csrrwi  a3, mscratch, 0
        EXPECT  a3, 0x1f
        csrr    a3, mscratch
        EXPECT  a3, 0
        TNUM 11
        csrrsi  a3, mscratch, 5
        EXPECT  a3, 0
        csrrsi  a3, mscratch, 0x1a
        EXPECT  a3, 5
        csrr    a3, mscratch
        EXPECT  a3, 0x1f
        TNUM 12
        csrrci  a3, mscratch, 3
        EXPECT  a3, 0x1f
        csrr    a3, mscratch
        EXPECT  a3, 0x1c
        TNUM 13
        li      a2, 0xffffffff
        csrw    mscratch, a2
        csrrci  a3, mscratch, 0x1f              /* clears bits 4:0 only */
        EXPECT  a3, 0xffffffff
        csrr    a3, mscratch
        EXPECT  a3, 0xffffffe0
        TNUM 14
        csrrsi  a3, mscratch, 0                 /* no write */
        csrrci  a4, mscratch, 0                 /* no write */
        EXPECT  a3, 0xffffffe0
        EXPECT  a4, 0xffffffe0
        csrr    a3, mscratch
        EXPECT  a3, 0xffffffe0
        TNUM 15
        csrwi   mscratch, 0x10                  /* csrrwi x0 */
        csrsi   mscratch, 0x01                  /* csrrsi x0 */
        csrci   mscratch, 0x10                  /* csrrci x0 */
        csrr    a3, mscratch
        EXPECT  a3, 0x01

        /* ---- rd == rs1 (old value read before rs1 is overwritten) ---- */
        TNUM 16
        li      t0, 0x5a5a5a5a
        csrw    mscratch, t0
        li      t0, 0xa5a5a5a5
        csrrw   t0, mscratch, t0
        EXPECT  t0, 0x5a5a5a5a
        csrr    a3, mscratch
        EXPECT  a3, 0xa5a5a5a5
        TNUM 17
        li      t0, 0x0000ffff
        csrrs   t0, mscratch, t0
        EXPECT  t0, 0xa5a5a5a5
        csrr    a3, mscratch
        EXPECT  a3, 0xa5a5ffff
        TNUM 18
        li      t0, 0xffff0000
        csrrc   t0, mscratch, t0
        EXPECT  t0, 0xa5a5ffff
        csrr    a3, mscratch
        EXPECT  a3, 0x0000ffff

        /* ---- rd = x0 ---- */
        TNUM 19
        li      a2, 0x31415926
        csrrw   x0, mscratch, a2
        FAIL_NE x0, zero
        csrrs   x0, mscratch, x0
        FAIL_NE x0, zero
        csrr    a3, mscratch
        EXPECT  a3, 0x31415926

        /* ---- mhartid: 0 on hart 0, with every non-writing form ---- */
        TNUM 20
        li      a3, -1
        csrr    a3, mhartid
        EXPECT  a3, 0
        TNUM 21
        li      a3, -1
        csrrc   a3, mhartid, x0
        EXPECT  a3, 0
        li      a3, -1
        csrrsi  a3, mhartid, 0
        EXPECT  a3, 0
        li      a3, -1
        csrrci  a3, mhartid, 0
        EXPECT  a3, 0

        /* ---- machine information registers ---- */
        TNUM 22
        li      a3, -1
        csrr    a3, mvendorid
        EXPECT  a3, 0
        TNUM 23
        csrr    a3, marchid                     /* readable (value not checked) */
        csrr    a3, mimpid
        TNUM 24
        csrr    a3, misa
        srli    a4, a3, 30
        EXPECT  a4, 1                           /* MXL = 1: 32-bit */
        li      a2, (1<<0)|(1<<8)|(1<<12)       /* A, I, M */
        and     a4, a3, a2
        FAIL_NE a4, a2

        /* ---- counters: readable with rs1 = x0, and they increase ---- */
        TNUM 25
        csrr    s1, minstret
        nop
        nop
        nop
        nop
        csrr    s2, minstret
        sub     a3, s2, s1
        blez    a3, .Lctr_fail                  /* must be > 0 (mod 2^32) */
        TNUM 26
        csrr    s1, instret
        nop
        nop
        nop
        nop
        csrr    s2, instret
        sub     a3, s2, s1
        blez    a3, .Lctr_fail
        TNUM 27
        csrr    s1, mcycle
        nop
        nop
        nop
        nop
        csrr    s2, mcycle
        sub     a3, s2, s1
        blez    a3, .Lctr_fail
        TNUM 28
        csrr    s1, cycle
        nop
        nop
        nop
        nop
        csrr    s2, cycle
        sub     a3, s2, s1
        blez    a3, .Lctr_fail
        j       .Lctr_ok
.Lctr_fail:
        j       fail                            /* gp is already set */
.Lctr_ok:

        /* ---- the other counter forms are legal reads ---- */
        TNUM 29
        csrrs   a3, minstreth, x0
        csrrs   a3, mcycleh, x0
        csrrs   a3, instreth, x0
        csrrs   a3, cycleh, x0
        csrrc   a3, minstret, x0
        csrrsi  a3, mcycle, 0
        csrrci  a3, instret, 0
        csrrs   x0, cycle, x0                   /* rd = x0 too */
        FAIL_NE x0, zero

        /* ---- 64-bit minstret read (hi, lo, hi) is consistent ---- */
        TNUM 30
        li      t1, 10                          /* retry budget */
1:      csrr    s3, minstreth
        csrr    s1, minstret
        csrr    s4, minstreth
        beq     s3, s4, 2f
        addi    t1, t1, -1
        bnez    t1, 1b
        j       fail
2:      csrr    s2, minstret                    /* still counting up */
        sub     a3, s2, s1
        blez    a3, .Lctr_fail

        TEST_END
