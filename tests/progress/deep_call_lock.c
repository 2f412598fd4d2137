/*
 * deep_call_lock.c - the call-depth inversion: the spinner's wait loop sits
 * two calls deeper than the code that releases the lock.
 *
 * main() calls lock_acquire(), which calls wait_until_free() (a TTAS read
 * loop) and then tries the exchange; the critical section and the release
 * store are in main() itself, at call depth 0.  Under "deepest call first"
 * a warp mate spinning at depth 2 always outranks the holder at depth 0.
 * Every thread enters ROUNDS times and appends to a shared log with plain
 * updates.  The last thread to finish checks the log.
 */
#include "progress.h"

#define ROUNDS 2

static volatile uint32_t lock;
static volatile uint32_t entries, inside, overlaps;          /* protected */
static volatile uint32_t log_items[PG_MAX_THREADS * ROUNDS]; /* protected */
static uint8_t seen[PG_MAX_THREADS * ROUNDS];

static __attribute__((noinline)) void wait_until_free(volatile uint32_t *l)
{
    while (__atomic_load_n(l, __ATOMIC_RELAXED) != 0)
        SPIN_HINT();
}

/* The call above is not a tail call (the exchange follows), so it is a
 * real call (jal ra) and the wait runs at depth 2. */
static __attribute__((noinline)) void lock_acquire(volatile uint32_t *l)
{
    for (;;) {
        wait_until_free(l);
        if (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE) == 0)
            return;
    }
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("deep_call_lock"))
        return 1;

    for (unsigned r = 0; r < ROUNDS; r++) {
        lock_acquire(&lock);
        /* critical section and release at depth 0, in main */
        if (inside++ != 0)
            overlaps++;
        uint32_t e = entries;
        log_items[e] = tid * ROUNDS + r;
        pg_delay(e, 1 + tid % 3);
        entries = e + 1;
        inside = inside - 1;
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
    return pg_report("deep_call_lock", nent == total && bad == 0 && overlaps == 0,
                     "%u entries of %u, %u bad, %u overlaps", nent, total, bad,
                     (unsigned)overlaps);
}
