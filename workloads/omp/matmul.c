/*
 * matmul.c - C = A x B over int32 in OpenMP: a collapse(2) loop nest with
 * schedule(static, 1), so consecutive threads take consecutive elements of
 * a row of C (the SIMT-friendly order).
 *
 *   usage: matmul [-n N]     (N x N matrices, N <= 96)
 *
 * Prints a checksum of C and PASS when it matches a sequential product.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "omp_roi.h"

#define NMAX 96
#ifndef MATMUL_N /* the default of -n (bench/omp_cost.py builds set it) */
#define MATMUL_N 32
#endif

static int32_t A[NMAX][NMAX] __attribute__((aligned(256)));
static int32_t B[NMAX][NMAX] __attribute__((aligned(256)));
static int32_t C[NMAX][NMAX] __attribute__((aligned(256)));

int main(int argc, char **argv)
{
    int n = MATMUL_N;
    if (argc == 3 && !strcmp(argv[1], "-n"))
        n = atoi(argv[2]);
    else if (argc > 1) {
        fprintf(stderr, "usage: matmul [-n N]\n");
        return 2;
    }
    if (n < 1 || n > NMAX) {
        fprintf(stderr, "matmul: N must be in 1..%d\n", NMAX);
        return 2;
    }
#pragma omp parallel for collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = (i * 7 + j * 3) % 17 - 8;
            B[i][j] = (i * 5 + j * 11) % 13 - 6;
        }
    ROI_BEGIN();
#pragma omp parallel for collapse(2) schedule(static, 1)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int32_t s = 0;
            for (int k = 0; k < n; k++)
                s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
    ROI_END();
    uint32_t sum = 0;
    int bad = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int32_t s = 0;
            for (int k = 0; k < n; k++)
                s += A[i][k] * B[k][j];
            bad += s != C[i][j];
            sum = sum * 31u + (uint32_t)C[i][j];
        }
    printf("matmul n=%d checksum=%" PRIu32 " C[n-1][0]=%" PRId32 "\n", n, sum, C[n - 1][0]);
    printf("matmul: %s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
