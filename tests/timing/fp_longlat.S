# march: rv32imafd
/* A long FP latency (--fp-latency div=1000) on a 1x1
 * machine: the warp waits on the scoreboard for ~1000 cycles with nothing
 * else changing; this is not a deadlock (tests/timing_checks.py). */
#include "../isa/fptest.h"
        .text
        TEST_BEGIN
        FP_BEGIN
        li      a1, 0x40400000
        fmv.w.x fa1, a1
        li      a1, 0x40000000
        fmv.w.x fa2, a1
        TNUM    2
        fdiv.s  fa3, fa1, fa2
        fmv.x.w a3, fa3
        EXPECT  a3, 0x3fc00000
        TEST_END
