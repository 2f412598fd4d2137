/* warp_execute(): one warp-instruction for the lanes of one path, in
 * pieces along its seams: the fetch (an interrupt first, fetch faults,
 * F/D availability), register operations, branches and jumps with the
 * split into next paths, memory passes with the coalescer, RAM fast path
 * and replay; the system instructions and trap delivery are in
 * warp_system.c.  The pieces the common cases run are inline; the cold
 * ones are out of line (see warp/warp_exec.h). */
#include "warp/warp_system.h"

#include "warp/coalesce.h"
#include "warp/lane_ops.h"
#include "isa/exec.h"
#include "isa/fpu.h"

/* Does lane l access the word at addr[0] + 4*l, for every lane? */
static bool unit_stride(const uint32_t *addr, unsigned n)
{
    uint32_t off = 0;
    for (unsigned l = 0; l < n; l++)
        off |= addr[l] - addr[0] - 4 * l;
    return !off;
}

/* Fast path for LW/SW: when every served lane accesses an aligned word of
 * main RAM (not tohost), the lanes are served straight from the RAM buffer.
 * Returns false to fall back to the general per-lane path. */
static bool ram_words(simty_sim *s, const insn_t *d, uint32_t *x, unsigned stride, unsigned n,
                      const uint32_t *addr, lane_mask served, uint32_t *sel, unsigned hart0)
{
    const uint32_t base = s->ram_base, last = (uint32_t)(s->ram_size - 4);
    /* the tohost word's address, or 1 (never a word address) */
    const uint32_t tohost = s->has_tohost ? s->tohost & ~3u : 1u;
    uint32_t bad = 0;
    exec_select_words(served, n, sel);
    for (unsigned l = 0; l < n; l++) { /* (SIMD code) */
        uint32_t a = addr[l];
        bad |= (((a - base) > last) | (a & 3) | ((a & ~3u) == tohost)) & sel[l];
    }
    if (bad || (s->port.own_stores && s->port.own_stores(s, hart0)))
        return false; /* lane by lane (a load may see its hart's own stores) */
    uint8_t *ram = s->ram;
    if (d->op == OP_LW) {
        if (d->rd == 0)
            return true;
        uint32_t *rd = x + (unsigned)d->rd * stride;
        if (served == full_lane_mask(n) && unit_stride(addr, n)) {
            memcpy(rd, ram + (addr[0] - base), 4 * n); /* one block, every lane */
            return true;
        }
        for (unsigned l = 0; l < n; l++) {
            uint32_t v = load_le(ram + ((addr[l] - base) & sel[l]), 4);
            rd[l] = (v & sel[l]) | (rd[l] & ~sel[l]);
        }
        return true;
    }
    s->port.store_words(s, hart0, addr, x + (unsigned)d->rs2 * stride, served);
    return true;
}

/* Accesses to the stack region go where --stack-interleave stores their
 * first byte (a misaligned load or store reaches its other bytes through
 * the mapping too: machine/stacks.h, stacks_access_byte).  Misaligned atomics,
 * and misaligned loads and stores with --misaligned trap, keep their
 * address: they fault, naming it. */
static __attribute__((noinline)) void interleave(const simty_sim *s, const insn_t *d,
                                                 uint32_t *addr, unsigned n, unsigned size)
{
    const uint32_t keep = d->cls == CLS_AMO || s->cfg.misaligned == SIMTY_MISALIGNED_TRAP
                              ? size - 1 : 0;
    for (unsigned l = 0; l < n; l++)
        if (!(addr[l] & keep))
            addr[l] = stacks_store_addr(&s->stacks, s->nharts, addr[l]);
}

/* After an instruction that wrote sp: an SDK thread moving sp out of its
 * stack area is a stack overflow (machine/stacks.h).  Checked after register
 * operations and loads, the ways compiled code sets sp. */
static __attribute__((noinline, cold)) bool check_sp(simty_sim *s, unsigned gw, unsigned first,
                                                     lane_mask lanes, uint32_t pc)
{
    return !s->stacks.check || !lanes || stacks_check_sp(s, gw, first, lanes, pc);
}

/* The lanes warp_execute() runs an instruction on: lanes [first, first+n)
 * of global warp gw.  Made once a call and handed only to the inline
 * pieces below (never to another file's function), so that it stays in
 * registers. */
typedef struct lanes {
    uint32_t *x;           /* the first lane's registers, row stride T */
    unsigned gw, first, n; /* (warp_execute's arguments) */
    unsigned T, hart0;     /* the register row stride; the first lane's hart */
} lanes;

/* After a register operation or a load by the lanes `written`: an
 * instruction that wrote sp must have left it in the stack area
 * (check_sp). */
static inline __attribute__((always_inline)) enum exec_end
sp_checked(simty_sim *s, const lanes *v, const insn_t *d, lane_mask written, uint32_t pc)
{
    if (__builtin_expect(d->flags & INSN_WRITES_SP, 0) &&
        !check_sp(s, v->gw, v->first, written, pc))
        return EXEC_FAULT;
    return EXEC_RETIRE;
}

/* --paths ipdom: where the two paths of a split at pc reconverge.  A
 * branch, or an indirect jump that neither links nor returns, at its
 * immediate post-dominator (loader/cfg.h); an indirect call after the
 * callees return; a replay once the replayed lanes are done (`after`: the
 * next instruction); a return to several places, nowhere. */
static __attribute__((noinline)) void reconverge(const simty_sim *s, const insn_t *d, uint32_t pc,
                                                 uint32_t after, bool replay, slot_commit *c)
{
    if (replay || (d->cls == CLS_JALR && (d->flags & INSN_WRITES_RD))) {
        c->reconv = RECONV_AT_PC;
        c->rpc = after;
    } else if (!(d->flags & INSN_RETURN)) {
        c->reconv = (uint8_t)reconv_lookup(s->reconv, pc, &c->rpc);
    }
}

/* The lanes of mask that may not run F or D instruction d: mstatus.FS
 * Off, or a dynamic rounding mode with fcsr.frm invalid (5-7): an illegal
 * instruction for them. */
static inline lane_mask fp_unavailable(simty_sim *s, const insn_t *d, unsigned hart0,
                                       lane_mask mask)
{
    lane_mask bad = mmode_fp_off(s, hart0, mask);
    if (d->rm == RM_DYN && (d->fp & FP_USES_RM)) {
        const uint8_t *frm = s->frm + hart0;
        for (lane_mask m = mask; m; m &= m - 1)
            if (frm[lowest_lane(m)] > RM_RMM)
                bad |= m & -m;
    }
    return bad;
}

/* The lanes of mask with an interrupt to take now. */
static __attribute__((noinline)) lane_mask irq_lanes(const simty_sim *s, unsigned hart0,
                                                     lane_mask mask, uint64_t now)
{
    lane_mask t = 0;
    for (lane_mask m = mask; m; m &= m - 1)
        if (mmode_irq(s, hart0 + lowest_lane(m), now))
            t |= m & -m;
    return t;
}

/* The lanes of mask that a self loop (`j .`) does not park: those with
 * interrupts enabled wait in it for one, as the hardware would, and take
 * it (an interrupt is taken before the loop's next issue), on every model
 * whatever its timing. */
static lane_mask irq_waiters(const simty_sim *s, unsigned hart0, lane_mask mask)
{
    if (!__atomic_load_n(&s->irq_seen, __ATOMIC_RELAXED))
        return 0;
    lane_mask w = 0;
    for (lane_mask m = mask; m; m &= m - 1)
        if (mmode_irq_enabled(s, hart0 + lowest_lane(m)))
            w |= m & -m;
    return w;
}

/* The instruction of path p for the lanes v, with *o set for the common
 * end: every lane retires it and goes on at the next instruction.  NULL
 * when the lanes do not run it, *end saying how the slot ended: some take
 * an interrupt first, the fetch faults (or traps), or F and D are
 * unavailable to some (an illegal instruction for them). */
static inline __attribute__((always_inline)) const insn_t *
fetch(simty_sim *s, const lanes *v, const path_t *p, warp_outcome *o, enum exec_end *end)
{
    const uint32_t pc = p->pc;
    const lane_mask mask = p->mask;
    if (__builtin_expect(__atomic_load_n(&s->irq_seen, __ATOMIC_RELAXED), 0)) {
        const sim_core *core = warp_core(s, v->gw);
        lane_mask irq = core->irq_armed ? irq_lanes(s, v->hart0, mask, core->now) : 0;
        if (irq) {
            *end = warp_take_trap(s, v->gw, v->first, p, sim_peek_cached(s, v->hart0, pc), irq,
                                  true, o);
            return NULL;
        }
    }
    *o = (warp_outcome){0};
    const insn_t *d = sim_fetch(s, v->hart0 + lowest_lane(mask), pc);
    if (!d) {
        *end = warp_failed(s, v->gw, v->first, p, NULL, mask, o);
        return NULL;
    }
    o->insn = d;
    o->retired = mask;
    set_next(&o->c.next[0], pc + d->len, mask, p->depth);
    if (__builtin_expect(d->fp != 0, 0)) { /* F and D: may these lanes run it? */
        lane_mask bad = fp_unavailable(s, d, v->hart0, mask);
        if (bad) {
            lane_illegal(s, d, v->hart0 + lowest_lane(bad), pc);
            *end = warp_failed(s, v->gw, v->first, p, d, bad, o);
            return NULL;
        }
    }
    return d;
}

/* The lanes `taken` of path p took a branch or jump to itself (its other
 * lanes go on at next[0]): nothing changed for them, so they would take it
 * for ever.
 * Every lane retires it once; those that cannot take an interrupt park, as
 * in `j .`; those that can stay at the branch (the spin detector may back
 * them off) until an interrupt takes them out. */
static void self_branch(simty_sim *s, unsigned hart0, uint32_t pc, const path_t *p,
                        lane_mask taken, warp_outcome *o)
{
    const lane_mask stay = irq_waiters(s, hart0, taken);
    for (lane_mask m = taken & ~stay; m; m &= m - 1)
        sim_thread_park(s, hart0 + lowest_lane(m), pc);
    const lane_mask go = p->mask & ~taken;
    o->c.next[0].mask = go;
    if (!stay)
        return;
    sim_note_jump(s, hart0 + lowest_lane(stay), pc, pc);
    set_next(&o->c.next[go ? 1 : 0], pc, stay, p->depth);
    o->divergent = go != 0;
    o->backedge = stay == p->mask;
}

/* A conditional branch: unless every lane goes the same way (the simple
 * case, warp_exec.h), the lanes that take it (next[0]) and the others
 * (next[1]) split; a self loop parks (or waits), a misaligned target
 * faults. */
static inline __attribute__((always_inline)) enum exec_end
run_branch(simty_sim *s, const lanes *v, const path_t *p, const insn_t *d, warp_outcome *o)
{
    const uint32_t pc = p->pc, next_pc = pc + d->len;
    const lane_mask mask = p->mask;
    simple_slot r = {.next = next_pc, .depth = p->depth};
    lane_mask taken;
    if (!warp_branch_uniform(s, d, v->x, v->T, v->n, v->n == 1, v->hart0, pc, mask, &taken, &r)) {
        /* some lanes take it, or it parks or faults */
        if (d->flags & INSN_SELF_LOOP) { /* `bnez a0, .`: park (or wait) */
            self_branch(s, v->hart0, pc, p, taken, o);
            return EXEC_RETIRE;
        }
        uint32_t target = pc + (uint32_t)d->imm;
        if (target & s->ialign_mask) {
            lane_misaligned_target(s, v->hart0 + lowest_lane(taken), pc, target);
            return warp_failed(s, v->gw, v->first, p, d, taken, o);
        }
        o->divergent = target != next_pc; /* both ways lead to the next instruction */
        sim_note_jump(s, v->hart0 + lowest_lane(taken), pc, target);
        r.next = target;
        if (s->reconv && o->divergent)
            reconverge(s, d, pc, next_pc, false, &o->c);
    }
    o->backedge = r.backedge;
    if (taken) {
        set_next(&o->c.next[0], r.next, taken, p->depth);
        set_next(&o->c.next[1], next_pc, mask & ~taken, p->depth);
    }
    return EXEC_RETIRE;
}

/* JAL: links and jumps (warp_exec.h); `j .` parks (or waits) after
 * retiring once; a misaligned target faults. */
static inline __attribute__((always_inline)) enum exec_end
run_jal(simty_sim *s, const lanes *v, const path_t *p, const insn_t *d, warp_outcome *o)
{
    const uint32_t pc = p->pc;
    simple_slot r = {.next = pc + d->len, .depth = p->depth};
    if (warp_jal(s, d, v->x, v->T, v->n, v->hart0, pc, p->mask, &r)) {
        set_next(&o->c.next[0], r.next, p->mask, r.depth);
        return EXEC_RETIRE;
    }
    if (d->flags & INSN_SELF_LOOP) { /* `j .`: park (or wait), after retiring it once */
        self_branch(s, v->hart0, pc, p, p->mask, o);
        return EXEC_RETIRE;
    }
    uint32_t target = pc + (uint32_t)d->imm; /* misaligned */
    lane_misaligned_target(s, v->hart0 + lowest_lane(p->mask), pc, target);
    return warp_failed(s, v->gw, v->first, p, d, p->mask, o);
}

/* JALR: the leader's target goes first; lanes with other targets replay
 * (next[1]: the same PC, not issued yet).  addr: room for the lanes'
 * targets. */
static inline __attribute__((always_inline)) enum exec_end
run_jalr(simty_sim *s, const lanes *v, const path_t *p, const insn_t *d, uint32_t *addr,
         warp_outcome *o)
{
    const unsigned n = v->n;
    const uint32_t pc = p->pc;
    const lane_mask mask = p->mask;
    uint32_t sel[SIMTY_MAX_LANES];
    exec_addr(d, v->x, v->T, n, addr);
    unsigned leader = lowest_lane(mask);
    uint32_t target = addr[leader] & ~1u;
    lane_mask same = 0;
    for (unsigned l = 0; l < n; l++)
        same |= (lane_mask)((addr[l] & ~1u) == target) << l;
    same &= mask;
    if (target & s->ialign_mask) {
        lane_misaligned_target(s, v->hart0 + leader, pc, target);
        return warp_failed(s, v->gw, v->first, p, d, same, o);
    }
    exec_link(d, v->x, v->T, n, lane_select(same, n, sel), pc);
    sim_note_jump(s, v->hart0 + leader, pc, target);
    o->retired = same;
    set_next(&o->c.next[0], target, same, path_depth_add(p->depth, insn_depth_delta(d)));
    if (same != mask) {
        set_next(&o->c.next[1], pc, mask & ~same, p->depth);
        o->c.next[1].stamp = PATH_NOT_ISSUED; /* replayed: not issued yet */
        o->replay = REPLAY_INDIRECT;
        if (s->reconv)
            reconverge(s, d, pc, pc + d->len, false, &o->c);
    }
    return EXEC_RETIRE;
}

/* Serves the lanes *served of a memory pass (addresses addr) in lane
 * order, aligned words of RAM at once (ram_words).  A lane that traps
 * ends the pass before it (it traps when it leads a pass), unless it is
 * the pass's first lane: then it traps now.  A write to the finisher or
 * tohost ends the pass after it.  *served: the lanes done. */
static inline __attribute__((always_inline)) enum exec_end
serve_lanes(simty_sim *s, const lanes *v, const path_t *p, const insn_t *d, const uint32_t *addr,
            lane_mask *served, warp_outcome *o)
{
    uint32_t sel[SIMTY_MAX_LANES];
    const lane_mask pass = *served;
    bool fast = (d->op == OP_LW || d->op == OP_SW) &&
                ram_words(s, d, v->x, v->T, v->n, addr, pass, sel, v->hart0);
    for (lane_mask m = fast ? 0 : pass; m; m &= m - 1) { /* lane order */
        unsigned l = lowest_lane(m);
        if (!lane_memory(s, d, v->x, v->T, l, v->hart0 + l, addr[l], p->pc)) {
            sim_core *c = warp_core(s, v->gw);
            if (!c->trap.pending)
                return EXEC_FAULT; /* a fault: the run is over */
            if (m == pass) /* the pass's first lane: it traps */
                return warp_take_trap(s, v->gw, v->first, p, d, m & -m, false, o);
            /* a later lane: the lanes before it are done */
            c->trap.pending = false;
            *served = pass & ((1ull << l) - 1);
            return EXEC_RETIRE;
        }
        if (sim_stopped(s)) { /* finisher or tohost: later lanes never run */
            *served = pass & ((2ull << l) - 1);
            return EXEC_RETIRE;
        }
    }
    return EXEC_RETIRE;
}

/* A load, store or atomic: one pass serves the lanes the coalescer picks
 * (req: the caller's record, filled for the memory timing; the lanes'
 * addresses go to its addr); the others replay it (next[1]: the same PC,
 * not issued yet). */
static inline __attribute__((always_inline)) enum exec_end
run_memory(simty_sim *s, const lanes *v, const path_t *p, const insn_t *d, mem_request *req,
           warp_outcome *o)
{
    uint32_t *const addr = req->addr;
    const unsigned n = v->n;
    const uint32_t pc = p->pc;
    const lane_mask mask = p->mask;
    const unsigned size = mem_access_size(d);
    exec_addr(d, v->x, v->T, n, addr);
    if (s->stacks.il_size) /* --stack-interleave: where each word is stored */
        interleave(s, d, addr, n, size);
    const uint64_t epoch = s->sync.store_epoch;
    const unsigned changes = warp_core(s, v->gw)->fx.changes;
    /* (a misaligned lane spans two words: the coalescer and the memory
     * timing count both, finding the second through the interleaving) */
    lane_mask served = coalesce_pass(s->coalescer_ops, d, addr, &s->stacks, mask, n);
    enum exec_end end = serve_lanes(s, v, p, d, addr, &served, o);
    if (end == EXEC_RETIRE)
        end = sp_checked(s, v, d, served, pc);
    if (end != EXEC_RETIRE)
        return end;
    o->memory = true;
    req->lanes = served;
    req->kind = d->cls; /* (enum mem_kind: the classes' values) */
    req->size = (uint8_t)size;
    o->mem = req;
    o->wrote = s->sync.store_epoch != epoch || warp_core(s, v->gw)->fx.changes != changes;
    o->retired = served;
    o->c.next[0].mask = served;
    if (served != mask) {
        set_next(&o->c.next[1], pc, mask & ~served, p->depth);
        o->c.next[1].stamp = PATH_NOT_ISSUED; /* replayed: not issued yet */
        o->replay = REPLAY_MEMORY;
        if (s->reconv && served)
            reconverge(s, d, pc, pc + d->len, true, &o->c);
    }
    return EXEC_RETIRE;
}

/* fence.i flushes the decode cache; pause (Zihintpause) yields to the
 * other paths. */
static inline void run_fence(simty_sim *s, unsigned gw, const insn_t *d, warp_outcome *o)
{
    if (d->op == OP_FENCE_I)
        s->port.fence_i(s);
    if (d->op == OP_PAUSE) {
        o->c.pause = true;
        warp_stats(s, gw)->pauses++;
    }
}

bool warp_execute(simty_sim *s, unsigned gw, unsigned first, unsigned n, const path_t *p,
                  warp_outcome *o)
{
    const unsigned T = s->T;
    const lanes v = {.x = warp_regs(s, gw) + first, .gw = gw, .first = first, .n = n,
                     .T = T, .hart0 = gw * T + first};
    mem_request *const req = o->mem; /* the caller's request record */
    uint32_t *const addr = req->addr; /* the lanes' addresses (memory, JALR) */
    enum exec_end end;
    const insn_t *d = fetch(s, &v, p, o, &end);
    if (!d)
        return end == EXEC_TRAPPED;

    switch (d->cls) {
    /* the simple cases (warp_exec.h, shared with warp_execute_simple) first */
    case CLS_ALU:
        warp_alu(d, v.x, T, n, n == 1, p->mask, p->pc);
        end = sp_checked(s, &v, d, p->mask, p->pc);
        break;
    case CLS_BRANCH:
        end = run_branch(s, &v, p, d, o);
        break;
    case CLS_JAL:
        end = run_jal(s, &v, p, d, o);
        break;
    case CLS_JALR:
        end = run_jalr(s, &v, p, d, addr, o);
        break;
    case CLS_LOAD:
    case CLS_STORE:
    case CLS_AMO:
        end = run_memory(s, &v, p, d, req, o);
        break;
    case CLS_CSR:
        end = warp_exec_csr(s, gw, first, p, d, o);
        break;
    case CLS_SYSTEM:
        end = warp_exec_system(s, gw, first, p, d, o);
        break;
    case CLS_FP:
        fpu_exec(d, s->f + (v.x - s->x), v.x, T, n, p->mask, s->frm + v.hart0,
                 s->fflags + v.hart0);
        end = sp_checked(s, &v, d, p->mask, p->pc);
        break;
    case CLS_FENCE:
        run_fence(s, gw, d, o);
        end = EXEC_RETIRE;
        break;
    default:
        lane_illegal(s, d, v.hart0 + lowest_lane(p->mask), p->pc);
        end = warp_failed(s, gw, first, p, d, p->mask, o);
    }
    if (end != EXEC_RETIRE)
        return end == EXEC_TRAPPED;
    if (n == 1) /* the scalar model: one hart at a time */
        s->instret[v.hart0] += o->retired & 1;
    else
        sim_retire(s, gw, o->retired << first);
    return true;
}
