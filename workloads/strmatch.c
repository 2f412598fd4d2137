/*
 * strmatch.c - naive string matching: count the occurrences (overlapping
 * ones included) of NPAT patterns of lengths 3..8 in a generated text of
 * TEXT_LEN letters over a 4-letter alphabet.
 *
 * Thread t tries start positions t, t+n, t+2n... against every pattern,
 * records which patterns match there (a bit mask per position) and adds its
 * per-pattern counts to the shared totals with one atomic add each.
 * Irregular for SIMT: the inner compare loop exits at the first mismatch,
 * after 1 letter most of the time but after up to 8 at matches and near
 * misses, so the lanes of a warp leave it at different iterations
 * (data-dependent divergence). Patterns are cut from the text itself, so
 * every one occurs at least once.
 */
#include "workload.h"

#define TEXT_LEN 8192
#define NPAT     5

static const unsigned pat_len[NPAT] = {3, 4, 5, 6, 8};
static const unsigned pat_from[NPAT] = {100, 1500, 3210, 5555, 7500}; /* in the text */

static uint8_t text[TEXT_LEN] WL_ALIGNED;
static uint8_t pat[NPAT][8];
static uint8_t hits[TEXT_LEN] WL_ALIGNED; /* bit p: pattern p starts here */
static volatile uint32_t count[NPAT];   /* totals, by atomic adds */

/* non-zero when pattern p occurs at position i (early exit on mismatch) */
static inline int match_at(unsigned p, unsigned i)
{
    unsigned len = pat_len[p], k = 0;
    while (k < len && text[i + k] == pat[p][k])
        k++;
    return k == len;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < TEXT_LEN; i += n)
        text[i] = (uint8_t)('a' + wl_rand_below(1, i, 4));
    if (tid == 0) {
        /* cut the patterns from the generator directly: the text is being
         * written by all threads */
        for (unsigned p = 0; p < NPAT; p++)
            for (unsigned k = 0; k < pat_len[p]; k++)
                pat[p][k] = (uint8_t)('a' + wl_rand_below(1, pat_from[p] + k, 4));
    }
    wl_begin();

    uint32_t mine[NPAT] = {0};
    for (unsigned i = tid; i < TEXT_LEN; i += n) {
        unsigned mask = 0;
        for (unsigned p = 0; p < NPAT; p++) {
            if (i + pat_len[p] <= TEXT_LEN && match_at(p, i)) {
                mask |= 1u << p;
                mine[p]++;
            }
        }
        hits[i] = (uint8_t)mask;
    }
    for (unsigned p = 0; p < NPAT; p++)
        if (mine[p])
            simty_atomic_add(&count[p], mine[p]);
    if (!wl_end())
        return 0;

    /* sequential count, position by position; the text is checked by value
     * at a few points (its generator is the same code) */
    unsigned bad = 0, bad_count = 0;
    for (unsigned i = 0; i < TEXT_LEN; i += 97)
        bad += text[i] != 'a' + wl_rand_below(1, i, 4);
    uint32_t want[NPAT] = {0};
    for (unsigned i = 0; i < TEXT_LEN; i++) {
        unsigned mask = 0;
        for (unsigned p = 0; p < NPAT; p++) {
            unsigned k = 0;
            while (k < pat_len[p] && i + k < TEXT_LEN && text[i + k] == pat[p][k])
                k++;
            if (k == pat_len[p]) {
                mask |= 1u << p;
                want[p]++;
            }
        }
        bad += hits[i] != mask;
    }
    for (unsigned p = 0; p < NPAT; p++)
        bad_count += count[p] != want[p];
    return wl_report("strmatch", bad == 0 && bad_count == 0,
                     "%u letters, counts %u %u %u %u %u, %u wrong positions or letters, "
                     "%u wrong counts",
                     TEXT_LEN, (unsigned)want[0], (unsigned)want[1], (unsigned)want[2],
                     (unsigned)want[3], (unsigned)want[4], bad, bad_count);
}
