/* The statistics of the machine and its cores (stats/stats.c) and the
 * region of interest (stats/roi.c). */
#ifndef SIMTY_STATS_STATS_H
#define SIMTY_STATS_STATS_H

#include <stdbool.h>
#include <stdio.h>

#include "machine/machine.h"

/* A write to the simty_roi CSR: open (the first time) or close the region
 * of interest.  sim_roi_finish() closes an open one at the end of a run. */
void sim_roi_mark(simty_sim *s, bool open);
void sim_roi_finish(simty_sim *s);


/* t += a, counter by counter (maxima: the larger). */
void stats_add(simty_stats *t, const simty_stats *a);
/* The machine's statistics (s->stats) from its cores'. */
void sim_fold_stats(simty_sim *s);

/* The signature words [begin, end) to f, one 8-hex-digit word per line
 * (simty_write_signature() after finding the range's symbols).  Returns 0,
 * or -1 with a reason for a range outside memory. */
int sim_write_signature(simty_sim *s, FILE *f, uint32_t begin, uint32_t end, char *err,
                        size_t errlen);

#endif
