/*
 * work_queue.c - a lock-free work queue that threads pop from and push to,
 * until all the work is done.
 *
 * The work is a binary tree of ITEMS items in heap order: processing item v
 * pushes its children 2v+1 and 2v+2 (when they exist).  At the start the
 * queue holds item 0 only, so most threads first wait for work.
 *
 * The queue is an array (every item is pushed once, so it never wraps).  A
 * push reserves slots with a fetch-and-add on `reserved`, writes the items,
 * then marks each slot ready (release).  A pop claims the slot at `head`
 * with a compare-and-swap, if head < reserved, then WAITS until the slot is
 * ready: the pusher may still be writing it, and may be a warp mate.  A
 * "pending" count (items pushed and not yet processed; children are counted
 * in before their parent is counted out) tells an idle thread whether to
 * wait for work or to stop.  Every processing of v bumps done[v]
 * atomically; the last thread to finish checks that every item was
 * processed exactly once, and the per-item results.
 */
#include "progress.h"

#define ITEMS 512

static volatile uint32_t head, reserved = 1;   /* the queue starts as {item 0} */
static volatile uint32_t queue[ITEMS], ready[ITEMS] = {1};
static volatile uint32_t pending = 1;
static volatile uint32_t done[ITEMS], result[ITEMS], processed_by[ITEMS];

/* Claims the next slot; 0 if none is reserved yet. */
static int pop(uint32_t *v)
{
    uint32_t h = __atomic_load_n(&head, __ATOMIC_RELAXED);
    do {
        if (h >= __atomic_load_n(&reserved, __ATOMIC_ACQUIRE))
            return 0;
    } while (!__atomic_compare_exchange_n(&head, &h, h + 1, 0, __ATOMIC_ACQ_REL,
                                          __ATOMIC_RELAXED));
    while (__atomic_load_n(&ready[h], __ATOMIC_ACQUIRE) == 0)
        SPIN_HINT();
    *v = queue[h];
    return 1;
}

/* Pushes items first .. last-1. */
static void push(uint32_t first, uint32_t last)
{
    uint32_t slot = __atomic_fetch_add(&reserved, last - first, __ATOMIC_ACQ_REL);
    for (uint32_t v = first; v < last; v++, slot++) {
        queue[slot] = v;
        __atomic_store_n(&ready[slot], 1, __ATOMIC_RELEASE);
    }
}

static uint32_t work(uint32_t v)
{
    return pg_rand(5, v) % 9973;
}

int main(void)
{
    unsigned tid = simty_tid();
    if (!pg_threads_ok("work_queue"))
        return 1;

    for (;;) {
        uint32_t v;
        if (!pop(&v)) {
            /* nothing reserved: stop when nothing is pending, else wait */
            if (__atomic_load_n(&pending, __ATOMIC_ACQUIRE) == 0)
                break;
            while (__atomic_load_n(&head, __ATOMIC_RELAXED) >=
                       __atomic_load_n(&reserved, __ATOMIC_RELAXED) &&
                   __atomic_load_n(&pending, __ATOMIC_ACQUIRE) != 0)
                SPIN_HINT();
            continue;
        }
        result[v] = work(v);
        processed_by[v] = tid + 1;
        __atomic_fetch_add(&done[v], 1, __ATOMIC_RELAXED);
        uint32_t first = 2 * v + 1, last = first + 2 < ITEMS ? first + 2 : ITEMS;
        if (first < last) {
            __atomic_fetch_add(&pending, last - first, __ATOMIC_RELAXED);
            push(first, last);
        }
        __atomic_fetch_sub(&pending, 1, __ATOMIC_RELEASE);
    }
    if (!pg_last_done())
        return 0;

    unsigned bad = 0, mine = 0;
    for (unsigned v = 0; v < ITEMS; v++) {
        bad += done[v] != 1 || result[v] != work(v) || processed_by[v] == 0 || !ready[v];
        mine += processed_by[v] == tid + 1;
    }
    return pg_report("work_queue", bad == 0 && head == ITEMS && reserved == ITEMS && pending == 0,
                     "%u items, %u bad, %u by the checking thread, queue %u/%u", ITEMS, bad,
                     mine, (unsigned)head, (unsigned)reserved);
}
