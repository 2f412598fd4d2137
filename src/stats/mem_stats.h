/* Statistics of the memory hierarchy (simty_stats.mem): text and JSON. */
#ifndef SIMTY_STATS_MEM_STATS_H
#define SIMTY_STATS_MEM_STATS_H

#include <stdio.h>

#include "machine/machine.h"

/* Whether the run has a memory hierarchy to report */
int mem_stats_wanted(const simty_sim *s);
/* The configuration and one line per level (text summary) */
void mem_stats_print(const simty_sim *s, const simty_stats *st, FILE *f);
/* "memory": {...}, with the trailing comma and newline (JSON, indent 2) */
void mem_stats_json_config(const simty_sim *s, FILE *f);
/* {"l1i": {...}, "l1d": ..., "l2": ..., "dram": ...} */
void mem_stats_json_levels(const simty_sim *s, const simty_stats *st, FILE *f);

#endif
