/* saxpy.c - the README tutorial kernel: y = a*x + y on integers.
 *
 * Thread t handles elements t, t+n, t+2n, ...: the lanes of a warp touch
 * consecutive words, which the Simty coalescer serves in one pass when the
 * arrays are aligned to a warp-wide block (4 bytes x threads per warp).
 * simty_roi_begin/end mark the kernel: the "region of interest" statistics
 * leave out start-up, the self-check and thread 0's printf. */
#include <simty.h>
#include <stdio.h>

#define N 4096

static int x[N] __attribute__((aligned(256)));
static int y[N] __attribute__((aligned(256)));

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    const int a = 3;

    simty_roi_begin(); /* the kernel, measured apart from start-up and check */
    for (unsigned i = tid; i < N; i += n) {
        x[i] = (int)i;
        y[i] = 1000 - (int)i;
    }
    for (unsigned i = tid; i < N; i += n)
        y[i] = a * x[i] + y[i];
    simty_barrier();
    simty_roi_end();

    /* every thread checks its own elements: no serial phase */
    unsigned bad = 0;
    for (unsigned i = tid; i < N; i += n)
        bad += y[i] != a * (int)i + 1000 - (int)i;
    if (bad)
        printf("saxpy: thread %u FAIL (%u wrong)\n", tid, bad);
    if (tid == 0 && !bad)
        printf("saxpy: PASS (%d elements, %u threads)\n", N, n);
    return bad != 0;
}
