/*
 * bitonic_sort.c - bitonic sort of N words (N a power of two), ascending.
 *
 * The classic k/j double loop: for each merge size k and distance j, every
 * element i whose partner ixj = i ^ j lies above it compares the pair and
 * swaps it into the direction given by bit k of i. Thread t takes
 * i = t, t+n, t+2n... of each step, with a barrier after every step
 * (log2(N) * (log2(N) + 1) / 2 barriers). Irregular for SIMT: the ixj > i
 * test idles half of the lanes, in groups of j consecutive i (whole warps
 * for large j, alternate lanes for j = 1), the swap depends on the data, and
 * the partner accesses stride by j.
 */
#include "workload.h"

#define N 2048

static uint32_t key[N] WL_ALIGNED;
static uint32_t ref[N] WL_ALIGNED, tmp[N] WL_ALIGNED;

/* Many duplicates (16-bit keys), to exercise equal compares. */
static uint32_t input(uint32_t i) { return wl_rand(3, i) >> 16; }

/* Bottom-up merge sort of ref[], using tmp[], for the check. */
static void merge_sort(void)
{
    uint32_t *src = ref, *dst = tmp;
    for (unsigned w = 1; w < N; w <<= 1) {
        for (unsigned lo = 0; lo < N; lo += 2 * w) {
            unsigned a = lo, mid = lo + w, b = mid, hi = lo + 2 * w, o = lo;
            while (a < mid && b < hi)
                dst[o++] = src[b] < src[a] ? src[b++] : src[a++];
            while (a < mid)
                dst[o++] = src[a++];
            while (b < hi)
                dst[o++] = src[b++];
        }
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != ref)
        for (unsigned i = 0; i < N; i++)
            ref[i] = src[i];
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n)
        key[i] = input(i);
    wl_begin();
    for (unsigned k = 2; k <= N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            for (unsigned i = tid; i < N; i += n) {
                unsigned ixj = i ^ j;
                if (ixj > i) {
                    uint32_t a = key[i], b = key[ixj];
                    /* Ascending where bit k of i is clear. */
                    if ((i & k) == 0 ? a > b : a < b) {
                        key[i] = b;
                        key[ixj] = a;
                    }
                }
            }
            simty_barrier();
        }
    }
    if (!wl_end())
        return 0;

    for (unsigned i = 0; i < N; i++)
        ref[i] = input(i);
    merge_sort();
    unsigned bad = 0;
    for (unsigned i = 0; i < N; i++)
        bad += key[i] != ref[i];
    return wl_report("bitonic_sort", bad == 0, "%u keys, %u misplaced", N,
                     bad);
}
