#include "common.h"
    li t0, 0x40000000
    jr t0
