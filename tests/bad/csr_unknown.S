#include "common.h"
    csrr t0, mtvec
