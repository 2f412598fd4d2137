/* libsimty public interface.
 *
 * A simulator is a value you create, load, run and destroy; nothing is
 * global, so one process can hold several.  Typical use:
 *
 *   simty_config cfg;  simty_config_default(&cfg);
 *   simty_sim *s = simty_create(&cfg, err, sizeof err);
 *   simty_load(s, "prog.elf", err, sizeof err);
 *   simty_run(s);
 *   const simty_result *r = simty_result_get(s);
 *   simty_destroy(s);
 */
#ifndef SIMTY_LIB_H
#define SIMTY_LIB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIMTY_VERSION "0.1.0"

#define SIMTY_MAX_LANES 64  /* threads per warp */
#define SIMTY_MAX_WARPS 64  /* warps per core */
#define SIMTY_MAX_CORES 64
#define SIMTY_MAX_QUANTUM 100000 /* cycles (simty_config.quantum) */
#define SIMTY_MAX_EXTRA_MEM 8
#define SIMTY_MAX_MEM_LATENCY 100000 /* --mem-latency, cycles */
/* Forward progress (docs/progress.md): a runnable path that has waited
 * `threshold` commits of its warp gets a turn of `turn` commits. */
#define SIMTY_DEFAULT_PROGRESS_THRESHOLD (1u << 18)
#define SIMTY_DEFAULT_PROGRESS_TURN 1024
#define SIMTY_MAX_PROGRESS_THRESHOLD (1u << 30)

typedef enum { SIMTY_MODEL_SCALAR, SIMTY_MODEL_SIMT, SIMTY_MODEL_CYCLE } simty_model_kind;
typedef enum { SIMTY_PATHS_HCT, SIMTY_PATHS_IDEAL } simty_paths_kind;
typedef enum { SIMTY_PRIORITY_DEPTH, SIMTY_PRIORITY_MINPC } simty_priority_kind;
typedef enum { SIMTY_COALESCER_SIMTY, SIMTY_COALESCER_BLOCK } simty_coalescer_kind;
/* Fetch steering of the cycle model: RR the RTL's strict round robin (the
 * default); more are plug-ins (simty_plugin_name(SIMTY_PLUGIN_STEERING, i)). */
typedef enum { SIMTY_STEERING_RR } simty_steering_kind;
/* Named plug-ins (src/registry/plugins.c, docs/design.md "Plug-ins"): the
 * policies a configuration chooses by name.  A configuration field holds
 * the index of its choice among the plug-ins of its kind (the enums above
 * are the built-in ones' indices).  simty_plugin_name(kind, i) and
 * simty_plugin_help: plug-in i of a kind (NULL after the last);
 * simty_plugin_find: the index of a name, or -1; simty_plugin_kind_name:
 * "paths", "priority", "steering", "coalescer", "replacement", "memory". */
typedef enum {
    SIMTY_PLUGIN_PATHS,       /* --paths: path organisation and reconvergence */
    SIMTY_PLUGIN_PRIORITY,    /* --priority: which path of a warp runs */
    SIMTY_PLUGIN_STEERING,    /* --steering: which warp fetches and issues (cycle model) */
    SIMTY_PLUGIN_COALESCER,   /* --coalescer */
    SIMTY_PLUGIN_REPLACEMENT, /* --mem-set l1d.replacement=, l2.replacement= */
    SIMTY_PLUGIN_MEMORY,      /* memory timing: ideal or a hierarchy (--memory's presets) */
    SIMTY_PLUGIN_DEVICE,      /* memory-mapped devices: all on the bus (not a choice) */
    SIMTY_PLUGIN_KINDS
} simty_plugin_kind;
const char *simty_plugin_kind_name(simty_plugin_kind kind);
const char *simty_plugin_name(simty_plugin_kind kind, unsigned i);
const char *simty_plugin_help(simty_plugin_kind kind, unsigned i);
int simty_plugin_find(simty_plugin_kind kind, const char *name);
/* Misaligned loads and stores (docs/platform.md, "Memory map"): HARDWARE
 * (the default) performs them byte by byte, as Spike and QEMU do; TRAP makes
 * them a load/store address-misaligned exception.  Misaligned AMOs, LR and
 * SC always raise it. */
typedef enum { SIMTY_MISALIGNED_HARDWARE, SIMTY_MISALIGNED_TRAP } simty_misaligned_kind;

/* Memory timing (docs/memory.md).  IDEAL: the original fixed latency
 * (mem_latency); HIERARCHY: per core an L1 instruction and an L1 data cache,
 * an interconnect to a shared banked L2, and DRAM.  Timing only: the guest
 * sees the same memory either way. */
typedef enum { SIMTY_MEMORY_IDEAL, SIMTY_MEMORY_HIERARCHY } simty_memory_kind;

/* The floating-point operation kinds the cycle model times
 * (simty_config.fp_latency; docs/pipeline.md, "Floating point") */
typedef enum {
    SIMTY_FP_FMA,   /* fadd, fsub, fmul, fmadd/fmsub/fnmadd/fnmsub (S and D) */
    SIMTY_FP_DIV,   /* fdiv */
    SIMTY_FP_SQRT,  /* fsqrt */
    SIMTY_FP_CVT,   /* fcvt.* (to and from integers, S <-> D) */
    SIMTY_FP_MISC,  /* fsgnj*, fmin/fmax, feq/flt/fle, fclass, fmv */
    SIMTY_FP_KINDS
} simty_fp_kind;
#define SIMTY_MAX_FP_LATENCY 1000 /* --fp-latency, cycles */

typedef struct simty_cache_config {
    unsigned size, ways;  /* bytes (L2: all banks), ways; powers of two */
    unsigned mshrs;       /* misses in flight (L2: per bank) */
    unsigned latency;     /* hit latency, cycles (L1I: the fetch stage, always 1) */
    /* replacement policy: its index among the plug-ins of its kind, 0 = lru
     * (set by name: simty_memory_set(cfg, "l1d.replacement=srrip", ...)) */
    unsigned replacement;
} simty_cache_config;

/* A DRAM device (memsys/dram.h); timings in clocks of tck_ps.  The fields
 * from cl to rfc are the timing parameters, in this order. */
typedef struct simty_dram_config {
    unsigned channels, banks, bank_groups;
    unsigned row_bytes;  /* row buffer (page) of one channel */
    unsigned bus_bits;   /* data bus of one channel, double data rate */
    unsigned tck_ps;     /* clock period, picoseconds */
    unsigned cl, cwl, rcd, rp, ras, rrd_s, rrd_l, faw, ccd_s, ccd_l, wr, wtr_s, wtr_l, rtp, rtw;
    unsigned refi, rfc;
    unsigned refresh;    /* 1: all-bank refresh every refi clocks */
    unsigned map;        /* address map within a channel: 0 consecutive lines fill a row,
                          * 1 they go to the bank groups in turn (memsys/dram.c) */
} simty_dram_config;

typedef struct simty_memory_config {
    simty_memory_kind kind;
    char preset[16];          /* the preset it started from ("ideal", "ddr4-3200", "hbm2") */
    unsigned line;            /* line size of every level, bytes */
    simty_cache_config l1i, l1d, l2;
    unsigned l1d_write_back;  /* 0: write-through, no write-allocate; 1: write-back, write-allocate */
    unsigned l1d_write_buffer; /* lines a core may have on their way to the L2 */
    unsigned l2_banks;
    unsigned noc_latency;     /* interconnect, cycles each way (>= 1) */
    unsigned noc_bytes;       /* bytes per cycle into or out of each L2 bank */
    unsigned core_mhz;        /* core clock (the DRAM runs on its own) */
    simty_dram_config dram;
} simty_memory_config;

typedef struct simty_config {
    unsigned cores;   /* 1..SIMTY_MAX_CORES; every core runs the program */
    /* host threads that tick the cores, 1..SIMTY_MAX_CORES (0: 1); results
     * are identical for every value (docs/platform.md, "Host threads") */
    unsigned host_threads;
    /* host threads are used only if each runs at least this many
     * core-cycles per quantum (quantum x its cores), else the cores run on
     * one thread (simty_host_threads says why); 0: the default, 64; 1:
     * always */
    unsigned host_threads_min;
    /* cycles the cores of a multi-core machine run between exchanges of
     * their effects, 1..SIMTY_MAX_QUANTUM (0: 1); more than 1 needs the
     * cycle model, and with a memory hierarchy at most its noc_latency
     * (docs/platform.md, "Host threads and quanta") */
    unsigned quantum;
    unsigned warps;   /* W, 1..SIMTY_MAX_WARPS */
    unsigned threads; /* T, threads per warp, 1..SIMTY_MAX_LANES */
    simty_model_kind model;
    simty_paths_kind paths;
    simty_priority_kind priority;
    simty_coalescer_kind coalescer;
    simty_steering_kind steering; /* cycle model: which warp fetches in a cycle */
    simty_misaligned_kind misaligned; /* misaligned loads and stores: performed or trapped */
    unsigned mem_latency; /* cycle model, ideal memory: extra cycles before a load wakes its warp */
    /* cycle model: cycles from execute to result of an F or D operation, by
     * kind (1: an integer ALU operation's; the result is written back
     * latency - 1 cycles after F+7) */
    unsigned fp_latency[SIMTY_FP_KINDS];
    simty_memory_config memory; /* cycle model: memory timing (default: ideal) */
    int progress;         /* forward-progress path scheduling on (default) or off */
    uint64_t progress_threshold; /* commits a path may wait before it gets a turn */
    uint64_t progress_turn;      /* commits a turn lasts */
    int spin_detect;      /* back off detected spin loops (default on) */
    uint64_t max_cycles; /* 0: no limit */
    double max_seconds;  /* host CPU time of the run, seconds; 0: no limit */
    uint32_t ram_base;   /* base and sizes: multiples of 4 bytes */
    uint64_t ram_size;   /* 0 (the default): sized to the machine (simty_config_ram_size) */
    struct {
        uint32_t base;
        uint64_t size;
    } extra_mem[SIMTY_MAX_EXTRA_MEM];
    unsigned n_extra_mem;
    FILE *console; /* guest console output; NULL = stdout */
    FILE *trace_commits; /* one line per committed warp-instruction, or NULL */
    FILE *trace_kanata;  /* Kanata pipeline log (cycle model), or NULL */
    /* Trace window: both traces record only what is fetched (Kanata) or
     * committed in cycles [trace_from, trace_to) (trace_to 0: no end), and
     * with trace_roi only while the region of interest is open. */
    uint64_t trace_from, trace_to;
    int trace_roi;
    /* SDK programs (docs/platform.md, "Per-thread stacks"): store the
     * per-thread stack areas interleaved word by word, and do not check
     * that each thread's sp stays in its own area. */
    int stack_interleave, no_stack_check;
} simty_config;

typedef enum {
    SIMTY_EXIT_NONE,       /* still running */
    SIMTY_EXIT_EXIT,       /* every thread exited (ecall a7=93) */
    SIMTY_EXIT_PARKED,     /* no thread runs and at least one is parked in a self-loop */
    SIMTY_EXIT_FINISHER,   /* the test finisher was written */
    SIMTY_EXIT_TOHOST,     /* tohost was written */
    SIMTY_EXIT_FAULT,      /* guest fault */
    SIMTY_EXIT_DEADLOCK,   /* no thread can make progress */
    SIMTY_EXIT_MAX_CYCLES, /* --max-cycles reached */
    SIMTY_EXIT_INTERRUPTED, /* simty_request_stop() (a signal) */
    SIMTY_EXIT_TIME_LIMIT, /* max_seconds of host CPU time used */
    SIMTY_EXIT_OUTPUT,     /* the console output could not be written */
} simty_exit_reason;

/* Exit statuses of the simty command (docs/platform.md). */
enum {
    SIMTY_STATUS_FAULT = 121,
    SIMTY_STATUS_DEADLOCK = 122,
    SIMTY_STATUS_OUTPUT = 123, /* an output (console, file) cannot be written */
    SIMTY_STATUS_MAX_CYCLES = 124, /* cycle or host time limit */
    SIMTY_STATUS_USAGE = 125,
    SIMTY_STATUS_LOAD = 126, /* program cannot be loaded, or no host memory for it */
    SIMTY_STATUS_SIGNAL = 128, /* + the signal number: interrupted (130 SIGINT, 143 SIGTERM) */
};

/* Memory hierarchy levels (simty_stats.mem) */
enum { SIMTY_L1I, SIMTY_L1D, SIMTY_L2, SIMTY_DRAM, SIMTY_MEM_LEVELS };
#define SIMTY_LATENCY_BUCKETS 184 /* 0..15 exact, then 8 per power of two */

/* One level of the memory hierarchy, counted for the requesting core
 * (docs/memory.md).  Requests are cache lines. */
typedef struct simty_level_stats {
    uint64_t reads, writes, atomics;   /* requests that reached this level */
    uint64_t hits, misses;             /* lookups of reads and atomics */
    uint64_t merges;                   /* misses that joined a miss already in flight */
    uint64_t mshr_stalls, mshr_stall_cycles; /* requests that waited for a free MSHR */
    uint64_t invalidations;            /* lines dropped by another core's write */
    uint64_t writebacks;               /* dirty lines written to the next level */
    uint64_t bytes;                    /* data moved to and from this level */
    uint64_t row_hits, row_empty, row_conflicts; /* DRAM: row buffer outcomes */
    uint64_t bus_cycles;               /* DRAM: data bus cycles used (DRAM clocks) */
    uint64_t latency_count, latency_sum; /* cycles from arrival at this level to data */
    uint64_t latency_hist[SIMTY_LATENCY_BUCKETS];
} simty_level_stats;

typedef struct simty_stats {
    uint64_t cycles;              /* model time: steps (scalar), issue slots (simt), cycles (cycle) */
    uint64_t thread_instructions; /* retired by threads */
    uint64_t warp_instructions;   /* issue slots, including replay passes and squashed slots */
    uint64_t lane_histogram[SIMTY_MAX_LANES + 1]; /* slots by number of active lanes */
    uint64_t divergent_branches;
    uint64_t max_paths;           /* most live paths seen in one warp */
    uint64_t path_samples, path_sum; /* mean live paths = path_sum / path_samples */
    uint64_t cct_pushes, cct_pops, cct_swaps;
    uint64_t replays_memory, replays_indirect;
    uint64_t memory_requests, memory_lanes;
    /* synchronisation (docs/progress.md) */
    uint64_t barrier_slots, barrier_thread_instructions; /* barrier CSR writes executed */
    uint64_t barriers;            /* barriers completed */
    uint64_t barrier_wait_cycles; /* thread-cycles parked at barriers */
    uint64_t wrs_slots, wrs_wait_cycles; /* wrs.nto/wrs.sto executed; thread-cycles waiting */
    uint64_t pauses;              /* pause slots */
    uint64_t exceptions, interrupts; /* traps taken, thread by thread (docs/platform.md) */
    uint64_t progress_triggers, progress_yields; /* turns started (by starvation or pause) */
    uint64_t max_starvation;      /* most commits a runnable path waited before it issued */
    uint64_t spin_detections, spin_slots, backoff_cycles; /* spin detector */
    /* cycle model only */
    uint64_t squashed;            /* issued down a stale path, dropped at F+7 */
    uint64_t redirects;           /* fetch redirects at commit */
    uint64_t fetches;             /* cycle model: instructions fetched (F+1), wrong path included */
    uint64_t fetch_bytes;         /* their bytes: 4 each, 2 for a compressed one */
    uint64_t stall_empty, stall_scoreboard, stall_load, stall_bank; /* cycles without issue */
    uint64_t loads, load_latency_sum; /* load passes, and their issue-to-writeback cycles */
    uint64_t stall_fetch;         /* cycle model, hierarchy: steering turns lost to I-cache misses */
    uint64_t stall_store;         /* cycle model, hierarchy: cycles without issue, a store
                                   * blocked by a full write buffer */
    simty_level_stats mem[SIMTY_MEM_LEVELS]; /* cycle model with --memory other than ideal */
    double sim_seconds;
} simty_stats;

typedef struct simty_result {
    simty_exit_reason reason;
    int exit_code;       /* program exit code (meaningful for EXIT/PARKED/FINISHER/TOHOST) */
    int signal;          /* INTERRUPTED: the signal number given to simty_request_stop() */
    int output_errno;    /* the console output failed (errno), even if the run went on */
    char message[1024];  /* one-line description of a fault, deadlock or limit */
} simty_result;

typedef struct simty_sim simty_sim;

void simty_config_default(simty_config *cfg);

/* Keyword settings: simty run's machine and run-control options by their
 * long names without the dashes ("warps", "model", "memory", "mem-set",
 * "fp-latency", "ram-size", "max-cycles", "timeout", ...; on/off for
 * "progress", "spin-detect", "stack-interleave", "no-stack-check"), values
 * as given on the command line.  "memory" selects a preset and discards
 * earlier "mem-set"s; "mem" adds a region.  Returns 0, or -1 with a
 * one-line reason naming the option (cfg unchanged).  simty_setting_name(i)
 * lists the names (NULL after the last). */
int simty_config_set(simty_config *cfg, const char *key, const char *value, char *err,
                     size_t errlen);
const char *simty_setting_name(unsigned i);
/* Settings a model ignores (README, "Options a model ignores"; one table in
 * src/sim/settings.c).  simty_setting_used: whether setting `name` has any
 * effect on a machine configured as cfg (1), or not (0, with the reason in
 * why, e.g. "has no effect on the simt model (only cycle)").
 * simty_config_ignored: the n-th (from 0) setting that cfg sets to other
 * than its default value although it has no effect, or NULL after the last
 * (why: as above; --stats and --stats-json list them, simty run warns;
 * simty bench and simty.sweep run points that differ only in settings
 * without effect once). */
int simty_setting_used(const simty_config *cfg, const char *name, char *why, size_t whylen);
const char *simty_config_ignored(const simty_config *cfg, unsigned n, char *why, size_t whylen);
/* For bindings that cannot hold the struct (free with simty_free): a new
 * default configuration; where its guest console goes (NULL: stdout). */
simty_config *simty_config_new(void);
void simty_config_set_console(simty_config *cfg, FILE *console);

/* Memory timing (docs/memory.md).  simty_memory_preset selects "ideal" (the
 * default), "ddr4-3200" or "hbm2" (a cache hierarchy over that DRAM, with
 * default caches); simty_memory_set then changes one setting of a hierarchy,
 * "KEY=VALUE" (e.g. "l2.size=2M").  Return 0, or -1 with a one-line reason. */
int simty_memory_preset(simty_config *cfg, const char *name, char *err, size_t errlen);
int simty_memory_set(simty_config *cfg, const char *assignment, char *err, size_t errlen);
/* The latency (cycles) under which a fraction q of a level's requests
 * completed, from its histogram (within 1/8 above the exact value) */
uint64_t simty_latency_percentile(const simty_level_stats *l, double q);
/* Writes the settings one per line, "KEY  VALUE  description" */
void simty_memory_print_keys(const simty_config *cfg, FILE *f);

/* Checks every value of a configuration without allocating anything.
 * Returns 0, or -1 with a one-line reason in err. */
int simty_config_check(const simty_config *cfg, char *err, size_t errlen);

/* The main RAM's size: cfg->ram_size, or when that is 0 (the default) the
 * size the machine needs for SDK programs: 64 MiB, or more when the
 * program image region (32 MiB) and an area of SIMTY_STACK_SIZE_DEFAULT
 * bytes per hart need more, rounded up to 1 MiB, at most
 * SIMTY_RAM_SIZE_AUTO_MAX and never into an extra region above RAM. */
uint64_t simty_config_ram_size(const simty_config *cfg);
#define SIMTY_RAM_SIZE_AUTO_MAX (2047ull << 20) /* the largest --ram-size */

/* Returns NULL with a one-line reason in err on a bad configuration (what
 * simty_config_check() reports) or when host memory runs out. */
simty_sim *simty_create(const simty_config *cfg, char *err, size_t errlen);
void simty_destroy(simty_sim *s);

/* Loads an ELF program.  Returns 0, or -1 with a one-line reason. */
int simty_load(simty_sim *s, const char *path, char *err, size_t errlen);
/* The same from an ELF image in memory (copied; the caller keeps it). */
int simty_load_image(simty_sim *s, const void *elf, size_t len, char *err, size_t errlen);

/* The n-th (from 0) warning the load gave about the machine it sized for
 * the program, or NULL after the last: e.g. per-thread stack areas smaller
 * than the program asked for on a machine too big for them (simty run
 * prints each on stderr unless --quiet; --stats-json lists them in
 * "warnings").  The run goes on as the warning says. */
const char *simty_load_warning(const simty_sim *s, unsigned n);

/* The host threads a run of this machine uses (--host-threads, at most one
 * per core): fewer than asked where they cannot pay or cannot be used (one
 * core, traces, a quantum too short for the exchange between threads),
 * with the reason in note (an empty string when it runs as asked, and on
 * one core, where a load warning says the option has no effect; simty run
 * prints it unless --quiet).  Host threads never change results. */
unsigned simty_host_threads(const simty_sim *s, char *note, size_t len);

/* Runs until the program ends (any simty_exit_reason but NONE). */
void simty_run(simty_sim *s);

/* ---- sampled simulation (README, "Sampled simulation"; docs/sampling.md)
 *
 * A long run on the cycle model, estimated: the simt model fast-forwards
 * with functional warming of the caches and DRAM rows, and at a fixed
 * interval the cycle model measures a window of instructions after a detailed
 * warm-up; the run reports the estimated cycles of a full cycle-model run
 * with a 95% confidence interval.  The program's results are those of a
 * full run (for a program without races); its timing-dependent behaviour
 * (cycle counters, timers, spin counts) is not. */
typedef struct simty_sampling {
    uint64_t interval; /* warp-instructions fast-forwarded between two windows (>= 1) */
    uint64_t window;   /* warp-instructions measured in each window (>= 1) */
    uint64_t warmup;   /* warp-instructions of detailed warming before each window (>= 0) */
} simty_sampling;

#define SIMTY_SAMPLE_INTERVAL 100000 /* simty run --sample's defaults */
#define SIMTY_SAMPLE_WINDOW 1000
#define SIMTY_SAMPLE_WARMUP 1000

/* Samples the run of a loaded simulator that has not run yet.  Needs the
 * cycle model on one core, without a Kanata trace.  Returns 0, or -1 with
 * a one-line reason. */
int simty_set_sampling(simty_sim *s, const simty_sampling *opt, char *err, size_t errlen);

/* The estimate of a sampled run, up to now. */
typedef struct simty_sample_estimate {
    simty_sampling opt;
    unsigned windows;          /* measured windows (the last may be cut short by the end) */
    uint64_t units;            /* windows the whole run is worth (its population) */
    uint64_t measured_cycles, measured_instructions; /* in the windows (warp-instructions) */
    uint64_t detailed_cycles;  /* every cycle of the cycle model: warm-ups, windows, drains */
    uint64_t instructions;     /* executed warp-instructions of the whole run */
    int valid;                 /* a window was measured: the estimate below means something */
    int ci_valid;              /* two windows or more: the interval below too */
    double cycles, cycles_low, cycles_high; /* estimate and 95% confidence interval */
    double rel_error;          /* half the interval over the estimate */
    double ipc, ipc_low, ipc_high; /* executed warp-instructions per cycle */
    double thread_ipc;
    double simd_efficiency;    /* of the whole run (functional: the same in both models) */
    /* share of the run's warp-instructions in detected spin loops: their
     * number depends on the model, and so does the estimate (more than a
     * few percent: do not trust it) */
    double spin_share;
} simty_sample_estimate;

/* NULL unless simty_set_sampling was called. */
const simty_sample_estimate *simty_sample_get(const simty_sim *s);

/* ---- stepping and inspection (for tests and debugger front ends) ----
 *
 * A run can stop at any cycle boundary and go on later: simty_run_cycles()
 * and simty_run_until() return SIMTY_EXIT_NONE when they paused before the
 * program ended.  Statistics are up to date whenever they return.  Between
 * two calls, the state below can be read and written; a write takes effect
 * as if the program had done it at that cycle boundary. */

/* Runs at most `cycles` more cycles (model time: simty_stats.cycles); in
 * quanta of more than one cycle, up to the end of the quantum the last of
 * them falls in (run control acts at quantum boundaries).
 * Returns the exit reason (NONE: paused).  The configuration's
 * max_seconds limits each call's host CPU time; max_cycles the whole run. */
simty_exit_reason simty_run_cycles(simty_sim *s, uint64_t cycles);

/* Runs until stop(s, ctx), asked before every cycle (every quantum), returns non-zero (the
 * machine is then at that cycle boundary), or max_cycles more cycles have
 * run, or the program ends. */
typedef int simty_stop_fn(const simty_sim *s, void *ctx);
simty_exit_reason simty_run_until(simty_sim *s, simty_stop_fn *stop, void *ctx,
                                  uint64_t max_cycles);

/* Checkpoints (docs/design.md "Checkpoints"; README "Checkpoints").
 * simty_save writes the whole machine, between cycles (after
 * simty_run_cycles or simty_run_until paused; in quanta at a quantum's
 * end), with its configuration and its program's file, to a file.
 * simty_restore builds a new simulator from one, which then runs on
 * (simty_run...) exactly as the saved one would have.  From `run` (NULL:
 * the defaults) it takes only what does not change the machine's course:
 * console, trace_commits, trace_from/to/roi, max_cycles (the whole run's,
 * from cycle 0), max_seconds, host_threads; trace_kanata must be NULL.
 * Both return 0 / the simulator, or -1 / NULL with a one-line reason (a
 * file of another build of simty, corrupt or truncated: refused). */
int simty_save(simty_sim *s, const char *path, char *err, size_t errlen);
simty_sim *simty_restore(const char *path, const simty_config *run, char *err, size_t errlen);

uint64_t simty_cycle(const simty_sim *s);
const simty_config *simty_config_get(const simty_sim *s);
/* Threads of the machine: cores x warps x threads per warp.  Hart h is
 * thread (h / T) % W ... of core h / (W x T): h = (core x W + warp) x T + lane. */
unsigned simty_nthreads(const simty_sim *s);

/* Registers x0..x31 of a thread (x0 reads 0; writing it is an error) and
 * its PC.  Return 0, or -1 for a bad hart/register, a thread that has ended
 * (PC write), or (PC write, SIMT models) a thread that waits in a parked
 * path (at the barrier, in wrs, backed off).  The cycle model also refuses
 * a PC write while the thread's warp has an executed instruction waiting to
 * commit (F+7 to F+8): run one more cycle and write again.  Writing a
 * thread's own PC changes nothing.  A thread that has ended keeps its
 * final registers, and its PC reads the instruction that ended it (the
 * exit ecall, or the self-loop it parked in) on every model. */
int simty_reg_read(const simty_sim *s, unsigned hart, unsigned reg, uint32_t *value);
int simty_reg_write(simty_sim *s, unsigned hart, unsigned reg, uint32_t value);
/* Floating-point registers f0..f31 of a thread (64 bits; a single value
 * is NaN-boxed: upper 32 bits all ones).  Return 0, or -1 for a bad
 * hart/register. */
int simty_freg_read(const simty_sim *s, unsigned hart, unsigned reg, uint64_t *value);
int simty_freg_write(simty_sim *s, unsigned hart, unsigned reg, uint64_t value);
int simty_pc_read(const simty_sim *s, unsigned hart, uint32_t *pc);
int simty_pc_write(simty_sim *s, unsigned hart, uint32_t pc);

/* A thread's CSR, as an instruction of the thread would read or write it
 * (docs/platform.md lists them; WARL fields keep their legal values).
 * Return 0, or -1 for a bad hart, a CSR that does not exist, a write to a
 * read-only CSR, or a write to simty_roi or simty_barrier (they act only
 * from guest code). */
int simty_csr_read(const simty_sim *s, unsigned hart, unsigned csr, uint32_t *value);
int simty_csr_write(simty_sim *s, unsigned hart, unsigned csr, uint32_t value);
/* The i-th CSR a debugger shows (the GDB stub's org.gnu.gdb.riscv.csr
 * feature; number order): its number and name.  Returns 0, or -1 past the
 * last. */
int simty_debug_csr(unsigned i, unsigned *csr, const char **name);

/* Guest RAM (main RAM and --mem regions; not devices).  Return 0, or -1 if
 * any byte of [addr, addr+len) is not RAM.  A write is seen by every later
 * fetch, clears every LR reservation of the words it touches (a write from
 * no hart: their sc.w fails) and wakes threads waiting for a store (wrs,
 * spin). */
int simty_mem_read(const simty_sim *s, uint32_t addr, void *buf, size_t len);
int simty_mem_write(simty_sim *s, uint32_t addr, const void *buf, size_t len);

typedef enum {
    SIMTY_THREAD_ACTIVE,   /* in its warp's active path (the one that issues) */
    SIMTY_THREAD_READY,    /* in another runnable path of its warp */
    SIMTY_THREAD_BARRIER,  /* parked at the barrier */
    SIMTY_THREAD_WRS,      /* parked in wrs.nto/wrs.sto */
    SIMTY_THREAD_BACKOFF,  /* backed off by the spin detector for a time */
    SIMTY_THREAD_SPIN,     /* parked by the spin detector until a store */
    SIMTY_THREAD_PARKED,   /* ended in a self-loop (jal x0, 0) */
    SIMTY_THREAD_EXITED,   /* ended by ecall exit */
} simty_thread_state;

/* State of a thread (SIMTY_THREAD_EXITED for a hart that does not exist). */
simty_thread_state simty_thread_state_get(const simty_sim *s, unsigned hart);
const char *simty_thread_state_name(simty_thread_state t);

typedef struct simty_path_info {
    uint32_t pc;
    int32_t depth;   /* call depth (a priority; relative values matter) */
    uint64_t mask;   /* its lanes: bit l is hart (core x W + warp) x T + l */
    simty_thread_state state; /* ACTIVE, READY or a parked kind */
} simty_path_info;

/* The live paths of one warp: the runnable ones in table order (the active
 * one first), then the parked ones.  The scalar model has no warps: one
 * path per live thread.  Writes at most max entries and returns how many
 * there are, or -1 for a core or warp that does not exist. */
int simty_warp_paths(const simty_sim *s, unsigned core, unsigned warp, simty_path_info *out,
                     unsigned max);

/* A debugger's single step between cycles (docs/design.md, README
 * "Debugging"): runs the path that holds live thread `hart` for one
 * instruction, and nothing else: no other warp issues and model time does
 * not advance (the instruction is counted in the statistics like any slot).
 * Every lane of that path executes the instruction, as the warp would.  If
 * the thread is in a ready path of its warp (not the active one), the
 * warp's active paths run first, slot by slot in the order the warp would
 * run them, until a slot has run the thread (at most 1024 slots).  The
 * scalar model steps the thread alone.  The cycle model runs the slot
 * functionally at the boundary and redirects the warp's fetch, as after a
 * PC write.  Returns 0 (stepped; the run may have ended: a fault, the last
 * thread's exit), 1 (cycle model: the warp has an executed instruction
 * waiting to commit; run one cycle and step again) or -1 (no such live
 * thread, the run is over, or the thread waits in a parked path). */
int simty_step_thread(simty_sim *s, unsigned hart);

/* Asks a running simulation to stop at its next cycle boundary, with exit
 * reason INTERRUPTED and status 128 + signo.  Async-signal-safe (it only
 * sets a flag of the instance), so a signal handler may call it; it may be
 * called before simty_run() too. */
void simty_request_stop(simty_sim *s, int signo);

/* A run's progress as a front end shows it while the run goes on (simty
 * run's status line and --heartbeat).  `fn` is called on the thread that
 * runs the simulation, between cycles:
 *   SIMTY_MONITOR_TICK every `interval` seconds of host wall time, with
 *     the run so far in `info`;
 *   SIMTY_MONITOR_OUTPUT (info NULL) just before the program's console
 *     output is written, so that a status line on the same terminal can be
 *     erased first.
 * The host clock is read every few milliseconds of simulation, never per
 * cycle; what a run does and counts is the same with a monitor or without.
 * fn NULL removes the monitor.  Returns 0, or -1 if interval is not a
 * positive number of seconds. */
typedef struct simty_monitor_info {
    uint64_t cycles;              /* model time so far (simty_stats.cycles) */
    uint64_t thread_instructions; /* retired so far */
    unsigned live_threads;        /* threads that have not ended */
    unsigned threads;             /* threads of the machine */
    double seconds;               /* host wall time of the run so far */
} simty_monitor_info;
typedef enum { SIMTY_MONITOR_TICK, SIMTY_MONITOR_OUTPUT } simty_monitor_event;
typedef void simty_monitor_fn(simty_monitor_event event, const simty_monitor_info *info,
                              void *ctx);
int simty_set_monitor(simty_sim *s, double interval, simty_monitor_fn *fn, void *ctx);

/* Semihosting (docs/platform.md, "Semihosting"): the guest's command line
 * (GET_CMDLINE: argv[0] is the program; arguments joined by spaces, one
 * with a space, tab, newline, quote or backslash, or empty, in double
 * quotes with " and \ escaped by a backslash); 0, or -1 out of memory. */
int simty_set_cmdline(simty_sim *s, int argc, const char *const *argv);
/* The root of the guest's host files (NULL: the current directory): guest
 * paths are relative to it and cannot leave it.  Turns host files on.  0,
 * or -1 with a reason if it is not a directory that can be opened. */
int simty_set_fs_root(simty_sim *s, const char *dir, char *err, size_t errlen);
/* Host file access and the host's stdin on, or off: the default of
 * simty_create (a guest then has only the ":tt" console output; its stdin
 * is at end of file).  `simty run` turns them on, `simty bench`, the Python
 * bindings and the fuzzer leave them off.  On without simty_set_fs_root:
 * the root is the process's current directory. */
void simty_set_host_files(simty_sim *s, int on);

const simty_result *simty_result_get(const simty_sim *s);
const simty_stats *simty_stats_get(const simty_sim *s);

/* Statistics of the region of interest (the program's first write of 1 to
 * CSR 0x7c0 up to its first write of 0 after it, or the end of the run), or
 * NULL if the program marked none.  max_paths is the ROI's own; sim_seconds
 * is 0 (host time is measured for whole runs only). */
const simty_stats *simty_roi_stats_get(const simty_sim *s);

/* The statistics of core `core` (0..cores-1) and its part of the region of
 * interest; NULL for a core that does not exist (or no region).  The
 * machine's (simty_stats_get) are their sum, the maxima their maximum;
 * every core's cycles are the machine's. */
const simty_stats *simty_core_stats_get(const simty_sim *s, unsigned core);
const simty_stats *simty_core_roi_stats_get(const simty_sim *s, unsigned core);


/* ---- program inspection (for disassemblers and debugger front ends) ----
 *
 * The loaded program as the ELF file describes it.  Names and file names
 * come from the file: guest-controlled text, to be escaped before printing.
 * Before a program is loaded there are no symbols and no segments. */

/* Address of an ELF symbol of the loaded program; returns 0 if found. */
int simty_find_symbol(const simty_sim *s, const char *name, uint32_t *addr);

/* The program's symbols, sorted by address and then name: symbol i
 * (0..count-1).  simty_symbol_get() returns 0, or -1 for an i out of range;
 * the name lives as long as the instance. */
size_t simty_symbol_count(const simty_sim *s);
int simty_symbol_get(const simty_sim *s, size_t i, const char **name, uint32_t *addr);

/* The program's executable segments (every PF_X PT_LOAD, in file order):
 * [addr, addr+size) at their physical addresses.  Returns 0, or -1 for an
 * i out of range. */
unsigned simty_exec_segment_count(const simty_sim *s);
int simty_exec_segment_get(const simty_sim *s, unsigned i, uint32_t *addr, uint32_t *size);

/* Disassembles the instruction at addr in guest memory as it is now, in
 * GNU objdump syntax with jump targets named by symbol: with objdump's
 * standard aliases (ret, li, mv, beqz...) if aliases is non-zero, else the
 * raw forms (objdump -M no-aliases; compressed instructions as c.*).
 * Writes "mnemonic\toperands" into buf and the instruction into *word (a
 * compressed instruction's 16-bit parcel).  Returns its length in bytes,
 * 4, or 2 for a compressed instruction (a program built with the C
 * extension), or -1 if addr is misaligned or the instruction is not all in
 * guest memory. */
int simty_disasm(const simty_sim *s, uint32_t addr, int aliases, uint32_t *word, char *buf,
                 size_t n);

/* The ABI names of the integer registers x0..x31 ("zero", "ra", "sp", ...,
 * "s0", ..., "t6") and of the FP registers f0..f31 ("ft0", ..., "fa0", ...,
 * "ft11"), as simty_disasm() writes them; NULL for r > 31. */
const char *simty_reg_name(unsigned r);
const char *simty_freg_name(unsigned r);

/* If the instruction at pc writes memory when thread `hart` executes it
 * with its registers as they are now (a store of any width, FP and
 * compressed ones included, an AMO or SC), the address of its first byte
 * as the program sees it and its size in bytes; returns 1, else 0 (not a
 * store, or pc is not code in memory).  For debuggers' watchpoints. */
int simty_store_at(const simty_sim *s, unsigned hart, uint32_t pc, uint32_t *addr,
                   uint32_t *len);

/* Reads the DWARF line table (.debug_line, versions 2 to 5; the program
 * needs -g) from the file simty_load() loaded, which must not have changed
 * since.  A program without one gives an empty table.  Returns 0 (also when
 * already read), or -1 with a one-line reason: the file cannot be read, its
 * table is corrupt, or the program came from simty_load_image(). */
int simty_load_source_lines(simty_sim *s, char *err, size_t errlen);

/* The source line an address comes from (the last row of the line table
 * at the greatest address <= addr): its file index and line number (>= 1).
 * Returns 0, or -1 if no row covers addr (none before it, the end of a
 * sequence) or the table was not read. */
int simty_source_line(const simty_sim *s, uint32_t addr, unsigned *file, uint32_t *line);

/* The table's source files, "dir/name" as the debug information gives
 * them: file indices 0..count-1 (NULL for one out of range). */
unsigned simty_source_file_count(const simty_sim *s);
const char *simty_source_file(const simty_sim *s, unsigned file);

/* Shell exit status for a finished run (docs/platform.md). */
int simty_exit_status(const simty_result *r);

const char *simty_exit_reason_name(simty_exit_reason r);

/* The forward-progress guarantee of a configuration (docs/progress.md): with
 * the policy on, a runnable path issues within this many commits of its
 * warp: threshold + (T - 1) x turn + 1. */
uint64_t simty_starvation_bound(const simty_config *cfg);
const char *simty_model_name(simty_model_kind m);

/* Writes the words from begin_signature to end_signature, one 8-hex-digit
 * word per line.  Returns 0, or -1 with a reason. */
int simty_write_signature(simty_sim *s, const char *path, char *err, size_t errlen);

/* Human summary and JSON statistics. */
void simty_print_stats(const simty_sim *s, FILE *f);
int simty_write_stats_json(const simty_sim *s, const char *path, char *err, size_t errlen);
/* The same JSON document in a new string (free it with simty_free), or
 * NULL without host memory. */
char *simty_stats_json(const simty_sim *s);
void simty_free(void *p);

/* Run records: one finished run as a row of simty bench's table. */
typedef struct simty_record {
    int ok;             /* as expected: exit code 0 (a deadlock for a program that
                         * defines simty_expect_deadlock) */
    int roi;            /* st covers the region of interest, not the whole run */
    int status;         /* the simty command's exit status for this run */
    char outcome[24];   /* pass, FAIL (exit N), fault, deadlock, cycle limit, ... */
    char detail[160];   /* why a run failed: the simulator's message or the last
                         * line of the guest's console */
    simty_stats st;     /* region of interest, or the whole run */
    uint64_t total_cycles, total_thread_instructions; /* the whole run */
    double host_seconds; /* CPU time of the simulating thread */
} simty_record;

/* Runs a loaded simulator to its end (simty_run) and fills r. */
void simty_record_run(simty_sim *s, simty_record *r);
/* A run that never started: status 126, outcome and detail as given. */
void simty_record_error(simty_record *r, const char *outcome, const char *detail);
/* simty bench -f csv: the header line, and the row of run number `run`
 * (its place in the grid) of a machine configured by cfg running the
 * program `name`; the string form is freed with simty_free (NULL: no
 * host memory). */
const char *simty_record_csv_header(void);
void simty_record_csv(FILE *f, const simty_record *r, const simty_config *cfg,
                      const char *name, unsigned long run);
char *simty_record_csv_string(const simty_record *r, const simty_config *cfg, const char *name,
                              unsigned long run);
/* simty_record_run() then simty_record_csv_string(): runs a loaded
 * simulator to its end and returns its row (NULL: no host memory). */
char *simty_run_csv(simty_sim *s, const char *name, unsigned long run);
/* The row of a run that never started (simty_record_error(): status 126,
 * the outcome and detail given), for bindings that cannot hold a record
 * (free with simty_free; NULL: no host memory). */
char *simty_error_csv(const simty_config *cfg, const char *name, unsigned long run,
                      const char *outcome, const char *detail);
/* Figures of the table: thread instructions per executed lane slot; the
 * same outside the SDK barrier's wait routine; that routine's share of
 * executed slots. */
double simty_record_simd_efficiency(const simty_record *r, const simty_config *cfg);
double simty_record_work_efficiency(const simty_record *r, const simty_config *cfg);
double simty_record_barrier_share(const simty_record *r);

/* Prints the state of every warp (paths, symbol+offset, masks); used for
 * deadlock reports. */
void simty_dump_state(const simty_sim *s, FILE *f);

#endif
