/* malloc/free from every thread at once: picolibc's locks are the SDK's
 * recursive lock (sdk/runtime.c), so no block is handed out twice. */
#include <simty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* every thread allocates, fills, checks and frees blocks concurrently */
int main(void)
{
    unsigned tid = simty_tid();
    int bad = 0;
    /* about 2048 allocations in all (every one goes through the one lock):
     * 20 rounds per thread up to 102 threads, fewer beyond */
    unsigned rounds = 2048 / simty_nthreads();
    rounds = rounds < 1 ? 1 : rounds > 20 ? 20 : rounds;
    for (unsigned r = 0; r < rounds; r++) {
        unsigned n = 16 + (tid * 7 + r * 13) % 200;
        unsigned char *p = malloc(n);
        if (!p) { bad++; continue; }
        memset(p, (int)(tid & 0xff), n);
        for (unsigned i = 0; i < n; i++) bad += p[i] != (tid & 0xff);
        free(p);
    }
    simty_barrier();
    if (bad) printf("thread %u: %d bad\n", tid, bad);
    if (tid == 0) printf("malloc: done\n");
    return bad != 0;
}
