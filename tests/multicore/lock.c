/*
 * lock.c - a test-and-test-and-set lock (amoswap) shared by every thread of
 * every core, protecting plain, non-atomic data.
 *
 * Every thread takes the lock K times.  Inside it updates plain words with
 * read-delay-write sequences: a counter, a sum of thread ids, and two
 * balances whose total must stay constant; it also counts itself in and out
 * and records an overlap if anyone else is inside.  It notes a hand-off
 * whenever the previous holder was in the other half of the threads (on
 * another core once the threads are spread over cores).  After a barrier,
 * thread 0 checks the words against what K entries of every thread must
 * give.  Without mutual exclusion two threads read the same old values and
 * one update is lost; with acquire/release missing (or stores that other
 * cores saw late), the next holder would read values older than the last
 * holder's.
 */
#include "litmus.h"

#define START 1000000u

static volatile uint32_t lockw;
/* protected by lockw */
static volatile uint32_t inside, overlaps, count, idsum, from = START, to, last, handoffs;

static void acquire(volatile uint32_t *l)
{
#ifdef LT_BREAK
    /* a broken test: test, then set, not atomically */
    while (*l != 0)
        ;
    *l = 1;
#else
    for (;;) {
        while (__atomic_load_n(l, __ATOMIC_RELAXED) != 0)
            ;
        if (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE) == 0) /* amoswap.w.aq */
            return;
    }
#endif
}

static void release(volatile uint32_t *l)
{
    __atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

int main(void)
{
    if (!lt_threads_ok("lock", 1))
        return 1;
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned K = lt_rounds(1024, 2, 64);
    uint32_t me = tid + 1, side = tid < n / 2;

    simty_barrier();
    for (unsigned k = 0; k < K; k++) {
        uint32_t amount = pg_rand(5, tid * K + k) % 100;
        acquire(&lockw);
        if (inside++ != 0)
            overlaps++;
        uint32_t c = count, s = idsum, f = from, t = to;
        pg_delay(c, 1 + tid % 3);
        count = c + 1;
        idsum = s + me;
        from = f - amount;
        to = t + amount;
        if (last != 0 && ((last - 1) < n / 2) != side)
            handoffs++;
        last = me;
        inside = inside - 1;
        release(&lockw);
    }
    simty_barrier();
    if (tid != 0)
        return 0;

    uint32_t moved = 0, ids = 0;
    for (unsigned t = 0; t < n; t++) {
        ids += K * (t + 1);
        for (unsigned k = 0; k < K; k++)
            moved += pg_rand(5, t * K + k) % 100;
    }
    int ok = count == n * K && idsum == ids && to == moved && from == START - moved &&
             overlaps == 0 && inside == 0;
    return pg_report("lock", ok,
                     "%u entries of %u, id sum %u of %u, moved %u of %u, %u overlaps, "
                     "%u hand-offs between the halves",
                     (unsigned)count, n * K, (unsigned)idsum, (unsigned)ids, (unsigned)to,
                     (unsigned)moved, (unsigned)overlaps, (unsigned)handoffs);
}
