/* Debugger support inside the library (sim/debug.c): what simty_pc_write()
 * and simty_step_thread() do to a model's state between cycles (its
 * model_debug_ops; for a model with path tables, the moves of the paths
 * themselves). */
#ifndef SIMTY_SIM_DEBUG_H
#define SIMTY_SIM_DEBUG_H

#include "sim/sim.h"

/* Runs the active path of global warp gw for one slot, with its commit and
 * statistics, as a SIMT model's tick would, and nothing else (no other
 * warp, no time).  Returns the lanes the slot ran (0: the warp has no
 * runnable path); the run may have stopped (a fault, the last thread's end). */
lane_mask sim_debug_warp_slot(simty_sim *s, unsigned gw);

/* The default step of a model with path tables (model_debug_ops.step
 * NULL): slots of the warp of `hart` (its active path each time) until one
 * has run the thread's lane, at most SIM_DEBUG_MAX_SLOTS.  Returns 0, or -1
 * if the thread waits in a parked path. */
#define SIM_DEBUG_MAX_SLOTS 1024
int sim_debug_step_warp(simty_sim *s, unsigned hart);

/* simty_pc_write() for live thread `hart` (its PC differs from pc): with
 * path tables, moves its lane to a path at pc and tells the model
 * (model_debug_ops.changed); the caller writes s->pc.  -1 if the model
 * cannot now (no debug hooks, the warp is busy, the thread waits). */
int sim_debug_move_thread(simty_sim *s, unsigned hart, uint32_t pc);

#endif
