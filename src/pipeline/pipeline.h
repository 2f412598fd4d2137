/* The cycle-level model of the 10-stage Simty pipeline (spec section 5).
 *
 * With F the cycle in which fetch steering picks a warp:
 *
 *   F    steer      round-robin warp pointer; reads the warp's speculative PC
 *   F+1  fetch      instruction memory (1 cycle)
 *   F+2  predecode  fills the warp's 1-entry instruction buffer; spec PC += 4 (2)
 *   F+3  schedule   qualification + loose round-robin selection (issue)
 *   F+4  collect 1  rs1 read
 *   F+5  collect 2  rs2 read (same bank)
 *   F+6  execute
 *   F+7  membership valid only if PC == HCT1's PC, else squashed; the warp-
 *                   instruction executes (warp_execute: ALU writeback,
 *                   branch unit, coalescer, memory access in request order)
 *   F+8  commit     compact/sort, HCT/CCT update, redirect, memory request
 *   F+9  memory     response (+ --mem-latency cycles; or the L1 data cache,
 *                   and on a miss the hierarchy: docs/memory.md)
 *   F+10 writeback  load data written through a FIFO, in the order it
 *                   arrives, that takes free write-port cycles; the warp wakes
 *
 * The front end's stages read the pipeline register (latch) in front of
 * them and write the one behind.  From issue on, an instruction's stage
 * times are fixed: it stays in the ring slot of its issue cycle (uop
 * below) until it commits, and F+7 and F+8 find it there by cycle.  Cycles
 * in which no stage has anything to do are skipped as one event
 * (cycle_batch, cycle_model.c).  Stages are evaluated from the back of the pipeline to
 * the front within a cycle, so what a later stage writes in cycle c is seen
 * by earlier stages in the same cycle: the commit's next PC reaches the
 * same cycle's steering lookup (the spec's bypass), predecode's PC+4 reaches
 * it too, a register written back in c lets a dependent instruction issue
 * in c (it reads its operands from c+1 on).
 *
 * Architectural state changes only at F+7 through warp_execute(), the code
 * every model shares, on HCT1's path: everything before is timing.  An
 * instruction that is not HCT1's by F+7 (fetched down a stale path) is
 * squashed with no effect, so results never depend on timing. */
#ifndef SIMTY_PIPELINE_PIPELINE_H
#define SIMTY_PIPELINE_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "warp/paths.h"
#include "models/warp_commit.h"
#include "warp/warp_exec.h"
#include "machine/machine.h"
#include "pipeline/steering.h"
#include "trace/kanata.h"

/* F -> F+1 and F+1 -> F+2: a fetch in flight */
typedef struct fetch_latch {
    bool valid;
    bool fetched;   /* instruction memory returned a word (else: unmapped pc) */
    uint8_t warp;
    uint32_t pc;
    insn_t insn;    /* copy: the decode cache may change under a fetch */
    uint64_t trace; /* Kanata record */
} fetch_latch;

/* A warp-instruction from issue (F+3) to commit (F+8).  Its stage times are
 * fixed at issue: F+4..F+6 carry it unchanged, F+7 executes it, F+8 commits
 * it.  So it stays where it was issued, in the slot of its issue cycle in a
 * ring (pipe_state.ring, UOP_RING slots), instead of moving through a latch
 * per stage: F+7 of cycle t takes the slot of cycle t-4, F+8 that of t-5. */
typedef struct uop {
    bool valid;     /* issued and not yet at F+7 */
    bool waits;     /* uop_waits() at issue: it holds the warp (a load) */
    uint8_t warp;
    uint32_t pc;
    uint64_t rd_bit; /* insn_rd_bit(&insn) */
    insn_t insn;
    uint64_t issued; /* cycle */
    uint64_t trace;
    uint8_t pad_[8]; /* to 64 bytes: ring[i] is a shift (padded, not aligned:
                      * pipe_state comes from calloc) */
} uop;
_Static_assert(sizeof(uop) == 64, "uop: 64 bytes");

#define UOP_RING 8 /* a power of two above the 6 cycles from issue to commit */
#define UOP_AT(t) ((unsigned)(t) & (UOP_RING - 1))

/* F+7 -> F+8: an executed warp-instruction waiting to commit */
typedef struct commit_latch {
    bool valid;
    uint8_t slot;      /* its uop: ring[slot] (F+7 makes a trapped one CLS_SYSTEM there) */
    uint8_t replay;    /* enum replay_cause */
    lane_mask active;  /* HCT1's mask when it executed */
    slot_commit c;     /* the paths it produced and what they do next */
} commit_latch;

/* A load pass between commit and register writeback; its data is due when
 * the memory timing says (memsys_due_table) */
typedef struct load_entry {
    uint8_t warp, rd; /* rd: register_bit numbering (FP registers 32..63), 0: none */
    bool ld_traced;  /* Kanata: its "Ld" stage was placed at commit (data due known) */
    uint64_t issued;
    uint64_t trace;
} load_entry;

/* Per-warp front-end and issue state */
typedef struct warp_pipe {
    uint32_t spec_pc;      /* speculative fetch PC */
    uint32_t buf_pc;       /* instruction buffer (valid: bit in pipe.buffered) */
    insn_t buf_insn;
    uint64_t buf_regs;     /* registers the buffered instruction reads or writes (register_bit) */
    uint64_t buf_trace;
    uint64_t scoreboard;   /* registers with a write in flight (register_bit) */
    uint64_t fp_late;      /* ... of them, F or D results due after F+7 (fp_due) */
    uint32_t replay_pc;    /* lanes at replay_pc still owe a replay pass (trace) */
    lane_mask replay_mask;
} warp_pipe;

enum stall_cause { STALL_NONE, STALL_SCOREBOARD, STALL_LOAD, STALL_BANK, STALL_STORE };

/* One core's pipeline.  Warp numbers in it (latches, bit masks) are the
 * core's own, 0..W-1; the machine's are warp0 + w. */
typedef struct pipe_state {
    unsigned warp0;     /* global index of the core's first warp */
    simty_stats *st;    /* the core's statistics */
    uint64_t now;       /* the cycle being ticked (sim_core.now) */
    const unsigned *irq_armed; /* sim_core.irq_armed of its core */
    bool hold_sync;     /* quanta: AMOs, LR/SC and fences wait for the quantum's end */
    decode_cache *decoded; /* the core's decode cache */
    char name[16];      /* "c3 " in trace labels when there are several cores, else "" */
    path_table *paths;  /* per warp: the shared path machinery (the core's) */
    warp_pipe *warp;
    uint64_t *idle_since; /* per warp: CCT port idle from this cycle on (offline sorter) */
    uint64_t live;      /* warps with runnable paths (bit per warp, W <= 64) */
    uint64_t buffered;  /* warps whose instruction buffer is valid */
    uint64_t loading;   /* warps with a load in flight */
    uint64_t issued_now; /* the warp that issued this cycle (its buffer frees at the end) */
    uint64_t start;     /* first steering cycle (after reset) */
    uint64_t rr_from;   /* first cycle of the inline rr steering: start under rr,
                         * UINT64_MAX under another policy (frontend.h) */
    bool executing;     /* F+7 is running an instruction through warp_execute */
    const steering_ops *steering; /* --steering (steering.h) */
    steer_state steer;  /* its state; steer.ptr: the round-robin pointer */
    unsigned select_mask;   /* the free-running selection counter, mod 2^k >= W */
    unsigned bank_busy;      /* parities (bit 0 even, bit 1 odd) that may not issue this
                              * cycle: their bank is being read (bank rule) */
    unsigned bank_busy_next; /* ... and in the next cycle (three-source instructions) */
    uint64_t fp_late_warps; /* warps with F or D results due after F+7 */
    uint64_t *fp_due;       /* per warp, per register_bit: the cycle its late result is written */
    uint16_t fp_extra[OP_COUNT]; /* per op: cycles an F or D result comes after F+7 */
    int write_parity;       /* bank whose write port F+7 uses this cycle, or -1 */

    fetch_latch steer_out, fetch_out;         /* F->F+1, F+1->F+2 */
    uop ring[UOP_RING]; /* F+3..F+8: by issue cycle (UOP_AT) */
    uint8_t ring_valid; /* bit i: ring[i].valid (cycle_batch reads them at once) */
    commit_latch member_out;                  /* F+7->F+8 */

    load_entry *loads;  /* FIFO ring of W entries: a warp has at most one load */
    unsigned load_head, load_count;

    kanata *kt;         /* the machine's Kanata log, NULL unless --trace-kanata */
    struct memsys *timing; /* the machine's memory timing */
    const uint64_t *due;   /* memsys_due_table(timing) + warp0: by the core's warp */
    bool hierarchy;        /* memsys_is_hierarchy(timing): fetches and stores may wait,
                            * loads come back out of order */
    mem_request req;       /* the record of a memory pass warp_execute fills */
} pipe_state;

static inline uint64_t warp_bit(unsigned w) { return 1ull << w; }

/* Loads and AMOs return data: the warp waits for their writeback. */
static inline bool insn_returns_data(const insn_t *d)
{
    return d->cls == CLS_LOAD || d->cls == CLS_AMO;
}

struct pipe_state;
/* Occupies the writeback FIFO and holds its warp (the pending-load rule):
 * loads and AMOs; in quanta of more than one cycle also a fence, which
 * waits for the quantum's end, when the effects before it are applied. */
static inline bool uop_waits(bool hold_sync, const insn_t *d)
{
    return insn_returns_data(d) || (hold_sync && (d->op == OP_FENCE || d->op == OP_FENCE_I));
}

/* Registers as scoreboard bits: x1..x31 are bits 1..31 (x0 none), f0..f31
 * bits 32..63 */
static inline uint64_t register_bit(unsigned r, bool fp)
{
    return fp ? 1ull << (32 + r) : (1ull << r) & ~1ull;
}

/* Destination register bit for the scoreboard (none for x0) */
static inline uint64_t insn_rd_bit(const insn_t *d)
{
    return (d->flags & INSN_WRITES_RD) ? register_bit(d->rd, d->fp & FP_RD) : 0;
}

#endif
