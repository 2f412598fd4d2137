/* Path tables: ordering, merging, HCT/CCT push/pop, the offline sorter, the
 * ipdom stack's regions, and the invariant that paths partition the live
 * lanes. */
#include <stdlib.h>

#include "check.h"
#include "registry/plugins.h"
#include "warp/paths.h"

static path_t P(uint32_t pc, int depth, lane_mask m)
{
    return (path_t){.pc = pc, .depth = depth, .mask = m};
}

static void commit2(path_table *t, path_t a, path_t b, path_events *ev)
{
    path_t next[2] = {a, b};
    const path_split none = {0};
    if (t->ops) /* (an organisation of its own: ipdom) */
        paths_commit_split(t, next, &none, ev);
    else
        paths_commit(t, next, ev);
}

/* A commit whose two paths reconverge at rpc (ipdom) */
static void split(path_table *t, path_t a, path_t b, uint8_t kind, uint32_t rpc, path_events *ev)
{
    path_t next[2] = {a, b};
    const path_split sp = {.rpc = rpc, .reconv = kind};
    paths_commit_split(t, next, &sp, ev);
}

/* ipdom regions in use */
static unsigned regions(const path_table *t)
{
    unsigned k = 0;
    for (unsigned f = 1; f < IPDOM_FRAMES; f++)
        k += t->ipdom.f[f].kind != RECONV_NONE;
    return k;
}

/* The active path moves on alone to (pc, depth). */
static void step(path_table *t, uint32_t pc, int depth, path_events *ev)
{
    commit2(t, P(pc, depth, paths_active(t)->mask), P(0, 0, 0), ev);
}

/* The runnable and waiting paths are disjoint and hold exactly `lanes`. */
static int partition(const path_table *t, lane_mask lanes)
{
    lane_mask seen = 0;
    for (unsigned i = 0; i < t->n + t->nwait; i++) {
        lane_mask m = i < t->n ? t->list[i].mask : t->wait[i - t->n].p.mask;
        if (!m || (m & seen))
            return 0;
        seen |= m;
    }
    return seen == lanes;
}

static void test_order_and_merge(simty_paths_kind kind)
{
    path_table t;
    path_events ev = {0};
    paths_init(&t, kind, SIMTY_PRIORITY_DEPTH, 4, P(0x100, 0, 0xf));
    /* branch: lanes 0,2 jump to 0x200, lanes 1,3 fall through */
    commit2(&t, P(0x200, 0, 0x5), P(0x104, 0, 0xa), &ev);
    CHECK_EQ(paths_count(&t), 2);
    CHECK_EQ(paths_active(&t)->pc, 0x104); /* min PC first */
    CHECK_EQ(paths_active(&t)->mask, 0xa);
    /* the fall-through path jumps to 0x200: reconvergence */
    commit2(&t, P(0x200, 0, 0xa), P(0, 0, 0), &ev);
    CHECK_EQ(paths_count(&t), 1);
    CHECK_EQ(paths_active(&t)->pc, 0x200);
    CHECK_EQ(paths_active(&t)->mask, 0xf);
}

static void test_depth_priority(void)
{
    path_table t;
    path_events ev = {0};
    paths_init(&t, SIMTY_PATHS_IDEAL, SIMTY_PRIORITY_DEPTH, 4, P(0x100, 0, 0xf));
    /* lanes 0,1 call a function at 0x800 (depth 1); 2,3 go to 0x104 */
    commit2(&t, P(0x800, 1, 0x3), P(0x104, 0, 0xc), &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x800); /* deepest call first */
    paths_init(&t, SIMTY_PATHS_IDEAL, SIMTY_PRIORITY_MINPC, 4, P(0x100, 0, 0xf));
    commit2(&t, P(0x800, 1, 0x3), P(0x104, 0, 0xc), &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x104); /* pure min-PC */
    /* same PC, different depth: no merge */
    paths_init(&t, SIMTY_PATHS_IDEAL, SIMTY_PRIORITY_DEPTH, 4, P(0x100, 0, 0xf));
    commit2(&t, P(0x200, 1, 0x3), P(0x200, 0, 0xc), &ev);
    CHECK_EQ(paths_count(&t), 2);
}

static void test_hct_push_pop_and_sorter(void)
{
    path_table t;
    path_events ev = {0};
    paths_init(&t, SIMTY_PATHS_HCT, SIMTY_PRIORITY_DEPTH, 8, P(0x100, 0, 0xff));
    commit2(&t, P(0x300, 0, 0xf0), P(0x104, 0, 0x0f), &ev); /* HCT1 0x104, HCT2 0x300 */
    CHECK_EQ(ev.pushes, 0);
    commit2(&t, P(0x200, 0, 0x0c), P(0x108, 0, 0x03), &ev); /* 3 paths: push 0x300 */
    CHECK_EQ(ev.pushes, 1);
    CHECK_EQ(paths_count(&t), 3);
    CHECK_EQ(t.list[0].pc, 0x108);
    CHECK_EQ(t.list[1].pc, 0x200);
    CHECK_EQ(t.list[2].pc, 0x300);
    /* 0x108 splits again: 0x400 and 0x10c; third (0x400) pushed on the CCT */
    commit2(&t, P(0x400, 0, 0x01), P(0x10c, 0, 0x02), &ev);
    CHECK_EQ(ev.pushes, 2);
    CHECK_EQ(paths_count(&t), 4);
    CHECK_EQ(t.list[3].pc, 0x400); /* CCT head */
    /* 0x10c jumps to 0x200: merges with HCT2, one path left -> pop */
    commit2(&t, P(0x200, 0, 0x02), P(0, 0, 0), &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x200);
    CHECK_EQ(paths_active(&t)->mask, 0x0e);
    CHECK_EQ(ev.pops, 1);
    CHECK_EQ(t.list[1].pc, 0x400); /* popped the head, not the best (0x300) */
    CHECK_EQ(t.list[2].pc, 0x300);
    /* the offline sorter brings 0x300 into HCT2 */
    paths_idle(&t, 1, &ev);
    CHECK_EQ(ev.swaps, 1);
    CHECK_EQ(t.list[1].pc, 0x300);
    CHECK_EQ(t.list[2].pc, 0x400);
    paths_idle(&t, 1000, &ev); /* sorted: nothing more to swap */
    CHECK_EQ(ev.swaps, 1);
    /* a path with a higher priority than HCT1 becomes active at the next
     * commit: HCT2 is an input of the sort network */
    commit2(&t, P(0x500, 0, 0x0e), P(0, 0, 0), &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x300);
}

/* Random commits: masks stay disjoint, their union is the live lanes, and
 * both organisations keep the same lanes alive. */
static void test_random_invariants(void)
{
    srand(12345);
    for (int trial = 0; trial < 200; trial++) {
        unsigned T = 1 + (unsigned)rand() % 64;
        lane_mask full = T == 64 ? ~0ull : (1ull << T) - 1;
        for (int kind = 0; kind < 2; kind++) {
            path_table t;
            path_events ev = {0};
            paths_init(&t, kind ? SIMTY_PATHS_IDEAL : SIMTY_PATHS_HCT,
                       rand() % 2 ? SIMTY_PRIORITY_DEPTH : SIMTY_PRIORITY_MINPC, T,
                       P(0x1000, 0, full));
            lane_mask live = full;
            for (int step = 0; step < 500 && paths_count(&t); step++) {
                path_t a = *paths_active(&t);
                lane_mask split = a.mask & (((lane_mask)rand() << 32) ^ (lane_mask)rand());
                lane_mask gone = rand() % 20 == 0 ? (a.mask & ~split) : 0;
                live &= ~gone;
                path_t n0 = P(0x1000 + 4u * (unsigned)(rand() % 16), a.depth + rand() % 3 - 1,
                              split);
                path_t n1 = P(0x1000 + 4u * (unsigned)(rand() % 16), a.depth,
                              a.mask & ~split & ~gone);
                commit2(&t, n0, n1, &ev);
                if (rand() % 3 == 0)
                    paths_idle(&t, (uint64_t)(rand() % 5), &ev);
                lane_mask u = 0;
                int disjoint = 1;
                for (unsigned i = 0; i < t.n; i++) {
                    disjoint &= (u & t.list[i].mask) == 0 && t.list[i].mask != 0;
                    u |= t.list[i].mask;
                }
                CHECK(disjoint);
                CHECK_EQ(u, live);
                CHECK(t.n <= T);
                if (t.kind == SIMTY_PATHS_IDEAL)
                    for (unsigned i = 1; i < t.n; i++)
                        CHECK(path_before(&t.list[i - 1], &t.list[i], t.by_depth, t.boost));
            }
        }
    }
}

/* A path that commits to its own PC (a spin loop) keeps priority over a
 * path at a higher PC until that one has waited `threshold` commits; then
 * it gets a turn of `turn` commits, and the order goes back to priority. */
static void test_progress_turn(simty_paths_kind kind)
{
    path_table t;
    path_events ev = {0};
    paths_init(&t, kind, SIMTY_PRIORITY_DEPTH, 4, P(0x100, 0, 0xf));
    paths_set_progress(&t, 10, 3);
    commit2(&t, P(0x100, 0, 0x1), P(0x200, 0, 0xe), &ev); /* spinner 0x100, holder 0x200 */
    CHECK_EQ(paths_active(&t)->pc, 0x100);
    for (int i = 0; i < 8; i++) { /* the holder has waited 2..9 commits: no turn yet */
        commit2(&t, P(0x100, 0, 0x1), P(0, 0, 0), &ev);
        CHECK_EQ(paths_active(&t)->pc, 0x100);
    }
    CHECK_EQ(ev.triggers, 0);
    commit2(&t, P(0x100, 0, 0x1), P(0, 0, 0), &ev); /* it has waited 10: its turn */
    CHECK_EQ(ev.triggers, 1);
    CHECK_EQ(paths_active(&t)->pc, 0x200);
    CHECK(paths_active(&t)->mask & t.boost);
    /* the turn covers what the holder produces, even at a higher PC than
     * the spinner */
    commit2(&t, P(0x204, 0, 0xe), P(0, 0, 0), &ev);
    CHECK_EQ(ev.starvation, 10);
    CHECK_EQ(paths_active(&t)->pc, 0x204);
    commit2(&t, P(0x208, 0, 0xe), P(0, 0, 0), &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x208);
    commit2(&t, P(0x20c, 0, 0xe), P(0, 0, 0), &ev); /* third commit: turn over */
    CHECK(!(paths_active(&t)->mask & t.boost));
    CHECK_EQ(ev.triggers, 1);
    if (kind == SIMTY_PATHS_HCT) { /* HCT1 is rewritten at the next commit */
        CHECK_EQ(paths_active(&t)->pc, 0x20c);
        commit2(&t, P(0x210, 0, 0xe), P(0, 0, 0), &ev);
    }
    CHECK_EQ(paths_active(&t)->pc, 0x100);
    commit2(&t, P(0x100, 0, 0x1), P(0, 0, 0), &ev);
    /* the spinner waited during the turn */
    CHECK_EQ(ev.starvation, kind == SIMTY_PATHS_HCT ? 5 : 4);
}

/* Off (threshold 0), a spinner starves the other path forever; a pause
 * (paths_yield) does nothing. */
static void test_progress_off(void)
{
    path_table t;
    path_events ev = {0};
    paths_init(&t, SIMTY_PATHS_HCT, SIMTY_PRIORITY_DEPTH, 4, P(0x100, 0, 0xf));
    commit2(&t, P(0x100, 0, 0x1), P(0x200, 0, 0xe), &ev);
    for (int i = 0; i < 100000; i++)
        commit2(&t, P(0x100, 0, 0x1), P(0, 0, 0), &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x100);
    CHECK_EQ(ev.triggers, 0);
    CHECK(!paths_yield(&t, &ev));
    CHECK_EQ(paths_active(&t)->pc, 0x100);
    CHECK_EQ(ev.triggers, 0);
}

/* pause: the oldest other path gets a turn at once; with several waiting,
 * the one that waited longest. */
static void test_yield(simty_paths_kind kind)
{
    path_table t;
    path_events ev = {0};
    paths_init(&t, kind, SIMTY_PRIORITY_DEPTH, 8, P(0x100, 0, 0xff));
    paths_set_progress(&t, 1000, 2);
    commit2(&t, P(0x300, 0, 0xf0), P(0x104, 0, 0x0f), &ev); /* 0x300 waits from clock 0 */
    commit2(&t, P(0x200, 0, 0x0c), P(0x108, 0, 0x03), &ev); /* 0x200 waits from clock 1 */
    CHECK_EQ(paths_active(&t)->pc, 0x108);
    paths_yield(&t, &ev);
    CHECK_EQ(ev.triggers, 1);
    CHECK_EQ(ev.yields, 1);
    CHECK_EQ(paths_active(&t)->pc, 0x300);
    paths_yield(&t, &ev); /* a turn is running: nothing */
    CHECK_EQ(ev.triggers, 1);
}

/* Waiting paths leave the runnable list and come back behind the active
 * path, merging with an equal path there. */
static void test_park_and_wake(simty_paths_kind kind)
{
    path_table t;
    path_events ev = {0};
    uint64_t waited[WAIT_KINDS] = {0};
    paths_init(&t, kind, SIMTY_PRIORITY_DEPTH, 4, P(0x100, 0, 0xf));
    /* lanes 0,1 arrive at a barrier (their path waits at 0x104) */
    commit2(&t, P(0, 0, 0), P(0x200, 0, 0xc), &ev);
    CHECK_EQ(paths_park(&t, P(0x104, 0, 0x3), WAIT_BARRIER, 5, WAKE_ON_EVENT), 1);
    CHECK_EQ(paths_count(&t), 1);
    CHECK(paths_live(&t));
    CHECK_EQ(paths_wake_due(&t, 1000, waited), 0); /* no wake time yet */
    /* lanes 2,3 arrive too */
    commit2(&t, P(0, 0, 0), P(0, 0, 0), &ev);
    CHECK_EQ(paths_count(&t), 0);
    CHECK_EQ(paths_park(&t, P(0x104, 0, 0xc), WAIT_BARRIER, 5, WAKE_ON_EVENT), 0); /* merged */
    CHECK_EQ(t.nwait, 1);
    paths_set_wake(&t, WAIT_BARRIER, 12);
    CHECK_EQ(paths_wake_due(&t, 11, waited), 0);
    CHECK_EQ(paths_wake_due(&t, 12, waited), 1);
    CHECK_EQ(waited[WAIT_BARRIER], 4 * (12 - 5));
    CHECK_EQ(paths_active(&t)->pc, 0x104);
    CHECK_EQ(paths_active(&t)->mask, 0xf);
    /* a path woken while another runs never displaces the active one */
    commit2(&t, P(0, 0, 0), P(0x108, 0, 0xe), &ev); /* lane 0 backs off at 0x300 */
    paths_park(&t, P(0x300, 0, 0x1), WAIT_BACKOFF, 20, 25);
    commit2(&t, P(0x10c, 0, 0xe), P(0, 0, 0), &ev);
    CHECK_EQ(paths_count(&t), 1);
    CHECK_EQ(paths_wake_due(&t, 30, waited), 1);
    CHECK_EQ(paths_active(&t)->pc, 0x10c); /* still the active path */
    CHECK_EQ(paths_count(&t), 2);
    CHECK_EQ(t.list[1].pc, 0x300);
    CHECK_EQ(waited[WAIT_BACKOFF], 10);
}

/* The guarantee (docs/progress.md): whatever the active path does (pauses
 * included), every runnable path issues within threshold + (T - 1) x turn
 * + 1 commits. */
static void test_starvation_bound(void)
{
    srand(777);
    for (int trial = 0; trial < 100; trial++) {
        unsigned T = 2 + (unsigned)rand() % 15;
        uint64_t thr = 1 + (unsigned)rand() % 50, turn = 1 + (unsigned)rand() % 10;
        uint64_t bound = thr + (T - 1) * turn + 1;
        for (int kind = 0; kind < 2; kind++) {
            path_table t;
            path_events ev = {0};
            lane_mask full = (1ull << T) - 1;
            paths_init(&t, kind ? SIMTY_PATHS_IDEAL : SIMTY_PATHS_HCT, SIMTY_PRIORITY_DEPTH, T,
                       P(0x1000, 0, full));
            paths_set_progress(&t, thr, turn);
            uint64_t worst = 0;
            for (int step = 0; step < 3000; step++) {
                path_t a = *paths_active(&t);
                /* a hostile program: low PCs spin, paths split at random */
                lane_mask split = rand() % 4 ? 0 : a.mask & (lane_mask)rand();
                uint32_t pc = a.pc < 0x1010 ? a.pc : 0x1000 + 4u * (unsigned)(rand() % 64);
                commit2(&t, P(pc, a.depth, a.mask & ~split),
                        P(0x1000 + 4u * (unsigned)(rand() % 64), a.depth, split), &ev);
                if (rand() % 3 == 0)
                    paths_idle(&t, (uint64_t)(rand() % 5), &ev);
                if (rand() % 7 == 0) /* a pause */
                    paths_yield(&t, &ev);
                if (ev.starvation > worst)
                    worst = ev.starvation;
                for (unsigned i = 0; i < t.n; i++)
                    if (t.clock - t.list[i].stamp > bound) {
                        fprintf(stderr, "bound %llu thr %llu turn %llu T %u kind %d step %d: path %u age %llu n %u turn_left %llu\n",
                                (unsigned long long)bound, (unsigned long long)thr, (unsigned long long)turn, T, kind, step, i,
                                (unsigned long long)(t.clock - t.list[i].stamp), t.n, (unsigned long long)t.turn_left);
                        CHECK(0);
                        return;
                    }
            }
            CHECK(worst <= bound);
        }
    }
}

static void ipdom_init(path_table *t, path_t initial)
{
    /* (a plug-in: its registry entry's index and ops) */
    const int k = plugin_find(PLUGIN_PATHS, "ipdom");
    CHECK(k > SIMTY_PATHS_IDEAL && plugin_ops(PLUGIN_PATHS, k) == &paths_ipdom_ops);
    paths_init(t, (simty_paths_kind)k, SIMTY_PRIORITY_DEPTH, 4, initial);
    t->ops = &paths_ipdom_ops;
}

/* ipdom: if/else, the taken side first, then the other, then together */
static void test_ipdom_if_else(void)
{
    path_table t;
    path_events ev = {0};
    ipdom_init(&t, P(0x100, 0, 0xf));
    split(&t, P(0x200, 0, 0x5), P(0x104, 0, 0xa), RECONV_AT_PC, 0x300, &ev);
    CHECK_EQ(ev.pushes, 1);
    CHECK_EQ(paths_active(&t)->pc, 0x200); /* taken on top (hct would run 0x104) */
    CHECK_EQ(regions(&t), 1);
    step(&t, 0x204, 0, &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x204); /* the top stays the top */
    step(&t, 0x300, 0, &ev);               /* it arrives: the other side runs */
    CHECK_EQ(paths_active(&t)->pc, 0x104);
    CHECK_EQ(paths_active(&t)->mask, 0xa);
    CHECK(partition(&t, 0xf));
    step(&t, 0x300, 0, &ev); /* both arrived: the region closes */
    CHECK_EQ(paths_count(&t), 1);
    CHECK_EQ(paths_active(&t)->mask, 0xf);
    CHECK_EQ(paths_active(&t)->pc, 0x300);
    CHECK_EQ(ev.pops, 1);
    CHECK_EQ(regions(&t), 0);
    /* an if without else: the taken side is at the point already */
    split(&t, P(0x400, 0, 0x3), P(0x304, 0, 0xc), RECONV_AT_PC, 0x400, &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x304);
    step(&t, 0x400, 0, &ev);
    CHECK_EQ(paths_count(&t), 1);
    CHECK_EQ(paths_active(&t)->mask, 0xf);
    /* nested: the inner region closes first, then the outer */
    split(&t, P(0x500, 0, 0x3), P(0x404, 0, 0xc), RECONV_AT_PC, 0x600, &ev);
    split(&t, P(0x520, 0, 0x1), P(0x504, 0, 0x2), RECONV_AT_PC, 0x540, &ev);
    CHECK_EQ(paths_count(&t), 3);
    step(&t, 0x540, 0, &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x504);
    step(&t, 0x540, 0, &ev);
    CHECK_EQ(paths_active(&t)->mask, 0x3); /* inner closed; the outer's other side waits */
    step(&t, 0x600, 0, &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x404);
    step(&t, 0x600, 0, &ev);
    CHECK_EQ(paths_count(&t), 1);
    CHECK_EQ(paths_active(&t)->mask, 0xf);
    CHECK_EQ(regions(&t), 0);
}

/* ipdom: threads that exit leave their regions; a replay reconverges at
 * the next instruction; a region of a function closes when its threads
 * return */
static void test_ipdom_exit_replay_return(void)
{
    path_table t;
    path_events ev = {0};
    ipdom_init(&t, P(0x100, 0, 0xf));
    split(&t, P(0x200, 0, 0x5), P(0x104, 0, 0xa), RECONV_AT_PC, 0x300, &ev);
    commit2(&t, P(0, 0, 0), P(0, 0, 0), &ev); /* the taken side exits */
    CHECK_EQ(paths_active(&t)->mask, 0xa);
    CHECK_EQ(regions(&t), 0); /* alone, the other side left the region */
    step(&t, 0x300, 0, &ev);
    CHECK(partition(&t, 0xa));

    ipdom_init(&t, P(0x100, 0, 0xf));
    path_t rest = P(0x100, 0, 0xc);
    rest.stamp = PATH_NOT_ISSUED;
    split(&t, P(0x104, 0, 0x3), rest, RECONV_AT_PC, 0x104, &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x100); /* the replay first */
    CHECK_EQ(paths_active(&t)->mask, 0xc);
    step(&t, 0x104, 0, &ev);
    CHECK_EQ(paths_count(&t), 1);
    CHECK_EQ(paths_active(&t)->mask, 0xf);

    ipdom_init(&t, P(0x100, 1, 0xf));
    split(&t, P(0x200, 1, 0x5), P(0x104, 1, 0xa), RECONV_AT_RETURN, 0, &ev);
    step(&t, 0x900, 0, &ev); /* returns to its caller */
    CHECK_EQ(paths_active(&t)->pc, 0x104);
    step(&t, 0x108, 1, &ev);
    step(&t, 0x900, 0, &ev);
    CHECK_EQ(paths_count(&t), 1);
    CHECK_EQ(paths_active(&t)->mask, 0xf);
    CHECK_EQ(paths_active(&t)->depth, 0);
}

/* ipdom never waits for threads that cannot run: an arrived path runs on
 * when the rest of its region waits (a barrier), and a turn of the
 * forward-progress policy lets it run past a spinning side */
static void test_ipdom_no_deadlock(void)
{
    path_table t;
    path_events ev = {0};
    uint64_t waited[WAIT_KINDS] = {0};
    ipdom_init(&t, P(0x100, 0, 0xf));
    split(&t, P(0x200, 0, 0x5), P(0x104, 0, 0xa), RECONV_AT_PC, 0x300, &ev);
    /* the taken side parks at a barrier (warp_commit_wait's commit) */
    path_t none[2] = {P(0, 0, 0), P(0, 0, 0)};
    const path_split held = {.held = 0x5};
    paths_commit_split(&t, none, &held, &ev);
    paths_park(&t, P(0x204, 0, 0x5), WAIT_BARRIER, 10, WAKE_ON_EVENT);
    CHECK_EQ(paths_active(&t)->mask, 0xa);
    step(&t, 0x300, 0, &ev);
    CHECK_EQ(paths_active(&t)->pc, 0x300); /* alone (the others wait): it left the region */
    CHECK_EQ(regions(&t), 1);                /* (which the waiting side is still in) */
    CHECK(partition(&t, 0xf));
    step(&t, 0x304, 0, &ev); /* and runs on */
    paths_set_wake(&t, WAIT_BARRIER, 20);
    CHECK_EQ(paths_wake_due(&t, 20, waited), 1);
    CHECK(partition(&t, 0xf));
    step(&t, 0x308, 0, &ev); /* (0x304 runs on) */
    CHECK_EQ(paths_active(&t)->pc, 0x308);

    ipdom_init(&t, P(0x100, 0, 0xf));
    paths_set_progress(&t, 8, 4);
    split(&t, P(0x200, 0, 0x5), P(0x300, 0, 0xa), RECONV_AT_PC, 0x300, &ev);
    unsigned spins = 0;
    while (paths_active(&t)->mask == 0x5 && spins < 100) { /* a spin loop */
        step(&t, paths_active(&t)->pc == 0x200 ? 0x204 : 0x200, 0, &ev);
        spins++;
    }
    CHECK(spins < 100);
    CHECK_EQ(paths_active(&t)->pc, 0x300); /* the arrived path's turn */
    step(&t, 0x304, 0, &ev);
    CHECK(partition(&t, 0xf));
}

int main(void)
{
    test_ipdom_if_else();
    test_ipdom_exit_replay_return();
    test_ipdom_no_deadlock();
    test_progress_turn(SIMTY_PATHS_IDEAL);
    test_progress_turn(SIMTY_PATHS_HCT);
    test_progress_off();
    test_yield(SIMTY_PATHS_IDEAL);
    test_yield(SIMTY_PATHS_HCT);
    test_park_and_wake(SIMTY_PATHS_IDEAL);
    test_park_and_wake(SIMTY_PATHS_HCT);
    test_starvation_bound();
    test_order_and_merge(SIMTY_PATHS_IDEAL);
    test_order_and_merge(SIMTY_PATHS_HCT);
    test_depth_priority();
    test_hct_push_pop_and_sorter();
    test_random_invariants();
    return check_report("test_paths");
}
