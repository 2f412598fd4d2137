/*
 * tas_lock.c - test-and-set spin lock: acquire is an atomic exchange loop
 * (amoswap), release a store-release.
 *
 * Every thread enters the critical section ROUNDS times.  Inside, it marks
 * itself as the owner, appends an item to a shared log with a plain
 * read-delay-write of the log length, and checks that nobody else entered
 * meanwhile.  The last thread to finish checks: ROUNDS x n entries, every
 * item logged exactly once, no overlap seen.
 *
 * On a SIMT warp, the lanes run the exchange together: one wins, the others
 * loop back to the exchange, below the critical section in the code.
 */
#include "progress.h"

#define ROUNDS 2

static volatile uint32_t lock;
static volatile uint32_t owner, entries, overlaps; /* protected by lock */
static volatile uint32_t log_items[PG_MAX_THREADS * ROUNDS];
static uint8_t seen[PG_MAX_THREADS * ROUNDS];

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("tas_lock"))
        return 1;

    for (unsigned r = 0; r < ROUNDS; r++) {
        while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE) != 0)
            SPIN_HINT();
        owner = tid + 1;
        uint32_t e = entries;
        log_items[e] = tid * ROUNDS + r;
        pg_delay(e, 2 + tid % 3);
        entries = e + 1;
        if (owner != tid + 1)
            overlaps++;
        owner = 0;
        __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
    }
    if (!pg_last_done())
        return 0;

    unsigned total = n * ROUNDS, nent = entries, bad = 0;
    for (unsigned k = 0; k < nent && k < total; k++) {
        uint32_t item = log_items[k];
        if (item >= total || seen[item]++)
            bad++;
    }
    return pg_report("tas_lock", nent == total && bad == 0 && overlaps == 0,
                     "%u entries of %u, %u bad, %u overlaps", nent, total, bad,
                     (unsigned)overlaps);
}
