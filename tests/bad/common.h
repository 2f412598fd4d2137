/* Bad-input guest programs: hart 0 does the bad thing, the others park. */
#include "simty_guest.h"
    .section .text.init
    .globl _start
_start:
    bnez a0, 1f
    j bad
1:  j 1b
    .text
bad:
