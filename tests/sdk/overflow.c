/* Stack use on every thread: each level of depth() takes a little over
 * 1 KiB.  The last thread recurses DEPTH levels, the others 2: DEPTH=12
 * overflows the default 8 KiB stack, DEPTH=4 fits (tests/sdk_checks.py).
 * Locals live in memory, so the run also shows what --stack-interleave does
 * to lane-uniform stack accesses. */
#include <simty.h>
#include <stdio.h>

static __attribute__((noinline)) int depth(int n, volatile char *prev)
{
    volatile char buf[1024];
    for (int i = 0; i < 1024; i += 64)
        buf[i] = (char)(n + i);
    if (n == 0)
        return prev ? prev[64] : 0;
    return depth(n - 1, buf) + buf[0] + buf[512];
}

int main(void)
{
    unsigned tid = simty_tid();
    int r = depth(tid == simty_nthreads() - 1 ? DEPTH : 2, 0);
    simty_barrier();
    if (tid == 0)
        printf("overflow: %d\n", r);
    return 0;
}
