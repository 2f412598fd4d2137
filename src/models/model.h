/* A timing/scheduling model.  Models share the decoder, the per-lane
 * executor and the machine state in simty_sim; they differ only in how they
 * schedule threads and account time. */
#ifndef SIMTY_MODELS_MODEL_H
#define SIMTY_MODELS_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sim/sim.h"

typedef struct model_ops {
    const char *name;
    /* Called after loading: every hart is at the entry point. */
    int (*init)(simty_sim *s, char *err, size_t errlen);
    /* Runs until sim_stopped(s). */
    void (*run)(simty_sim *s);
    void (*free)(simty_sim *s);
    /* Where every live thread is: for deadlock reports and debugging. */
    void (*dump)(const simty_sim *s, FILE *f);
    /* Hash of the scheduling state that decides what runs next (paths,
     * pointers); registers are hashed by the caller.  For deadlock detection. */
    uint64_t (*hash)(const simty_sim *s);
    /* Issue slots counted in warp_instructions that have not executed yet
     * (cycle model: between issue and F+7), or NULL for none.  Lets a region
     * of interest count each slot on the side where it executes. */
    uint64_t (*in_flight)(const simty_sim *s);
    /* What a live thread waits for (enum path_wait; WAIT_NONE if it is
     * runnable or has ended): for deadlock reports. */
    uint8_t (*wait_state)(const simty_sim *s, unsigned hart);
} model_ops;

extern const model_ops model_scalar;
extern const model_ops model_simt;
extern const model_ops model_cycle;

#endif
