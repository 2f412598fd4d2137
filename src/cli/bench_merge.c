/* simty bench --merge: joins CSV tables written by `simty bench -f csv`
 * (typically the shards of one grid, simty bench --shard K/N) into one
 * table sorted by the column run, after checking that each file is a
 * simty bench table of this version (the same header) and that every run
 * from 0 to the last appears exactly once.  CSV output copies the rows
 * unchanged; Markdown output rebuilds each run's record from its columns
 * and prints it as simty bench does. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/bench_merge.h"
#include "cli/bench_table.h"
#include "cli/options.h"
#include "cli/output.h"
#include "util/escape.h"
#include "util/file.h"
#include "util/parse.h"

/* Bytes in one row before it is refused: simty's rows stay under 2 KiB, so
 * a longer one means the file is something else (a binary, another table). */
#define ROW_LIMIT (64 * 1024)
#define MAX_COLUMNS 128
#define SHOW_MISSING 5

typedef struct merge_row {
    unsigned long run;
    unsigned file;  /* which input */
    int ok;
    char *text;     /* the row as read, without its line end */
} merge_row;

typedef struct merge_state {
    char *const *files;
    merge_row *rows;
    size_t n, cap;
    unsigned ncols;
    char *names[MAX_COLUMNS]; /* the header's column names */
    char header_buf[2048];
    bench_run probe;          /* the row being checked */
} merge_state;

static const char *escaped(const char *path, char *buf, size_t n)
{
    text_escape(buf, n, path);
    return buf;
}

static int merge_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int merge_error(int status, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "simty bench: --merge: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return status;
}

/* ---- reading CSV ---- */

typedef struct text_buf {
    char *p;
    size_t len, cap;
} text_buf;

/* Reads one record: up to a line end outside double quotes (a quoted field
 * may hold one), without it or a '\r' before it.  Returns 1, 0 at the end
 * of the file, -1 for a record over ROW_LIMIT bytes, -2 for a read error
 * or no host memory (errno says which). */
static int read_record(FILE *f, text_buf *b, unsigned long *lines)
{
    int quoted = 0, c = EOF;
    b->len = 0;
    if (!b->p && !(b->p = malloc(b->cap = 1024))) {
        errno = ENOMEM;
        return -2;
    }
    while ((c = getc_unlocked(f)) != EOF) {
        if (c == '\n') {
            ++*lines;
            if (!quoted)
                break;
        }
        if (c == '"')
            quoted = !quoted;
        if (b->len + 1 >= b->cap) {
            if (b->cap >= ROW_LIMIT)
                return -1;
            size_t cap = 2 * b->cap;
            char *p = realloc(b->p, cap);
            if (!p) {
                errno = ENOMEM;
                return -2;
            }
            b->p = p, b->cap = cap;
        }
        b->p[b->len++] = (char)c;
    }
    if (ferror(f))
        return -2;
    if (c == EOF && b->len == 0)
        return 0;
    if (b->len && b->p[b->len - 1] == '\r')
        b->len--;
    b->p[b->len] = 0;
    return 1;
}

/* Splits a record into fields, unquoting "..." (with "" for a quote) into
 * scratch (len + 1 bytes).  Returns the number of fields, or -1 when the
 * quoting is broken or there are more than MAX_COLUMNS. */
static int split_fields(const char *text, size_t len, char *scratch, char **fields)
{
    const char *p = text, *end = text + len;
    char *o = scratch;
    int n = 0;
    for (;;) {
        if (n == MAX_COLUMNS)
            return -1;
        fields[n++] = o;
        if (p < end && *p == '"') {
            for (p++;; p++) {
                if (p == end)
                    return -1; /* no closing quote */
                if (*p == '"' && !(p + 1 < end && p[1] == '"'))
                    break;
                *o++ = *p;
                p += *p == '"';
            }
            p++;
            if (p < end && *p != ',')
                return -1;
        } else {
            for (; p < end && *p != ','; p++) {
                if (*p == '"')
                    return -1;
                *o++ = *p;
            }
        }
        *o++ = 0;
        if (p == end)
            return n;
        p++; /* the comma */
    }
}

static int column(const merge_state *m, const char *name)
{
    for (unsigned i = 0; i < m->ncols; i++)
        if (!strcmp(m->names[i], name))
            return (int)i;
    return -1;
}

/* ---- a row's columns as a run record (for Markdown, and to check them) ---- */

typedef struct row_fields {
    const merge_state *m;
    char **fields;
    const char *bad; /* the first column that does not parse */
} row_fields;

static const char *str_col(row_fields *rf, const char *name)
{
    int c = column(rf->m, name);
    if (c < 0 && !rf->bad)
        rf->bad = name;
    return c < 0 ? "" : rf->fields[c];
}

/* An integer as simty bench writes it: canonical decimal (digits, no
 * leading zero), so that the copied rows say each value one way only
 * ("0x0" or "00" is not the run 0).  Returns 0, or -1. */
static int parse_decimal(const char *s, uint64_t *v)
{
    if (s[0] == '0' && s[1])
        return -1;
    if (!*s || s[strspn(s, "0123456789")])
        return -1;
    return parse_u64(s, v, 0);
}

static uint64_t u64_col(row_fields *rf, const char *name)
{
    uint64_t v = 0;
    if (parse_decimal(str_col(rf, name), &v) && !rf->bad)
        rf->bad = name;
    return v;
}

static unsigned uint_col(row_fields *rf, const char *name, unsigned lo, unsigned hi)
{
    uint64_t v = u64_col(rf, name);
    if ((v < lo || v > hi) && !rf->bad)
        rf->bad = name;
    return (unsigned)v;
}

/* 0 for a, 1 for b */
/* A plug-in's name (simty_plugin_find): its index (0 for an unknown one,
 * which makes the column bad). */
static unsigned plugin_col(row_fields *rf, const char *name, simty_plugin_kind kind)
{
    const int i = simty_plugin_find(kind, str_col(rf, name));
    if (i < 0 && !rf->bad)
        rf->bad = name;
    return i < 0 ? 0 : (unsigned)i;
}

static void copy_col(row_fields *rf, const char *name, char *dst, size_t n)
{
    const char *s = str_col(rf, name);
    size_t len = strlen(s);
    if (len >= n) {
        if (!rf->bad)
            rf->bad = name;
        len = n - 1;
    }
    memcpy(dst, s, len);
    dst[len] = 0;
}

/* Fills r (name excepted) from a row's fields.  Returns NULL, or the name
 * of the first column that is not what simty bench writes. */
static const char *row_to_run(const merge_state *m, char **fields, bench_run *r)
{
    row_fields rf = {.m = m, .fields = fields};
    simty_config *cfg = &r->cfg;
    simty_record *rec = &r->rec;
    simty_stats *st = &rec->st;
    memset(r, 0, sizeof *r);
    simty_config_default(cfg);
    const char *model = str_col(&rf, "model");
    int k = SIMTY_MODEL_SCALAR;
    for (; k <= SIMTY_MODEL_CYCLE && strcmp(model, simty_model_name(k)); k++)
        ;
    if (k > SIMTY_MODEL_CYCLE)
        rf.bad = "model";
    cfg->model = k > SIMTY_MODEL_CYCLE ? SIMTY_MODEL_CYCLE : (simty_model_kind)k;
    cfg->cores = uint_col(&rf, "cores", 1, SIMTY_MAX_CORES);
    cfg->warps = uint_col(&rf, "warps", 1, SIMTY_MAX_WARPS);
    cfg->threads = uint_col(&rf, "threads", 1, SIMTY_MAX_LANES);
    cfg->paths = (simty_paths_kind)plugin_col(&rf, "paths", SIMTY_PLUGIN_PATHS);
    cfg->priority = (simty_priority_kind)plugin_col(&rf, "priority", SIMTY_PLUGIN_PRIORITY);
    cfg->steering = (simty_steering_kind)plugin_col(&rf, "steering", SIMTY_PLUGIN_STEERING);
    cfg->coalescer = (simty_coalescer_kind)plugin_col(&rf, "coalescer", SIMTY_PLUGIN_COALESCER);
    cfg->mem_latency = uint_col(&rf, "mem_latency", 0, SIMTY_MAX_MEM_LATENCY);
    copy_col(&rf, "memory", cfg->memory.preset, sizeof cfg->memory.preset);
    copy_col(&rf, "result", rec->outcome, sizeof rec->outcome);
    copy_col(&rf, "detail", rec->detail, sizeof rec->detail);
    rec->ok = (int)uint_col(&rf, "ok", 0, 1);
    rec->roi = (int)uint_col(&rf, "roi", 0, 1);
    st->cycles = u64_col(&rf, "cycles");
    st->warp_instructions = u64_col(&rf, "warp_instructions");
    st->thread_instructions = u64_col(&rf, "thread_instructions");
    st->squashed = u64_col(&rf, "squashed");
    st->barrier_slots = u64_col(&rf, "barrier_slots");
    st->barrier_thread_instructions = u64_col(&rf, "barrier_thread_instructions");
    st->max_paths = u64_col(&rf, "max_paths");
    st->replays_memory = u64_col(&rf, "replays_memory");
    st->replays_indirect = u64_col(&rf, "replays_indirect");
    rec->total_cycles = u64_col(&rf, "total_cycles");
    rec->total_thread_instructions = u64_col(&rf, "total_thread_instructions");
    char *end;
    const char *host = str_col(&rf, "host_seconds");
    rec->host_seconds = strtod(host, &end);
    if ((end == host || *end || !(rec->host_seconds >= 0)) && !rf.bad)
        rf.bad = "host_seconds";
    return rf.bad;
}

static int add_row(merge_state *m, const merge_row *r)
{
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 256;
        merge_row *p = realloc(m->rows, cap * sizeof *p);
        if (!p)
            return -1;
        m->rows = p, m->cap = cap;
    }
    m->rows[m->n++] = *r;
    return 0;
}

/* Checks one data row and keeps it.  Returns 0, or an exit status after
 * the error line. */
static int take_row(merge_state *m, unsigned file, const text_buf *b, char *scratch,
                    unsigned long line)
{
    char name[256], *fields[MAX_COLUMNS];
    const char *why = NULL;
    for (size_t i = 0; i < b->len && !why; i++)
        if (b->p[i] == '\n')
            why = "a quoted field over a line end";
        else if ((unsigned char)b->p[i] < 0x20 || b->p[i] == 0x7f)
            why = "a control character";
    int nf = why ? 0 : split_fields(b->p, b->len, scratch, fields);
    if (!why && nf < 0)
        why = "broken quoting";
    else if (!why && (unsigned)nf != m->ncols)
        why = "a wrong number of columns";
    uint64_t run = 0;
    char bad[64];
    if (!why && (parse_decimal(fields[column(m, "run")], &run) || run >= MAX_RUNS))
        why = "a run index that is not 0..99999 in decimal";
    const char *col = why ? NULL : row_to_run(m, fields, &m->probe);
    if (col) {
        snprintf(bad, sizeof bad, "column %s is not what simty bench writes", col);
        why = bad;
    }
    if (why)
        return merge_error(SIMTY_STATUS_LOAD,
                           "%s is not a simty bench CSV table (line %lu: %s)",
                           escaped(m->files[file], name, sizeof name), line, why);
    if (m->n == MAX_RUNS) /* memory stays bounded whatever the input */
        return merge_error(SIMTY_STATUS_USAGE, "more than %d rows in all: a grid has at most "
                           "%d runs (a table given twice?)", MAX_RUNS, MAX_RUNS);
    merge_row r = {.run = (unsigned long)run, .file = file, .ok = m->probe.rec.ok};
    r.text = malloc(b->len + 1);
    if (!r.text || add_row(m, &r)) {
        free(r.text);
        return merge_error(1, "out of host memory");
    }
    memcpy(r.text, b->p, b->len + 1);
    return 0;
}

/* Reads one table: its header must be simty_record_csv_header() exactly.
 * Returns 0, or an exit status after the error line. */
static int read_table(merge_state *m, unsigned file)
{
    char name[256];
    const char *path = escaped(m->files[file], name, sizeof name);
    char why[512];
    int fd = open_regular_file(m->files[file], path, why, sizeof why);
    if (fd < 0) /* a FIFO or a device would block or never end */
        return merge_error(SIMTY_STATUS_LOAD, "%s", why);
    FILE *f = fdopen(fd, "r");
    if (!f) {
        close(fd);
        return merge_error(SIMTY_STATUS_LOAD, "cannot read %s: %s", path, strerror(errno));
    }
    text_buf b = {0};
    char *scratch = malloc(ROW_LIMIT + 1);
    unsigned long lines = 0, line = 1;
    int got = scratch ? read_record(f, &b, &lines) : -2, rc = 0;
    size_t hlen = strlen(simty_record_csv_header()) - 1; /* without its '\n' */
    if (got == 0 || got == -1 ||
        (got == 1 && (b.len != hlen || memcmp(b.p, simty_record_csv_header(), hlen))))
        rc = merge_error(SIMTY_STATUS_LOAD, "%s is not a simty bench CSV table (its first "
                         "line is not the header simty bench -f csv writes)", path);
    while (!rc && got == 1) {
        line = lines + 1;
        got = read_record(f, &b, &lines);
        if (got == 1 && b.len == 0)
            continue; /* a blank line */
        if (got == 1)
            rc = take_row(m, file, &b, scratch, line);
        else if (got == -1)
            rc = merge_error(SIMTY_STATUS_LOAD, "%s is not a simty bench CSV table (line "
                             "%lu: a row over %d bytes)", path, line, ROW_LIMIT);
    }
    if (!rc && got == -2)
        rc = merge_error(SIMTY_STATUS_LOAD, "cannot read %s: %s", path, strerror(errno));
    fclose(f);
    free(b.p);
    free(scratch);
    return rc;
}

/* ---- the joined table ---- */

static int by_run(const void *a, const void *b)
{
    const merge_row *x = a, *y = b;
    if (x->run != y->run)
        return x->run < y->run ? -1 : 1;
    return x->file < y->file ? -1 : x->file > y->file;
}

/* Every run once, from 0 to the last (the tables do not record the grid's
 * size: runs missing after the last one present go unseen). */
static int check_runs(const merge_state *m)
{
    char a[256], b[256];
    for (size_t i = 1; i < m->n; i++) {
        const merge_row *x = &m->rows[i - 1], *y = &m->rows[i];
        if (x->run != y->run)
            continue;
        if (x->file == y->file)
            return merge_error(SIMTY_STATUS_USAGE, "run %lu appears twice in %s", x->run,
                               escaped(m->files[x->file], a, sizeof a));
        return merge_error(SIMTY_STATUS_USAGE, "run %lu appears in both %s and %s", x->run,
                           escaped(m->files[x->file], a, sizeof a),
                           escaped(m->files[y->file], b, sizeof b));
    }
    unsigned long missing = 0, next = 0;
    char list[SHOW_MISSING * 8 + 8] = "";
    for (size_t i = 0; i < m->n; next = m->rows[i++].run + 1)
        for (; next < m->rows[i].run; next++)
            if (missing++ < SHOW_MISSING)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%lu",
                         missing > 1 ? ", " : "", next);
    if (missing)
        return merge_error(SIMTY_STATUS_USAGE, "runs 0..%lu: %lu missing (%s%s): a shard "
                           "not given?", m->rows[m->n - 1].run, missing, list,
                           missing > SHOW_MISSING ? ", ..." : "");
    return 0;
}

/* The option columns of the Markdown table: those whose values vary. */
static void grid_of(const bench_run *runs, size_t n, bench_grid *g)
{
    memset(g, 0, sizeof *g);
    g->n_models = g->n_paths = g->n_priorities = g->n_steerings = g->n_coalescers =
        g->n_latencies = g->n_memories = 1;
    for (size_t i = 1; i < n; i++) {
        const simty_config *a = &runs[0].cfg, *b = &runs[i].cfg;
        g->n_models += g->n_models == 1 && a->model != b->model;
        g->n_paths += g->n_paths == 1 && a->paths != b->paths;
        g->n_priorities += g->n_priorities == 1 && a->priority != b->priority;
        g->n_steerings += g->n_steerings == 1 && a->steering != b->steering;
        g->n_coalescers += g->n_coalescers == 1 && a->coalescer != b->coalescer;
        g->n_latencies += g->n_latencies == 1 && a->mem_latency != b->mem_latency;
        g->n_memories += g->n_memories == 1 && strcmp(a->memory.preset, b->memory.preset);
    }
    g->limits_unknown = 1; /* the CSV does not record --max-cycles and --timeout */
}

static int write_markdown(const merge_state *m, FILE *f)
{
    bench_run *runs = calloc(m->n ? m->n : 1, sizeof *runs);
    char *scratch = malloc(ROW_LIMIT + 1), *fields[MAX_COLUMNS];
    int rc = runs && scratch ? 0 : merge_error(1, "out of host memory");
    for (size_t i = 0; !rc && i < m->n; i++) {
        const merge_row *row = &m->rows[i];
        split_fields(row->text, strlen(row->text), scratch, fields); /* checked on reading */
        row_to_run(m, fields, &runs[i]);
        runs[i].index = row->run;
        runs[i].name = strdup(fields[column(m, "workload")]);
        if (!runs[i].name)
            rc = merge_error(1, "out of host memory");
    }
    if (!rc) {
        bench_grid g;
        grid_of(runs, m->n, &g);
        print_markdown(f, &g, runs, (unsigned)m->n);
    }
    for (size_t i = 0; runs && i < m->n; i++)
        free((char *)runs[i].name);
    free(runs);
    free(scratch);
    return rc;
}

/* -o must not name one of the tables (the merged table would replace it). */
static int output_is_table(char *const *files, unsigned n, const char *output)
{
    struct stat o, st;
    char name[256];
    if (!output || stat(output, &o) != 0 || !S_ISREG(o.st_mode))
        return 0;
    for (unsigned i = 0; i < n; i++)
        if (stat(files[i], &st) == 0 && st.st_dev == o.st_dev && st.st_ino == o.st_ino)
            return usage_error("bench: -o %s is one of the --merge tables; the merged table "
                               "would replace it", escaped(output, name, sizeof name));
    return 0;
}

int bench_merge(char *const *files, unsigned n, const char *output, int csv, int quiet)
{
    merge_state *m = calloc(1, sizeof *m);
    if (!m)
        return merge_error(1, "out of host memory");
    m->files = files;
    snprintf(m->header_buf, sizeof m->header_buf, "%s", simty_record_csv_header());
    m->header_buf[strcspn(m->header_buf, "\n")] = 0;
    for (char *save = NULL, *c = strtok_r(m->header_buf, ",", &save);
         c && m->ncols < MAX_COLUMNS; c = strtok_r(NULL, ",", &save))
        m->names[m->ncols++] = c;
    int rc = output_is_table(files, n, output);
    for (unsigned i = 0; !rc && i < n; i++)
        rc = read_table(m, i);
    if (!rc) {
        if (m->n)
            qsort(m->rows, m->n, sizeof *m->rows, by_run);
        rc = check_runs(m);
    }
    atomic_file out = {0};
    if (!rc)
        rc = atomic_open(&out, "simty bench", output);
    if (!rc) {
        if (csv) {
            fputs(simty_record_csv_header(), out.f);
            for (size_t i = 0; i < m->n; i++)
                fprintf(out.f, "%s\n", m->rows[i].text);
        } else {
            rc = write_markdown(m, out.f);
        }
        rc = rc ? (atomic_abort(&out), rc) : atomic_commit(&out, "simty bench");
    }
    unsigned failed = 0;
    for (size_t i = 0; i < m->n; i++)
        failed += !m->rows[i].ok;
    if (!rc && !quiet)
        fprintf(stderr, "simty bench: merged %zu runs from %u tables, %u failed\n", m->n, n,
                failed);
    for (size_t i = 0; i < m->n; i++)
        free(m->rows[i].text);
    free(m->rows);
    free(m);
    return rc ? rc : failed ? 1 : 0;
}
