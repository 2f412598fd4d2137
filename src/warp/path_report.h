/* What the SIMT and cycle models report about their per-warp path tables:
 * the deadlock dump, the scheduling-state hash and where each thread is. */
#ifndef SIMTY_CORE_PATH_REPORT_H
#define SIMTY_CORE_PATH_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "warp/paths.h"
#include "machine/machine.h"

/* Of the machine's path tables (every warp, core by core): every live path of every warp (runnable and waiting): PC, symbol+offset,
 * depth, mask, harts. */
void path_report_dump(const simty_sim *s, const path_table *warp, FILE *f);

/* Hash of one core's W path tables (its first warp is warp0) for deadlock
 * detection.  idle_since[w] is the cycle from which warp w's CCT port has
 * been idle (offline sorter). */
uint64_t path_report_hash(const simty_sim *s, const path_table *warp, unsigned warp0,
                          const uint64_t *idle_since);

/* What hart h waits for (enum path_wait; WAIT_NONE if it is runnable or has
 * ended). */
uint8_t path_report_wait_state(const simty_sim *s, const path_table *warp, unsigned hart);

#endif
