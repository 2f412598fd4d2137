/* Debugger support inside the library (sim/debug.c): what simty_pc_write()
 * and simty_step_thread() do to a model's state between cycles (its
 * model_debug_ops; the SIMT models' step of a warp is models/debug_step.h). */
#ifndef SIMTY_SIM_DEBUG_H
#define SIMTY_SIM_DEBUG_H

#include "sim/sim.h"

/* simty_pc_write() for live thread `hart` (its PC differs from pc): with
 * path tables, moves its lane to a path at pc and tells the model
 * (model_debug_ops.changed); the caller writes s->pc.  -1 if the model
 * cannot now (no debug hooks, the warp is busy, the thread waits). */
int sim_debug_move_thread(simty_sim *s, unsigned hart, uint32_t pc);

#endif
