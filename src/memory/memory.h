/* Guest physical memory: a few RAM regions, each a flat host buffer.
 * Region 0 is the main RAM and is checked first on every access. */
#ifndef SIMTY_MEMORY_H
#define SIMTY_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#define MEM_MAX_REGIONS 16

typedef struct mem_region {
    uint32_t base;
    uint64_t size; /* base + size <= 2^32 */
    uint8_t *data;
} mem_region;

typedef struct memory {
    mem_region region[MEM_MAX_REGIONS];
    unsigned nregions;
} memory_t;

/* Adds a zero-filled region.  Returns 0, or -1 with a message in err
 * (overlap, wrap-around, size 0, out of host memory, too many regions). */
int mem_add_region(memory_t *m, uint32_t base, uint64_t size, char *err, size_t errlen);
void mem_free(memory_t *m);

/* Host pointer to guest bytes [addr, addr+len) if they lie in one region. */
static inline uint8_t *mem_ptr(memory_t *m, uint32_t addr, uint32_t len)
{
    for (unsigned i = 0; i < m->nregions; i++) {
        const mem_region *r = &m->region[i];
        uint64_t off = (uint64_t)addr - r->base;
        if (addr >= r->base && off + len <= r->size)
            return r->data + off;
    }
    return NULL;
}

/* Does [base, base+size) intersect a region? */
int mem_overlaps(const memory_t *m, uint32_t base, uint64_t size);

#endif
