/* The spin detector (docs/progress.md): a path that takes the same backward
 * branch again, with the same register values and no memory change by its
 * warp in between, can only be waiting for another thread.  It is backed off
 * exponentially so that the slots go to threads that can make progress. */
#ifndef SIMTY_SYNC_SPIN_H
#define SIMTY_SYNC_SPIN_H

#include "warp/paths.h"
#include "warp/warp_exec.h"

#define SPIN_BACKOFF_BASE 16u /* cycles of the first backoff */
#define SPIN_BACKOFF_MAX_LEVEL 6u /* longest backoff: base << 6 = 1024 cycles */
#define SPIN_BACKOFF_LONGEST ((uint64_t)SPIN_BACKOFF_BASE << SPIN_BACKOFF_MAX_LEVEL)
/* The backoff of a spin detected again at the longest backoff with no store
 * anywhere since the previous detection: it waits until memory changes (and
 * at least the longest backoff). */
#define SPIN_UNTIL_STORE UINT64_MAX

uint64_t spin_observe_backedge(spin_detector *det, simty_sim *s, unsigned gw,
                               const path_t *active, const insn_t *d);

/* Called for every executed slot of warp gw (when the detector is on).
 * Returns the backoff, in cycles, of a detected spin iteration, else 0. */
static inline uint64_t spin_note(spin_detector *det, simty_sim *s, unsigned gw,
                                 const path_t *active, const warp_outcome *o)
{
    det->slots++;
    det->stores += o->wrote;
    if (!o->backedge)
        return 0;
    return spin_observe_backedge(det, s, gw, active, o->insn);
}

#endif
