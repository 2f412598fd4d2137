/* TEMPORARY: the replacement policies' names until the plug-in registry
 * (src/sim/plugins.c) holds them. */
#include "memsys/repl_names.h"

#include <string.h>

static const struct {
    const char *name, *help;
    const repl_ops *ops;
} policies[] = {
    {"lru", "least recently used", &repl_lru_ops},
    {"fifo", "first in, first out", &repl_fifo_ops},
    {"random", "random, seeded per set (deterministic)", &repl_random_ops},
    {"srrip", "static re-reference interval prediction (Jaleel et al., ISCA 2010)",
     &repl_srrip_ops},
};

unsigned repl_count(void) { return sizeof policies / sizeof policies[0]; }

int repl_find(const char *name)
{
    for (unsigned i = 0; i < repl_count(); i++)
        if (!strcmp(policies[i].name, name))
            return (int)i;
    return -1;
}

const char *repl_name(unsigned i) { return i < repl_count() ? policies[i].name : "?"; }

const repl_ops *repl_at(unsigned i) { return i < repl_count() ? policies[i].ops : NULL; }
