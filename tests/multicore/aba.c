/*
 * aba.c - LR/SC reservations are lost on a write by another thread, even
 * one that writes the value the word already holds (the A-B-A problem).
 *
 * Pair k is thread a = k and thread b = k + n/2 (on different cores as soon
 * as there are two).  Each pair owns a word w (always holding V) and its
 * neighbour word pad.  In every round, two phases, each a hand-off through
 * two flags:
 *
 *   same:  a: old = lr.w w; signal b; wait for b; r = sc.w w, old
 *          b: wait for a; w = V (the same value); signal a
 *   other: the same, but b writes V to pad (another 4-byte granule)
 *
 * The RISC-V ISA requires the sc.w of phase `same` to fail (a store from
 * another hart to the reservation set came between the lr.w and the sc.w)
 * and allows the sc.w of phase `other` to succeed.  On the simulator
 * (reservations by address, a 4-byte granule: docs/platform.md) the first
 * must fail and the second succeed, every round.  QEMU checks reservations
 * by value (its sc.w succeeds while the word holds the value lr.w read), so
 * there both outcomes are only counted.
 *
 * -DLT_BREAK: b writes pad in both phases, so nothing comes between a's
 * lr.w and sc.w and the sc.w of `same` succeeds: reported as a FAIL.
 */
#include "litmus.h"

#define PAIRS (LT_MAX_THREADS / 2)
#define V 0x5a5a1234u

static struct cell {
    volatile uint32_t w, pad;
} cell[PAIRS] __attribute__((aligned(8))) = {{0}};
static volatile uint32_t fa[PAIRS], fb[PAIRS];
/* per pair: sc.w outcomes, [phase][failed] */
static volatile uint32_t outcome[PAIRS][2][2];

static inline uint32_t lr_w(volatile uint32_t *p)
{
    uint32_t v;
    __asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(p) : "memory");
    return v;
}

static inline uint32_t sc_w(volatile uint32_t *p, uint32_t v)
{
    uint32_t r;
    __asm__ volatile("sc.w %0, %2, (%1)" : "=&r"(r) : "r"(p), "r"(v) : "memory");
    return r;
}

static void wait_for(volatile uint32_t *flag, uint32_t seq)
{
    while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != seq)
        ;
}

int main(void)
{
    if (!lt_threads_ok("aba", 2))
        return 1;
    unsigned tid = simty_tid(), n = simty_nthreads(), half = n / 2;
    unsigned rounds = lt_rounds(256, 2, 16);
    int is_a = tid < half, is_b = tid >= half && tid < 2 * half;
    unsigned k = is_a ? tid : tid - half;

    if (is_a)
        cell[k].w = V;
    simty_barrier();
    for (unsigned r = 0; r < rounds; r++)
        for (unsigned phase = 0; phase < 2; phase++) {
            uint32_t seq = 2 * r + phase + 1;
            if (is_a) {
                uint32_t old = lr_w(&cell[k].w);
                __atomic_store_n(&fa[k], seq, __ATOMIC_RELEASE);
                wait_for(&fb[k], seq);
                uint32_t failed = sc_w(&cell[k].w, old) != 0;
                outcome[k][phase][failed]++;
            } else if (is_b) {
                wait_for(&fa[k], seq);
#ifdef LT_BREAK
                cell[k].pad = V;
#else
                if (phase == 0)
                    cell[k].w = V; /* the value it holds: a store all the same */
                else
                    cell[k].pad = V;
#endif
                __atomic_store_n(&fb[k], seq, __ATOMIC_RELEASE);
            }
        }
    simty_barrier();
    if (tid != 0)
        return 0;
    uint32_t c[2][2] = {{0, 0}, {0, 0}}, bad_value = 0;
    for (unsigned p = 0; p < half; p++) {
        for (unsigned ph = 0; ph < 2; ph++)
            for (unsigned f = 0; f < 2; f++)
                c[ph][f] += outcome[p][ph][f];
        bad_value += cell[p].w != V;
    }
    const uint32_t total = half * rounds;
    int ok = bad_value == 0 && c[0][0] + c[0][1] == total && c[1][0] + c[1][1] == total;
    const int strict = simty_on_simulator(); /* QEMU: value-checked */
    if (strict)
        ok = ok && c[0][1] == total && c[1][0] == total;
    return pg_report("aba", ok,
                     "%u pairs x %u rounds; sc.w after a same-value store: %u failed, %u "
                     "succeeded; after a store to the next word: %u succeeded, %u failed; "
                     "%u bad words; outcomes %s",
                     half, rounds, (unsigned)c[0][1], (unsigned)c[0][0], (unsigned)c[1][0],
                     (unsigned)c[1][1], (unsigned)bad_value,
                     strict ? "required (reservations by address)" : "counted (QEMU)");
}
