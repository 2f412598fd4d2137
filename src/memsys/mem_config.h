/* Memory configuration: presets, KEY=VALUE settings and checks
 * (simty_memory_preset / simty_memory_set in simty.h). */
#ifndef SIMTY_MEMSYS_MEM_CONFIG_H
#define SIMTY_MEMSYS_MEM_CONFIG_H

#include <stddef.h>

#include "simty.h"

typedef struct mem_key {
    const char *name;
    size_t offset;      /* of an unsigned in simty_memory_config */
    unsigned min, max;
    unsigned char pow2, size;
    const char *help;
} mem_key;

const mem_key *mem_keys(unsigned *n);
/* The ideal memory, with the hierarchy's defaults (ddr4-3200) filled in */
void mem_config_default(simty_memory_config *m);
int mem_config_check(const simty_config *cfg, char *err, size_t errlen);

#endif
