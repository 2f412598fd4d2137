/* A set-associative tag array with a replacement policy (memsys/
 * replacement.h: LRU, FIFO, random, SRRIP), and a file of miss
 * status holding registers (MSHRs).  Timing only: the caches of the memory
 * hierarchy (memsys/hierarchy.h) hold tags and dirty bits, never data (guest
 * data always lives in the machine's memory, docs/memory.md).
 *
 * Addresses are line numbers (byte address >> line_shift).  Sets and ways
 * are powers of two. */
#ifndef SIMTY_MEMSYS_CACHE_H
#define SIMTY_MEMSYS_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memsys/replacement.h"

typedef struct cache {
    unsigned sets, ways, line_shift;
    unsigned index_shift; /* set = (line >> index_shift) % sets: an L2 bank skips the bank bits */
    uint32_t *tag;     /* [set * ways + way]: line number */
    uint8_t *state;    /* CACHE_VALID | CACHE_DIRTY */
    const repl_ops *repl;
    uint64_t *repl_state; /* the policy's state of set s at repl_stride * s words */
    size_t repl_stride;
} cache;

enum { CACHE_VALID = 1, CACHE_DIRTY = 2 };

/* size, ways, line in bytes (powers of two, size >= ways * line); lines
 * whose number differs only in the low index_shift bits map to the same set.
 * repl: the replacement policy; seed: this cache's, from which each set's
 * is made (the same every run: a random policy's victims).  Returns 0, or
 * -1 with a reason (allocation failure). */
int cache_init(cache *c, uint32_t size, uint32_t ways, uint32_t line, unsigned index_shift,
               const repl_ops *repl, uint64_t seed, char *err, size_t errlen);
void cache_free(cache *c);

/* A lookup: a hit is the policy's (LRU: the line becomes most recently
 * used) and makes the line dirty if `write`.  Returns whether it hit. */
bool cache_access(cache *c, uint32_t line, bool write);
/* Whether the line is present, without telling the policy. */
bool cache_probe(const cache *c, uint32_t line);
/* Installs a line in its set's first invalid way, or else in the way the
 * policy evicts (LRU: the least recently used).  If a valid line is evicted, *victim receives it and the
 * result says whether it was dirty (a write-back is due); *evicted tells
 * whether anything valid was evicted.  The line must not be present. */
bool cache_fill(cache *c, uint32_t line, bool dirty, uint32_t *victim, bool *evicted);
/* Drops the line if present; returns its state (0: absent). */
unsigned cache_invalidate(cache *c, uint32_t line);

/* The valid lines and their state, in place (not the policy's state: it
 * changes timing, never who can progress): deadlock detection */
uint64_t cache_hash(uint64_t h, const cache *c);

/* MSHRs: one entry per line being fetched; waiters are bit sets whose
 * meaning is the owner's (warps of a core, cores). */
typedef struct mshr {
    uint32_t line;
    bool busy;
    bool dirty;         /* L2: a write arrived while the line was fetched */
    uint64_t mask[2];   /* waiters */
    uint32_t atomics;   /* L2: first waiting atomic (global warp + 1), 0 none */
    uint64_t t0;        /* L2: when the request that took it arrived (latency) */
    unsigned core;      /* L2: that request's core */
} mshr;

typedef struct mshr_file {
    unsigned n, used;
    mshr *e;
} mshr_file;

int mshr_init(mshr_file *f, unsigned n, char *err, size_t errlen);
void mshr_free(mshr_file *f);
/* The entry fetching `line`, or NULL */
mshr *mshr_find(mshr_file *f, uint32_t line);
uint64_t mshr_hash(uint64_t h, const mshr_file *f);
/* A new entry for `line`, or NULL when every entry is busy */
mshr *mshr_alloc(mshr_file *f, uint32_t line);
void mshr_release(mshr_file *f, mshr *m);

#endif
