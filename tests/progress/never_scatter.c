/*
 * never_scatter.c - EXPECTED DEADLOCK: every thread waits for its own
 * flag, which nobody sets, and the flags are spread so that the warps'
 * wait loops repeat with different periods: lane l of warp w polls flag
 * l mod k, k = 1 + w mod T, each flag in its own 256-byte block, so warp w
 * needs k memory passes per turn on the SIMT models.  Each warp's state
 * repeats quickly, but the whole machine's state only repeats after the
 * least common multiple of all the periods, which grows fast with T.  No
 * scheduler can make this complete: every model must report a deadlock
 * (exit status 122) in bounded time, at every shape.  Reaching the end is
 * a failure.
 */
#include "progress.h"

SIMTY_EXPECT_DEADLOCK();

#define STRIDE 64 /* words: 256 bytes between flags */
#define MAXK 64   /* up to 64 threads per warp */

static volatile uint32_t flags[MAXK * STRIDE];

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned T = simty_threads_per_warp();
    unsigned k = 1 + (tid / T) % T, lane = tid % T;
    volatile uint32_t *mine = &flags[(lane % k) * STRIDE];
    if (tid == n) /* never true */
        __atomic_store_n(mine, 1, __ATOMIC_RELEASE);
    while (__atomic_load_n(mine, __ATOMIC_ACQUIRE) == 0)
        SPIN_HINT();
    if (!pg_last_done())
        return 0;
    return pg_report("never_scatter", 0, "a flag nobody sets was seen set");
}
