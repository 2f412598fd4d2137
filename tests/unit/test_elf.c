/* ELF loader and DWARF line-table robustness: every malformed input gives an
 * error message, never a crash or an out-of-bounds access (run under ASan by
 * make check).  Usage: test_elf VALID.elf (built with -g) */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "loader/dwarf_line.h"
#include "loader/elf.h"

static int try_load(const uint8_t *buf, size_t len, char *err, size_t errlen)
{
    memory_t mem = {0};
    elf_image img;
    char e[16];
    if (mem_add_region(&mem, 0x80000000u, 1u << 20, e, sizeof e))
        abort();
    err[0] = 0;
    int rc = elf_load_buffer(buf, len, &mem, &img, err, errlen);
    if (rc == 0)
        elf_free(&img);
    mem_free(&mem);
    return rc;
}

/* Checks what a line-table read returned: an error says why; rows are
 * sorted and name real files. */
static void check_table(int rc, const char *err, line_table *t)
{
    if (rc)
        CHECK(err[0] != 0);
    int ok = 1;
    for (size_t i = 0; i < t->nrows; i++)
        ok &= (t->rows[i].line == 0 || t->rows[i].file < t->nfiles) &&
              (i == 0 || t->rows[i - 1].addr <= t->rows[i].addr);
    CHECK(ok);
    if (t->nrows)
        line_table_find(t, t->rows[t->nrows / 2].addr);
    line_table_free(t);
}

/* The reader on a whole ELF image; returns its status. */
static int try_lines(const uint8_t *buf, size_t len, size_t *rows)
{
    line_table t;
    char err[256] = "";
    int rc = dwarf_line_read(buf, len, &t, err, sizeof err);
    if (rows)
        *rows = t.nrows;
    check_table(rc, err, &t);
    return rc;
}

/* The reader on a copy of .debug_line of exactly n bytes (so that ASan
 * sees any read past it), the string sections as in the image. */
static int try_section(const uint8_t *sec, size_t n, const dwarf_sections *orig)
{
    uint8_t *copy = malloc(n ? n : 1);
    memcpy(copy, sec, n);
    dwarf_sections sx = *orig;
    sx.line = copy;
    sx.line_len = n;
    line_table t;
    char err[256] = "";
    int rc = dwarf_line_parse(&sx, &t, err, sizeof err);
    check_table(rc, err, &t);
    free(copy);
    return rc;
}

static void expect_error(const uint8_t *buf, size_t len, const char *needle)
{
    char err[256];
    CHECK(try_load(buf, len, err, sizeof err) == -1);
    if (!strstr(err, needle)) {
        fprintf(stderr, "expected '%s' in '%s'\n", needle, err);
        CHECK(0);
    }
}

int main(int argc, char **argv)
{
    /* ROUNDS: the random corruptions of the whole file (default 20000;
     * the sanitized suite runs 5000) */
    long rounds = argc == 3 ? strtol(argv[2], NULL, 10) : 20000;
    if ((argc != 2 && argc != 3) || rounds <= 0) {
        fprintf(stderr, "usage: test_elf VALID.elf [ROUNDS]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static uint8_t orig[4 << 20];
    size_t len = fread(orig, 1, sizeof orig, f);
    fclose(f);
    uint8_t *buf = malloc(len);
    char err[256];

    CHECK(try_load(orig, len, err, sizeof err) == 0);
    size_t rows = 0;
    CHECK(try_lines(orig, len, &rows) == 0);
    CHECK(rows > 20); /* the test program has debug information */

    memcpy(buf, orig, len);
    buf[4] = 2;
    expect_error(buf, len, "64-bit");
    memcpy(buf, orig, len);
    buf[5] = 2;
    expect_error(buf, len, "little-endian");
    memcpy(buf, orig, len);
    buf[18] = 62; /* x86-64 */
    expect_error(buf, len, "not RISC-V");
    memcpy(buf, orig, len);
    buf[36] |= 1; /* EF_RISCV_RVC: accepted (a compressed instruction faults when run) */
    CHECK(try_load(buf, len, err, sizeof err) == 0);
    memcpy(buf, orig, len);
    buf[36] |= 4; /* double-float ABI: accepted (F and D) */
    CHECK(try_load(buf, len, err, sizeof err) == 0);
    memcpy(buf, orig, len);
    buf[36] |= 6; /* quad-float ABI */
    expect_error(buf, len, "quad-float");
    memcpy(buf, orig, len);
    buf[0] = 'X';
    expect_error(buf, len, "not an ELF");
    expect_error(orig, 30, "not an ELF");

    /* every truncation */
    size_t step = len / 4096 + 1;
    for (size_t n = 0; n < len; n += step) {
        uint8_t *t = malloc(n ? n : 1); /* exact-size copy: ASan sees overreads */
        memcpy(t, orig, n);
        if (try_load(t, n, err, sizeof err) != 0)
            CHECK(err[0] != 0);
        try_lines(t, n, NULL);
        free(t);
    }

    /* random corruption of headers and tables */
    srand(1);
    for (long i = 0; i < rounds; i++) {
        memcpy(buf, orig, len);
        int flips = 1 + rand() % 8;
        for (int k = 0; k < flips; k++) {
            size_t pos = rand() % 2 ? (size_t)rand() % 64 : (size_t)rand() % len;
            if (rand() % 4 == 0 && len > 64) /* the section headers at the end */
                pos = len - 1 - (size_t)rand() % (len < 2048 ? len : 2048);
            buf[pos] = (uint8_t)rand();
        }
        if (try_load(buf, len, err, sizeof err) != 0)
            CHECK(err[0] != 0);
        if (i % 8 == 0) /* the section lookup on corrupt headers */
            try_lines(buf, len, NULL);
    }

    /* .debug_line alone, in an exact-size buffer: every truncation, then
     * random corruption of headers, tables and programs */
    dwarf_sections sx = {0};
    CHECK(elf_find_section(orig, len, ".debug_line", &sx.line, &sx.line_len) == 0);
    elf_find_section(orig, len, ".debug_str", &sx.str, &sx.str_len);
    elf_find_section(orig, len, ".debug_line_str", &sx.line_str, &sx.line_str_len);
    CHECK(try_section(sx.line, sx.line_len, &sx) == 0);
    int failed = 0;
    for (size_t n = 0; n < sx.line_len; n += sx.line_len / 512 + 1)
        failed += try_section(sx.line, n, &sx) != 0;
    CHECK(failed > 0);
    uint8_t *sec = malloc(sx.line_len + 1);
    failed = 0;
    for (int i = 0; i < 4000 && sx.line_len; i++) {
        memcpy(sec, sx.line, sx.line_len);
        int flips = 1 + rand() % 4;
        for (int k = 0; k < flips; k++) {
            size_t pos = rand() % 2 ? (size_t)rand() % (sx.line_len < 64 ? sx.line_len : 64)
                                    : (size_t)rand() % sx.line_len;
            sec[pos] = rand() % 3 ? (uint8_t)rand() : (uint8_t)(rand() % 2 ? 0xff : 0);
        }
        failed += try_section(sec, sx.line_len, &sx) != 0;
    }
    CHECK(failed > 0); /* the corruption reached the reader's checks */
    free(sec);
    free(buf);
    return check_report("test_elf");
}
