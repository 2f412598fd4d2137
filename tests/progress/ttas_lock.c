/*
 * ttas_lock.c - test-and-test-and-set spin lock: wait with plain loads until
 * the lock looks free, then try the exchange; release is a store-release.
 *
 * Every thread enters ROUNDS times and moves a pseudo-random amount between
 * two shared balances with plain read-delay-write updates (their sum must
 * stay constant), counts itself in, and checks that nobody else is inside.
 * The last thread to finish checks the balances, the count and the overlap
 * flag against a sequential recomputation.
 */
#include "progress.h"

#define ROUNDS 2
#define START 1000000u

static volatile uint32_t lock;
/* protected by lock */
static volatile uint32_t inside, overlaps, count, from = START, to;

static void ttas_acquire(volatile uint32_t *l)
{
    for (;;) {
        while (__atomic_load_n(l, __ATOMIC_RELAXED) != 0)
            SPIN_HINT();
        if (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE) == 0)
            return;
    }
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("ttas_lock"))
        return 1;

    for (unsigned r = 0; r < ROUNDS; r++) {
        uint32_t amount = pg_rand(7, tid * ROUNDS + r) % 100;
        ttas_acquire(&lock);
        if (inside++ != 0)
            overlaps++;
        uint32_t f = from, t = to;
        pg_delay(f, 1 + tid % 4);
        from = f - amount;
        to = t + amount;
        count = count + 1;
        inside = inside - 1;
        __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
    }
    if (!pg_last_done())
        return 0;

    uint32_t moved = 0;
    for (unsigned i = 0; i < n * ROUNDS; i++)
        moved += pg_rand(7, i) % 100;
    int ok = count == n * ROUNDS && to == moved && from == START - moved && overlaps == 0;
    return pg_report("ttas_lock", ok, "%u entries of %u, moved %u of %u, %u overlaps",
                     (unsigned)count, n * ROUNDS, (unsigned)to, (unsigned)moved,
                     (unsigned)overlaps);
}
