# A misaligned store that writes the low bytes of tohost ends the program
# with the code of the word it leaves there (docs/platform.md): bytes
# 0x0b 0x00 at tohost-1+1..2 make tohost (5 << 1) | 1: exit code 5.  The
# byte below tohost (pad) gets 0x77.
#include "common.h"
    la t0, tohost
    li t1, 0x000b77
    sw t1, -1(t0)           # bytes pad[3], tohost[0..2]
    li a7, 93
    li a0, 1                # not reached
    ecall
    .data
    .balign 8
pad: .word 0
    .globl tohost
tohost: .word 0
