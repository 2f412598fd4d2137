/*
 * mandelbrot.c - escape counts of the Mandelbrot set in Q12 fixed point,
 * rows handed out by schedule(dynamic, 1) (rows near the set take far
 * longer than rows outside it); writes the image as a plain PGM file.
 *
 *   usage: mandelbrot [-w WIDTH] [-h HEIGHT] [-m MAXITER] [OUT.pgm]
 *
 * Prints the total of the escape counts and a checksum of the image (and
 * writes the image to OUT.pgm when given).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "omp_roi.h"

static int escape(int cx, int cy, int maxit)
{
    int x = 0, y = 0, it = 0;
    while (it < maxit) {
        int xx = (x * x) >> 12, yy = (y * y) >> 12;
        if (xx + yy > 4 << 12)
            break;
        y = ((2 * x * y) >> 12) + cy;
        x = xx - yy + cx;
        it++;
    }
    return it;
}

int main(int argc, char **argv)
{
    int w = 64, h = 48, maxit = 64;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "-w"))
            w = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "-h"))
            h = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "-m"))
            maxit = atoi(argv[++i]);
        else if (!out)
            out = argv[i];
        else
            w = 0, i = argc;  /* a second file name: usage */
    }
    if (w < 1 || w > 1024 || h < 1 || h > 1024 || maxit < 1 || maxit > 255) {
        fprintf(stderr, "usage: mandelbrot [-w W] [-h H] [-m MAXITER(1..255)] [OUT.pgm]\n");
        return 2;
    }
    unsigned char *img = malloc((size_t)w * (size_t)h);
    if (!img)
        return 1;
    long total = 0;
    ROI_BEGIN();
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : total)
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int cx = -9216 + c * 12288 / w;  /* [-2.25, 0.75) x [-1.125, 1.125) */
            int cy = -4608 + r * 9216 / h;
            int it = escape(cx, cy, maxit);
            img[r * w + c] = (unsigned char)it;
            total += it;
        }
    ROI_END();
    unsigned sum = 0;
    for (int i = 0; i < w * h; i++)
        sum = sum * 31u + img[i];
    if (out) {
        FILE *f = fopen(out, "w");
        if (!f) {
            perror(out);
            return 1;
        }
        fprintf(f, "P2\n%d %d\n%d\n", w, h, maxit);
        for (int r = 0; r < h; r++)
            for (int c = 0; c < w; c++)
                fprintf(f, "%d%c", img[r * w + c], c == w - 1 ? '\n' : ' ');
        if (fclose(f) != 0) {
            perror(out);
            return 1;
        }
    }
    free(img);
    printf("mandelbrot %dx%d maxiter %d: total %ld checksum %u\n", w, h, maxit, total, sum);
    return 0;
}
