/*
 * vecadd.c - c = a + b over N elements.
 *
 * Thread 0 allocates the vectors (malloc from one thread only, see simty.h),
 * every thread fills and adds a strided slice (thread t handles t, t+n, ...,
 * so a warp's lanes touch consecutive words), and thread 0 checks the result
 * after a barrier.
 */
#include <stdio.h>
#include <stdlib.h>
#include <simty.h>

#define N 4500

static uint32_t *a, *b, *c;

static uint32_t a_of(uint32_t i) { return i * 3u + 1u; }
static uint32_t b_of(uint32_t i) { return (i ^ 0x5a5au) * 7u; }

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    if (tid == 0) {
        a = malloc(N * sizeof *a);
        b = malloc(N * sizeof *b);
        c = malloc(N * sizeof *c);
    }
    simty_barrier();
    if (!a || !b || !c) {
        if (tid == 0)
            printf("vecadd: FAIL (malloc)\n");
        return 1;
    }

    for (unsigned i = tid; i < N; i += n) {
        a[i] = a_of(i);
        b[i] = b_of(i);
        c[i] = a[i] + b[i];
    }
    simty_barrier();

    if (tid != 0)
        return 0;
    unsigned bad = 0, first = 0;
    for (unsigned i = 0; i < N; i++) {
        if (c[i] != a_of(i) + b_of(i)) {
            if (bad++ == 0)
                first = i;
        }
    }
    if (bad) {
        printf("vecadd: FAIL (%u of %u wrong, first at %u) with %u threads\n",
               bad, N, first, n);
        return 1;
    }
    printf("vecadd: PASS (%u elements, %u threads)\n", N, n);
    return 0;
}
