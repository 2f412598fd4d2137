/* Parsing numbers given as text (util/parse.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "util/parse.h"

int parse_u64(const char *s, uint64_t *out, int allow_suffix)
{
    if (!isdigit((unsigned char)*s)) /* no sign, no blank */
        return -1;
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, hex ? 16 : 10);
    if (errno || end == s)
        return -1;
    unsigned shift = 0;
    if (allow_suffix && *end) {
        switch (*end) {
        case 'k': case 'K': shift = 10; break;
        case 'm': case 'M': shift = 20; break;
        case 'g': case 'G': shift = 30; break;
        default: return -1;
        }
        end++;
        if (*end == 'i' || *end == 'B')
            end += (*end == 'i' && end[1] == 'B') ? 2 : 1;
    }
    if (*end || (shift && v > (~0ull >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

