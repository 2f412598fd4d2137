/*
 * atomics.c - atomic read-modify-writes from every thread of every core on
 * shared words.
 *
 * Each thread does K operations of each kind:
 * - tick: amoadd of 1 (__atomic_fetch_add); the old values all threads get
 *   back must be 0 .. nK-1, each exactly once, and the final value nK;
 * - sum[4]: amoadds of varying amounts on four words; the finals must be
 *   the sums of what every thread added;
 * - lrsc: an increment as an explicit lr.w/sc.w retry loop; as for tick;
 * - mix: the same word incremented alternately by amoadd and by the lr/sc
 *   loop (an AMO between a thread's lr.w and sc.w must make its sc.w fail);
 *   as for tick;
 * - swap: amoswap of values unique to each (thread, k), 1 .. nK; the old
 *   values returned plus the final value must be 0, 1 .. nK, each once;
 * - max: amomax of signed pseudo-random values on a word starting at
 *   INT32_MIN; the final value must be the largest, and every old value a
 *   thread gets back must be at least the largest value it stored before
 *   (the word only grows) and at most the final value;
 * - minu: amominu likewise, from 0xffffffff down.
 * Then a barrier; every thread checks its share of the marks, a second
 * barrier, and thread 0 collects the verdicts.
 *
 * With a non-atomic read-modify-write, two threads read the same old value:
 * a tick repeats and another is missing, an update of sum, max or minu is
 * lost.
 */
#include "litmus.h"

#define BUDGET 4096
#define KMIN 4
#define KMAX 64
#define MARKS (LT_MAX_THREADS * KMIN) /* >= n*K for every n (lt_rounds) */

static volatile uint32_t tick, sum[4], lrsc, mix, swapw;
static volatile int32_t maxw = INT32_MIN;
static volatile uint32_t minw = 0xffffffffu;
/* how many times each old value was returned (amoadd'ed marks) */
static volatile uint32_t seen_tick[MARKS], seen_lrsc[MARKS], seen_mix[MARKS];
static volatile uint32_t seen_swap[MARKS + 1];
/* per thread: what it added to sum[], its largest max value, smallest minu value */
static volatile uint32_t added[LT_MAX_THREADS][4];
static volatile int32_t top[LT_MAX_THREADS];
static volatile uint32_t bottom[LT_MAX_THREADS], sc_fails[LT_MAX_THREADS];

#ifdef LT_BREAK
/* a broken test: read-modify-write by a load and a store */
static uint32_t fetch_add(volatile uint32_t *p, uint32_t v)
{
    uint32_t old = *p;
    pg_delay(old, 2);
    *p = old + v;
    return old;
}
#else
static uint32_t fetch_add(volatile uint32_t *p, uint32_t v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); /* amoadd.w */
}
#endif

/* *p += 1 with lr.w/sc.w; returns the old value, counts failed sc.w */
static uint32_t lrsc_inc(volatile uint32_t *p, uint32_t *fails)
{
    uint32_t old, tmp, rc, nf = 0;
    __asm__ volatile("1:\n\t"
                     "lr.w   %[old], %[mem]\n\t"
                     "addi   %[tmp], %[old], 1\n\t"
                     "sc.w   %[rc], %[tmp], %[mem]\n\t"
                     "beqz   %[rc], 2f\n\t"
                     "addi   %[nf], %[nf], 1\n\t"
                     "j      1b\n"
                     "2:"
                     : [old] "=&r"(old), [tmp] "=&r"(tmp), [rc] "=&r"(rc), [nf] "+r"(nf),
                       [mem] "+A"(*p)
                     :
                     : "memory");
    *fails += nf;
    return old;
}

/* marks[v] += 1 when v < limit, else counts it as bad */
static void mark(volatile uint32_t *marks, uint32_t v, uint32_t limit, uint32_t *bad)
{
    if (v < limit)
        __atomic_fetch_add(&marks[v], 1, __ATOMIC_RELAXED);
    else
        ++*bad;
}

int main(void)
{
    if (!lt_threads_ok("atomics", 1))
        return 1;
    unsigned tid = simty_tid(), n = simty_nthreads();
    unsigned K = lt_rounds(BUDGET, KMIN, KMAX), nk = n * K;
    uint32_t bad = 0, fails = 0, add[4] = {0};
    int32_t hi = INT32_MIN;
    uint32_t lo = 0xffffffffu;

    simty_barrier();
    for (unsigned k = 0; k < K; k++) {
        unsigned i = tid * K + k;
        mark(seen_tick, fetch_add(&tick, 1), nk, &bad);

        uint32_t v = 1 + pg_rand(1, i) % 1000;
        fetch_add(&sum[(tid + k) % 4], v);
        add[(tid + k) % 4] += v;

        mark(seen_lrsc, lrsc_inc(&lrsc, &fails), nk, &bad);
        mark(seen_mix, (k + tid) & 1 ? lrsc_inc(&mix, &fails) : fetch_add(&mix, 1), nk, &bad);
        mark(seen_swap, __atomic_exchange_n(&swapw, i + 1, __ATOMIC_ACQ_REL), nk + 1, &bad);

        int32_t m = (int32_t)pg_rand(2, i);
        int32_t oldm = simty_atomic_max(&maxw, m); /* amomax.w */
        if (oldm < hi)
            bad++; /* the word shrank below what this thread put there */
        hi = m > hi ? m : hi;

        uint32_t u = pg_rand(3, i);
        uint32_t oldu = simty_atomic_minu(&minw, u); /* amominu.w */
        if (oldu > lo)
            bad++;
        lo = u < lo ? u : lo;
    }
    for (unsigned j = 0; j < 4; j++)
        added[tid][j] = add[j];
    top[tid] = hi;
    bottom[tid] = lo;
    sc_fails[tid] = fails;
    simty_barrier();

    /* every thread checks a share of the marks */
    for (unsigned v = tid; v < nk; v += n)
        bad += (seen_tick[v] != 1) + (seen_lrsc[v] != 1) + (seen_mix[v] != 1);
    uint32_t final = swapw;
    for (unsigned v = tid; v <= nk; v += n)
        bad += (seen_swap[v] + (v == final)) != 1;
    lt_bad[tid] = bad;
    simty_barrier();
    if (tid != 0)
        return 0;

    uint32_t total = 0, want[4] = {0}, fl = 0;
    int32_t wmax = INT32_MIN;
    uint32_t wmin = 0xffffffffu;
    for (unsigned t = 0; t < n; t++) {
        total += lt_bad[t];
        fl += sc_fails[t];
        for (unsigned j = 0; j < 4; j++)
            want[j] += added[t][j];
        wmax = top[t] > wmax ? top[t] : wmax;
        wmin = bottom[t] < wmin ? bottom[t] : wmin;
    }
    unsigned wrong = (tick != nk) + (lrsc != nk) + (mix != nk) + (maxw != wmax) + (minw != wmin);
    for (unsigned j = 0; j < 4; j++)
        wrong += sum[j] != want[j];
    return pg_report("atomics", total == 0 && wrong == 0,
                     "%u ops of 7 kinds per thread, %u bad old values, %u wrong finals "
                     "(tick %u lrsc %u mix %u of %u), %u sc.w retries",
                     K, (unsigned)total, wrong, (unsigned)tick, (unsigned)lrsc, (unsigned)mix,
                     nk, (unsigned)fl);
}
