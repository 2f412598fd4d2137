/* simty bench: the grid of runs and the table printed from it (Markdown
 * or CSV). */
#ifndef SIMTY_CLI_BENCH_TABLE_H
#define SIMTY_CLI_BENCH_TABLE_H

#include <stdio.h>

#include "simty.h"

#define MAX_LIST 64
#define MAX_PROGRAMS 1024
#define MAX_RUNS 100000 /* runs in a grid */

typedef struct bench_grid {
    unsigned n_shapes, cores[MAX_LIST], warps[MAX_LIST], threads[MAX_LIST];
    unsigned n_models, n_paths, n_priorities, n_steerings, n_coalescers, n_latencies;
    simty_model_kind models[MAX_LIST];
    simty_paths_kind paths[MAX_LIST];
    simty_priority_kind priorities[MAX_LIST];
    simty_steering_kind steerings[MAX_LIST];
    simty_coalescer_kind coalescers[MAX_LIST];
    unsigned latencies[MAX_LIST];
    unsigned n_memories;        /* --memory presets */
    char memories[MAX_LIST][16];
    unsigned n_mem_sets;        /* --mem-set KEY=VALUE, for every hierarchy */
    const char *mem_sets[MAX_LIST];
    int limits_unknown;         /* a table merged from CSV: no per-run limits line */
} bench_grid;

typedef struct bench_run {
    const char *program, *name; /* path, and basename without .elf */
    unsigned long index; /* the run's place in the full grid (the CSV's `run`) */
    /* the first run of the grid that is the same simulation: it differs from
     * this one at most in options their model ignores (== index: itself) */
    unsigned long same_as;
    const struct bench_run *copy_of; /* that run, when in this table: not run again */
    simty_config cfg;
    simty_record rec;   /* the outcome (rec.outcome empty: not run) */
    simty_sim *sim;     /* while it runs (a stop request reaches it) */
} bench_run;

/* Plug-in `index` of `kind`'s name (simty_plugin_name), "?" for a bad one. */
const char *plugin_str(simty_plugin_kind kind, unsigned index);
void shape_str(const bench_run *r, char *buf, size_t n);

void print_csv(FILE *f, const bench_run *runs, unsigned n);

/* Each option without effect in some run (simty_config_ignored), once:
 * "PREFIX--memory has no effect on the simt model (only cycle): N runs".
 * Returns the number of lines (f NULL: counts them only). */
unsigned print_ignored_notes(FILE *f, const char *prefix, const bench_run *runs, unsigned n);

/* The option columns appear only for the lists with several values. */
void print_markdown(FILE *f, const bench_grid *g, const bench_run *runs, unsigned n);

#endif
