/* Option parsing shared by the simty subcommands.  Every parser prints a
 * one-line error and returns SIMTY_STATUS_USAGE on bad input, 0 otherwise. */
#ifndef SIMTY_CLI_OPTIONS_H
#define SIMTY_CLI_OPTIONS_H

#include <getopt.h>
#include <stdint.h>

#include "simty.h"
#include "util/parse.h"

/* "simty: <message> (see simty --help)" on stderr; returns SIMTY_STATUS_USAGE. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));


/* The one-line error for getopt_long() returning '?' (reads optind and
 * optopt): an unknown option, a missing value, or a value given to an
 * option that takes none.  Returns SIMTY_STATUS_USAGE. */
int option_error(char *const argv[], const struct option *longopts);

int parse_uint_opt(const char *opt, const char *arg, unsigned lo, unsigned hi, unsigned *out);

/* arg must be a (*out = 0) or b (*out = 1). */
int parse_choice(const char *opt, const char *arg, const char *a, const char *b, int *out);

/* A machine option (simty_config_set(): key is the long option without
 * its dashes). */
int parse_setting(simty_config *cfg, const char *key, const char *value);

/* The help lines of the plug-in options (--paths, --priority, --steering,
 * --coalescer) with their choices from the registry (simty_plugin_name),
 * the default first: simty run's (lists 0) or simty bench's (lists 1). */
void print_plugin_options(FILE *f, int lists);

/* simty plugins (also simty --list-plugins): one line per registered
 * plug-in, "KIND NAME HELP", in the registry's order. */
int cmd_plugins(int argc, char **argv);

#endif
