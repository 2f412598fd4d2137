#include "common.h"
    li t0, SIMTY_FINISHER_BASE
    li t1, 0x1234
    sw t1, 0(t0)
