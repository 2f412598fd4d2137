/* The simulator of the API (struct simty_sim, machine/machine.h, with the
 * run loop's own state here): what the lifecycle (sim/sim.c), the run loop
 * (sim/run.c), the deadlock watch (sim/progress.c) and the monitor
 * (sim/monitor.c) share.  The run loop advances every core, in core order,
 * each cycle; the model (models/model.h) advances one core by one tick. */
#ifndef SIMTY_SIM_SIM_H
#define SIMTY_SIM_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "machine/machine.h"
#include "sim/effects.h"
#include "stats/stats.h"
#include "sync/sync.h"
#include "trace/kanata.h"

/* Deadlock detection state (sim/progress.h) */
typedef struct progress_watch {
    uint64_t interval;  /* cycles between samples */
    uint64_t next;      /* cycle of the next sample */
    uint64_t saved;     /* saved state hash */
    uint64_t samples;   /* samples since the saved one */
    uint64_t power;     /* move the saved sample when samples reaches this */
    bool armed;
} progress_watch;

/* The front end's monitor (simty_set_monitor, sim/monitor.c) */
typedef struct sim_monitor {
    simty_monitor_fn *fn;   /* NULL: none */
    void *ctx;
    double interval;        /* seconds of wall time between ticks */
    uint64_t next;          /* cycle of the next host clock read (UINT64_MAX: none) */
    uint64_t stride;        /* cycles between clock reads, adapted to the host's speed */
    double last_read;       /* wall clock (seconds) at the last read */
    double due;             /* wall clock of the next tick */
    double run_start;       /* wall clock when the running simty_run* call began */
} sim_monitor;

/* The run loop's state (simty_sim.ctl; allocated with the simulator) */
typedef struct sim_control {
    double cpu_start;    /* host CPU time at the start of simty_run (max_seconds) */
    unsigned time_check; /* progress samples until the next host time check */
    struct host_pool *pool; /* host threads ticking the cores (sim/run.c), or NULL */
    bool pool_refused;   /* the host refused them: the cores run on the calling thread */
    bool *core_done;     /* per core, scratch of the run loop */
    unsigned *publish_next; /* per core, scratch of sim_publish */
    uint64_t stop_cycle; /* sim_publish: the cycle after the effect that stopped the run */
    progress_watch watch; /* deadlock detection (sim/progress.h) */
    sim_monitor monitor;  /* the front end's progress display (sim/monitor.c) */
    /* the cycle of the next look at the limits, the deadlock watch and the
     * monitor: the smaller of watch.next and monitor.next (sim_checks_due) */
    uint64_t check_next;
    bool finished;       /* the models' end-of-run work is done */
    struct sample_state *sample; /* sampled simulation (sim/sample.h), or NULL */
} sim_control;

/* CPU time of the calling thread, seconds. */
double sim_cpu_seconds(const simty_sim *s);

/* Stops the host threads of a run (sim/run.c), if any */
void sim_pool_free(simty_sim *s);
/* CPU time of the host threads of the run so far (0 without) */
double sim_pool_cpu_seconds(const simty_sim *s);


#endif
