/*
 * mcs_lock.c - MCS queue lock: every thread has its own queue node; to
 * acquire it swaps itself in as the tail, links itself behind the old tail
 * and spins on its OWN node's flag; the holder releases by clearing its
 * successor's flag (or, with no successor, by a compare-and-swap of the
 * tail back to empty, waiting for a successor that is still linking in if
 * that fails).  Node indices are stored +1 so that 0 means "none".
 *
 * Every thread enters ROUNDS times and increments two shared counters with
 * plain read-delay-write updates.  The last thread to finish checks them.
 * On a SIMT warp both waits (for the flag, and for a successor's link) can
 * be for a warp mate.
 */
#include "progress.h"

#define ROUNDS 2

typedef struct {
    volatile uint32_t next;   /* successor's index + 1, 0 = none yet */
    volatile uint32_t locked; /* 1 while this node must wait */
} mcs_node;

static volatile uint32_t tail; /* last waiter's index + 1, 0 = free */
static mcs_node nodes[PG_MAX_THREADS];
static volatile uint32_t counter, checksum, overlaps, inside; /* protected */

static void mcs_acquire(uint32_t me)
{
    mcs_node *q = &nodes[me];
    q->next = 0;
    q->locked = 1;
    uint32_t pred = __atomic_exchange_n(&tail, me + 1, __ATOMIC_ACQ_REL);
    if (pred == 0)
        return;
    __atomic_store_n(&nodes[pred - 1].next, me + 1, __ATOMIC_RELEASE);
    while (__atomic_load_n(&q->locked, __ATOMIC_ACQUIRE) != 0)
        SPIN_HINT();
}

static void mcs_release(uint32_t me)
{
    mcs_node *q = &nodes[me];
    uint32_t succ = __atomic_load_n(&q->next, __ATOMIC_ACQUIRE);
    if (succ == 0) {
        uint32_t expected = me + 1;
        if (__atomic_compare_exchange_n(&tail, &expected, 0, 0, __ATOMIC_RELEASE,
                                        __ATOMIC_RELAXED))
            return;
        /* a successor swapped itself in but has not linked yet */
        while ((succ = __atomic_load_n(&q->next, __ATOMIC_ACQUIRE)) == 0)
            SPIN_HINT();
    }
    __atomic_store_n(&nodes[succ - 1].locked, 0, __ATOMIC_RELEASE);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("mcs_lock"))
        return 1;

    for (unsigned r = 0; r < ROUNDS; r++) {
        mcs_acquire(tid);
        if (inside++ != 0)
            overlaps++;
        uint32_t c = counter, s = checksum;
        pg_delay(c, 1 + tid % 3);
        counter = c + 1;
        checksum = s + (tid ^ r);
        inside = inside - 1;
        mcs_release(tid);
    }
    if (!pg_last_done())
        return 0;

    uint32_t want = 0;
    for (unsigned t = 0; t < n; t++)
        for (unsigned r = 0; r < ROUNDS; r++)
            want += t ^ r;
    int ok = counter == n * ROUNDS && checksum == want && overlaps == 0 && tail == 0;
    return pg_report("mcs_lock", ok, "%u entries of %u, checksum %s, %u overlaps, tail %u",
                     (unsigned)counter, n * ROUNDS, checksum == want ? "right" : "wrong",
                     (unsigned)overlaps, (unsigned)tail);
}
