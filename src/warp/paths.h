/* Per-warp path tracking (spec sections 3 and 4) and path scheduling.
 *
 * A path is (PC, lane mask, call depth).  The highest-priority path is the
 * active one: deepest call depth first, then lowest PC (or lowest PC only,
 * --priority minpc).  Two organisations share one interface:
 *
 *  - ideal: a perfectly sorted list; new paths merge with any equal
 *    (PC, depth) path.
 *  - hct:   the hardware.  HCT1 (active) and HCT2 (second) are sorted online
 *    by a 3-input compact/sort network after each instruction; the other
 *    paths sit on a per-warp CCT stack; an offline sorter swaps a CCT entry
 *    with HCT2 when the entry has higher priority, one step per cycle in
 *    which the warp's CCT port is idle.  Convergence is only checked between
 *    the new paths and HCT2.
 *
 * A third organisation, ipdom (paths_ipdom.c), is not a priority order: the
 * classic immediate-post-dominator reconvergence stack of GPGPU-Sim and
 * Vortex, list[0..n) being the stack's runnable paths, top first.  Like
 * the others it leaves one runnable path free to move on in place
 * (paths_advance: the models' converged fast paths); its other commits go
 * through paths_commit_split.
 *
 * Beyond the paper (docs/progress.md):
 *
 *  - Waiting paths.  A path parked at a barrier, in `wrs`, or backed off by
 *    the spin detector leaves the runnable list for a wait list (in hardware:
 *    the far end of the CCT RAM) and comes back, merging as usual, when it is
 *    woken.
 *  - Forward progress.  Every path carries the warp clock (commits of the
 *    warp) of the last time its longest-waiting thread issued.  When a path
 *    has waited `threshold` commits, it gets a turn: it becomes active and
 *    keeps priority (with the paths it produces) for `turn` commits.  Until
 *    some path waits that long the order is exactly the priority order.
 *
 * Architectural results never depend on the organisation or the policy; only
 * the order in which paths run (and so efficiency) does. */
#ifndef SIMTY_CORE_PATHS_H
#define SIMTY_CORE_PATHS_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"
#include "machine/barrier.h" /* WAKE_ON_EVENT */
#include "loader/cfg.h"
#include "simty.h"
#include "util/ckpt.h"

typedef struct path {
    uint32_t pc;
    int32_t depth;
    lane_mask mask;  /* 0: no path */
    uint64_t stamp;  /* warp clock when its longest-waiting thread last issued */
} path_t;

/* Why a path waits (is not runnable). */
enum path_wait {
    WAIT_NONE,
    WAIT_BARRIER, /* parked at the barrier until it completes */
    WAIT_WRS,     /* wrs.nto / wrs.sto: until its reservation is lost (or a timeout) */
    WAIT_BACKOFF, /* backed off by the spin detector until `wake` */
    WAIT_SPIN,    /* a spin nothing has disturbed: until memory changes */
    WAIT_BARRIER_CORE, /* parked at its core's barrier (scope 1) until it completes */
    WAIT_SERVICE, /* in a semihosting call until `wake` (machine/semihost.h) */
    WAIT_HELD,    /* --paths ipdom: until the warp's semihosting call returns */
    WAIT_KINDS
};


typedef struct waiting_path {
    path_t p;
    uint8_t why;    /* enum path_wait */
    uint64_t since; /* model time it started waiting */
    uint64_t wake;  /* model time from which it is runnable, or WAKE_ON_EVENT */
} waiting_path;

/* The spin detector of one warp (sync/spin.c): for the last few backward
 * branches taken (one entry per branch and path: nested loops, and paths
 * spinning in one loop at different call depths, do not evict each other),
 * what the path looked like the last time. */
#define SPIN_ENTRIES 8
typedef struct spin_record {
    uint32_t pc;
    int32_t depth;
    lane_mask mask;
    uint32_t ops[2]; /* the leader's branch operands */
    uint64_t sig;    /* register signature of the path, once computed */
    bool valid, has_sig;
    uint8_t level;   /* consecutive detections: backoff = base << level */
    uint64_t stores; /* the warp's memory-changing slots when it was taken */
    uint64_t last;   /* the warp's slots then (spin_slots statistic) */
    uint64_t epoch;  /* machine store epoch at this entry's last detection */
} spin_record;

typedef struct spin_detector {
    spin_record e[SPIN_ENTRIES];
    unsigned next;   /* entry replaced by a new branch (round robin) */
    uint64_t slots;  /* executed slots of the warp */
    uint64_t stores; /* of which changed memory (store, SC, AMO) */
    uint64_t epoch;  /* machine store epoch at the last detection of any entry */
} spin_detector;

/* --paths ipdom: one reconvergence region of a warp's stack, opened by a
 * divergent instruction (paths_ipdom.c) */
typedef struct ipdom_frame {
    uint32_t rpc;      /* RECONV_AT_PC: where its threads meet again */
    int32_t depth;     /* the call depth of the instruction that opened it */
    lane_mask live;    /* its threads (with those of the regions inside it) */
    lane_mask arrived; /* of which have reached rpc (or left the function) */
    uint8_t kind;      /* enum reconv_kind; RECONV_NONE: a free entry */
    uint8_t parent;    /* the enclosing region (IPDOM_ROOT: none) */
} ipdom_frame;

#define IPDOM_FRAMES (2 * SIMTY_MAX_LANES) /* entry 0 is the root: never used */
#define IPDOM_ROOT 0

typedef struct ipdom_stack {
    uint8_t frame_of[SIMTY_MAX_LANES]; /* each thread's innermost region */
    ipdom_frame f[IPDOM_FRAMES];
} ipdom_stack;

struct paths_ops;

typedef struct path_table {
    simty_paths_kind kind;
    const struct paths_ops *ops; /* an organisation of its own, or NULL (below) */
    bool by_depth;     /* priority: call depth first */
    unsigned T;
    /* hct: hct1 = list[0], hct2 = list[1], CCT stack = list[2..n) with its
     * head (top) at list[n-1]; ideal: list[0..n) sorted by priority */
    path_t list[SIMTY_MAX_LANES + 2];
    unsigned n;
    unsigned sort_ptr; /* offline sorter position in the CCT */

    /* forward progress */
    uint64_t clock;        /* commits of this warp */
    uint64_t threshold;    /* starvation that starts a turn (0: policy off) */
    uint64_t turn_len;     /* commits a turn lasts */
    uint64_t turn_left;    /* commits left in the current turn (0: none) */
    lane_mask boost;       /* lanes holding the turn: a path that has one goes first */
    uint64_t oldest_bound; /* <= the stamp of every runnable path */

    waiting_path wait[SIMTY_MAX_LANES];
    unsigned nwait;
    uint64_t next_wake;    /* earliest wake of wait[] (WAKE_ON_EVENT if none) */

    spin_detector spin;

    ipdom_stack ipdom; /* ipdom: the regions (unused by hct and ideal) */
} path_table;

/* What a commit tells the organisation besides the produced paths (only
 * ipdom reads it): the lanes of next[0] that leave to wait (parked: they
 * are not gone) and where a split's paths reconverge. */
typedef struct path_split {
    lane_mask held;
    uint32_t rpc;   /* RECONV_AT_PC */
    uint8_t reconv; /* enum reconv_kind */
    uint8_t why;    /* enum path_wait of the held lanes */
    uint64_t time;  /* model time of the commit */
} path_split;

/* Per-commit counters the table reports */
typedef struct path_events {
    unsigned pushes, pops, swaps;
    unsigned triggers;   /* forward-progress turns started (starvation or pause) */
    unsigned yields;     /* of which started by `pause` */
    uint64_t starvation; /* commits the committed path had waited */
} path_events;

void paths_init(path_table *t, simty_paths_kind kind, simty_priority_kind prio, unsigned T,
                path_t initial);

/* Turns the forward-progress policy on (threshold > 0) or off. */
void paths_set_progress(path_table *t, uint64_t threshold, uint64_t turn_len);

/* The active path, or NULL when the warp has no runnable thread. */
static inline const path_t *paths_active(const path_table *t)
{
    return t->n ? &t->list[0] : (const path_t *)0;
}

/* Number of runnable paths. */
static inline unsigned paths_count(const path_table *t) { return t->n; }

/* Does the warp still hold a live thread (runnable or waiting)? */
static inline bool paths_live(const path_table *t) { return t->n || t->nwait; }

/* next[k].stamp of a commit: PATH_NOT_ISSUED marks the lanes a replay left
 * at the PC (they did not issue, so they keep the active path's stamp and
 * their place in line for a turn); any other value is ignored. */
#define PATH_NOT_ISSUED UINT64_MAX

bool paths_commit_slow(path_table *t, const path_t next[2], path_events *ev);
bool paths_progress_slow(path_table *t, path_events *ev);

/* Priority order: does a run before b?  A path holding a turn (with lanes in
 * `boost`) goes first. */
static inline bool path_before(const path_t *a, const path_t *b, bool by_depth, lane_mask boost)
{
    bool ab = (a->mask & boost) != 0, bb = (b->mask & boost) != 0;
    if (ab != bb)
        return ab;
    if (by_depth && a->depth != b->depth)
        return a->depth > b->depth;
    if (a->pc != b->pc)
        return a->pc < b->pc;
    return a->depth > b->depth;
}

/* The commit of a path that continues alone at (pc, depth) with the same
 * lanes, when nothing needs to merge or reorder (see paths_commit): the
 * active path moves on in place.  Returns the commits it had waited. */
static inline uint64_t paths_advance(path_table *t, uint32_t pc, int32_t depth, lane_mask mask)
{
    path_t *a = &t->list[0];
    uint64_t starvation = t->clock - a->stamp;
    a->pc = pc;
    a->depth = depth;
    a->mask = mask;
    a->stamp = t->clock++;
    return starvation;
}

/* k commits (k >= 1) of paths_advance() in a row, the path moving on to
 * the next instruction each time from its PC, to end_pc: the same table.
 * Returns the first commit's starvation (each later one's is 1). */
static inline uint64_t paths_advance_run(path_table *t, unsigned k, uint32_t end_pc)
{
    path_t *a = &t->list[0];
    uint64_t starvation = t->clock - a->stamp;
    a->pc = end_pc;
    t->clock += k;
    a->stamp = t->clock - 1;
    return starvation;
}

/* Replaces the active path by the (up to two) paths its instruction produced;
 * empty masks are ignored.  Then applies the forward-progress policy.
 * Returns whether the CCT port was used. */
static inline bool paths_commit(path_table *t, const path_t next[2], path_events *ev)
{
    /* One path in, one path out, no turn running, and the path stays ahead
     * of the next one (a converged warp, or a path running on before HCT2):
     * in either organisation the compact/sort network or the sorted insert
     * leaves it in place, with nothing to merge and the CCT untouched. */
    const path_t *p = &next[0];
    if (!next[1].mask && p->mask && !t->turn_left &&
        (t->n == 1 || (!(p->pc == t->list[1].pc && p->depth == t->list[1].depth) &&
                       path_before(p, &t->list[1], t->by_depth, 0)))) {
        ev->starvation = paths_advance(t, p->pc, p->depth, p->mask);
        /* (no turn runs; one can only start once some path waited long) */
        if (t->threshold && t->n >= 2 && t->clock - t->oldest_bound >= t->threshold)
            return paths_progress_slow(t, ev);
        return false;
    }
    return paths_commit_slow(t, next, ev);
}

/* paths_commit for a table with an organisation of its own (ops), which
 * reads the split. */
bool paths_commit_split(path_table *t, const path_t next[2], const path_split *sp,
                        path_events *ev);

/* Puts p (a path just produced by a commit) on the wait list; returns 1 if
 * it took a new entry, 0 if it merged with an equal waiting path. */
unsigned paths_park(path_table *t, path_t p, enum path_wait why, uint64_t now, uint64_t wake);

/* `pause`, after its commit: the oldest other runnable path gets a turn now
 * (forward progress on, no turn running).  Returns whether the CCT port was
 * used. */
bool paths_yield(path_table *t, path_events *ev);

/* Sets the wake time of every path waiting for `why` with no time yet. */
void paths_set_wake(path_table *t, enum path_wait why, uint64_t wake);

/* Moves the waiting paths whose wake time has come (<= now) back to the
 * runnable paths; never displaces the active path while others exist.
 * Adds the thread-cycles they waited to waited[why].  Returns how many
 * came back, not counting the paths ipdom held for a semihosting call
 * (WAIT_HELD: they come back with it; the sync unit never counted them). */
unsigned paths_wake_due(path_table *t, uint64_t now, uint64_t waited[WAIT_KINDS]);

/* Makes wait[i] due now (its wake event happened). */
void paths_wake_entry(path_table *t, unsigned i, uint64_t now);

void paths_sort_steps(path_table *t, uint64_t steps, path_events *ev);

/* Moves runnable lane `lane` to pc (a debugger's PC write): it leaves its
 * path and joins or forms the path at (pc, its depth); the runnable paths
 * are then laid out in priority order.  Returns -1 if the lane is not in a
 * runnable path. */
int paths_move_lane(path_table *t, unsigned lane, uint32_t pc);
/* For an organisation's move_lane: takes the lane out of its entry (which
 * may be left empty) into *moved at pc; returns the entry's index, -1 if
 * no entry holds the lane, -2 if it is already at pc (nothing changed). */
int paths_detach_lane(path_table *t, unsigned lane, uint32_t pc, path_t *moved);

/* Offline sorter: `steps` idle cycles of the warp's CCT port (hct only;
 * nothing to do without CCT entries). */
static inline void paths_idle(path_table *t, uint64_t steps, path_events *ev)
{
    if (t->kind == SIMTY_PATHS_HCT && t->n >= 3 && steps)
        paths_sort_steps(t, steps, ev);
}

/* A value that is equal for two idle spans iff paths_idle() would leave the
 * table in the same state (for deadlock detection). */
uint64_t paths_idle_key(const path_table *t, uint64_t steps);

/* ---- organisations with functions of their own ---- */

/* The table of functions of a path organisation that is not one of
 * paths.c's (hct, ideal): a PLUGIN_PATHS entry's ops (src/registry/plugins.c),
 * in path_table.ops.  The paths stay in list[0..n) (the active one first)
 * and wait[]; the organisation decides their order and merging. */
typedef struct paths_ops {
    /* the loader computes the program's reconvergence points for it
     * (loader/cfg.h; the executor passes them in path_split) */
    bool reconvergence_points;
    /* paths_commit_slow's part: the active path list[0] is replaced by
     * the produced paths, stamped `now` (`keep` if not issued) */
    void (*commit)(path_table *t, const path_t next[2], const path_split *sp, uint64_t now,
                   uint64_t keep, path_events *ev);
    /* a woken path back among the runnable ones, never displacing the
     * active path while there is one (it may be executing) */
    void (*insert)(path_table *t, path_t p);
    /* after the paths woken at one time were inserted into a table with
     * no runnable path: settles the order (its new top may have arrived) */
    void (*woken)(path_table *t);
    /* paths_move_lane */
    int (*move_lane)(path_table *t, unsigned lane, uint32_t pc);
    /* mixes its own state into the deadlock detector's hash h (depths
     * relative to base) */
    uint64_t (*hash)(const path_table *t, uint64_t h, int32_t base);
} paths_ops;

/* --paths ipdom (paths_ipdom.c) */
extern const paths_ops paths_ipdom_ops;

/* Can two paths of a table merge: in the same ipdom region (always, for
 * the other organisations, whose threads all stay in the root)? */
static inline bool ipdom_same_region(const path_table *t, lane_mask a, lane_mask b)
{
    return t->ipdom.frame_of[__builtin_ctzll(a)] == t->ipdom.frame_of[__builtin_ctzll(b)];
}

/* depth + delta, saturating: call depth is a scheduling hint, never UB */
static inline int32_t path_depth_add(int32_t depth, int delta)
{
    if ((delta > 0 && depth == INT32_MAX) || (delta < 0 && depth == INT32_MIN))
        return depth;
    return depth + delta;
}

/* Checkpoints (warp/paths_save.c): a table written and read whole, its
 * ops kept; the load checks its counts and indices.  _layout: the build
 * identity's part. */
void paths_save(const path_table *t, ck_writer *w);
bool paths_load(path_table *t, ck_reader *r);
uint64_t paths_save_layout(uint64_t h);

#endif
