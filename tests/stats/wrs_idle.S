# Every thread waits in wrs.sto (its reservation holds: nothing writes the
# word), so the whole machine is idle for up to 256 cycles and the
# functional models jump over that time.  tests/unit/test_step.c checks that
# simty_run_cycles and simty_run_until still stop exactly where asked.
#include "simty_guest.h"
    .section .text.init
    .globl _start
_start:
    la t0, word
    lr.w t1, (t0)
    .word 0x01d00073        # wrs.sto: waits up to 256 cycles
    li a7, 93
    li a0, 0
    ecall
    .data
    .align 2
word: .word 0
