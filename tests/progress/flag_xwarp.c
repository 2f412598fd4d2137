/*
 * flag_xwarp.c - producer/consumer across warps: a token chain.
 *
 * Lane l of every warp belongs to chain l.  The token of a chain goes from
 * warp 0 to warp 1, ... to the last warp, then back to warp 0, ROUNDS
 * times: a thread waits until its chain's step counter shows its turn
 * (acquire), folds its warp number into the chain's value with a plain
 * update, and hands the token on by bumping the counter (release).  Every
 * wait is for a thread of ANOTHER warp (with one warp, a thread's turns all
 * come from itself).  On QEMU every hart is a warp of one thread, so it is
 * one chain through all harts.  The last thread to finish checks every
 * chain's value against the sequential fold.
 */
#include "progress.h"

#define ROUNDS 4

static volatile uint32_t step[PG_MAX_THREADS], value[PG_MAX_THREADS];

static uint32_t fold(uint32_t v, unsigned warp, unsigned r)
{
    return v * 31 + warp * 7 + r + 1;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    if (!pg_threads_ok("flag_xwarp"))
        return 1;

    unsigned T = simty_threads_per_warp(), warps = n / T;
    unsigned warp = tid / T, lane = tid % T;
    for (unsigned r = 0; r < ROUNDS; r++) {
        uint32_t turn = r * warps + warp;
        while (__atomic_load_n(&step[lane], __ATOMIC_ACQUIRE) != turn)
            SPIN_HINT();
        value[lane] = fold(value[lane], warp, r);
        __atomic_store_n(&step[lane], turn + 1, __ATOMIC_RELEASE);
    }
    if (!pg_last_done())
        return 0;

    uint32_t want = 0;
    for (unsigned r = 0; r < ROUNDS; r++)
        for (unsigned w = 0; w < warps; w++)
            want = fold(want, w, r);
    unsigned bad = 0;
    for (unsigned l = 0; l < T; l++)
        bad += value[l] != want || step[l] != ROUNDS * warps;
    return pg_report("flag_xwarp", bad == 0 && warps * T == n,
                     "%u chains through %u warps, %u rounds, %u bad", T, warps, ROUNDS, bad);
}
