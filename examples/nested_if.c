/*
 * nested_if.c - divergence in a nested if/else tree.
 *
 * Thread t handles items i = t, t+n, t+2n, ... Each item runs ROUNDS rounds
 * of a four-level if/else tree that tests i % 2, i % 4, i % 8 and i % 16 and
 * then bits or ranges of the running value, so the lanes of a warp split at
 * every level on their item index and again at the leaves on data. Every
 * thread stores its items' results, keeps its own running sum in
 * partial[tid] and adds it to a shared total with an atomic. After a barrier
 * thread 0 recomputes everything with a flat reformulation of the tree.
 */
#include <stdio.h>
#include <simty.h>

#define N 2048
#define ROUNDS 8
#define MAX_THREADS 4096

static uint32_t out[N];
static uint32_t partial[MAX_THREADS];
static volatile uint32_t total;

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* One round of the tree: i picks the branch at each level, v the leaf. */
static uint32_t step(uint32_t i, uint32_t v, uint32_t r)
{
    if (i % 2 == 1) {
        if (i % 4 == 3) {
            if (i % 8 == 7) {
                if (v & 1)
                    v = v * 3 + 1;
                else
                    v = v >> 1;
            } else {
                v ^= v << 5;
                if (i % 16 == 11)
                    v += r;
            }
        } else {
            if (i % 8 == 5) {
                v *= 2654435761u;
            } else {
                if ((v >> 3) & 1)
                    v -= i;
                else
                    v += i * r;
            }
        }
    } else {
        if (i % 4 == 0) {
            if (i % 8 == 0) {
                if (i % 16 == 0)
                    v = v / 7 + r;
                else
                    v = v % 1009 + i;
            } else {
                v = ~v + (v >> 7);
            }
        } else {
            if (v > 0x80000000u)
                v -= 0x12345u;
            else if (v > 0x40000000u)
                v *= 5;
            else
                v += 0x9e3779b9u;
        }
    }
    return v;
}

static uint32_t item(uint32_t i)
{
    uint32_t v = mix(i);
    for (uint32_t r = 0; r < ROUNDS; r++)
        v = step(i, v, r);
    return v;
}

/* The same function, flattened: one test per leaf on the low four bits. */
static uint32_t step_ref(uint32_t i, uint32_t v, uint32_t r)
{
    uint32_t low = i & 15;
    if (low == 0)
        return v / 7 + r;
    if (low == 8)
        return v % 1009 + i;
    if ((low & 3) == 0)
        return ~v + (v >> 7);
    if ((low & 3) == 2)
        return v > 0x80000000u ? v - 0x12345u
               : v > 0x40000000u ? v * 5
                                 : v + 0x9e3779b9u;
    if ((low & 7) == 7)
        return (v & 1) ? v * 3 + 1 : v >> 1;
    if (low == 3)
        return v ^ (v << 5);
    if (low == 11)
        return (v ^ (v << 5)) + r;
    if ((low & 7) == 5)
        return v * 2654435761u;
    return ((v >> 3) & 1) ? v - i : v + i * r; /* low % 8 == 1 */
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    if (n > MAX_THREADS) {          /* same decision in every thread */
        if (tid == 0)
            printf("nested_if: FAIL (%u threads, at most %u supported)\n", n,
                   MAX_THREADS);
        return 1;
    }

    uint32_t acc = 0;
    for (unsigned i = tid; i < N; i += n) {
        out[i] = item(i);
        acc += out[i];
    }
    partial[tid] = acc;
    simty_atomic_add(&total, acc);
    simty_barrier();

    if (tid != 0)
        return 0;
    unsigned bad = 0, first = 0, bad_partial = 0;
    uint32_t expect_total = 0;
    for (unsigned i = 0; i < N; i++) {
        uint32_t v = mix(i);
        for (uint32_t r = 0; r < ROUNDS; r++)
            v = step_ref(i, v, r);
        if (out[i] != v && bad++ == 0)
            first = i;
        expect_total += v;
    }
    for (unsigned t = 0; t < n; t++) {
        uint32_t sum = 0;
        for (unsigned i = t; i < N; i += n)
            sum += out[i];
        bad_partial += partial[t] != sum;
    }
    if (bad || bad_partial || total != expect_total) {
        printf("nested_if: FAIL (%u of %u items wrong, first at %u; %u bad "
               "partial sums; total %lu, expected %lu) with %u threads\n",
               bad, N, first, bad_partial, (unsigned long)total,
               (unsigned long)expect_total, n);
        return 1;
    }
    printf("nested_if: PASS (%u items, %u rounds, %u threads, total %lu)\n",
           N, ROUNDS, n, (unsigned long)total);
    return 0;
}
