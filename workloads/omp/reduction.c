/*
 * reduction.c - OpenMP reductions of int, float and double, and atomics.
 *
 *   usage: reduction [-n N]
 *
 * reduction(+), (max), (min), (^) over int; (+) over float and double;
 * `omp atomic` updates of an int and a double (a double atomic is a
 * GOMP_atomic_start/end critical section on rv32: no 64-bit AMO). The
 * float and double terms are multiples of 1/8 and 1/1024 whose partial sums
 * stay exact, so every summation order (every team size, every schedule)
 * gives the same bits; the program checks them against a sequential sum.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

static int term(int i)
{
    return (int)((i * 2654435761u) >> 20) % 1000 - 400;  /* -400..599 */
}

int main(int argc, char **argv)
{
    int n = 20000;
    if (argc == 3 && !strcmp(argv[1], "-n"))
        n = atoi(argv[2]);
    else if (argc != 1 && argc != 0) {
        fprintf(stderr, "usage: reduction [-n N]\n");
        return 2;
    }
    if (n < 1 || n > 1000000) {
        fprintf(stderr, "reduction: n must be in 1..1000000\n");
        return 2;
    }

    long long isum = 0;
    int imax = -1000000, imin = 1000000, ixor = 0;
    float fsum = 0.0f;
    double dsum = 0.0;
#pragma omp parallel for reduction(+ : isum, fsum, dsum) reduction(max : imax) \
    reduction(min : imin) reduction(^ : ixor) schedule(static, 1)
    for (int i = 0; i < n; i++) {
        int t = term(i);
        isum += t;
        imax = t > imax ? t : imax;
        imin = t < imin ? t : imin;
        ixor ^= t * 7 + i;
        fsum += (float)(t % 64) * 0.125f;   /* |partial sums| < 2^21 / 8: exact */
        dsum += (double)t / 1024.0;
    }

    int acount = 0;
    double aweight = 0.0;
#pragma omp parallel for schedule(dynamic, 7)
    for (int i = 0; i < n; i++) {
        if (term(i) > 500) {
#pragma omp atomic
            acount++;
#pragma omp atomic
            aweight += 0.5;
        }
    }

    long long risum = 0;
    int rmax = -1000000, rmin = 1000000, rxor = 0, rcount = 0;
    float rfsum = 0.0f;
    double rdsum = 0.0;
    for (int i = 0; i < n; i++) {
        int t = term(i);
        risum += t;
        rmax = t > rmax ? t : rmax;
        rmin = t < rmin ? t : rmin;
        rxor ^= t * 7 + i;
        rfsum += (float)(t % 64) * 0.125f;
        rdsum += (double)t / 1024.0;
        rcount += t > 500;
    }
    int ok = isum == risum && imax == rmax && imin == rmin && ixor == rxor &&
             fsum == rfsum && dsum == rdsum && acount == rcount && aweight == 0.5 * rcount;
    printf("reduction n=%d sum=%lld max=%d min=%d xor=%d\n", n, isum, imax, imin, ixor);
    printf("reduction float=%.3f double=%.6f atomic=%d/%.1f\n", (double)fsum, dsum, acount,
           aweight);
    printf("reduction: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
