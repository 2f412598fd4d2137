/*
 * rv32i-misaligned.S - misaligned lw lh lhu sw sh, executed in hardware
 * (simty's default, --misaligned hardware; Spike and QEMU do the same):
 * every byte offset within two words and across a 64-byte line (loads,
 * sign and zero extension), stores at every offset read back misaligned
 * and as the aligned words around them (neighbouring bytes kept).
 * Generated values: ld_buf byte i is (0x81 + 37 i) mod 256; st_buf starts
 * as 16 bytes of 0xaa between two 0x55555555 guards.
 */
#include "test.h"

        TEST_BEGIN

        /* ---- loads at every offset of two words, and across the 64-byte line ---- */
        CHECK_LD     2, lw , 0xf0cba681, ld_buf+0, 0
        CHECK_LD     3, lh , 0xffffa681, ld_buf+0, -2048
        CHECK_LD     4, lhu, 0x0000a681, ld_buf+0, 2047
        CHECK_LD     5, lw , 0x15f0cba6, ld_buf+1, 0
        CHECK_LD     6, lh , 0xffffcba6, ld_buf+1, -2048
        CHECK_LD     7, lhu, 0x0000cba6, ld_buf+1, 2047
        CHECK_LD     8, lw , 0x3a15f0cb, ld_buf+2, 0
        CHECK_LD     9, lh , 0xfffff0cb, ld_buf+2, -2048
        CHECK_LD    10, lhu, 0x0000f0cb, ld_buf+2, 2047
        CHECK_LD    11, lw , 0x5f3a15f0, ld_buf+3, 0
        CHECK_LD    12, lh , 0x000015f0, ld_buf+3, -2048
        CHECK_LD    13, lhu, 0x000015f0, ld_buf+3, 2047
        CHECK_LD    14, lw , 0x845f3a15, ld_buf+4, 0
        CHECK_LD    15, lh , 0x00003a15, ld_buf+4, -2048
        CHECK_LD    16, lhu, 0x00003a15, ld_buf+4, 2047
        CHECK_LD    17, lw , 0xa9845f3a, ld_buf+5, 0
        CHECK_LD    18, lh , 0x00005f3a, ld_buf+5, -2048
        CHECK_LD    19, lhu, 0x00005f3a, ld_buf+5, 2047
        CHECK_LD    20, lw , 0xcea9845f, ld_buf+6, 0
        CHECK_LD    21, lh , 0xffff845f, ld_buf+6, -2048
        CHECK_LD    22, lhu, 0x0000845f, ld_buf+6, 2047
        CHECK_LD    23, lw , 0xf3cea984, ld_buf+7, 0
        CHECK_LD    24, lh , 0xffffa984, ld_buf+7, -2048
        CHECK_LD    25, lhu, 0x0000a984, ld_buf+7, 2047
        CHECK_LD    26, lw , 0xc19c7752, ld_buf+61, 0
        CHECK_LD    27, lh , 0x00007752, ld_buf+61, -2048
        CHECK_LD    28, lhu, 0x00007752, ld_buf+61, 2047
        CHECK_LD    29, lw , 0xe6c19c77, ld_buf+62, 0
        CHECK_LD    30, lh , 0xffff9c77, ld_buf+62, -2048
        CHECK_LD    31, lhu, 0x00009c77, ld_buf+62, 2047
        CHECK_LD    32, lw , 0x0be6c19c, ld_buf+63, 0
        CHECK_LD    33, lh , 0xffffc19c, ld_buf+63, -2048
        CHECK_LD    34, lhu, 0x0000c19c, ld_buf+63, 2047

        /* ---- stores at every offset: read back misaligned and as aligned words ---- */
        CHECK_ST    35, sw, lw, 0x12345678, 0x12345678, st_buf+1, 2047
        CHECK_MEMW  36, st_buf+0, 0x345678aa
        CHECK_MEMW  37, st_buf+4, 0xaaaaaa12
        CHECK_MEMW  38, st_buf+8, 0xaaaaaaaa
        CHECK_MEMW  39, st_buf+12, 0xaaaaaaaa
        CHECK_ST    40, sw, lw, 0x9abcdef0, 0x9abcdef0, st_buf+2, -2048
        CHECK_MEMW  41, st_buf+0, 0xdef078aa
        CHECK_MEMW  42, st_buf+4, 0xaaaa9abc
        CHECK_MEMW  43, st_buf+8, 0xaaaaaaaa
        CHECK_MEMW  44, st_buf+12, 0xaaaaaaaa
        CHECK_ST    45, sw, lw, 0x0fedcba9, 0x0fedcba9, st_buf+3, 2047
        CHECK_MEMW  46, st_buf+0, 0xa9f078aa
        CHECK_MEMW  47, st_buf+4, 0xaa0fedcb
        CHECK_MEMW  48, st_buf+8, 0xaaaaaaaa
        CHECK_MEMW  49, st_buf+12, 0xaaaaaaaa
        CHECK_ST    50, sh, lhu, 0x00008765, 0xffff8765, st_buf+1, -2048
        CHECK_MEMW  51, st_buf+0, 0xa98765aa
        CHECK_MEMW  52, st_buf+4, 0xaa0fedcb
        CHECK_MEMW  53, st_buf+8, 0xaaaaaaaa
        CHECK_MEMW  54, st_buf+12, 0xaaaaaaaa
        CHECK_ST    55, sh, lhu, 0x00004321, 0x00004321, st_buf+3, 2047
        CHECK_MEMW  56, st_buf+0, 0x218765aa
        CHECK_MEMW  57, st_buf+4, 0xaa0fed43
        CHECK_MEMW  58, st_buf+8, 0xaaaaaaaa
        CHECK_MEMW  59, st_buf+12, 0xaaaaaaaa
        CHECK_ST    60, sh, lhu, 0x0000beef, 0x7777beef, st_buf+6, -2048
        CHECK_MEMW  61, st_buf+0, 0x218765aa
        CHECK_MEMW  62, st_buf+4, 0xbeefed43
        CHECK_MEMW  63, st_buf+8, 0xaaaaaaaa
        CHECK_MEMW  64, st_buf+12, 0xaaaaaaaa
        CHECK_ST    65, sw, lw, 0xcafef00d, 0xcafef00d, st_buf+7, 2047
        CHECK_MEMW  66, st_buf+0, 0x218765aa
        CHECK_MEMW  67, st_buf+4, 0x0defed43
        CHECK_MEMW  68, st_buf+8, 0xaacafef0
        CHECK_MEMW  69, st_buf+12, 0xaaaaaaaa
        CHECK_ST    70, sh, lhu, 0x0000a55a, 0x1111a55a, st_buf+11, -2048
        CHECK_MEMW  71, st_buf+0, 0x218765aa
        CHECK_MEMW  72, st_buf+4, 0x0defed43
        CHECK_MEMW  73, st_buf+8, 0x5acafef0
        CHECK_MEMW  74, st_buf+12, 0xaaaaaaa5
        CHECK_MEMW 75, st_buf-4, 0x55555555
        CHECK_MEMW 76, st_buf+16, 0x55555555

        TEST_END

        .data
        .balign 64
ld_buf:
        .byte 0x81, 0xa6, 0xcb, 0xf0, 0x15, 0x3a, 0x5f, 0x84
        .byte 0xa9, 0xce, 0xf3, 0x18, 0x3d, 0x62, 0x87, 0xac
        .byte 0xd1, 0xf6, 0x1b, 0x40, 0x65, 0x8a, 0xaf, 0xd4
        .byte 0xf9, 0x1e, 0x43, 0x68, 0x8d, 0xb2, 0xd7, 0xfc
        .byte 0x21, 0x46, 0x6b, 0x90, 0xb5, 0xda, 0xff, 0x24
        .byte 0x49, 0x6e, 0x93, 0xb8, 0xdd, 0x02, 0x27, 0x4c
        .byte 0x71, 0x96, 0xbb, 0xe0, 0x05, 0x2a, 0x4f, 0x74
        .byte 0x99, 0xbe, 0xe3, 0x08, 0x2d, 0x52, 0x77, 0x9c
        .byte 0xc1, 0xe6, 0x0b, 0x30, 0x55, 0x7a, 0x9f, 0xc4
        .balign 16
        .word   0x55555555                      /* guard */
st_buf: .rept 4
        .word   0xaaaaaaaa
        .endr
        .word   0x55555555                      /* guard */
