/* The cycle model (--model cycle): reset, the per-cycle stage sequence and
 * the model interface.  The stages are in frontend.h, issue.h, backend.h,
 * included here: the model is one translation unit. */
#include <stdlib.h>

#include "warp/path_report.h"
#include "memsys/memsys.h"
#include "memsys/timeutil.h"
#include "models/model.h"
#include "registry/plugins.h"
#include "pipeline/pipeline.h"
#include "pipeline/backend.h"
#include "pipeline/issue.h"
#include "pipeline/frontend.h"
#include "pipeline/cycle_switch.h"
#include "pipeline/cycle_save.h"
#include "sync/sync.h"

/* The pipelines' state (not the memory timing, not the Kanata log) */
static void cycle_free_pipes(simty_sim *s)
{
    for (unsigned c = 0; c < s->ncores; c++) {
        pipe_state *p = s->core[c].model_state;
        if (p) {
            free(p->warp);
            free(p->idle_since);
            free(p->steer.fetched);
            free(p->fp_due);
            free(p->loads);
        }
        free(p);
        s->core[c].model_state = NULL;
    }
}

static void cycle_free(simty_sim *s)
{
    cycle_free_pipes(s);
    memsys_destroy(s->timing);
    s->timing = NULL;
    if (s->kt) {
        kanata_close(s->kt);
        free(s->kt);
        s->kt = NULL;
    }
}

/* Per op, the cycles an F or D result is written after F+7: its kind's
 * latency (simty_config.fp_latency) less the one cycle every operation
 * takes. */
static void fp_extra_table(const simty_config *cfg, uint16_t *extra)
{
    for (unsigned op = 0; op < OP_COUNT; op++) {
        unsigned kind;
        switch (op) {
        case OP_FDIV_S: case OP_FDIV_D: kind = SIMTY_FP_DIV; break;
        case OP_FSQRT_S: case OP_FSQRT_D: kind = SIMTY_FP_SQRT; break;
        case OP_FADD_S: case OP_FSUB_S: case OP_FMUL_S: case OP_FMADD_S: case OP_FMSUB_S:
        case OP_FNMSUB_S: case OP_FNMADD_S: case OP_FADD_D: case OP_FSUB_D: case OP_FMUL_D:
        case OP_FMADD_D: case OP_FMSUB_D: case OP_FNMSUB_D: case OP_FNMADD_D:
            kind = SIMTY_FP_FMA;
            break;
        case OP_FCVT_W_S: case OP_FCVT_WU_S: case OP_FCVT_S_W: case OP_FCVT_S_WU:
        case OP_FCVT_S_D: case OP_FCVT_D_S: case OP_FCVT_W_D: case OP_FCVT_WU_D:
        case OP_FCVT_D_W: case OP_FCVT_D_WU:
            kind = SIMTY_FP_CVT;
            break;
        default:
            kind = SIMTY_FP_MISC;
            break;
        }
        /* the F and D operations: FMADD_S .. FCVT_D_WU in the op list,
         * less the loads and stores (which the memory times) */
        const bool fp_op = op >= OP_FMADD_S && op <= OP_FCVT_D_WU && op != OP_FLD && op != OP_FSD;
        extra[op] = fp_op ? (uint16_t)(cfg->fp_latency[kind] - 1) : 0;
    }
}

/* The pipelines, empty; `attach`: from the machine as it is (sampled
 * simulation: the path tables and s->timing kept, steering from now on),
 * else at reset. */
static int cycle_setup(simty_sim *s, bool attach, char *err, size_t errlen)
{
    if (!attach && memsys_create(s, &s->timing, err, errlen))
        return -1;
    for (unsigned c = 0; c < s->ncores; c++) {
        sim_core *core = &s->core[c];
        pipe_state *p = calloc(1, sizeof *p);
        core->model_state = p;
        if (p) {
            p->warp = calloc(s->W, sizeof *p->warp);
            p->idle_since = calloc(s->W, sizeof *p->idle_since);
            p->loads = calloc(s->W, sizeof *p->loads);
            p->fp_due = calloc((size_t)s->W * 64, sizeof *p->fp_due);
            p->steer.fetched = calloc(s->W, sizeof *p->steer.fetched);
        }
        if (!p || !p->warp || !p->idle_since || !p->loads || !p->fp_due || !p->steer.fetched) {
            if (attach)
                cycle_free_pipes(s);
            else
                cycle_free(s);
            snprintf(err, errlen, "out of host memory");
            return -1;
        }
        p->warp0 = core->warp0;
        p->irq_armed = &core->irq_armed;
        p->st = &core->stats;
        p->decoded = core->decoded;
        p->hold_sync = s->ncores > 1 && s->quantum > 1;
        p->timing = s->timing;
        p->due = memsys_due_table(s->timing) + core->warp0;
        p->hierarchy = memsys_is_hierarchy(s->timing);
        if (s->ncores > 1)
            snprintf(p->name, sizeof p->name, "c%u ", c);
        p->paths = core->paths;
        p->steering = plugin_ops(PLUGIN_STEERING, (int)s->cfg.steering); /* (checked) */
        p->steer.greedy = s->W; /* none yet */
        /* reset (spec 7): warps are initialised one per cycle, then steering
         * visits them in warp order */
        p->start = s->W;
        p->rr_from = p->steering == &steering_rr ? p->start : UINT64_MAX;
        unsigned pow2 = 1;
        while (pow2 < s->W)
            pow2 *= 2;
        p->select_mask = pow2 - 1;
        p->write_parity = -1;
        fp_extra_table(&s->cfg, p->fp_extra);
        if (attach)
            cycle_attach_core(s, p);
        for (unsigned w = 0; w < s->W && !attach; w++) {
            warp_paths_init(s, &p->paths[w]);
            p->warp[w].spec_pc = s->elf.entry;
            p->warp[w].replay_pc = 1; /* no replay pending (never a valid PC) */
            p->live |= warp_bit(w);
        }
    }
    if (s->cfg.trace_kanata) { /* one log: every core's records */
        if (!(s->kt = calloc(1, sizeof *s->kt))) {
            cycle_free(s);
            snprintf(err, errlen, "out of host memory");
            return -1;
        }
        kanata_open(s->kt, s->cfg.trace_kanata, 0);
    }
    for (unsigned c = 0; c < s->ncores; c++)
        ((pipe_state *)s->core[c].model_state)->kt = s->kt;
    return 0;
}

static int cycle_init(simty_sim *s, char *err, size_t errlen)
{
    return cycle_setup(s, false, err, errlen);
}

static int cycle_attach(simty_sim *s, char *err, size_t errlen)
{
    return cycle_setup(s, true, err, errlen);
}

/* At the end of the run: write the queued events and end the records still
 * in the pipeline, so the log is complete. */
static void trace_drain(simty_sim *s, const sim_core *c, pipe_state *p)
{
    kanata *k = p->kt;
    kanata_tick(k, s->cycle); /* what is still in the pipeline ends now */
    const fetch_latch *fetches[] = {&p->steer_out, &p->fetch_out};
    for (unsigned i = 0; i < 2; i++)
        if (fetches[i]->valid)
            kanata_flush(k, fetches[i]->trace);
    for (unsigned age = 0; age < 4; age++) { /* issued, not yet at F+7 */
        const uop *u = &p->ring[UOP_AT(p->now - age)];
        if (u->valid) {
            kanata_label(k, u->trace, 0, " [squashed]");
            kanata_flush(k, u->trace);
        }
    }
    for (uint64_t b = p->buffered; b; b &= b - 1)
        kanata_flush(k, p->warp[__builtin_ctzll(b)].buf_trace);
    /* executed: the one waiting to commit, loads waiting for writeback */
    if (p->member_out.valid)
        kanata_retire(k, p->ring[p->member_out.slot].trace);
    for (unsigned i = 0; i < p->load_count; i++) { /* their writeback never comes */
        const load_entry *e = &p->loads[(p->load_head + i) % s->W];
        kanata_cancel(k, e->trace); /* its Ld stage, if still in the future */
        kanata_retire(k, e->trace);
    }
    /* queued events (the end of committed records), in time order, once
     * every core's records are in */
    while (c->id + 1 == s->ncores && k->npending) {
        uint64_t next = k->pending[0].cycle;
        for (unsigned i = 1; i < k->npending; i++)
            if (k->pending[i].cycle < next)
                next = k->pending[i].cycle;
        kanata_tick(k, next);
    }
}

static uint64_t cycle_in_flight(const simty_sim *s, const sim_core *c);

/* A waiting path of global warp gw became runnable: if the warp had none,
 * fetch steering picks it up again at the new HCT1. */
static void cycle_woken(void *ctx, unsigned gw)
{
    simty_sim *s = ctx;
    pipe_state *p = warp_core(s, gw)->model_state;
    unsigned w = gw % s->W;
    if ((p->live & warp_bit(w)) || !paths_count(&p->paths[w]))
        return; /* (ipdom: woken, but held by a call) */
    p->live |= warp_bit(w);
    p->warp[w].spec_pc = paths_active(&p->paths[w])->pc;
}

/* Nothing runnable and nothing about to commit. */
static bool cycle_quiet(const simty_sim *s, const sim_core *c)
{
    (void)s;
    const pipe_state *p = c->model_state;
    return !p->live && !p->member_out.valid;
}

static bool cycle_tick(simty_sim *s, sim_core *c)
{
    pipe_state *p = c->model_state;
    p->now = c->now;
    p->decoded = c->decoded; /* its host thread's */
    if (p->kt)
        kanata_tick(p->kt, p->now);
    /* back to front: see pipeline.h */
    stage_commit(s, p);
    stage_membership(s, p); /* may end the run: the cycle still completes */
    stage_writeback(s, p);
    if (p->kt) /* F+4..F+6: nothing moves (pipeline.h) */
        trace_collect_execute(p);
    stage_schedule(s, p);
    stage_predecode(s, p);
    stage_fetch(s, p);
    stage_steer(s, p);
    return true;
}

/* Cycles in which nothing can happen, skipped as one event (model_ops
 * burst's batch): from cycle t = s->cycle on, as long as no stage has
 * anything to do but steering's round-robin pointer passing warps that are
 * not live.  Such a cycle changes only that pointer, the empty-buffer stall
 * count and the register-bank rule's two-cycle memory, which are advanced
 * here by the k cycles skipped: the state after them is the state k ticks
 * would leave.  Tried only where that is all a tick does: the rr policy
 * past reset, the ideal memory (with a hierarchy the loop is not in a
 * burst), no Kanata log (which writes every cycle); nothing buffered,
 * nothing in F+1 or F+2, nothing committing.  Its limits: the next cycle
 * the pointer reaches a live warp, an issued instruction reaches F+7, or
 * the oldest load's data is due (the writeback FIFO's head: the ideal
 * memory returns in order). */
static uint64_t cycle_batch(simty_sim *s, sim_core *c, uint64_t end)
{
    pipe_state *p = c->model_state;
    const uint64_t t = s->cycle;
    if (p->buffered || p->kt || t < p->rr_from || p->member_out.valid || p->steer_out.valid ||
        p->fetch_out.valid || !p->live)
        return 0;
    const unsigned W = s->W, ptr = p->steer.ptr;
    const uint64_t ahead = p->live >> ptr; /* live warps at or after the pointer */
    uint64_t k = ahead ? (unsigned)__builtin_ctzll(ahead)
                       : W - ptr + (unsigned)__builtin_ctzll(p->live);
    if (p->ring_valid) { /* in flight: issued at t - 4 + i reaches F+7 at t + i */
        const unsigned r = UOP_AT(t - 4), v = p->ring_valid;
        const unsigned from = (v >> r | v << (UOP_RING - r)) & 0xff; /* bit i: issued t-4+i */
        if ((unsigned)__builtin_ctz(from) < k)
            k = (unsigned)__builtin_ctz(from);
    }
    if (p->load_count) {
        const uint64_t due = p->due[p->loads[p->load_head].warp];
        if (due <= t)
            return 0;
        if (due - t < k)
            k = due - t;
    }
    if (end - t < k)
        k = end - t;
    if (!k)
        return 0;
    p->steer.ptr = (unsigned)((ptr + k) % W);
    p->st->stall_empty += k;
    p->bank_busy = k == 1 ? p->bank_busy_next : 0;
    p->bank_busy_next = 0;
    p->issued_now = 0;
    p->write_parity = -1;
    p->now = t + k - 1;
    if (p->fp_late_warps) /* (what those cycles' schedule stages would have written) */
        fp_writeback(p);
    return k;
}

MODEL_BURST(cycle_burst, cycle_tick, cycle_quiet, cycle_batch)

static void cycle_finish(simty_sim *s, sim_core *c)
{
    pipe_state *p = c->model_state;
    /* instructions still between issue and F+7 never execute: the end of
     * the run cuts them off, and they count as squashed (so executed slots
     * = warp_instructions - squashed) */
    c->stats.squashed += cycle_in_flight(s, c);
    if (p->kt)
        trace_drain(s, c, p);
    /* counted as squashed above: nothing is in flight any more (a region of
     * interest still open is closed after this and must not count them again) */
    for (unsigned i = 0; i < UOP_RING; i++)
        p->ring[i].valid = false;
    p->ring_valid = 0;
}

static uint64_t cycle_in_flight(const simty_sim *s, const sim_core *c)
{
    (void)s;
    const pipe_state *p = c->model_state;
    uint64_t n = p->executing;
    for (unsigned i = 0; i < UOP_RING; i++) /* (only the last 4 issued can be valid) */
        n += p->ring[i].valid;
    return n;
}

static uint64_t hash_uop(uint64_t h, const uop *u)
{
    return u->valid ? mix(h, ((uint64_t)u->warp << 32 | u->pc) + 1) : mix(h, 0);
}

/* Everything that decides the future of the pipeline, with times relative
 * to now (deadlock detection). */
static uint64_t cycle_hash(const simty_sim *s, const sim_core *core)
{
    const pipe_state *p = core->model_state;
    uint64_t h = path_report_hash(s, p->paths, p->warp0, p->idle_since);
    h = mix(h, p->live);
    h = mix(h, p->buffered);
    h = mix(h, p->loading);
    if (p->steering->hash)
        h = mix(h, p->steering->hash(&p->steer, s->W));
    h = mix(h, p->steer.ptr | (uint64_t)(s->cycle & p->select_mask) << 8 |
                   (uint64_t)(p->bank_busy | p->bank_busy_next << 2) << 40);
    h = mix(h, s->cycle < p->start ? p->start - s->cycle : 0);
    for (unsigned w = 0; w < s->W; w++) {
        const warp_pipe *wp = &p->warp[w];
        h = mix(h, (uint64_t)wp->spec_pc << 32 | (uint32_t)wp->scoreboard);
        h = mix(h, wp->scoreboard >> 32);
        for (uint64_t r = wp->fp_late; r; r &= r - 1) /* F and D results still to come */
            h = mix(h, (uint64_t)__builtin_ctzll(r) << 56 ^
                           (p->fp_due[w * 64 + (unsigned)__builtin_ctzll(r)] - s->cycle));
        if (p->buffered & warp_bit(w))
            h = mix(h, wp->buf_pc);
    }
    h = mix(h, p->steer_out.valid ? ((uint64_t)p->steer_out.warp << 32 | p->steer_out.pc) + 1 : 0);
    h = mix(h, p->fetch_out.valid ? ((uint64_t)p->fetch_out.warp << 32 | p->fetch_out.pc) + 1 : 0);
    for (unsigned age = 0; age < 4; age++) /* by age: the ring's slots are cycles */
        h = hash_uop(h, &p->ring[UOP_AT(p->now - age)]);
    if (p->member_out.valid) {
        const commit_latch *c = &p->member_out;
        const uop *u = &p->ring[c->slot];
        const path_t *hct1 = paths_active(&p->paths[u->warp]);
        int32_t base = hct1 ? hct1->depth : 0;
        h = mix(h, 0); /* (the engine before the ring hashed its consumed copy here) */
        for (int k = 0; k < 2; k++)
            if (c->c.next[k].mask) /* an unused entry's depth means nothing */
                h = mix(mix(h, (uint64_t)c->c.next[k].pc << 32 |
                               ((uint32_t)c->c.next[k].depth - (uint32_t)base)),
                    c->c.next[k].mask);
        h = mix(h, (uint64_t)c->c.park << 48 | (uint64_t)c->c.pause << 40 |
                       (uint64_t)c->c.wrs_timeout << 32 | c->c.backoff);
    }
    for (unsigned i = 0; i < p->load_count; i++) {
        const load_entry *e = &p->loads[(p->load_head + i) % s->W];
        h = mix(h, (uint64_t)e->warp << 40 | (uint64_t)e->rd << 32);
    }
    return mix(h, memsys_hash(s->timing, core->id, s->cycle));
}

/* A debugger changed warp gw's paths (sim/debug.c): its fetch is redirected
 * to the new HCT1 and its buffered instruction dropped (what is in flight
 * is squashed at F+7 if it is no longer HCT1's). */
static void cycle_changed(simty_sim *s, unsigned gw, const char *why)
{
    unsigned w = gw % s->W;
    pipe_state *p = warp_core(s, gw)->model_state;
    warp_pipe *wp = &p->warp[w];
    const path_t *next = paths_active(&p->paths[w]);
    if (next) {
        p->live |= warp_bit(w);
        wp->spec_pc = next->pc;
    } else {
        p->live &= ~warp_bit(w);
    }
    if (p->buffered & warp_bit(w)) {
        p->buffered &= ~warp_bit(w);
        if (p->kt) {
            kanata_label(p->kt, wp->buf_trace, 0, " [flushed by %s]", why);
            kanata_flush(p->kt, wp->buf_trace);
        }
    }
}

/* Warp gw has an executed instruction waiting to commit: its paths are
 * about to change. */
static bool cycle_busy(const simty_sim *s, unsigned gw)
{
    const pipe_state *p = warp_core(s, gw)->model_state;
    return p->member_out.valid && p->ring[p->member_out.slot].warp == gw % s->W;
}

static const model_report_ops cycle_report = {
    .deadlock_hint = "; a spin loop may be waiting for a thread of its own warp, spec section 2",
    .hash = cycle_hash,
    .in_flight = cycle_in_flight,
};

static const model_debug_ops cycle_debug = {.changed = cycle_changed, .busy = cycle_busy};

const model_ops model_cycle = {
    .name = "cycle",
    .watch_interval_per_hart = 64,
    .init = cycle_init,
    .free = cycle_free,
    .quiet = cycle_quiet,
    .tick = cycle_tick,
    .woken = cycle_woken,
    .report = &cycle_report,
    .burst = cycle_burst,
    .finish = cycle_finish,
    .debug = &cycle_debug,
    .attach = cycle_attach,
    .detach = cycle_detach,
    .save = cycle_save,
    .load = cycle_load,
};
