#include "common.h"
    la t0, data
    li t1, 0x12345678
    sw t1, 2(t0)            # --misaligned trap: a fault naming the address
    li a7, 93
    li a0, 0
    ecall
    .data
data: .word 0, 0
