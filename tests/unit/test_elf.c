/* ELF loader robustness: every malformed input gives an error message, never
 * a crash or an out-of-bounds access (run under ASan by make check).
 * Usage: test_elf VALID.elf */
#include <stdlib.h>
#include <string.h>

#include "check.h"
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
    if (argc != 2) {
        fprintf(stderr, "usage: test_elf VALID.elf\n");
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
    buf[36] |= 1; /* EF_RISCV_RVC */
    expect_error(buf, len, "compressed");
    memcpy(buf, orig, len);
    buf[36] |= 4; /* double-float ABI */
    expect_error(buf, len, "hard-float");
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
        free(t);
    }

    /* random corruption of headers and tables */
    srand(1);
    for (int i = 0; i < 20000; i++) {
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
    }
    free(buf);
    return check_report("test_elf");
}
