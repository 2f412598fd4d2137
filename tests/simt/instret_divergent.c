/* Regression: minstret of every thread through divergent code.  The SIMT
 * models count retired instructions lazily (once per whole-warp slot, once
 * per run of slots with the same lanes, handed to the lanes when the lanes
 * change: sim_retire); the scalar model counts one hart at a time.  Each
 * thread reads minstret around code whose paths split, merge, call and
 * replay (a strided store), and thread 0 prints a digest of every count:
 * the same on every model and shape as on the scalar model. */
#include <simty.h>
#include <stdio.h>

#define MAXT 2048
static unsigned counts[MAXT][3];
static unsigned scratch[MAXT * 4];

__attribute__((noinline)) static unsigned work(unsigned x)
{
    unsigned s = 0;
    for (unsigned i = 0; i < x % 9 + 1; i++) {
        if ((x + i) & 1)
            s += i * 3;
        else
            s ^= x << (i & 7);
    }
    return s;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned v = (tid * 2654435761u) >> 7;

    unsigned t0 = simty_instret();
    v += work(v); /* divergent loop in a call */
    unsigned t1 = simty_instret();
    for (unsigned k = 0; k < 4; k++) /* converged, with a store every lane makes */
        v = v * 33 + k;
    scratch[(tid * 4) % (MAXT * 4)] = v; /* strided: the coalescer replays lanes */
    unsigned t2 = simty_instret();
    if (tid % 3 == 0) /* one lane in three takes the long way */
        v += work(v ^ tid);
    unsigned t3 = simty_instret();
    if (tid < MAXT) {
        counts[tid][0] = t1 - t0;
        counts[tid][1] = t2 - t1;
        counts[tid][2] = t3 - t2;
    }
    simty_barrier();
    if (tid == 0) {
        unsigned h = 2166136261u, sum = 0;
        for (unsigned t = 0; t < n && t < MAXT; t++)
            for (unsigned k = 0; k < 3; k++) {
                h = (h ^ counts[t][k]) * 16777619u;
                sum += counts[t][k];
            }
        printf("instret digest %08x, %u instructions in %u threads\n", h, sum,
               n < MAXT ? n : MAXT);
        printf("thread 0: %u %u %u\n", counts[0][0], counts[0][1], counts[0][2]);
    }
    return v == 0x12345678u; /* keep v alive */
}
