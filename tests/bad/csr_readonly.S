#include "common.h"
    csrw mhartid, zero
