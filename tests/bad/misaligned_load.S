#include "common.h"
    la t0, data
    lw t1, 1(t0)
    .data
data: .word 0, 0
