/*
 * fib.c - divergent recursion.
 *
 * Thread t handles items i = t, t+n, ...; item i computes fib(n_of(i)) with
 * the naive doubly recursive function (not inlined), n_of(i) in 0..12, so
 * the lanes of a warp recurse to different depths and make different numbers
 * of calls (1 to 465). The function also counts its calls through a pointer
 * to the caller's stack frame: per-lane stack accesses at every depth.
 * After a barrier thread 0 checks each result against an iterative fib and
 * each call count against 2 * fib(n + 1) - 1.
 */
#include <stdio.h>
#include <simty.h>

#define N 1024
#define NOINLINE __attribute__((noinline))

static uint32_t fib_out[N], calls_out[N];
static volatile uint32_t total_calls;

/* 0..12; consecutive items get different n. */
static uint32_t n_of(uint32_t i) { return (i * 11 + i / 16) % 13; }

static NOINLINE uint32_t fib(uint32_t k, uint32_t *calls)
{
    ++*calls;
    if (k < 2)
        return k;
    return fib(k - 1, calls) + fib(k - 2, calls);
}

static uint32_t fib_iter(uint32_t k)
{
    uint32_t a = 0, b = 1;
    while (k--) {
        uint32_t c = a + b;
        a = b;
        b = c;
    }
    return a;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n) {
        uint32_t calls = 0;
        fib_out[i] = fib(n_of(i), &calls);
        calls_out[i] = calls;
        simty_atomic_add(&total_calls, calls);
    }
    simty_barrier();

    if (tid != 0)
        return 0;
    unsigned bad = 0, first = 0;
    uint32_t expect_calls = 0;
    for (unsigned i = 0; i < N; i++) {
        uint32_t k = n_of(i), calls = 2 * fib_iter(k + 1) - 1;
        expect_calls += calls;
        if ((fib_out[i] != fib_iter(k) || calls_out[i] != calls) && bad++ == 0)
            first = i;
    }
    if (bad || total_calls != expect_calls) {
        printf("fib: FAIL (%u of %u items wrong, first at %u: fib(%lu) = %lu "
               "in %lu calls; %lu calls in all, expected %lu) "
               "with %u threads\n",
               bad, N, first, (unsigned long)n_of(first),
               (unsigned long)fib_out[first], (unsigned long)calls_out[first],
               (unsigned long)total_calls, (unsigned long)expect_calls, n);
        return 1;
    }
    printf("fib: PASS (%u items, fib(0..12), %lu calls, %u threads)\n", N,
           (unsigned long)total_calls, n);
    return 0;
}
