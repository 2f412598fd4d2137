/*
 * histogram.c - histogram of N values into BINS bins, built with atomics.
 *
 * Thread t takes values i = t, t+n, t+2n...: the input loads coalesce, but
 * the bin each value falls into is data-dependent, so every warp's amoadd
 * scatters over the bin array, and lanes hitting the same bin collide. The
 * values are skewed (the smaller of two uniform draws) so the low bins are
 * hot. Each bin also keeps its largest value with amomaxu, issued only when
 * the value beats the bin's current maximum (a divergent, mostly-skipped
 * atomic); per-thread sums are folded into one word at the end.
 */
#include "workload.h"

#define N 32768
#define BINS 256
#define VBITS 16                    /* values in [0, 2^VBITS) */
#define SHIFT (VBITS - 8)           /* BINS = 2^8 bins of 2^SHIFT values */

static uint32_t data[N] WL_ALIGNED;
static volatile uint32_t hist[BINS] WL_ALIGNED, binmax[BINS] WL_ALIGNED, total;
static uint32_t ref_hist[BINS] WL_ALIGNED, ref_max[BINS] WL_ALIGNED;

static uint32_t value_of(uint32_t i)
{
    uint32_t a = wl_rand(1, i), b = wl_rand(2, i);
    return (a < b ? a : b) >> (32 - VBITS);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n)
        data[i] = value_of(i);
    wl_begin();
    uint32_t sum = 0;
    for (unsigned i = tid; i < N; i += n) {
        uint32_t v = data[i];
        unsigned b = v >> SHIFT;
        simty_atomic_add(&hist[b], 1);
        /* The plain read may be stale; amomaxu settles the race. */
        if (v > binmax[b])
            simty_atomic_maxu(&binmax[b], v);
        sum += v;
    }
    simty_atomic_add(&total, sum);
    if (!wl_end())
        return 0;

    uint32_t ref_total = 0;
    for (unsigned i = 0; i < N; i++) {
        uint32_t v = data[i];
        unsigned b = v >> SHIFT;
        ref_hist[b]++;
        if (v > ref_max[b])
            ref_max[b] = v;
        ref_total += v;
    }
    unsigned bad = 0, count = 0;
    for (unsigned b = 0; b < BINS; b++) {
        bad += hist[b] != ref_hist[b] || binmax[b] != ref_max[b];
        count += hist[b];
    }
    int ok = bad == 0 && count == N && total == ref_total;
    return wl_report("histogram", ok, "%u values, %u bins, %u bad bins, "
                     "%u counted, %u in bin 0", N, BINS, bad, count,
                     (unsigned)ref_hist[0]);
}
