/*
 * switch.c - divergent indirect jumps: a jump table and function pointers.
 *
 * Thread t handles items i = t, t+n, ... Each item runs ROUNDS rounds; a
 * round first goes through a dense 16-way switch (GCC emits a jump table,
 * i.e. one indirect "jr" whose target differs from lane to lane), then calls
 * one of eight functions through a table of function pointers (an indirect
 * "jalr ra", a call, again with per-lane targets). The case and the function
 * depend on the item and on the running value. After a barrier thread 0
 * recomputes every item with if/else chains and direct calls.
 */
#include <stdio.h>
#include <simty.h>

#define N 1024
#define ROUNDS 12
#define NOINLINE __attribute__((noinline))

static uint32_t out[N];

static NOINLINE uint32_t f0(uint32_t x) { return x * 2654435761u; }
static NOINLINE uint32_t f1(uint32_t x) { return x ^ (x >> 13); }
static NOINLINE uint32_t f2(uint32_t x) { return x + 0x6d2b79f5u; }
static NOINLINE uint32_t f3(uint32_t x) { return (x << 7) | (x >> 25); }
static NOINLINE uint32_t f4(uint32_t x) { return x - (x >> 3); }
static NOINLINE uint32_t f5(uint32_t x) { return ~x * 5; }
static NOINLINE uint32_t f6(uint32_t x) { return x / 3 + 17; }
static NOINLINE uint32_t f7(uint32_t x) { return x % 65521 + (x >> 16); }

static uint32_t (*const table[8])(uint32_t) = {f0, f1, f2, f3, f4, f5, f6, f7};

/* Dense cases 0..15: a jump table at -O2. */
static uint32_t apply(uint32_t op, uint32_t x, uint32_t i)
{
    switch (op) {
    case 0: return x + i;
    case 1: return x ^ (x >> 7);
    case 2: return x * 9 + 5;
    case 3: return x - (i << 3);
    case 4: return (x << 3) | (x >> 29);
    case 5: return x / 5 + 11;
    case 6: return ~x;
    case 7: return x & 0x0ff0ffffu;
    case 8: return x | (i << 20);
    case 9: return x * x + 1;
    case 10: return x >> 2;
    case 11: return x + 0x9e3779b9u;
    case 12: return x % 1000003 + i;
    case 13: return (x ^ 0x5bd1e995u) * 3;
    case 14: return x - 12345u;
    default: return x << 1;
    }
}

static uint32_t item(uint32_t i)
{
    uint32_t x = i * 0x01000193u + 1;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        x = apply((i + r * 3 + (x >> 28)) & 15, x, i);
        x = table[(i ^ x) & 7](x);
    }
    return x;
}

/* item() rewritten with if/else chains and direct calls. (GCC may turn the
 * chains back into jump tables; harmless, thread 0 runs this alone.) */
static uint32_t item_ref(uint32_t i)
{
    uint32_t x = i * 0x01000193u + 1;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        uint32_t op = (i + r * 3 + (x >> 28)) & 15;
        if (op < 8) {
            if (op == 0) x = x + i;
            else if (op == 1) x = x ^ (x >> 7);
            else if (op == 2) x = x * 9 + 5;
            else if (op == 3) x = x - (i << 3);
            else if (op == 4) x = (x << 3) | (x >> 29);
            else if (op == 5) x = x / 5 + 11;
            else if (op == 6) x = ~x;
            else x = x & 0x0ff0ffffu;
        } else {
            if (op == 8) x = x | (i << 20);
            else if (op == 9) x = x * x + 1;
            else if (op == 10) x = x >> 2;
            else if (op == 11) x = x + 0x9e3779b9u;
            else if (op == 12) x = x % 1000003 + i;
            else if (op == 13) x = (x ^ 0x5bd1e995u) * 3;
            else if (op == 14) x = x - 12345u;
            else x = x << 1;
        }
        uint32_t f = (i ^ x) & 7;
        if (f == 0) x = f0(x);
        else if (f == 1) x = f1(x);
        else if (f == 2) x = f2(x);
        else if (f == 3) x = f3(x);
        else if (f == 4) x = f4(x);
        else if (f == 5) x = f5(x);
        else if (f == 6) x = f6(x);
        else x = f7(x);
    }
    return x;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n)
        out[i] = item(i);
    simty_barrier();

    if (tid != 0)
        return 0;
    unsigned bad = 0, first = 0;
    uint32_t sum = 0;
    for (unsigned i = 0; i < N; i++) {
        uint32_t expect = item_ref(i);
        if (out[i] != expect && bad++ == 0)
            first = i;
        sum += expect;
    }
    if (bad) {
        printf("switch: FAIL (%u of %u items wrong, first at %u: got %lu, "
               "expected %lu) with %u threads\n",
               bad, N, first, (unsigned long)out[first],
               (unsigned long)item_ref(first), n);
        return 1;
    }
    printf("switch: PASS (%u items, %u rounds, %u threads, sum %lu)\n", N,
           ROUNDS, n, (unsigned long)sum);
    return 0;
}
