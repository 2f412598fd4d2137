/* parloops.c - plain C with no pragma, built with
 * -ftree-parallelize-loops=4: GCC outlines the loops into GOMP_parallel
 * regions of four threads. */
#include "check.h"

#define N 4096
static double a[N], b[N];
static int idx[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        b[i] = i;
    for (int i = 0; i < N; i++)
        a[i] = 2 * b[i] + 1;
    for (int i = 0; i < N; i++)
        idx[i] = i * 3;
    double sum = 0;
    for (int i = 0; i < N; i++)
        sum += a[i];
    int ok = 1;
    for (int i = 0; i < N; i++)
        ok &= a[i] == 2.0 * i + 1 && idx[i] == 3 * i;
    check("loops", ok);
    check("sum", sum == (double)N * N);
    return result();
}
