#include "common.h"
    la t0, data
    li t1, 1
    amoadd.w t2, t1, (t0)   # aligned: fine
    addi t0, t0, 2
    amoadd.w t2, t1, (t0)   # misaligned atomics fault in every mode
    li a7, 93
    li a0, 0
    ecall
    .data
data: .word 0, 0
