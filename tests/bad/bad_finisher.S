#include "common.h"
    li t0, 0x100000
    li t1, 0x1234
    sw t1, 0(t0)
