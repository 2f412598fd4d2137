/*
 * ordered.c - `ordered` loops: every iteration computes in parallel (a
 * Collatz walk), then prints its line in an `ordered` block, so the output
 * comes in iteration order whatever the team; a running total kept inside
 * the ordered block is a sequential prefix sum.
 *
 *   usage: ordered [-n N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

static int collatz(unsigned x)
{
    int steps = 0;
    while (x != 1) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

int main(int argc, char **argv)
{
    int n = 40;
    if (argc == 3 && !strcmp(argv[1], "-n"))
        n = atoi(argv[2]);
    else if (argc > 1) {
        fprintf(stderr, "usage: ordered [-n N]\n");
        return 2;
    }
    if (n < 1 || n > 100000) {
        fprintf(stderr, "ordered: N must be in 1..100000\n");
        return 2;
    }
    long prefix = 0;
#pragma omp parallel for ordered schedule(dynamic, 3)
    for (int i = 1; i <= n; i++) {
        int s = collatz((unsigned)i * 7u + 1u);
#pragma omp ordered
        {
            prefix += s;
            if (i % 4 == 0 || i == n)
                printf("ordered %d: %d steps, prefix %ld\n", i, s, prefix);
        }
    }
    long prefix2 = 0;
    int last = 0, inorder = 1;
#pragma omp parallel for ordered schedule(static, 1)
    for (int i = 0; i < n; i++) {
        int s = collatz((unsigned)i + 2u);
#pragma omp ordered
        {
            inorder &= i == last;
            last = i + 1;
            prefix2 += s;
        }
    }
    printf("ordered static,1: in order %d, total %ld\n", inorder, prefix2);
    return inorder ? 0 : 1;
}
