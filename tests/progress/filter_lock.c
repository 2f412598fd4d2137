/*
 * filter_lock.c - the filter lock (Peterson generalised to G threads) with
 * only loads and stores: to enter, a thread climbs levels 1 .. G-1; at each
 * level it makes itself the victim and waits while it is the victim and
 * some other thread of its group is at that level or higher.
 *
 * Threads form groups of G consecutive threads (lanes of one warp when a
 * warp has G or more threads; the last group may be smaller).  Each thread
 * enters ROUNDS times and increments the group's counter with a plain
 * read-delay-write, checking nobody else is inside.  The last thread to
 * finish checks every group's counter.
 */
#include "progress.h"

#define G 4
#define ROUNDS 4
#define GROUPS (PG_MAX_THREADS / G)

static volatile uint32_t level[GROUPS][G], victim[GROUPS][G];
static volatile uint32_t counter[GROUPS], inside[GROUPS], overlaps[GROUPS]; /* protected */

/* Some other member of group g (size m) is at level L or higher. */
static int other_at_or_above(unsigned g, unsigned m, unsigned me, uint32_t L)
{
    for (unsigned k = 0; k < m; k++)
        if (k != me && __atomic_load_n(&level[g][k], __ATOMIC_SEQ_CST) >= L)
            return 1;
    return 0;
}

static void filter_lock(unsigned g, unsigned m, unsigned me)
{
    for (uint32_t L = 1; L < m; L++) {
        __atomic_store_n(&level[g][me], L, __ATOMIC_SEQ_CST);
        __atomic_store_n(&victim[g][L], me, __ATOMIC_SEQ_CST);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        while (other_at_or_above(g, m, me, L) &&
               __atomic_load_n(&victim[g][L], __ATOMIC_SEQ_CST) == me)
            SPIN_HINT();
    }
}

static void filter_unlock(unsigned g, unsigned me)
{
    __atomic_store_n(&level[g][me], 0, __ATOMIC_RELEASE);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("filter_lock"))
        return 1;

    unsigned g = tid / G, me = tid % G;
    unsigned m = n - g * G < G ? n - g * G : G; /* members of this group */
    for (unsigned r = 0; r < ROUNDS; r++) {
        filter_lock(g, m, me);
        if (inside[g]++ != 0)
            overlaps[g]++;
        uint32_t c = counter[g];
        pg_delay(c, 1 + me);
        counter[g] = c + 1;
        inside[g] = inside[g] - 1;
        filter_unlock(g, me);
    }
    if (!pg_last_done())
        return 0;

    unsigned groups = (n + G - 1) / G, bad = 0, total = 0;
    for (unsigned q = 0; q < groups; q++) {
        unsigned size = n - q * G < G ? n - q * G : G;
        bad += counter[q] != size * ROUNDS || overlaps[q] != 0;
        total += counter[q];
    }
    return pg_report("filter_lock", bad == 0 && total == n * ROUNDS,
                     "%u groups of up to %u, %u bad, %u entries of %u", groups, G, bad,
                     total, n * ROUNDS);
}
