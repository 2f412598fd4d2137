/*
 * never_barrier.c - EXPECTED DEADLOCK: the threads of warp 0 wait for a
 * flag that nobody sets, while every other thread waits in simty_barrier()
 * for warp 0, which never arrives.  (On QEMU warp 0 is hart 0.)  Every
 * model must report a deadlock (exit status 122) in bounded time, at every
 * shape (before the hardware barrier, the SIMT and scalar models never noticed
 * the one spinning warp next to the barrier waiters and ran to --max-cycles).
 * Reaching the end is a failure.
 */
#include "progress.h"

SIMTY_EXPECT_DEADLOCK();

static volatile uint32_t flag;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (tid == n) /* never true */
        __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    if (tid < simty_threads_per_warp())
        while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) == 0)
            SPIN_HINT();
    simty_barrier();
    if (!pg_last_done())
        return 0;
    return pg_report("never_barrier", 0, "the barrier completed");
}
