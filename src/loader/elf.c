/* ELF32 loader: every offset and size read from the file is checked against
 * the file length before use, so malformed files give an error, not a crash. */
#include "loader/elf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/escape.h"
#include "util/file.h"

enum {
    EM_RISCV = 243,
    ET_EXEC = 2,
    PT_LOAD = 1,
    PF_X = 1,
    SHT_SYMTAB = 2,
    SHT_NOBITS = 8,
    EF_RISCV_RVC = 0x1,
    EF_RISCV_FLOAT_ABI = 0x6,
    EF_RISCV_RVE = 0x8,
};

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* [off, off+size) lies within a buffer of len bytes */
static int in_file(uint64_t off, uint64_t size, size_t len)
{
    return off <= len && size <= len - off;
}

static int sym_cmp(const void *a, const void *b)
{
    const elf_symbol *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* Keeps the symbols worth showing (named functions, objects and labels). */
static int read_symbols(const uint8_t *buf, size_t len, uint32_t shoff, unsigned shnum,
                        elf_image *img, char *err, size_t errlen)
{
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = buf + shoff + (size_t)i * 40;
        if (rd32(sh + 4) != SHT_SYMTAB)
            continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20), link = rd32(sh + 24);
        uint32_t entsize = rd32(sh + 36);
        if (entsize != 16 || !in_file(off, size, len) || link >= shnum) {
            snprintf(err, errlen, "corrupt symbol table");
            return -1;
        }
        const uint8_t *strsh = buf + shoff + (size_t)link * 40;
        uint32_t stroff = rd32(strsh + 16), strsize = rd32(strsh + 20);
        if (!in_file(stroff, strsize, len) || strsize == 0) {
            snprintf(err, errlen, "corrupt symbol string table");
            return -1;
        }
        img->strtab = malloc(strsize + 1u);
        img->syms = calloc(size / 16 + 1, sizeof *img->syms);
        if (!img->strtab || !img->syms) {
            snprintf(err, errlen, "out of host memory reading symbols");
            return -1;
        }
        memcpy(img->strtab, buf + stroff, strsize);
        img->strtab[strsize] = 0; /* a table without a final NUL stays bounded */
        for (uint32_t k = 0; k < size / 16; k++) {
            const uint8_t *s = buf + off + (size_t)k * 16;
            uint32_t name = rd32(s), value = rd32(s + 4), ssize = rd32(s + 8);
            unsigned type = s[12] & 15, shndx = rd16(s + 14);
            /* NOTYPE, OBJECT, FUNC; defined; named; not a local .L label or
             * a $x/$d mapping symbol */
            if (type > 2 || shndx == 0 || name == 0 || name >= strsize)
                continue;
            const char *nm = img->strtab + name;
            if (nm[0] == '$' || (nm[0] == '.' && nm[1] == 'L'))
                continue;
            img->syms[img->nsyms++] = (elf_symbol){.addr = value, .size = ssize, .name = nm,
                                                     .type = (uint8_t)type};
        }
        qsort(img->syms, img->nsyms, sizeof *img->syms, sym_cmp);
        return 0;
    }
    return 0; /* stripped: no symbols */
}

int elf_load_buffer(const uint8_t *buf, size_t len, memory_t *mem, elf_image *img, char *err,
                    size_t errlen)
{
    memset(img, 0, sizeof *img);
    if (len < 52 || memcmp(buf, "\177ELF", 4) != 0) {
        snprintf(err, errlen, "not an ELF file");
        return -1;
    }
    if (buf[4] != 1) {
        snprintf(err, errlen, "%s ELF file; simty runs 32-bit (RV32) programs",
                 buf[4] == 2 ? "a 64-bit" : "an unknown-class");
        return -1;
    }
    if (buf[5] != 1) {
        snprintf(err, errlen, "not a little-endian ELF file");
        return -1;
    }
    if (rd16(buf + 18) != EM_RISCV) {
        snprintf(err, errlen, "ELF machine %u is not RISC-V (243)", rd16(buf + 18));
        return -1;
    }
    if (rd16(buf + 16) != ET_EXEC) {
        snprintf(err, errlen, "not an executable ELF file (type %u; link it first)",
                 rd16(buf + 16));
        return -1;
    }
    uint32_t flags = rd32(buf + 36);
    /* EF_RISCV_RVC turns the C extension on (docs/platform.md) */
    img->rvc = flags & EF_RISCV_RVC;
    const uint32_t ialign = img->rvc ? 1 : 3; /* the entry point's alignment */
    /* ilp32, ilp32f and ilp32d (F and D) are accepted; quad floats (Q) and
     * RV32E are not */
    if ((flags & EF_RISCV_FLOAT_ABI) == EF_RISCV_FLOAT_ABI || (flags & EF_RISCV_RVE)) {
        snprintf(err, errlen, "built for the %s ABI; simty runs ilp32, ilp32f and ilp32d programs",
                 (flags & EF_RISCV_RVE) ? "RV32E" : "quad-float");
        return -1;
    }
    img->entry = rd32(buf + 24);
    uint32_t phoff = rd32(buf + 28), shoff = rd32(buf + 32);
    unsigned phentsize = rd16(buf + 42), phnum = rd16(buf + 44);
    unsigned shentsize = rd16(buf + 46), shnum = rd16(buf + 48);
    if (phnum == 0 || phentsize != 32 || !in_file(phoff, (uint64_t)phnum * 32, len)) {
        snprintf(err, errlen, "corrupt or missing program headers");
        return -1;
    }

    img->exec = malloc(phnum * sizeof *img->exec);
    if (!img->exec) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    int loaded = 0;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = buf + phoff + (size_t)i * 32;
        if (rd32(ph) != PT_LOAD || rd32(ph + 20) == 0)
            continue;
        uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12);
        uint32_t filesz = rd32(ph + 16), memsz = rd32(ph + 20);
        if (filesz > memsz || !in_file(off, filesz, len)) {
            snprintf(err, errlen, "corrupt program header %u (segment data outside the file)", i);
            elf_free(img);
            return -1;
        }
        uint8_t *dst = mem_ptr(mem, paddr, memsz);
        if (!dst) {
            snprintf(err, errlen,
                     "segment %u at 0x%08x (%u bytes) is outside mapped memory "
                     "(add a region with --mem BASE:SIZE)",
                     i, paddr, memsz);
            elf_free(img);
            return -1;
        }
        memcpy(dst, buf + off, filesz);
        memset(dst + filesz, 0, memsz - filesz);
        loaded = 1;
        if (rd32(ph + 24) & PF_X) {
            img->exec[img->nexec].addr = paddr;
            img->exec[img->nexec].size = memsz;
            img->nexec++;
        }
    }
    if (!loaded)
        snprintf(err, errlen, "no loadable segment");
    else if (img->entry & ialign)
        snprintf(err, errlen, "entry point 0x%08x is not %u-byte aligned", img->entry, ialign + 1);
    else if (!mem_ptr(mem, img->entry, 2))
        snprintf(err, errlen, "entry point 0x%08x is outside mapped memory", img->entry);
    if (!loaded || (img->entry & ialign) || !mem_ptr(mem, img->entry, 2)) {
        elf_free(img);
        return -1;
    }
    if (shnum && shentsize == 40 && in_file(shoff, (uint64_t)shnum * 40, len)) {
        if (read_symbols(buf, len, shoff, shnum, img, err, errlen)) {
            elf_free(img);
            return -1;
        }
    }
    return 0;
}

int elf_load(const char *path, memory_t *mem, elf_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    char name[256]; /* the path as messages show it */
    text_escape(name, sizeof name, path);
    size_t len = 0;
    uint8_t *buf = read_regular_file(path, name, &len, err, errlen);
    if (!buf)
        return -1;
    char why[256];
    int rc = elf_load_buffer(buf, len, mem, img, why, sizeof why);
    if (rc)
        snprintf(err, errlen, "%s: %s", name, why);
    free(buf);
    return rc;
}

void elf_free(elf_image *img)
{
    free(img->syms);
    free(img->strtab);
    free(img->exec);
    img->syms = NULL;
    img->strtab = NULL;
    img->exec = NULL;
    img->nsyms = 0;
    img->nexec = 0;
}

int elf_find_section(const uint8_t *buf, size_t len, const char *name, const uint8_t **data,
                     size_t *size)
{
    if (len < 52 || memcmp(buf, "\177ELF", 4) != 0 || buf[4] != 1 || buf[5] != 1)
        return -1;
    uint32_t shoff = rd32(buf + 32);
    unsigned shentsize = rd16(buf + 46), shnum = rd16(buf + 48), shstrndx = rd16(buf + 50);
    if (shentsize != 40 || shstrndx >= shnum || !in_file(shoff, (uint64_t)shnum * 40, len))
        return -1;
    const uint8_t *strsh = buf + shoff + (size_t)shstrndx * 40;
    uint32_t stroff = rd32(strsh + 16), strsize = rd32(strsh + 20);
    if (!in_file(stroff, strsize, len))
        return -1;
    size_t want = strlen(name) + 1; /* with its NUL */
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = buf + shoff + (size_t)i * 40;
        uint32_t nm = rd32(sh), off = rd32(sh + 16), sz = rd32(sh + 20);
        if (rd32(sh + 4) == SHT_NOBITS || nm >= strsize || strsize - nm < want ||
            memcmp(buf + stroff + nm, name, want) != 0)
            continue;
        if (!in_file(off, sz, len))
            return -1;
        *data = buf + off;
        *size = sz;
        return 0;
    }
    return -1;
}

int elf_find_symbol(const elf_image *img, const char *name, uint32_t *addr)
{
    for (size_t i = 0; i < img->nsyms; i++)
        if (strcmp(img->syms[i].name, name) == 0) {
            *addr = img->syms[i].addr;
            return 0;
        }
    return -1;
}

int elf_symbolize(const elf_image *img, uint32_t addr, char *buf, size_t n)
{
    size_t lo = 0, hi = img->nsyms; /* first symbol with address > addr */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (img->syms[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 0;
    const elf_symbol *s = &img->syms[lo - 1];
    /* among symbols at the same address, prefer a sized one (a function) */
    for (size_t k = lo - 1; k > 0 && img->syms[k - 1].addr == s->addr; k--)
        if (img->syms[k - 1].size > s->size)
            s = &img->syms[k - 1];
    size_t k = text_escape(buf, n, s->name);
    if (addr != s->addr && k < n)
        snprintf(buf + k, n - k, "+0x%x", addr - s->addr);
    return 1;
}
