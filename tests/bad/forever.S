# Runs forever, changing memory: only --max-cycles stops it.
#include "common.h"
    la t0, counter
2:  lw t1, 0(t0)
    addi t1, t1, 1
    sw t1, 0(t0)
    j 2b
    .data
counter: .word 0
