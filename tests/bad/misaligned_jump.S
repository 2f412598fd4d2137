#include "common.h"
    la t0, bad
    jalr ra, 6(t0)
