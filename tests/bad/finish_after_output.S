/* Not bad input: the finisher ends the run after another core's thread
 * printed.  Hart 0 spins ~40 iterations, then writes the finisher; every
 * other hart spins ~30, prints "A\n" once (hart 1 only) and parks.  In
 * quanta (--quantum) the cores' effects are applied in time order, so the
 * earlier output comes out before the later finisher ends the run, and the
 * run reports the finisher's cycle, not the quantum's end, and a region of
 * interest within it (tests/multicore_checks.py). */
#include "simty_guest.h"
    .option norelax
    .section .text.init
    .globl _start
_start:
    csrwi 0x7c0, 1      /* the region of interest: from here to the end */
    csrr a0, mhartid
    bnez a0, other
    li   t0, 40
1:  addi t0, t0, -1
    bnez t0, 1b
    li   t1, SIMTY_FINISHER_BASE
    li   t2, 0x5555
    sw   t2, 0(t1)
2:  j 2b
other:
    li   t0, 30
3:  addi t0, t0, -1
    bnez t0, 3b
    li   t3, 1
    bne  a0, t3, 5f
    li   t1, SIMTY_UART_BASE
    li   t2, 65
    sb   t2, 0(t1)
    li   t2, 10
    sb   t2, 0(t1)
5:  j 5b
