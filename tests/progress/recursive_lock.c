/*
 * recursive_lock.c - a lock taken inside a recursive function.
 *
 * Every thread recurses 1 + tid % MAXD levels deep; each call takes a TTAS
 * lock, adds a value to a shared sum and bumps the visit count of its level
 * with plain updates, releases, and (but for the last level) calls itself
 * again.  Warp mates therefore wait for each other at different call depths:
 * the holder is sometimes deeper, sometimes shallower than the spinners.
 * The last thread to finish checks the sum and the per-level counts.
 */
#include "progress.h"

#define MAXD 4 /* recursion depth 1 .. MAXD */

static volatile uint32_t lock;
static volatile uint32_t sum, inside, overlaps, visits[MAXD]; /* protected */
static volatile uint32_t returns[PG_MAX_THREADS];             /* per thread */

static uint32_t level_value(unsigned tid, unsigned level)
{
    return pg_rand(tid, level) & 1023;
}

/* The store after the recursive call keeps it a real call, one level
 * deeper (GCC would otherwise turn the recursion into a loop). */
static __attribute__((noinline)) void descend(unsigned tid, unsigned level, unsigned depth)
{
    for (;;) {
        while (__atomic_load_n(&lock, __ATOMIC_RELAXED) != 0)
            SPIN_HINT();
        if (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE) == 0)
            break;
    }
    if (inside++ != 0)
        overlaps++;
    uint32_t s = sum;
    pg_delay(s, 1);
    sum = s + level_value(tid, level);
    visits[level] = visits[level] + 1;
    inside = inside - 1;
    __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
    if (level + 1 < depth) {
        descend(tid, level + 1, depth);
        returns[tid] = returns[tid] + 1;
    }
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("recursive_lock"))
        return 1;

    descend(tid, 0, 1 + tid % MAXD);
    if (!pg_last_done())
        return 0;

    uint32_t want = 0, ref_visits[MAXD] = {0};
    for (unsigned t = 0; t < n; t++)
        for (unsigned level = 0; level < 1 + t % MAXD; level++) {
            want += level_value(t, level);
            ref_visits[level]++;
        }
    unsigned bad = 0;
    for (unsigned d = 0; d < MAXD; d++)
        bad += visits[d] != ref_visits[d];
    for (unsigned t = 0; t < n; t++)
        bad += returns[t] != t % MAXD;
    return pg_report("recursive_lock", sum == want && bad == 0 && overlaps == 0,
                     "sum %s, %u bad counts, %u overlaps", sum == want ? "right" : "wrong",
                     bad, (unsigned)overlaps);
}
