#include "common.h"
    li t0, 0x40000000
    sw zero, 8(t0)
