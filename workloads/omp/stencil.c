/*
 * stencil.c - integer Jacobi sweeps over a grid read from a file, all in one
 * OpenMP parallel region: `omp for` (with a reduction into a shared
 * variable), `single` (reset, buffer swap), `master` (the per-sweep log) and
 * an explicit `barrier`.
 *
 *   usage: stencil [-i ITERATIONS] GRID.txt OUT.txt
 *
 * GRID.txt: rows cols, then rows x cols integers. Each sweep replaces every
 * interior cell by (4 c + n + s + e + w) / 8; the border stays. OUT.txt gets
 * the final grid; the program prints each sweep's total change and a
 * checksum, and PASS when they match a sequential run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

#define MAXIT 64

static void sweep_ref(const int *in, int *out, int rows, int cols, long *change)
{
    for (int r = 1; r < rows - 1; r++)
        for (int c = 1; c < cols - 1; c++) {
            const int *p = in + r * cols + c;
            int v = (4 * p[0] + p[-cols] + p[cols] + p[-1] + p[1]) / 8;
            *change += labs((long)(v - p[0]));
            out[r * cols + c] = v;
        }
}

int main(int argc, char **argv)
{
    int iters = 8;
    const char *in = NULL, *outname = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-i") && i + 1 < argc)
            iters = atoi(argv[++i]);
        else if (!in)
            in = argv[i];
        else if (!outname)
            outname = argv[i];
        else
            in = NULL, i = argc;
    }
    if (!in || !outname || iters < 1 || iters > MAXIT) {
        fprintf(stderr, "usage: stencil [-i ITERATIONS(1..%d)] GRID.txt OUT.txt\n", MAXIT);
        return 2;
    }
    FILE *f = fopen(in, "r");
    int rows, cols;
    if (!f || fscanf(f, "%d %d", &rows, &cols) != 2 || rows < 3 || cols < 3 ||
        rows > 1024 || cols > 1024) {
        fprintf(stderr, "%s: cannot read the grid's size\n", in);
        return 1;
    }
    size_t cells = (size_t)rows * (size_t)cols;
    int *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b);
    int *ra = malloc(cells * sizeof *ra), *rb = malloc(cells * sizeof *rb);
    if (!a || !b || !ra || !rb) {
        fprintf(stderr, "stencil: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < cells; i++)
        if (fscanf(f, "%d", &a[i]) != 1) {
            fprintf(stderr, "%s: short grid\n", in);
            return 1;
        }
    fclose(f);
    memcpy(b, a, cells * sizeof *a);
    memcpy(ra, a, cells * sizeof *a);
    memcpy(rb, a, cells * sizeof *a);

    long log[MAXIT], change = 0;
    int *cur = a, *next = b;
#pragma omp parallel
    {
        for (int it = 0; it < iters; it++) {
#pragma omp single
            change = 0;
#pragma omp for schedule(static, 1) reduction(+ : change)
            for (int k = 0; k < (rows - 2) * (cols - 2); k++) {
                int r = 1 + k / (cols - 2), c = 1 + k % (cols - 2);
                const int *p = cur + r * cols + c;
                int v = (4 * p[0] + p[-cols] + p[cols] + p[-1] + p[1]) / 8;
                change += labs((long)(v - p[0]));
                next[r * cols + c] = v;
            }
#pragma omp master
            log[it] = change;
#pragma omp barrier
#pragma omp single
            {
                int *t = cur;
                cur = next;
                next = t;
            }
        }
    }

    int ok = 1;
    for (int it = 0; it < iters; it++) {
        long rc = 0;
        sweep_ref(ra, rb, rows, cols, &rc);
        int *t = ra;
        ra = rb;
        rb = t;
        ok &= rc == log[it];
        printf("stencil sweep %d change %ld\n", it, log[it]);
    }
    unsigned sum = 0;
    for (size_t i = 0; i < cells; i++) {
        ok &= cur[i] == ra[i];
        sum = sum * 31u + (unsigned)cur[i];
    }
    FILE *o = fopen(outname, "w");
    if (!o) {
        perror(outname);
        return 1;
    }
    fprintf(o, "%d %d\n", rows, cols);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            fprintf(o, "%d%c", cur[r * cols + c], c == cols - 1 ? '\n' : ' ');
    if (fclose(o) != 0) {
        perror(outname);
        return 1;
    }
    printf("stencil %dx%d %d sweeps checksum %u\n", rows, cols, iters, sum);
    printf("stencil: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
