/* SIMT functional model: W warps of T lanes per core.  Each step runs one
 * instruction of one warp's active path for every lane of its mask (one issue
 * slot); warps take turns round-robin.  Time is counted in slots: each core
 * issues one slot per cycle. */
#include <stdlib.h>

#include "memsys/memsys.h"
#include "warp/path_report.h"
#include "warp/paths.h"
#include "models/warp_commit.h"
#include "warp/warp_exec.h"
#include "models/model.h"
#include "sync/spin.h"
#include "trace/commit_trace.h"
#include "sync/sync.h"

typedef struct simt_state {
    uint64_t *last_slot;  /* per warp: cycle of its last issue (offline sorter) */
    uint64_t live;        /* warps with runnable paths (bit per warp, W <= 64) */
    unsigned rr;          /* round-robin pointer */
    uint64_t batch_after; /* simt_batch: no batch is tried before this cycle ... */
    uint64_t batch_wait;  /* ... which is this long after a warp was found diverged */
} simt_state;

static void simt_free(simty_sim *s)
{
    for (unsigned c = 0; c < s->ncores; c++) {
        simt_state *m = s->core[c].model_state;
        if (m)
            free(m->last_slot);
        free(m);
        s->core[c].model_state = NULL;
    }
}

/* Every core's state, from the path tables as they are: a warp is live if
 * it has a runnable path, and its offline sorter starts stepping now. */
static int simt_setup(simty_sim *s, char *err, size_t errlen)
{
    for (unsigned c = 0; c < s->ncores; c++) {
        sim_core *core = &s->core[c];
        simt_state *m = calloc(1, sizeof *m);
        core->model_state = m;
        if (!m || !(m->last_slot = calloc(s->W, sizeof *m->last_slot))) {
            simt_free(s);
            snprintf(err, errlen, "out of host memory");
            return -1;
        }
        for (unsigned w = 0; w < s->W; w++) {
            m->live |= (uint64_t)(paths_count(&core->paths[w]) != 0) << w;
            m->last_slot[w] = s->cycle;
        }
    }
    return 0;
}

static int simt_init(simty_sim *s, char *err, size_t errlen)
{
    for (unsigned c = 0; c < s->ncores; c++)
        for (unsigned w = 0; w < s->W; w++)
            warp_paths_init(s, &s->core[c].paths[w]);
    return simt_setup(s, err, errlen);
}

/* Next warp with live paths at or after the round-robin pointer. */
static unsigned next_warp(const simt_state *m)
{
    uint64_t after = m->live & ~((1ull << m->rr) - 1); /* rr < 64 */
    return (unsigned)__builtin_ctzll(after ? after : m->live);
}

static void simt_woken(void *ctx, unsigned gw)
{
    simty_sim *s = ctx;
    simt_state *m = warp_core(s, gw)->model_state;
    if (paths_count(&s->paths[gw])) /* (ipdom: woken, but held by a call) */
        m->live |= 1ull << (gw % s->W);
}

static bool simt_quiet(const simty_sim *s, const sim_core *c)
{
    (void)s;
    const simt_state *m = c->model_state;
    return !m->live;
}

/* What follows the execution of a slot: trace, statistics, spin detector,
 * commit.  Inline, so that the converged slot below, whose outcome is a
 * constant but for its PC, compiles to the few counters it changes. */
static inline __attribute__((always_inline)) void simt_slot_done(simty_sim *s, sim_core *c, simt_state *m, unsigned w,
                                  unsigned gw, path_table *pt, const path_t *active,
                                  warp_outcome *o)
{
    if (s->cfg.trace_commits && o->retired && sim_trace_at(s, s->cycle))
        commit_trace_commit(s, s->cycle, gw, 0, active->pc, o->insn, o->retired);
    c->stats.warp_instructions++;
    warp_count_executed(s, &c->stats, active, o);
    if (s->cfg.spin_detect && !o->c.backoff) /* (else a semihosting call's wait) */
        o->c.backoff = spin_note(&pt->spin, s, gw, active, o);
    /* the offline sorter stepped in the cycles since the warp's last issue */
    warp_commit(s, &c->stats, pt, gw * s->T, &o->c, s->cycle - m->last_slot[w], s->cycle);
    m->last_slot[w] = s->cycle + 1;
}

/* The statistics and bookkeeping of k slots (k >= 1) of warp w in a row
 * while it is converged (one path of all T lanes, no turn), each a register
 * operation, uniform branch or JAL that moves the path on in place: one
 * slot of simt_tick's fast path, or a warp's k slots of a batch.
 * `starvation` is what the first commit's paths_advance() (for k slots,
 * paths_advance_run()) returned; the last of the slots issued at cycle
 * `last`; `spin`: the spin detector is on (spin_note's part: a slot is
 * counted, with no store and no backedge). */
static inline __attribute__((always_inline)) void
simt_count_converged(simty_stats *st, simt_state *m, unsigned w, path_table *pt, unsigned T,
                     bool spin, uint64_t starvation, unsigned k, uint64_t last)
{
    st->warp_instructions += k;
    st->thread_instructions += (uint64_t)k * T;
    st->lane_histogram[T] += k;
    pt->spin.slots += spin ? k : 0;
    warp_count_paths_run(st, pt, starvation, k);
    m->last_slot[w] = last + 1;
}

/* One issue slot of core c: the next warp with a runnable path,
 * round-robin.  `warm`: functional warming (model_simt_warm), the slot's
 * fetch and memory pass also go to the memory timing. */
static inline __attribute__((always_inline)) bool simt_slot(simty_sim *s, sim_core *c,
                                                            const bool warm)
{
    simt_state *m = c->model_state;
    if (!m->live)
        return true;
    unsigned w = next_warp(m), gw = c->warp0 + w;
    m->rr = w + 1 < s->W ? w + 1 : 0;
    path_table *pt = &c->paths[w];

    const path_t active = *paths_active(pt);
    if (warm)
        memsys_warm_fetch(s->timing, gw, active.pc);
    /* the common case, inline */
    const simple_slot r = warp_execute_simple(s, gw, &active, c->irq_armed);
    if (r.insn) {
        /* a converged warp: its commit moves its one path on in place
         * (paths_commit's first case, nothing to sort) */
        if (pt->n == 1 && !pt->turn_left && active.mask == full_lane_mask(s->T) &&
            !s->cfg.trace_commits && !(r.backedge && s->cfg.spin_detect)) {
            simt_count_converged(&c->stats, m, w, pt, s->T, s->cfg.spin_detect,
                                 paths_advance(pt, r.next, r.depth, active.mask), 1, s->cycle);
            return true;
        }
        warp_outcome o = simple_outcome(&r, &active);
        simt_slot_done(s, c, m, w, gw, pt, &active, &o); /* (a spin may park the path) */
    } else {
        mem_request req; /* (no memory timing reads it, but functional warming) */
        warp_outcome o;
        o.mem = &req;
        if (!warp_execute(s, gw, 0, s->T, &active, &o))
            return false;
        if (warm && o.memory)
            memsys_warm_access(s->timing, gw, &req);
        simt_slot_done(s, c, m, w, gw, pt, &active, &o);
    }
    if (!paths_count(pt))
        m->live &= ~(1ull << w);
    return true;
}

static bool simt_tick(simty_sim *s, sim_core *c) { return simt_slot(s, c, false); }

static bool simt_tick_warm(simty_sim *s, sim_core *c) { return simt_slot(s, c, true); }

/* Batches of register arithmetic (issue 17, item 4).  When every live warp
 * of the core is converged (one path, every lane, no turn) and its next k
 * instructions are register arithmetic that does not write sp, the next k
 * rounds of the round-robin are k such slots of each warp in turn: what
 * each slot does is private to its warp (its registers, its path, sums and
 * maxima of statistics), so the rounds run warp after warp, each warp's k
 * instructions in a row, to the same state at the end as slot after slot.
 * The burst loop calls it only while nothing else can act between those
 * cycles (one core, no thread waiting, so no wake-up, no limit or sample
 * before `end`, no commit trace); a batch never crosses `end`. */
enum { SIMT_BATCH_MAX = 32 };

/* How many instructions from pc on, at most max, are batchable: register
 * arithmetic not writing sp, up to the first that is not or that the decode
 * cache does not hold yet (a batch only runs decoded code; the first pass
 * through a block runs slot by slot and decodes it). */
static inline unsigned simt_alu_run(const decode_cache *dc, uint32_t pc, unsigned max)
{
    unsigned k = 0;
    for (; k < max; k++) {
        unsigned i = decode_slot(pc);
        if (dc->tag[i] != pc || dc->insn[i].cls != CLS_ALU || (dc->insn[i].flags & INSN_WRITES_SP))
            break;
        pc += dc->insn[i].len;
    }
    return k;
}

/* `warm`: functional warming (model_simt_warm): the lines each warp's run
 * fetched from go to the memory timing. */
static inline __attribute__((always_inline)) uint64_t simt_batch_go(simty_sim *s, sim_core *c,
                                                                    uint64_t end, const bool warm)
{
    simt_state *m = c->model_state;
    if (s->cfg.trace_commits) {
        m->batch_after = UINT64_MAX; /* (slot after slot, each traced) */
        return 0;
    }
    const unsigned T = s->T, W = s->W;
    const lane_mask full = full_lane_mask(T);
    const decode_cache *dc = c->decoded;
    const unsigned nlive = lane_popcount(m->live);
    uint64_t room = (end - s->cycle) / nlive;
    unsigned rounds = room < SIMT_BATCH_MAX ? (unsigned)room : SIMT_BATCH_MAX;
    /* the live warps in round-robin order from the next one */
    const unsigned first = next_warp(m);
    unsigned last = first;
    uint32_t run_pc = 1; /* (never a PC) */
    unsigned run_len = 0;
    for (unsigned i = 0, w = first; i < nlive; i++, w = (w + 1) % W) {
        while (!(m->live >> w & 1))
            w = (w + 1) % W;
        const path_table *pt = &c->paths[w];
        const path_t *a = &pt->list[0];
        if (pt->n != 1 || pt->turn_left || a->mask != full) {
            /* a diverged warp may stay so for long: wait longer each time */
            m->batch_wait = m->batch_wait ? (m->batch_wait < 4096 ? 2 * m->batch_wait : 4096) : 16;
            m->batch_after = s->cycle + m->batch_wait;
            return 0;
        }
        if (a->pc != run_pc) {
            run_pc = a->pc;
            run_len = simt_alu_run(dc, run_pc, rounds);
        }
        if (run_len < rounds)
            rounds = run_len;
        if (rounds < 2) {
            /* warp w cannot batch before it has issued */
            m->batch_after = s->cycle + i + 1;
            return 0;
        }
        last = w;
    }
    m->batch_wait = 0;
    simty_stats *st = &c->stats;
    const bool spin = s->cfg.spin_detect;
    for (unsigned i = 0, w = first; i < nlive; i++, w = (w + 1) % W) {
        while (!(m->live >> w & 1))
            w = (w + 1) % W;
        const unsigned gw = c->warp0 + w;
        path_table *pt = &c->paths[w];
        uint32_t *x = warp_regs(s, gw);
        const uint32_t pc = pt->list[0].pc;
        /* the run's instructions, from the decode cache */
        const uint32_t end_pc = exec_alu_run(dc->insn, DECODE_CACHE_SLOTS - 1, rounds, x, T, pc);
        if (warm)
            memsys_warm_fetch_run(s->timing, gw, pc, end_pc);
        s->retire[gw].all += rounds;
        /* its last slot: cycle + (rounds - 1) * nlive + i */
        simt_count_converged(st, m, w, pt, T, spin, paths_advance_run(pt, rounds, end_pc), rounds,
                             s->cycle + (uint64_t)(rounds - 1) * nlive + i);
    }
    m->rr = last + 1 < W ? last + 1 : 0;
    return (uint64_t)rounds * nlive;
}

static __attribute__((noinline)) uint64_t simt_batch_run(simty_sim *s, sim_core *c, uint64_t end)
{
    return simt_batch_go(s, c, end, false);
}

static __attribute__((noinline)) uint64_t simt_batch_run_warm(simty_sim *s, sim_core *c,
                                                              uint64_t end)
{
    return simt_batch_go(s, c, end, true);
}

static inline uint64_t simt_batch(simty_sim *s, sim_core *c, uint64_t end)
{
    const simt_state *m = c->model_state;
    return s->cycle < m->batch_after || c->irq_armed ? 0 : simt_batch_run(s, c, end);
}

static inline uint64_t simt_batch_warm(simty_sim *s, sim_core *c, uint64_t end)
{
    const simt_state *m = c->model_state;
    return s->cycle < m->batch_after || c->irq_armed ? 0 : simt_batch_run_warm(s, c, end);
}

MODEL_BURST(simt_burst, simt_tick, simt_quiet, simt_batch)
MODEL_BURST(simt_burst_warm, simt_tick_warm, simt_quiet, simt_batch_warm)

/* A debugger changed warp gw's paths (sim/debug.c): it is live if it has a
 * runnable path. */
static void simt_changed(simty_sim *s, unsigned gw, const char *why)
{
    (void)why;
    simt_state *m = warp_core(s, gw)->model_state;
    if (paths_count(&s->paths[gw]))
        m->live |= 1ull << (gw % s->W);
    else
        m->live &= ~(1ull << (gw % s->W));
}

static uint64_t simt_hash(const simty_sim *s, const sim_core *c)
{
    const simt_state *m = c->model_state;
    return path_report_hash(s, c->paths, c->warp0, m->last_slot) ^ m->rr;
}

static const model_report_ops simt_report = {
    .deadlock_hint = "; a spin loop may be waiting for a thread of its own warp, spec section 2",
    .hash = simt_hash,
};

static const model_debug_ops simt_debug = {.changed = simt_changed};

/* Checkpoints: the per-warp issue cycles, the live warps, the pointer,
 * the batch timing */
static void simt_save(const simty_sim *s, const sim_core *c, ck_writer *w)
{
    const simt_state *m = c->model_state;
    ckw_bytes(w, m->last_slot, s->W * sizeof *m->last_slot);
    ckw_u64(w, m->live);
    ckw_u32(w, m->rr);
    ckw_u64(w, m->batch_after);
    ckw_u64(w, m->batch_wait);
}

static bool simt_load(simty_sim *s, sim_core *c, ck_reader *r)
{
    simt_state *m = c->model_state;
    ckr_bytes(r, m->last_slot, s->W * sizeof *m->last_slot);
    m->live = ckr_u64(r);
    m->rr = ckr_u32(r);
    m->batch_after = ckr_u64(r);
    m->batch_wait = ckr_u64(r);
    if (m->rr >= s->W || (s->W < 64 && m->live >> s->W))
        ckr_fail(r, "bad warp state");
    return !r->bad;
}

const model_ops model_simt = {
    .name = "simt",
    /* one deadlock sample per ~64 slots of every thread: hashing costs ~1/2
     * word per slot */
    .watch_interval_per_hart = 64,
    .skips_idle_time = true,
    .init = simt_init,
    .free = simt_free,
    .quiet = simt_quiet,
    .tick = simt_tick,
    .woken = simt_woken,
    .report = &simt_report,
    .burst = simt_burst,
    .debug = &simt_debug,
    .save = simt_save,
    .load = simt_load,
};

const model_ops model_simt_warm = {
    .name = "simt",
    .watch_interval_per_hart = 64,
    .skips_idle_time = true,
    .init = simt_init,
    .free = simt_free,
    .quiet = simt_quiet,
    .tick = simt_tick_warm,
    .woken = simt_woken,
    .report = &simt_report,
    .burst = simt_burst_warm,
    .debug = &simt_debug,
    .attach = simt_setup,
    .detach = simt_free,
};
