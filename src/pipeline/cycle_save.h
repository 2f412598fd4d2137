/* Checkpoints of the cycle model's per-core state (pipeline/cycle_save.c):
 * model_ops.save and .load of the cycle model. */
#ifndef SIMTY_PIPELINE_CYCLE_SAVE_H
#define SIMTY_PIPELINE_CYCLE_SAVE_H

#include "models/model.h"

void cycle_save(const simty_sim *s, const sim_core *c, ck_writer *w);
bool cycle_load(simty_sim *s, sim_core *c, ck_reader *r);
uint64_t cycle_save_layout(uint64_t h);

#endif
