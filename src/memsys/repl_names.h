/* TEMPORARY: the replacement policies' names until the plug-in registry
 * (src/sim/plugins.h) holds them. */
#ifndef SIMTY_MEMSYS_REPL_NAMES_H
#define SIMTY_MEMSYS_REPL_NAMES_H

#include "memsys/replacement.h"

unsigned repl_count(void);
int repl_find(const char *name);
const char *repl_name(unsigned i);
const repl_ops *repl_at(unsigned i);

#endif
