/*
 * matmul.c - C = A*B for square N x N int32 matrices (regular, convergent).
 *
 * Output element e = i*N + j goes to thread e mod n (e = t, t+n, ...). The
 * lanes of a warp then hold consecutive j of one row i (N = 64 is a
 * multiple of any power-of-two T): each step of the k loop reads the same
 * A[i][k] in every lane (a broadcast) and word l of an aligned block of
 * B[k][.] in lane l, one request each. Every thread runs the same k loop,
 * so only the last, partial round of elements leaves lanes idle.
 */
#include "workload.h"

#ifndef N /* (bench/vs_qemu.py builds larger sizes) */
#define N 64 /* a multiple of 4 (check) and of T (coalescing) */
#endif

/* N rows, unless a benchmark build pads (whole rows) */
#define ROWS WL_PADDED(N, N * sizeof(int32_t))
static int32_t A[ROWS][N] WL_ALIGNED, B[ROWS][N] WL_ALIGNED, C[ROWS][N] WL_ALIGNED;

/* Entries in [-1024, 1024): a dot product stays below 2^26 in magnitude. */
static inline int32_t entry(uint32_t seed, uint32_t i)
{
    return (int32_t)wl_rand_below(seed, i, 2048) - 1024;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned e = tid; e < N * N; e += n) {
        A[e / N][e % N] = entry(1, e);
        B[e / N][e % N] = entry(2, e);
    }
    wl_begin();
    for (unsigned e = tid; e < N * N; e += n) {
        unsigned i = e / N, j = e % N;
        int32_t sum = 0;
        for (unsigned k = 0; k < N; k++)
            sum += A[i][k] * B[k][j];
        C[i][j] = sum;
    }
    if (!wl_end())
        return 0;

    /* Four columns at a time: each A[i][k] load serves four products, which
     * keeps the N^3 check near 4 instructions per product. */
    unsigned bad = 0;
    for (unsigned i = 0; i < N; i++)
        for (unsigned j = 0; j < N; j += 4) {
            int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            const int32_t *b = &B[0][j];
            for (unsigned k = 0; k < N; k++, b += N) {
                int32_t aik = A[i][k];
                s0 += aik * b[0];
                s1 += aik * b[1];
                s2 += aik * b[2];
                s3 += aik * b[3];
            }
            bad += (C[i][j] != s0) + (C[i][j + 1] != s1) + (C[i][j + 2] != s2) +
                   (C[i][j + 3] != s3);
        }
    return wl_report("matmul", bad == 0, "%ux%u, %u wrong", N, N, bad);
}
