/* The simulator instance and the machine state every model shares:
 * memory and devices (through the bus), per-thread architectural state,
 * the decode cache, statistics and the end-of-program bookkeeping.
 *
 * Register files are structure-of-arrays: register r of lane l of global
 * warp g lives at x[(g*32 + r)*T + l], so the lanes of one register are
 * contiguous and lane loops vectorise. */
#ifndef SIMTY_SIM_H
#define SIMTY_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "devices/devices.h"
#include "isa/insn.h"
#include "loader/elf.h"
#include "memory/memory.h"
#include "simty.h"
#include "sync/sync.h"

enum hart_status { HART_RUNNING, HART_EXITED, HART_PARKED };

/* Guest memory access outcome */
enum mem_status { MEM_OK, MEM_MISALIGNED, MEM_UNMAPPED, MEM_BAD_DEVICE };

#define DCACHE_SIZE 8192u /* decoded instructions, direct-mapped by PC */

typedef struct decode_cache {
    uint32_t tag[DCACHE_SIZE]; /* PC, or 1 (never a valid PC) when empty */
    insn_t insn[DCACHE_SIZE];
} decode_cache;

typedef struct reservation {
    uint32_t addr, value; /* LR/SC, value-checked like QEMU */
    bool valid;
} reservation;

struct model_ops;

struct simty_sim {
    simty_config cfg;
    unsigned W, T;       /* warps per core, threads per warp */
    unsigned nwarps;     /* cores * W */
    unsigned nharts;     /* cores * W * T */

    memory_t mem;
    uint8_t *ram;        /* main RAM fast path (region 0) */
    uint32_t ram_base;
    uint64_t ram_size;
    console_t console;
    elf_image elf;
    bool loaded;
    uint32_t tohost;     /* address of the tohost word, if has_tohost */
    bool has_tohost;

    /* per-thread architectural state */
    uint32_t *x;         /* register file, see above */
    uint32_t *pc;        /* per-hart PC (the SIMT model keeps PCs in its paths) */
    uint64_t *instret;   /* per hart; plus warp_instret[warp], see sim_instret() */
    uint64_t *warp_instret; /* instructions retired by all T lanes of a warp at once */
    uint32_t *mscratch;
    reservation *resv;
    uint8_t *status;     /* enum hart_status */
    int32_t *exit_code;
    unsigned running;    /* harts with HART_RUNNING */

    decode_cache *dcache;

    uint64_t cycle;      /* the mcycle CSR and the cycle count of the run */
    uint64_t cycle_limit; /* --max-cycles, or UINT64_MAX */
    bool mem_changed;    /* a store changed memory or a device (deadlock detection) */
    sync_unit sync;      /* barrier unit and waiting paths (sync/sync.h) */
    bool counter_read;   /* a thread read a time-varying CSR (deadlock detection) */

    simty_stats stats;
    /* region of interest (CSR simty_roi): stats at its start; at its end
     * roi_stats holds the difference (stats/roi.c) */
    enum { ROI_NONE, ROI_OPEN, ROI_CLOSED } roi_state;
    simty_stats roi_start, roi_stats;
    uint64_t max_paths_before_roi, max_starvation_before_roi;
    simty_result result;
    char bus_error[160]; /* why the last store returned MEM_BAD_DEVICE */

    const struct model_ops *model;
    void *model_state;
};

static inline uint32_t *warp_regs(simty_sim *s, unsigned gwarp)
{
    return s->x + (size_t)gwarp * 32 * s->T;
}

/* minstret of a hart.  Instructions retired by a whole warp are counted
 * once per warp, not once per lane: uniform code pays one add. */
static inline uint64_t sim_instret(const simty_sim *s, unsigned hart)
{
    return s->instret[hart] + s->warp_instret[hart / s->T];
}

static inline bool sim_stopped(const simty_sim *s) { return s->result.reason != SIMTY_EXIT_NONE; }

/* Ends the run; the first reason wins. */
void sim_stop(simty_sim *s, simty_exit_reason why, int code);

/* Reports a guest fault of hart `hart` at pc and ends the run. */
void sim_fault(simty_sim *s, unsigned hart, uint32_t pc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A write to the simty_roi CSR: open (the first time) or close the region
 * of interest.  sim_roi_finish() closes an open one at the end of a run. */
void sim_roi_mark(simty_sim *s, bool open);
void sim_roi_finish(simty_sim *s);

/* Thread end (ecall exit or self-loop) bookkeeping. */
void sim_thread_exit(simty_sim *s, unsigned hart, int32_t code);
void sim_thread_park(simty_sim *s, unsigned hart);

/* ---- instruction fetch ---- */

const insn_t *sim_fetch_slow(simty_sim *s, unsigned hart, uint32_t pc);

/* Decoded instruction at pc, or NULL if pc is misaligned or unmapped; never
 * faults (speculative fetch: a wrong-path fetch must have no effect). */
const insn_t *sim_peek(simty_sim *s, uint32_t pc);

/* Decoded instruction at pc, or NULL after reporting a fetch fault. */
static inline const insn_t *sim_fetch(simty_sim *s, unsigned hart, uint32_t pc)
{
    unsigned i = (pc >> 2) & (DCACHE_SIZE - 1);
    if (s->dcache->tag[i] == pc)
        return &s->dcache->insn[i];
    return sim_fetch_slow(s, hart, pc);
}

void sim_flush_decode_cache(simty_sim *s);

/* ---- data bus ---- */

int bus_load_slow(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v);
int bus_store_slow(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v);

static inline uint32_t load_le(const uint8_t *p, unsigned size)
{
    if (size == 4) {
        uint32_t v;
        memcpy(&v, p, 4); /* hosts are little-endian (checked at build time) */
        return v;
    }
    return size == 2 ? (uint32_t)(p[0] | p[1] << 8) : p[0];
}

static inline void store_le(uint8_t *p, unsigned size, uint32_t v)
{
    if (size == 4)
        memcpy(p, &v, 4);
    else if (size == 2) {
        p[0] = (uint8_t)v;
        p[1] = (uint8_t)(v >> 8);
    } else
        p[0] = (uint8_t)v;
}

/* Does the word at word-aligned address `word` hold tohost?  Stores there
 * must go through bus_store_slow, which ends the program. */
static inline bool is_tohost_word(const simty_sim *s, uint32_t word)
{
    return s->has_tohost && word == (s->tohost & ~3u);
}

/* Stores into host memory p, noting whether memory changed (deadlock
 * detection). */
static inline void ram_store(simty_sim *s, uint8_t *p, unsigned size, uint32_t v)
{
    uint32_t mask = size == 4 ? ~0u : (1u << (size * 8)) - 1;
    if (load_le(p, size) != (v & mask)) {
        s->mem_changed = true;
        s->sync.store_epoch++;
    }
    store_le(p, size, v);
}

/* Loads size (1, 2, 4) bytes; zero-extended.  Returns enum mem_status. */
static inline int bus_load(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v)
{
    uint64_t off = (uint64_t)(addr - s->ram_base);
    if (addr >= s->ram_base && off + size <= s->ram_size && !(addr & (size - 1))) {
        *v = load_le(s->ram + off, size);
        return MEM_OK;
    }
    return bus_load_slow(s, hart, addr, size, v);
}

static inline int bus_store(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    uint64_t off = (uint64_t)(addr - s->ram_base);
    if (addr >= s->ram_base && off + size <= s->ram_size && !(addr & (size - 1)) &&
        !is_tohost_word(s, addr & ~3u)) {
        ram_store(s, s->ram + off, size, v);
        return MEM_OK;
    }
    return bus_store_slow(s, hart, addr, size, v);
}

/* Disassembles the instruction at pc with symbols, for messages. */
void sim_disasm(const simty_sim *s, uint32_t pc, char *buf, size_t n);
int sim_symbolize(const simty_sim *s, uint32_t addr, char *buf, size_t n);

#endif
