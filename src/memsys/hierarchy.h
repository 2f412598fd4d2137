/* What the files of the memory timing share (private to src/memsys/; the
 * rest of the simulator sees memsys.h only): the state of struct memsys,
 * the hierarchy's events and waiting requests, and the functions one file
 * of the hierarchy calls in another.
 *
 *   memsys.c         the pipeline's interface, the ideal memory, the two
 *                    timings' tables, creation and destruction
 *   memsys_events.c  the event queue, the messages between the cores and
 *                    the shared levels (outboxes, inboxes), the clock
 *   memsys_l1.c      a core's side: L1I fetch, L1D access and the lines a
 *                    pass coalesces into, L1 MSHRs, fills, the write buffer
 *   memsys_l2.c      the shared side: L2 banks, their MSHRs, the DRAM glue
 *   memsys_stats.c   latency buckets, DRAM refreshes, the deadlock hash
 *
 * Hot helpers are static inline here so that every file inlines them. */
#ifndef SIMTY_MEMSYS_HIERARCHY_H
#define SIMTY_MEMSYS_HIERARCHY_H

#include "memsys/memsys.h"

#include "memsys/cache.h"
#include "memsys/dram.h"
#include "machine/machine.h"

/* A timing: its answers to memsys_fetch, memsys_access, memsys_advance */
struct memsys_timing_ops {
    bool (*fetch)(memsys *m, unsigned gw, uint32_t pc, uint64_t now);
    void (*access)(memsys *m, unsigned gw, const mem_request *r, uint64_t now);
    void (*advance)(memsys *m, uint64_t now);
};

/* What a request asks of the next level */
enum req_op { OP_READ_I, OP_READ_D, OP_WRITE, OP_ATOMIC };

/* What an event is (mev.kind) */
enum ev_kind {
    EV_L2_ARRIVE, /* a request reaches its L2 bank's port */
    EV_L2_LOOKUP, /* ... and its turn at the bank */
    EV_DRAM,      /* a request reaches the DRAM controller */
    EV_L2_FILL,   /* DRAM returned a line to an L2 bank */
    EV_CORE_FILL, /* a line reaches a core's L1 */
    EV_ATOMIC,    /* an atomic's result reaches its warp */
    EV_WB_ACK,    /* an L2 bank accepted a write: the core's write buffer has room */
    EV_INVAL,     /* in quanta: another core's write reached the L2 (invalidate_others) */
};

/* An event of the hierarchy: a request or a reply reaching a level */
typedef struct mev {
    uint64_t time, seq;
    uint64_t t0;      /* when the request entered the level (latency) */
    uint32_t line;
    uint16_t core;    /* requesting core */
    uint16_t warp;    /* global warp (atomics) */
    uint16_t bytes;   /* write data */
    uint8_t kind, op;
} mev;

/* A request waiting for an MSHR */
typedef struct pend {
    uint32_t line;
    uint16_t warp, core, bytes;
    uint8_t op;       /* enum req_op (L1D: OP_READ_D, or OP_WRITE for a write-allocate) */
    uint64_t t0;
} pend;

/* A queue of events, earliest first (a binary heap) */
typedef struct evq {
    mev *e;
    unsigned n, cap;
    uint64_t seq;
} evq;

typedef struct pend_fifo {
    pend *e;
    unsigned head, n, cap;
} pend_fifo;

typedef struct mcore {
    cache l1i, l1d;
    mshr_file mi, md;
    uint64_t fetch_waiting;   /* local warps waiting for an I-cache fill */
    uint64_t fetch_t0[SIMTY_MAX_WARPS];
    uint32_t warm_iline;      /* functional warming: the L1I's last line + 1 (0: none) */
    pend_fifo pend;           /* L1D misses waiting for an MSHR */
    unsigned wb_used;         /* write-buffer entries: writes not yet accepted by the L2 */
    pend_fifo wbq;            /* writes waiting for an entry */
    /* while the core ticks, what it sends waits here and joins the queue
     * after every core has ticked, core by core (memsys_end_cycle): so the
     * cores touch nothing shared while they tick */
    bool ticking;
    bool out_oom;             /* the outbox could not grow */
    mev *out;
    unsigned nout, outcap;
    /* in quanta: the events that reach this core, and those the shared
     * levels sent it in this quantum (due after it) */
    evq q;
    mev *in;
    unsigned nin, incap;
} mcore;

typedef struct l2bank {
    cache c;
    mshr_file mshr;
    uint64_t busy;            /* port busy until */
    pend_fifo pend;           /* misses waiting for an MSHR */
} l2bank;

struct memsys {
    const memsys_timing_ops *ops; /* the PLUGIN_MEMORY plug-in of cfg->kind */
    simty_sim *s;
    unsigned W, ncores;
    const simty_memory_config *cfg;
    unsigned line_shift;      /* every level has the same line size */
    uint64_t *due, *due_max, *t0; /* per global warp: its load's data */
    unsigned *left;           /* per global warp: lines still missing */
    uint32_t *half_pc;        /* per global warp: the PC of a 32-bit instruction whose
                               * first half, at a line's end, is in its fetch buffer
                               * (C), or 1 */
    uint32_t *atomic_next;    /* per global warp: next atomic waiting on the same L2 miss */
    mcore *core;
    l2bank *bank;
    dram dram;
    uint64_t period_ps;       /* core clock */
    evq q;                    /* the shared events (and, one cycle at a time, all) */
    /* in quanta: the cores run alone through a quantum, seeing only their
     * own queue; the shared levels run the quantum first (memsys_advance) */
    bool split;
    bool shared_oom;          /* in quanta: the shared levels ran out of host memory */
    bool oom;                 /* host memory ran out: reported once */
};

/* hier_host_oom's side when the L2 or DRAM ran out, not a core */
#define SHARED_SIDE UINT32_MAX

static inline simty_level_stats *lvl(memsys *m, unsigned core, unsigned level)
{
    return &m->s->core[core].stats.mem[level];
}

/* The latency histogram's bucket of v cycles (memsys_latency_bucket) */
static inline unsigned latency_bucket(uint64_t v)
{
    if (v < 16)
        return (unsigned)v;
    unsigned o = 63u - (unsigned)__builtin_clzll(v); /* >= 4 */
    unsigned b = 16 + (o - 4) * 8 + (unsigned)((v >> (o - 3)) & 7);
    return b < SIMTY_LATENCY_BUCKETS ? b : SIMTY_LATENCY_BUCKETS - 1;
}

static inline void note_latency(simty_level_stats *l, uint64_t cycles)
{
    l->latency_count++;
    l->latency_sum += cycles;
    l->latency_hist[latency_bucket(cycles)]++;
}

/* ---- memsys_events.c -------------------------------------------------- */

/* The host ran out of memory for a queue: the run stops with a fault that
 * says so (core: who ran out, a core or SHARED_SIDE). */
void hier_host_oom(memsys *m, unsigned core);
/* Appends e to queue q; false if the host refused the memory. */
bool evq_push(evq *q, mev e);
mev evq_pop(evq *q);
/* Schedules e on the shared side (in quanta, what reaches a core waits in
 * its inbox until the quantum ends). */
void hier_push(memsys *m, mev e);
/* A request leaves core `core` at time t for its L2 bank. */
void hier_send_l2(memsys *m, unsigned core, unsigned op, uint32_t line, unsigned warp,
                  unsigned bytes, uint64_t t);
/* Appends p to f; on failure the run stops (hier_host_oom(m, side)). */
bool hier_pend_push(memsys *m, unsigned side, pend_fifo *f, pend p);
/* The hierarchy's table's advance: one cycle's events */
void hier_advance_cycle(memsys *m, uint64_t now);

/* ---- memsys_l1.c ------------------------------------------------------ */

/* The hierarchy's table's fetch and access: the core side, while a core ticks */
bool hier_fetch(memsys *m, unsigned gw, uint32_t pc, uint64_t now);
void hier_access(memsys *m, unsigned gw, const mem_request *r, uint64_t now);
/* An event that reaches core e->core */
void hier_core_event(memsys *m, const mev *e);
/* Another core's write reached the L2 at t: core c drops its copy of the
 * line, if any. */
void hier_invalidate_copy(memsys *m, unsigned c, uint32_t line, uint64_t t);
/* The distinct lines of a pass *r, in lane order of their first lane, and
 * the bytes of each (line, bytes: room for 2 * SIMTY_MAX_LANES); how many */
unsigned hier_pass_lines(const memsys *m, const mem_request *r, uint32_t *line, uint16_t *bytes);

/* ---- memsys_l2.c ------------------------------------------------------ */

/* A request reaches its L2 bank's port, then its turn at the bank (t; a
 * retry was counted when it first came) */
void hier_l2_arrive(memsys *m, mev *e);
void hier_l2_lookup(memsys *m, const mev *e, uint64_t t, bool retry);
/* A line came back from DRAM to its bank */
void hier_l2_fill(memsys *m, const mev *e);
/* A request reaches the DRAM controller; the controller's completions
 * (dram_advance's callback, ctx the memsys) */
void hier_dram_arrive(memsys *m, const mev *e);
void hier_dram_done(void *ctx, const dram_done *d);

#endif
