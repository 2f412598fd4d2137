/*
 * flag_warp.c - producer/consumer through a one-slot mailbox inside a warp.
 *
 * Threads 2k (producer) and 2k+1 (consumer) share a mailbox: a data word
 * and a "full" flag.  The producer waits until the box is empty, writes the
 * next value, then sets the flag (release); the consumer waits until it is
 * full, takes the value, checks it, and clears the flag.  ROUNDS values go
 * through every box, so each side waits for the other in turn.  With 2 or
 * more threads per warp the two are lanes of one warp, on the two arms of
 * an if.  A thread without a partner (odd thread count) plays both roles.
 * The last thread to finish checks every consumer's sum and error count.
 */
#include "progress.h"

#define ROUNDS 8
#define PAIRS (PG_MAX_THREADS / 2)

static volatile uint32_t full[PAIRS], data[PAIRS];
static volatile uint32_t received[PAIRS], errors[PAIRS];

static uint32_t value(unsigned p, unsigned r)
{
    return pg_rand(p, r) | 1; /* never 0 */
}

static void produce(unsigned p, unsigned r)
{
    while (__atomic_load_n(&full[p], __ATOMIC_ACQUIRE) != 0)
        SPIN_HINT();
    data[p] = value(p, r);
    __atomic_store_n(&full[p], 1, __ATOMIC_RELEASE);
}

static void consume(unsigned p, unsigned r)
{
    while (__atomic_load_n(&full[p], __ATOMIC_ACQUIRE) == 0)
        SPIN_HINT();
    uint32_t v = data[p];
    if (v != value(p, r))
        errors[p]++;
    received[p] += v;
    __atomic_store_n(&full[p], 0, __ATOMIC_RELEASE);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("flag_warp"))
        return 1;

    unsigned p = tid / 2;
    int alone = (tid ^ 1) >= n;
    for (unsigned r = 0; r < ROUNDS; r++) {
        if (alone || tid % 2 == 0)
            produce(p, r);
        if (alone || tid % 2 == 1)
            consume(p, r);
    }
    if (!pg_last_done())
        return 0;

    unsigned bad = 0;
    for (unsigned q = 0; q < (n + 1) / 2; q++) {
        uint32_t want = 0;
        for (unsigned r = 0; r < ROUNDS; r++)
            want += value(q, r);
        bad += received[q] != want || errors[q] != 0 || full[q] != 0;
    }
    return pg_report("flag_warp", bad == 0, "%u mailboxes, %u values each, %u bad",
                     (n + 1) / 2, ROUNDS, bad);
}
