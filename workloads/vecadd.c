/*
 * vecadd.c - c[i] = a[i] + b[i] over N words (regular, fully convergent).
 *
 * Thread t handles i = t, t+n, t+2n...: the lanes of a warp touch
 * consecutive words, so every access coalesces into one request.
 */
#include "workload.h"

#ifndef N /* (bench/vs_qemu.py builds larger sizes) */
#define N 65536
#endif

#define LEN WL_PADDED(N, sizeof(uint32_t)) /* N, unless a benchmark build pads */
static uint32_t a[LEN] WL_ALIGNED, b[LEN] WL_ALIGNED, c[LEN] WL_ALIGNED;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n) {
        a[i] = wl_rand(1, i);
        b[i] = wl_rand(2, i);
    }
    wl_begin();
    for (unsigned i = tid; i < N; i += n)
        c[i] = a[i] + b[i];
#if REPS > 1 /* bench/vs_qemu.py: the kernel again, the same values */
    for (unsigned r = 1; r < REPS; r++)
        for (unsigned i = tid; i < N; i += n)
            c[i] = a[i] + b[i];
#endif
    if (!wl_end())
        return 0;

    /* a and b are checked by value at a few points (their generator is the
     * same code as the reference's), c everywhere */
    unsigned bad = 0;
    for (unsigned i = 0; i < N; i++)
        bad += c[i] != a[i] + b[i];
    for (unsigned i = 0; i < N; i += 4099)
        bad += a[i] != wl_rand(1, i) || b[i] != wl_rand(2, i);
    return wl_report("vecadd", bad == 0, "%u elements, %u wrong", N, bad);
}
