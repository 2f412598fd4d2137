/* Not bad input: runs forever (only a limit stops it), hart 0 printing
 * "tick N\n" (N a digit, counting 0..9 round) every 2^18 iterations of a
 * counting loop; the other harts park.  The status display's tests
 * (tests/status_checks.py) check that these lines are never mixed with
 * the live status line. */
#include "common.h"
    li   t0, SIMTY_UART_BASE
    li   t3, 0
1:  li   t1, 1 << 18
2:  addi t1, t1, -1
    bnez t1, 2b
    li   t2, 't'
    sb   t2, 0(t0)
    li   t2, 'i'
    sb   t2, 0(t0)
    li   t2, 'c'
    sb   t2, 0(t0)
    li   t2, 'k'
    sb   t2, 0(t0)
    li   t2, ' '
    sb   t2, 0(t0)
    addi t2, t3, '0'
    sb   t2, 0(t0)
    li   t2, '\n'
    sb   t2, 0(t0)
    addi t3, t3, 1
    li   t2, 10
    bne  t3, t2, 1b
    li   t3, 0
    j    1b
