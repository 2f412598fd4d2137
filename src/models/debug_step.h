/* Debugger support inside the library (models/debug_step.c): one slot of
 * one warp run outside the run loop, for simty_step_thread() (sim/debug.c)
 * on a model with path tables. */
#ifndef SIMTY_MODELS_DEBUG_STEP_H
#define SIMTY_MODELS_DEBUG_STEP_H

#include "machine/machine.h"

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

#endif
