/*
 * mandelbrot_f.c - escape counts of a W x H grid of the Mandelbrot set in
 * single precision (the float twin of mandelbrot.c: data-dependent loop
 * exits, FP multiply-adds and compares).
 *
 * Pixel p goes to thread p mod n; each lane iterates z = z^2 + c until
 * |z|^2 > 4 or MAX_ITER, so lanes of a warp leave the loop at different
 * iterations.
 *
 * Check (workloads/README.md, "FP workloads"): after the region of
 * interest, every thread recomputes a share of the pixels (pixel W*H-1-p
 * where the kernel did p) in double precision from the same c; thread 0
 * compares. The escape test is chaotic near the set's boundary, where
 * float and double may take a different number of iterations, so the
 * stated tolerance is on the count of pixels: at most MAX_DIFF_PERMILLE per
 * mille of the pixels may differ (by any amount); the others are equal.
 */
#include "workload.h"

#ifndef W
#define W 64
#endif
#ifndef H
#define H 48
#endif
#ifndef MAX_ITER
#define MAX_ITER 64
#endif
#define MAX_DIFF_PERMILLE 10 /* tolerance: 1% of the pixels */

static uint32_t counts[H * W] WL_ALIGNED, ref[H * W] WL_ALIGNED;

/* The view: x in [-2.25, 0.75), y in [-1.125, 1.125); the kernel and the
 * reference start from the same (float) c. */
static float cx_of(unsigned p)
{
    return -2.25f + (float)(p % W) * (3.0f / W);
}

static float cy_of(unsigned p)
{
    return -1.125f + (float)(p / W) * (3.0f / W);
}

static uint32_t escape_f(float cx, float cy)
{
    float zx = 0.0f, zy = 0.0f;
    uint32_t k = 0;
    while (k < MAX_ITER) {
        float xx = zx * zx, yy = zy * zy;
        if (xx + yy > 4.0f)
            break;
        zy = 2.0f * zx * zy + cy;
        zx = xx - yy + cx;
        k++;
    }
    return k;
}

static uint32_t escape_d(double cx, double cy)
{
    double zx = 0.0, zy = 0.0;
    uint32_t k = 0;
    while (k < MAX_ITER) {
        double xx = zx * zx, yy = zy * zy;
        if (xx + yy > 4.0)
            break;
        zy = 2.0 * zx * zy + cy;
        zx = xx - yy + cx;
        k++;
    }
    return k;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    wl_begin();
    for (unsigned p = tid; p < W * H; p += n)
        counts[p] = escape_f(cx_of(p), cy_of(p));
    if (!wl_end_all())
        return 0;

    for (unsigned p = tid; p < W * H; p += n) {
        unsigned q = W * H - 1 - p;
        ref[q] = escape_d(cx_of(q), cy_of(q));
    }
    if (!wl_check_done())
        return 0;

    unsigned differ = 0;
    uint32_t total = 0;
    for (unsigned p = 0; p < W * H; p++) {
        differ += counts[p] != ref[p];
        total += counts[p];
    }
    return wl_report("mandelbrot_f", differ * 1000 <= MAX_DIFF_PERMILLE * W * H,
                     "%ux%u pixels, %lu iterations, %u differ from double (at most %u allowed)",
                     W, H, (unsigned long)total, differ, MAX_DIFF_PERMILLE * W * H / 1000);
}
