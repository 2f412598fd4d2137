/*
 * peterson.c - Peterson's mutual exclusion between two threads, with only
 * loads and stores (sequentially consistent atomics and a full fence).
 *
 * Threads 2k and 2k+1 form a pair (two lanes of one warp when a warp has 2
 * or more threads) with their own flags, victim word and counter.  Each
 * thread enters ROUNDS times and increments the pair's counter with a plain
 * read-delay-write, checking nobody else is inside.  A thread without a
 * partner (odd thread count) takes the lock alone.  The last thread to
 * finish checks every pair's counter.
 */
#include "progress.h"

#define ROUNDS 8
#define PAIRS (PG_MAX_THREADS / 2)

static volatile uint32_t flag[PAIRS][2], victim[PAIRS];
static volatile uint32_t counter[PAIRS], inside[PAIRS], overlaps[PAIRS]; /* protected */

static void peterson_lock(unsigned p, unsigned me)
{
    __atomic_store_n(&flag[p][me], 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&victim[p], me, __ATOMIC_SEQ_CST);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    while (__atomic_load_n(&flag[p][1 - me], __ATOMIC_SEQ_CST) != 0 &&
           __atomic_load_n(&victim[p], __ATOMIC_SEQ_CST) == me)
        SPIN_HINT();
}

static void peterson_unlock(unsigned p, unsigned me)
{
    __atomic_store_n(&flag[p][me], 0, __ATOMIC_RELEASE);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("peterson"))
        return 1;

    unsigned p = tid / 2, me = tid % 2;
    for (unsigned r = 0; r < ROUNDS; r++) {
        peterson_lock(p, me);
        if (inside[p]++ != 0)
            overlaps[p]++;
        uint32_t c = counter[p];
        pg_delay(c, 1 + me);
        counter[p] = c + 1;
        inside[p] = inside[p] - 1;
        peterson_unlock(p, me);
    }
    if (!pg_last_done())
        return 0;

    unsigned bad = 0, total = 0;
    for (unsigned q = 0; q < (n + 1) / 2; q++) {
        unsigned want = (2 * q + 1 < n ? 2 : 1) * ROUNDS;
        bad += counter[q] != want || overlaps[q] != 0;
        total += counter[q];
    }
    return pg_report("peterson", bad == 0 && total == n * ROUNDS,
                     "%u pairs, %u bad, %u entries of %u", (n + 1) / 2, bad, total,
                     n * ROUNDS);
}
