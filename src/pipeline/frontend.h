/* Front end: fetch steering (F), fetch (F+1), predecode (F+2). */
/* Part of the cycle model's one translation unit: included once, by
 * cycle_model.c, so that the compiler inlines every stage into the cycle
 * loop (7-9% fewer host instructions per cycle than separate files). */
#ifndef SIMTY_PIPELINE_FRONTEND_H
#define SIMTY_PIPELINE_FRONTEND_H

#include "memsys/memsys.h"
#include "pipeline/pipeline.h"

/* A Kanata record for the fetch, if this cycle is in the trace window. */
static __attribute__((noinline)) void trace_steer(const simty_sim *s, pipe_state *p,
                                                  fetch_latch *out, unsigned w)
{
    out->trace = sim_trace_at(s, p->now) ? kanata_new(p->kt, p->warp0 + w) : KANATA_NONE;
    kanata_stage(p->kt, out->trace, "St");
}

/* A memory hierarchy (the ideal memory always delivers): an instruction
 * cache miss makes the warp wait for the line. */
static __attribute__((noinline)) bool icache_ready(pipe_state *p, unsigned w)
{
    if (memsys_fetch(p->timing, p->warp0 + w, p->warp[w].spec_pc, p->now))
        return true;
    p->st->stall_fetch++;
    return false;
}

/* What the steering policy sees of the core (steering.h).  A warp is
 * `fetching` when its speculative PC is already in F+1. */
static steer_view steer_view_of(const simty_sim *s, const pipe_state *p)
{
    const fetch_latch *f = &p->fetch_out;
    const bool dup = f->valid && f->pc == p->warp[f->warp].spec_pc;
    return (steer_view){.W = s->W, .now = p->now, .live = p->live, .loading = p->loading,
                        .fetching = dup ? warp_bit(f->warp) : 0};
}

/* A policy other than rr picks the warp (through its table), or none. */
static __attribute__((noinline)) unsigned steer_policy(const simty_sim *s, pipe_state *p)
{
    const steer_view v = steer_view_of(s, p);
    const unsigned w = p->steering->pick(&p->steer, &v);
    return w < s->W ? w : STEER_NONE;
}

/* F: the steering policy picks one warp per cycle (rr, the default: the
 * round-robin pointer, inline) and the stage reads its speculative PC
 * (static prediction: the next fetch of the warp is the next instruction,
 * PC+4 or PC+2 after a compressed one).  A pick that is not live loses the
 * slot.  One test per cycle, as before policies: rr_from is the end of
 * reset under rr, never under another policy. */
static void stage_steer(simty_sim *s, pipe_state *p)
{
    fetch_latch *out = &p->steer_out;
    out->valid = false;
    unsigned w;
    if (__builtin_expect(p->now < p->rr_from, 0)) {
        if (p->now < p->start) /* reset: warps are initialised one per cycle */
            return;
        w = steer_policy(s, p);
        if (w == STEER_NONE)
            return;
    } else {
        w = steer_rr_pick(&p->steer, s->W);
    }
    if (!(p->live & warp_bit(w)))
        return;
    if (__builtin_expect(p->hierarchy, 0) && !icache_ready(p, w))
        return;
    out->valid = true;
    out->warp = (uint8_t)w;
    out->pc = p->warp[w].spec_pc;
    if (p->kt)
        trace_steer(s, p, out, w);
}

/* F+1: instruction memory.  A fetch never faults and never changes the
 * decode cache: a wrong-path PC may point anywhere.  An unmapped PC yields
 * no instruction; if it is really HCT1's, F+7 reports the fault. */
static void stage_fetch(simty_sim *s, pipe_state *p)
{
    const fetch_latch *in = &p->steer_out;
    fetch_latch *out = &p->fetch_out;
    if (!in->valid) {
        out->valid = false;
        return;
    }
    *out = *in;
    /* read the decode cache but never fill it: what F+7 executes must not
     * depend on which (possibly wrong-path) PCs were fetched before */
    const decode_cache *dc = p->decoded;
    unsigned i = decode_slot(in->pc);
    if (dc->tag[i] == in->pc) {
        out->fetched = true;
        out->insn = dc->insn[i];
    } else { /* (not fetched: illegal, no registers) */
        out->fetched = sim_decode_at(s, in->pc, &out->insn);
    }
    /* one instruction per fetch, 2 or 4 bytes (docs/pipeline.md) */
    p->st->fetches += out->fetched;
    p->st->fetch_bytes += out->fetched ? out->insn.len : 0;
    if (p->kt)
        kanata_stage(p->kt, out->trace, "If");
}

static uint64_t regs_used(const insn_t *d)
{
    uint64_t r = insn_rd_bit(d);
    if (d->flags & INSN_READS_RS1)
        r |= register_bit(d->rs1, d->fp & FP_RS1);
    if (d->flags & INSN_READS_RS2)
        r |= register_bit(d->rs2, d->fp & FP_RS2);
    if (d->flags & INSN_READS_RS3)
        r |= register_bit(d->rs3, true);
    if (d->op == OP_ECALL) /* the call number and its argument */
        r |= 1u << 17 | 1u << 10; /* a7, a0 */
    return r;
}

/* F+2: the fetched instruction enters the warp's 1-entry buffer if the
 * buffer is empty and the fetch is still on the warp's speculative stream
 * (a redirect, or W = 1 fetching the same PC twice, makes it stale).
 * Otherwise it is dropped and fetched again on the warp's next turn.  A
 * buffer that issues this cycle frees at the end of the cycle: so a warp
 * never issues in two successive cycles (spec 5: no instructions of one warp
 * in two successive stages). */
static void stage_predecode(simty_sim *s, pipe_state *p)
{
    const fetch_latch *in = &p->fetch_out;
    if (!in->valid)
        return;
    unsigned w = in->warp;
    warp_pipe *wp = &p->warp[w];
    const char *why = !(p->live & warp_bit(w))     ? "warp finished"
                      : ((p->buffered | p->issued_now) & warp_bit(w)) ? "buffer full"
                      : in->pc != wp->spec_pc       ? "stale PC"
                                                    : NULL;
    if (why) {
        if (p->kt) {
            kanata_label(p->kt, in->trace, 0, "%sw%u %08x fetch dropped: %s", p->name, w, in->pc,
                         why);
            kanata_flush(p->kt, in->trace);
        }
        return;
    }
    p->buffered |= warp_bit(w);
    wp->buf_pc = in->pc;
    wp->buf_insn = in->insn;
    wp->buf_regs = regs_used(&in->insn);
    wp->buf_trace = in->trace;
    wp->spec_pc = in->pc + in->insn.len;
    if (p->kt) {
        char dis[160];
        if (in->fetched)
            sim_disasm(s, in->pc, dis, sizeof dis);
        else
            snprintf(dis, sizeof dis, "(no instruction memory)");
        for (char *c = dis; *c; c++)
            if (*c == '\t')
                *c = ' ';
        kanata_label(p->kt, in->trace, 0, "%sw%u %08x %s", p->name, w, in->pc, dis);
        kanata_stage(p->kt, in->trace, "Pb"); /* predecode, then waits in the buffer */
    }
}

#endif
