/* The report of a sampled run (simty_sample_get; sim/sample.c): a block of
 * the human summary and the "sample" object of the JSON statistics, both
 * written only when the run was sampled. */
#ifndef SIMTY_STATS_SAMPLE_STATS_H
#define SIMTY_STATS_SAMPLE_STATS_H

#include <stdio.h>

#include "simty.h"

void sample_stats_print(const simty_sim *s, FILE *f);
void sample_stats_json(const simty_sim *s, FILE *f);

#endif
