/* The machine and its cores: the bottom layer's state (docs/design.md,
 * "Layers").
 *
 * The machine (struct simty_sim) owns guest memory and devices (through the
 * bus), the program, per-thread architectural state, the decode cache, the
 * barrier unit, the executor's port and the end-of-program bookkeeping;
 * the layers above hang their own state on it through the pointers at its
 * end (the model's, the memory timing's, the Kanata log's, the run loop's:
 * sim/sim.h).  It holds N cores (sim_core): core c owns warps
 * c*W .. c*W+W-1 (harts c*W*T ..), their path tables, the model's per-core
 * state and its statistics.  The model (models/model.h) advances one core
 * by one tick; the run loop advances every core, in core order, each cycle.
 *
 * Register files are structure-of-arrays: register r of lane l of global
 * warp g lives at x[(g*32 + r)*T + l], so the lanes of one register are
 * contiguous and lane loops vectorise. */
#ifndef SIMTY_MACHINE_MACHINE_H
#define SIMTY_MACHINE_MACHINE_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isa/insn.h"
#include "loader/cfg.h"
#include "loader/dwarf_line.h"
#include "loader/elf.h"
#include "machine/barrier.h"
#include "machine/device.h"
#include "machine/devices.h"
#include "machine/effect_log.h"
#include "machine/mmode.h"
#include "machine/port.h"
#include "machine/semihost.h"
#include "machine/stacks.h"
#include "memory/memory.h"
#include "simty.h"

enum hart_status { HART_RUNNING, HART_EXITED, HART_PARKED };

/* Guest memory access outcome */
enum mem_status { MEM_OK, MEM_MISALIGNED, MEM_UNMAPPED, MEM_BAD_DEVICE };

#define DECODE_CACHE_SLOTS 16384u /* decoded instructions, direct-mapped by PC: 32 KiB of code */

/* The decode cache slot of pc: PCs are 2-byte granular (C extension) */
static inline unsigned decode_slot(uint32_t pc)
{
    return (pc >> 1) & (DECODE_CACHE_SLOTS - 1);
}

typedef struct decode_cache {
    uint32_t tag[DECODE_CACHE_SLOTS]; /* PC, or 1 (never a valid PC) when empty */
    insn_t insn[DECODE_CACHE_SLOTS];
} decode_cache;

/* LR/SC reservations are by address (docs/platform.md, "Synchronisation"):
 * the reservation set is the reserved word (a 4-byte granule, where it is
 * stored), and a store, AMO or successful SC of any other hart, or a
 * debugger write, to any byte of it clears the reservation, whatever value it
 * writes.  The valid reservations are kept in lists by granule hash
 * (resv_slot), so a store looks up one slot, and only when some reservation
 * is valid at all (resv_live). */
#define RESV_SLOT_BITS 12
#define RESV_NOBODY (~0u) /* the writer of a debugger write: no hart */

typedef struct reservation {
    uint32_t addr;        /* the reserved word (stored address, 4-aligned) */
    bool valid;
    uint32_t next, prev;  /* harts + 1 in its slot's list (0: none) */
} reservation;

struct model_ops;
struct path_table;
struct paths_ops;
struct coalescer_ops;
struct kanata;
struct memsys;
struct sim_control;




/* One Simty core. */
typedef struct sim_core {
    unsigned id;
    unsigned warp0;       /* global index of its first warp (id * W) */
    struct path_table *paths; /* its W path tables (SIMT models; a slice of s->paths) */
    void *model_state;    /* the model's per-core state */
    decode_cache *decoded; /* the decode cache it reads and fills */
    fx_log fx;            /* its effects on shared state in this cycle (machine/effect_log.h) */
    uint64_t now;         /* the cycle it is ticking (the machine's s->cycle between ticks) */
    pending_trap trap;    /* an exception its lane work raised, for the executor (machine/mmode.h) */
    unsigned irq_armed;   /* its threads with interrupts enabled (mstatus.MIE, mie) */
    unsigned fs_clean;    /* its threads whose mstatus.FS is not Dirty (machine/mmode.h) */
    simty_stats stats;    /* this core's statistics (the machine's are their sum) */
    /* region of interest (stats/roi.c): stats at its start; at its end
     * roi_stats holds the difference */
    simty_stats roi_start, roi_stats;
    uint64_t max_paths_before_roi, max_starvation_before_roi;
} sim_core;

struct simty_sim {
    simty_config cfg;
    uint32_t ignored;    /* settings of the caller's cfg without effect (sim/settings.h) */
    unsigned W, T;       /* warps per core, threads per warp */
    unsigned ncores;
    unsigned nwarps;     /* cores * W */
    unsigned nharts;     /* cores * W * T */

    memory_t mem;
    uint8_t *ram;        /* main RAM fast path (region 0) */
    uint32_t ram_base;
    uint64_t ram_size;
    bool ram_auto;       /* the RAM's size was not given: sized to the machine */
    char load_warning[256]; /* simty_load_warning(0), "" for none (stacks.c) */
    console_t console;
    semihost semi;       /* semihosting: host files, command line (machine/semihost.h) */
    elf_image elf;
    /* --paths ipdom on a SIMT model: the reconvergence points of the
     * program's branches (loader/cfg.h), read by the executor; else NULL */
    const reconv_table *reconv;
    reconv_table reconv_points;
    /* the path organisation's own functions (warp/paths.h), or NULL */
    const struct paths_ops *paths_ops;
    /* the coalescer's (warp/coalesce.h; --coalescer) */
    const struct coalescer_ops *coalescer_ops;
    bool loaded;         /* a program is loaded and every model is ready to run it */
    bool load_tried;     /* simty_load* was called (one program per simulator) */
    char *program_path;  /* simty_load's path (NULL after simty_load_image) */
    line_table lines;    /* DWARF line table (simty_load_source_lines) */
    bool lines_loaded;
    uint32_t tohost;     /* address of the tohost word, if has_tohost */
    bool has_tohost;
    /* the PC bits that must be 0: 3 (IALIGN = 32), or 1 when the program has
     * compressed instructions (ELF flag EF_RISCV_RVC: IALIGN = 16, misa.C) */
    uint32_t ialign_mask;
    stack_layout stacks; /* SDK per-thread stacks (machine/stacks.h) */

    /* per-thread architectural state */
    uint32_t *x;         /* register file, see above */
    /* F and D: the floating-point registers, laid out as x (so the f row
     * of a warp's x row is at the same index: f + (xp - x)); single values
     * NaN-boxed; and per hart fcsr's two fields (isa/fpu.h) */
    uint64_t *f;
    uint8_t *frm, *fflags;
    bool fp_used;        /* some thread's mstatus.FS has been Dirty (set, never cleared) */
    uint32_t *pc;        /* per-hart PC (the SIMT model keeps PCs in its paths) */
    uint64_t *instret;   /* per hart; plus retire[warp], see sim_instret() */
    struct warp_retire {
        uint64_t all;    /* instructions retired by all T lanes of the warp at once */
        lane_mask mask;  /* the last other set of lanes that retired ... */
        uint64_t run;    /* ... and how many instructions it retired in a row */
    } *retire;
    hart_csr *csr;       /* per hart: M-mode CSRs, CLINT registers (machine/mmode.h) */
    /* per hart: the last jump or taken branch it led (for fetch faults) */
    struct last_jump {
        uint32_t from, to;
    } *jump;
    reservation *resv;
    uint32_t *resv_slot; /* per granule hash: the first hart + 1 of its list (0: empty) */
    unsigned resv_live;  /* valid reservations */
    uint8_t *status;     /* enum hart_status */
    int32_t *exit_code;
    unsigned running;    /* harts with HART_RUNNING */

    /* host-side decoded copies of code words (not a data cache): ndecoded
     * caches, each core reading and filling one (sim_core.decoded); a store
     * drops its word from all, so what they hold never shows in results */
    decode_cache *decoded;
    unsigned ndecoded;

    uint64_t cycle;      /* the mcycle CSR and the cycle count of the run */
    uint64_t cycle_limit; /* --max-cycles, or UINT64_MAX */
    uint64_t timer_next; /* the next cycle a thread's mtimecmp is reached, or UINT64_MAX */
    /* some thread has enabled interrupts (once set, stays set): only then
     * does warp_execute look at its core's irq_armed (host threads may set
     * it at once: read and written with relaxed atomics) */
    bool irq_seen;
    /* stop at the next cycle boundary: a signal number (simty_request_stop),
     * or STOP_OUTPUT; written by signal handlers, read every cycle */
    volatile sig_atomic_t stop_request;
    bool mem_changed;    /* a store changed memory or a device (deadlock detection) */
    sync_unit sync;      /* barrier unit and waiting paths (machine/barrier.h, sync/sync.h) */
    bool counter_read;   /* a thread read a time-varying CSR (deadlock detection) */
    /* how the executor acts on shared state (machine/port.h): the direct
     * port, or a deferred one while the cores of a multi-core machine tick
     * (their effect logs, sim/effects.h); chosen by the run loop */
    machine_port port;
    uint64_t quantum;    /* cycles the cores of a multi-core machine run between exchanges */
    uint64_t quantum_end; /* the end of the quantum being run */
    sim_core *core;      /* ncores cores */
    struct path_table *paths; /* every warp's path table (SIMT models), core by core */
    struct kanata *kt;   /* the Kanata log (cycle model, --trace-kanata), or NULL */
    struct memsys *timing; /* the cycle model's memory timing (memsys/memsys.h), or NULL */

    simty_stats stats;   /* the machine's: the sum over cores (sim_fold_stats) */
    enum { ROI_NONE, ROI_OPEN, ROI_CLOSED } roi_state; /* region of interest (CSR simty_roi) */
    simty_stats roi_stats; /* the machine's ROI statistics: the sum over cores */
    simty_result result;
    char bus_error[160]; /* why the last store returned MEM_BAD_DEVICE */

    const struct model_ops *model;
    struct sim_control *ctl; /* the run loop's own state (sim/sim.h) */
};

/* The core that owns global warp gw / hart h. */
static inline sim_core *warp_core(const simty_sim *s, unsigned gw) { return &s->core[gw / s->W]; }
static inline unsigned hart_core(const simty_sim *s, unsigned h) { return h / (s->W * s->T); }
/* The statistics of the core that owns global warp gw */
static inline simty_stats *warp_stats(simty_sim *s, unsigned gw) { return &s->core[gw / s->W].stats; }

static inline uint32_t *warp_regs(simty_sim *s, unsigned gwarp)
{
    return s->x + (size_t)gwarp * 32 * s->T;
}

/* minstret of a hart.  Instructions retired by a whole warp are counted
 * once per warp, not once per lane, and those of a run of slots with the
 * same lanes once per slot: they go to the lanes when the lanes change
 * (sim_retire_switch), so that uniform code and a path running alone pay
 * one add. */
static inline uint64_t sim_instret(const simty_sim *s, unsigned hart)
{
    const struct warp_retire *r = &s->retire[hart / s->T];
    return s->instret[hart] + r->all + (r->mask >> (hart % s->T) & 1) * r->run;
}

void sim_retire_switch(simty_sim *s, unsigned gw, lane_mask lanes);

/* Lanes (bit l: lane l of warp gw) retired one instruction. */
static inline void sim_retire(simty_sim *s, unsigned gw, lane_mask lanes)
{
    struct warp_retire *r = &s->retire[gw];
    if (lanes == r->mask)
        r->run++;
    else if (lanes == full_lane_mask(s->T))
        r->all++;
    else
        sim_retire_switch(s, gw, lanes);
}

/* Is `cycle` inside the trace window (--trace-from, --trace-to,
 * --trace-roi: the region of interest as it is now)? */
static inline bool sim_trace_at(const simty_sim *s, uint64_t cycle)
{
    return cycle >= s->cfg.trace_from && (!s->cfg.trace_to || cycle < s->cfg.trace_to) &&
           (!s->cfg.trace_roi || s->roi_state == ROI_OPEN);
}

static inline bool sim_stopped(const simty_sim *s) { return s->result.reason != SIMTY_EXIT_NONE; }

#define STOP_OUTPUT (-1) /* stop_request: the console output failed */

/* Ends the run; the first reason wins. */
void sim_stop(simty_sim *s, simty_exit_reason why, int code);

/* Overwrites a loader-filled word (docs/platform.md) if the program has it. */
void sim_patch_symbol(simty_sim *s, const char *name, uint32_t value);

/* Ends the run for its stop_request now (a signal's INTERRUPTED, or the
 * console's output error): what the next check would do; for a device
 * that gave up waiting (semihosting's stdin). */
void sim_stop_requested(simty_sim *s);

/* Reports a guest fault of hart `hart` at pc and ends the run. */
void sim_fault(simty_sim *s, unsigned hart, uint32_t pc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Thread end (ecall exit or self-loop at pc) bookkeeping; the thread's PC
 * stays pc (simty_pc_read after its end). */
void sim_thread_exit(simty_sim *s, unsigned hart, int32_t code, uint32_t pc);
void sim_thread_park(simty_sim *s, unsigned hart, uint32_t pc);
/* The bookkeeping of a thread's end (running count, barriers, the end of
 * the program); sim_thread_exit/park have the port do it (machine/port.h). */
void sim_thread_ended(simty_sim *s, unsigned hart);

/* ---- instruction fetch ---- */

const insn_t *sim_fetch_slow(simty_sim *s, unsigned hart, uint32_t pc);

/* Decoded instruction at pc, or NULL if pc is misaligned or unmapped; never
 * faults (speculative fetch: a wrong-path fetch must have no effect). */
const insn_t *sim_peek(simty_sim *s, decode_cache *dc, uint32_t pc);

/* Decodes the instruction at pc (16 or 32 bits, a 32-bit one possibly
 * spanning two words or two memory regions) into *d without the decode
 * cache; returns false, *d being illegal, if pc is misaligned or a byte of
 * it is unmapped. */
bool sim_decode_at(const simty_sim *s, uint32_t pc, insn_t *d);

/* A jump or taken branch at pc to target, led by hart (lowest lane). */
static inline void sim_note_jump(simty_sim *s, unsigned hart, uint32_t pc, uint32_t target)
{
    s->jump[hart] = (struct last_jump){.from = pc, .to = target};
}

/* The decoded instruction at pc if hart's decode cache holds it, else
 * NULL (nothing is decoded or reported). */
static inline const insn_t *sim_peek_cached(const simty_sim *s, unsigned hart, uint32_t pc)
{
    unsigned i = decode_slot(pc);
    const decode_cache *dc = s->ndecoded == 1 ? s->decoded : s->core[hart_core(s, hart)].decoded;
    return dc->tag[i] == pc ? &dc->insn[i] : NULL;
}

/* Decoded instruction at pc, or NULL after reporting a fetch fault. */
static inline const insn_t *sim_fetch(simty_sim *s, unsigned hart, uint32_t pc)
{
    const insn_t *d = sim_peek_cached(s, hart, pc);
    return d ? d : sim_fetch_slow(s, hart, pc);
}

void sim_flush_decode_cache(simty_sim *s);

/* ---- data bus (machine/bus.c; docs/design.md "The bus and its devices") ---- */

/* What an address is: the one decode every access path uses (loads,
 * stores, AMOs, fetch, the debugger's and the inspection calls' memory
 * access, the configuration check).  Main RAM is tried first, inline. */
enum bus_kind { BUS_UNMAPPED, BUS_DEVICE, BUS_RAM, BUS_REGION };

/* [addr, addr + len) is main RAM or a --mem region (*p: its host bytes;
 * the whole range in one region), a device's range (*dev: the device of
 * its first byte, machine/device.h) or nothing. */
static inline enum bus_kind bus_decode(const simty_sim *s, uint32_t addr, uint32_t len,
                                       uint8_t **p, const device_ops **dev)
{
    uint64_t off = (uint64_t)(addr - s->ram_base);
    if (addr >= s->ram_base && off + len <= s->ram_size) {
        *p = s->ram + off;
        return BUS_RAM;
    }
    if ((*p = mem_ptr((memory_t *)&s->mem, addr, len)))
        return BUS_REGION;
    return (*dev = device_at(addr)) ? BUS_DEVICE : BUS_UNMAPPED;
}

/* The host bytes of guest bytes [addr, addr + len) if they are RAM (the
 * main RAM or one --mem region, never a device), else NULL: for readers
 * of RAM only (the debugger, semihosting buffers, the signature). */
static inline uint8_t *bus_ram(const simty_sim *s, uint32_t addr, uint32_t len)
{
    uint8_t *p;
    const device_ops *dev;
    return bus_decode(s, addr, len, &p, &dev) >= BUS_RAM ? p : NULL;
}

int bus_load_slow(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t *v);
int bus_store_slow(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v);
/* Misaligned access (hardware mode) at addr, size bytes: MEM_OK if every
 * byte is RAM, else the fault (s->bus_error for MEM_BAD_DEVICE). */
int bus_split_check(simty_sim *s, uint32_t addr, unsigned size, bool store);
/* An aligned store logged now and performed at the end of the quantum
 * (sim/effects.c): MEM_OK if it will be (*p: its RAM bytes, NULL for a
 * device's register), else the fault it is (s->bus_error for
 * MEM_BAD_DEVICE).  Nothing is written. */
static inline int bus_store_check(simty_sim *s, uint32_t addr, unsigned size, uint32_t v,
                                  uint8_t **p)
{
    const device_ops *dev;
    switch (bus_decode(s, addr, size, p, &dev)) {
    case BUS_RAM: case BUS_REGION: return MEM_OK;
    case BUS_DEVICE: return dev->store_check ? dev->store_check(s, addr, size, v) : MEM_OK;
    case BUS_UNMAPPED: break;
    }
    return MEM_UNMAPPED;
}

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

/* A store changed the word at addr: a decoded copy of it in the decode
 * cache is dropped, so every later fetch sees the new word (self-modifying
 * code needs no fence.i, and results cannot depend on what the shared
 * cache happened to hold; docs/platform.md).  With compressed instructions
 * the instructions starting at word - 2 (a 32-bit one spanning two words),
 * word and word + 2 hold bytes of it. */
static inline void sim_code_written(simty_sim *s, uint32_t addr)
{
    const uint32_t word = addr & ~3u;
    if (s->ialign_mask != 1) { /* IALIGN 32: the instruction at word only */
        unsigned i = decode_slot(word);
        for (unsigned k = 0; k < s->ndecoded; k++)
            if (s->decoded[k].tag[i] == word)
                s->decoded[k].tag[i] = 1;
        return;
    }
    for (uint32_t pc = word - 2; pc != word + 4; pc += 2) {
        unsigned i = decode_slot(pc);
        for (unsigned k = 0; k < s->ndecoded; k++)
            if (s->decoded[k].tag[i] == pc)
                s->decoded[k].tag[i] = 1;
    }
}

/* LR/SC reservations (machine/resv.c): hart reserves word; hart's
 * reservation is cleared; hart (RESV_NOBODY: a debugger) wrote to word: every
 * other hart's reservation of it is cleared (and wrs waits are woken). */
void resv_set(simty_sim *s, unsigned hart, uint32_t word);
void resv_clear(simty_sim *s, unsigned hart);
void resv_written_slow(simty_sim *s, unsigned hart, uint32_t word);

static inline void resv_written(simty_sim *s, unsigned hart, uint32_t addr)
{
    if (__builtin_expect(s->resv_live != 0, 0))
        resv_written_slow(s, hart, addr & ~3u);
}

/* Stores size bytes (not crossing a word) into host memory p (stored address
 * addr) for hart (RESV_NOBODY: none), noting whether memory changed
 * (deadlock detection, decode cache) and clearing the other harts'
 * reservations of the word. */
static inline void ram_store(simty_sim *s, unsigned hart, uint32_t addr, uint8_t *p, unsigned size,
                             uint32_t v)
{
    resv_written(s, hart, addr);
    uint32_t mask = size == 4 ? ~0u : (1u << (size * 8)) - 1;
    if (load_le(p, size) != (v & mask)) {
        s->mem_changed = true;
        sim_code_written(s, addr);
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
        if (__builtin_expect(s->port.overlay != NULL, 0))
            s->port.overlay(s, hart, addr, size, v);
        return MEM_OK;
    }
    return bus_load_slow(s, hart, addr, size, v);
}

static inline int bus_store(simty_sim *s, unsigned hart, uint32_t addr, unsigned size, uint32_t v)
{
    uint64_t off = (uint64_t)(addr - s->ram_base);
    if (addr >= s->ram_base && off + size <= s->ram_size && !(addr & (size - 1)) &&
        !is_tohost_word(s, addr & ~3u)) {
        ram_store(s, hart, addr, s->ram + off, size, v);
        return MEM_OK;
    }
    return bus_store_slow(s, hart, addr, size, v);
}

/* Disassembles the instruction at pc with symbols, for messages. */
void sim_disasm(const simty_sim *s, uint32_t pc, char *buf, size_t n);
int sim_symbolize(const simty_sim *s, uint32_t addr, char *buf, size_t n);

#endif
