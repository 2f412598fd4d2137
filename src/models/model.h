/* A timing/scheduling model.  Models share the decoder, the per-lane
 * executor and the machine state in simty_sim; they differ only in how they
 * schedule a core's threads and account time.  A model does not own a run
 * loop: the machine's (sim/run.c) ticks every core once per cycle, in core
 * order, and makes every check between cycles (limits, stop requests,
 * deadlock, an idle machine). */
#ifndef SIMTY_MODELS_MODEL_H
#define SIMTY_MODELS_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "machine/machine.h"

typedef struct model_ops {
    const char *name;
    /* Appended to a deadlock report (what the user may look at). */
    const char *deadlock_hint;
    /* Cycles between deadlock-detection samples, per hart of the machine
     * (0: use watch_interval_fixed). */
    uint64_t watch_interval_per_hart, watch_interval_fixed;
    /* An idle machine (every core quiet) jumps to the next timed wake-up
     * instead of ticking (the functional models); the cycle model ticks. */
    bool skips_idle_time;

    /* Called after loading, every hart at the entry point: the per-core
     * state of every core (s->core[c].model_state) and anything the model
     * shares between its cores. */
    int (*init)(simty_sim *s, char *err, size_t errlen);
    void (*free)(simty_sim *s);
    /* Once per cycle before the cores tick: wake the waiting threads whose
     * event came or whose time is up (machine-wide: a barrier spans cores). */
    void (*poll)(simty_sim *s);
    /* Does poll have work even while no thread waits (a memory hierarchy
     * to advance)?  NULL: it has not, and a one-core run with no waiting
     * thread skips it (sim/run.c, run_loop). */
    bool (*poll_always)(const simty_sim *s);
    /* Ticks the one core of a one-core machine cycle after cycle, from
     * s->cycle up to `end`, while no thread waits and the run is not
     * stopped (sim/run.c, run_loop).  Returns false if a tick did not
     * complete.  Every model defines it with MODEL_BURST(), its tick
     * inlined into the loop. */
    bool (*burst)(simty_sim *s, uint64_t end);
    /* Nothing of core c can issue or is about to commit. */
    bool (*quiet)(const simty_sim *s, const sim_core *c);
    /* One cycle of core c (simt: one issue slot; scalar: one step of each
     * runnable hart; cycle: every pipeline stage).  Returns false if the
     * run stopped so that the cycle does not complete (a guest fault in the
     * SIMT models: the cycle count stays where the fault happened). */
    bool (*tick)(simty_sim *s, sim_core *c);
    /* After every core has ticked (or the run stopped in the cycle): what
     * the cores left for shared state takes effect, in core order; may be
     * NULL. */
    void (*end_cycle)(simty_sim *s);
    /* Runs in quanta: the cycles after a quantum's first, core c alone wakes
     * its own waiting threads (the machine-wide poll comes at the next
     * quantum); end_quantum settles the machine-wide bookkeeping after the
     * cores' effects are applied.  NULL: one cycle at a time. */
    void (*core_poll)(simty_sim *s, sim_core *c, uint64_t now);
    /* Runs in quanta: the machine's shared timing (the L2 and DRAM) through
     * cycles [t0, end), beside the cores' ticks of the quantum (it reads and
     * writes no core state; what it sends a core is due after the quantum).
     * NULL: nothing to run. */
    void (*advance_shared)(simty_sim *s, uint64_t t0, uint64_t end);
    void (*end_quantum)(simty_sim *s);
    /* The run loop returns (paused or over): bring c's statistics up to
     * date; may be NULL. */
    void (*settle)(simty_sim *s, sim_core *c);
    /* The run is over (once): drain what is in flight; may be NULL. */
    void (*finish)(simty_sim *s, sim_core *c);
    /* Where every live thread is: for deadlock reports and debugging. */
    void (*dump)(const simty_sim *s, FILE *f);
    /* Hash of core c's scheduling state that decides what runs next
     * (paths, pointers); registers are hashed by the caller.  For deadlock
     * detection. */
    uint64_t (*hash)(const simty_sim *s, const sim_core *c);
    /* Issue slots of core c counted in warp_instructions that have not
     * executed yet (cycle model: between issue and F+7), or NULL for none.
     * Lets a region of interest count each slot on the side where it
     * executes. */
    uint64_t (*in_flight)(const simty_sim *s, const sim_core *c);
    /* A debugger's PC write between cycles: moves live thread `hart` to
     * pc.  Returns -1 if the model cannot (the thread waits in a parked
     * path, or its warp has an instruction between execute and commit). */
    int (*set_pc)(simty_sim *s, unsigned hart, uint32_t pc);
    /* A debugger's step between cycles (simty_step_thread): runs the path
     * that holds live thread `hart` for one instruction, no other warp, no
     * time.  Returns 0, 1 (the model cannot now: run a cycle first) or -1
     * (the thread waits in a parked path). */
    int (*debug_step)(simty_sim *s, unsigned hart);
    /* What a live thread waits for (enum path_wait; WAIT_NONE if it is
     * runnable or has ended): for deadlock reports. */
    uint8_t (*wait_state)(const simty_sim *s, unsigned hart);
} model_ops;

/* The loop of model_ops.burst, for a model whose tick and quiet functions
 * are `tick` and `quiet`: one definition, each model's copy compiled with its
 * own tick inline.  `batch(s, c, end)` may run several cycles at once, as
 * many ticks would, before cycle `end`: it returns how many (0: none, tick
 * the next cycle). */
#define MODEL_BURST(fn, tick, quiet, end_cycle, batch)                               \
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
            bool complete_ = tick(s, c);                                             \
            end_cycle(s);                                                            \
            if (!complete_)                                                          \
                return false;                                                        \
            s->cycle++;                                                              \
        }                                                                            \
        return true;                                                                 \
    }

static inline void model_no_end_cycle(simty_sim *s) { (void)s; }
static inline uint64_t model_no_batch(simty_sim *s, sim_core *c, uint64_t end)
{
    (void)s, (void)c, (void)end;
    return 0;
}

extern const model_ops model_scalar;
extern const model_ops model_simt;
extern const model_ops model_cycle;

#endif
