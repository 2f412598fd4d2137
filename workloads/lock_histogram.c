/*
 * lock_histogram.c - histogram of N values into BINS bins, every bin behind
 * its own test-and-test-and-set spin lock (plain C: __atomic builtins, no
 * SDK helper, SPIN_HINT() in the wait loop).
 *
 * Thread t takes values i = t, t+n, t+2n...; under the lock of the value's
 * bin it updates the bin's count, sum and maximum with plain (non-atomic)
 * read-modify-writes: only the lock makes them right.  The values are
 * skewed (the smaller of two uniform draws) so the low bins are hot and
 * lanes of a warp often want the same lock: all but one then wait for a
 * warp mate, which needs a scheduler that guarantees forward progress
 * (docs/progress.md); with --progress off the SIMT models deadlock here.
 */
#include "workload.h"

#define N 16384
#define BINS 256
#define VBITS 16                    /* values in [0, 2^VBITS) */
#define SHIFT (VBITS - 8)           /* BINS = 2^8 bins of 2^SHIFT values */

typedef struct {
    volatile uint32_t lock, count, sum, max;
} bin_t;

static uint32_t data[N] WL_ALIGNED;
static bin_t bins[BINS] WL_ALIGNED;
static uint32_t ref_count[BINS] WL_ALIGNED, ref_sum[BINS] WL_ALIGNED, ref_max[BINS] WL_ALIGNED;

static uint32_t value_of(uint32_t i)
{
    uint32_t a = wl_rand(1, i), b = wl_rand(2, i);
    return (a < b ? a : b) >> (32 - VBITS);
}

static void bin_lock(bin_t *b)
{
    for (;;) {
        while (__atomic_load_n(&b->lock, __ATOMIC_RELAXED) != 0)
            SPIN_HINT();
        if (__atomic_exchange_n(&b->lock, 1, __ATOMIC_ACQUIRE) == 0)
            return;
    }
}

static void bin_unlock(bin_t *b)
{
    __atomic_store_n(&b->lock, 0, __ATOMIC_RELEASE);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n)
        data[i] = value_of(i);
    wl_begin();
    for (unsigned i = tid; i < N; i += n) {
        uint32_t v = data[i];
        bin_t *b = &bins[v >> SHIFT];
        bin_lock(b);
        b->count = b->count + 1;
        b->sum = b->sum + v;
        if (v > b->max)
            b->max = v;
        bin_unlock(b);
    }
    if (!wl_end())
        return 0;

    for (unsigned i = 0; i < N; i++) {
        uint32_t v = data[i];
        unsigned k = v >> SHIFT;
        ref_count[k]++;
        ref_sum[k] += v;
        if (v > ref_max[k])
            ref_max[k] = v;
    }
    unsigned bad = 0, count = 0, locked = 0;
    for (unsigned k = 0; k < BINS; k++) {
        bad += bins[k].count != ref_count[k] || bins[k].sum != ref_sum[k] ||
               bins[k].max != ref_max[k];
        count += bins[k].count;
        locked += bins[k].lock != 0;
    }
    return wl_report("lock_histogram", bad == 0 && count == N && locked == 0,
                     "%u values, %u bins, %u bad bins, %u counted, %u in bin 0", N, BINS,
                     bad, count, (unsigned)ref_count[0]);
}
