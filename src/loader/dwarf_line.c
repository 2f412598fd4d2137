/* DWARF .debug_line reader (dwarf_line.h): runs each unit's line-number
 * program and keeps one row per emitted (address, file, line).  Reads go
 * through a bounds-checked cursor; anything malformed stops with an error. */
#include "loader/dwarf_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/elf.h"

enum {
    DW_FORM_data2 = 0x05, DW_FORM_data4 = 0x06, DW_FORM_data8 = 0x07, DW_FORM_string = 0x08,
    DW_FORM_block = 0x09, DW_FORM_data1 = 0x0b, DW_FORM_strp = 0x0e, DW_FORM_udata = 0x0f,
    DW_FORM_data16 = 0x1e, DW_FORM_line_strp = 0x1f,
    DW_LNCT_path = 1, DW_LNCT_directory_index = 2,
    MAX_ROWS = 1 << 24, /* far beyond any real program; bounds host memory */
};

typedef struct cursor {
    const uint8_t *p, *end;
    int bad;
} cursor;

/* One unit's header: what its program needs. */
typedef struct unit {
    unsigned version, addr_size, min_len, opcode_base, line_range, off_size;
    int line_base;
    uint8_t std_len[256];
    const char **dirs; /* borrowed strings */
    size_t ndirs;
    size_t file_base;  /* this unit's first entry in line_table.files */
    size_t nfiles;
} unit;

static uint64_t rd_n(cursor *c, unsigned n)
{
    if (c->p > c->end || (size_t)(c->end - c->p) < n) {
        c->bad = 1;
        c->p = c->end;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < n && i < 8; i++)
        v |= (uint64_t)c->p[i] << (8 * i);
    c->p += n;
    return v;
}

static uint64_t rd_uleb(cursor *c)
{
    uint64_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
        if (c->p >= c->end) {
            c->bad = 1;
            return 0;
        }
        uint8_t b = *c->p++;
        if (shift < 64)
            v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
}

static int64_t rd_sleb(cursor *c)
{
    uint64_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
        if (c->p >= c->end) {
            c->bad = 1;
            return 0;
        }
        uint8_t b = *c->p++;
        if (shift < 64)
            v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            if ((b & 0x40) && shift + 7 < 64)
                v |= ~0ull << (shift + 7);
            return (int64_t)v;
        }
    }
}

/* A NUL-terminated string at the cursor, or NULL (and bad) if unterminated. */
static const char *rd_str(cursor *c)
{
    const uint8_t *nul = memchr(c->p, 0, (size_t)(c->end - c->p));
    if (!nul) {
        c->bad = 1;
        c->p = c->end;
        return NULL;
    }
    const char *s = (const char *)c->p;
    c->p = nul + 1;
    return s;
}

/* The string at offset off of a string section, or NULL. */
static const char *str_at(const uint8_t *sec, size_t len, uint64_t off)
{
    if (!sec || off >= len || !memchr(sec + off, 0, len - (size_t)off))
        return NULL;
    return (const char *)sec + off;
}

static int fail(char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "corrupt .debug_line: %s", why);
    return -1;
}

static int add_file(line_table *t, const char *dir, const char *name)
{
    if (t->nfiles == t->fcap) {
        size_t cap = t->fcap ? 2 * t->fcap : 16;
        char **f = realloc(t->files, cap * sizeof *f);
        if (!f)
            return -1;
        t->files = f;
        t->fcap = cap;
    }
    int join = dir && dir[0] && name[0] != '/';
    size_t n = (join ? strlen(dir) + 1 : 0) + strlen(name) + 1;
    char *p = malloc(n);
    if (!p)
        return -1;
    if (join)
        snprintf(p, n, "%s/%s", dir, name);
    else
        snprintf(p, n, "%s", name);
    t->files[t->nfiles++] = p;
    return 0;
}

static int add_row(line_table *t, uint64_t addr, int64_t line, uint32_t file)
{
    if (t->nrows == t->cap) {
        if (t->cap >= MAX_ROWS)
            return -1;
        size_t cap = t->cap ? 2 * t->cap : 256;
        line_row *r = realloc(t->rows, cap * sizeof *r);
        if (!r)
            return -1;
        t->rows = r;
        t->cap = cap;
    }
    t->rows[t->nrows++] = (line_row){
        .addr = (uint32_t)addr, .line = line > 0 && line <= UINT32_MAX ? (uint32_t)line : 0,
        .file = file};
    return 0;
}

/* A value of a DWARF 5 entry-format attribute: a string or a number. */
static int rd_form(cursor *c, unsigned form, const unit *u, const dwarf_sections *sx,
                   const char **s, uint64_t *num)
{
    *s = NULL;
    *num = 0;
    switch (form) {
    case DW_FORM_string: *s = rd_str(c); return *s ? 0 : -1;
    case DW_FORM_line_strp:
        *s = str_at(sx->line_str, sx->line_str_len, rd_n(c, u->off_size));
        break;
    case DW_FORM_strp: *s = str_at(sx->str, sx->str_len, rd_n(c, u->off_size)); break;
    case DW_FORM_udata: *num = rd_uleb(c); return c->bad ? -1 : 0;
    case DW_FORM_data1: *num = rd_n(c, 1); return c->bad ? -1 : 0;
    case DW_FORM_data2: *num = rd_n(c, 2); return c->bad ? -1 : 0;
    case DW_FORM_data4: *num = rd_n(c, 4); return c->bad ? -1 : 0;
    case DW_FORM_data8: *num = rd_n(c, 8); return c->bad ? -1 : 0;
    case DW_FORM_data16: rd_n(c, 16); return c->bad ? -1 : 0;
    case DW_FORM_block: {
        uint64_t n = rd_uleb(c);
        if (c->bad || n > (uint64_t)(c->end - c->p))
            return -1;
        c->p += n;
        return 0;
    }
    default: return -1;
    }
    return *s ? 0 : -1;
}

/* DWARF 5 directory or file entries: fills paths[i] and dir_index[i]. */
static int rd_entries_v5(cursor *c, const unit *u, const dwarf_sections *sx, const char ***paths,
                         uint64_t **dir_index, size_t *count)
{
    unsigned nfmt = (unsigned)rd_n(c, 1);
    uint64_t fmt[2 * 255];
    for (unsigned i = 0; i < nfmt; i++) {
        fmt[2 * i] = rd_uleb(c);
        fmt[2 * i + 1] = rd_uleb(c);
    }
    uint64_t n = rd_uleb(c);
    if (c->bad || n > (uint64_t)(c->end - c->p)) /* every entry takes a byte or more */
        return -1;
    *count = (size_t)n;
    *paths = calloc(n + 1, sizeof **paths);
    *dir_index = calloc(n + 1, sizeof **dir_index);
    if (!*paths || !*dir_index)
        return -1;
    for (uint64_t e = 0; e < n; e++)
        for (unsigned i = 0; i < nfmt; i++) {
            const char *s;
            uint64_t num;
            if (rd_form(c, (unsigned)fmt[2 * i + 1], u, sx, &s, &num))
                return -1;
            if (fmt[2 * i] == DW_LNCT_path)
                (*paths)[e] = s;
            else if (fmt[2 * i] == DW_LNCT_directory_index)
                (*dir_index)[e] = num;
        }
    return 0;
}

static const char *dir_of(const unit *u, uint64_t i)
{
    return i < u->ndirs ? u->dirs[i] : NULL;
}

/* Directory and file tables; adds the unit's files to t. */
static int rd_file_tables(cursor *c, unit *u, const dwarf_sections *sx, line_table *t)
{
    u->file_base = t->nfiles;
    if (u->version >= 5) {
        const char **dpaths = NULL, **fpaths = NULL;
        uint64_t *ddir = NULL, *fdir = NULL;
        size_t nd = 0, nf = 0;
        int rc = rd_entries_v5(c, u, sx, &dpaths, &ddir, &nd);
        if (!rc)
            rc = rd_entries_v5(c, u, sx, &fpaths, &fdir, &nf);
        u->dirs = dpaths;
        u->ndirs = nd;
        for (size_t i = 0; !rc && i < nf; i++)
            rc = add_file(t, dir_of(u, fdir[i]), fpaths[i] ? fpaths[i] : "?");
        free(ddir);
        free(fpaths);
        free(fdir);
        u->nfiles = t->nfiles - u->file_base;
        return rc;
    }
    /* versions 2-4: directories (index 0 is the compilation directory,
     * which only .debug_info knows), then files */
    size_t cap = 16;
    u->dirs = calloc(cap, sizeof *u->dirs);
    if (!u->dirs)
        return -1;
    u->dirs[u->ndirs++] = NULL;
    for (;;) {
        const char *d = rd_str(c);
        if (!d)
            return -1;
        if (!d[0])
            break;
        if (u->ndirs == cap) {
            const char **nd = realloc(u->dirs, 2 * cap * sizeof *nd);
            if (!nd)
                return -1;
            u->dirs = nd;
            cap *= 2;
        }
        u->dirs[u->ndirs++] = d;
    }
    for (;;) {
        const char *name = rd_str(c);
        if (!name)
            return -1;
        if (!name[0])
            break;
        uint64_t dir = rd_uleb(c);
        rd_uleb(c); /* modification time */
        rd_uleb(c); /* length */
        if (c->bad || add_file(t, dir_of(u, dir), name))
            return -1;
    }
    u->nfiles = t->nfiles - u->file_base;
    return 0;
}

/* The global file index of file number f of the unit, or -1. */
static long unit_file(const unit *u, uint64_t f)
{
    if (u->version < 5) {
        if (f == 0)
            return -1;
        f--; /* 1-based before DWARF 5 */
    }
    return f < u->nfiles ? (long)(u->file_base + f) : -1;
}

/* Runs the line-number program in c (one unit's). */
static int run_program(cursor *c, const unit *u, line_table *t, char *err, size_t errlen)
{
    uint64_t addr = 0, file = 1;
    int64_t line = 1;
    while (c->p < c->end && !c->bad) {
        unsigned op = *c->p++;
        int emit = 0;
        if (op >= u->opcode_base) {
            unsigned adj = op - u->opcode_base;
            addr += (uint64_t)(adj / u->line_range) * u->min_len;
            /* wrapping sums: a corrupt table must not overflow a signed int */
            line = (int64_t)((uint64_t)line + (uint64_t)(int64_t)(u->line_base +
                                                                 (int)(adj % u->line_range)));
            emit = 1;
        } else if (op == 0) { /* extended opcode */
            uint64_t len = rd_uleb(c);
            if (c->bad || len == 0 || len > (uint64_t)(c->end - c->p))
                return fail(err, errlen, "extended opcode runs past its unit");
            cursor e = {c->p, c->p + len, 0};
            c->p += len;
            unsigned sub = (unsigned)rd_n(&e, 1);
            if (sub == 1) { /* end of sequence */
                if (add_row(t, addr, 0, 0))
                    return fail(err, errlen, "too many rows (or out of host memory)");
                addr = 0, file = 1, line = 1;
            } else if (sub == 2) {
                addr = rd_n(&e, (unsigned)(e.end - e.p) < 8 ? (unsigned)(e.end - e.p) : 8);
            }
        } else {
            switch (op) {
            case 1: emit = 1; break;                                     /* copy */
            case 2: addr += rd_uleb(c) * u->min_len; break;              /* advance_pc */
            case 3: line = (int64_t)((uint64_t)line + (uint64_t)rd_sleb(c)); break; /* advance_line */
            case 4: file = rd_uleb(c); break;                            /* set_file */
            case 8: addr += (uint64_t)((255 - u->opcode_base) / u->line_range) * u->min_len; break;
            case 9: addr += rd_n(c, 2); break;                           /* fixed_advance_pc */
            default:
                for (unsigned i = 0; i < u->std_len[op]; i++)
                    rd_uleb(c);
            }
        }
        if (emit) {
            long f = unit_file(u, file);
            if (f >= 0 && add_row(t, addr, line, (uint32_t)f))
                return fail(err, errlen, "too many rows (or out of host memory)");
        }
    }
    return c->bad ? fail(err, errlen, "truncated line-number program") : 0;
}

/* One unit at the cursor; moves the cursor past it. */
static int read_unit(cursor *c, const dwarf_sections *sx, line_table *t, char *err, size_t errlen)
{
    unit u = {.off_size = 4, .addr_size = 4};
    uint64_t len = rd_n(c, 4);
    if (len == 0xffffffffu) {
        u.off_size = 8;
        len = rd_n(c, 8);
    }
    if (c->bad || len > (uint64_t)(c->end - c->p))
        return fail(err, errlen, "unit length past the section");
    cursor uc = {c->p, c->p + len, 0};
    c->p += len;
    u.version = (unsigned)rd_n(&uc, 2);
    if (u.version < 2 || u.version > 5) {
        snprintf(err, errlen, "unsupported .debug_line version %u", u.version);
        return -1;
    }
    if (u.version >= 5) {
        u.addr_size = (unsigned)rd_n(&uc, 1);
        rd_n(&uc, 1); /* segment selector size */
    }
    uint64_t hlen = rd_n(&uc, u.off_size);
    if (uc.bad || hlen > (uint64_t)(uc.end - uc.p))
        return fail(err, errlen, "header length past its unit");
    const uint8_t *prog = uc.p + hlen;
    u.min_len = (unsigned)rd_n(&uc, 1);
    if (u.version >= 4)
        rd_n(&uc, 1); /* maximum operations per instruction (VLIW only) */
    rd_n(&uc, 1);     /* default is_stmt */
    u.line_base = (int8_t)rd_n(&uc, 1);
    u.line_range = (unsigned)rd_n(&uc, 1);
    u.opcode_base = (unsigned)rd_n(&uc, 1);
    if (uc.bad || u.line_range == 0)
        return fail(err, errlen, "bad header");
    for (unsigned i = 1; i < u.opcode_base; i++)
        u.std_len[i] = (uint8_t)rd_n(&uc, 1);
    if (uc.bad || uc.p > prog) /* the header length ends inside the fixed fields */
        return fail(err, errlen, "bad header");
    cursor hc = {uc.p, prog, 0}; /* the tables end where the program starts */
    int rc = uc.bad || rd_file_tables(&hc, &u, sx, t) || hc.bad
                 ? fail(err, errlen, "bad directory or file table")
                 : 0;
    free(u.dirs);
    if (rc)
        return -1;
    cursor pc = {prog, uc.end, 0};
    return run_program(&pc, &u, t, err, errlen);
}

typedef struct keyed {
    line_row row;
    size_t order;
} keyed;

/* By address; at one address, end-of-sequence rows first (the next
 * sequence may start there), then table order. */
static int keyed_cmp(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->row.addr != y->row.addr)
        return x->row.addr < y->row.addr ? -1 : 1;
    int xe = x->row.line == 0, ye = y->row.line == 0;
    if (xe != ye)
        return xe ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int sort_rows(line_table *t)
{
    keyed *k = malloc((t->nrows ? t->nrows : 1) * sizeof *k);
    if (!k)
        return -1;
    for (size_t i = 0; i < t->nrows; i++)
        k[i] = (keyed){t->rows[i], i};
    qsort(k, t->nrows, sizeof *k, keyed_cmp);
    for (size_t i = 0; i < t->nrows; i++)
        t->rows[i] = k[i].row;
    free(k);
    return 0;
}

int dwarf_line_parse(const dwarf_sections *sx, line_table *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    cursor c = {sx->line, sx->line + sx->line_len, 0};
    int rc = 0;
    while (!rc && c.p < c.end)
        rc = read_unit(&c, sx, t, err, errlen);
    if (sort_rows(t) && !rc)
        rc = fail(err, errlen, "out of host memory");
    return rc;
}

int dwarf_line_read(const uint8_t *buf, size_t len, line_table *t, char *err, size_t errlen)
{
    dwarf_sections sx = {0};
    memset(t, 0, sizeof *t);
    if (elf_find_section(buf, len, ".debug_line", &sx.line, &sx.line_len))
        return 0; /* no line information */
    elf_find_section(buf, len, ".debug_str", &sx.str, &sx.str_len);
    elf_find_section(buf, len, ".debug_line_str", &sx.line_str, &sx.line_str_len);
    return dwarf_line_parse(&sx, t, err, errlen);
}

void line_table_free(line_table *t)
{
    for (size_t i = 0; i < t->nfiles; i++)
        free(t->files[i]);
    free(t->files);
    free(t->rows);
    memset(t, 0, sizeof *t);
}

const line_row *line_table_find(const line_table *t, uint32_t addr)
{
    size_t lo = 0, hi = t->nrows; /* first row with address > addr */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->rows[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || t->rows[lo - 1].line == 0)
        return NULL;
    return &t->rows[lo - 1];
}
