#include "common.h"
    .word 0x00000000
