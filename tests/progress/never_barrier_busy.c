/*
 * never_barrier_busy.c - EXPECTED DEADLOCK: thread 0 polls a flag that
 * nobody sets and flips a register on every iteration, so no two iterations
 * look alike; every other thread (its warp mates included) waits in
 * simty_barrier() for it.  The machine state repeats only every second
 * iteration, and the parked threads' waiting time must not count as state:
 * every model must report the deadlock, with and without the spin detector
 * (which, here, sees no exact repeat and so never parks the spinner).
 * Reaching the end is a failure.
 */
#include "progress.h"

SIMTY_EXPECT_DEADLOCK();

static volatile uint32_t flag, sink;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (tid == n) /* never true */
        __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    if (tid == 0) {
        unsigned k = 0;
        while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) == 0) {
            k ^= 1;
            __asm__ volatile("" : "+r"(k));
            SPIN_HINT();
        }
        sink = k;
    }
    simty_barrier();
    if (!pg_last_done())
        return 0;
    return pg_report("never_barrier_busy", 0, "the barrier completed");
}
