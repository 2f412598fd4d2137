/* Checkpoints (simty_save, simty_restore; docs/design.md "Checkpoints"):
 * the file's framing and the order of its parts.  Each part that owns
 * state writes and reads its own section next to its state (machine/
 * machine_save.c, warp/paths_save.c, memsys/memsys_save.c, the models'
 * model_ops.save and .load); this file writes the header and the
 * configuration, checks a file before anything of it is used, and builds
 * the machine a checkpoint is loaded into.
 *
 * File: magic "SIMTYCKP", format version (u32), section count (u32), build
 * identity (u64: a hash of the version string and of the layout of every
 * structure a part writes raw), the version string (16 bytes); then the
 * sections, each a tag (4 characters), 4 zero bytes, its length (u64), the
 * FNV-1a hash of its bytes (u64) and its bytes.  Little-endian, as the
 * host (the build checks it).  Every section is checked (bounds, checksum,
 * tag, once each) before the first is read; every count in a section is
 * checked against the machine and the section's bytes before anything is
 * allocated or copied. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine/machine_save.h"
#include "memsys/memsys.h"
#include "models/model.h"
#include "pipeline/cycle_save.h"
#include "sim/progress.h"
#include "sim/sim.h"
#include "util/ckpt.h"
#include "util/escape.h"
#include "util/file.h"
#include "warp/paths.h"

#define CK_MAGIC "SIMTYCKP"
#define CK_FORMAT 1u
#define CK_HEADER 40u /* magic, format, count, build, version[16] */
#define CK_SECTION_HEADER 24u
#define CK_MAX_SECTIONS 16u

/* The sections, in the order they are written and read */
enum { S_CONF, S_MACH, S_MEMY, S_CONS, S_SEMI, S_PATH, S_MODL, S_TIME, S_RUNS, S_COUNT };
static const char tags[S_COUNT][5] = {"CONF", "MACH", "MEMY", "CONS", "SEMI",
                                      "PATH", "MODL", "TIME", "RUNS"};

static uint64_t build_id(void)
{
    uint64_t h = ck_fnv(CK_FNV_START, SIMTY_VERSION, sizeof SIMTY_VERSION);
    const uint32_t f = CK_FORMAT;
    h = ck_fnv(h, &f, sizeof f);
    const size_t sizes[] = {sizeof(progress_watch), sizeof(simty_config)};
    h = ck_fnv(h, sizes, sizeof sizes);
    h = machine_save_layout(h);
    h = paths_save_layout(h);
    h = memsys_save_layout(h);
    return cycle_save_layout(h);
}

/* ---- saving ---- */

static void conf_save(const simty_sim *s, const uint8_t *elf, size_t elf_len, ck_writer *w)
{
    simty_config c = s->cfg;
    c.console = c.trace_commits = c.trace_kanata = NULL; /* pointers: never written */
    if (s->ram_auto)
        c.ram_size = 0; /* sized to the machine again at restore */
    ckw_bytes(w, &c, sizeof c);
    ckw_str(w, s->program_path);
    ckw_u64(w, elf_len);
    ckw_bytes(w, elf, elf_len);
}

static void runs_save(const simty_sim *s, ck_writer *w)
{
    ckw_bytes(w, &s->ctl->watch, sizeof s->ctl->watch);
    ckw_u32(w, s->ctl->time_check);
}

static void section_save(const simty_sim *s, unsigned k, ck_writer *w)
{
    switch (k) {
    case S_MACH: machine_save(s, w); break;
    case S_MEMY: memory_save(&s->mem, w); break;
    case S_CONS: console_save(&s->console, w); break;
    case S_SEMI: semihost_save(&s->semi, w); break;
    case S_PATH:
        ckw_u32(w, s->paths ? s->nwarps : 0);
        for (unsigned g = 0; s->paths && g < s->nwarps; g++)
            paths_save(&s->paths[g], w);
        break;
    case S_MODL:
        for (unsigned c = 0; c < s->ncores && s->model->save; c++)
            s->model->save(s, &s->core[c], w);
        break;
    case S_TIME:
        ckw_u8(w, s->timing != NULL);
        if (s->timing)
            memsys_save(s->timing, w);
        break;
    case S_RUNS: runs_save(s, w); break;
    }
}

static void header_save(ck_writer *w)
{
    char version[16] = {0};
    snprintf(version, sizeof version, "%s", SIMTY_VERSION);
    ckw_bytes(w, CK_MAGIC, 8);
    ckw_u32(w, CK_FORMAT);
    ckw_u32(w, S_COUNT);
    ckw_u64(w, build_id());
    ckw_bytes(w, version, sizeof version);
}

/* The sections after the header in w, each written in place: its length
 * and checksum filled in once its bytes are there */
static bool sections_save(const simty_sim *s, const uint8_t *elf, size_t elf_len, ck_writer *w)
{
    for (unsigned k = 0; k < S_COUNT && !w->oom; k++) {
        ckw_bytes(w, tags[k], 4);
        ckw_u32(w, 0);
        const size_t at = w->n; /* length and checksum */
        ckw_u64(w, 0);
        ckw_u64(w, 0);
        if (k == S_CONF)
            conf_save(s, elf, elf_len, w);
        else
            section_save(s, k, w);
        if (w->oom)
            break;
        const uint64_t len = w->n - at - 16, sum = ck_fnv(CK_FNV_START, w->buf + at + 16, len);
        memcpy(w->buf + at, &len, 8);
        memcpy(w->buf + at + 8, &sum, 8);
    }
    return !w->oom;
}

static int write_file(const char *path, const ck_writer *w, char *err, size_t errlen)
{
    char name[256];
    text_escape(name, sizeof name, path);
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "checkpoint %s: cannot create: %s", name, strerror(errno));
        return -1;
    }
    size_t n = fwrite(w->buf, 1, w->n, f);
    int bad = n != w->n || ferror(f);
    int e = errno;
    if (fclose(f) != 0 && !bad)
        bad = 1, e = errno;
    if (bad) {
        snprintf(err, errlen, "checkpoint %s: cannot be written: %s", name, strerror(e));
        return -1;
    }
    return 0;
}

int simty_save(simty_sim *s, const char *path, char *err, size_t errlen)
{
    if (!s->loaded || sim_stopped(s)) {
        snprintf(err, errlen, "checkpoint: %s", s->loaded ? "the run is over" : "no program loaded");
        return -1;
    }
    if (s->ctl->sample) {
        snprintf(err, errlen, "checkpoint: a sampled run (--sample) switches models; checkpoints "
                              "are of full runs");
        return -1;
    }
    if (!s->program_path) {
        snprintf(err, errlen, "checkpoint: the program was loaded from memory (simty_load_image): "
                              "a checkpoint holds the program's file");
        return -1;
    }
    for (unsigned c = 0; c < s->ncores; c++)
        if (s->core[c].fx.n || s->core[c].trap.pending) {
            snprintf(err, errlen, "checkpoint: not between quanta");
            return -1;
        }
    size_t elf_len;
    char name[256];
    text_escape(name, sizeof name, s->program_path);
    uint8_t *elf = read_regular_file(s->program_path, name, &elf_len, err, errlen);
    if (!elf)
        return -1;
    ck_writer w = {0};
    header_save(&w);
    bool ok = sections_save(s, elf, elf_len, &w);
    free(elf);
    int rc = -1;
    if (!ok)
        snprintf(err, errlen, "checkpoint: out of host memory");
    else
        rc = write_file(path, &w, err, errlen);
    ckw_free(&w);
    return rc;
}

/* ---- restoring ---- */

typedef struct ck_file {
    uint8_t *buf;
    size_t len;
    const uint8_t *sec[S_COUNT];
    size_t sec_len[S_COUNT];
} ck_file;

static uint32_t get_u32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* The header and the section table: every section inside the file, its
 * checksum right, each known tag once.  0 or -1 with the reason in err. */
static int check_file(ck_file *f, const char *name, char *err, size_t errlen)
{
    const uint8_t *b = f->buf;
    if (f->len < CK_HEADER || memcmp(b, CK_MAGIC, 8) != 0) {
        snprintf(err, errlen, "checkpoint %s: not a simty checkpoint", name);
        return -1;
    }
    uint32_t format = get_u32(b + 8), count = get_u32(b + 12);
    uint64_t id = get_u64(b + 16);
    char version[17];
    memcpy(version, b + 24, 16);
    version[16] = 0;
    for (unsigned i = 0; version[i]; i++)
        if (version[i] < ' ' || version[i] > '~')
            version[i] = '?';
    char ours[16] = {0};
    snprintf(ours, sizeof ours, "%s", SIMTY_VERSION);
    if (format != CK_FORMAT || id != build_id() || memcmp(b + 24, ours, 16) != 0) {
        snprintf(err, errlen, "checkpoint %s: written by another build of simty (simty %s, "
                 "format %u, build %016llx; this is simty %s, format %u, build %016llx)", name,
                 version, format, (unsigned long long)id, SIMTY_VERSION, CK_FORMAT,
                 (unsigned long long)build_id());
        return -1;
    }
    if (count > CK_MAX_SECTIONS) {
        snprintf(err, errlen, "checkpoint %s: corrupt (%u sections)", name, count);
        return -1;
    }
    size_t pos = CK_HEADER;
    for (unsigned i = 0; i < count; i++) {
        if (f->len - pos < CK_SECTION_HEADER) {
            snprintf(err, errlen, "checkpoint %s: truncated (section %u of %u)", name, i + 1, count);
            return -1;
        }
        const uint8_t *h = b + pos;
        uint64_t len = get_u64(h + 8), sum = get_u64(h + 16);
        pos += CK_SECTION_HEADER;
        if (len > f->len - pos) {
            snprintf(err, errlen, "checkpoint %s: truncated (section %.4s wants %llu bytes, "
                     "%zu left)", name, (const char *)h, (unsigned long long)len, f->len - pos);
            return -1;
        }
        unsigned k = 0;
        while (k < S_COUNT && memcmp(h, tags[k], 4) != 0)
            k++;
        if (k == S_COUNT || f->sec[k] || get_u32(h + 4) != 0) {
            snprintf(err, errlen, "checkpoint %s: corrupt (unknown or repeated section %u)", name,
                     i + 1);
            return -1;
        }
        if (ck_fnv(CK_FNV_START, b + pos, len) != sum) {
            snprintf(err, errlen, "checkpoint %s: corrupt (checksum of section %s)", name,
                     tags[k]);
            return -1;
        }
        f->sec[k] = b + pos;
        f->sec_len[k] = len;
        pos += len;
    }
    if (pos != f->len) {
        snprintf(err, errlen, "checkpoint %s: corrupt (%zu bytes after the last section)", name,
                 f->len - pos);
        return -1;
    }
    for (unsigned k = 0; k < S_COUNT; k++)
        if (!f->sec[k]) {
            snprintf(err, errlen, "checkpoint %s: corrupt (no section %s)", name, tags[k]);
            return -1;
        }
    return 0;
}

/* The run-time settings a restore takes from the caller: outputs, traces,
 * limits, host threads (none changes what the machine does) */
static void take_run_settings(simty_config *c, const simty_config *run)
{
    c->console = run->console;
    c->trace_commits = run->trace_commits;
    c->trace_kanata = run->trace_kanata;
    c->trace_from = run->trace_from;
    c->trace_to = run->trace_to;
    c->trace_roi = run->trace_roi;
    c->max_cycles = run->max_cycles;
    c->max_seconds = run->max_seconds;
    c->host_threads = run->host_threads;
    c->host_threads_min = run->host_threads_min;
}

/* The machine of the CONF section, its program loaded; NULL with err */
static simty_sim *conf_load(const ck_file *f, const simty_config *run, const char *name,
                            char *err, size_t errlen)
{
    ck_reader r;
    ckr_init(&r, f->sec[S_CONF], f->sec_len[S_CONF], "CONF");
    simty_config c;
    ckr_bytes(&r, &c, sizeof c);
    c.memory.preset[sizeof c.memory.preset - 1] = 0;
    char *path;
    ckr_str(&r, 4096, &path);
    uint64_t elf_len = ckr_count(&r, MAX_READ_FILE, 1, "program bytes");
    const uint8_t *elf = f->sec[S_CONF] + r.pos;
    r.pos += r.bad ? 0 : elf_len;
    ckr_done(&r);
    if (!r.bad && !path)
        ckr_fail(&r, "no program path");
    take_run_settings(&c, run);
    char why[400];
    if (!r.bad && simty_config_check(&c, why, sizeof why))
        ckr_fail(&r, "bad configuration: %s", why);
    if (!r.bad && c.trace_kanata)
        ckr_fail(&r, "a restore cannot write a Kanata trace (--trace-kanata): the log's "
                     "records in flight are not in a checkpoint");
    if (r.bad) {
        snprintf(err, errlen, "checkpoint %s: %s", name, r.err);
        free(path);
        return NULL;
    }
    simty_sim *s = simty_create(&c, why, sizeof why);
    if (!s || simty_load_image(s, elf, elf_len, why, sizeof why)) {
        snprintf(err, errlen, "checkpoint %s: %s", name, why);
        simty_destroy(s);
        free(path);
        return NULL;
    }
    s->program_path = path;
    return s;
}

static bool runs_load(simty_sim *s, ck_reader *r)
{
    progress_watch w;
    ckr_bytes(r, &w, sizeof w);
    if (!ck_bool_ok(&w.armed) || w.interval != s->ctl->watch.interval)
        ckr_fail(r, "bad deadlock watch");
    unsigned t = ckr_u32(r);
    if (!ckr_done(r))
        return false;
    s->ctl->watch = w;
    s->ctl->time_check = t;
    sim_checks_due(s);
    return true;
}

static bool section_load(simty_sim *s, unsigned k, ck_reader *r)
{
    switch (k) {
    case S_MACH: return machine_load(s, r);
    case S_MEMY:
        if (!memory_load(&s->mem, r))
            return false;
        s->ram = s->mem.region[0].data; /* (a new buffer) */
        return true;
    case S_CONS: return console_load(&s->console, r) && ckr_done(r);
    case S_SEMI: return semihost_load(&s->semi, r);
    case S_PATH:
        if (!ckr_expect(r, ckr_u32(r), s->paths ? s->nwarps : 0, "the number of path tables"))
            return false;
        for (unsigned g = 0; s->paths && g < s->nwarps; g++)
            if (!paths_load(&s->paths[g], r))
                return false;
        return ckr_done(r);
    case S_MODL:
        for (unsigned c = 0; c < s->ncores && s->model->load; c++)
            if (!s->model->load(s, &s->core[c], r))
                return false;
        return ckr_done(r);
    case S_TIME:
        if (!ckr_expect(r, ckr_bool(r), s->timing != NULL, "the memory timing"))
            return false;
        return s->timing ? memsys_load(s->timing, r) : ckr_done(r);
    case S_RUNS: return runs_load(s, r);
    }
    return false;
}

simty_sim *simty_restore(const char *path, const simty_config *run, char *err, size_t errlen)
{
    char name[256];
    text_escape(name, sizeof name, path);
    simty_config def;
    if (!run) {
        simty_config_default(&def);
        run = &def;
    }
    ck_file f = {0};
    char why[400];
    if (!(f.buf = read_regular_file(path, name, &f.len, why, sizeof why))) {
        snprintf(err, errlen, "checkpoint: %s", why);
        return NULL;
    }
    simty_sim *s = NULL;
    if (check_file(&f, name, err, errlen) || !(s = conf_load(&f, run, name, err, errlen))) {
        free(f.buf);
        return NULL;
    }
    for (unsigned k = S_CONF + 1; k < S_COUNT; k++) {
        ck_reader r;
        ckr_init(&r, f.sec[k], f.sec_len[k], tags[k]);
        if (!section_load(s, k, &r)) {
            if (!r.bad)
                ckr_fail(&r, "inconsistent");
            snprintf(err, errlen, "checkpoint %s: %s", name, r.err);
            simty_destroy(s);
            free(f.buf);
            return NULL;
        }
    }
    free(f.buf);
    return s;
}
