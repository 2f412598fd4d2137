#include "common.h"
    la t0, data
    lw t1, 1(t0)            # --misaligned trap: a fault naming the address
    li a7, 93
    li a0, 0
    ecall
    .data
data: .word 0, 0
