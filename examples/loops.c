/*
 * loops.c - loops whose trip counts depend on the thread's data.
 *
 * Thread t handles items i = t, t+n, t+2n, ... For each item it runs
 *   - a Collatz walk from a pseudo-random seed (a while loop of 0 to ~300
 *     iterations, with a data-dependent if/else inside),
 *   - two nested for loops whose bounds depend on i (inner bound also on the
 *     outer counter), some of them empty,
 *   - a do/while loop with continue and break on data,
 * so the lanes of a warp leave each loop at different times. Results go to
 * per-item arrays, the step counts also to shared atomics (sum and max).
 * After a barrier thread 0 recomputes everything sequentially.
 */
#include <stdio.h>
#include <simty.h>

#define N 1024
#define MAX_STEPS 1000     /* bound on a Collatz walk (never reached here) */

static uint32_t collatz_out[N], nest_out[N], dowhile_out[N];
static volatile uint32_t steps_sum;
static volatile int32_t steps_max;

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* Seeds below 30000: every walk reaches 1 within 310 steps and its values
 * stay below 2^31. */
static uint32_t seed_of(uint32_t i) { return 1 + mix(i) % 29999; }

static uint32_t collatz(uint32_t x)
{
    uint32_t steps = 0;
    while (x != 1 && steps < MAX_STEPS) {
        if (x & 1)
            x = 3 * x + 1;
        else
            x /= 2;
        steps++;
    }
    return steps;
}

static uint32_t nest(uint32_t i)
{
    uint32_t s = 0;
    for (uint32_t a = 0; a < i % 11; a++)
        for (uint32_t b = a; b < (i / 11) % 7 * 2; b++)
            s += a * b + i;
    return s;
}

static uint32_t dowhile(uint32_t i)
{
    uint32_t x = mix(i ^ 0xabcdu), c = 0, k = 0;
    do {
        x = x * 1103515245u + 12345u;
        if ((x >> 16) % 3 == 0)
            continue;
        c += (x >> 20) & 15;
        if (c > 60 + i % 50)
            break;
    } while (++k < 40);
    return c << 8 | k;
}

/* Sequential references, written differently. */
static uint32_t collatz_ref(uint32_t x)
{
    uint32_t steps;
    for (steps = 0; x != 1; steps++) {
        if (steps == MAX_STEPS)
            break;
        x = (x % 2) ? x * 3 + 1 : x >> 1;
    }
    return steps;
}

static uint32_t nest_ref(uint32_t i)
{
    uint32_t s = 0, hi = (i / 11) % 7 * 2;
    for (uint32_t a = 0; a < i % 11 && a < hi; a++) {
        /* sum over b in [a, hi) of a*b + i */
        uint32_t cnt = hi - a;
        s += a * ((a + hi - 1) * cnt / 2) + cnt * i;
    }
    return s;
}

static uint32_t dowhile_ref(uint32_t i)
{
    uint32_t x = mix(i ^ 0xabcdu), c = 0, k;
    for (k = 1; ; k++) {
        x = x * 1103515245u + 12345u;
        if ((x >> 16) % 3 != 0) {
            c += (x >> 20) & 15;
            if (c > 60 + i % 50) {
                k--;
                break;
            }
        }
        if (k == 40)
            break;
    }
    return c << 8 | k;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n) {
        uint32_t steps = collatz(seed_of(i));
        collatz_out[i] = steps;
        simty_atomic_add(&steps_sum, steps);
        simty_atomic_max(&steps_max, (int32_t)steps);
        nest_out[i] = nest(i);
        dowhile_out[i] = dowhile(i);
    }
    simty_barrier();

    if (tid != 0)
        return 0;
    unsigned bad = 0, first = 0;
    uint32_t sum = 0;
    int32_t max = 0;
    for (unsigned i = 0; i < N; i++) {
        uint32_t steps = collatz_ref(seed_of(i));
        sum += steps;
        if ((int32_t)steps > max)
            max = (int32_t)steps;
        if ((collatz_out[i] != steps || nest_out[i] != nest_ref(i) ||
             dowhile_out[i] != dowhile_ref(i)) && bad++ == 0)
            first = i;
    }
    if (bad || steps_sum != sum || steps_max != max) {
        printf("loops: FAIL (%u of %u items wrong, first at %u; step sum %lu, "
               "expected %lu; max %ld, expected %ld) with %u threads\n",
               bad, N, first, (unsigned long)steps_sum, (unsigned long)sum,
               (long)steps_max, (long)max, n);
        return 1;
    }
    printf("loops: PASS (%u items, %lu Collatz steps, longest %ld, "
           "%u threads)\n", N, (unsigned long)sum, (long)max, n);
    return 0;
}
