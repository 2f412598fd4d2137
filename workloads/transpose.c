/*
 * transpose.c - out-of-place transpose of an R x C word matrix:
 * out[j][i] = in[i][j], out being C x R.
 *
 * Output element e = j*R + i goes to thread e mod n (e = t, t+n, ...): the
 * lanes of a warp write consecutive words of an output row (one coalesced
 * store) but read down a column of the input, C words apart, so every load
 * needs one request per lane (memory replays). Control flow is convergent.
 */
#include "workload.h"

#define R 192 /* input rows = output columns */
#define C 168 /* input columns = output rows */

static uint32_t in[R][C] WL_ALIGNED, out[C][R] WL_ALIGNED;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned e = tid; e < R * C; e += n)
        in[e / C][e % C] = wl_rand(1, e);
    wl_begin();
    for (unsigned e = tid; e < R * C; e += n) {
        unsigned j = e / R, i = e % R;
        out[j][i] = in[i][j];
    }
    if (!wl_end())
        return 0;

    unsigned bad = 0;
    for (unsigned i = 0; i < R; i++)
        for (unsigned j = 0; j < C; j++)
            bad += out[j][i] != in[i][j];
    return wl_report("transpose", bad == 0, "%ux%u -> %ux%u, %u wrong", R, C, C, R, bad);
}
