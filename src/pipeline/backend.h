/* Back end: membership and execution (F+7), commit (F+8), memory and load
 * writeback (F+9, F+10). */
/* Part of the cycle model's one translation unit: included once, by
 * cycle_model.c, so that the compiler inlines every stage into the cycle
 * loop (7-9% fewer host instructions per cycle than separate files). */
#ifndef SIMTY_PIPELINE_BACKEND_H
#define SIMTY_PIPELINE_BACKEND_H

#include "memsys/memsys.h"
#include "pipeline/pipeline.h"
#include "sync/spin.h"
#include "trace/commit_trace.h"

/* F+7, HCT1's instruction whose word a store changed after it was fetched
 * (self-modifying code): it is squashed and the warp fetches it again, so
 * the instruction that executes is always the word memory holds at F+7 and
 * the pipeline's bookkeeping (scoreboard, load wait) is always its own. */
static void refetch_changed(pipe_state *p, const uop *in, bool returns_data)
{
    const unsigned w = in->warp;
    warp_pipe *wp = &p->warp[w];
    p->st->squashed++;
    p->st->redirects++;
    wp->scoreboard &= ~in->rd_bit; /* (an F or D result due later too) */
    if (returns_data)
        p->loading &= ~warp_bit(w);
    wp->spec_pc = in->pc;
    if (p->buffered & warp_bit(w)) {
        p->buffered &= ~warp_bit(w);
        if (p->kt) {
            kanata_label(p->kt, wp->buf_trace, 0, " [flushed by redirect]");
            kanata_flush(p->kt, wp->buf_trace);
        }
    }
    if (p->kt) {
        kanata_stage(p->kt, in->trace, "Wb");
        kanata_label(p->kt, in->trace, 0, " [squashed: code changed since fetch]");
        kanata_at(p->kt, p->now + 1, in->trace, KANATA_FLUSH, NULL);
    }
}

/* The rest of F+7 after the execution (outcome o): the write port,
 * memory timing, statistics, traces, replay bookkeeping, the spin detector,
 * the latch to commit.  Inline, so that a simple slot's constant outcome
 * folds away. */
static inline __attribute__((always_inline)) void
member_done(simty_sim *s, pipe_state *p, uop *in, commit_latch *out, warp_pipe *wp,
            unsigned w, unsigned gw, bool returns_data, const path_t *active, warp_outcome *o)
{
    if ((in->insn.flags & INSN_WRITES_RD) && !returns_data && !p->fp_extra[in->insn.op])
        p->write_parity = (int)(w & 1); /* (a later F or D result: the FP unit's port) */
    if (__builtin_expect(in->insn.fp != 0, 0) && p->fp_extra[in->insn.op]) {
        const uint64_t rd = in->rd_bit; /* written when due (fp_writeback) */
        if (o->trapped || !rd) {
            wp->scoreboard &= ~rd;
        } else {
            p->fp_due[w * 64 + (unsigned)__builtin_ctzll(rd)] = p->now + p->fp_extra[in->insn.op];
            wp->fp_late |= rd;
            p->fp_late_warps |= warp_bit(w);
        }
    }
    if (o->trapped && returns_data) { /* nothing comes back: as squashed */
        wp->scoreboard &= ~in->rd_bit;
        p->loading &= ~warp_bit(w);
    }

    if (o->memory)
        memsys_access(p->timing, gw, o->mem, p->now);
    if (p->hold_sync && !o->trapped &&
        (o->insn->cls == CLS_AMO || o->insn->op == OP_FENCE || o->insn->op == OP_FENCE_I))
        memsys_hold(p->timing, gw, s->quantum_end); /* its effect comes then */
    warp_count_executed(s, p->st, active, o);
    if (s->cfg.trace_commits && o->retired && sim_trace_at(s, p->now + 1))
        commit_trace_commit(s, p->now + 1, gw, 0, active->pc, o->insn,
                           o->retired);
    if (p->kt) {
        bool replay_pass = active->pc == wp->replay_pc && (active->mask & wp->replay_mask);
        kanata_stage(p->kt, in->trace, "Wb");
        kanata_label(p->kt, in->trace, 0, " [mask %0*llx]%s", (int)((s->T + 3) / 4),
                     (unsigned long long)active->mask, replay_pass ? " [replay]" : "");
        if (o->replay)
            kanata_label(p->kt, in->trace, 0, " [%u lanes replay: %s]",
                         lane_count(active->mask & ~o->retired, s->T),
                         o->replay == REPLAY_MEMORY ? "memory" : "indirect jump");
    }
    if (o->replay) {
        wp->replay_pc = active->pc;
        wp->replay_mask = active->mask & ~o->retired;
    } else if (active->pc == wp->replay_pc) {
        wp->replay_mask &= ~active->mask;
    }
    /* the spin detector reads the registers the slot leaves behind */
    if (s->cfg.spin_detect && !o->c.backoff) /* (else a semihosting call's wait) */
        o->c.backoff = spin_note(&p->paths[w].spin, s, gw, active, o);
    out->valid = true;
    out->slot = (uint8_t)(in - p->ring);
    out->active = active->mask;
    out->c = o->c;
    out->replay = o->replay;
    if (o->trapped) /* no memory pass, no load to wait for: commit sees a system instruction */
        in->insn.cls = CLS_SYSTEM;
}

/* F+7: the instruction is valid only if its PC is HCT1's; then the warp
 * executes it on HCT1's path, through the code every model shares. */
static __attribute__((noinline)) void member_execute(simty_sim *s, pipe_state *p, uop *in)
{
    commit_latch *out = &p->member_out;
    in->valid = false; /* consumed (the run may end in this stage) */
    p->ring_valid &= (uint8_t)~(1u << (in - p->ring));
    const unsigned w = in->warp;
    warp_pipe *wp = &p->warp[w];
    const bool returns_data = in->waits;
    if (!returns_data && !p->fp_extra[in->insn.op])
        wp->scoreboard &= ~in->rd_bit; /* ALU writeback now */

    const path_t *hct1 = paths_active(&p->paths[w]);
    if (!hct1 || hct1->pc != in->pc) { /* stale path: no effect at all */
        p->st->squashed++;
        wp->scoreboard &= ~in->rd_bit; /* (an F or D result due later too) */
        if (returns_data)
            p->loading &= ~warp_bit(w);
        if (p->kt) {
            kanata_stage(p->kt, in->trace, "Wb");
            kanata_label(p->kt, in->trace, 0, " [squashed]");
            kanata_at(p->kt, p->now + 1, in->trace, KANATA_FLUSH, NULL);
        }
        return;
    }

    const decode_cache *dc = p->decoded; /* the common case: a hit on the same word */
    unsigned slot = decode_slot(in->pc);
    if (__builtin_expect(dc->tag[slot] != in->pc || dc->insn[slot].raw != in->insn.raw, 0)) {
        const insn_t *now = sim_peek(s, p->decoded, in->pc); /* NULL: unmapped, faults below */
        if (now && now->raw != in->insn.raw) {
            refetch_changed(p, in, returns_data);
            return;
        }
    }

    const path_t active = *hct1;
    const unsigned gw = p->warp0 + w;
    /* the common case inline (warp_exec.h), else the general one */
    const simple_slot r = warp_execute_simple(s, gw, &active, *p->irq_armed);
    if (r.insn) {
        warp_outcome o = simple_outcome(&r, &active);
        member_done(s, p, in, out, wp, w, gw, returns_data, &active, &o);
        return;
    }
    warp_outcome o;
    o.mem = &p->req;
    p->executing = true; /* its slot is still in flight for a region of interest */
    bool ok = warp_execute(s, gw, 0, s->T, &active, &o);
    p->executing = false;
    if (!ok) { /* guest fault: the run is over */
        if (p->kt) {
            kanata_stage(p->kt, in->trace, "Wb");
            kanata_label(p->kt, in->trace, 0, " [fault]");
            kanata_at(p->kt, p->now + 1, in->trace, KANATA_FLUSH, NULL);
        }
        return;
    }
    member_done(s, p, in, out, wp, w, gw, returns_data, &active, &o);
}

/* F+7 of this cycle: the instruction issued 4 cycles ago, if any (the
 * common empty case inline, without member_execute's call). */
static inline void stage_membership(simty_sim *s, pipe_state *p)
{
    uop *in = &p->ring[UOP_AT(p->now - 4)]; /* issued at F+3 */
    p->member_out.valid = false;
    p->write_parity = -1;
    if (in->valid)
        member_execute(s, p, in);
}

/* F+8: compact/sort and the HCT/CCT update, then the non-speculative next
 * PC goes to fetch steering: a redirect if it is not the static prediction
 * (PC + the instruction's length).  Loads send their request to memory. */
static void stage_commit(simty_sim *s, pipe_state *p)
{
    commit_latch *in = &p->member_out;
    if (!in->valid)
        return;
    in->valid = false;
    const uop *u = &p->ring[in->slot];
    const unsigned w = u->warp;
    warp_pipe *wp = &p->warp[w];
    path_table *pt = &p->paths[w];
    simty_stats *st = p->st;

    /* the offline sorter has stepped in every cycle the CCT port was idle */
    warp_commit(s, p->st, pt, (p->warp0 + w) * s->T, &in->c, p->now - p->idle_since[w], p->now);
    p->idle_since[w] = p->now + 1;

    const path_t *next = paths_active(pt);
    bool flush_buffer = false;
    if (!next) { /* every thread of the warp has ended or waits */
        p->live &= ~warp_bit(w);
        flush_buffer = true;
    } else if (next->pc != u->pc + u->insn.len) {
        wp->spec_pc = next->pc;
        flush_buffer = true;
        st->redirects++;
    }
    if (flush_buffer && (p->buffered & warp_bit(w))) {
        p->buffered &= ~warp_bit(w);
        if (p->kt) {
            kanata_label(p->kt, wp->buf_trace, 0, " [flushed by redirect]");
            kanata_flush(p->kt, wp->buf_trace);
        }
    }

    const insn_t *d = &u->insn;
    bool memory = d->cls == CLS_LOAD || d->cls == CLS_STORE || d->cls == CLS_AMO;
    if (uop_waits(p->hold_sync, d)) {
        unsigned slot = (p->load_head + p->load_count) % s->W;
        p->loads[slot] = (load_entry){.warp = (uint8_t)w,
                                      .rd = (uint8_t)(d->rd + (d->fp & FP_RD ? 32 : 0)),
                                      .ld_traced = p->due[w] != UINT64_MAX,
                                      .issued = u->issued, .trace = u->trace};
        p->load_count++;
    }
    uint64_t due = uop_waits(p->hold_sync, d) ? p->due[w] : 0;
    if (p->kt) {
        kanata_stage(p->kt, u->trace, "Cm");
        if (memory)
            kanata_at(p->kt, p->now + 1, u->trace, KANATA_STAGE, "Mm");
        if (uop_waits(p->hold_sync, d)) { /* ends at its writeback */
            if (due != UINT64_MAX) /* else: placed at its writeback */
                kanata_at(p->kt, due, u->trace, KANATA_STAGE, "Ld");
        }
        else
            kanata_at(p->kt, p->now + 1 + memory, u->trace, KANATA_RETIRE, NULL);
    }
}

/* F+9..F+10: the memory response comes back (after --mem-latency extra
 * cycles), then the load's data is written through the writeback FIFO when
 * its bank's write port is free (not used by an F+7 writeback this cycle);
 * the warp wakes. */
static void stage_writeback(simty_sim *s, pipe_state *p)
{
    if (!p->load_count)
        return;
    /* the FIFO holds data in arrival order: the earliest due (the oldest
     * among equals); with the ideal memory that is always the oldest */
    unsigned pick = 0;
    uint64_t best = p->due[p->loads[p->load_head].warp];
    for (unsigned i = 1; (p->hierarchy || p->hold_sync) && i < p->load_count; i++) {
        uint64_t due = p->due[p->loads[(p->load_head + i) % s->W].warp];
        if (due < best) {
            best = due;
            pick = i;
        }
    }
    load_entry e = p->loads[(p->load_head + pick) % s->W];
    if (best > p->now || p->write_parity == (int)(e.warp & 1))
        return;
    for (unsigned i = pick; i > 0; i--) /* close the gap: the older entries move up */
        p->loads[(p->load_head + i) % s->W] = p->loads[(p->load_head + i - 1) % s->W];
    p->warp[e.warp].scoreboard &= ~(e.rd ? 1ull << e.rd : 0);
    p->loading &= ~warp_bit(e.warp);
    p->st->loads++;
    p->st->load_latency_sum += p->now - e.issued;
    if (p->kt) {
        if (!e.ld_traced) /* a miss: the data came this cycle */
            kanata_stage(p->kt, e.trace, "Ld");
        kanata_at(p->kt, p->now + 1, e.trace, KANATA_RETIRE, NULL);
    }
    p->load_head = (p->load_head + 1) % s->W;
    p->load_count--;
}

#endif
