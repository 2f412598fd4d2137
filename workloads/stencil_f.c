/*
 * stencil_f.c - ITERS sweeps of an explicit heat-equation (Jacobi) stencil
 * on an H x W grid of floats: new = c + K * (north + south + west + east -
 * 4c), borders fixed (the float twin of stencil2d.c).
 *
 * Ping-pong buffers, a simty_barrier() between sweeps. Slot p of rows
 * 1..H-2 goes to thread p mod n: lanes hold consecutive columns (centre,
 * north and south loads and the store coalesce; west and east are one word
 * off); lanes on the border columns skip the update.
 *
 * Check (workloads/README.md, "FP workloads"): after the region of
 * interest, every thread reruns a share of the sweeps in double precision
 * (slot (H-2)*W-1-p where the kernel did p; barriers between sweeps) from
 * the initial grid regenerated from its seed, then the errors of its share
 * of the cells; thread 0 compares. Tolerance: every
 * cell within TOL = 1e-6 of the reference (values lie in [0, 1); K < 1/4
 * keeps the scheme stable, so rounding errors of about 2^-24 per sweep do
 * not grow: ITERS sweeps stay below ITERS * 1e-7).
 */
#include <math.h>
#include "workload.h"

#ifndef H
#define H 48
#endif
#ifndef W
#define W 64
#endif
#ifndef ITERS
#define ITERS 8
#endif
#define K 0.2f
#define TOL 1e-6

static float grid[2][H][W] WL_ALIGNED;
static double ref[2][H][W] WL_ALIGNED, err[H * W] WL_ALIGNED;

static float init(unsigned p)
{
    return (float)(wl_rand(1, p) >> 8) * (1.0f / (1 << 24)); /* [0, 1) */
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned p = tid; p < H * W; p += n)
        grid[0][p / W][p % W] = grid[1][p / W][p % W] = init(p);
    wl_begin();
    for (unsigned it = 0; it < ITERS; it++) {
        float(*src)[W] = grid[it & 1], (*dst)[W] = grid[~it & 1];
        for (unsigned p = tid; p < (H - 2) * W; p += n) {
            unsigned i = p / W + 1, j = p % W;
            if (j - 1 < W - 2) { /* 1 <= j <= W-2 (unsigned wrap for j = 0) */
                float c = src[i][j];
                dst[i][j] =
                    c + K * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1] -
                             4.0f * c);
            }
        }
        simty_barrier(); /* the next sweep reads what this one wrote */
    }
    if (!wl_end_all())
        return 0;

    for (unsigned p = tid; p < H * W; p += n) {
        unsigned q = H * W - 1 - p;
        ref[0][q / W][q % W] = ref[1][q / W][q % W] = init(q);
    }
    simty_barrier();
    for (unsigned it = 0; it < ITERS; it++) {
        double(*src)[W] = ref[it & 1], (*dst)[W] = ref[~it & 1];
        for (unsigned p = tid; p < (H - 2) * W; p += n) {
            unsigned q = (H - 2) * W - 1 - p, i = q / W + 1, j = q % W;
            if (j - 1 < W - 2)
                dst[i][j] = src[i][j] + (double)K * (src[i - 1][j] + src[i + 1][j] +
                                                     src[i][j - 1] + src[i][j + 1] -
                                                     4.0 * src[i][j]);
        }
        simty_barrier();
    }
    for (unsigned p = tid; p < H * W; p += n)
        err[p] = fabs((double)grid[ITERS & 1][p / W][p % W] - ref[ITERS & 1][p / W][p % W]);
    if (!wl_check_done())
        return 0;

    unsigned bad = 0;
    double worst = 0.0;
    for (unsigned p = 0; p < H * W; p++) {
        bad += !(err[p] <= TOL);
        if (err[p] > worst)
            worst = err[p];
    }
    return wl_report("stencil_f", bad == 0,
                     "%ux%u grid, %u sweeps, max error %.3g, tolerance %g, %u outside", H, W,
                     ITERS, worst, TOL, bad);
}
