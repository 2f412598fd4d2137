/* Effect logs of the cores of a multi-core machine: see sim/effects.h. */
#include "sim/effects.h"

#include <stdio.h>
#include <stdlib.h>

#include "sim/port.h"
#include "sim/sim.h"
#include "trace/commit_trace.h"
#include "warp/lane_ops.h"

static void fx_push(simty_sim *s, unsigned core, fx e)
{
    fx_log *l = &s->core[core].fx;
    if (l->n == l->cap) { /* amortised: a log only grows */
        unsigned cap = l->cap ? 2 * l->cap : 64;
        fx *n = realloc(l->e, cap * sizeof *n);
        if (!n) {
            l->oom = true;
            return;
        }
        l->e = n;
        l->cap = cap;
    }
    e.t = s->core[core].now;
    l->e[l->n++] = e;
}

void fx_free(fx_log *l)
{
    free(l->tr);
    free(l->e);
    free(l->fwd);
    *l = (fx_log){0};
}

static uint64_t fwd_key(unsigned hart, uint32_t word) { return (uint64_t)(hart + 1) << 32 | word; }

static unsigned fwd_slot(const fx_log *l, uint64_t key)
{
    unsigned i = (unsigned)((key * 0x9e3779b97f4a7c15ull) >> 40) & (l->fwd_cap - 1);
    while (l->fwd[i].key && l->fwd[i].key != key)
        i = (i + 1) & (l->fwd_cap - 1);
    return i;
}

/* Hart's store of size bytes of v at addr, for its own later loads. */
static void fwd_note(fx_log *l, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    if (2 * (l->fwd_n + 1) > l->fwd_cap) { /* amortised: the map only grows */
        unsigned cap = l->fwd_cap ? 2 * l->fwd_cap : 256;
        struct fx_word *n = calloc(cap, sizeof *n), *old = l->fwd;
        if (!n) {
            l->oom = true;
            return;
        }
        unsigned oldcap = l->fwd_cap;
        l->fwd = n;
        l->fwd_cap = cap;
        for (unsigned i = 0; i < oldcap; i++)
            if (old[i].key)
                l->fwd[fwd_slot(l, old[i].key)] = old[i];
        free(old);
    }
    uint64_t key = fwd_key(hart, addr & ~3u);
    struct fx_word *w = &l->fwd[fwd_slot(l, key)];
    if (!w->key) {
        *w = (struct fx_word){.key = key};
        l->fwd_n++;
    }
    for (unsigned b = 0; b < size; b++) {
        unsigned at = (addr & 3) + b;
        w->value = (w->value & ~(0xffu << 8 * at)) | ((v >> 8 * b) & 0xffu) << 8 * at;
        w->mask |= (uint8_t)(1u << at);
    }
}

static void fx_forward(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v)
{
    const fx_log *l = &s->core[hart_core(s, hart)].fx;
    const struct fx_word *w = &l->fwd[fwd_slot(l, fwd_key(hart, addr & ~3u))];
    if (!w->key)
        return;
    for (unsigned b = 0; b < size; b++) {
        unsigned at = (addr & 3) + b;
        if (w->mask >> at & 1)
            *v = (*v & ~(0xffu << 8 * b)) | ((w->value >> 8 * at) & 0xffu) << 8 * b;
    }
}

static void fx_note_store(simty_sim *s, unsigned core, unsigned hart, uint32_t addr, unsigned size,
                   uint32_t v)
{
    fx_push(s, core, (fx){.kind = FX_STORE, .size = (uint8_t)size, .hart = hart, .addr = addr,
                          .value = v});
    if (s->quantum > 1)
        fwd_note(&s->core[core].fx, hart, addr, size, v);
}

/* A misaligned store while deferring (hardware mode): checked byte by
 * byte now, performed byte by byte by bus_store at the quantum's end; in
 * quanta each byte is noted for the hart's own later loads, so an aligned
 * load of either word it touches sees it, and a misaligned load sees an
 * aligned store, byte by byte (sim.c, load_split). */
static int store_split(simty_sim *s, unsigned hart, uint32_t pc, uint32_t addr, unsigned size,
                       uint32_t v)
{
    int st = bus_split_check(s, addr, size, true);
    if (st != MEM_OK)
        return st;
    fx_log *l = &s->core[hart_core(s, hart)].fx;
    bool changed = false;
    for (unsigned i = 0; i < size; i++) {
        uint32_t a = stacks_access_byte(&s->stacks, s->nharts, addr, i);
        changed |= *bus_ram(s, a, 1) != (uint8_t)(v >> 8 * i);
        if (s->quantum > 1)
            fwd_note(l, hart, a, 1, v >> 8 * i);
    }
    l->changes += changed;
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_STORE, .size = (uint8_t)size, .hart = hart,
                                        .addr = addr, .value = v, .pc = pc});
    return MEM_OK;
}

static int fx_store(simty_sim *s, unsigned hart, uint32_t pc, uint32_t addr, unsigned size,
                    uint32_t v)
{
    if (addr & (size - 1))
        return s->cfg.misaligned == SIMTY_MISALIGNED_TRAP ? MEM_MISALIGNED
                                                          : store_split(s, hart, pc, addr, size, v);
    uint8_t *p;
    int st = bus_store_check(s, addr, size, v, &p);
    if (st != MEM_OK)
        return st;
    fx_log *l = &s->core[hart_core(s, hart)].fx;
    if (p) {
        uint32_t mask = size == 4 ? ~0u : (1u << (size * 8)) - 1;
        l->changes += load_le(p, size) != (v & mask);
    } else {
        l->changes++; /* a device acts on every store */
    }
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_STORE, .size = (uint8_t)size, .hart = hart,
                                        .addr = addr, .value = v, .pc = pc});
    if (s->quantum > 1 && p)
        fwd_note(l, hart, addr, size, v);
    return MEM_OK;
}

/* Applies core c's effect e.  Once the run has stopped, memory is left as
 * it was (as a finisher store ends the run before the lanes after it). */
static void apply(simty_sim *s, sim_core *c, const fx *e)
{
    fx_log *l = &c->fx;
    {
        switch (e->kind) {
        case FX_STORE:
            if (!sim_stopped(s)) {
                int st = bus_store(s, e->hart, e->addr, e->size, e->value);
                if (st != MEM_OK) /* a device refused it (checked when logged otherwise) */
                    sim_fault(s, e->hart, e->pc, "%s", s->bus_error);
            }
            break;
        case FX_AMO:
            if (!sim_stopped(s))
                lane_atomic(s, e->op, e->hart, e->addr, e->value, e->rd, e->pc);
            break;
        case FX_SEMIHOST: /* (after a stop: not served, as a store) */
            if (!sim_stopped(s))
                *e->rd = semihost_call(s, e->hart, e->addr, e->value, e->t);
            break;
        case FX_END:
            sim_thread_ended(s, e->hart);
            break;
        case FX_WAIT:
            sync_wait_apply(s, e->hart, e->why, e->wake, e->waiting, e->threads, e->now);
            break;
        case FX_STOP:
            if (!sim_stopped(s)) {
                memcpy(s->result.message, l->message, sizeof s->result.message);
                sim_stop(s, SIMTY_EXIT_FAULT, 0);
            }
            break;
        case FX_TRACE: {
            if (sim_stopped(s)) /* its atomic was not performed either */
                break;
            const struct fx_trace *r = &l->tr[e->value];
            commit_trace_write(s->cfg.trace_commits, s, r->cycle, r->gw, r->first, r->pc,
                               &r->insn, r->retired);
            break;
        }
        case FX_ROI: /* at its cycle (the counters: the quantum's end) */
            if (!sim_stopped(s))
                sim_roi_mark(s, e->why != 0);
            break;
        }
    }
}

/* Core c's log is applied: what is left to say, and empty it. */
static void finish_core(simty_sim *s, sim_core *c)
{
    fx_log *l = &c->fx;
    if (l->oom && !sim_stopped(s)) {
        snprintf(s->result.message, sizeof s->result.message,
                 "out of host memory for core %u's effect log", c->id);
        sim_stop(s, SIMTY_EXIT_FAULT, 0);
    }
    s->counter_read |= l->counter_read;
    l->n = l->ntr = 0;
    if (l->fwd_n) {
        memset(l->fwd, 0, l->fwd_cap * sizeof *l->fwd);
        l->fwd_n = 0;
    }
    l->oom = l->stop = l->counter_read = false;
    l->changes = 0;
}

void sim_publish(simty_sim *s)
{
    const uint64_t t0 = s->cycle;
    unsigned *next = s->ctl->publish_next; /* per core: its next entry */
    for (unsigned c = 0; c < s->ncores; c++)
        next[c] = 0;
    bool stopped = sim_stopped(s);
    for (;;) { /* the earliest entry; the lowest core among equals */
        unsigned best = s->ncores;
        for (unsigned c = 0; c < s->ncores; c++)
            if (next[c] < s->core[c].fx.n &&
                (best == s->ncores ||
                 s->core[c].fx.e[next[c]].t < s->core[best].fx.e[next[best]].t))
                best = c;
        if (best == s->ncores)
            break;
        sim_core *c = &s->core[best];
        const fx *e = &c->fx.e[next[best]++];
        s->cycle = e->t; /* (one cycle at a time: t0) */
        apply(s, c, e);
        if (!stopped && sim_stopped(s)) {
            stopped = true;
            s->ctl->stop_cycle = e->t + 1;
        }
    }
    s->cycle = t0;
    for (unsigned c = 0; c < s->ncores; c++)
        finish_core(s, &s->core[c]);
}

/* ---- the deferred ports (machine/port.h, sim/port.h) ---- */

static fx_log *log_of(simty_sim *s, unsigned hart) { return &s->core[hart_core(s, hart)].fx; }

static void deferred_store_words(simty_sim *s, unsigned hart0, const uint32_t *addr,
                                 const uint32_t *src, lane_mask served)
{
    const unsigned core = hart_core(s, hart0);
    for (lane_mask m = served; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        s->core[core].fx.changes += load_le(s->ram + (addr[l] - s->ram_base), 4) != src[l];
        fx_note_store(s, core, hart0 + l, addr[l], 4, src[l]);
    }
}

/* Checked now, performed at the end of the cycle */
static bool deferred_amo(simty_sim *s, unsigned op, unsigned hart, uint32_t pc, uint32_t addr,
                         uint32_t v2, uint32_t *rd)
{
    uint8_t *p = lane_atomic_word(s, op, hart, pc, addr);
    if (!p)
        return false;
    uint32_t old = load_le(p, 4);
    bool sc_ok = s->resv[hart].valid && s->resv[hart].addr == addr;
    log_of(s, hart)->changes +=
        op == OP_SC_W ? sc_ok && old != v2 : op != OP_LR_W && lane_amo_apply(op, old, v2) != old;
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_AMO, .op = (uint16_t)op, .hart = hart,
                                        .addr = addr, .value = v2, .pc = pc, .rd = rd});
    return true;
}

static bool deferred_own_stores(const simty_sim *s, unsigned hart)
{
    return s->core[hart_core(s, hart)].fx.fwd_n != 0;
}

static void deferred_overlay(simty_sim *s, unsigned hart, uint32_t addr, unsigned size,
                             uint32_t *v)
{
    if (s->core[hart_core(s, hart)].fx.fwd_n)
        fx_forward(s, hart, addr, size, v);
}

static void deferred_thread_end(simty_sim *s, unsigned hart)
{
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_END, .hart = hart});
}

static void deferred_wait(simty_sim *s, unsigned hart, unsigned why, uint64_t wake,
                          unsigned waiting, unsigned threads, uint64_t now)
{
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_WAIT, .why = (uint8_t)why, .hart = hart,
                                        .wake = wake, .waiting = waiting, .threads = threads,
                                        .now = now});
}

/* The core's fault takes effect at the end of the cycle */
static void deferred_fault(simty_sim *s, unsigned hart, const char *message)
{
    fx_log *l = log_of(s, hart);
    snprintf(l->message, sizeof l->message, "%s", message);
    l->stop = true;
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_STOP, .hart = hart});
}

static bool deferred_stopped(const simty_sim *s, unsigned hart)
{
    return sim_stopped(s) || s->core[hart_core(s, hart)].fx.stop;
}

/* Takes effect with the cycle's other effects */
static void deferred_roi(simty_sim *s, unsigned hart, bool open)
{
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_ROI, .why = open, .hart = hart});
}

static void deferred_trace_atomic(simty_sim *s, uint64_t cycle, unsigned gw, unsigned first,
                                  uint32_t pc, const insn_t *d, lane_mask retired)
{
    fx_log *l = &s->core[gw / s->W].fx;
    if (l->ntr == l->trcap) { /* amortised: only grows */
        unsigned cap = l->trcap ? 2 * l->trcap : 16;
        struct fx_trace *t = realloc(l->tr, cap * sizeof *t);
        if (!t) {
            l->oom = true;
            return;
        }
        l->tr = t;
        l->trcap = cap;
    }
    l->tr[l->ntr] = (struct fx_trace){.cycle = cycle, .gw = gw, .first = first, .pc = pc,
                                      .retired = retired, .insn = *d};
    fx_push(s, gw / s->W, (fx){.kind = FX_TRACE, .value = l->ntr++});
}

static void deferred_semihost(simty_sim *s, unsigned hart, uint32_t pc, uint32_t *a0,
                              uint32_t a1, uint64_t now)
{
    (void)now;
    fx_push(s, hart_core(s, hart), (fx){.kind = FX_SEMIHOST, .hart = hart, .addr = *a0,
                                        .value = a1, .pc = pc, .rd = a0});
}

static uint64_t deferred_service_ready(const simty_sim *s, uint64_t now, uint64_t wait)
{
    (void)s;
    return now + wait;
}

/* In quanta, a call's result comes at the quantum's end at the earliest */
static uint64_t quanta_service_ready(const simty_sim *s, uint64_t now, uint64_t wait)
{
    return s->quantum_end > now + wait ? s->quantum_end : now + wait;
}

static void deferred_counter_read(simty_sim *s, unsigned hart)
{
    log_of(s, hart)->counter_read = true;
}

static void deferred_fence_i(simty_sim *s)
{
    (void)s; /* every store drops its words from the decode caches anyway */
}

#define DEFERRED_PORT(NAME, OWN, OVERLAY, READY) \
    {.name = NAME, .store = fx_store, .store_words = deferred_store_words, \
     .amo = deferred_amo, .own_stores = OWN, .overlay = OVERLAY, \
     .thread_end = deferred_thread_end, .wait = deferred_wait, .fault = deferred_fault, \
     .stopped = deferred_stopped, .roi = deferred_roi, .trace_atomic = deferred_trace_atomic, \
     .semihost = deferred_semihost, .service_ready = READY, \
     .counter_read = deferred_counter_read, .fence_i = deferred_fence_i}

const machine_port port_deferred =
    DEFERRED_PORT("deferred", NULL, NULL, deferred_service_ready);
const machine_port port_deferred_quanta =
    DEFERRED_PORT("deferred-quanta", deferred_own_stores, deferred_overlay, quanta_service_ready);
