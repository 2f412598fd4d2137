#include "common.h"
    .word 0xffffffff
