/* A timing/scheduling model.  Models share the decoder, the per-lane
 * executor and the machine state in simty_sim; they differ only in how they
 * schedule a core's threads and account time.  A model does not own a run
 * loop: the machine's (sim/run.c) ticks every core once per cycle, in core
 * order, and makes every check between cycles (limits, stop requests,
 * deadlock, an idle machine).
 *
 * A model is a short core (model_ops: init, free, quiet, tick; woken, or
 * poll without path tables; a report's hash) and the optional parts it
 * needs, each NULL where the caller's documented default will do:
 *   - the run loop's hooks around the tick: burst, settle, finish;
 *   - state for reports (model_report_ops): hash; wait_state, in_flight;
 *   - the debugger's needs (model_debug_ops): changed; step, busy.
 * What every model did alike is done once by its caller: the poll of the
 * path tables (sync_poll, calling woken), the thread dump (the path tables'
 * or one line per hart, models/model.c), the memory timing's clock (sim/run.c
 * advances s->timing: its events before the cores tick, in a quantum the
 * shared levels beside them and each core's own events, the cores' outboxes
 * after they tick), the barrier unit's count after a quantum
 * (sync_end_quantum), and a debugger's PC write and step of a warp's
 * threads (sim/debug.c). */
#ifndef SIMTY_MODELS_MODEL_H
#define SIMTY_MODELS_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "machine/machine.h"
#include "sync/sync.h" /* sync_woken_fn */
#include "util/ckpt.h"

/* State for reports: deadlock detection and reports, regions of interest,
 * inspection (simty_thread_state_get). */
typedef struct model_report_ops {
    /* Appended to a deadlock report (what the user may look at). */
    const char *deadlock_hint;
    /* Hash of core c's scheduling state that decides what runs next
     * (paths, pointers); registers are hashed by the caller.  For deadlock
     * detection. */
    uint64_t (*hash)(const simty_sim *s, const sim_core *c);
    /* What a live thread waits for (enum path_wait; WAIT_NONE if it is
     * runnable or has ended): for deadlock reports and the thread dump.
     * NULL: from the path tables (path_report_wait_state); a model without
     * path tables (scalar) gives it. */
    uint8_t (*wait_state)(const simty_sim *s, unsigned hart);
    /* Issue slots of core c counted in warp_instructions that have not
     * executed yet (cycle model: between issue and F+7).  Lets a region of
     * interest count each slot on the side where it executes.  NULL:
     * none. */
    uint64_t (*in_flight)(const simty_sim *s, const sim_core *c);
} model_report_ops;

/* What a debugger needs between cycles (sim/debug.c: simty_pc_write,
 * simty_step_thread).  A model without it (model_ops.debug NULL) can be
 * inspected but not changed: PC writes and steps fail. */
typedef struct model_debug_ops {
    /* Warp gw's paths were changed between cycles from outside the model (a
     * debugger's PC write or step; `why` names it, for traces): bring the
     * model's view of the warp up to date (whether it has runnable paths,
     * where it fetches).  Needed with path tables. */
    void (*changed)(simty_sim *s, unsigned gw, const char *why);
    /* Must warp gw's paths stay as they are now (cycle model: an executed
     * instruction of it waits to commit)?  A PC write fails, a step returns
     * 1 (run a cycle first).  NULL: never. */
    bool (*busy)(const simty_sim *s, unsigned gw);
    /* Runs live thread `hart` for one instruction, no other thread, no
     * time.  Returns 0, 1 (the model cannot now: run a cycle first) or -1
     * (the thread waits).  NULL: the slots of its warp's paths, no other
     * warp, until one holds the thread (sim_debug_step_warp), then
     * changed.  (Without path tables a PC write is the caller's alone.) */
    int (*step)(simty_sim *s, unsigned hart);
} model_debug_ops;

typedef struct model_ops {
    const char *name;
    /* Cycles between deadlock-detection samples, per hart of the machine
     * (0: use watch_interval_fixed). */
    uint64_t watch_interval_per_hart, watch_interval_fixed;
    /* An idle machine (every core quiet) jumps to the next timed wake-up
     * instead of ticking (the functional models); the cycle model ticks. */
    bool skips_idle_time;

    /* ---- the core: every model -------------------------------------- */
    /* Called after loading, every hart at the entry point: the per-core
     * state of every core (s->core[c].model_state) and anything the model
     * shares between its cores (the cycle model: the memory timing,
     * s->timing, which the run loop then advances). */
    int (*init)(simty_sim *s, char *err, size_t errlen);
    void (*free)(simty_sim *s);
    /* Nothing of core c can issue or is about to commit. */
    bool (*quiet)(const simty_sim *s, const sim_core *c);
    /* One cycle of core c (simt: one issue slot; scalar: one step of each
     * runnable hart; cycle: every pipeline stage).  Returns false if the
     * run stopped so that the cycle does not complete (a guest fault in the
     * SIMT models: the cycle count stays where the fault happened). */
    bool (*tick)(simty_sim *s, sim_core *c);
    /* Wake-ups.  Once per cycle before the cores tick (in quanta: in each
     * cycle after a quantum's first, core by core) the run loop moves every
     * due waiting path of the path tables back to its warp (sync_poll,
     * sync_poll_core) and calls woken(s, gw) for each warp that got one (its
     * ctx is the simulator): the model marks the warp runnable again.
     * Needed with path tables. */
    sync_woken_fn *woken;
    /* A model without path tables (scalar) wakes its own waiting threads
     * instead, machine-wide (a barrier spans cores), and advances its
     * memory timing, if it has one.  NULL: the path tables' poll above. */
    void (*poll)(simty_sim *s);
    const model_report_ops *report;

    /* ---- optional: NULL is the default each one names ---------------- */
    /* Ticks the one core of a one-core machine cycle after cycle, from
     * s->cycle up to `end`, while no thread waits, the run is not stopped
     * and the memory timing has no events (sim/run.c, run_loop).  Returns
     * false if a tick did not complete.  Defined with MODEL_BURST(), the
     * model's tick inlined into the loop.  NULL: the run loop ticks every
     * cycle itself (the same cycles, with its bookkeeping of every
     * cycle). */
    bool (*burst)(simty_sim *s, uint64_t end);
    /* The run loop returns (paused or over), a region of interest opens or
     * closes, the monitor reports: bring c's statistics up to date (scalar:
     * its counts come from the harts' counters).  NULL: they are. */
    void (*settle)(simty_sim *s, sim_core *c);
    /* The run is over (once): drain what is in flight.  NULL: nothing is. */
    void (*finish)(simty_sim *s, sim_core *c);
    /* NULL: a debugger can read the machine but not change it. */
    const model_debug_ops *debug;
    /* Switching models in the middle of a run (sampled simulation,
     * sim/sample.c), between cycles.  attach: as init, but from the machine
     * as it is (the path tables, the registers and the memory timing
     * s->timing are kept; s->timing must exist).  detach: nothing of the
     * model stays in flight (the cycle model drains its pipeline and its
     * memory timing, ticking cycles that fetch nothing new), then its
     * per-core state is freed; the path tables and s->timing stay.  NULL:
     * the model cannot be switched. */
    int (*attach)(simty_sim *s, char *err, size_t errlen);
    void (*detach)(simty_sim *s);
    /* Checkpoints (sim/checkpoint.c, between quanta): core c's model state,
     * field by field, no pointer; load checks every count and index against
     * the machine (built from the checkpoint's configuration) and fails in
     * the reader.  NULL: the model has none to save. */
    void (*save)(const simty_sim *s, const sim_core *c, ck_writer *w);
    bool (*load)(simty_sim *s, sim_core *c, ck_reader *r);
} model_ops;

/* The loop of model_ops.burst, for a model whose tick and quiet functions
 * are `tick` and `quiet`: one definition, each model's copy compiled with its
 * own tick inline.  `batch(s, c, end)` may run several cycles at once, as
 * many ticks would, before cycle `end`: it returns how many (0: none, tick
 * the next cycle).  (The memory timing has no events during a burst: its
 * end of cycle, memsys_end_cycle, has nothing to do.) */
#define MODEL_BURST(fn, tick, quiet, batch)                                          \
    static bool fn(simty_sim *s, uint64_t end)                                       \
    {                                                                                \
        sim_core *c = &s->core[0];                                                   \
        while (s->cycle < end && !s->sync.waiting && !s->stop_request &&             \
               !sim_stopped(s) && !quiet(s, c)) {                                    \
            uint64_t ran_ = batch(s, c, end);                                        \
            if (ran_) {                                                              \
                s->cycle += ran_;                                                    \
                c->now = s->cycle - 1;                                               \
                s->quantum_end = s->cycle;                                           \
                continue;                                                            \
            }                                                                        \
            s->quantum_end = s->cycle + 1;                                           \
            c->now = s->cycle;                                                       \
            if (!tick(s, c))                                                         \
                return false;                                                        \
            s->cycle++;                                                              \
        }                                                                            \
        return true;                                                                 \
    }

static inline uint64_t model_no_batch(simty_sim *s, sim_core *c, uint64_t end)
{
    (void)s, (void)c, (void)end;
    return 0;
}

/* What live thread `hart` waits for: model_report_ops.wait_state, or its
 * default (models/model.c). */
uint8_t model_wait_state(const simty_sim *s, unsigned hart);
/* Where every live thread is, for deadlock reports and debugging: every
 * live path of the path tables (path_report_dump), or without them one
 * line per live hart (PC, symbol, instruction, what it waits for). */
void model_dump(const simty_sim *s, FILE *f);

extern const model_ops model_scalar;
extern const model_ops model_simt;
extern const model_ops model_cycle;
/* The simt model with functional warming: every fetch and memory pass also
 * goes to the memory timing (memsys_warm_fetch, memsys_warm_access); the
 * fast-forward model of sampled simulation, attached only. */
extern const model_ops model_simt_warm;

#endif
