#include "common.h"
    li a7, 64
    ecall
