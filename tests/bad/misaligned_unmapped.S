#include "common.h"
    li t0, SIMTY_RAM_BASE + SIMTY_RAM_SIZE_DEFAULT - 4
    lw t1, 2(t0)            # its last two bytes are past the end of RAM
    li a7, 93
    li a0, 0
    ecall
