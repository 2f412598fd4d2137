/*
 * rv32i-lui-auipc.S - lui and auipc.
 *   lui:   rd = imm20 << 12 (low 12 bits zero), all 20-bit extremes, x0.
 *   auipc: rd = pc + (imm20 << 12), checked against the address of the
 *          instruction itself (taken with la), with positive, negative and
 *          zero immediates; also the auipc+addi / auipc+jalr pairs.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- lui ---- */
        TNUM 2
        lui     a3, 0
        EXPECT  a3, 0x00000000
        TNUM 3
        lui     a3, 1
        EXPECT  a3, 0x00001000
        TNUM 4
        lui     a3, 0xfffff
        EXPECT  a3, 0xfffff000
        TNUM 5
        lui     a3, 0x80000
        EXPECT  a3, 0x80000000
        TNUM 6
        lui     a3, 0x7ffff
        EXPECT  a3, 0x7ffff000
        TNUM 7
        li      a3, 0xffffffff                  /* low 12 bits are cleared */
        lui     a3, 0x12345
        EXPECT  a3, 0x12345000
        TNUM 8
        lui     a3, 0x80000
        srai    a3, a3, 12                      /* sign of bit 31 kept */
        EXPECT  a3, 0xfff80000
        TNUM 9
        lui     x0, 0xfffff
        FAIL_NE x0, zero
        add     a3, x0, x0
        EXPECT  a3, 0
        TNUM 10
        lui     a3, 0x12345
        addi    a3, a3, 0x678
        EXPECT  a3, 0x12345678
        TNUM 11
        lui     a3, 0x12346                     /* lui+addi with negative low */
        addi    a3, a3, -0x679
        EXPECT  a3, 0x12345987

        /* ---- auipc ---- */
        TNUM 12
.Lpc0:  auipc   a3, 0
        la      a4, .Lpc0
        FAIL_NE a3, a4
        TNUM 13
.Lpc1:  auipc   a3, 1
        la      a4, .Lpc1
        sub     a3, a3, a4
        EXPECT  a3, 0x00001000
        TNUM 14
.Lpc2:  auipc   a3, 0xfffff                     /* pc - 4096 */
        la      a4, .Lpc2
        sub     a3, a3, a4
        EXPECT  a3, 0xfffff000
        TNUM 15
.Lpc3:  auipc   a3, 0x80000                     /* pc + 0x80000000 (wraps) */
        la      a4, .Lpc3
        sub     a3, a3, a4
        EXPECT  a3, 0x80000000
        TNUM 16
.Lpc4:  auipc   a3, 0x7ffff
        la      a4, .Lpc4
        sub     a3, a3, a4
        EXPECT  a3, 0x7ffff000
        TNUM 17
        /* two auipc 4 bytes apart differ by 4 */
        auipc   a3, 0
        auipc   a4, 0
        sub     a4, a4, a3
        EXPECT  a4, 4
        TNUM 18
        auipc   x0, 0x12345
        FAIL_NE x0, zero
        TNUM 19
        /* auipc + addi reaching data (what `la` expands to) */
        la      a1, .Lword
        lw      a3, 0(a1)
        EXPECT  a3, 0x5a5aa5a5
        TNUM 20
        /* auipc + jalr (what `call` expands to for a far target) */
        li      a3, 0
1:      auipc   t0, %pcrel_hi(.Ltarget)
        jalr    ra, %pcrel_lo(1b)(t0)
        EXPECT  a3, 0x77
        j       .Lafter_call
.Ltarget:
        li      a3, 0x77
        ret
.Lafter_call:

        TEST_END

        .data
        .balign 4
.Lword: .word   0x5a5aa5a5
