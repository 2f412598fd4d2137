/*
 * chase.c - load-to-use latency of each memory level: a pointer chase.
 *
 * The first word of every 64-byte line of a FOOTPRINT-byte array points to
 * the next line of one cycle through all of them, in a shuffled order (the
 * full-period linear congruential permutation x -> A x + C mod NLINES,
 * NLINES a power of two: every line once per lap, consecutive loads in
 * unrelated lines, banks and rows). Thread 0 alone follows LOADS pointers
 * inside the region of interest: each load needs the previous one's result,
 * so the time per load is the latency of the level the footprint lives in:
 *
 *   FOOTPRINT <= L1D size      L1 hits (after a warm-up lap)
 *   L1D < FOOTPRINT <= L2      L2 hits (the set-up's stores install the lines
 *                              in the L2, which is write-validate)
 *   FOOTPRINT > L2, -DFLUSH=N  DRAM: after the set-up every thread reads an
 *                              N-byte array, which pushes the chased lines out
 *                              of the L2 (and their dirty copies to DRAM)
 *
 * Prints "chase: PASS (... cycles/load X, chain A, flush B)": X = mcycle
 * difference over the LOADS loads, read by thread 0 around its loop; A and B
 * the arrays' addresses (to replay the DRAM rows the chase opens). Every
 * thread sets up the array in parallel. Run it with ONE warp (e.g. -w 1
 * -t 64): fetch steering visits the warps round robin, so with W warps the
 * chasing warp gets a fetch slot only every W cycles, and the time from one
 * load's data to the next load's issue would depend on the latency modulo W.
 * Self-check: the chase ends on the line the permutation says.
 */
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

#ifndef FOOTPRINT
#define FOOTPRINT (256u * 1024u) /* bytes, a power of two */
#endif
#ifndef LOADS
#define LOADS 1024u              /* dependent loads measured */
#endif
#ifndef WARM
#define WARM (FOOTPRINT <= 65536u ? FOOTPRINT / LINE : 64u) /* loads before the ROI */
#endif
#ifndef FLUSH
#define FLUSH 0u                 /* bytes read by every thread to empty the L2 */
#endif
#define LINE 64u
#define WORDS (LINE / 4u)
#define NLINES (FOOTPRINT / LINE)
#define A 0x9e3779b9u            /* = 1 mod 4 */
#define C 0x7f4a7c15u            /* odd: full period mod 2^k */

#if (FOOTPRINT & (FOOTPRINT - 1)) || FOOTPRINT < 2 * LINE
#error "FOOTPRINT must be a power of two of at least two lines"
#endif

static uint32_t chain[FOOTPRINT / 4] __attribute__((aligned(4096)));
#if FLUSH
static volatile uint32_t flush[FLUSH / 4] __attribute__((aligned(4096)));
#endif
static volatile uint32_t sink;

static inline uint32_t next_line(uint32_t x) { return (A * x + C) & (NLINES - 1); }

/* The chase: n dependent loads from p (unrolled by 8, n a multiple of 8). */
static uint32_t *__attribute__((noipa)) chase(uint32_t *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i += 8) {
        p = (uint32_t *)*p;
        p = (uint32_t *)*p;
        p = (uint32_t *)*p;
        p = (uint32_t *)*p;
        p = (uint32_t *)*p;
        p = (uint32_t *)*p;
        p = (uint32_t *)*p;
        p = (uint32_t *)*p;
    }
    return p;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    /* unit-stride (coalesced) stores: word 0 of a line is the pointer */
    for (uint32_t i = tid; i < FOOTPRINT / 4; i += n)
        chain[i] = i % WORDS ? i : (uint32_t)(uintptr_t)&chain[next_line(i / WORDS) * WORDS];
#if FLUSH
    simty_barrier();
    { /* coalesced: lane l of each warp reads word l of a block */
        uint32_t s = 0;
        for (uint32_t i = tid; i < FLUSH / 4; i += n)
            s += flush[i];
        if (s == 0xdeadbeefu)
            sink = s;
    }
#endif
    simty_barrier();

    /* Thread 0: a warm-up pass through the same code (instruction cache,
     * L1 lines for the smallest footprint), then the measured one. */
    uint32_t *p = chain, t0 = 0, t1 = 0;
    if (tid == 0)
        for (unsigned pass = 0; pass < 2; pass++) {
            if (pass)
                simty_roi_begin();
            t0 = simty_cycles();
            p = chase(p, pass ? LOADS : (WARM + 7u) & ~7u);
            t1 = simty_cycles();
            if (pass)
                simty_roi_end();
        }
    simty_barrier();
    if (tid != 0)
        return 0;

    uint32_t x = 0;
    for (uint32_t i = 0; i < ((WARM + 7u) & ~7u) + LOADS; i++)
        x = next_line(x);
    int ok = p == &chain[x * WORDS];
    uint32_t cyc = t1 - t0;
    printf("chase: %s (footprint %u bytes, %u loads, %u cycles, cycles/load %u.%03u, "
           "chain 0x%08x, flush 0x%08x)\n",
           ok ? "PASS" : "FAIL", FOOTPRINT, LOADS, (unsigned)cyc, (unsigned)(cyc / LOADS),
           (unsigned)((uint64_t)(cyc % LOADS) * 1000u / LOADS), (unsigned)(uintptr_t)chain,
#if FLUSH
           (unsigned)(uintptr_t)flush
#else
           0u
#endif
    );
    return ok ? 0 : 1;
}
