/* The byte streams of a checkpoint file: the writer's growing buffer and
 * the bounds-checked reader (util/ckpt.h). */
#include "util/ckpt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ckw_bytes(ck_writer *w, const void *p, size_t n)
{
    if (w->oom || n == 0)
        return;
    if (n > w->cap - w->n) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap - w->n < n) {
            if (cap > SIZE_MAX / 2) {
                w->oom = true;
                return;
            }
            cap *= 2;
        }
        uint8_t *b = realloc(w->buf, cap);
        if (!b) {
            w->oom = true;
            return;
        }
        w->buf = b;
        w->cap = cap;
    }
    memcpy(w->buf + w->n, p, n);
    w->n += n;
}

void ckw_str(ck_writer *w, const char *s)
{
    if (!s) {
        ckw_u32(w, UINT32_MAX);
        return;
    }
    size_t n = strlen(s);
    ckw_u32(w, (uint32_t)n);
    ckw_bytes(w, s, n);
}

void ckw_free(ck_writer *w)
{
    free(w->buf);
    *w = (ck_writer){0};
}

void ckr_init(ck_reader *r, const void *p, size_t n, const char *what)
{
    *r = (ck_reader){.p = p, .n = n, .what = what};
}

void ckr_fail(ck_reader *r, const char *fmt, ...)
{
    if (r->bad)
        return;
    r->bad = true;
    int k = snprintf(r->err, sizeof r->err, "section %s: ", r->what);
    va_list ap;
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < sizeof r->err)
        vsnprintf(r->err + k, sizeof r->err - (size_t)k, fmt, ap);
    va_end(ap);
}

bool ckr_bytes(ck_reader *r, void *dst, size_t n)
{
    if (!r->bad && n > r->n - r->pos)
        ckr_fail(r, "truncated (%zu bytes wanted at offset %zu of %zu)", n, r->pos, r->n);
    if (r->bad) {
        if (n)
            memset(dst, 0, n);
        return false;
    }
    if (n)
        memcpy(dst, r->p + r->pos, n);
    r->pos += n;
    return true;
}

uint8_t ckr_u8(ck_reader *r)
{
    uint8_t v;
    ckr_bytes(r, &v, 1);
    return v;
}

uint32_t ckr_u32(ck_reader *r)
{
    uint32_t v;
    ckr_bytes(r, &v, 4);
    return v;
}

uint64_t ckr_u64(ck_reader *r)
{
    uint64_t v;
    ckr_bytes(r, &v, 8);
    return v;
}

bool ckr_expect(ck_reader *r, uint64_t got, uint64_t want, const char *what)
{
    if (!r->bad && got != want)
        ckr_fail(r, "%s is %llu, the machine's is %llu", what, (unsigned long long)got,
                 (unsigned long long)want);
    return !r->bad;
}

uint64_t ckr_count(ck_reader *r, uint64_t max, size_t elem, const char *what)
{
    uint64_t v = ckr_u64(r);
    if (r->bad)
        return 0;
    if (v > max || (elem && v > (r->n - r->pos) / elem)) {
        ckr_fail(r, "bad count of %s (%llu)", what, (unsigned long long)v);
        return 0;
    }
    return v;
}

bool ckr_str(ck_reader *r, size_t max, char **s)
{
    *s = NULL;
    uint32_t n = ckr_u32(r);
    if (r->bad || n == UINT32_MAX)
        return !r->bad;
    if (n > max || n > r->n - r->pos) {
        ckr_fail(r, "bad string length (%u)", n);
        return false;
    }
    if (!(*s = malloc((size_t)n + 1))) {
        ckr_fail(r, "out of host memory");
        return false;
    }
    ckr_bytes(r, *s, n);
    (*s)[n] = 0;
    if (strlen(*s) != n) { /* an embedded NUL */
        free(*s);
        *s = NULL;
        ckr_fail(r, "bad string");
        return false;
    }
    return true;
}

bool ckr_bool(ck_reader *r)
{
    uint8_t v = ckr_u8(r);
    if (v > 1)
        ckr_fail(r, "bad flag value %u at offset %zu", v, r->pos - 1);
    return v == 1;
}

bool ckr_done(ck_reader *r)
{
    if (!r->bad && r->pos != r->n)
        ckr_fail(r, "%zu bytes left over", r->n - r->pos);
    return !r->bad;
}

uint64_t ck_fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}
