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

/* ---- plug-ins (src/registry/plugins.c) ---- */

/* The plug-in options of the help texts, in this order. */
static const struct plugin_option {
    simty_plugin_kind kind;
    const char *run, *bench; /* option and value, padded to the help column */
    const char *what;        /* simty run's description before the choices */
} plugin_options[] = {
    {SIMTY_PLUGIN_PATHS, "--paths P", "--paths LIST", "path organisation"},
    {SIMTY_PLUGIN_PRIORITY, "--priority P", "--priority LIST", "path priority"},
    {SIMTY_PLUGIN_STEERING, "--steering S", "--steering LIST", "cycle model warp steering"},
    {SIMTY_PLUGIN_COALESCER, "--coalescer C", "--coalescer LIST", "memory coalescer"},
};

#define HELP_COLUMN 25
#define HELP_WIDTH 80

void print_plugin_options(FILE *f, int lists)
{
    for (unsigned i = 0; i < sizeof plugin_options / sizeof *plugin_options; i++) {
        const struct plugin_option *o = &plugin_options[i];
        int col = fprintf(f, "      %-*s", HELP_COLUMN - 7, lists ? o->bench : o->run);
        if (col < HELP_COLUMN - 1)
            col += fprintf(f, "%*s", HELP_COLUMN - 1 - col, "");
        if (!lists)
            col += fprintf(f, " %s:", o->what);
        const char *name;
        for (unsigned k = 0; (name = simty_plugin_name(o->kind, k)); k++) {
            const int len = (int)strlen(name) + (k ? 2 : 0) + (k ? 0 : 10); /* " (default)" */
            if (col + 1 + len > HELP_WIDTH - 1) { /* wrap at a choice */
                fprintf(f, "%s\n%*s", k ? "," : "", HELP_COLUMN - 1, "");
                col = HELP_COLUMN - 1;
            } else if (k)
                col += fprintf(f, ",");
            col += fprintf(f, " %s%s", name, k ? "" : " (default)");
        }
        fputc('\n', f);
    }
    if (!lists)
        fprintf(f, "%*s(simty plugins describes each choice)\n", HELP_COLUMN, "");
}

int cmd_plugins(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: simty plugins\n\nLists the registered plug-ins (docs/design.md, "
               "\"Plug-ins\"), one a line:\nKIND NAME HELP; the first of a kind is its "
               "default (kind device: every one is on the bus).\n");
        return 0;
    }
    if (argc > 1)
        return usage_error("plugins: unexpected argument '%s'", argv[1]);
    for (unsigned kind = 0; kind < SIMTY_PLUGIN_KINDS; kind++) {
        const char *name;
        for (unsigned k = 0; (name = simty_plugin_name((simty_plugin_kind)kind, k)); k++)
            printf("%-11s %-10s %s\n", simty_plugin_kind_name((simty_plugin_kind)kind), name,
                   simty_plugin_help((simty_plugin_kind)kind, k));
    }
    if (fflush(stdout) || ferror(stdout))
        return SIMTY_STATUS_OUTPUT;
    return 0;
}
