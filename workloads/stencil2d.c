/*
 * stencil2d.c - ITERS sweeps of a 5-point Jacobi stencil on an H x W grid
 * of integers: new = (4*c + north + south + west + east) / 8, borders fixed.
 *
 * Each sweep reads one buffer and writes the other (ping-pong), with a
 * simty_barrier() between sweeps. Slot p of rows 1..H-2 (all W columns,
 * row by row) goes to thread p mod n, so the lanes of a warp hold
 * consecutive columns starting at a multiple of T (for T a power of two):
 * the centre, north and south loads and the store coalesce into one
 * request. The west and east loads are one word off each lane's own word,
 * which Simty's leader/follower coalescer does not serve together (one
 * pass per lane; --coalescer block takes two). Lanes on the border columns
 * skip the update: the first and last lane of some warps idle briefly.
 */
#include "workload.h"

#define H 64
#define W 64
#define ITERS 8

static uint32_t grid[2][H][W] WL_ALIGNED;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    /* Both buffers get the whole grid, so both hold the fixed border. */
    for (unsigned p = tid; p < H * W; p += n)
        grid[0][p / W][p % W] = grid[1][p / W][p % W] = wl_rand_below(1, p, 1u << 16);
    wl_begin();
    for (unsigned it = 0; it < ITERS; it++) {
        uint32_t(*src)[W] = grid[it & 1], (*dst)[W] = grid[~it & 1];
        for (unsigned p = tid; p < (H - 2) * W; p += n) {
            unsigned i = p / W + 1, j = p % W;
            if (j - 1 < W - 2) /* 1 <= j <= W-2 (unsigned wrap for j = 0) */
                dst[i][j] = (4 * src[i][j] + src[i - 1][j] + src[i + 1][j] + src[i][j - 1] +
                             src[i][j + 1]) >> 3;
        }
        simty_barrier(); /* the next sweep reads what this one wrote */
    }
    if (!wl_end())
        return 0;

    /* Sequential reference: the same sweeps, on grids rebuilt from scratch. */
    static uint32_t ref[2][H][W];
    for (unsigned p = 0; p < H * W; p++)
        ref[0][p / W][p % W] = ref[1][p / W][p % W] = wl_rand_below(1, p, 1u << 16);
    for (unsigned it = 0; it < ITERS; it++) {
        uint32_t(*src)[W] = ref[it & 1], (*dst)[W] = ref[~it & 1];
        for (unsigned i = 1; i < H - 1; i++)
            for (unsigned j = 1; j < W - 1; j++)
                dst[i][j] = (4 * src[i][j] + src[i - 1][j] + src[i + 1][j] + src[i][j - 1] +
                             src[i][j + 1]) >> 3;
    }
    unsigned bad = 0;
    for (unsigned i = 0; i < H; i++)
        for (unsigned j = 0; j < W; j++)
            bad += grid[ITERS & 1][i][j] != ref[ITERS & 1][i][j];
    return wl_report("stencil2d", bad == 0, "%ux%u grid, %u sweeps, %u wrong", H, W, ITERS,
                     bad);
}
