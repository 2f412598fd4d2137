/*
 * sense_barrier.c - a sense-reversing barrier written by hand: arriving
 * threads flip their own sense and count themselves in with an atomic add;
 * the last one resets the count and publishes the new sense (release); the
 * others spin until the shared sense equals theirs (acquire).  The barrier
 * is a separate function, as users write it, so under depth-first priority
 * its spin runs one call deeper than warp mates still in main.
 *
 * It separates PHASES sweeps of a 3-point stencil over K values per thread
 * (double-buffered: each sweep reads values other threads wrote in the
 * last one).  After each barrier a thread also checks that its neighbours
 * and the thread half-way round have arrived.  The last thread to finish
 * compares the result with a sequential computation.
 */
#include "progress.h"

#define K 4
#define PHASES 4
#define MAXN (PG_MAX_THREADS * K)

static volatile uint32_t bar_count, bar_sense;
static volatile uint32_t stamp[PG_MAX_THREADS], early[PG_MAX_THREADS];
static uint32_t buf[2][MAXN], ref[2][MAXN];

static __attribute__((noinline)) void sense_barrier(uint32_t *my_sense, unsigned n)
{
    uint32_t s = !*my_sense;
    *my_sense = s;
    if (__atomic_add_fetch(&bar_count, 1, __ATOMIC_ACQ_REL) == n) {
        __atomic_store_n(&bar_count, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&bar_sense, s, __ATOMIC_RELEASE);
    } else {
        while (__atomic_load_n(&bar_sense, __ATOMIC_ACQUIRE) != s)
            SPIN_HINT();
    }
}

static void sweep(uint32_t *dst, const uint32_t *src, unsigned lo, unsigned hi, unsigned len)
{
    for (unsigned i = lo; i < hi; i++)
        dst[i] = src[(i + len - 1) % len] + 3 * src[i] + (src[(i + 1) % len] ^ i);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("sense_barrier"))
        return 1;

    unsigned len = n * K, lo = tid * K, hi = lo + K;
    uint32_t sense = 0;
    for (unsigned i = lo; i < hi; i++)
        buf[0][i] = pg_rand(3, i);
    sense_barrier(&sense, n);
    for (unsigned ph = 0; ph < PHASES; ph++) {
        sweep(buf[(ph + 1) % 2], buf[ph % 2], lo, hi, len);
        __atomic_store_n(&stamp[tid], ph + 1, __ATOMIC_RELAXED);
        sense_barrier(&sense, n);
        unsigned others[3] = {(tid + 1) % n, (tid + n - 1) % n, (tid + n / 2) % n};
        for (unsigned k = 0; k < 3; k++)
            if (__atomic_load_n(&stamp[others[k]], __ATOMIC_RELAXED) < ph + 1)
                early[tid]++;
    }
    if (!pg_last_done())
        return 0;

    for (unsigned i = 0; i < len; i++)
        ref[0][i] = pg_rand(3, i);
    for (unsigned ph = 0; ph < PHASES; ph++)
        sweep(ref[(ph + 1) % 2], ref[ph % 2], 0, len, len);
    unsigned bad = 0, left_early = 0;
    for (unsigned i = 0; i < len; i++)
        bad += buf[PHASES % 2][i] != ref[PHASES % 2][i];
    for (unsigned t = 0; t < n; t++)
        left_early += early[t];
    return pg_report("sense_barrier", bad == 0 && left_early == 0,
                     "%u phases over %u values, %u wrong, %u early exits", PHASES, len, bad,
                     left_early);
}
