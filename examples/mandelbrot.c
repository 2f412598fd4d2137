/*
 * mandelbrot.c - fixed-point Mandelbrot set, printed as a PGM image.
 *
 * The image covers [-2, 1] x [-1, 1] with WIDTH x HEIGHT pixels; pixel p is
 * computed by thread p % n (so neighbouring lanes take neighbouring pixels,
 * whose escape times differ near the border of the set: a data-dependent
 * loop exit). Arithmetic is Q12 fixed point in 32-bit integers. After a
 * barrier thread 0 prints the escape counts as a plain-text PGM ("P2",
 * maxval MAX_ITER; pixels inside the set print as MAX_ITER), recomputes the
 * image sequentially and compares checksums. The output does not depend on
 * the thread count.
 */
#include <stdio.h>
#include <simty.h>

#define WIDTH 48
#define HEIGHT 32
#define MAX_ITER 64
#define FRAC 12                     /* Q12: 1.0 = 4096 */
#define PER_LINE 16                 /* pixels per line (PGM: <= 70 chars) */

static uint8_t image[WIDTH * HEIGHT], ref[WIDTH * HEIGHT];

/* Escape time of c = (cr, ci), both Q12, |cr| <= 2, |ci| <= 1. z becomes
 * z^2 + c only while |z| <= 2, so |re z| <= 6 and |im z| <= 5 at all times
 * (below 2^15 in Q12) and every product fits in 31 bits. */
static unsigned escape(int32_t cr, int32_t ci)
{
    int32_t zr = 0, zi = 0;
    unsigned k;
    for (k = 0; k < MAX_ITER; k++) {
        int32_t zr2 = (zr * zr) >> FRAC, zi2 = (zi * zi) >> FRAC;
        if (zr2 + zi2 > (4 << FRAC))
            break;
        zi = ((zr * zi) >> (FRAC - 1)) + ci;
        zr = zr2 - zi2 + cr;
    }
    return k;
}

/* Pixel centres: x step 3/48 = 256 in Q12, y step 2/32 = 256. */
static unsigned pixel(unsigned p)
{
    int32_t x = (int32_t)(p % WIDTH), y = (int32_t)(p / WIDTH);
    return escape(-2 * 4096 + x * 256 + 128, -4096 + y * 256 + 128);
}

/* FNV-1a over the escape counts. */
static uint32_t checksum(const uint8_t *img)
{
    uint32_t h = 2166136261u;
    for (unsigned p = 0; p < WIDTH * HEIGHT; p++)
        h = (h ^ img[p]) * 16777619u;
    return h;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned p = tid; p < WIDTH * HEIGHT; p += n)
        image[p] = (uint8_t)pixel(p);
    simty_barrier();

    if (tid != 0)
        return 0;
    printf("P2\n%u %u\n%u\n", WIDTH, HEIGHT, MAX_ITER);
    for (unsigned p = 0; p < WIDTH * HEIGHT; p++)
        printf("%u%c", image[p], (p + 1) % PER_LINE ? ' ' : '\n');

    unsigned bad = 0, first = 0;
    for (unsigned p = 0; p < WIDTH * HEIGHT; p++) {
        ref[p] = (uint8_t)pixel(p);
        if (ref[p] != image[p] && bad++ == 0)
            first = p;
    }
    uint32_t got = checksum(image), expect = checksum(ref);
    if (bad || got != expect) {
        printf("mandelbrot: FAIL (checksum %08lx, expected %08lx; %u pixels "
               "differ, first (%u, %u))\n",
               (unsigned long)got, (unsigned long)expect, bad, first % WIDTH,
               first / WIDTH);
        return 1;
    }
    printf("mandelbrot: PASS (%ux%u, %u iterations, checksum %08lx)\n", WIDTH,
           HEIGHT, MAX_ITER, (unsigned long)got);
    return 0;
}
