/*
 * blackscholes.c - prices of NOPT European call and put options with the
 * Black-Scholes formula in double precision (the PARSEC kernel's shape:
 * log, exp, sqrt and a polynomial normal CDF per option).
 *
 * Option i goes to thread i mod n: straight-line code except the sign test
 * of the CDF, whose two sides lanes take by the sign of d1 and d2
 * (divergence), and the libm calls (log, exp, sqrt: fsqrt.d with D; the
 * others are picolibc's, with their own data-dependent branches).
 *
 * Check (workloads/README.md, "FP workloads"): after the region of
 * interest, every thread prices a share of the options again (option
 * NOPT-1-i where the kernel did i), from inputs regenerated from their
 * seeds, with an independent normal CDF, 0.5 * erfc(-x / sqrt(2))
 * (picolibc), instead of the kernel's Abramowitz-Stegun polynomial (error
 * below 7.5e-8). Tolerance: every price within TOL = 1e-4 of the reference
 * (S, K <= 100: the CDF error moves a price by at most 200 * 7.5e-8 =
 * 1.5e-5); and put-call parity C - P = S - K exp(-rT) within 1e-4. Thread 0
 * compares.
 */
#include <math.h>
#include "workload.h"

#ifndef NOPT
#define NOPT 512
#endif
#define TOL 1e-4

static double spot[NOPT] WL_ALIGNED, strike[NOPT] WL_ALIGNED, rate[NOPT] WL_ALIGNED,
    vol[NOPT] WL_ALIGNED, expiry[NOPT] WL_ALIGNED, call[NOPT] WL_ALIGNED, put[NOPT] WL_ALIGNED,
    err[NOPT] WL_ALIGNED, parity[NOPT] WL_ALIGNED;

/* Value in [lo, hi), a function of (seed, i). */
static double uniform(uint32_t seed, uint32_t i, double lo, double hi)
{
    return lo + (hi - lo) * (double)wl_rand(seed, i) * (1.0 / 4294967296.0);
}

/* Normal CDF, Abramowitz & Stegun 26.2.17. */
static double cnd_poly(double x)
{
    const double a1 = 0.319381530, a2 = -0.356563782, a3 = 1.781477937, a4 = -1.821255978,
                 a5 = 1.330274429;
    double ax = fabs(x);
    double k = 1.0 / (1.0 + 0.2316419 * ax);
    double pdf = 0.39894228040143267794 * exp(-0.5 * ax * ax);
    double tail = pdf * k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    return x < 0.0 ? tail : 1.0 - tail;
}

static double cnd_erfc(double x)
{
    return 0.5 * erfc(-x * 0.70710678118654752440);
}

static void price(double s, double k, double r, double v, double t, double (*cnd)(double),
                  double *c, double *p)
{
    double sq = v * sqrt(t);
    double d1 = (log(s / k) + (r + 0.5 * v * v) * t) / sq;
    double d2 = d1 - sq;
    double disc = k * exp(-r * t);
    *c = s * cnd(d1) - disc * cnd(d2);
    *p = disc * cnd(-d2) - s * cnd(-d1);
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < NOPT; i += n) {
        spot[i] = uniform(1, i, 10.0, 100.0);
        strike[i] = uniform(2, i, 10.0, 100.0);
        rate[i] = uniform(3, i, 0.01, 0.1);
        vol[i] = uniform(4, i, 0.05, 0.6);
        expiry[i] = uniform(5, i, 0.1, 2.0);
    }
    wl_begin();
    for (unsigned i = tid; i < NOPT; i += n)
        price(spot[i], strike[i], rate[i], vol[i], expiry[i], cnd_poly, &call[i], &put[i]);
    if (!wl_end_all())
        return 0;

    for (unsigned i = tid; i < NOPT; i += n) {
        unsigned q = NOPT - 1 - i;
        double s = uniform(1, q, 10.0, 100.0), k = uniform(2, q, 10.0, 100.0),
               r = uniform(3, q, 0.01, 0.1), v = uniform(4, q, 0.05, 0.6),
               t = uniform(5, q, 0.1, 2.0);
        double c, p;
        price(s, k, r, v, t, cnd_erfc, &c, &p);
        err[q] = fmax(fabs(call[q] - c), fabs(put[q] - p));
        parity[q] = fabs(call[q] - put[q] - (s - k * exp(-r * t)));
    }
    if (!wl_check_done())
        return 0;

    unsigned bad = 0;
    double worst = 0.0, worst_parity = 0.0;
    for (unsigned i = 0; i < NOPT; i++) {
        bad += !(err[i] <= TOL) || !(parity[i] <= TOL);
        if (err[i] > worst)
            worst = err[i];
        if (parity[i] > worst_parity)
            worst_parity = parity[i];
    }
    return wl_report("blackscholes", bad == 0,
                     "%u options, max error %.3g, parity error %.3g, tolerance %g, %u outside",
                     NOPT, worst, worst_parity, TOL, bad);
}
