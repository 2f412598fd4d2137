/*
 * early_return.c - early returns from loops and nested branches.
 *
 * walk() (not inlined) calls find() (not inlined) in a loop; both leave
 * through several return statements: before any loop, from the outer and
 * the inner loop of a nest, from inside an if/else within the inner loop,
 * after a loop with a continue. Lanes of a warp thus come back from find()
 * and walk() at different points and different times, at two call levels.
 * Thread t handles items i = t, t+n, ...; after a barrier thread 0 checks
 * every item against single-exit rewrites of the two functions.
 */
#include <stdio.h>
#include <simty.h>

#define N 1024
#define NOINLINE __attribute__((noinline))

static uint32_t out[N];

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* Searches an 8x8 grid of hashed cells for a "hit" (low four bits 0xf). */
static NOINLINE int32_t find(uint32_t key)
{
    uint32_t h = mix(key);
    if (key % 5 == 0)
        return -1;                          /* before any loop */
    for (uint32_t a = 0; a < 8; a++) {
        uint32_t row = mix(h + a);
        if (row % 13 == 0)
            return (int32_t)(100 + a);      /* from the outer loop */
        for (uint32_t b = 0; b < 8; b++) {
            uint32_t cell = row >> (b * 4);
            if ((cell & 15) == 15) {
                if (key & 1)
                    return (int32_t)(a * 8 + b);      /* inner loop, if */
                else if (cell & 16)
                    return -(int32_t)(a * 8 + b) - 2; /* inner loop, else if */
                break;                      /* on to the next row */
            }
        }
    }
    return (int32_t)(h & 0xff) + 1000;      /* fell through */
}

static NOINLINE uint32_t walk(uint32_t i)
{
    uint32_t acc = i;
    for (uint32_t k = 0; k < 6; k++) {
        int32_t r = find(i * 7 + k);
        if (r == -1) {
            if (k > 2)
                return acc ^ 0xdeadu;       /* from a branch in the loop */
            continue;
        }
        if (r >= 1000)
            return acc + (uint32_t)r;       /* from the loop */
        acc = acc * 31 + (uint32_t)r;
    }
    return acc;
}

/* Single-exit rewrites for the check. */
static int32_t find_ref(uint32_t key)
{
    uint32_t h = mix(key);
    int32_t result = (int32_t)(h & 0xff) + 1000;
    int done = key % 5 == 0;
    if (done)
        result = -1;
    for (uint32_t a = 0; a < 8 && !done; a++) {
        uint32_t row = mix(h + a);
        if (row % 13 == 0) {
            result = (int32_t)(100 + a);
            done = 1;
        }
        int row_done = done;
        for (uint32_t b = 0; b < 8 && !row_done; b++) {
            uint32_t cell = row >> (b * 4);
            if ((cell & 15) != 15)
                continue;
            row_done = 1;
            if (key & 1) {
                result = (int32_t)(a * 8 + b);
                done = 1;
            } else if (cell & 16) {
                result = -(int32_t)(a * 8 + b) - 2;
                done = 1;
            }
        }
    }
    return result;
}

static uint32_t walk_ref(uint32_t i)
{
    uint32_t acc = i, result = 0;
    int done = 0;
    for (uint32_t k = 0; k < 6 && !done; k++) {
        int32_t r = find_ref(i * 7 + k);
        if (r == -1 && k > 2) {
            result = acc ^ 0xdeadu;
            done = 1;
        } else if (r >= 1000) {
            result = acc + (uint32_t)r;
            done = 1;
        } else if (r != -1) {
            acc = acc * 31 + (uint32_t)r;
        }
    }
    return done ? result : acc;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n)
        out[i] = walk(i);
    simty_barrier();

    if (tid != 0)
        return 0;
    unsigned bad = 0, first = 0;
    uint32_t sum = 0;
    for (unsigned i = 0; i < N; i++) {
        uint32_t expect = walk_ref(i);
        if (out[i] != expect && bad++ == 0)
            first = i;
        sum += expect;
    }
    if (bad) {
        printf("early_return: FAIL (%u of %u items wrong, first at %u: got "
               "%lu, expected %lu) with %u threads\n",
               bad, N, first, (unsigned long)out[first],
               (unsigned long)walk_ref(first), n);
        return 1;
    }
    printf("early_return: PASS (%u items, %u threads, sum %lu)\n", N, n,
           (unsigned long)sum);
    return 0;
}
