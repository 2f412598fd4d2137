/* The direct port (machine/port.h): the executor's effects on shared state
 * take place at once.  A one-core machine uses it always, a multi-core one
 * outside its cores' ticks (the debugger, the API, sim_publish). */
#include "sim/port.h"

#include <string.h>

#include "sim/sim.h"
#include "sync/sync.h"
#include "trace/commit_trace.h"
#include "warp/lane_ops.h"

static int direct_store(simty_sim *s, unsigned hart, uint32_t pc, uint32_t addr, unsigned size,
                        uint32_t v)
{
    (void)pc;
    return bus_store(s, hart, addr, size, v);
}

static void direct_store_words(simty_sim *s, unsigned hart0, const uint32_t *addr,
                               const uint32_t *src, lane_mask served)
{
    uint8_t *ram = s->ram;
    const uint32_t base = s->ram_base;
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
}

static bool direct_amo(simty_sim *s, unsigned op, unsigned hart, uint32_t pc, uint32_t addr,
                       uint32_t v2, uint32_t *rd)
{
    return lane_atomic(s, op, hart, addr, v2, rd, pc);
}

static void direct_fault(simty_sim *s, unsigned hart, const char *message)
{
    (void)hart;
    snprintf(s->result.message, sizeof s->result.message, "%s", message);
    sim_stop(s, SIMTY_EXIT_FAULT, 0);
}

static bool direct_stopped(const simty_sim *s, unsigned hart)
{
    (void)hart;
    return sim_stopped(s);
}

static void direct_roi(simty_sim *s, unsigned hart, bool open)
{
    (void)hart;
    sim_roi_mark(s, open);
}

static void direct_trace_atomic(simty_sim *s, uint64_t cycle, unsigned gw, unsigned first,
                                uint32_t pc, const insn_t *d, lane_mask retired)
{
    commit_trace_write(s->cfg.trace_commits, s, cycle, gw, first, pc, d, retired);
}

static void direct_semihost(simty_sim *s, unsigned hart, uint32_t pc, uint32_t *a0, uint32_t a1,
                            uint64_t now)
{
    (void)pc;
    *a0 = semihost_call(s, hart, *a0, a1, now);
}

static uint64_t direct_service_ready(const simty_sim *s, uint64_t now, uint64_t wait)
{
    (void)s;
    return now + wait;
}

static void direct_counter_read(simty_sim *s, unsigned hart)
{
    (void)hart;
    s->counter_read = true;
}

const machine_port port_direct = {
    .name = "direct",
    .store = direct_store,
    .store_words = direct_store_words,
    .amo = direct_amo,
    .thread_end = sim_thread_ended,
    .wait = sync_wait_apply,
    .fault = direct_fault,
    .stopped = direct_stopped,
    .roi = direct_roi,
    .trace_atomic = direct_trace_atomic,
    .semihost = direct_semihost,
    .service_ready = direct_service_ready,
    .counter_read = direct_counter_read,
    .fence_i = sim_flush_decode_cache,
};
