#include "common.h"
    ebreak
