/* Parsing numbers given as text (options, keyword settings). */
#ifndef SIMTY_UTIL_PARSE_H
#define SIMTY_UTIL_PARSE_H

#include <stdint.h>

/* Decimal or 0x-hex, no sign or blank; with allow_suffix, K/M/G (x1024)
 * and an optional i/B/iB.  Returns 0, or -1 (bad text or overflow). */
int parse_u64(const char *s, uint64_t *out, int allow_suffix);

#endif
