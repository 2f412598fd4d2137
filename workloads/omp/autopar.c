/*
 * autopar.c - a plain C program with no OpenMP pragma, built with
 * -ftree-parallelize-loops=4: GCC turns its countable loops (element-wise
 * updates and a sum reduction) into GOMP_parallel calls itself.
 *
 *   usage: autopar [-n N] [-r ROUNDS]
 *
 * build flags: -ftree-parallelize-loops=4
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NMAX 65536

static int x[NMAX], y[NMAX], z[NMAX];

int main(int argc, char **argv)
{
    int n = 8192, rounds = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-n"))
            n = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-r"))
            rounds = atoi(argv[i + 1]);
    }
    if (n < 1 || n > NMAX || rounds < 1 || rounds > 100 || argc % 2 == 0) {
        fprintf(stderr, "usage: autopar [-n N(1..%d)] [-r ROUNDS]\n", NMAX);
        return 2;
    }
    for (int i = 0; i < n; i++) {
        x[i] = i % 1013;
        y[i] = (i * 7) % 509;
    }
    unsigned total = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++)
            z[i] = x[i] * 3 + y[i] - r;
        for (int i = 0; i < n; i++)
            x[i] = z[i] % 2039;
        unsigned s = 0;
        for (int i = 0; i < n; i++)
            s += (unsigned)z[i];
        total = total * 1000003u + s;
        printf("autopar round %d: sum %u\n", r, s);
    }
    printf("autopar n=%d rounds=%d total=%u\n", n, rounds, total);
    return 0;
}
