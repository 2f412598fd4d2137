#include "common.h"
    la t0, data
    lr.w t2, (t0)           # aligned: fine
    addi t0, t0, 1
    lr.w t2, (t0)           # misaligned LR faults in every mode
    li a7, 93
    li a0, 0
    ecall
    .data
data: .word 0, 0
