#include "memory/memory.h"

#include <stdio.h>
#include <stdlib.h>

int mem_overlaps(const memory_t *m, uint32_t base, uint64_t size)
{
    for (unsigned i = 0; i < m->nregions; i++) {
        const mem_region *r = &m->region[i];
        if ((uint64_t)base < r->base + r->size && (uint64_t)r->base < base + size)
            return 1;
    }
    return 0;
}

int mem_add_region(memory_t *m, uint32_t base, uint64_t size, char *err, size_t errlen)
{
    if (size == 0) {
        snprintf(err, errlen, "memory region at 0x%08x has size 0", base);
        return -1;
    }
    if (size > (1ull << 32) - base) { /* base + size could wrap */
        snprintf(err, errlen, "memory region 0x%08x+0x%llx runs past the 4 GiB address space",
                 base, (unsigned long long)size);
        return -1;
    }
    if (mem_overlaps(m, base, size)) {
        snprintf(err, errlen, "memory region 0x%08x+0x%llx overlaps another region", base,
                 (unsigned long long)size);
        return -1;
    }
    if (m->nregions == MEM_MAX_REGIONS) {
        snprintf(err, errlen, "too many memory regions (at most %d)", MEM_MAX_REGIONS);
        return -1;
    }
    /* calloc: the host maps zero pages lazily, so large idle RAM is cheap */
    uint8_t *data = calloc(1, (size_t)size);
    if (!data) {
        snprintf(err, errlen, "cannot allocate %llu bytes of guest memory",
                 (unsigned long long)size);
        return -1;
    }
    m->region[m->nregions++] = (mem_region){.base = base, .size = size, .data = data};
    return 0;
}

void mem_free(memory_t *m)
{
    for (unsigned i = 0; i < m->nregions; i++)
        free(m->region[i].data);
    m->nregions = 0;
}
