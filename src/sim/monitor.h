/* The front end's monitor (simty_set_monitor): a callback at a steady
 * host wall-clock pace while a run goes on, and before the program's
 * console output is written.  The run loop looks at it with its other
 * checks (sim/progress.h), at cycle s->ctl->monitor.next; the clock is read
 * every few milliseconds of host time, the cycles between two reads
 * adapted to the host's speed. */
#ifndef SIMTY_SIM_MONITOR_H
#define SIMTY_SIM_MONITOR_H

#include "sim/sim.h"

/* No monitor: never due. */
void monitor_init(sim_monitor *m);

/* A simty_run* call begins: the run's wall clock restarts its count from
 * the host time the earlier calls took (stats.sim_seconds). */
void monitor_run_start(simty_sim *s);

/* Call when s->cycle >= s->ctl->monitor.next: reads the clock, calls the
 * monitor if a tick is due, and sets the next look. */
void monitor_check(simty_sim *s);

#endif
