/* Memory configuration: presets, KEY=VALUE settings and checks
 * (simty_memory_preset / simty_memory_set in simty.h). */
#ifndef SIMTY_MEMSYS_MEM_CONFIG_H
#define SIMTY_MEMSYS_MEM_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "simty.h"

typedef struct mem_key {
    const char *name;
    size_t offset;      /* of an unsigned in simty_memory_config */
    unsigned min, max;
    unsigned char pow2; /* a power of two */
    unsigned char form; /* MEM_NUMBER, MEM_SIZE or MEM_POLICY */
    const char *help;
} mem_key;

enum {
    MEM_NUMBER, /* a decimal number */
    MEM_SIZE,   /* a number that takes K, M, G suffixes */
    MEM_POLICY, /* a replacement policy's index, set by its name (min, max unused) */
};

const mem_key *mem_keys(unsigned *n);
/* Replacement policy `index`'s name ("?" for none: never shown as another's) */
const char *mem_policy_name(unsigned index);
/* A named key's value (the policy's name), or NULL for a number */
const char *mem_key_text(const simty_memory_config *m, const mem_key *k);
/* Whether every cache has the default replacement policy, lru (the reports
 * name the policies only otherwise, so that the default's are unchanged) */
bool mem_config_default_replacement(const simty_memory_config *m);
/* The ideal memory, with the hierarchy's defaults (ddr4-3200) filled in */
void mem_config_default(simty_memory_config *m);
int mem_config_check(const simty_config *cfg, char *err, size_t errlen);

#endif
