/* The registry of named plug-ins (plugins.h): the one list, and the
 * look-ups every name <-> index mapping goes through.
 *
 * One line per plug-in, grouped by kind; within a kind the order is the
 * index a configuration stores (the public enums' values: keep the
 * built-in entries first and in their enum order; add new ones at the end
 * of their kind). */
#include "registry/plugins.h"

#include <stdio.h>
#include <string.h>


/* One line per plug-in: P(kind, "name", "one-line help", ops struct, ops)
 * for a policy with its table of functions, B(kind, "name", "help") for a
 * built-in its caller switches on (the index).  The line declares its ops
 * object too, so a new policy is its file and its line here.  The ops
 * structs stay incomplete here: the registry knows no plug-in's interface,
 * so it sits at the bottom of the layers and every layer may ask it for a
 * name (each kind's caller casts plugin_ops() to its own struct). */
#define PLUGINS(P, B) \
    /* path organisation and reconvergence (--paths; src/warp/paths.c) */ \
    B(PLUGIN_PATHS, "hct", "hot and cold context tables (Simty's)") \
    B(PLUGIN_PATHS, "ideal", "an ideal sorted list of paths") \
    P(PLUGIN_PATHS, "ipdom", "immediate-post-dominator reconvergence stack (docs/paths.md)", \
      struct paths_ops, paths_ipdom_ops) \
    /* path priority (--priority; src/warp/paths.c) */ \
    B(PLUGIN_PRIORITY, "depth", "deepest call first, then lowest PC") \
    B(PLUGIN_PRIORITY, "minpc", "lowest PC first") \
    /* warp steering for fetch and issue (--steering; src/pipeline) */ \
    P(PLUGIN_STEERING, "rr", "strict round robin over the warps, as the RTL", struct steering_ops, \
      steering_rr) \
    P(PLUGIN_STEERING, "skip-idle", "round robin over the warps with a runnable path", \
      struct steering_ops, steering_skip_idle) \
    P(PLUGIN_STEERING, "gto", "greedy then oldest: one warp while it can go, else the least " \
      "recently fetched", struct steering_ops, steering_gto) \
    /* memory coalescer (--coalescer; src/warp/coalesce_NAME.c) */ \
    P(PLUGIN_COALESCER, "simty", "leader/follower word coalescing", struct coalescer_ops, \
      coalescer_simty) \
    P(PLUGIN_COALESCER, "block", "any access in the leader's block in one pass", struct coalescer_ops, \
      coalescer_block) \
    /* cache replacement (--mem-set l1d.replacement=, l2.replacement=; src/memsys) */ \
    P(PLUGIN_REPLACEMENT, "lru", "least recently used", struct repl_ops, repl_lru_ops) \
    P(PLUGIN_REPLACEMENT, "fifo", "first in, first out", struct repl_ops, repl_fifo_ops) \
    P(PLUGIN_REPLACEMENT, "random", "a random way, seeded per set (deterministic)", struct repl_ops, \
      repl_random_ops) \
    P(PLUGIN_REPLACEMENT, "srrip", "static re-reference interval prediction (ISCA 2010)", \
      struct repl_ops, repl_srrip_ops) \
    P(PLUGIN_REPLACEMENT, "mru", "most recently used (a stream larger than the cache)", \
      struct repl_ops, repl_mru_ops) \
    /* memory timing (src/memsys; --memory ideal, or a preset of the hierarchy) */ \
    P(PLUGIN_MEMORY, "ideal", "a perfect memory, fixed latency (--mem-latency)", \
      struct memsys_timing_ops, memsys_ideal_ops) \
    P(PLUGIN_MEMORY, "hierarchy", "L1 I/D caches per core, a banked L2, DRAM (--memory " \
      "ddr4-3200, hbm2)", struct memsys_timing_ops, memsys_hierarchy_ops) \
    /* memory-mapped devices (src/machine/NAME.c, machine/device.h): not a \
     * choice, every one is on the bus; in address order */ \
    P(PLUGIN_DEVICE, "finisher", "SiFive test finisher: the program's exit (docs/platform.md)", \
      struct device_ops, finisher_device) \
    P(PLUGIN_DEVICE, "clint", "core-local interruptor: msip, mtimecmp, mtime", \
      struct device_ops, clint_device) \
    P(PLUGIN_DEVICE, "uart", "16550 UART: the console", struct device_ops, uart_device)

#define DECLARE_OPS(kind, name, help, type, ops) extern const type ops;
#define DECLARE_NONE(kind, name, help)
PLUGINS(DECLARE_OPS, DECLARE_NONE)

#define ENTRY_OPS(kind, name, help, type, ops) {kind, name, help, &ops},
#define ENTRY_NONE(kind, name, help) {kind, name, help, NULL},
static const plugin plugins[] = {PLUGINS(ENTRY_OPS, ENTRY_NONE)};
#define N_PLUGINS (sizeof plugins / sizeof *plugins)

/* The entries of a kind are contiguous and the kinds in enum order (the
 * unit test test_plugins checks it), so a kind's group starts after the
 * entries of the kinds before it: a constant. */
#define BEFORE_OPS(kind, name, help, type, ops) +((kind) < K)
#define BEFORE_NONE(kind, name, help) +((kind) < K)
_Static_assert(PLUGIN_DEVICE == PLUGIN_KINDS - 1, "the devices are the last group");
#define K PLUGIN_DEVICE
static const unsigned device_group = 0 PLUGINS(BEFORE_OPS, BEFORE_NONE);
#undef K

/* The public enums are the built-in entries' indices. */
_Static_assert(SIMTY_PATHS_HCT == 0 && SIMTY_PATHS_IDEAL == 1, "paths order");
_Static_assert(SIMTY_PRIORITY_DEPTH == 0 && SIMTY_PRIORITY_MINPC == 1, "priority order");
_Static_assert(SIMTY_COALESCER_SIMTY == 0 && SIMTY_COALESCER_BLOCK == 1, "coalescer order");
_Static_assert(SIMTY_STEERING_RR == 0, "steering order");
_Static_assert(SIMTY_MEMORY_IDEAL == 0 && SIMTY_MEMORY_HIERARCHY == 1, "memory order");

static const struct {
    const char *name, *option;
} kinds[PLUGIN_KINDS] = {
    [PLUGIN_PATHS] = {"paths", "--paths"},
    [PLUGIN_PRIORITY] = {"priority", "--priority"},
    [PLUGIN_STEERING] = {"steering", "--steering"},
    [PLUGIN_COALESCER] = {"coalescer", "--coalescer"},
    [PLUGIN_REPLACEMENT] = {"replacement", "--mem-set l1d.replacement"},
    [PLUGIN_MEMORY] = {"memory", "--memory"},
    [PLUGIN_DEVICE] = {"device", "(no option: every device is present)"},
};

static const plugin *entry(plugin_kind kind, int index)
{
    if (index < 0)
        return NULL;
    for (unsigned i = 0; i < N_PLUGINS; i++)
        if (plugins[i].kind == kind && index-- == 0)
            return &plugins[i];
    return NULL;
}

int plugin_find(plugin_kind kind, const char *name)
{
    int index = 0;
    for (unsigned i = 0; name && i < N_PLUGINS; i++)
        if (plugins[i].kind == kind) {
            if (!strcmp(plugins[i].name, name))
                return index;
            index++;
        }
    return -1;
}

const char *plugin_name(plugin_kind kind, int index)
{
    const plugin *p = entry(kind, index);
    return p ? p->name : NULL;
}

const char *plugin_label(plugin_kind kind, int index)
{
    const char *name = plugin_name(kind, index);
    return name ? name : "?";
}

const char *plugin_help(plugin_kind kind, int index)
{
    const plugin *p = entry(kind, index);
    return p ? p->help : NULL;
}

const void *plugin_ops(plugin_kind kind, int index)
{
    const plugin *p = entry(kind, index);
    return p ? p->ops : NULL;
}

unsigned plugin_count(plugin_kind kind)
{
    unsigned n = 0;
    for (unsigned i = 0; i < N_PLUGINS; i++)
        n += plugins[i].kind == kind;
    return n;
}

const char *plugin_kind_name(plugin_kind kind)
{
    return (unsigned)kind < PLUGIN_KINDS ? kinds[kind].name : NULL;
}

const char *plugin_kind_option(plugin_kind kind)
{
    return (unsigned)kind < PLUGIN_KINDS ? kinds[kind].option : NULL;
}

void plugin_names(plugin_kind kind, char *buf, size_t n)
{
    const unsigned count = plugin_count(kind);
    size_t len = 0;
    if (n)
        buf[0] = 0;
    for (unsigned i = 0; i < count && len < n; i++) {
        snprintf(buf + len, n - len, "%s%s", i ? (i + 1 < count ? ", " : " or ") : "",
                 plugin_name(kind, (int)i));
        len += strlen(buf + len);
    }
}

int plugin_parse(plugin_kind kind, const char *value, int *index, char *err, size_t errlen)
{
    const int i = plugin_find(kind, value);
    if (i >= 0) {
        *index = i;
        return 0;
    }
    char list[256];
    plugin_names(kind, list, sizeof list);
    if (err && errlen)
        snprintf(err, errlen, "%s: expected %s, got '%.40s'", plugin_kind_option(kind), list,
                 value ? value : "");
    return -1;
}

const plugin *plugin_at(unsigned i)
{
    return i < N_PLUGINS ? &plugins[i] : NULL;
}

/* ---- the public API (simty.h) ---- */

const char *simty_plugin_kind_name(simty_plugin_kind kind)
{
    return plugin_kind_name((plugin_kind)kind);
}

const char *simty_plugin_name(simty_plugin_kind kind, unsigned i)
{
    return i <= (unsigned)__INT_MAX__ ? plugin_name((plugin_kind)kind, (int)i) : NULL;
}

const char *simty_plugin_help(simty_plugin_kind kind, unsigned i)
{
    return i <= (unsigned)__INT_MAX__ ? plugin_help((plugin_kind)kind, (int)i) : NULL;
}

int simty_plugin_find(simty_plugin_kind kind, const char *name)
{
    return plugin_find((plugin_kind)kind, name);
}

const plugin *plugin_devices(unsigned *n)
{
    *n = (unsigned)N_PLUGINS - device_group;
    return &plugins[device_group];
}
