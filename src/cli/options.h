/* Option parsing shared by the simty subcommands.  Every parser prints a
 * one-line error and returns SIMTY_STATUS_USAGE on bad input, 0 otherwise. */
#ifndef SIMTY_CLI_OPTIONS_H
#define SIMTY_CLI_OPTIONS_H

#include <getopt.h>
#include <stdint.h>

#include "simty.h"

/* "simty: <message> (see simty --help)" on stderr; returns SIMTY_STATUS_USAGE. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Decimal or 0x-hex; with allow_suffix, K/M/G (x1024) and an optional i/B/iB.
 * Returns 0, or -1 without printing. */
int parse_u64(const char *s, uint64_t *out, int allow_suffix);

/* The one-line error for getopt_long() returning '?' (reads optind and
 * optopt): an unknown option, a missing value, or a value given to an
 * option that takes none.  Returns SIMTY_STATUS_USAGE. */
int option_error(char *const argv[], const struct option *longopts);

int parse_uint_opt(const char *opt, const char *arg, unsigned lo, unsigned hi, unsigned *out);
int parse_model(const char *opt, const char *arg, simty_model_kind *out);

/* arg must be a (*out = 0) or b (*out = 1). */
int parse_choice(const char *opt, const char *arg, const char *a, const char *b, int *out);

/* --mem BASE:SIZE: adds an extra RAM region to cfg. */
int parse_mem_opt(const char *arg, simty_config *cfg);

/* --fp-latency KIND=N[,KIND=N...]: the cycle model's F and D latencies
 * (kinds fma, div, sqrt, cvt, misc; 1..SIMTY_MAX_FP_LATENCY). */
int parse_fp_latency(const char *arg, simty_config *cfg);

/* --ram-size SIZE: 4K to 2047M. */
int parse_ram_size(const char *arg, uint64_t *out);

#endif
