# Region of interest: CSR simty_roi (0x7c0) opened and closed around a
# divergent branch (hand-checked in tests/bench_checks.py).
#include "simty_guest.h"
    .section .text.init
    .globl _start
_start:
    addi t1, zero, 1
    csrwi SIMTY_CSR_ROI, SIMTY_ROI_OPEN  # every lane writes; the first counts
    addi t1, t1, 1
    andi t0, a0, 1
    beqz t0, 1f             # even lanes skip one instruction
    addi t1, t1, 1          # odd lanes
1:  csrwi SIMTY_CSR_ROI, SIMTY_ROI_CLOSE
    addi t1, t1, 1
    csrwi SIMTY_CSR_ROI, SIMTY_ROI_OPEN  # a second region is ignored
    li a7, 93
    li a0, 0
    ecall
