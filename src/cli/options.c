/* Option parsing shared by the simty subcommands. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"

int usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "simty: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see simty --help)\n");
    return SIMTY_STATUS_USAGE;
}

int parse_uint_opt(const char *opt, const char *arg, unsigned lo, unsigned hi,
                          unsigned *out)
{
    uint64_t v;
    if (parse_u64(arg, &v, 0) || v < lo || v > hi)
        return usage_error("%s: expected an integer %u..%u, got '%s'", opt, lo, hi, arg);
    *out = (unsigned)v;
    return 0;
}

int option_error(char *const argv[], const struct option *longopts)
{
    if (optopt == 0) /* an unknown long option */
        return usage_error("unknown option '%s'", argv[optind - 1]);
    for (const struct option *o = longopts; o->name; o++)
        if (o->val == optopt)
            return usage_error(o->has_arg == no_argument ? "option '%s' takes no value"
                                                         : "option '%s' needs a value",
                               argv[optind - 1]);
    /* an unknown short option, maybe inside a group such as -xq */
    return usage_error("unknown option '-%c'", optopt);
}

int parse_choice(const char *opt, const char *arg, const char *a, const char *b, int *out)
{
    if (strcmp(arg, a) == 0)
        *out = 0;
    else if (strcmp(arg, b) == 0)
        *out = 1;
    else
        return usage_error("%s: expected %s or %s, got '%s'", opt, a, b, arg);
    return 0;
}

int parse_setting(simty_config *cfg, const char *key, const char *value)
{
    char err[256];
    if (simty_config_set(cfg, key, value, err, sizeof err))
        return usage_error("%s", err);
    return 0;
}
