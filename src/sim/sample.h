/* Sampled simulation (sim/sample.c): the run loop's side.  With sampling
 * on (simty_set_sampling), run_for (sim/run.c) hands the run to
 * sample_run, which runs the phases through sim_run_loop and switches
 * models between them. */
#ifndef SIMTY_SIM_SAMPLE_H
#define SIMTY_SIM_SAMPLE_H

#include <stdint.h>

#include "simty.h"

typedef struct sample_state sample_state;

/* Runs the sampled run up to cycle `until` (or a stop, as sim_run_loop). */
void sample_run(simty_sim *s, uint64_t until, simty_stop_fn *stop, void *ctx);
/* The run is over: a window it cut short counts. */
void sample_run_over(simty_sim *s);
/* Frees the sampler's state (and the memory timing, if the model that
 * owns it is not the one attached). */
void sample_free(simty_sim *s);

/* The machine's run loop (sim/run.c) up to cycle `until`. */
void sim_run_loop(simty_sim *s, uint64_t until, simty_stop_fn *stop, void *ctx);

#endif
