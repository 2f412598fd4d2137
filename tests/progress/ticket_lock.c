/*
 * ticket_lock.c - ticket lock: take a ticket with an atomic fetch-and-add,
 * wait until "now serving" shows it, release by publishing the next number.
 *
 * The lock is FIFO, so inside the critical section the number of entries so
 * far must equal the thread's ticket.  Every thread enters ROUNDS times and
 * records its ticket in a shared log; the last thread to finish checks that
 * tickets 0 .. ROUNDS x n - 1 were served in order, each to exactly one
 * entry, and that every thread entered ROUNDS times.
 *
 * On a SIMT warp the lanes take consecutive tickets in one instruction, and
 * all but the first wait for a warp mate to release.
 */
#include "progress.h"

#define ROUNDS 2

static volatile uint32_t next_ticket, now_serving;
static volatile uint32_t entries, out_of_order;            /* protected */
static volatile uint32_t served_to[PG_MAX_THREADS * ROUNDS]; /* protected */
static uint8_t per_thread[PG_MAX_THREADS];

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("ticket_lock"))
        return 1;

    for (unsigned r = 0; r < ROUNDS; r++) {
        uint32_t my = __atomic_fetch_add(&next_ticket, 1, __ATOMIC_RELAXED);
        while (__atomic_load_n(&now_serving, __ATOMIC_ACQUIRE) != my)
            SPIN_HINT();
        uint32_t e = entries;
        if (e != my)
            out_of_order++;
        if (e < PG_MAX_THREADS * ROUNDS)
            served_to[e] = tid + 1;
        pg_delay(e, 1 + tid % 3);
        entries = e + 1;
        __atomic_store_n(&now_serving, my + 1, __ATOMIC_RELEASE);
    }
    if (!pg_last_done())
        return 0;

    unsigned total = n * ROUNDS, bad = 0;
    for (unsigned k = 0; k < total && k < entries; k++) {
        uint32_t t = served_to[k];
        if (t == 0 || t > n || per_thread[t - 1]++ >= ROUNDS)
            bad++;
    }
    int ok = entries == total && now_serving == total && bad == 0 && out_of_order == 0;
    return pg_report("ticket_lock", ok, "%u entries of %u, %u out of order, %u bad",
                     (unsigned)entries, total, (unsigned)out_of_order, bad);
}
