/*
 * replace.c - cache replacement policies: hits of two access patterns in
 * one set, which the policies (lru, fifo, random, srrip) serve differently.
 *
 * Thread 0 alone loads lines that all map to one set of a cache whose sets
 * are SET_SPAN bytes apart (its size / ways: 256 for a 1 KiB 4-way cache).
 * Each load's address depends on the previous load's value (always 0), so
 * the loads reach the cache one at a time, in program order.  A round is
 *
 *   MODE=1  hot lines A B C, A B C again, then two lines never used before:
 *           five lines a round in a 4-way set.  LRU and FIFO evict a hot
 *           line at the second new line and every refill evicts the next:
 *           3 hits of 8.  SRRIP predicts the new lines distant and the hit
 *           ones near: 6 hits of 8 once the hot lines were hit.
 *   MODE=2  hot line A, then a new line.  LRU keeps A: 1 hit of 2.  FIFO
 *           evicts A every fourth new line (4 ways): 3 hits of 8.  SRRIP
 *           keeps A: 1 of 2.
 *
 * Random lies in between.  WARM rounds come first (outside the region of
 * interest), then ROUNDS rounds inside it; the region's hits and misses are
 * the figures (roi_levels in --stats-json).  For the L2, make the L1D a
 * single line (--mem-set l1d.size=64 --mem-set l1d.ways=1) so that every
 * load reaches the L2, and the L2 one bank.
 *
 * Prints "replace: PASS (mode M, R rounds, loads N, cycles C)".
 * Run it as: -w 1 -t 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <simty.h>

#ifndef MODE
#define MODE 1
#endif
#ifndef SET_SPAN
#define SET_SPAN 256u /* bytes between two lines of one set */
#endif
#ifndef ROUNDS
#define ROUNDS 64u
#endif
#ifndef WARM
#define WARM 16u
#endif
#define HOT (MODE == 1 ? 3u : 1u) /* hot lines */
#define NEW (MODE == 1 ? 2u : 1u) /* new lines a round */
#define LOADS_PER_ROUND (MODE == 1 ? 2u * HOT + NEW : HOT + NEW)
#define LINES (HOT + NEW * (WARM + ROUNDS))

/* never written: every word reads 0 */
static uint32_t lines[LINES * SET_SPAN / 4] __attribute__((aligned(4096)));

/* One load of the line `i` slots into `lines`, at an offset the previous
 * value gives (0): the next load waits for this one */
static inline uint32_t load(uint32_t i, uint32_t prev)
{
    return *(volatile uint32_t *)((char *)lines + i * SET_SPAN + prev);
}

/* `rounds` rounds from new line `next` on; returns the last value (0) */
static uint32_t __attribute__((noipa)) rounds_of(uint32_t next, uint32_t rounds, uint32_t x)
{
    for (uint32_t r = 0; r < rounds; r++) {
        for (uint32_t pass = 0; pass < (MODE == 1 ? 2u : 1u); pass++)
            for (uint32_t h = 0; h < HOT; h++)
                x = load(h, x);
        for (uint32_t k = 0; k < NEW; k++)
            x = load(HOT + next++, x);
    }
    return x;
}

int main(void)
{
    if (simty_tid() != 0)
        return 0;
    uint32_t x = rounds_of(0, WARM, 0);
    simty_roi_begin();
    uint32_t t0 = simty_cycles();
    x = rounds_of(NEW * WARM, ROUNDS, x);
    uint32_t t1 = simty_cycles();
    simty_roi_end();
    printf("replace: %s (mode %u, %u rounds, loads %u, cycles %u)\n", x == 0 ? "PASS" : "FAIL",
           MODE, ROUNDS, ROUNDS * LOADS_PER_ROUND, (unsigned)(t1 - t0));
    return x == 0 ? 0 : 1;
}
