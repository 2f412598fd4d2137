/* Small helpers every part of the memory timing (and the cycle model's
 * deadlock hash) shares: one definition each. */
#ifndef SIMTY_MEMSYS_TIMEUTIL_H
#define SIMTY_MEMSYS_TIMEUTIL_H

#include <stdint.h>

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* t - now, or 0 once t is past: a time relative to now for state hashes */
static inline uint64_t rel(uint64_t t, uint64_t now) { return t > now ? t - now : 0; }

/* One step of the state hashes of deadlock detection */
static inline uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

#endif
