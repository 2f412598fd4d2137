/* The fetch steering policies (src/pipeline/steer_*.c) on hand-made views:
 * rr visits every warp in turn, live or not; skip-idle equals rr when every
 * warp is live, skips idle warps and is fair; gto stays on its greedy warp,
 * leaves it for the oldest, and starves no warp (a pseudo-random machine
 * of live and waiting warps, as many cycles as it takes). */
#include <string.h>

#include "check.h"
#include "pipeline/steering.h"

#define NW 8

static uint64_t fetched[64];

static steer_state fresh(unsigned w)
{
    memset(fetched, 0, sizeof fetched);
    return (steer_state){.ptr = 0, .greedy = w, .fetched = fetched};
}

static steer_view view(unsigned w, uint64_t now, uint64_t live, uint64_t loading,
                       uint64_t fetching)
{
    return (steer_view){.W = w, .now = now, .live = live, .loading = loading,
                        .fetching = fetching};
}

static void test_rr(void)
{
    steer_state st = fresh(NW);
    for (unsigned c = 0; c < 3 * NW; c++) {
        const steer_view v = view(NW, c, 0x05, 0, 0); /* warps 0 and 2 live */
        CHECK_EQ(steering_rr.pick(&st, &v), c % NW); /* idle warps still take their cycle */
    }
}

static void test_skip_idle(void)
{
    steer_state a = fresh(NW), b = fresh(NW);
    for (unsigned c = 0; c < 2 * NW; c++) { /* every warp live: rr exactly */
        const steer_view v = view(NW, c, 0xff, 0, 0);
        CHECK_EQ(steering_skip_idle.pick(&a, &v), steering_rr.pick(&b, &v));
    }
    a = fresh(NW);
    const unsigned want[] = {1, 6, 1, 6, 1};
    for (unsigned c = 0; c < 5; c++) {
        const steer_view v = view(NW, c, 0x42, 0, 0); /* warps 1 and 6 */
        CHECK_EQ(steering_skip_idle.pick(&a, &v), want[c]);
    }
    const steer_view none = view(NW, 5, 0, 0, 0);
    const unsigned ptr = a.ptr;
    CHECK_EQ(steering_skip_idle.pick(&a, &none), STEER_NONE);
    CHECK_EQ(a.ptr, ptr); /* the pointer waits */
    steer_state wide = fresh(64);
    wide.ptr = 63;
    const steer_view top = view(64, 0, 1ull << 63 | 1, 0, 0);
    CHECK_EQ(steering_skip_idle.pick(&wide, &top), 63);
    CHECK_EQ(steering_skip_idle.pick(&wide, &top), 0);
}

static void test_gto_rules(void)
{
    steer_state st = fresh(NW);
    steer_view v = view(NW, 0, 0xff, 0, 0);
    CHECK_EQ(steering_gto.pick(&st, &v), 0); /* the oldest: never fetched, lowest */
    CHECK_EQ(st.greedy, 0);
    v = view(NW, 1, 0xff, 0, 0x01); /* warp 0's next instruction is in F+1 */
    CHECK_EQ(steering_gto.pick(&st, &v), 1);
    CHECK_EQ(st.greedy, 0); /* still greedy on 0 */
    v = view(NW, 2, 0xff, 0, 0x02);
    CHECK_EQ(steering_gto.pick(&st, &v), 0);
    v = view(NW, 3, 0xff, 0x01, 0x01); /* warp 0 waits for a load: the oldest is 2 */
    CHECK_EQ(steering_gto.pick(&st, &v), 2);
    CHECK_EQ(st.greedy, 2);
    v = view(NW, 4, 0xf8, 0, 0); /* 2 idle now: the oldest live one, 3 */
    CHECK_EQ(steering_gto.pick(&st, &v), 3);
    CHECK_EQ(st.greedy, 3);
    v = view(NW, 5, 0x08, 0x08, 0x08); /* only 3, and it is in F+1 */
    CHECK_EQ(steering_gto.pick(&st, &v), STEER_NONE);
    v = view(NW, 6, 0x18, 0x18, 0); /* every live warp waits for data: may fill its buffer */
    CHECK_EQ(steering_gto.pick(&st, &v), 4);
}

/* A toy machine: each cycle a warp's live and loading bits change with
 * small probabilities; the warp picked in a cycle is `fetching` in the next.
 * Whatever happens, a warp that stays live and waits for no data is picked
 * within 3W cycles (gto) or W cycles (skip-idle). */
static void fairness(const steering_ops *ops, unsigned w, unsigned bound)
{
    steer_state st = fresh(w);
    uint64_t all = w == 64 ? ~0ull : (1ull << w) - 1;
    uint64_t live = all, loading = 0, fetching = 0, rng = 12345;
    uint64_t waiting_since[64] = {0};
    unsigned worst = 0;
    for (uint64_t c = 0; c < 200000; c++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        const unsigned k = (unsigned)(rng >> 33) % w;
        if ((rng >> 20 & 7) == 0)
            live ^= 1ull << k; /* a warp ends its phase or wakes */
        if ((rng >> 24 & 3) == 0)
            loading ^= (1ull << ((k + 3) % w)) & live;
        loading &= live;
        const steer_view v = view(w, c, live, loading, fetching & live);
        const unsigned p = ops->pick(&st, &v);
        CHECK(p == STEER_NONE || (p < w && (live >> p & 1)));
        fetching = p < w ? 1ull << p : 0;
        for (unsigned u = 0; u < w; u++) {
            const bool ready = (live & ~loading) >> u & 1;
            if (!ready || u == p) {
                waiting_since[u] = c + 1;
            } else if (c + 1 - waiting_since[u] > worst) {
                worst = (unsigned)(c + 1 - waiting_since[u]);
            }
        }
    }
    CHECK(worst <= bound);
    if (worst > bound)
        fprintf(stderr, "a ready warp waited %u cycles (bound %u)\n", worst, bound);
}

int main(void)
{
    test_rr();
    test_skip_idle();
    test_gto_rules();
    fairness(&steering_skip_idle, NW, NW);
    fairness(&steering_skip_idle, 64, 64);
    fairness(&steering_gto, NW, 3 * NW);
    fairness(&steering_gto, 64, 3 * 64);
    fairness(&steering_gto, 1, 3);
    return check_report("test_steering");
}
