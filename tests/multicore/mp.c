/*
 * mp.c - message passing between thread pairs on different cores.
 *
 * Thread i writes WORDS data words of its slot, then the slot's flag with a
 * store-release; thread p = (i + n/2) % n reads slot i: it spins on the flag
 * with load-acquire and must then see this round's data, never an older
 * round's.  The reader acknowledges (store-release of ack), and the writer
 * waits for the acknowledgement before it overwrites the slot in the next
 * round.  With the threads spread over cores (hart id = (core*W + warp)*T
 * + lane), i and i + n/2 are on different cores.
 *
 * Forbidden everywhere (release/acquire), and on any sequentially
 * consistent machine even without the fences: a reader that has seen the
 * flag of round r and then reads a data word of round r-1.
 */
#include "litmus.h"

#define WORDS 4

static volatile uint32_t data[LT_MAX_THREADS][WORDS];
static volatile uint32_t flag[LT_MAX_THREADS], ack[LT_MAX_THREADS];
static volatile uint32_t waited[LT_MAX_THREADS];

/* Word w of slot s in round r: differs from every other round's. */
static uint32_t value(unsigned s, unsigned r, unsigned w)
{
    return (r + 1) * 0x10000u + s * WORDS + w;
}

int main(void)
{
    if (!lt_threads_ok("mp", 1))
        return 1;
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned p = (tid + n / 2) % n; /* the slot this thread reads */
    unsigned rounds = lt_rounds(8192, 8, 256);
    uint32_t bad = 0, waits = 0;

    for (unsigned r = 0; r < rounds; r++) {
        /* a varying delay before and inside the write, so that readers
         * arrive before, during and after it */
        uint32_t d = pg_rand(tid, r);
        pg_delay(d, d % 8);
        for (unsigned w = 0; w < WORDS; w++) {
            data[tid][w] = value(tid, r, w);
            if (w == WORDS / 2)
                pg_delay(d, (d >> 8) % 4);
        }
        __atomic_store_n(&flag[tid], r + 1, __ATOMIC_RELEASE);

        uint32_t got[WORDS];
#ifdef LT_BREAK
        for (unsigned w = 0; w < WORDS; w++)
            got[w] = data[p][w]; /* a broken test: the data read before the flag */
#endif
        uint32_t f = __atomic_load_n(&flag[p], __ATOMIC_ACQUIRE);
        if (f != r + 1)
            waits++;
        while (f < r + 1)
            f = __atomic_load_n(&flag[p], __ATOMIC_ACQUIRE);
        if (f != r + 1)
            bad++; /* the writer went on without our acknowledgement */
#ifndef LT_BREAK
        for (unsigned w = 0; w < WORDS; w++)
            got[w] = data[p][w];
#endif
        for (unsigned w = 0; w < WORDS; w++)
            if (got[w] != value(p, r, w))
                bad++;
        __atomic_store_n(&ack[p], r + 1, __ATOMIC_RELEASE);

        while (__atomic_load_n(&ack[tid], __ATOMIC_ACQUIRE) != r + 1)
            ;
    }
    lt_bad[tid] = bad;
    waited[tid] = waits;
    simty_barrier();
    if (tid != 0)
        return 0;

    uint32_t total = 0, allwaits = 0;
    for (unsigned i = 0; i < n; i++) {
        total += lt_bad[i];
        allwaits += waited[i];
    }
    return pg_report("mp", total == 0,
                     "%u rounds x %u pairs, %u stale data words, %u reads waited for the flag",
                     rounds, n, (unsigned)total, (unsigned)allwaits);
}
