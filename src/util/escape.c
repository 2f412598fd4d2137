/* Escaping of guest-controlled text for printing (escape.h). */
#include "util/escape.h"


size_t text_escape_n(char *dst, size_t n, const char *src, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t out = 0;
    for (size_t i = 0; i < len && src[i]; i++) {
        unsigned char c = (unsigned char)src[i];
        char seq[4];
        size_t k = 0;
        if (c == '\\') {
            seq[k++] = '\\';
            seq[k++] = '\\';
        } else if (c >= 0x20 && c < 0x7f) {
            seq[k++] = (char)c;
        } else {
            seq[k++] = '\\';
            seq[k++] = 'x';
            seq[k++] = hex[c >> 4];
            seq[k++] = hex[c & 15];
        }
        if (out + k < n) /* room for the sequence and the final NUL */
            for (size_t j = 0; j < k; j++)
                dst[out + j] = seq[j];
        else if (out < n)
            n = out + 1; /* full: nothing more is written, not even a shorter sequence */
        out += k;
    }
    if (n)
        dst[out < n ? out : n - 1] = 0;
    return out;
}

size_t text_escape(char *dst, size_t n, const char *src)
{
    return text_escape_n(dst, n, src, (size_t)-1);
}
