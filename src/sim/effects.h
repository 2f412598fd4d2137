/* What a core does to shared state while the cores of a multi-core machine
 * tick (docs/platform.md, "Cores and memory ordering").
 *
 * In a cycle (a quantum, with --quantum) every core runs against the
 * machine as it was at its start: loads read memory (and, in quanta, the
 * thread's own stores of the quantum: fx_forward), and what would change
 * shared state is logged in the core's own effect log instead: stores,
 * atomics and LR/SC, semihosting calls, the end of a thread, a path that starts waiting (the
 * barrier unit), a guest fault, a region-of-interest mark, an atomic's
 * commit-trace line.  After every core has run, sim_publish() applies the
 * logs in time order (core order within a cycle).  So a tick reads only
 * what no tick writes and writes only its own core: the cores may run on
 * any number of host threads in any order with results identical bit for
 * bit.  A one-core machine logs nothing (its effects take place at once,
 * as they always did).  The logs are written through the deferred ports
 * (machine/port.h, sim/port.h), which the run loop sets while the cores
 * tick. */
#ifndef SIMTY_SIM_EFFECTS_H
#define SIMTY_SIM_EFFECTS_H

#include <stdbool.h>
#include <stdint.h>

#include "machine/effect_log.h"


struct simty_sim;

/* Applies every core's log and empties them: in time order, cores in core
 * order within a cycle (one cycle at a time: core by core), each effect at
 * its own cycle (s->cycle while it applies).  After a stop, memory, ROI
 * marks and atomics' trace lines are left alone.  If the run stops, s->ctl->stop_cycle is the cycle after
 * the effect that stopped it. */
void sim_publish(struct simty_sim *s);
void fx_free(fx_log *l);

#endif
