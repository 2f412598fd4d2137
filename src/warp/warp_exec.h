/* Functional execution of one warp-instruction: the active path's
 * instruction for every lane of its mask, with JALR serialisation and memory
 * coalescing.  Every model executes through it (the scalar model on a
 * one-lane view of a warp); they differ only in when they call it and how
 * they account time. */
#ifndef SIMTY_CORE_WARP_EXEC_H
#define SIMTY_CORE_WARP_EXEC_H

#include <stdbool.h>

#include "isa/exec.h"
#include "warp/mem_request.h"
#include "warp/paths.h"
#include "machine/machine.h"

enum replay_cause { REPLAY_NONE, REPLAY_MEMORY, REPLAY_INDIRECT };

/* What a SIMT slot hands to its commit (models/warp_commit.h): the produced
 * paths and what they do next.  The cycle model carries it from F+7 to F+8. */
typedef struct slot_commit {
    path_t next[2];   /* the paths it produced (mask 0: none) */
    uint8_t park;     /* enum path_wait for next[0]: barrier or wrs */
    bool wrs_timeout; /* wrs.sto: the wait of next[0] is bounded */
    bool pause;       /* Zihintpause `pause`: yield to the other paths */
    uint8_t reconv;   /* --paths ipdom, a split: where next[0] and next[1] */
    uint32_t rpc;     /* reconverge (enum reconv_kind; rpc: RECONV_AT_PC) */
    uint64_t backoff; /* spin detector: next[0] sleeps this many cycles */
} slot_commit;

typedef struct warp_outcome {
    slot_commit c;       /* the produced paths (backoff: set by the model) */
    const insn_t *insn;  /* the instruction (NULL after a fetch fault) */
    lane_mask retired;   /* lanes that completed it in this pass */
    uint8_t replay;      /* enum replay_cause: some lanes stay at this PC */
    bool divergent;      /* a conditional branch split the path */
    bool memory;         /* a memory pass was issued: mem is its request */
    bool wrote;          /* it changed memory (store, SC, AMO) */
    bool backedge;       /* a conditional branch every lane took backwards */
    bool trapped;        /* some lanes took a trap: next[0] is them at the handler */
    mem_request *mem;    /* the memory pass's request (when memory; see warp_execute) */
} warp_outcome;

/* Lanes in m (of a T-lane warp); full warps, the common case, cost a compare
 * instead of a popcount. */
static inline unsigned lane_count(lane_mask m, unsigned T)
{
    return m == full_lane_mask(T) ? T : lane_popcount(m);
}

/* Executes the instruction of path p on lanes [first, first+n) of global
 * warp gw; bit i of p->mask (and of the outcome's masks) is lane first+i.
 * The SIMT models pass the whole warp (0, T); the scalar model one thread
 * (lane, 1).  Returns false on a guest fault (the simulator is then stopped
 * and o must be ignored).  The caller sets o->mem before the call: its
 * request record (the cycle model keeps it in its per-core state,
 * pipe_state), where the executor computes the lanes' addresses (a JALR's
 * too: scratch) and which, for a memory pass, it fills (o->mem then points
 * to it; else NULL). */
bool warp_execute(simty_sim *s, unsigned gw, unsigned first, unsigned n, const path_t *p,
                  warp_outcome *o);

/* What a simple slot did (warp_execute_simple). */
typedef struct simple_slot {
    const insn_t *insn; /* NULL: not a simple slot, nothing was done */
    uint32_t next;      /* the path's next PC ... */
    int32_t depth;      /* ... and call depth */
    bool backedge;      /* a branch taken backwards */
} simple_slot;

/* The simple cases of the three instruction classes, one place each: both
 * warp_execute_simple() below and warp_execute() (warp_exec.c, which adds
 * what they leave: an ALU write of sp, a branch that splits, parks or
 * faults, a JAL that parks or faults) run them.  They run on a view of n
 * lanes of a warp: x is its first lane's registers (row stride T), hart0
 * its first hart; `one`: n == 1, the scalar model's one-lane view (no SIMD
 * to gain).  The branch and JAL pieces set the path's next PC, call depth
 * and backedge flag in *r. */

/* Select words for the lanes of mask (see isa/exec.h); NULL if all n lanes. */
static inline __attribute__((always_inline)) const uint32_t *lane_select(lane_mask mask, unsigned n,
                                                                         uint32_t *sel)
{
    if (mask == full_lane_mask(n))
        return NULL;
    exec_select_words(mask, n, sel);
    return sel;
}

/* Register arithmetic on the lanes of mask. */
static inline __attribute__((always_inline)) void
warp_alu(const insn_t *d, uint32_t *x, unsigned T, unsigned n, bool one, lane_mask mask, uint32_t pc)
{
    uint32_t sel[SIMTY_MAX_LANES];
    if (one)
        exec_alu(d, x, T, 1, lane_select(mask, 1, sel), pc);
    else
        exec_alu_lanes(d, x, T, n, lane_select(mask, n, sel), pc);
}

/* A conditional branch of the path (pc, mask): *taken gets the lanes that
 * take it.  If none or all do, to an aligned target, and it is not a self
 * loop, it is done (the jump noted) and returns true; else it returns false
 * having done nothing, and the caller splits the path, parks or faults. */
static inline __attribute__((always_inline)) bool
warp_branch_uniform(simty_sim *s, const insn_t *d, const uint32_t *x, unsigned T, unsigned n,
                    bool one, unsigned hart0, uint32_t pc, lane_mask mask, lane_mask *taken,
                    simple_slot *r)
{
    const lane_mask t = (one ? exec_branch(d, x, T, 1) : exec_branch_lanes(d, x, T, n)) & mask;
    *taken = t;
    if (!t)
        return true;
    const uint32_t target = pc + (uint32_t)d->imm;
    if (t != mask || (d->flags & INSN_SELF_LOOP) || (target & s->ialign_mask))
        return false;
    sim_note_jump(s, hart0 + (unsigned)__builtin_ctzll(mask), pc, target);
    r->backedge = d->imm < 0;
    r->next = target;
    return true;
}

/* A JAL of the path (pc, mask): unless it is a self loop (the threads
 * park) or its target is misaligned (a fault), links, notes the jump and
 * returns true; else returns false having done nothing. */
static inline __attribute__((always_inline)) bool
warp_jal(simty_sim *s, const insn_t *d, uint32_t *x, unsigned T, unsigned n, unsigned hart0,
         uint32_t pc, lane_mask mask, simple_slot *r)
{
    const uint32_t target = pc + (uint32_t)d->imm;
    if ((d->flags & INSN_SELF_LOOP) || (target & s->ialign_mask))
        return false;
    if (d->flags & INSN_WRITES_RD) { /* (else exec_link does nothing) */
        uint32_t sel[SIMTY_MAX_LANES];
        exec_link(d, x, T, n, lane_select(mask, n, sel), pc);
    }
    sim_note_jump(s, hart0 + (unsigned)__builtin_ctzll(mask), pc, target);
    r->next = target;
    r->depth = path_depth_add(r->depth, insn_depth_delta(d));
    return true;
}

/* The common case of warp_execute(), inline: unless its core's threads
 * have interrupts armed (sim_core.irq_armed), if the instruction of path p
 * of warp gw is register arithmetic that does not write sp, a branch every
 * lane of the path takes the same way or a jump (JAL), none of them parking
 * or faulting, executes it on the path's lanes.  Its outcome is then the
 * same path at (next, depth) with every lane retired.  Else nothing is
 * done: warp_execute() does the rest. */
static inline __attribute__((always_inline)) simple_slot
warp_execute_simple(simty_sim *s, unsigned gw, const path_t *p, bool irq_armed)
{
    const unsigned T = s->T, hart0 = gw * T;
    const uint32_t pc = p->pc;
    const lane_mask mask = p->mask;
    simple_slot r = {.insn = NULL, .next = pc + 4, .depth = p->depth, .backedge = false};
    const insn_t *d = sim_peek_cached(s, hart0, pc);
    if (!d || irq_armed) /* (an interrupt may be due: warp_execute looks) */
        return r;
    r.next = pc + d->len;
    uint32_t *x = warp_regs(s, gw);
    lane_mask taken;
    if (d->cls == CLS_ALU) {
        if (d->flags & INSN_WRITES_SP)
            return r;
        warp_alu(d, x, T, T, false, mask, pc);
    } else if (d->cls == CLS_BRANCH) {
        if (!warp_branch_uniform(s, d, x, T, T, false, hart0, pc, mask, &taken, &r))
            return r;
    } else if (d->cls == CLS_JAL) {
        if (!warp_jal(s, d, x, T, T, hart0, pc, mask, &r))
            return r;
    } else {
        return r;
    }
    if (mask == full_lane_mask(T))
        s->retire[gw].all++;
    else
        sim_retire(s, gw, mask);
    r.insn = d;
    return r;
}

/* The outcome of a simple slot, as warp_execute() would give it. */
static inline warp_outcome simple_outcome(const simple_slot *r, const path_t *p)
{
    warp_outcome o = {.insn = r->insn, .retired = p->mask, .backedge = r->backedge};
    o.c.next[0] = (path_t){.pc = r->next, .depth = r->depth, .mask = p->mask};
    return o;
}

/* The statistics of one executed SIMT slot (path `active`, outcome o) that
 * both SIMT models count the same way; when a slot counts as issued and the
 * path-table counters differ between them and stay with each model. */
static inline void warp_count_executed(const simty_sim *s, simty_stats *st, const path_t *active,
                                       const warp_outcome *o)
{
    unsigned lanes = lane_count(o->retired, s->T);
    st->thread_instructions += lanes;
    /* active lanes at issue */
    st->lane_histogram[o->retired == active->mask ? lanes : lane_count(active->mask, s->T)]++;
    st->divergent_branches += o->divergent;
    st->replays_memory += o->replay == REPLAY_MEMORY;
    st->replays_indirect += o->replay == REPLAY_INDIRECT;
    if (o->memory) {
        st->memory_requests++;
        st->memory_lanes += lanes;
    }
}

#endif
