/*
 * sections.c - statistics of an input file's values in OpenMP `sections`:
 * one section each for the sum, the extremes, the count of even values and
 * a sorted-run count, run by whichever threads of the team take them, then
 * a second `sections nowait` construct followed by an explicit barrier.
 *
 *   usage: sections VALUES.txt
 *
 * VALUES.txt: a count, then that many integers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: sections VALUES.txt\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    int n;
    if (!f || fscanf(f, "%d", &n) != 1 || n < 1 || n > 1000000) {
        fprintf(stderr, "%s: cannot read the count\n", argv[1]);
        return 1;
    }
    int *v = malloc(sizeof *v * (size_t)n);
    if (!v)
        return 1;
    for (int i = 0; i < n; i++)
        if (fscanf(f, "%d", &v[i]) != 1) {
            fprintf(stderr, "%s: short file\n", argv[1]);
            return 1;
        }
    fclose(f);

    long long sum = 0, sumsq = 0;
    int lo = v[0], hi = v[0], even = 0, runs = 1, peak = 0, first_big = -1;
#pragma omp parallel
    {
#pragma omp sections
        {
#pragma omp section
            for (int i = 0; i < n; i++)
                sum += v[i];
#pragma omp section
            for (int i = 0; i < n; i++) {
                lo = v[i] < lo ? v[i] : lo;
                hi = v[i] > hi ? v[i] : hi;
            }
#pragma omp section
            for (int i = 0; i < n; i++)
                even += v[i] % 2 == 0;
#pragma omp section
            for (int i = 1; i < n; i++)
                runs += v[i] < v[i - 1];
        }
#pragma omp sections nowait
        {
#pragma omp section
            for (int i = 0; i < n; i++)
                sumsq += (long long)v[i] * v[i];
#pragma omp section
            for (int i = 1; i + 1 < n; i++)
                peak += v[i] > v[i - 1] && v[i] > v[i + 1];
#pragma omp section
            for (int i = 0; i < n && first_big < 0; i++)
                if (v[i] > 900)
                    first_big = i;
        }
#pragma omp barrier
    }
    printf("sections n=%d sum=%lld sumsq=%lld min=%d max=%d\n", n, sum, sumsq, lo, hi);
    printf("sections even=%d runs=%d peaks=%d first>900 at %d\n", even, runs, peak, first_big);
    free(v);
    return 0;
}
