/*
 * never_flag.c - EXPECTED DEADLOCK: every thread waits for a flag that only
 * a thread numbered simty_nthreads() would set, and there is no such
 * thread.  No scheduler can make this complete: every model must report a
 * deadlock (exit status 122) in bounded time, at every shape.  Reaching
 * the end is a failure.
 */
#include "progress.h"

SIMTY_EXPECT_DEADLOCK();

static volatile uint32_t flag;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (tid == n) /* never true */
        __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) == 0)
        SPIN_HINT();
    if (!pg_last_done())
        return 0;
    return pg_report("never_flag", 0, "the flag nobody sets was seen set");
}
