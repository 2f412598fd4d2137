/*
 * saxpy.c - y[i] = a*x[i] + y[i] over N words in Q16 fixed point (regular,
 * fully convergent).
 *
 * Thread t handles i = t, t+n, t+2n...: the lanes of a warp touch
 * consecutive words, so every load and store coalesces into one request.
 * The product takes a 64-bit multiply (mul + mulh), rounded back to Q16.
 */
#include "workload.h"

#ifndef N /* (bench/vs_qemu.py builds larger sizes) */
#define N 32768
#endif

/* Operand ranges keep every sum inside int32: |a| < 2^18 (|a| < 4.0),
 * |x| < 2^23, so |a*x| >> 16 < 2^25, and |y| < 2^24. */
#define LEN WL_PADDED(N, sizeof(int32_t)) /* N, unless a benchmark build pads */
static int32_t x[LEN] WL_ALIGNED, y[LEN] WL_ALIGNED, y_old[LEN] WL_ALIGNED;
static int32_t a;

static inline int32_t q16_axpy(int32_t scale, int32_t xi, int32_t yi)
{
    return (int32_t)(((int64_t)scale * xi + 0x8000) >> 16) + yi;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    /* Every thread stores the same a: an "if (tid == 0)" here would split
     * warp 0 for the whole set-up loop (GCC duplicates the loop for it). */
    a = (int32_t)(wl_rand(0, 0) & 0x3ffff) - 0x20000;
    for (unsigned i = tid; i < N; i += n) {
        x[i] = (int32_t)(wl_rand(1, i) & 0xffffff) - 0x800000;
        y[i] = (int32_t)(wl_rand(2, i) & 0x1ffffff) - 0x1000000;
        y_old[i] = y[i]; /* kept for the check, which needs the old y */
    }
    wl_begin();
    int32_t la = a;
    for (unsigned i = tid; i < N; i += n)
        y[i] = q16_axpy(la, x[i], y[i]);
#if REPS > 1 /* bench/vs_qemu.py: the kernel again from the same input */
    for (unsigned r = 1; r < REPS; r++)
        for (unsigned i = tid; i < N; i += n)
            y[i] = q16_axpy(la, x[i], y_old[i]);
#endif
    if (!wl_end())
        return 0;

    unsigned bad = 0;
    for (unsigned i = 0; i < N; i++)
        bad += y[i] != q16_axpy(a, x[i], y_old[i]);
    return wl_report("saxpy", bad == 0, "%u elements, a = %ld/65536, %u wrong", N, (long)a, bad);
}
