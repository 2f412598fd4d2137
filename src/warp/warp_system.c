/* The system side of warp_execute(): trap delivery and the system
 * instructions (CSR accesses and the barrier, ecall, ebreak and
 * semihosting, mret, wfi, wrs), for the lanes of one path (see
 * warp/warp_system.h). */
#include "warp/warp_system.h"

#include "warp/lane_ops.h"

/* What a slot whose instruction cannot be fetched reports as its
 * instruction (a trap at an unmapped PC). */
static const insn_t no_insn = {.op = OP_ILLEGAL, .cls = CLS_ILLEGAL};

/* The lanes whose handler is the first one's go there, as a path one call
 * deeper (the handler's mret returns); every other lane of p stays at pc
 * and issues it again (a lane without a handler then faults when it leads
 * its path).  No lane retires the instruction. */
enum exec_end warp_take_trap(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
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
    return EXEC_TRAPPED;
}

/* The lanes of mask may access the CSR of d: a floating-point CSR
 * (fflags, frm, fcsr) needs mstatus.FS on, lane by lane; the leader
 * checks the rest (lane_csr_check).  Else the exception is raised, and
 * *bad gets the lanes that take it. */
static bool csr_allowed(simty_sim *s, const insn_t *d, unsigned hart0, lane_mask mask,
                        uint32_t pc, lane_mask *bad)
{
    if (__builtin_expect(csr_is_fp(d->csr), 0)) {
        lane_mask off = mmode_fp_off(s, hart0, mask);
        if (off) {
            sim_exception(s, hart0 + lowest_lane(off), pc, CAUSE_ILLEGAL, d->raw,
                          "floating-point CSR access with mstatus.FS = Off");
            *bad = off;
            return false;
        }
    }
    *bad = mask;
    return lane_csr_check(s, d, hart0 + lowest_lane(mask), pc);
}

enum exec_end warp_exec_csr(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                            const insn_t *d, warp_outcome *o)
{
    const unsigned T = s->T, hart0 = gw * T + first;
    const uint32_t pc = p->pc;
    const lane_mask mask = p->mask;
    uint32_t *x = warp_regs(s, gw) + first;
    lane_mask bad;
    if (!csr_allowed(s, d, hart0, mask, pc, &bad))
        return warp_failed(s, gw, first, p, d, bad, o);
    uint32_t scope = SIMTY_BARRIER_SCOPE_MACHINE, scope0 = ~0u;
    for (lane_mask m = mask; m; m &= m - 1) {
        unsigned l = lowest_lane(m);
        if (!lane_csr(s, d, x, T, l, hart0 + l, pc, &scope))
            return EXEC_FAULT;
        if (s->ncores == 1) /* one core: its barrier is the machine's */
            scope = SIMTY_BARRIER_SCOPE_MACHINE;
        if (scope0 != ~0u && scope != scope0) {
            sim_fault(s, hart0 + l, pc, "the threads of one path write different barrier "
                                        "scopes (%u and %u)", scope0, scope);
            return EXEC_FAULT;
        }
        scope0 = scope;
    }
    if (d->csr == SIMTY_CSR_BARRIER && csr_insn_writes(d)) {
        /* the threads wait at the next instruction */
        o->c.park = scope == SIMTY_BARRIER_SCOPE_CORE ? WAIT_BARRIER_CORE : WAIT_BARRIER;
        warp_stats(s, gw)->barrier_slots++;
        warp_stats(s, gw)->barrier_thread_instructions += (uint64_t)lane_popcount(mask);
    }
    return EXEC_RETIRE;
}

/* ecall: threads with a trap handler take the exception; the others call
 * the exit convention (a7 = 93).  The leader's kind goes first; the other
 * kind issues it again. */
static enum exec_end ecall(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                           const insn_t *d, warp_outcome *o)
{
    const unsigned T = s->T, hart0 = gw * T + first;
    const uint32_t pc = p->pc;
    const lane_mask mask = p->mask;
    uint32_t *x = warp_regs(s, gw) + first;
    const bool traps = mmode_has_handler(s, hart0 + lowest_lane(mask));
    lane_mask kind = 0;
    for (lane_mask m = mask; m; m &= m - 1)
        if (mmode_has_handler(s, hart0 + lowest_lane(m)) == traps)
            kind |= m & -m;
    if (traps) {
        sim_exception(s, hart0 + lowest_lane(mask), pc, CAUSE_ECALL_M, 0, "ecall");
        return warp_failed(s, gw, first, p, d, kind, o);
    }
    for (lane_mask m = kind; m; m &= m - 1) {
        unsigned l = lowest_lane(m);
        int32_t code;
        if (!lane_ecall(s, x, T, l, hart0 + l, pc, &code))
            return EXEC_FAULT;
        sim_thread_exit(s, hart0 + l, code, pc);
    }
    o->retired = kind;
    o->c.next[0].mask = 0; /* the exit retires; the threads are gone */
    if (kind != mask) {
        set_next(&o->c.next[1], pc, mask & ~kind, p->depth);
        o->c.next[1].stamp = PATH_NOT_ISSUED;
    }
    return EXEC_RETIRE;
}

/* A semihosting call (machine/semihost.h) by the lanes of mask: served
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
        s->port.semihost(s, hart0 + l, pc, a0, x[11 * T + l], now);
    }
    const uint64_t wait = s->port.service_ready(
        s, now, (uint64_t)SEMIHOST_CYCLES_PER_LANE * lane_count(mask, T)) - now;
    o->c.park = WAIT_SERVICE;
    o->c.backoff = wait;
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

/* wrs.nto, wrs.sto: threads holding a reservation wait at the next
 * instruction until they lose it or an interrupt is pending; the others go
 * on (Zawrs). */
static void wrs(simty_sim *s, unsigned gw, unsigned first, const path_t *p, const insn_t *d,
                warp_outcome *o)
{
    const unsigned hart0 = gw * s->T + first;
    warp_stats(s, gw)->wrs_slots++;
    lane_mask holds = 0;
    const uint64_t now = warp_core(s, gw)->now;
    for (lane_mask m = p->mask; m; m &= m - 1)
        if (!sync_wrs_ends(s, hart0 + lowest_lane(m), now))
            holds |= m & -m;
    if (holds) {
        o->c.next[0].mask = holds;
        set_next(&o->c.next[1], p->pc + d->len, p->mask & ~holds, p->depth);
        o->c.park = WAIT_WRS;
        o->c.wrs_timeout = d->op == OP_WRS_STO;
    }
}

enum exec_end warp_exec_system(simty_sim *s, unsigned gw, unsigned first, const path_t *p,
                               const insn_t *d, warp_outcome *o)
{
    const unsigned T = s->T, hart0 = gw * T + first;
    const unsigned leader = hart0 + lowest_lane(p->mask);
    switch (d->op) {
    case OP_ECALL:
        return ecall(s, gw, first, p, d, o);
    case OP_EBREAK:
        if (semihost_is_call(s, leader, p->pc, d)) {
            semihost_lanes(s, gw, warp_regs(s, gw) + first, T, hart0, p->mask, p->pc, o);
            return EXEC_RETIRE;
        }
        lane_illegal(s, d, leader, p->pc);
        return warp_failed(s, gw, first, p, d, p->mask, o);
    case OP_MRET:
        mret(s, gw, first, p, o);
        return EXEC_RETIRE;
    case OP_WRS_NTO:
    case OP_WRS_STO:
        wrs(s, gw, first, p, d, o);
        return EXEC_RETIRE;
    default:
        return EXEC_RETIRE; /* wfi */
    }
}
