/*
 * prefix_sum.c - inclusive prefix sum (mod 2^32) of N words, out of place.
 *
 * Thread t owns the contiguous block [t*N/n, (t+1)*N/n).
 * Phase 1: each thread scans its block and records the block total.
 * Phase 2: Hillis-Steele scan of the n totals: ceil(log2 n) steps, each
 * after a barrier, ping-ponging between two arrays; in step d, slot t adds
 * slot t-d (lanes t < d idle: a prefix, so at most one warp diverges;
 * for d < T that load is d words off the lane's own: one pass per lane).
 * Phase 3: each thread adds the total of the blocks before it to its block.
 * The block loops of phases 1 and 3 are irregular for SIMT: the lanes of a
 * warp walk addresses a block apart, so no two share a request and every
 * load and store of a warp replays once per lane; blocks differ in length
 * by one element, so lanes leave the loop at slightly different times.
 */
#include "workload.h"

#define N 60000
/* Largest simty machine: 64 warps x 64 threads, one core. */
#define MAX_THREADS 4096

static uint32_t in[N] WL_ALIGNED, out[N] WL_ALIGNED;
static uint32_t total[2][MAX_THREADS] WL_ALIGNED;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    if (n > MAX_THREADS) /* every thread leaves: no barrier is pending */
        return tid == 0 ? wl_report("prefix_sum", 0, "more than %u threads", MAX_THREADS) : 0;
    for (unsigned i = tid; i < N; i += n)
        in[i] = wl_rand(1, i);
    wl_begin();
    unsigned lo = tid * N / n, hi = (tid + 1) * N / n; /* < 2^32: N * MAX_THREADS */
    uint32_t run = 0;
    for (unsigned i = lo; i < hi; i++) {
        run += in[i];
        out[i] = run;
    }
    total[0][tid] = run;
    unsigned cur = 0;
    for (unsigned d = 1; d < n; d *= 2) {
        simty_barrier(); /* every slot of total[cur] is final */
        uint32_t v = total[cur][tid];
        if (tid >= d)
            v += total[cur][tid - d];
        total[cur ^ 1][tid] = v;
        cur ^= 1;
    }
    simty_barrier(); /* total[cur][t] = sum of blocks 0..t */
    if (tid > 0) {
        uint32_t offset = total[cur][tid - 1];
        for (unsigned i = lo; i < hi; i++)
            out[i] += offset;
    }
    if (!wl_end())
        return 0;

    unsigned bad = 0;
    uint32_t ref = 0;
    for (unsigned i = 0; i < N; i++) {
        ref += in[i];
        bad += out[i] != ref;
    }
    return wl_report("prefix_sum", bad == 0, "%u words, last 0x%08lx, %u wrong", N,
                     (unsigned long)out[N - 1], bad);
}
