/*
 * sgemm.c - C = alpha * A x B + beta * C in single precision, N x N
 * (convergent inner loop of multiply-adds: fmadd.s with F, __mulsf3 and
 * __addsf3 calls in soft-float).
 *
 * Element p of C goes to thread p mod n: the lanes of a warp compute
 * consecutive columns of a row, so the loads of B and the store of C are
 * unit-stride and A's element is the same word for every lane (broadcast).
 *
 * Check (workloads/README.md, "FP workloads"): after the region of
 * interest, every thread recomputes a share of C (element N*N-1-p where the
 * kernel did p) in double precision from inputs regenerated from their
 * seeds, and stores its error relative to the tolerance; thread 0
 * compares. Tolerance: for every
 * element, |C - ref| <= 2^-20 * (|alpha| * sum_k |A_ik * B_kj| + |beta * C0_ij|),
 * the magnitude bound of the sum (float's rounding error for N = 32 terms
 * is below N * 2^-24 = 2^-19 of it; errors of random signs mostly cancel:
 * the worst measured is 0.14 of the 2^-20 bound).
 */
#include <math.h>
#include "workload.h"

#ifndef N
#define N 32
#endif
#define TOL (1.0 / 1048576) /* relative to the magnitude bound */

static float a[N][N] WL_ALIGNED, b[N][N] WL_ALIGNED, c[N][N] WL_ALIGNED;
static double ratio[N * N] WL_ALIGNED; /* error / tolerance bound */

/* Inputs in [-1, 1), a function of the index only. */
static float init(uint32_t seed, uint32_t i)
{
    return (float)((int32_t)(wl_rand(seed, i) >> 8) - (1 << 23)) * (1.0f / (1 << 23));
}

static const float alpha = 1.5f, beta = -0.75f;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned p = tid; p < N * N; p += n) {
        a[p / N][p % N] = init(1, p);
        b[p / N][p % N] = init(2, p);
        c[p / N][p % N] = init(3, p);
    }
    wl_begin();
    for (unsigned p = tid; p < N * N; p += n) {
        unsigned i = p / N, j = p % N;
        float s = 0.0f;
        for (unsigned k = 0; k < N; k++)
            s += a[i][k] * b[k][j];
        c[i][j] = alpha * s + beta * c[i][j];
    }
    if (!wl_end_all())
        return 0;

    for (unsigned p = tid; p < N * N; p += n) {
        unsigned q = N * N - 1 - p, i = q / N, j = q % N;
        double sum = 0.0, mag = 0.0;
        for (unsigned k = 0; k < N; k++) {
            double t = (double)init(1, i * N + k) * init(2, k * N + j);
            sum += t;
            mag += fabs(t);
        }
        double c0 = init(3, q);
        double bound = TOL * (fabs(alpha) * mag + fabs(beta * c0));
        ratio[q] = fabs((double)c[i][j] - (alpha * sum + beta * c0)) / bound;
    }
    if (!wl_check_done())
        return 0;

    unsigned bad = 0;
    double worst = 0.0;
    for (unsigned p = 0; p < N * N; p++) {
        bad += !(ratio[p] <= 1.0); /* (NaN included) */
        if (ratio[p] > worst)
            worst = ratio[p];
    }
    return wl_report("sgemm", bad == 0, "%ux%u, %u outside tolerance, worst error %.3g of it", N,
                     N, bad, worst);
}
