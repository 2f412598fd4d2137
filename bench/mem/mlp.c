/*
 * mlp.c - memory-level parallelism and the L1 data cache's MSHRs.
 *
 * Every warp gathers blocks of 4T bytes (T threads x one word: T/16 lines,
 * coalesced) from an array the L2 holds, in a shuffled order: block
 * perm(k) for k = warp, warp + W, warp + 2W, ... with perm the full-period
 * linear congruential permutation of the NBLOCKS blocks, so every block is
 * read exactly once (no L1 reuse) and consecutive requests land on unrelated
 * L2 banks. The misses of different warps are independent: W warps keep up
 * to W x T/16 lines in flight, and the core's l1d.mshrs caps that. With
 * every MSHR busy, each is held for one L2 round trip (interconnect, L2
 * lookup, interconnect: 2 x noc.latency + l2.latency cycles), so by Little's
 * law the throughput saturates at l1d.mshrs x 64 bytes / round trip.
 *
 * Build with -DARRAY=N (bytes, a power of two, fits the L2, default 512 KiB);
 * -DCOLD reads memory nothing wrote (zero-filled by the loader), so every
 * line comes from DRAM instead.
 * Prints "mlp: PASS (... bytes B, cycles C, bytes/cycle X)", C the region
 * of interest from mcycle. Self-check: the sum of the words read.
 */
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

#ifndef ARRAY
#define ARRAY (512u * 1024u)
#endif
#define WORDS (ARRAY / 4u)
#define A 0x9e3779b9u /* = 1 mod 4 */
#define C 0x7f4a7c15u /* odd */

#if ARRAY & (ARRAY - 1)
#error "ARRAY must be a power of two"
#endif

uint32_t mlp_data[WORDS] __attribute__((aligned(4096))); /* not static: see stream.c */
static uint32_t sums[4096];

static __attribute__((unused)) uint32_t value(uint32_t i) { return i * 2654435761u ^ (i >> 7); }

/* Warp `warp` of `nwarps`, lane `lane` of T: its words of its blocks. */
static uint32_t __attribute__((noipa)) gather(const uint32_t *a, unsigned warp, unsigned nwarps,
                                              unsigned lane, unsigned T)
{
    const uint32_t nblocks = WORDS / T, mask = nblocks - 1;
    uint32_t s = 0;
    for (uint32_t k = warp; k < nblocks; k += nwarps)
        s += a[((A * k + C) & mask) * T + lane];
    return s;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned T = simty_threads_per_warp(), lane = tid % T, warp = tid / T, nwarps = n / T;
    if ((T & (T - 1)) || WORDS % T || n > 4096) {
        if (tid == 0)
            printf("mlp: FAIL (T=%u: a power of two dividing %u, at most 4096 threads)\n", T, WORDS);
        return 1;
    }
#ifndef COLD
    for (uint32_t i = tid; i < WORDS; i += n) /* coalesced: the L2 keeps every line */
        mlp_data[i] = value(i);
#endif
    simty_barrier();
    simty_roi_begin();
    uint32_t t0 = simty_cycles();
    sums[tid] = gather(mlp_data, warp, nwarps, lane, T);
    simty_barrier();
    uint32_t t1 = simty_cycles();
    simty_roi_end();
    if (tid != 0)
        return 0;

    uint32_t got = 0, want = 0;
    for (unsigned t = 0; t < n; t++)
        got += sums[t];
#ifndef COLD
    for (uint32_t i = 0; i < WORDS; i++)
        want += value(i);
#endif
    int ok = got == want;
    uint32_t cyc = t1 - t0;
    uint64_t milli = (uint64_t)ARRAY * 1000u / cyc;
    printf("mlp: %s (%u warps x %u threads, bytes %u, cycles %u, bytes/cycle %u.%03u)\n",
           ok ? "PASS" : "FAIL", nwarps, T, ARRAY, (unsigned)cyc, (unsigned)(milli / 1000),
           (unsigned)(milli % 1000));
    return ok ? 0 : 1;
}
