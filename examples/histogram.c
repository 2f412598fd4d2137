/*
 * histogram.c - shared histogram built with atomics.
 *
 * Each thread takes a strided slice of a pseudo-random input and bumps the
 * shared bins with simty_atomic_add; it also folds every value into global
 * min/max/xor words (amomin/amomaxu/amoxor) and counts itself in with a CAS
 * loop. After a barrier thread 0 recomputes everything sequentially.
 */
#include <stdio.h>
#include <simty.h>

#define N 4500
#define BINS 64

static volatile uint32_t hist[BINS];
static volatile int32_t vmin = INT32_MAX;
static volatile uint32_t vmax, vxor, arrivals;

/* Deterministic pseudo-random input in [-500000, 548575]. */
static int32_t value_of(uint32_t i)
{
    uint32_t h = i * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return (int32_t)(h >> 12) - 500000;
}

static unsigned bin_of(int32_t v) { return ((uint32_t)v >> 3) % BINS; }

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n) {
        int32_t v = value_of(i);
        simty_atomic_add(&hist[bin_of(v)], 1);
        simty_atomic_min(&vmin, v);
        simty_atomic_maxu(&vmax, (uint32_t)v + 500000u);
        simty_atomic_xor(&vxor, (uint32_t)v);
    }
    uint32_t old;
    do {
        old = arrivals;
    } while (simty_atomic_cas(&arrivals, old, old + 1) != old);
    simty_barrier();

    if (tid != 0)
        return 0;
    uint32_t ref[BINS] = {0}, rxor = 0, rmax = 0, total = 0;
    int32_t rmin = INT32_MAX;
    for (unsigned i = 0; i < N; i++) {
        int32_t v = value_of(i);
        ref[bin_of(v)]++;
        if (v < rmin)
            rmin = v;
        if ((uint32_t)v + 500000u > rmax)
            rmax = (uint32_t)v + 500000u;
        rxor ^= (uint32_t)v;
    }
    unsigned bad = 0;
    for (unsigned k = 0; k < BINS; k++) {
        total += hist[k];
        bad += hist[k] != ref[k];
    }
    if (bad || total != N || vmin != rmin || vmax != rmax || vxor != rxor ||
        arrivals != n) {
        printf("histogram: FAIL (%u bad bins, total %lu, min %ld/%ld, "
               "max %lu/%lu, xor %lx/%lx, arrivals %lu/%u)\n",
               bad, (unsigned long)total, (long)vmin, (long)rmin,
               (unsigned long)vmax, (unsigned long)rmax, (unsigned long)vxor,
               (unsigned long)rxor, (unsigned long)arrivals, n);
        return 1;
    }
    printf("histogram: PASS (%u values, %u bins, %u threads)\n", N, BINS, n);
    return 0;
}
