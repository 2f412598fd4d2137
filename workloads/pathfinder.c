/*
 * pathfinder.c - path-finder dynamic programming (Rodinia style): the
 * cheapest top-to-bottom path through a ROWS x COLS grid of weights 0..9,
 * moving down one row and at most one column per step:
 *   cost_r[c] = weight[r][c] + min(cost_{r-1}[c-1], cost_{r-1}[c], cost_{r-1}[c+1]).
 *
 * Rows are computed one after the other in two ping-pong buffers, with one
 * barrier per row; inside a row thread t handles columns t, t+n, t+2n...
 * (consecutive lanes, consecutive words). Irregular for SIMT: the two edge
 * columns take a different path (one neighbour missing), the three-way
 * minimum is a pair of data-dependent branches (RV32IMA has no min
 * instruction), so lanes split and rejoin in every cell, and the neighbour
 * reads prev[c-1], prev[c+1] are shifted by a word, so they straddle two
 * aligned blocks (memory replays).
 */
#include "workload.h"

#define ROWS 24
#define COLS 2048

static uint32_t weight[ROWS][COLS] WL_ALIGNED;
static uint32_t cost[2][COLS] WL_ALIGNED;  /* ping-pong: row r in cost[r & 1] */
static uint32_t ref[2][COLS] WL_ALIGNED;   /* the check's own buffers */

/* min of the (up to three) upper neighbours of column c in row `prev` */
static inline uint32_t best_above(const uint32_t *prev, unsigned c)
{
    uint32_t m = prev[c];
    if (c > 0 && prev[c - 1] < m)
        m = prev[c - 1];
    if (c < COLS - 1 && prev[c + 1] < m)
        m = prev[c + 1];
    return m;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < ROWS * COLS; i += n)
        weight[i / COLS][i % COLS] = wl_rand_below(1, i, 10);
    wl_begin();

    for (unsigned c = tid; c < COLS; c += n)
        cost[0][c] = weight[0][c];
    simty_barrier();
    for (unsigned r = 1; r < ROWS; r++) {
        const uint32_t *prev = cost[(r - 1) & 1];
        uint32_t *cur = cost[r & 1];
        for (unsigned c = tid; c < COLS; c += n)
            cur[c] = weight[r][c] + best_above(prev, c);
        /* every thread reaches it ROWS-1 times, even with no column */
        simty_barrier();
    }
    if (!wl_end())
        return 0;

    /* sequential DP on the same weights (checked by value at a few points:
     * their generator is the same code), plus the overall best path */
    for (unsigned c = 0; c < COLS; c++)
        ref[0][c] = weight[0][c];
    for (unsigned r = 1; r < ROWS; r++)
        for (unsigned c = 0; c < COLS; c++)
            ref[r & 1][c] = weight[r][c] + best_above(ref[(r - 1) & 1], c);
    const uint32_t *got = cost[(ROWS - 1) & 1], *want = ref[(ROWS - 1) & 1];
    unsigned bad = 0;
    uint32_t best = UINT32_MAX;
    for (unsigned i = 0; i < ROWS * COLS; i += 97)
        bad += weight[i / COLS][i % COLS] != wl_rand_below(1, i, 10);
    for (unsigned c = 0; c < COLS; c++) {
        bad += got[c] != want[c];
        if (want[c] < best)
            best = want[c];
    }
    return wl_report("pathfinder", bad == 0, "%ux%u grid, best path %u, %u wrong",
                     ROWS, COLS, (unsigned)best, bad);
}
