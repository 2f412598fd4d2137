/* The byte streams of a checkpoint file (sim/checkpoint.c, docs/design.md
 * "Checkpoints"): a writer that appends to a growing buffer, and a reader
 * over one section's bytes that checks every read against the section's
 * end.  Each part that owns state writes and reads its own with these,
 * next to its state; the file's framing (magic, version, build identity,
 * sections, checksums) is sim/checkpoint.c's.
 *
 * The reader fails once, with one message, on the first read past the end
 * or the first value out of range (ckr_fail); from then on every read gives
 * zeros and writes nothing, so a load function checks r->bad once where it
 * must stop before using what it read (an index, a count). */
#ifndef SIMTY_UTIL_CKPT_H
#define SIMTY_UTIL_CKPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ck_writer {
    uint8_t *buf;
    size_t n, cap;
    bool oom;  /* the buffer could not grow: the save fails */
} ck_writer;

void ckw_bytes(ck_writer *w, const void *p, size_t n);
static inline void ckw_u8(ck_writer *w, uint8_t v) { ckw_bytes(w, &v, 1); }
static inline void ckw_u32(ck_writer *w, uint32_t v) { ckw_bytes(w, &v, 4); }
static inline void ckw_u64(ck_writer *w, uint64_t v) { ckw_bytes(w, &v, 8); }
/* A string: its length (u32, UINT32_MAX for NULL) and bytes */
void ckw_str(ck_writer *w, const char *s);
void ckw_free(ck_writer *w);

typedef struct ck_reader {
    const uint8_t *p;
    size_t n, pos;
    const char *what; /* the section's name, for messages */
    bool bad;
    char err[200];
} ck_reader;

void ckr_init(ck_reader *r, const void *p, size_t n, const char *what);
void ckr_fail(ck_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Copies n bytes to dst (zeros once the reader failed); false if it failed. */
bool ckr_bytes(ck_reader *r, void *dst, size_t n);
uint8_t ckr_u8(ck_reader *r);
uint32_t ckr_u32(ck_reader *r);
uint64_t ckr_u64(ck_reader *r);
/* A u32 that must equal `want` (a size of the machine): else the reader
 * fails naming `what`. */
bool ckr_expect(ck_reader *r, uint64_t got, uint64_t want, const char *what);
/* A count of elements of elem bytes each that follow: at most max and no
 * more than the bytes left, so nothing is allocated for a count the
 * section cannot hold.  0 once the reader failed. */
uint64_t ckr_count(ck_reader *r, uint64_t max, size_t elem, const char *what);
/* A string of at most max bytes (malloc'd; *s NULL for a NULL string);
 * false if it failed (bad length, no host memory). */
bool ckr_str(ck_reader *r, size_t max, char **s);
/* A bool stored as a byte (0 or 1, else the reader fails) */
bool ckr_bool(ck_reader *r);
/* Has the section been read to its end?  Else the reader fails. */
bool ckr_done(ck_reader *r);

/* Is the byte at p a valid bool (0 or 1)?  For a struct read raw, before
 * any of its bool fields is read as a bool. */
static inline bool ck_bool_ok(const void *p) { return *(const uint8_t *)p <= 1; }

/* FNV-1a, 64 bits, over n bytes from h (start with CK_FNV_START). */
#define CK_FNV_START 0xcbf29ce484222325ull
uint64_t ck_fnv(uint64_t h, const void *p, size_t n);

#endif
