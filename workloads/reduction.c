/*
 * reduction.c - sum of N words (mod 2^32) and max of N signed words, by a
 * parallel reduction.
 *
 * Phase 1: thread t folds i = t, t+n, t+2n... into a partial sum and max,
 * stored in slot t of two shared arrays. The loads coalesce; the max update
 * is a data-dependent branch, taken ever more rarely as the maximum grows,
 * so lanes diverge briefly and mostly early on.
 * Phase 2: a tree over the n slots, ceil(log2 n) steps, each after a barrier;
 * step s folds slot t+s into slot t for t < s (sequential addressing,
 * s = half the padded power of two, halving): the active threads are
 * always the range 0..min(s, n-s)-1, so whole warps drop out together and
 * at most one warp per step diverges, unlike the interleaved "t % 2s == 0"
 * scheme that leaves every warp half idle. Slots t+s >= n do not exist (n
 * need not be a power of two), so those lanes skip the step.
 */
#include "workload.h"

#define N 65536
/* Largest simty machine: 64 warps x 64 threads, one core. */
#define MAX_THREADS 4096

static uint32_t val[N] WL_ALIGNED;
static int32_t sval[N] WL_ALIGNED;
static uint32_t psum[MAX_THREADS] WL_ALIGNED;
static int32_t pmax[MAX_THREADS] WL_ALIGNED;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    if (n > MAX_THREADS) /* every thread leaves: no barrier is pending */
        return tid == 0 ? wl_report("reduction", 0, "more than %u threads", MAX_THREADS) : 0;
    for (unsigned i = tid; i < N; i += n) {
        val[i] = wl_rand(1, i);
        sval[i] = (int32_t)wl_rand(2, i) >> 4; /* max well below INT32_MAX */
    }
    wl_begin();
    uint32_t sum = 0;
    int32_t max = INT32_MIN;
    for (unsigned i = tid; i < N; i += n) {
        sum += val[i];
        if (sval[i] > max)
            max = sval[i];
    }
    psum[tid] = sum;
    pmax[tid] = max;
    unsigned half = 1; /* half the smallest power of two >= n */
    while (2 * half < n)
        half *= 2;
    for (unsigned s = half; n > 1 && s > 0; s /= 2) { /* n == 1: nothing to fold */
        simty_barrier(); /* slot t+s is final once step 2s is over */
        if (tid < s && tid + s < n) {
            psum[tid] += psum[tid + s];
            if (pmax[tid + s] > pmax[tid])
                pmax[tid] = pmax[tid + s];
        }
    }
    if (!wl_end())
        return 0;

    uint32_t ref_sum = 0;
    int32_t ref_max = INT32_MIN;
    for (unsigned i = 0; i < N; i++) {
        ref_sum += val[i];
        if (sval[i] > ref_max)
            ref_max = sval[i];
    }
    int ok = psum[0] == ref_sum && pmax[0] == ref_max;
    return wl_report("reduction", ok, "%u words, sum 0x%08lx (expected 0x%08lx), "
                     "max %ld (expected %ld)", N, (unsigned long)psum[0],
                     (unsigned long)ref_sum, (long)pmax[0], (long)ref_max);
}
