/*
 * work_queue.c - a work queue behind one test-and-test-and-set spin lock
 * (plain C: __atomic builtins, no SDK helper, SPIN_HINT() in the wait
 * loops), from which threads pop items and to which they push new ones.
 *
 * The work is a forest of ITEMS items: the queue starts with items
 * 0 .. ROOTS-1, and processing item v (a data-dependent number of hash
 * rounds) pushes its children 2v+ROOTS and 2v+ROOTS+1 when they exist, so
 * every item is pushed exactly once.  A "pending" count (items pushed and
 * not yet processed; children counted in before their parent is counted
 * out) tells an idle thread whether to wait for work (reading the queue
 * without the lock) or to stop.  Lanes of a warp contend for the one lock
 * and wait for warp mates, so the SIMT models need the forward-progress
 * scheduler (docs/progress.md) to finish.  Thread 0 checks that every item was
 * processed exactly once, with the right result.
 */
#include "workload.h"

#define ITEMS 2048
#define ROOTS 64

static volatile uint32_t qlock;
static volatile uint32_t qhead, qtail;       /* protected by qlock */
static volatile uint32_t queue[ITEMS] WL_ALIGNED; /* protected; never wraps */
static volatile uint32_t pending;
static volatile uint32_t done[ITEMS] WL_ALIGNED, result[ITEMS] WL_ALIGNED;

static void lock(void)
{
    for (;;) {
        while (__atomic_load_n(&qlock, __ATOMIC_RELAXED) != 0)
            SPIN_HINT();
        if (__atomic_exchange_n(&qlock, 1, __ATOMIC_ACQUIRE) == 0)
            return;
    }
}

static void unlock(void)
{
    __atomic_store_n(&qlock, 0, __ATOMIC_RELEASE);
}

static int queue_empty(void)
{
    return __atomic_load_n(&qhead, __ATOMIC_RELAXED) == __atomic_load_n(&qtail, __ATOMIC_RELAXED);
}

/* Pops an item into *v; 0 if the queue was (or looked) empty.  While the
 * lock is taken it keeps an eye on the queue and gives up when it empties,
 * so idle threads do not queue up for the lock only to find nothing. */
static int pop(uint32_t *v)
{
    for (;;) {
        while (__atomic_load_n(&qlock, __ATOMIC_RELAXED) != 0) {
            if (queue_empty())
                return 0;
            SPIN_HINT();
        }
        if (queue_empty())
            return 0;
        if (__atomic_exchange_n(&qlock, 1, __ATOMIC_ACQUIRE) == 0)
            break;
    }
    int got = 0;
    uint32_t h = qhead;
    if (h != qtail) {
        *v = queue[h];
        qhead = h + 1;
        got = 1;
    }
    unlock();
    return got;
}

/* Pushes items first .. last-1 under one acquisition. */
static void push(uint32_t first, uint32_t last)
{
    lock();
    uint32_t t = qtail;
    for (uint32_t v = first; v < last; v++)
        queue[t++] = v;
    qtail = t;
    unlock();
}

/* The work of one item: 8 to 39 rounds of hashing. */
static uint32_t work(uint32_t v)
{
    uint32_t h = v, rounds = 8 + wl_rand(7, v) % 32;
    for (uint32_t r = 0; r < rounds; r++)
        h = wl_rand(h, r);
    return h;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < ROOTS; i += n)
        queue[i] = i;
    qtail = ROOTS;
    pending = ROOTS;
    wl_begin();
    for (;;) {
        uint32_t v;
        if (!pop(&v)) {
            /* empty: stop when nothing is pending, else wait for a push */
            if (__atomic_load_n(&pending, __ATOMIC_ACQUIRE) == 0)
                break;
            while (queue_empty() && __atomic_load_n(&pending, __ATOMIC_ACQUIRE) != 0)
                SPIN_HINT();
            continue;
        }
        result[v] = work(v);
        __atomic_fetch_add(&done[v], 1, __ATOMIC_RELAXED);
        uint32_t first = 2 * v + ROOTS, last = first + 2 < ITEMS ? first + 2 : ITEMS;
        if (first < last) {
            __atomic_fetch_add(&pending, last - first, __ATOMIC_RELAXED);
            push(first, last);
        }
        __atomic_fetch_sub(&pending, 1, __ATOMIC_RELEASE);
    }
    if (!wl_end())
        return 0;

    unsigned bad = 0, processed = 0;
    for (unsigned v = 0; v < ITEMS; v++) {
        bad += done[v] != 1 || result[v] != work(v);
        processed += done[v];
    }
    return wl_report("work_queue", bad == 0 && qhead == ITEMS && qtail == ITEMS && pending == 0,
                     "%u items from %u roots, %u processed, %u bad", ITEMS, ROOTS, processed,
                     bad);
}
