#include "common.h"
    csrr t0, satp
