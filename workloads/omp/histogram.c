/*
 * histogram.c - histogram of the values of an input file, in OpenMP, three
 * ways: `omp atomic` counters, a named `omp critical` section, and one
 * omp_lock_t per bin (omp_init_lock/set/unset/destroy).
 *
 *   usage: histogram [-b BINS] VALUES.txt OUT.txt
 *
 * VALUES.txt: a count, then that many integers in 0..999. OUT.txt gets one
 * line per bin: its index, lower bound and count. Prints a summary and
 * PASS when the three histograms agree with a sequential one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

#define MAXBINS 256

int main(int argc, char **argv)
{
    int bins = 16;
    const char *in = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-b") && i + 1 < argc)
            bins = atoi(argv[++i]);
        else if (!in)
            in = argv[i];
        else if (!out)
            out = argv[i];
        else
            in = NULL, i = argc;
    }
    if (!in || !out || bins < 1 || bins > MAXBINS) {
        fprintf(stderr, "usage: histogram [-b BINS(1..%d)] VALUES.txt OUT.txt\n", MAXBINS);
        return 2;
    }
    FILE *f = fopen(in, "r");
    if (!f) {
        perror(in);
        return 1;
    }
    int n;
    if (fscanf(f, "%d", &n) != 1 || n < 1 || n > 1000000) {
        fprintf(stderr, "%s: bad count\n", in);
        return 1;
    }
    int *v = malloc(sizeof *v * (size_t)n);
    if (!v) {
        fprintf(stderr, "histogram: out of memory\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        if (fscanf(f, "%d", &v[i]) != 1 || v[i] < 0 || v[i] > 999) {
            fprintf(stderr, "%s: bad value %d\n", in, i);
            return 1;
        }
    }
    fclose(f);

    int h_atomic[MAXBINS] = {0}, h_critical[MAXBINS] = {0}, h_lock[MAXBINS] = {0};
    int ref[MAXBINS] = {0};
    omp_lock_t locks[MAXBINS];
    for (int b = 0; b < bins; b++)
        omp_init_lock(&locks[b]);
    long long total = 0;
#pragma omp parallel
    {
        long long mine = 0;
#pragma omp for schedule(static, 1)
        for (int i = 0; i < n; i++) {
            int b = v[i] * bins / 1000;
#pragma omp atomic
            h_atomic[b]++;
        }
#pragma omp for schedule(dynamic, 32) nowait
        for (int i = 0; i < n; i++) {
            int b = v[i] * bins / 1000;
#pragma omp critical(histogram_bins)
            h_critical[b]++;
        }
#pragma omp for schedule(guided)
        for (int i = 0; i < n; i++) {
            int b = v[i] * bins / 1000;
            omp_set_lock(&locks[b]);
            h_lock[b]++;
            omp_unset_lock(&locks[b]);
            mine += v[i];
        }
#pragma omp critical
        total += mine;
    }
    for (int b = 0; b < bins; b++)
        omp_destroy_lock(&locks[b]);

    long long rtotal = 0;
    for (int i = 0; i < n; i++) {
        ref[v[i] * bins / 1000]++;
        rtotal += v[i];
    }
    int bad = 0, top = 0;
    for (int b = 0; b < bins; b++) {
        bad += h_atomic[b] != ref[b] || h_critical[b] != ref[b] || h_lock[b] != ref[b];
        top = ref[b] > ref[top] ? b : top;
    }
    FILE *o = fopen(out, "w");
    if (!o) {
        perror(out);
        return 1;
    }
    for (int b = 0; b < bins; b++)
        fprintf(o, "%d %d %d\n", b, b * 1000 / bins, h_lock[b]);
    if (fclose(o) != 0) {
        perror(out);
        return 1;
    }
    free(v);
    printf("histogram %d values %d bins: total=%lld fullest=%d (%d) bad=%d\n", n, bins, total,
           top, ref[top], bad);
    printf("histogram: %s\n", !bad && total == rtotal ? "PASS" : "FAIL");
    return !bad && total == rtotal ? 0 : 1;
}
