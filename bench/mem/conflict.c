/*
 * conflict.c - DRAM row-buffer locality and L2 bank conflicts.
 *
 * The address mapping (docs/memory.md, src/memsys/dram.c): line L = address
 * / 64 goes to DRAM channel L % CHANNELS and to L2 bank L % L2_BANKS; the
 * channel's own lines (L / CHANNELS) then, with dram.map (-DMAP):
 *   MAP=0  fill a row of ROW_BYTES of one bank, then the same row of the
 *          next bank, then the next row;
 *   MAP=1  (the presets) go to the BANK_GROUPS groups in turn, each filling
 *          a row of its bank (bank % BANK_GROUPS = group), then the next bank
 *          of each group, then the next row.
 * Either way GROUPS = (MAP ? BANK_GROUPS : 1) banks of a channel share the
 * channel's lines in turn: a "row set" of CHANNELS x GROUPS x ROW_BYTES
 * consecutive bytes holds one whole row of GROUPS banks in every channel,
 * consecutive lines of one row are CHANNELS x GROUPS lines apart, and the
 * next row of a bank is CHANNELS x BANKS x ROW_BYTES bytes further on.
 * Build with the configuration's numbers:
 *   -DCHANNELS=2 -DBANKS=16 -DBANK_GROUPS=4 -DROW_BYTES=8192 -DL2_BANKS=8 -DMAP=1
 *       (ddr4-3200)
 *   -DCHANNELS=16 -DBANKS=16 -DBANK_GROUPS=4 -DROW_BYTES=1024 -DL2_BANKS=8 -DMAP=1
 *       (hbm2)
 *
 * DRAM modes: thread 0 alone reads one word of each of LOADS lines of
 * memory that nothing ever wrote (zero-filled by the loader), so every load
 * misses the L1 and the L2 and waits for DRAM (a warp has one load in
 * flight: the loads are serial, each one's time is its latency):
 *   -DMODE=1 (row)   the lines of a row set (one row of GROUPS banks in
 *                    every channel), in a shuffled order, set after set: all
 *                    row hits but the first line of each of the CHANNELS x
 *                    GROUPS rows of a set.
 *   -DMODE=2 (bank)  lines of channel 0, bank 0, taking NROWS rows in turn
 *                    (a new column each time): every load is a row conflict.
 * L2 modes: every thread reads L2-resident lines (the set-up stores install
 * them), a warp one 64-byte line per pass (run with 16 threads per warp):
 *   -DMODE=3 (one)   only lines of L2 bank 0 (every L2_BANKS-th line)
 *   -DMODE=4 (spread) consecutive lines: all banks in turn
 *   The bank port carries a line in 64 / noc.bytes cycles: one bank serves
 *   noc.bytes bytes per cycle, L2_BANKS banks L2_BANKS times that.
 *
 * Prints "conflict: PASS (mode, loads N, cycles C, cycles/load X,
 * bytes/cycle Y)" with C from mcycle around the region of interest.
 * Self-check: the sum of the words read.
 */
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

#ifndef MODE
#define MODE 1
#endif
#ifndef CHANNELS
#define CHANNELS 2u
#endif
#ifndef BANKS
#define BANKS 16u
#endif
#ifndef BANK_GROUPS
#define BANK_GROUPS 4u
#endif
#ifndef MAP
#define MAP 1
#endif
#ifndef ROW_BYTES
#define ROW_BYTES 8192u
#endif
#ifndef L2_BANKS
#define L2_BANKS 8u
#endif
#ifndef LOADS
#define LOADS 512u
#endif
#define LINE 64u
#define LPR (ROW_BYTES / LINE)          /* lines per row of a channel */
#define GROUPS (MAP ? BANK_GROUPS : 1u) /* banks taking a channel's lines in turn */
#define SET_LINES (CHANNELS * GROUPS * LPR) /* lines of one row set */
#define STRIPE (CHANNELS * BANKS * ROW_BYTES) /* bytes from a row to the next row of the bank */

#if MODE == 1
#if LOADS % SET_LINES || (SET_LINES & (SET_LINES - 1))
#error "LOADS must be a multiple of CHANNELS x GROUPS x ROW_BYTES / 64, a power of two"
#endif
#define REGION (LOADS * LINE)
#elif MODE == 2
#define NROWS (LOADS / LPR < 2 ? 2 : LOADS / LPR)
#define REGION (NROWS * STRIPE)
#else
#ifndef REGION
#define REGION (512u * 1024u)           /* L2-resident lines */
#endif
#endif

/* aligned to a whole stripe: row 0 of bank 0 of channel 0 (RAM starts at
 * 0x80000000, aligned to far more); not static: see stream.c */
uint32_t conflict_data[REGION / 4] __attribute__((aligned(STRIPE)));
static uint32_t sums[4096];

#if MODE <= 2
/* The byte offset of load i:
 *   ((MUL x (i & MASK) + ADD) & MASK) << SLO  +  (i >> SH) << SHI
 * row:  MASK + 1 lines of a row set in a shuffled order, then the next set;
 * bank: row i % NROWS of bank 0 (SLO: a whole stripe), column i / NROWS
 *       (a column is CHANNELS x GROUPS lines further on).
 * The parameters are variables (not static, not const) so that both modes
 * run exactly the same instructions. */
#define LOG2(x) ((unsigned)__builtin_ctz(x))
#if MODE == 1
uint32_t cf_mask = SET_LINES - 1, cf_mul = 0x9e3779b9u, cf_add = 0x7f4a7c15u,
         cf_slo = LOG2(LINE), cf_sh = LOG2(SET_LINES), cf_shi = LOG2(SET_LINES * LINE);
#else
uint32_t cf_mask = NROWS - 1, cf_mul = 1, cf_add = 0, cf_slo = LOG2(STRIPE), cf_sh = LOG2(NROWS),
         cf_shi = LOG2(CHANNELS * GROUPS * LINE);
#endif
/* never written, the same size: a warm-up pass runs the same code there */
uint32_t conflict_warm[REGION / 4] __attribute__((aligned(STRIPE)));

static uint32_t __attribute__((noipa)) scan(const uint8_t *a, uint32_t n)
{
    const uint32_t mask = cf_mask, mul = cf_mul, add = cf_add, slo = cf_slo, sh = cf_sh,
                   shi = cf_shi;
    uint32_t s = 0;
    for (uint32_t i = 0; i < n; i++)
        s += *(const uint32_t *)(a + (((mul * (i & mask) + add) & mask) << slo) +
                                 ((i >> sh) << shi));
    return s;
}
#else
static uint32_t value(uint32_t i) { return i * 2654435761u ^ (i >> 7); }

/* warp-major: warp w reads the w-th, (w + W)-th ... line of its pattern */
static uint32_t __attribute__((noipa)) lines(const uint32_t *a, unsigned warp, unsigned nwarps,
                                             unsigned lane)
{
    const uint32_t stride = MODE == 3 ? L2_BANKS : 1, n = REGION / LINE / stride;
    uint32_t s = 0;
    for (uint32_t k = warp; k < n; k += nwarps)
        s += a[k * stride * (LINE / 4) + lane];
    return s;
}
#endif

int main(void)
{
    unsigned tid = simty_tid();
    uint32_t t0 = 0, t1 = 0, loads;
#if MODE <= 2
    /* thread 0 alone: the others wait at the barrier */
    simty_barrier();
    if (tid == 0) {
        /* a warm-up pass through the same code (instruction cache) on other
         * lines, then the measured one */
        for (unsigned pass = 0; pass < 2; pass++) {
            if (pass)
                simty_roi_begin();
            t0 = simty_cycles();
            sums[0] = scan((const uint8_t *)(pass ? conflict_data : conflict_warm),
                           pass ? LOADS : 16);
            t1 = simty_cycles();
            if (pass)
                simty_roi_end();
        }
    }
    simty_barrier();
    loads = LOADS;
    if (tid != 0)
        return 0;
    int ok = sums[0] == 0;
#else
    unsigned T = simty_threads_per_warp(), n = simty_nthreads();
    if (T != 16 || n > 4096) {
        if (tid == 0)
            printf("conflict: FAIL (run with -t 16, at most 4096 threads)\n");
        return 1;
    }
    for (uint32_t i = tid; i < REGION / 4; i += n) /* coalesced: the L2 keeps every line */
        conflict_data[i] = value(i);
    simty_barrier();
    simty_roi_begin();
    t0 = simty_cycles();
    sums[tid] = lines(conflict_data, tid / T, n / T, tid % T);
    simty_barrier();
    t1 = simty_cycles();
    simty_roi_end();
    if (tid != 0)
        return 0;
    const uint32_t stride = MODE == 3 ? L2_BANKS : 1;
    loads = REGION / LINE / stride;
    uint32_t got = 0, want = 0;
    for (unsigned t = 0; t < n; t++)
        got += sums[t];
    for (uint32_t k = 0; k < loads; k++)
        for (uint32_t l = 0; l < LINE / 4; l++)
            want += value(k * stride * (LINE / 4) + l);
    int ok = got == want;
#endif
    static const char *const names[] = {"", "row", "bank", "one L2 bank", "L2 spread"};
    uint32_t cyc = t1 - t0;
    uint64_t milli = (uint64_t)loads * LINE * 1000u / cyc;
    printf("conflict: %s (%s, loads %u, cycles %u, cycles/load %u.%03u, bytes/cycle %u.%03u)\n",
           ok ? "PASS" : "FAIL", names[MODE], (unsigned)loads, (unsigned)cyc, (unsigned)(cyc / loads),
           (unsigned)((uint64_t)(cyc % loads) * 1000u / loads), (unsigned)(milli / 1000),
           (unsigned)(milli % 1000));
    return ok ? 0 : 1;
}
