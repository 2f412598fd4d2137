/* Deadlock detection.  The machine is deterministic: if its whole state
 * (registers, PCs/paths, scheduling state) comes back to an earlier value and
 * memory has not changed in between, it loops forever.  Every `interval`
 * cycles without memory change we hash the state and look for a repeat with
 * Brent's cycle-finding scheme (the saved sample moves at powers of two).
 * Reading a time-varying CSR (cycle, instret) restarts the watch, since the
 * program may be waiting for time to pass. */
#ifndef SIMTY_SIM_PROGRESS_H
#define SIMTY_SIM_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/sim.h"


void progress_init(progress_watch *p, uint64_t interval, uint64_t now);

/* Call when s->cycle >= p->next.  Returns true if the machine is proven to
 * loop forever. */
bool progress_check(progress_watch *p, simty_sim *s);

bool sim_cycle_limits_slow(simty_sim *s);

/* Stops the run as deadlocked: "deadlock: WHY", then who waits at the
 * barrier and which threads never arrive, who waits in wrs, then HINT. */
void sim_deadlock(simty_sim *s, const char *why, const char *hint);

/* The next cycle sim_cycle_limits looks further: the deadlock watch's
 * next sample or the monitor's next clock read (sim/monitor.h), whichever
 * comes first.  Call after either changes. */
static inline void sim_checks_due(simty_sim *s)
{
    s->ctl->check_next = s->ctl->watch.next < s->ctl->monitor.next ? s->ctl->watch.next : s->ctl->monitor.next;
}

/* The checks every model makes between cycles: a stop request (a signal,
 * an output that cannot be written), the --max-cycles and host time limits
 * and deadlock detection, and the front end's monitor.  Stops the run and
 * returns true when one fires, or when the run has already stopped. */
static inline bool sim_cycle_limits(simty_sim *s)
{
    if (s->cycle < s->ctl->check_next && s->cycle < s->cycle_limit && !sim_stopped(s) &&
        !s->stop_request)
        return false;
    return sim_cycle_limits_slow(s);
}

#endif
