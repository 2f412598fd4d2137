/*
 * mandelbrot.c - escape counts of the Mandelbrot set on a W x H grid.
 *
 * The grid covers [-2.25, 0.75] x [-1.125, 1.125]; pixel p is computed by
 * thread p % n, so the lanes of a warp take neighbouring pixels of a row.
 * Irregular for SIMT: the iteration loop exits as soon as |z| > 2, a
 * data-dependent count (1 to MAX_ITER) that differs between neighbouring
 * pixels near the border of the set, so lanes that escaped early idle
 * until the slowest lane of their warp is done. Arithmetic is Q12 fixed
 * point in 32-bit integers.
 */
#include "workload.h"

#ifndef W /* (bench/vs_qemu.py builds larger grids: H = 3W/4) */
#define W 64
#define H 48
#endif
#ifndef MAX_ITER
#define MAX_ITER 64
#endif
#define FRAC 12                     /* Q12: 1.0 = 4096 */
#define STEP (12288 / W)            /* 3/W = 2.25/H (W = 64: 192 = 0.046875 in Q12) */

static uint8_t image[W * H] WL_ALIGNED;

/* Escape time of c = (cr, ci), |cr| <= 2.25, |ci| <= 1.125 (Q12). z is only
 * updated while |z| <= 2, so |re z| <= 6.25 and |im z| <= 5.125 always
 * (below 2^15 in Q12): every product fits in 31 bits. */
static unsigned escape(int32_t cr, int32_t ci)
{
    int32_t zr = 0, zi = 0;
    unsigned k;
    for (k = 0; k < MAX_ITER; k++) {
        int32_t zr2 = (zr * zr) >> FRAC, zi2 = (zi * zi) >> FRAC;
        if (zr2 + zi2 > (4 << FRAC))
            break;
        zi = ((zr * zi) >> (FRAC - 1)) + ci;
        zr = zr2 - zi2 + cr;
    }
    return k;
}

/* Pixel centres. */
static unsigned pixel(unsigned p)
{
    int32_t x = (int32_t)(p % W), y = (int32_t)(p / W);
    return escape(-9 * 1024 + x * STEP + STEP / 2,
                  -9 * 512 + y * STEP + STEP / 2);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    wl_begin();
    for (unsigned p = tid; p < W * H; p += n)
        image[p] = (uint8_t)pixel(p);
    if (!wl_end())
        return 0;

    unsigned bad = 0, inside = 0;
    uint32_t sum = 0;
    for (unsigned p = 0; p < W * H; p++) {
        unsigned k = pixel(p);
        bad += image[p] != k;
        inside += k == MAX_ITER;
        sum += k;
    }
    return wl_report("mandelbrot", bad == 0, "%ux%u, %u iterations max, "
                     "%u inside, %lu total, %u wrong", W, H, MAX_ITER, inside,
                     (unsigned long)sum, bad);
}
