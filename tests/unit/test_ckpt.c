/* The checkpoint byte streams (util/ckpt.h): the writer appends, the reader
 * fails once on the first read past its section's end, a count the
 * section cannot hold, a bad string or flag, and reads zeros after; FNV-1a
 * gives the published test vectors. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/ckpt.h"

static void writer_reader(void)
{
    ck_writer w = {0};
    ckw_u32(&w, 7);
    ckw_u64(&w, 1ull << 40);
    ckw_str(&w, "hello");
    ckw_str(&w, NULL);
    ckw_u8(&w, 1);
    ckw_u64(&w, 3); /* a count of 3 u32 */
    for (uint32_t i = 0; i < 3; i++)
        ckw_u32(&w, i);
    CHECK(!w.oom);
    ck_reader r;
    ckr_init(&r, w.buf, w.n, "TEST");
    CHECK_EQ(ckr_u32(&r), 7);
    CHECK_EQ(ckr_u64(&r), 1ull << 40);
    char *s, *none;
    CHECK(ckr_str(&r, 16, &s) && s && strcmp(s, "hello") == 0);
    CHECK(ckr_str(&r, 16, &none) && none == NULL);
    CHECK(ckr_bool(&r));
    CHECK_EQ(ckr_count(&r, 10, 4, "words"), 3);
    for (uint32_t i = 0; i < 3; i++)
        CHECK_EQ(ckr_u32(&r), i);
    CHECK(ckr_done(&r) && !r.bad);
    free(s);

    /* past the end: fails once, then zeros */
    CHECK_EQ(ckr_u32(&r), 0);
    CHECK(r.bad && strstr(r.err, "section TEST: truncated"));
    char first[sizeof r.err];
    strcpy(first, r.err);
    CHECK_EQ(ckr_u64(&r), 0);
    CHECK(strcmp(first, r.err) == 0);
    ckw_free(&w);
}

static void hostile(void)
{
    uint8_t b[64];
    memset(b, 0, sizeof b);
    ck_reader r;
    /* a count larger than the bytes left (no allocation happens for it) */
    uint64_t huge = 1ull << 60;
    memcpy(b, &huge, 8);
    ckr_init(&r, b, sizeof b, "T");
    CHECK_EQ(ckr_count(&r, UINT64_MAX, 1, "bytes"), 0);
    CHECK(r.bad && strstr(r.err, "bad count of bytes"));
    /* a count above the machine's maximum */
    uint64_t five = 5;
    memcpy(b, &five, 8);
    ckr_init(&r, b, sizeof b, "T");
    CHECK_EQ(ckr_count(&r, 4, 1, "cores"), 0);
    CHECK(r.bad);
    /* a string longer than allowed, or than the section, or with a NUL */
    uint32_t len = 40;
    memcpy(b, &len, 4);
    char *s;
    ckr_init(&r, b, sizeof b, "T");
    CHECK(!ckr_str(&r, 16, &s) && s == NULL && r.bad);
    len = 100;
    memcpy(b, &len, 4);
    ckr_init(&r, b, sizeof b, "T");
    CHECK(!ckr_str(&r, 1000, &s) && s == NULL && r.bad);
    len = 3;
    memcpy(b, &len, 4);
    memcpy(b + 4, "a\0b", 3);
    ckr_init(&r, b, sizeof b, "T");
    CHECK(!ckr_str(&r, 16, &s) && s == NULL && r.bad);
    /* a flag byte other than 0 or 1 */
    b[0] = 2;
    ckr_init(&r, b, 1, "T");
    ckr_bool(&r);
    CHECK(r.bad && strstr(r.err, "bad flag"));
    /* a size that is not the machine's */
    ckr_init(&r, b, sizeof b, "T");
    CHECK(!ckr_expect(&r, 3, 4, "the number of warps") && strstr(r.err, "warps is 3"));
    /* bytes left over */
    ckr_init(&r, b, 8, "T");
    ckr_u32(&r);
    CHECK(!ckr_done(&r) && strstr(r.err, "4 bytes left over"));
    uint8_t v = 1, w = 7;
    CHECK(ck_bool_ok(&v) && !ck_bool_ok(&w));
}

static void fnv(void)
{
    CHECK_EQ(ck_fnv(CK_FNV_START, "", 0), 0xcbf29ce484222325ull);
    CHECK_EQ(ck_fnv(CK_FNV_START, "a", 1), 0xaf63dc4c8601ec8cull);
    CHECK_EQ(ck_fnv(CK_FNV_START, "foobar", 6), 0x85944171f73967e8ull);
}

int main(void)
{
    writer_reader();
    hostile();
    fnv();
    return check_report("test_ckpt");
}
