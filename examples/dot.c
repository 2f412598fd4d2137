/*
 * dot.c - dot product with per-thread partial sums.
 *
 * Phase 1: each thread fills a strided slice of x and y. Barrier. Phase 2:
 * each thread sums x*y over a contiguous block (written by other threads in
 * phase 1) into partial[tid]. Barrier. Thread 0 adds the partials and checks
 * them against a sequential recomputation.
 */
#include <stdio.h>
#include <simty.h>

#define N 4500
#define MAX_THREADS 4096

static uint32_t x[N], y[N];
static uint32_t partial[MAX_THREADS];

static uint32_t x_of(uint32_t i) { return (i * 2654435761u) >> 20; }
static uint32_t y_of(uint32_t i) { return (i % 97u) + 1u; }

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    if (n > MAX_THREADS) {          /* same decision in every thread */
        if (tid == 0)
            printf("dot: FAIL (%u threads, at most %u supported)\n", n,
                   MAX_THREADS);
        return 1;
    }

    for (unsigned i = tid; i < N; i += n) {
        x[i] = x_of(i);
        y[i] = y_of(i);
    }
    simty_barrier();

    /* Block [lo, hi) of this thread; blocks cover [0, N) exactly. */
    unsigned lo = (unsigned)((uint64_t)N * tid / n);
    unsigned hi = (unsigned)((uint64_t)N * (tid + 1) / n);
    uint32_t sum = 0;
    for (unsigned i = lo; i < hi; i++)
        sum += x[i] * y[i];
    partial[tid] = sum;
    simty_barrier();

    if (tid != 0)
        return 0;
    uint32_t total = 0, expect = 0;
    for (unsigned t = 0; t < n; t++)
        total += partial[t];
    for (unsigned i = 0; i < N; i++)
        expect += x_of(i) * y_of(i);
    if (total != expect) {
        printf("dot: FAIL (got %lu, expected %lu) with %u threads\n",
               (unsigned long)total, (unsigned long)expect, n);
        return 1;
    }
    printf("dot: PASS (%u elements, %u threads, dot = %lu)\n", N, n,
           (unsigned long)total);
    return 0;
}
