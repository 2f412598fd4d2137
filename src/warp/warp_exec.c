#include "warp/warp_exec.h"

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
    if (bad || (s->deferring && s->core[hart_core(s, hart0)].fx.fwd_n))
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
    const uint32_t *src = x + (unsigned)d->rs2 * stride;
    if (s->deferring) { /* performed at the end of the cycle (sim/effects.h) */
        const unsigned core = hart_core(s, hart0);
        for (lane_mask m = served; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            s->core[core].fx.changes += load_le(ram + (addr[l] - base), 4) != src[l];
            fx_note_store(s, core, hart0 + l, addr[l], 4, src[l]);
        }
        return true;
    }
    uint32_t changed = 0;
    const bool resv = s->resv_live != 0; /* (LR/SC reservations: sim.h) */
    for (lane_mask m = served; m; m &= m - 1) { /* lane order */
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint8_t *p = ram + (addr[l] - base);
        if (__builtin_expect(resv, 0))
            resv_written_slow(s, hart0 + l, addr[l]);
        uint32_t diff = load_le(p, 4) ^ src[l];
        changed |= diff;
        if (diff)
            sim_code_written(s, addr[l]);
        store_le(p, 4, src[l]);
    }
    if (changed) {
        s->mem_changed = true;
        s->sync.store_epoch++;
    }
    return true;
}

/* Accesses to the stack region go where --stack-interleave stores their
 * first byte (a misaligned load or store reaches its other bytes through
 * the mapping too: sim/stacks.h, stacks_access_byte).  Misaligned atomics,
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
 * stack area is a stack overflow (sim/stacks.h).  Checked after register
 * operations and loads, the ways compiled code sets sp. */
static __attribute__((noinline, cold)) bool check_sp(simty_sim *s, unsigned gw, unsigned first,
                                                     lane_mask lanes, uint32_t pc)
{
    return !s->stacks.check || !lanes || stacks_check_sp(s, gw, first, lanes, pc);
}

static unsigned lowest_lane(lane_mask m) { return (unsigned)__builtin_ctzll(m); }

static void set_next(path_t *p, uint32_t pc, lane_mask mask, int32_t depth)
{
    *p = (path_t){.pc = pc, .depth = depth, .mask = mask};
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

/* What a slot whose instruction cannot be fetched reports as its
 * instruction (a trap at an unmapped PC). */
static const insn_t no_insn = {.op = OP_ILLEGAL, .cls = CLS_ILLEGAL};

/* Lanes `trapping` of path p take a trap at p->pc: an interrupt (irq:
 * each lane its own cause) or the exception the leader raised
 * (sim_core.trap).  The lanes whose handler is the first one's go there,
 * as a path one call deeper (the handler's mret returns); every other lane
 * of p stays at pc and issues it again (a lane without a handler then
 * faults when it leads its path).  No lane retires the instruction. */
static bool take_trap(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                      const insn_t *d, lane_mask trapping, bool irq, warp_outcome *o)
{
    sim_core *c = warp_core(s, gw);
    const unsigned hart0 = gw * s->T + first;
    const pending_trap t = c->trap;
    c->trap.pending = false;
    uint32_t handler = 0;
    lane_mask go = 0;
    for (lane_mask m = trapping; m; m &= m - 1) {
        const unsigned l = lowest_lane(m), h = hart0 + l;
        const uint32_t cause = irq ? mmode_irq(s, h, c->now) : t.cause;
        const uint32_t at = mmode_handler(s, h, cause);
        if (go && at != handler)
            continue;
        handler = at;
        mmode_trap_enter(s, h, p->pc, cause, irq ? 0 : t.tval);
        go |= m & -m;
    }
    *o = (warp_outcome){.insn = d ? d : &no_insn, .trapped = true};
    set_next(&o->c.next[0], handler, go, path_depth_add(p->depth, 1));
    if (p->mask & ~go) {
        set_next(&o->c.next[1], p->pc, p->mask & ~go, p->depth);
        o->c.next[1].stamp = PATH_NOT_ISSUED; /* not issued yet */
    }
    simty_stats *st = warp_stats(s, gw);
    if (irq)
        st->interrupts += lane_popcount(go);
    else
        st->exceptions += lane_popcount(go);
    return true;
}

/* A lane function failed: with an exception pending (a handler is
 * installed), the lanes take it; else the run has stopped (a fault). */
static inline bool failed(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                          const insn_t *d, lane_mask trapping, warp_outcome *o)
{
    if (!warp_core(s, gw)->trap.pending)
        return false;
    return take_trap(s, gw, first, p, d, trapping, false, o);
}

/* mret: each lane returns to its own mepc; the lanes going where the
 * first one goes return now (a path one call shallower), the others issue
 * it again (as lanes of an indirect jump with other targets). */
static void mret(simty_sim *s, unsigned gw, unsigned first, const path_t *p, warp_outcome *o)
{
    const unsigned hart0 = gw * s->T + first;
    const uint32_t target = s->csr[hart0 + lowest_lane(p->mask)].mepc;
    lane_mask same = 0;
    for (lane_mask m = p->mask; m; m &= m - 1) {
        const unsigned h = hart0 + lowest_lane(m);
        if (s->csr[h].mepc == target) {
            mmode_mret(s, h);
            same |= m & -m;
        }
    }
    sim_note_jump(s, hart0 + lowest_lane(p->mask), p->pc, target);
    o->retired = same;
    set_next(&o->c.next[0], target, same, path_depth_add(p->depth, -1));
    if (same != p->mask) {
        set_next(&o->c.next[1], p->pc, p->mask & ~same, p->depth);
        o->c.next[1].stamp = PATH_NOT_ISSUED;
        o->replay = REPLAY_INDIRECT;
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

/* A semihosting call (devices/semihost.h) by the lanes of mask: served
 * lane by lane in thread order, at once on one core, at the end of the
 * cycle (quantum) on several, in the order of every core's effects
 * (sim/effects.h).  The path then waits SEMIHOST_CYCLES_PER_LANE cycles a
 * lane (and, in quanta, for the quantum's end: its result comes then);
 * the scalar model does not wait. */
static __attribute__((noinline, cold)) void semihost_lanes(simty_sim *s, unsigned gw, uint32_t *x,
                                                           unsigned T, unsigned hart0,
                                                           lane_mask mask, uint32_t pc,
                                                           warp_outcome *o)
{
    const uint64_t now = warp_core(s, gw)->now;
    for (lane_mask m = mask; m; m &= m - 1) {
        unsigned l = lowest_lane(m);
        uint32_t *a0 = &x[10 * T + l];
        if (s->deferring)
            fx_push(s, hart_core(s, hart0 + l), (fx){.kind = FX_SEMIHOST, .hart = hart0 + l,
                                                      .addr = *a0, .value = x[11 * T + l],
                                                      .pc = pc, .rd = a0});
        else
            *a0 = semihost_call(s, hart0 + l, *a0, x[11 * T + l], now);
    }
    uint64_t wait = (uint64_t)SEMIHOST_CYCLES_PER_LANE * lane_count(mask, T);
    if (s->deferring && s->quantum > 1 && s->quantum_end > now + wait)
        wait = s->quantum_end - now;
    o->c.park = WAIT_SERVICE;
    o->c.backoff = wait;
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

bool warp_execute(simty_sim *s, unsigned gw, unsigned first, unsigned n, const path_t *p,
                  warp_outcome *o)
{
    const unsigned T = s->T, hart0 = gw * T + first; /* T: register row stride */
    const uint32_t pc = p->pc;
    const lane_mask mask = p->mask;
    uint32_t *x = warp_regs(s, gw) + first;
    uint32_t sel_buf[SIMTY_MAX_LANES], addr[SIMTY_MAX_LANES];

    if (__builtin_expect(__atomic_load_n(&s->irq_seen, __ATOMIC_RELAXED), 0)) {
        const sim_core *core = warp_core(s, gw);
        lane_mask irq = core->irq_armed ? irq_lanes(s, hart0, mask, core->now) : 0;
        if (irq)
            return take_trap(s, gw, first, p, sim_peek_cached(s, hart0, pc), irq, true, o);
    }
    *o = (warp_outcome){0};
    const insn_t *d = sim_fetch(s, hart0 + lowest_lane(mask), pc);
    if (!d)
        return failed(s, gw, first, p, NULL, mask, o);
    o->insn = d;
    o->retired = mask;
    const uint32_t next_pc = pc + d->len;
    set_next(&o->c.next[0], next_pc, mask, p->depth);

    if (__builtin_expect(d->fp != 0, 0)) { /* F and D: may these lanes run it? */
        lane_mask bad = fp_unavailable(s, d, hart0, mask);
        if (bad) {
            lane_illegal(s, d, hart0 + lowest_lane(bad), pc);
            return failed(s, gw, first, p, d, bad, o);
        }
    }

    switch (d->cls) {
    /* the simple cases (warp_exec.h, shared with warp_execute_simple) first */
    case CLS_ALU:
        warp_alu(d, x, T, n, n == 1, mask, pc);
        if (__builtin_expect(d->flags & INSN_WRITES_SP, 0) && !check_sp(s, gw, first, mask, pc))
            return false;
        break;

    case CLS_BRANCH: {
        simple_slot r = {.next = next_pc, .depth = p->depth};
        lane_mask taken;
        if (!warp_branch_uniform(s, d, x, T, n, n == 1, hart0, pc, mask, &taken, &r)) {
            /* some lanes take it, or it parks or faults */
            if (d->flags & INSN_SELF_LOOP) { /* `bnez a0, .`: park (or wait) */
                self_branch(s, hart0, pc, p, taken, o);
                break;
            }
            uint32_t target = pc + (uint32_t)d->imm;
            if (target & s->ialign_mask) {
                lane_misaligned_target(s, hart0 + lowest_lane(taken), pc, target);
                return failed(s, gw, first, p, d, taken, o);
            }
            o->divergent = target != next_pc; /* both ways lead to the next instruction */
            sim_note_jump(s, hart0 + lowest_lane(taken), pc, target);
            r.next = target;
            if (s->reconv && o->divergent)
                reconverge(s, d, pc, next_pc, false, &o->c);
        }
        o->backedge = r.backedge;
        if (taken) {
            set_next(&o->c.next[0], r.next, taken, p->depth);
            set_next(&o->c.next[1], next_pc, mask & ~taken, p->depth);
        }
        break;
    }

    case CLS_JAL: {
        simple_slot r = {.next = next_pc, .depth = p->depth};
        if (warp_jal(s, d, x, T, n, hart0, pc, mask, &r)) {
            set_next(&o->c.next[0], r.next, mask, r.depth);
            break;
        }
        if (d->flags & INSN_SELF_LOOP) { /* `j .`: park (or wait), after retiring it once */
            self_branch(s, hart0, pc, p, mask, o);
            break;
        }
        uint32_t target = pc + (uint32_t)d->imm; /* misaligned */
        lane_misaligned_target(s, hart0 + lowest_lane(mask), pc, target);
        return failed(s, gw, first, p, d, mask, o);
    }

    case CLS_JALR: {
        /* the leader's target goes first; lanes with other targets replay */
        exec_addr(d, x, T, n, addr);
        unsigned leader = lowest_lane(mask);
        uint32_t target = addr[leader] & ~1u;
        lane_mask same = 0;
        for (unsigned l = 0; l < n; l++)
            same |= (lane_mask)((addr[l] & ~1u) == target) << l;
        same &= mask;
        if (target & s->ialign_mask) {
            lane_misaligned_target(s, hart0 + leader, pc, target);
            return failed(s, gw, first, p, d, same, o);
        }
        exec_link(d, x, T, n, lane_select(same, n, sel_buf), pc);
        sim_note_jump(s, hart0 + leader, pc, target);
        o->retired = same;
        set_next(&o->c.next[0], target, same, path_depth_add(p->depth, insn_depth_delta(d)));
        if (same != mask) {
            set_next(&o->c.next[1], pc, mask & ~same, p->depth);
            o->c.next[1].stamp = PATH_NOT_ISSUED; /* replayed: not issued yet */
            o->replay = REPLAY_INDIRECT;
            if (s->reconv)
                reconverge(s, d, pc, next_pc, false, &o->c);
        }
        break;
    }

    case CLS_LOAD:
    case CLS_STORE:
    case CLS_AMO: {
        exec_addr(d, x, T, n, addr);
        if (s->stacks.il_size) /* --stack-interleave: where each word is stored */
            interleave(s, d, addr, n, mem_access_size(d));
        const uint64_t epoch = s->sync.store_epoch;
        const unsigned changes = warp_core(s, gw)->fx.changes;
        /* (a misaligned lane spans two words: the coalescer and the memory
         * timing count both, finding the second through the interleaving) */
        lane_mask served = coalesce_pass(s->coalescer_ops, d, addr, &s->stacks, mask, n);
        bool fast = (d->op == OP_LW || d->op == OP_SW) &&
                    ram_words(s, d, x, T, n, addr, served, sel_buf, hart0);
        for (lane_mask m = fast ? 0 : served; m; m &= m - 1) { /* lane order */
            unsigned l = lowest_lane(m);
            if (!lane_memory(s, d, x, T, l, hart0 + l, addr[l], pc)) {
                sim_core *c = warp_core(s, gw);
                if (!c->trap.pending)
                    return false; /* a fault: the run is over */
                if (m == served) /* the pass's first lane: it traps */
                    return take_trap(s, gw, first, p, d, m & -m, false, o);
                /* a later lane: the pass ends before it (it traps when it
                 * leads a pass); the lanes before it are done */
                c->trap.pending = false;
                served &= (1ull << l) - 1;
                break;
            }
            if (sim_stopped(s)) { /* finisher or tohost: later lanes never run */
                served &= (2ull << l) - 1;
                break;
            }
        }
        if (__builtin_expect(d->flags & INSN_WRITES_SP, 0) && !check_sp(s, gw, first, served, pc))
            return false;
        uint32_t *pass_addr = warp_core(s, gw)->pass_addr;
        if (pass_addr) /* for the memory timing (cycle model, memsys/) */
            memcpy(pass_addr + first, addr, n * sizeof *addr);
        o->memory = true;
        o->wrote = s->sync.store_epoch != epoch || warp_core(s, gw)->fx.changes != changes;
        o->retired = served;
        o->c.next[0].mask = served;
        if (served != mask) {
            set_next(&o->c.next[1], pc, mask & ~served, p->depth);
            o->c.next[1].stamp = PATH_NOT_ISSUED; /* replayed: not issued yet */
            o->replay = REPLAY_MEMORY;
            if (s->reconv && served)
                reconverge(s, d, pc, next_pc, true, &o->c);
        }
        break;
    }

    case CLS_CSR: {
        if (__builtin_expect(csr_is_fp(d->csr), 0)) { /* fflags, frm, fcsr: FS on, lane by lane */
            lane_mask off = mmode_fp_off(s, hart0, mask);
            if (off) {
                sim_exception(s, hart0 + lowest_lane(off), pc, CAUSE_ILLEGAL, d->raw,
                              "floating-point CSR access with mstatus.FS = Off");
                return failed(s, gw, first, p, d, off, o);
            }
        }
        if (!lane_csr_check(s, d, hart0 + lowest_lane(mask), pc))
            return failed(s, gw, first, p, d, mask, o);
        uint32_t scope = SIMTY_BARRIER_SCOPE_MACHINE, scope0 = ~0u;
        for (lane_mask m = mask; m; m &= m - 1) {
            unsigned l = lowest_lane(m);
            if (!lane_csr(s, d, x, T, l, hart0 + l, pc, &scope))
                return false;
            if (s->ncores == 1) /* one core: its barrier is the machine's */
                scope = SIMTY_BARRIER_SCOPE_MACHINE;
            if (scope0 != ~0u && scope != scope0) {
                sim_fault(s, hart0 + l, pc, "the threads of one path write different barrier "
                                            "scopes (%u and %u)", scope0, scope);
                return false;
            }
            scope0 = scope;
        }
        if (d->csr == SIMTY_CSR_BARRIER && csr_insn_writes(d)) {
            /* the threads wait at the next instruction */
            o->c.park = scope == SIMTY_BARRIER_SCOPE_CORE ? WAIT_BARRIER_CORE : WAIT_BARRIER;
            warp_stats(s, gw)->barrier_slots++;
            warp_stats(s, gw)->barrier_thread_instructions += (uint64_t)lane_popcount(mask);
        }
        break;
    }

    case CLS_SYSTEM:
        if (d->op == OP_ECALL) {
            /* threads with a trap handler take the exception; the others
             * call the exit convention (a7 = 93).  The leader's kind goes
             * first; the other kind issues it again. */
            const bool traps = mmode_has_handler(s, hart0 + lowest_lane(mask));
            lane_mask kind = 0;
            for (lane_mask m = mask; m; m &= m - 1)
                if (mmode_has_handler(s, hart0 + lowest_lane(m)) == traps)
                    kind |= m & -m;
            if (traps) {
                sim_exception(s, hart0 + lowest_lane(mask), pc, CAUSE_ECALL_M, 0, "ecall");
                return failed(s, gw, first, p, d, kind, o);
            }
            for (lane_mask m = kind; m; m &= m - 1) {
                unsigned l = lowest_lane(m);
                int32_t code;
                if (!lane_ecall(s, x, T, l, hart0 + l, pc, &code))
                    return false;
                sim_thread_exit(s, hart0 + l, code, pc);
            }
            o->retired = kind;
            o->c.next[0].mask = 0; /* the exit retires; the threads are gone */
            if (kind != mask) {
                set_next(&o->c.next[1], pc, mask & ~kind, p->depth);
                o->c.next[1].stamp = PATH_NOT_ISSUED;
            }
            break;
        }
        if (d->op == OP_EBREAK && semihost_is_call(s, hart0 + lowest_lane(mask), pc, d)) {
            semihost_lanes(s, gw, x, T, hart0, mask, pc, o);
            break;
        }
        if (d->op == OP_EBREAK) {
            lane_illegal(s, d, hart0 + lowest_lane(mask), pc);
            return failed(s, gw, first, p, d, mask, o);
        }
        if (d->op == OP_MRET) {
            mret(s, gw, first, p, o);
            break;
        }
        if (d->op == OP_WRS_NTO || d->op == OP_WRS_STO) {
            /* threads holding a reservation wait at the next instruction
             * until they lose it or an interrupt is pending; the others go
             * on (Zawrs) */
            warp_stats(s, gw)->wrs_slots++;
            lane_mask holds = 0;
            const uint64_t now = warp_core(s, gw)->now;
            for (lane_mask m = mask; m; m &= m - 1)
                if (!sync_wrs_ends(s, hart0 + lowest_lane(m), now))
                    holds |= m & -m;
            if (holds) {
                o->c.next[0].mask = holds;
                set_next(&o->c.next[1], next_pc, mask & ~holds, p->depth);
                o->c.park = WAIT_WRS;
                o->c.wrs_timeout = d->op == OP_WRS_STO;
            }
        }
        break; /* wfi */

    case CLS_FP:
        fpu_exec(d, s->f + (x - s->x), x, T, n, mask, s->frm + hart0, s->fflags + hart0);
        if (__builtin_expect(d->flags & INSN_WRITES_SP, 0) && !check_sp(s, gw, first, mask, pc))
            return false;
        break;

    case CLS_FENCE:
        if (d->op == OP_FENCE_I)
            sim_flush_decode_cache(s);
        if (d->op == OP_PAUSE) {
            o->c.pause = true;
            warp_stats(s, gw)->pauses++;
        }
        break;

    default:
        lane_illegal(s, d, hart0 + lowest_lane(mask), pc);
        return failed(s, gw, first, p, d, mask, o);
    }

    if (n == 1) /* the scalar model: one hart at a time */
        s->instret[hart0] += o->retired & 1;
    else
        sim_retire(s, gw, o->retired << first);
    return true;
}
