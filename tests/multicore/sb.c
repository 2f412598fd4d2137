/*
 * sb.c - store buffering (Dekker's pattern) between thread pairs on
 * different cores.
 *
 * Pair k is thread a = k and thread b = k + n/2 (n/2 pairs; with an odd n
 * the last thread only takes part in the barriers).  In every round j, on
 * fresh zeroed words x and y:
 *
 *     a: x = 1; [fence rw,rw;] r1 = y        b: y = 1; [fence rw,rw;] r2 = x
 *
 * Under sequential consistency one of the two stores comes first in the
 * single order of all accesses, and the other thread's load follows it, so
 * r1 = r2 = 0 is forbidden; r1/r2 = 0/1, 1/0 and 1/1 are allowed.  The fenced
 * variant forbids 0/0 under RVWMO too, on any RISC-V machine.  Rounds run in
 * batches of BATCH between barriers, alternating the plain and the fenced
 * variant; a small pseudo-random delay before each round varies how the two
 * threads' rounds overlap.  Every outcome is counted and printed.
 */
#include "litmus.h"

#define BATCH 8
#define PAIRS (LT_MAX_THREADS / 2)

static volatile uint32_t x[PAIRS][BATCH], y[PAIRS][BATCH];
static volatile uint32_t r1[PAIRS][BATCH], r2[PAIRS][BATCH];
/* outcomes per pair: [variant][r1 * 2 + r2], and loads that read neither 0 nor 1 */
static volatile uint32_t seen[PAIRS][2][4], odd[PAIRS];

#ifdef LT_BREAK
/* a broken test: the load before the store (0/0 must then be reported) */
#define SIDE(mine, other, out, fenced)                                       \
    do {                                                                     \
        out = other;                                                         \
        if (fenced)                                                          \
            __atomic_thread_fence(__ATOMIC_SEQ_CST);                         \
        mine = 1;                                                            \
    } while (0)
#else
#define SIDE(mine, other, out, fenced)                                       \
    do {                                                                     \
        mine = 1;                                                            \
        if (fenced)                                                          \
            __atomic_thread_fence(__ATOMIC_SEQ_CST); /* fence rw,rw */       \
        out = other;                                                         \
    } while (0)
#endif

int main(void)
{
    if (!lt_threads_ok("sb", 2))
        return 1;
    unsigned tid = simty_tid(), n = simty_nthreads(), half = n / 2;
    unsigned batches = 2 * lt_rounds(1024, 2, 32);
    int is_a = tid < half, is_b = tid >= half && tid < 2 * half;
    unsigned k = is_a ? tid : tid - half;

    for (unsigned bt = 0; bt < batches; bt++) {
        int fenced = bt & 1;
        simty_barrier();
        for (unsigned j = 0; j < BATCH; j++) {
            uint32_t d = pg_rand(tid, bt * BATCH + j);
            pg_delay(d, d % 4);
            if (is_a)
                SIDE(x[k][j], y[k][j], r1[k][j], fenced);
            else if (is_b)
                SIDE(y[k][j], x[k][j], r2[k][j], fenced);
        }
        simty_barrier();
        /* a tallies its pair's outcomes and clears x; b clears y */
        for (unsigned j = 0; j < BATCH; j++) {
            if (is_a) {
                uint32_t a = r1[k][j], b = r2[k][j];
                if (a > 1 || b > 1)
                    odd[k]++;
                else
                    seen[k][fenced][a * 2 + b]++;
                x[k][j] = 0;
            } else if (is_b) {
                y[k][j] = 0;
            }
        }
    }
    simty_barrier();
    if (tid != 0)
        return 0;

    uint32_t c[2][4] = {{0}}, odds = 0;
    for (unsigned p = 0; p < half; p++) {
        for (unsigned v = 0; v < 2; v++)
            for (unsigned o = 0; o < 4; o++)
                c[v][o] += seen[p][v][o];
        odds += odd[p];
    }
    uint32_t per_variant = half * (batches / 2) * BATCH;
    int ok = odds == 0 && c[1][0] == 0;
    for (unsigned v = 0; v < 2; v++)
        ok = ok && c[v][0] + c[v][1] + c[v][2] + c[v][3] == per_variant;
    /* Without the fence, 0/0 is allowed by RVWMO and occurs on real hardware
     * and on QEMU (whose multi-threaded TCG runs the harts on host threads
     * with the host's store buffers), so it is forbidden only where the
     * machine is sequentially consistent: on the simulator, one cycle at a
     * time (in quanta of more cycles it is TSO, which allows it). */
    const int sc = simty_on_simulator() && simty_quantum() == 1;
    if (sc)
        ok = ok && c[0][0] == 0;
    return pg_report("sb", ok,
                     "%u pairs x %u rounds per variant; r1/r2 plain 0/0:%u 0/1:%u 1/0:%u 1/1:%u, "
                     "fenced 0/0:%u 0/1:%u 1/0:%u 1/1:%u; %u bad values; 0/0 forbidden %s",
                     half, (batches / 2) * BATCH, (unsigned)c[0][0], (unsigned)c[0][1],
                     (unsigned)c[0][2], (unsigned)c[0][3], (unsigned)c[1][0], (unsigned)c[1][1],
                     (unsigned)c[1][2], (unsigned)c[1][3], (unsigned)odds,
                     sc ? "in both" : "when fenced");
}
