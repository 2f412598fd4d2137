/* Schedule (F+3): qualification and loose round-robin selection, then the
 * operand-collect and execute stages (F+4..F+6), which only carry the
 * instruction: execution itself happens at F+7 (see pipeline.h). */
/* Part of the cycle model's one translation unit: included once, by
 * cycle_model.c, so that the compiler inlines every stage into the cycle
 * loop (7-9% fewer host instructions per cycle than separate files). */
#ifndef SIMTY_PIPELINE_ISSUE_H
#define SIMTY_PIPELINE_ISSUE_H

#include "memsys/memsys.h"
#include "pipeline/pipeline.h"

/* Why warp w's buffered instruction cannot issue this cycle, checked in the
 * spec's order: scoreboard, pending load, register-bank rule; then, with a
 * memory hierarchy, a store while the core's write buffer is full. */
static enum stall_cause qualify(const pipe_state *p, unsigned w, unsigned bank, bool store_ok)
{
    const warp_pipe *wp = &p->warp[w];
    if (wp->scoreboard & wp->buf_regs)
        return STALL_SCOREBOARD;
    if (p->loading & warp_bit(w))
        return STALL_LOAD;
    if (bank & (1u << (w & 1)))
        return STALL_BANK;
    if (!store_ok && wp->buf_insn.cls == CLS_STORE)
        return STALL_STORE;
    return STALL_NONE;
}

/* F and D results due after F+7 (fp_latency above 1) are written when
 * due: their registers leave the scoreboard.  (The FP unit is pipelined
 * and writes through its own port: docs/pipeline.md.) */
static __attribute__((noinline)) void fp_writeback(pipe_state *p)
{
    for (uint64_t ws = p->fp_late_warps; ws; ws &= ws - 1) {
        const unsigned w = (unsigned)__builtin_ctzll(ws);
        warp_pipe *wp = &p->warp[w];
        for (uint64_t r = wp->fp_late; r; r &= r - 1) {
            const unsigned b = (unsigned)__builtin_ctzll(r);
            if (p->fp_due[w * 64 + b] <= p->now) {
                wp->fp_late &= ~(1ull << b);
                wp->scoreboard &= ~(1ull << b);
            }
        }
        if (!wp->fp_late)
            p->fp_late_warps &= ~warp_bit(w);
    }
}

static void stage_schedule(simty_sim *s, pipe_state *p)
{
    simty_stats *st = p->st;
    p->issued_now = 0;
    const unsigned bank = p->bank_busy; /* the rule binds only the cycle(s) right after */
    p->bank_busy = p->bank_busy_next;
    p->bank_busy_next = 0;
    if (__builtin_expect(p->fp_late_warps != 0, 0))
        fp_writeback(p);

    if (!p->buffered) {
        st->stall_empty++;
        return;
    }
    /* loose round-robin: among ready warps, the j minimising j XOR counter;
     * a stall is charged to what blocks the warp it would otherwise pick */
    unsigned counter = (unsigned)p->now & p->select_mask;
    /* (the hint keeps the block layout this loop was tuned with) */
    const bool store_ok = __builtin_expect(!p->hierarchy, 0) ||
                          memsys_store_ready(p->timing, p->warp0 / s->W);
    unsigned best = ~0u, best_key = ~0u, blocked_key = ~0u;
    enum stall_cause blocked = STALL_NONE;
    for (uint64_t c = p->buffered; c; c &= c - 1) {
        unsigned j = (unsigned)__builtin_ctzll(c), key = j ^ counter;
        enum stall_cause why = qualify(p, j, bank, store_ok);
        if (why == STALL_NONE) {
            if (key < best_key)
                best = j, best_key = key;
        } else if (key < blocked_key) {
            blocked = why, blocked_key = key;
        }
    }
    if (best == ~0u) {
        st->stall_scoreboard += blocked == STALL_SCOREBOARD;
        st->stall_load += blocked == STALL_LOAD;
        st->stall_bank += blocked == STALL_BANK;
        st->stall_store += blocked == STALL_STORE;
        return;
    }

    warp_pipe *wp = &p->warp[best];
    const insn_t *d = &wp->buf_insn;
    uop *out = &p->ring[UOP_AT(p->now)]; /* (free: F+7 took the last one in it 4 cycles ago) */
    const uint64_t rd = insn_rd_bit(d);
    const bool waits = uop_waits(p->hold_sync, d);
    *out = (uop){.valid = true, .waits = waits, .warp = (uint8_t)best, .pc = wp->buf_pc,
                 .rd_bit = rd, .insn = *d, .issued = p->now, .trace = wp->buf_trace};
    p->ring_valid |= (uint8_t)(1u << UOP_AT(p->now));
    p->buffered &= ~warp_bit(best);
    p->issued_now = warp_bit(best);
    wp->scoreboard |= rd;
    if (waits)
        p->loading |= warp_bit(best);
    /* a two-source instruction reads its bank over two cycles, a
     * three-source one (fmadd and co.) over three */
    if ((d->flags & (INSN_READS_RS1 | INSN_READS_RS2)) == (INSN_READS_RS1 | INSN_READS_RS2))
        p->bank_busy |= 1u << (best & 1);
    if (d->flags & INSN_READS_RS3)
        p->bank_busy_next |= 1u << (best & 1);
    st->warp_instructions++;
    if (p->kt)
        kanata_stage(p->kt, out->trace, "Is");
}

/* F+4 (rs1), F+5 (rs2), F+6 (execute): the instruction stays in its ring
 * slot (pipeline.h); only the Kanata log sees these stages. */
static __attribute__((noinline)) void trace_collect_execute(pipe_state *p)
{
    static const char *const stage[] = {"Ex", "O2", "O1"}; /* issued 3, 2, 1 cycles ago */
    for (unsigned age = 3; age >= 1; age--) {
        const uop *u = &p->ring[UOP_AT(p->now - age)];
        if (u->valid)
            kanata_stage(p->kt, u->trace, stage[3 - age]);
    }
}

#endif
