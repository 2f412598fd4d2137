/*
 * pathfinder.c - the cheapest top-to-bottom path through a grid of weights
 * read from a file (dynamic programming row by row): one parallel region,
 * a worksharing loop per row (its implicit barrier orders the rows), two
 * ping-pong buffers.
 *
 *   usage: pathfinder WEIGHTS.txt [OUT.txt]
 *
 * WEIGHTS.txt: rows cols, then one line of `cols` digits per row. Prints the
 * cheapest cost and the column it ends in; OUT.txt gets the last row's costs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

static int read_digit(FILE *f)
{
    int ch;  /* an int: `char` is unsigned on RISC-V, EOF would never match */
    do
        ch = fgetc(f);
    while (ch == '\n' || ch == ' ' || ch == '\r');
    return ch >= '0' && ch <= '9' ? ch - '0' : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: pathfinder WEIGHTS.txt [OUT.txt]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    int rows, cols;
    if (!f || fscanf(f, "%d %d", &rows, &cols) != 2 || rows < 1 || cols < 1 ||
        rows > 4096 || cols > 65536) {
        fprintf(stderr, "%s: cannot read the grid's size\n", argv[1]);
        return 1;
    }
    int *wt = malloc(sizeof *wt * (size_t)rows * (size_t)cols);
    int *cost = malloc(sizeof *cost * 2 * (size_t)cols);
    if (!wt || !cost)
        return 1;
    for (int i = 0; i < rows * cols; i++)
        if ((wt[i] = read_digit(f)) < 0) {
            fprintf(stderr, "%s: bad weight at %d\n", argv[1], i);
            return 1;
        }
    fclose(f);

    int *prev = cost, *cur = cost + cols;
    memcpy(prev, wt, sizeof *prev * (size_t)cols);
#pragma omp parallel
    for (int r = 1; r < rows; r++) {
        int *p = (r & 1) ? cost : cost + cols, *q = (r & 1) ? cost + cols : cost;
#pragma omp for schedule(static, 1)
        for (int c = 0; c < cols; c++) {
            int m = p[c];
            if (c > 0 && p[c - 1] < m)
                m = p[c - 1];
            if (c < cols - 1 && p[c + 1] < m)
                m = p[c + 1];
            q[c] = wt[r * cols + c] + m;
        }
    }
    cur = (rows & 1) ? cost : cost + cols;  /* row rows-1 is in cost[(rows-1) & 1] */
    int best = 0;
    for (int c = 1; c < cols; c++)
        best = cur[c] < cur[best] ? c : best;
    if (argc == 3) {
        FILE *o = fopen(argv[2], "w");
        if (!o) {
            perror(argv[2]);
            return 1;
        }
        for (int c = 0; c < cols; c++)
            fprintf(o, "%d\n", cur[c]);
        if (fclose(o) != 0) {
            perror(argv[2]);
            return 1;
        }
    }
    printf("pathfinder %dx%d: cheapest %d at column %d\n", rows, cols, cur[best], best);
    free(wt);
    free(cost);
    return 0;
}
