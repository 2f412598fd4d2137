/*
 * counter_lock.c - a shared counter incremented without atomics inside a
 * critical section; the lock is taken with compare-and-swap (lr/sc) and
 * released with a store-release.
 *
 * Every thread increments the counter INCS times, each time taking the
 * lock, reading the counter, waiting a little, and writing it back plus
 * one: a broken lock loses increments.  The last thread to finish checks
 * the counter is INCS x n.
 */
#include "progress.h"

#define INCS 2

static volatile uint32_t lock;
static volatile uint32_t counter; /* protected by lock */

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("counter_lock"))
        return 1;

    for (unsigned i = 0; i < INCS; i++) {
        uint32_t expected = 0;
        while (!__atomic_compare_exchange_n(&lock, &expected, 1, 0, __ATOMIC_ACQUIRE,
                                            __ATOMIC_RELAXED)) {
            expected = 0;
            SPIN_HINT();
        }
        uint32_t c = counter;
        pg_delay(c, 1 + (tid + i) % 4);
        counter = c + 1;
        __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
    }
    if (!pg_last_done())
        return 0;
    return pg_report("counter_lock", counter == INCS * n, "counter %u, expected %u",
                     (unsigned)counter, INCS * n);
}
