/* Checkpoints of the machine's state (machine/machine_save.h): arrays of
 * plain values are written as they are (their layout is part of the build
 * identity: machine_save_layout), and what holds a pointer field by field,
 * the pointers rebuilt by the machine the checkpoint is loaded into. */
#define _GNU_SOURCE /* O_CLOEXEC, readlink of /proc/self/fd */
#include "machine/machine_save.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/escape.h"

#define PAGE 4096u

/* One array of n elements of `size` bytes: its length, then its bytes */
static void save_array(ck_writer *w, const void *p, size_t n, size_t size)
{
    ckw_u64(w, n);
    ckw_bytes(w, p, n * size);
}

static bool load_array(ck_reader *r, void *p, size_t n, size_t size, const char *what)
{
    if (!ckr_expect(r, ckr_u64(r), n, what))
        return false;
    return ckr_bytes(r, p, n * size);
}

uint64_t machine_save_layout(uint64_t h)
{
    const size_t sizes[] = {sizeof(hart_csr), sizeof(struct warp_retire),
                            sizeof(struct last_jump), sizeof(reservation), sizeof(sync_unit),
                            sizeof(simty_stats), sizeof(simty_result), sizeof(pending_trap),
                            sizeof(simty_config), RESV_SLOT_BITS, SEMIHOST_MAX_FILES};
    return ck_fnv(h, sizes, sizeof sizes);
}

/* ---- the threads and the cores ---- */

static void core_save(const sim_core *c, ck_writer *w)
{
    ckw_u32(w, c->irq_armed);
    ckw_u32(w, c->fs_clean);
    ckw_bytes(w, &c->trap, sizeof c->trap);
    ckw_bytes(w, &c->stats, sizeof c->stats);
    ckw_bytes(w, &c->roi_start, sizeof c->roi_start);
    ckw_bytes(w, &c->roi_stats, sizeof c->roi_stats);
    ckw_u64(w, c->max_paths_before_roi);
    ckw_u64(w, c->max_starvation_before_roi);
}

static void core_load(sim_core *c, ck_reader *r)
{
    c->irq_armed = ckr_u32(r);
    c->fs_clean = ckr_u32(r);
    ckr_bytes(r, &c->trap, sizeof c->trap);
    if (!ck_bool_ok(&c->trap.pending) || c->trap.pending) /* (none between quanta) */
        ckr_fail(r, "bad pending trap");
    ckr_bytes(r, &c->stats, sizeof c->stats);
    ckr_bytes(r, &c->roi_start, sizeof c->roi_start);
    ckr_bytes(r, &c->roi_stats, sizeof c->roi_stats);
    c->max_paths_before_roi = ckr_u64(r);
    c->max_starvation_before_roi = ckr_u64(r);
}

void machine_save(const simty_sim *s, ck_writer *w)
{
    const size_t regs = (size_t)s->nwarps * 32 * s->T, n = s->nharts;
    ckw_u32(w, s->ncores);
    ckw_u32(w, s->nwarps);
    ckw_u32(w, s->T);
    ckw_u64(w, s->cycle);
    ckw_u64(w, s->timer_next);
    ckw_u64(w, s->quantum_end);
    ckw_u8(w, s->fp_used);
    ckw_u8(w, s->irq_seen);
    ckw_u8(w, s->mem_changed);
    ckw_u8(w, s->counter_read);
    ckw_u32(w, s->running);
    ckw_u32(w, s->resv_live);
    ckw_u32(w, (uint32_t)s->roi_state);
    ckw_bytes(w, &s->sync, sizeof s->sync);
    save_array(w, s->x, regs, sizeof *s->x);
    save_array(w, s->f, regs, sizeof *s->f);
    save_array(w, s->frm, n, 1);
    save_array(w, s->fflags, n, 1);
    save_array(w, s->pc, n, sizeof *s->pc);
    save_array(w, s->instret, n, sizeof *s->instret);
    save_array(w, s->retire, s->nwarps, sizeof *s->retire);
    save_array(w, s->csr, n, sizeof *s->csr);
    save_array(w, s->jump, n, sizeof *s->jump);
    save_array(w, s->resv, n, sizeof *s->resv);
    save_array(w, s->resv_slot, 1u << RESV_SLOT_BITS, sizeof *s->resv_slot);
    save_array(w, s->status, n, 1);
    save_array(w, s->exit_code, n, sizeof *s->exit_code);
    for (unsigned c = 0; c < s->ncores; c++)
        core_save(&s->core[c], w);
    ckw_bytes(w, &s->stats, sizeof s->stats);
    ckw_bytes(w, &s->roi_stats, sizeof s->roi_stats);
    ckw_bytes(w, &s->result, sizeof s->result);
}

/* Values that index arrays or count threads: in range for this machine */
static bool machine_check(simty_sim *s, ck_reader *r)
{
    unsigned running = 0;
    for (unsigned h = 0; h < s->nharts; h++) {
        if (s->status[h] > HART_PARKED)
            ckr_fail(r, "bad state of thread %u", h);
        running += s->status[h] == HART_RUNNING;
        if (!ck_bool_ok(&s->resv[h].valid) || s->resv[h].next > s->nharts || s->resv[h].prev > s->nharts)
            ckr_fail(r, "bad reservation of thread %u", h);
    }
    for (unsigned i = 0; i < 1u << RESV_SLOT_BITS; i++)
        if (s->resv_slot[i] > s->nharts)
            ckr_fail(r, "bad reservation list");
    if (running != s->running || s->roi_state > ROI_CLOSED || s->result.reason != SIMTY_EXIT_NONE)
        ckr_fail(r, "inconsistent machine state");
    return !r->bad;
}

bool machine_load(simty_sim *s, ck_reader *r)
{
    const size_t regs = (size_t)s->nwarps * 32 * s->T, n = s->nharts;
    if (!ckr_expect(r, ckr_u32(r), s->ncores, "the number of cores") ||
        !ckr_expect(r, ckr_u32(r), s->nwarps, "the number of warps") ||
        !ckr_expect(r, ckr_u32(r), s->T, "the number of threads per warp"))
        return false;
    s->cycle = ckr_u64(r);
    s->timer_next = ckr_u64(r);
    s->quantum_end = ckr_u64(r);
    s->fp_used = ckr_bool(r);
    s->irq_seen = ckr_bool(r);
    s->mem_changed = ckr_bool(r);
    s->counter_read = ckr_bool(r);
    s->running = ckr_u32(r);
    s->resv_live = ckr_u32(r);
    uint32_t roi = ckr_u32(r);
    s->roi_state = roi == ROI_OPEN ? ROI_OPEN : roi == ROI_CLOSED ? ROI_CLOSED : ROI_NONE;
    if (roi > ROI_CLOSED)
        ckr_fail(r, "bad region of interest state");
    sync_unit u;
    ckr_bytes(r, &u, sizeof u);
    if (!ck_bool_ok(&u.release) || !ck_bool_ok(&u.release_machine))
        ckr_fail(r, "bad barrier unit state");
    s->sync = u;
    load_array(r, s->x, regs, sizeof *s->x, "the register file");
    load_array(r, s->f, regs, sizeof *s->f, "the FP register file");
    load_array(r, s->frm, n, 1, "frm");
    load_array(r, s->fflags, n, 1, "fflags");
    load_array(r, s->pc, n, sizeof *s->pc, "the PCs");
    load_array(r, s->instret, n, sizeof *s->instret, "instret");
    load_array(r, s->retire, s->nwarps, sizeof *s->retire, "the retire counts");
    load_array(r, s->csr, n, sizeof *s->csr, "the CSRs");
    load_array(r, s->jump, n, sizeof *s->jump, "the last jumps");
    /* (a byte that is not a valid bool: machine_check, before any use) */
    load_array(r, s->resv, n, sizeof *s->resv, "the reservations");
    load_array(r, s->resv_slot, 1u << RESV_SLOT_BITS, sizeof *s->resv_slot, "the reservation lists");
    load_array(r, s->status, n, 1, "the thread states");
    load_array(r, s->exit_code, n, sizeof *s->exit_code, "the exit codes");
    for (unsigned c = 0; c < s->ncores; c++)
        core_load(&s->core[c], r);
    ckr_bytes(r, &s->stats, sizeof s->stats);
    ckr_bytes(r, &s->roi_stats, sizeof s->roi_stats);
    ckr_bytes(r, &s->result, sizeof s->result);
    s->result.message[sizeof s->result.message - 1] = 0;
    return ckr_done(r) && machine_check(s, r);
}

/* ---- guest memory ---- */

/* (by words: a page is read whole only when it is zero) */
static bool page_zero(const uint8_t *p, size_t n)
{
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        uint64_t w[4];
        memcpy(w, p + i, sizeof w);
        if (w[0] | w[1] | w[2] | w[3])
            return false;
    }
    for (; i < n; i++)
        if (p[i])
            return false;
    return true;
}

static uint64_t page_len(const mem_region *g, uint64_t k)
{
    return g->size - k * PAGE < PAGE ? g->size - k * PAGE : PAGE;
}

void memory_save(const memory_t *m, ck_writer *w)
{
    ckw_u32(w, m->nregions);
    for (unsigned i = 0; i < m->nregions; i++) {
        const mem_region *g = &m->region[i];
        ckw_u32(w, g->base);
        ckw_u64(w, g->size);
        uint64_t pages = (g->size + PAGE - 1) / PAGE, nonzero = 0;
        size_t at = w->n; /* the count, known at the end */
        ckw_u64(w, 0);
        for (uint64_t k = 0; k < pages; k++)
            if (!page_zero(g->data + k * PAGE, page_len(g, k))) {
                ckw_u64(w, k);
                ckw_bytes(w, g->data + k * PAGE, page_len(g, k));
                nonzero++;
            }
        if (!w->oom)
            memcpy(w->buf + at, &nonzero, sizeof nonzero);
    }
}

/* A region's bytes are replaced by a fresh zeroed buffer (the host maps
 * its pages lazily: the pages the checkpoint does not list are never
 * touched), then the listed pages are copied in. */
bool memory_load(memory_t *m, ck_reader *r)
{
    if (!ckr_expect(r, ckr_u32(r), m->nregions, "the number of memory regions"))
        return false;
    for (unsigned i = 0; i < m->nregions; i++) {
        mem_region *g = &m->region[i];
        if (!ckr_expect(r, ckr_u32(r), g->base, "a memory region's base") ||
            !ckr_expect(r, ckr_u64(r), g->size, "a memory region's size"))
            return false;
        uint64_t pages = (g->size + PAGE - 1) / PAGE;
        uint64_t nonzero = ckr_count(r, pages, 8, "memory pages");
        if (r->bad)
            return false;
        uint8_t *fresh = calloc(1, (size_t)g->size);
        if (!fresh) {
            ckr_fail(r, "out of host memory");
            return false;
        }
        free(g->data);
        g->data = fresh;
        uint64_t next = 0; /* pages below it are done */
        for (uint64_t j = 0; j < nonzero; j++) {
            uint64_t k = ckr_u64(r);
            if (r->bad || k < next || k >= pages) {
                ckr_fail(r, "bad memory page number");
                return false;
            }
            if (!ckr_bytes(r, g->data + k * PAGE, page_len(g, k)))
                return false;
            next = k + 1;
        }
    }
    return ckr_done(r);
}

/* ---- the console ---- */

#define CONSOLE_LINE_MAX 65536u /* console.c's CONSOLE_MAX_LINE */

void console_save(const console_t *c, ck_writer *w)
{
    ckw_u32(w, c->nharts);
    ckw_u32(w, (uint32_t)c->err);
    for (unsigned h = 0; h < c->nharts; h++) {
        ckw_u32(w, c->line[h].len);
        ckw_bytes(w, c->line[h].buf, c->line[h].len);
    }
}

bool console_load(console_t *c, ck_reader *r)
{
    if (!ckr_expect(r, ckr_u32(r), c->nharts, "the console's threads"))
        return false;
    c->err = (int)ckr_u32(r);
    for (unsigned h = 0; h < c->nharts && !r->bad; h++) {
        struct console_line *l = &c->line[h];
        uint32_t len = ckr_u32(r);
        if (r->bad || len > CONSOLE_LINE_MAX || len > r->n - r->pos) {
            ckr_fail(r, "bad console line length");
            return false;
        }
        if (len > l->cap) {
            uint32_t cap = 128;
            while (cap < len)
                cap *= 2;
            char *nb = realloc(l->buf, cap);
            if (!nb) {
                ckr_fail(r, "out of host memory");
                return false;
            }
            l->buf = nb;
            l->cap = cap;
        }
        ckr_bytes(r, l->buf, len);
        l->len = len;
    }
    return !r->bad;
}

/* ---- semihosting ---- */

void semihost_save(const semihost *h, ck_writer *w)
{
    ckw_str(w, h->root);
    ckw_str(w, h->cmdline);
    ckw_u8(w, h->no_files);
    save_array(w, h->err, h->nharts, sizeof *h->err);
    console_save(&h->errc, w);
    for (unsigned i = 0; i < SEMIHOST_MAX_FILES; i++) {
        const struct semihost_file *f = &h->files[i];
        ckw_u8(w, f->kind);
        ckw_u32(w, f->pos);
        if (f->kind != SH_HOST)
            continue;
        char link[64], path[4096];
        snprintf(link, sizeof link, "/proc/self/fd/%d", f->fd);
        ssize_t n = readlink(link, path, sizeof path - 1);
        path[n > 0 ? n : 0] = 0;
        int fl = fcntl(f->fd, F_GETFL);
        off_t off = lseek(f->fd, 0, SEEK_CUR);
        ckw_str(w, path);
        ckw_u32(w, fl < 0 ? 0 : (uint32_t)(fl & (O_ACCMODE | O_APPEND)));
        ckw_u64(w, off < 0 ? 0 : (uint64_t)off);
    }
}

/* Is path (absolute) under the guest's root (--fs-root, else the current
 * directory)?  A restore reopens nothing else: a checkpoint cannot hand
 * the guest a file its sandbox would have refused. */
static bool under_root(const semihost *h, const char *path)
{
    char *root = realpath(h->root ? h->root : ".", NULL);
    if (!root)
        return false;
    size_t n = strlen(root);
    bool in = strncmp(path, root, n) == 0 && (path[n] == '/' || (n == 1 && root[0] == '/'));
    free(root);
    return in;
}

/* Reopens a guest's host file where it was */
static bool reopen(const semihost *h, struct semihost_file *f, ck_reader *r)
{
    char *path;
    if (!ckr_str(r, 4095, &path))
        return false;
    uint32_t fl = ckr_u32(r);
    uint64_t off = ckr_u64(r);
    if (r->bad || !path || !*path || (fl & ~(uint32_t)(O_ACCMODE | O_APPEND)) ||
        off > INT64_MAX || path[0] != '/') {
        free(path);
        ckr_fail(r, "bad open file");
        return false;
    }
    char name[256];
    text_escape(name, sizeof name, path);
    if (!under_root(h, path)) {
        ckr_fail(r, "the guest's open file %s is not under its root", name);
        free(path);
        return false;
    }
    int fd = open(path, (int)fl | O_CLOEXEC | O_NOCTTY);
    if (fd < 0 || lseek(fd, (off_t)off, SEEK_SET) < 0) {
        ckr_fail(r, "the guest's open file %s cannot be reopened: %s", name, strerror(errno));
        if (fd >= 0)
            close(fd);
        free(path);
        return false;
    }
    free(path);
    f->fd = fd;
    f->kind = SH_HOST;
    return true;
}

bool semihost_load(semihost *h, ck_reader *r)
{
    char *root, *cmdline;
    ckr_str(r, 1u << 20, &root);
    ckr_str(r, 1u << 20, &cmdline);
    free(h->root);
    free(h->cmdline);
    h->root = root;
    h->cmdline = cmdline;
    h->no_files = ckr_bool(r);
    load_array(r, h->err, h->nharts, sizeof *h->err, "the semihosting errnos");
    if (!console_load(&h->errc, r))
        return false;
    for (unsigned i = 0; i < SEMIHOST_MAX_FILES && !r->bad; i++) {
        struct semihost_file *f = &h->files[i];
        uint8_t kind = ckr_u8(r);
        uint32_t pos = ckr_u32(r);
        if (kind >= SH_KINDS) {
            ckr_fail(r, "bad file kind");
            break;
        }
        if (kind == SH_HOST && !reopen(h, f, r))
            break;
        f->kind = kind;
        f->pos = pos;
    }
    return ckr_done(r);
}
