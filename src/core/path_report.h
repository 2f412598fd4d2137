/* What the SIMT and cycle models report about their per-warp path tables:
 * the deadlock dump and the scheduling-state hash. */
#ifndef SIMTY_CORE_PATH_REPORT_H
#define SIMTY_CORE_PATH_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "core/paths.h"
#include "sim/sim.h"

/* Every live path of every warp: PC, symbol+offset, depth, mask, harts. */
void path_report_dump(const simty_sim *s, const path_table *warp, FILE *f);

/* Hash of the path tables for deadlock detection.  idle_since[w] is the
 * cycle from which warp w's CCT port has been idle (offline sorter). */
uint64_t path_report_hash(const simty_sim *s, const path_table *warp,
                          const uint64_t *idle_since);

/* True if every live path of every warp has its PC in [lo, hi). */
bool path_report_all_in(const simty_sim *s, const path_table *warp, uint32_t lo, uint32_t hi);

#endif
