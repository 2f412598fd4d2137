/* The registry of named plug-ins (src/registry/plugins.c): ONE list of every
 * policy a user can choose by name -- path organisation, path priority,
 * warp steering, coalescer, cache replacement, memory timing -- and of the
 * memory-mapped devices (all present, in address order), each with
 * its one-line help and its table of functions (the ops struct of a kind is
 * declared by the module that calls it).  A configuration keeps its choice
 * as an index of its kind: the entries of a kind in list order, so the
 * public enum values (SIMTY_PATHS_HCT, ...) are the built-in entries'
 * indices.  Option parsing, help, statistics, JSON, CSV, simty bench,
 * --merge and Python read the names from here and nowhere else.
 *
 * Adding a plug-in: write its ops table in one new .c file, then add one
 * line to the list in plugins.c (docs/design.md, "Plug-ins"). */
#ifndef SIMTY_REGISTRY_PLUGINS_H
#define SIMTY_REGISTRY_PLUGINS_H

#include <stddef.h>

#include "simty.h"

typedef enum plugin_kind {
    PLUGIN_PATHS = SIMTY_PLUGIN_PATHS,             /* --paths */
    PLUGIN_PRIORITY = SIMTY_PLUGIN_PRIORITY,       /* --priority */
    PLUGIN_STEERING = SIMTY_PLUGIN_STEERING,       /* --steering */
    PLUGIN_COALESCER = SIMTY_PLUGIN_COALESCER,     /* --coalescer */
    PLUGIN_REPLACEMENT = SIMTY_PLUGIN_REPLACEMENT, /* --mem-set l1d.replacement=, ... */
    PLUGIN_MEMORY = SIMTY_PLUGIN_MEMORY,           /* memory timing (--memory picks a preset) */
    PLUGIN_DEVICE = SIMTY_PLUGIN_DEVICE,           /* devices: every one is on the bus */
    PLUGIN_KINDS = SIMTY_PLUGIN_KINDS
} plugin_kind;

typedef struct plugin {
    plugin_kind kind;
    const char *name; /* as options, statistics, JSON and CSV spell it */
    const char *help; /* one line */
    const void *ops;  /* the kind's ops struct (NULL: the caller switches on the index) */
} plugin;

/* The index of `name` among the plug-ins of `kind`, or -1. */
int plugin_find(plugin_kind kind, const char *name);
/* Plug-in `index` of `kind`: its name, help, ops; NULL for an index out of
 * range (so that a bad value is never shown as another plug-in's name).
 * plugin_label: the name, or "?" for a bad index (for reports). */
const char *plugin_name(plugin_kind kind, int index);
const char *plugin_label(plugin_kind kind, int index);
const char *plugin_help(plugin_kind kind, int index);
const void *plugin_ops(plugin_kind kind, int index);
/* The number of plug-ins of `kind`. */
unsigned plugin_count(plugin_kind kind);
/* The kind's name ("paths", "priority", "steering", "coalescer",
 * "replacement", "memory") and the option that chooses it ("--paths",
 * "--mem-set l1d.replacement", ...); NULL for a bad kind. */
const char *plugin_kind_name(plugin_kind kind);
const char *plugin_kind_option(plugin_kind kind);
/* The names of `kind` as a list for messages: "hct, ideal or ipdom". */
void plugin_names(plugin_kind kind, char *buf, size_t n);
/* *index = plugin_find(kind, value); or -1 with "OPTION: expected hct or
 * ideal, got 'VALUE'" in err (OPTION: plugin_kind_option). */
int plugin_parse(plugin_kind kind, const char *value, int *index, char *err, size_t errlen);
/* The device entries (the last group of the list): *n of them from the
 * returned one, for the bus's address decode (machine/device_table.c). */
const plugin *plugin_devices(unsigned *n);
/* Entry i of the whole list in list order (grouped by kind), NULL after
 * the last: for `simty plugins`. */
const plugin *plugin_at(unsigned i);

#endif
