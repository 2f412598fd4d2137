/* The simty command: run programs (simty run) and dispatch to the other
 * subcommands (disasm.c, bench.c). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/bench.h"
#include "cli/disasm.h"
#include "cli/gdb.h"
#include "cli/options.h"
#include "cli/output.h"
#include "cli/status.h"
#include "simty.h"
#include "util/escape.h"

static const char commands_text[] =
    "usage: simty run [options] PROGRAM.elf [ARG...]   (or simty PROGRAM.elf [ARG...])\n"
    "       simty disasm [options] PROGRAM.elf   (see simty disasm --help)\n"
    "       simty bench [options] PROGRAM.elf|DIRECTORY...   (see simty bench --help)\n"
    "       simty bench --merge [-f csv|md] [-o FILE] TABLE.csv...\n"
    "       simty plugins   (the policies that options choose by name, one a line)\n"
    "       simty --help | --version\n";

static const char run_usage_text[] = "usage: simty run [options] PROGRAM.elf [ARG...]\n";

static const char run_options_text[] =
    "\n"
    "Runs an RV32GC ELF program on simulated Simty cores (many threads, grouped\n"
    "in warps that execute in lockstep; every core runs the program).\n"
    "\n"
    "Machine:\n"
    "  -c, --cores N          cores, 1..64 (default 1); hart id =\n"
    "                         (core x W + warp) x T + lane\n"
    "      --host-threads N   host threads that simulate the cores, 1..64 (default\n"
    "                         1); results are the same for every N (with a trace\n"
    "                         the cores run on one thread); fast with --quantum\n"
    "      --host-threads-min N  core-cycles each host thread must run per\n"
    "                         quantum for the threads to be used (default 64;\n"
    "                         1: always); below, the cores run on one thread\n"
    "      --quantum Q        cycles the cores run apart between exchanges of their\n"
    "                         stores, atomics and waits, 1..100000 (default 1:\n"
    "                         sequentially consistent); more than 1: cycle model,\n"
    "                         TSO across threads, at most noc.latency with a\n"
    "                         memory hierarchy (docs/platform.md)\n"
    "  -w, --warps N          warps per core, 1..64 (default 8)\n"
    "  -t, --threads N        threads per warp, 1..64 (default 4)\n"
    "  -m, --model M          cycle (default): the 10-stage pipeline, cycle by cycle;\n"
    "                         simt: warps run in SIMT lockstep, one slot per step;\n"
    "                         scalar: every thread alone, the reference model\n";

/* (then the plug-in options, print_plugin_options) */
static const char run_options_tail[] =
    "      --misaligned M     misaligned loads and stores: hardware (default):\n"
    "                         performed byte by byte; trap: an address-misaligned\n"
    "                         exception (a guest fault without a handler)\n"
    "      --progress on|off  forward-progress path scheduling (default on,\n"
    "                         docs/progress.md); off: the paper's pure priority\n"
    "      --progress-threshold N  commits a runnable path may wait before it gets\n"
    "                         a turn, 1..2^30 (default 262144)\n"
    "      --progress-turn N  commits a turn lasts, 1..2^30 (default 1024)\n"
    "      --spin-detect on|off  back off paths that spin without effect (default\n"
    "                         on; needs --progress on)\n"
    "      --mem-latency N    cycle model, ideal memory: a load wakes its warp N\n"
    "                         cycles later than the 1-cycle scratchpad (default 0,\n"
    "                         at most 100000)\n"
    "      --fp-latency KIND=N[,...]  cycle model: cycles from execute to result of\n"
    "                         F and D operations; KIND fma (add, sub, mul, fused;\n"
    "                         default 4), div (16), sqrt (16), cvt (2), misc (1)\n"
    "      --memory M         cycle model memory timing (docs/memory.md): ideal\n"
    "                         (default: a perfect memory, --mem-latency); ddr4-3200\n"
    "                         or hbm2: L1 I/D caches per core, a banked L2 and\n"
    "                         that DRAM (timing only: accesses do what they did)\n"
    "      --mem-set KEY=VALUE  change one setting of the hierarchy (repeatable),\n"
    "                         e.g. l2.size=2M; --mem-set help lists them\n"
    "      --ram-size SIZE    main RAM at 0x80000000, 4K..2047M (default 64M, or\n"
    "                         more: what the machine's 8 KiB SDK stacks need)\n"
    "      --mem BASE:SIZE    add a RAM region (repeatable), e.g. --mem 0:64K\n"
    "                         (sizes and bases: multiples of 4 bytes)\n"
    "      --stack-interleave store the SDK's per-thread stacks interleaved word by\n"
    "                         word, so lane-uniform stack accesses coalesce\n"
    "                         (docs/platform.md; results do not change)\n"
    "      --no-stack-check   do not stop an SDK program whose thread moves sp out\n"
    "                         of its own stack area (a stack overflow)\n"
    "\n"
    "Run control and output:\n"
    "      --max-cycles N     stop with status 124 after N cycles (default: no limit)\n"
    "      --timeout S        stop with status 124 after S seconds of host CPU time\n"
    "      --sample           sampled simulation of a long run (cycle model, one\n"
    "                         core): the simt model fast-forwards, warming the\n"
    "                         caches, and the cycle model measures windows; --stats\n"
    "                         and --stats-json report the estimated cycles with a\n"
    "                         95% confidence interval (README, \"Sampled simulation\")\n"
    "      --sample-interval N  warp-instructions fast-forwarded between windows\n"
    "                         (default 100000)\n"
    "      --sample-window N  warp-instructions measured per window (default 1000)\n"
    "      --sample-warmup N  warp-instructions of detailed warming before each\n"
    "                         window (default 1000; 0: none)\n"
    "      --heartbeat S      a status line on stderr every S seconds, 1..86400:\n"
    "                         cycles, thread-instructions, their rates, live\n"
    "                         threads, elapsed time; one full line each (logs,\n"
    "                         pipes).  Without it, when stderr is a terminal, a\n"
    "                         live line shows from 2 s into a run, erased at the end\n"
    "  -q, --quiet            neither the live status line nor --heartbeat's\n"
    "      --signature FILE   write the words between begin_signature and end_signature\n"
    "                         ('-' for stdout)\n"
    "      --stats            print a statistics summary on stderr\n"
    "      --stats-json FILE  write statistics as JSON ('-' for stdout)\n"
    "      --trace-commits FILE  one line per committed warp-instruction: cycle, warp,\n"
    "                         PC, bits, disassembly, lane mask, register writes per lane\n"
    "      --trace-kanata FILE   pipeline log for the Konata viewer (cycle model)\n"
    "      --trace-limit SIZE  at most SIZE bytes per trace file, cut at a line\n"
    "                         (default 1G; 0: no limit)\n"
    "      --trace-from N     trace only from cycle N (Kanata: instructions fetched\n"
    "      --trace-to M       from cycle N and before cycle M > N, each to its end)\n"
    "      --trace-roi        trace only inside the region of interest\n"
    "      --gdb PORT         serve the GDB remote protocol on 127.0.0.1:PORT (0: any\n"
    "                         free port; the port is printed on stderr); the run\n"
    "                         starts at once and stops when gdb attaches\n"
    "      --gdb-wait         with --gdb: wait for gdb before the first cycle\n"
    "      --fs-root DIR      the guest's host files (semihosting) are under DIR\n"
    "                         (default: the current directory); it cannot leave it\n"
    "      --no-host-files    no host file access for the guest (its console stays)\n"
    "      --checkpoint FILE  with --checkpoint-at: write the whole machine to FILE\n"
    "      --checkpoint-at N  ... when the run reaches cycle N (with --quantum Q on\n"
    "                         several cores: the first quantum boundary from N on),\n"
    "                         then go on (README \"Checkpoints\")\n"
    "      --checkpoint-exit  stop once the checkpoint is written (status 0)\n"
    "      --restore FILE     continue the run saved in FILE (no program: the machine,\n"
    "                         program and command line come from it; only run control\n"
    "                         and output options may be given)\n"
    "  -h, --help             this text\n"
    "\n"
    "Exit status: the program's exit code; 121 guest fault, 122 deadlock,\n"
    "123 an output cannot be written (stdout, a trace or an output file),\n"
    "124 cycle or time limit, 125 usage error, 126 program cannot be loaded\n"
    "(or its SDK stacks do not fit in RAM, checked before the run; or\n"
    "a --restore checkpoint is refused: another build, corrupt or truncated),\n"
    "130/143 interrupted by SIGINT/SIGTERM (the outputs are still written).\n";

#define MAX_MEM_SETS 64

typedef struct cli_opts {
    simty_config cfg;
    const char *program;
    const char *signature;
    const char *stats_json;
    const char *trace_commits;
    const char *trace_kanata;
    uint64_t trace_limit;
    int stats, trace_window;
    int spin_detect_on; /* --spin-detect on given */ /* trace_window: --trace-from/-to/-roi given */
    int trace_to_given; /* --trace-to given (cfg.trace_to 0 means "no end") */
    const char *memory;  /* --memory */
    char **mem_set;      /* --mem-set, applied after --memory whatever their order */
    unsigned n_mem_set;
    gdb_options gdb;     /* --gdb, --gdb-wait */
    unsigned heartbeat;  /* --heartbeat seconds, or 0 */
    int quiet;           /* --quiet */
    const char *fs_root; /* --fs-root (NULL: the current directory) */
    int no_host_files;   /* --no-host-files */
    int sample;          /* --sample */
    int sample_set;      /* --sample-interval, -window or -warmup given */
    simty_sampling sampling;
    int guest_argc;      /* the program and its arguments (GET_CMDLINE) */
    char **guest_argv;
    const char *checkpoint; /* --checkpoint FILE */
    uint64_t checkpoint_at; /* --checkpoint-at N */
    int checkpoint_at_given, checkpoint_exit;
    const char *restore;    /* --restore FILE */
    const char *machine_opt; /* the first machine option given (--restore refuses it) */
} cli_opts;

enum {
    OPT_PATHS = 256,
    OPT_PRIORITY,
    OPT_COALESCER,
    OPT_STEERING,
    OPT_MEM,
    OPT_RAM_SIZE,
    OPT_MAX_CYCLES,
    OPT_SIGNATURE,
    OPT_STATS,
    OPT_STATS_JSON,
    OPT_MEM_LATENCY,
    OPT_FP_LATENCY,
    OPT_TRACE_COMMITS,
    OPT_TRACE_KANATA,
    OPT_TRACE_LIMIT,
    OPT_TIMEOUT,
    OPT_TRACE_FROM,
    OPT_TRACE_TO,
    OPT_TRACE_ROI,
    OPT_STACK_INTERLEAVE,
    OPT_MISALIGNED,
    OPT_NO_STACK_CHECK,
    OPT_PROGRESS,
    OPT_PROGRESS_THRESHOLD,
    OPT_PROGRESS_TURN,
    OPT_SPIN_DETECT,
    OPT_MEMORY,
    OPT_MEM_SET,
    OPT_HOST_THREADS,
    OPT_HOST_THREADS_MIN,
    OPT_QUANTUM,
    OPT_GDB,
    OPT_GDB_WAIT,
    OPT_HEARTBEAT,
    OPT_FS_ROOT,
    OPT_NO_HOST_FILES,
    OPT_SAMPLE,
    OPT_SAMPLE_INTERVAL,
    OPT_SAMPLE_WINDOW,
    OPT_SAMPLE_WARMUP,
    OPT_CHECKPOINT,
    OPT_CHECKPOINT_AT,
    OPT_CHECKPOINT_EXIT,
    OPT_RESTORE,
};

static void print_run_options(void)
{
    fputs(run_options_text, stdout);
    print_plugin_options(stdout, 0);
    fputs(run_options_tail, stdout);
}

/* parse_args() printed the help text: the command succeeds. */
#define HELP_SHOWN (-1)

static const struct option run_longopts[] = {
    {"cores", required_argument, 0, 'c'},
    {"warps", required_argument, 0, 'w'},
    {"threads", required_argument, 0, 't'},
    {"model", required_argument, 0, 'm'},
    {"paths", required_argument, 0, OPT_PATHS},
    {"priority", required_argument, 0, OPT_PRIORITY},
    {"coalescer", required_argument, 0, OPT_COALESCER},
    {"steering", required_argument, 0, OPT_STEERING},
    {"mem", required_argument, 0, OPT_MEM},
    {"ram-size", required_argument, 0, OPT_RAM_SIZE},
    {"max-cycles", required_argument, 0, OPT_MAX_CYCLES},
    {"signature", required_argument, 0, OPT_SIGNATURE},
    {"stats", no_argument, 0, OPT_STATS},
    {"stats-json", required_argument, 0, OPT_STATS_JSON},
    {"mem-latency", required_argument, 0, OPT_MEM_LATENCY},
    {"fp-latency", required_argument, 0, OPT_FP_LATENCY},
    {"trace-commits", required_argument, 0, OPT_TRACE_COMMITS},
    {"trace-kanata", required_argument, 0, OPT_TRACE_KANATA},
    {"trace-limit", required_argument, 0, OPT_TRACE_LIMIT},
    {"timeout", required_argument, 0, OPT_TIMEOUT},
    {"trace-from", required_argument, 0, OPT_TRACE_FROM},
    {"trace-to", required_argument, 0, OPT_TRACE_TO},
    {"trace-roi", no_argument, 0, OPT_TRACE_ROI},
    {"stack-interleave", no_argument, 0, OPT_STACK_INTERLEAVE},
    {"misaligned", required_argument, 0, OPT_MISALIGNED},
    {"no-stack-check", no_argument, 0, OPT_NO_STACK_CHECK},
    {"help", no_argument, 0, 'h'},
    {"progress", required_argument, 0, OPT_PROGRESS},
    {"progress-threshold", required_argument, 0, OPT_PROGRESS_THRESHOLD},
    {"progress-turn", required_argument, 0, OPT_PROGRESS_TURN},
    {"spin-detect", required_argument, 0, OPT_SPIN_DETECT},
    {"memory", required_argument, 0, OPT_MEMORY},
    {"mem-set", required_argument, 0, OPT_MEM_SET},
    {"host-threads", required_argument, 0, OPT_HOST_THREADS},
    {"host-threads-min", required_argument, 0, OPT_HOST_THREADS_MIN},
    {"quantum", required_argument, 0, OPT_QUANTUM},
    {"gdb", required_argument, 0, OPT_GDB},
    {"gdb-wait", no_argument, 0, OPT_GDB_WAIT},
    {"heartbeat", required_argument, 0, OPT_HEARTBEAT},
    {"quiet", no_argument, 0, 'q'},
    {"fs-root", required_argument, 0, OPT_FS_ROOT},
    {"no-host-files", no_argument, 0, OPT_NO_HOST_FILES},
    {"sample", no_argument, 0, OPT_SAMPLE},
    {"sample-interval", required_argument, 0, OPT_SAMPLE_INTERVAL},
    {"sample-window", required_argument, 0, OPT_SAMPLE_WINDOW},
    {"sample-warmup", required_argument, 0, OPT_SAMPLE_WARMUP},
    {"checkpoint", required_argument, 0, OPT_CHECKPOINT},
    {"checkpoint-at", required_argument, 0, OPT_CHECKPOINT_AT},
    {"checkpoint-exit", no_argument, 0, OPT_CHECKPOINT_EXIT},
    {"restore", required_argument, 0, OPT_RESTORE},
    {0, 0, 0, 0},
};

/* A parse_*_option() was given an option of another group. */
#define NOT_MINE (-2)

/* The machine options that are simty_config settings of the same name
 * (parse_setting), applied as they come. */
static const struct {
    int opt;
    const char *key;
} setting_opts[] = {
    {'c', "cores"},
    {OPT_QUANTUM, "quantum"},
    {OPT_HOST_THREADS, "host-threads"},
    {OPT_HOST_THREADS_MIN, "host-threads-min"},
    {'w', "warps"},
    {'t', "threads"},
    {'m', "model"},
    {OPT_PATHS, "paths"},
    {OPT_PRIORITY, "priority"},
    {OPT_COALESCER, "coalescer"},
    {OPT_STEERING, "steering"},
    {OPT_MISALIGNED, "misaligned"},
    {OPT_MEM, "mem"},
    {OPT_RAM_SIZE, "ram-size"},
    {OPT_MAX_CYCLES, "max-cycles"},
    {OPT_MEM_LATENCY, "mem-latency"},
    {OPT_FP_LATENCY, "fp-latency"},
    {OPT_TIMEOUT, "timeout"},
    {OPT_PROGRESS, "progress"},
    {OPT_PROGRESS_THRESHOLD, "progress-threshold"},
    {OPT_PROGRESS_TURN, "progress-turn"},
};

/* --mem-set help: the hierarchy's keys with --memory's values (or
 * ddr4-3200's). */
static int print_mem_set_help(const cli_opts *o)
{
    simty_config tmp;
    simty_config_default(&tmp);
    simty_memory_preset(&tmp, o->memory ? o->memory : "ddr4-3200", NULL, 0);
    printf("--mem-set KEY=VALUE: the memory hierarchy's settings (%s values)\n",
           tmp.memory.preset);
    simty_memory_print_keys(&tmp, stdout);
    return HELP_SHOWN;
}

/* The machine: the settings, the flags, --memory and --mem-set (kept for
 * after the loop). */
static int parse_machine_option(int c, cli_opts *o)
{
    for (size_t i = 0; i < sizeof setting_opts / sizeof setting_opts[0]; i++)
        if (setting_opts[i].opt == c)
            return parse_setting(&o->cfg, setting_opts[i].key, optarg);
    int rc;
    switch (c) {
    case OPT_SPIN_DETECT:
        rc = parse_setting(&o->cfg, "spin-detect", optarg);
        o->spin_detect_on = !rc && !strcmp(optarg, "on");
        return rc;
    case OPT_STACK_INTERLEAVE: o->cfg.stack_interleave = 1; return 0;
    case OPT_NO_STACK_CHECK: o->cfg.no_stack_check = 1; return 0;
    case OPT_MEMORY: o->memory = optarg; return 0;
    case OPT_MEM_SET:
        if (!strcmp(optarg, "help"))
            return print_mem_set_help(o);
        if (o->n_mem_set == MAX_MEM_SETS)
            return usage_error("--mem-set: at most %d settings", MAX_MEM_SETS);
        o->mem_set[o->n_mem_set++] = optarg;
        return 0;
    default: return NOT_MINE;
    }
}

/* The traces: their files, size limit and window. */
static int parse_trace_option(int c, cli_opts *o)
{
    uint64_t v;
    switch (c) {
    case OPT_TRACE_COMMITS: o->trace_commits = optarg; return 0;
    case OPT_TRACE_KANATA: o->trace_kanata = optarg; return 0;
    case OPT_TRACE_LIMIT:
        if (parse_u64(optarg, &v, 1))
            return usage_error("--trace-limit: expected a size in bytes (0: no limit), got '%s'",
                               optarg);
        o->trace_limit = v;
        return 0;
    case OPT_TRACE_FROM:
    case OPT_TRACE_TO:
        if (parse_u64(optarg, &v, 0))
            return usage_error("%s: expected a cycle number, got '%s'",
                               c == OPT_TRACE_FROM ? "--trace-from" : "--trace-to", optarg);
        if (c == OPT_TRACE_FROM)
            o->cfg.trace_from = v;
        else
            o->cfg.trace_to = v, o->trace_to_given = 1;
        o->trace_window = 1;
        return 0;
    case OPT_TRACE_ROI: o->cfg.trace_roi = 1, o->trace_window = 1; return 0;
    default: return NOT_MINE;
    }
}

/* Run control and output: files written at the end, status lines, gdb,
 * the guest's host files, help. */
static int parse_session_option(int c, cli_opts *o)
{
    switch (c) {
    case OPT_SIGNATURE: o->signature = optarg; return 0;
    case OPT_STATS: o->stats = 1; return 0;
    case OPT_STATS_JSON: o->stats_json = optarg; return 0;
    case OPT_GDB:
        o->gdb.enabled = 1;
        return parse_uint_opt("--gdb", optarg, 0, 65535, &o->gdb.port);
    case OPT_GDB_WAIT: o->gdb.wait = 1; return 0;
    case OPT_HEARTBEAT: return parse_uint_opt("--heartbeat", optarg, 1, 86400, &o->heartbeat);
    case 'q': o->quiet = 1; return 0;
    case OPT_FS_ROOT: o->fs_root = optarg; return 0;
    case OPT_NO_HOST_FILES: o->no_host_files = 1; return 0;
    case OPT_CHECKPOINT: o->checkpoint = optarg; return 0;
    case OPT_CHECKPOINT_AT:
        if (parse_u64(optarg, &o->checkpoint_at, 0))
            return usage_error("--checkpoint-at: expected a cycle number, got '%s'", optarg);
        o->checkpoint_at_given = 1;
        return 0;
    case OPT_CHECKPOINT_EXIT: o->checkpoint_exit = 1; return 0;
    case OPT_RESTORE: o->restore = optarg; return 0;
    case 'h':
        fputs(run_usage_text, stdout);
        print_run_options();
        return HELP_SHOWN;
    default: return NOT_MINE;
    }
}

/* Sampled simulation: --sample and its interval, window and warm-up. */
static int parse_sample_option(int c, cli_opts *o)
{
    static const struct {
        int opt;
        const char *name, *what;
        uint64_t min;
    } num[] = {
        {OPT_SAMPLE_INTERVAL, "--sample-interval", "warp-instructions", 1},
        {OPT_SAMPLE_WINDOW, "--sample-window", "warp-instructions", 1},
        {OPT_SAMPLE_WARMUP, "--sample-warmup", "warp-instructions", 0},
    };
    if (c == OPT_SAMPLE) {
        o->sample = 1;
        return 0;
    }
    for (unsigned i = 0; i < sizeof num / sizeof *num; i++) {
        if (num[i].opt != c)
            continue;
        uint64_t v;
        if (parse_u64(optarg, &v, 0) || v < num[i].min || v > (1ull << 40))
            return usage_error("%s: expected a number of %s, %llu..2^40, got '%s'",
                               num[i].name, num[i].what, (unsigned long long)num[i].min,
                               optarg);
        uint64_t *field[] = {&o->sampling.interval, &o->sampling.window,
                             &o->sampling.warmup};
        *field[i] = v;
        o->sample_set = 1;
        return 0;
    }
    return NOT_MINE;
}

/* One option getopt_long() returned: 0, HELP_SHOWN or an error status. */
static int parse_option(int c, char **argv, cli_opts *o)
{
    int rc = parse_machine_option(c, o);
    /* (run control among them: what a --restore may change) */
    if (rc != NOT_MINE && !o->machine_opt && c != OPT_HOST_THREADS &&
        c != OPT_HOST_THREADS_MIN && c != OPT_MAX_CYCLES && c != OPT_TIMEOUT)
        for (const struct option *l = run_longopts; l->name && !o->machine_opt; l++)
            if (l->val == c)
                o->machine_opt = l->name;
    if (rc == NOT_MINE)
        rc = parse_sample_option(c, o);
    if (rc == NOT_MINE)
        rc = parse_trace_option(c, o);
    if (rc == NOT_MINE)
        rc = parse_session_option(c, o);
    return rc == NOT_MINE ? option_error(argv, run_longopts) : rc;
}

/* --memory, then the --mem-set changes, whatever their order. */
static int apply_memory_options(cli_opts *o)
{
    int rc;
    if (o->memory && (rc = parse_setting(&o->cfg, "memory", o->memory)))
        return rc;
    for (unsigned i = 0; i < o->n_mem_set; i++)
        if ((rc = parse_setting(&o->cfg, "mem-set", o->mem_set[i])))
            return rc;
    return 0;
}

/* --restore: the machine, the program and its command line, the guest's
 * host files come from the checkpoint; run control and outputs may be
 * given (a machine option is refused, whatever its value). */
static int check_restore_options(const cli_opts *o, int argc)
{
    if (optind < argc)
        return usage_error("--restore: no program may be given (the checkpoint holds the "
                           "program and its arguments)");
    if (o->machine_opt)
        return usage_error("--restore: the machine's options come from the checkpoint; --%s "
                           "cannot be given", o->machine_opt);
    if (o->fs_root || o->no_host_files)
        return usage_error("--restore: the guest's host files (--fs-root, --no-host-files) come "
                           "from the checkpoint");
    if (o->trace_kanata)
        return usage_error("--restore: no Kanata trace (--trace-kanata) across a checkpoint: "
                           "the log's records in flight are not saved");
    if (o->gdb.enabled)
        return usage_error("--restore and --gdb: give one of them");
    if (o->sample)
        return usage_error("--sample and --restore: a sampled run switches models; checkpoints "
                           "are of full runs");
    return 0;
}

/* The options that go together or exclude each other; a program given. */
static int check_option_pairs(const cli_opts *o, int argc)
{
    if (o->trace_window && !o->trace_commits && !o->trace_kanata)
        return usage_error("--trace-from, --trace-to and --trace-roi need --trace-commits or "
                           "--trace-kanata");
    /* the window is [from, to): an empty one is refused, --trace-to 0 too */
    if (o->trace_to_given && o->cfg.trace_to <= o->cfg.trace_from)
        return usage_error("--trace-to (%llu) must be after --trace-from (%llu)",
                           (unsigned long long)o->cfg.trace_to,
                           (unsigned long long)o->cfg.trace_from);
    if (o->spin_detect_on && !o->cfg.progress)
        return usage_error("--spin-detect on needs --progress on (the detector is part of "
                           "the forward-progress scheduler)");
    if (o->quiet && o->heartbeat)
        return usage_error("--quiet and --heartbeat: give one of them");
    if (o->heartbeat && o->gdb.enabled)
        return usage_error("--heartbeat and --gdb: a debugger session shows no status lines");
    if (o->gdb.wait && !o->gdb.enabled)
        return usage_error("--gdb-wait needs --gdb PORT");
    if (o->gdb.enabled && o->cfg.quantum > 1 && o->cfg.cores > 1)
        return usage_error("--gdb needs --quantum 1: a debugger looks at the machine at "
                           "every cycle, and with --quantum %u the cores run %u cycles "
                           "apart", o->cfg.quantum, o->cfg.quantum);
    if (o->checkpoint_at_given != (o->checkpoint != NULL))
        return usage_error("--checkpoint FILE and --checkpoint-at N go together");
    if (o->checkpoint_exit && !o->checkpoint)
        return usage_error("--checkpoint-exit needs --checkpoint FILE and --checkpoint-at N");
    if (o->checkpoint && o->gdb.enabled)
        return usage_error("--checkpoint and --gdb: give one of them");
    if (o->restore)
        return check_restore_options(o, argc);
    if (optind >= argc)
        return usage_error("no program given");
    if (o->fs_root && o->no_host_files)
        return usage_error("--fs-root and --no-host-files: give one of them");
    return 0;
}

static int parse_args(int argc, char **argv, cli_opts *o)
{
    char **mem_set = o->mem_set; /* argc entries, the caller's */
    memset(o, 0, sizeof *o);
    o->mem_set = mem_set;
    simty_config_default(&o->cfg);
    o->trace_limit = TRACE_LIMIT_DEFAULT;
    o->sampling = (simty_sampling){.interval = SIMTY_SAMPLE_INTERVAL,
                                   .window = SIMTY_SAMPLE_WINDOW,
                                   .warmup = SIMTY_SAMPLE_WARMUP};
    opterr = 0;
    optind = 1;
    int c, rc;
    while ((c = getopt_long(argc, argv, "+c:w:t:m:hq", run_longopts, NULL)) != -1)
        if ((rc = parse_option(c, argv, o)))
            return rc;
    if ((rc = apply_memory_options(o)) || (rc = check_option_pairs(o, argc)))
        return rc;
    o->program = argv[optind];
    o->guest_argc = argc - optind; /* the program's own arguments follow it */
    o->guest_argv = argv + optind;
    return 0;
}

/* One warning line per option the model ignores (simty_config_ignored). */
static void warn_ignored(const simty_config *cfg)
{
    char why[160];
    const char *name;
    for (unsigned i = 0; (name = simty_config_ignored(cfg, i, why, sizeof why)); i++)
        fprintf(stderr, "simty: warning: --%s %s\n", name, why);
}

/* SIGINT/SIGTERM: the run stops at its next cycle boundary and writes what
 * was asked for; a second signal ends the process at once. */
static simty_sim *volatile running_sim;
static volatile sig_atomic_t got_signal;

static void on_signal(int signo)
{
    if (got_signal) {
        signal(signo, SIG_DFL);
        raise(signo);
        return;
    }
    got_signal = signo;
    simty_sim *s = running_sim;
    if (s)
        simty_request_stop(s, signo);
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* The one-line report of a run that did not end by itself, and the warps'
 * paths when it is stuck or cut off.  trace_bad: a trace's error line was
 * printed (a run stopped by it is reported by that line alone, even when the
 * console, on the same closed stdout, failed too). */
static void report_end(simty_sim *s, const simty_result *r, int trace_bad)
{
    switch (r->reason) {
    case SIMTY_EXIT_OUTPUT: /* a trace's own error line already said it */
        if (r->output_errno && !trace_bad && !pipe_closed(r->output_errno))
            fprintf(stderr, "simty: %s\n", r->message);
        return;
    case SIMTY_EXIT_FAULT:
        fprintf(stderr, "simty: %s\n", r->message);
        break;
    case SIMTY_EXIT_DEADLOCK:
    case SIMTY_EXIT_MAX_CYCLES:
    case SIMTY_EXIT_TIME_LIMIT:
    case SIMTY_EXIT_INTERRUPTED:
        fprintf(stderr, "simty: %s\n", r->message);
        fprintf(stderr, "simty: live threads at cycle %llu:\n",
                (unsigned long long)simty_stats_get(s)->cycles);
        simty_dump_state(s, stderr);
        break;
    default:
        break;
    }
    if (r->output_errno && r->reason != SIMTY_EXIT_OUTPUT && !pipe_closed(r->output_errno))
        fprintf(stderr, "simty: the program's output cannot be written: %s\n",
                strerror(r->output_errno));
}

/* The error of an output file the library wrote (errno: its cause); none
 * for stdout ("-") closed by its reader. */
static void report_output_error(const char *path, const char *err)
{
    if (!(strcmp(path, "-") == 0 && pipe_closed(errno)))
        fprintf(stderr, "simty: %s\n", err);
}

/* The progress display of a run: --heartbeat's lines, else a live line
 * when stderr is a terminal (and no trace goes to stdout, the same
 * terminal); none with --quiet or --gdb (a debugger session is
 * interactive). */
static status_mode status_mode_of(const cli_opts *o)
{
    if (o->quiet || o->gdb.enabled)
        return STATUS_OFF;
    if (o->heartbeat)
        return STATUS_HEARTBEAT;
    int trace_on_stdout = (o->trace_commits && !strcmp(o->trace_commits, "-")) ||
                          (o->trace_kanata && !strcmp(o->trace_kanata, "-"));
    return isatty(STDERR_FILENO) && !trace_on_stdout ? STATUS_LINE : STATUS_OFF;
}

/* --sample with what it supports (sim/sample.c checks it again). */
static int check_sample_options(const cli_opts *o)
{
    if (o->sample_set && !o->sample)
        return usage_error("--sample-interval, --sample-window and --sample-warmup need "
                           "--sample");
    if (!o->sample)
        return 0;
    if (o->cfg.model != SIMTY_MODEL_CYCLE)
        return usage_error("--sample estimates the cycle model's cycles: it needs --model "
                           "cycle");
    if (o->cfg.cores > 1)
        return usage_error("--sample supports one core (got --cores %u)", o->cfg.cores);
    if (o->trace_kanata)
        return usage_error("--sample and --trace-kanata: a Kanata trace needs every cycle "
                           "of the pipeline");
    if (o->gdb.enabled)
        return usage_error("--sample and --gdb: a debugger session is not sampled");
    if (o->checkpoint || o->restore)
        return usage_error("--sample and %s: a sampled run switches models; checkpoints are of "
                           "full runs", o->restore ? "--restore" : "--checkpoint");
    return 0;
}

/* The checks of simty run's options that need the whole configuration,
 * and the outputs that would overwrite the program. */
static int check_run_options(const cli_opts *o)
{
    char err[512];
    int rc = check_sample_options(o);
    if (rc)
        return rc;
    if (o->trace_kanata && o->cfg.model != SIMTY_MODEL_CYCLE)
        return usage_error("--trace-kanata needs the cycle model (--model cycle)");
    if (simty_config_check(&o->cfg, err, sizeof err))
        return usage_error("%s", err);
    /* (with --restore, the checkpoint is the input not to overwrite) */
    char *prog[] = {(char *)(o->restore ? o->restore : o->program)};
    if (output_is_input("--trace-commits", o->trace_commits, prog, 1, "the trace") ||
        output_is_input("--trace-kanata", o->trace_kanata, prog, 1, "the trace") ||
        output_is_input("--signature", o->signature, prog, 1, "the signature") ||
        output_is_input("--stats-json", o->stats_json, prog, 1, "the statistics") ||
        output_is_input("--checkpoint", o->checkpoint, prog, 1, "the checkpoint"))
        return SIMTY_STATUS_USAGE;
    return 0;
}

/* Creates the simulator (*sp, NULL if that failed), loads the program and
 * gives it its command line, host files and gdb's socket (*gdb_fd, or -1).
 * 0, or the exit status with its error printed. */
static int start_sim(cli_opts *o, simty_sim **sp, int *gdb_fd)
{
    char err[512];
    /* the configuration is valid: what fails now is host memory */
    simty_sim *s = *sp = simty_create(&o->cfg, err, sizeof err);
    if (!s || simty_load(s, o->program, err, sizeof err)) {
        fprintf(stderr, "simty: %s\n", err);
        return SIMTY_STATUS_LOAD;
    }
    const char *warning;
    for (unsigned i = 0; !o->quiet && (warning = simty_load_warning(s, i)); i++)
        fprintf(stderr, "simty: warning: %s\n", warning);
    char note[256];
    if (simty_host_threads(s, note, sizeof note) && note[0] && !o->quiet)
        fprintf(stderr, "simty: note: %s\n", note);
    /* argv[0]: the program's file name, as the library's default. */
    const char *slash = strrchr(o->guest_argv[0], '/');
    if (slash)
        o->guest_argv[0] = (char *)slash + 1;
    if (simty_set_cmdline(s, o->guest_argc, (const char *const *)o->guest_argv) ||
        (o->fs_root && simty_set_fs_root(s, o->fs_root, err, sizeof err))) {
        fprintf(stderr, "simty: %s\n", o->fs_root ? err : "out of host memory");
        return o->fs_root ? SIMTY_STATUS_USAGE : SIMTY_STATUS_LOAD;
    }
    simty_set_host_files(s, !o->no_host_files);
    if (o->sample && simty_set_sampling(s, &o->sampling, err, sizeof err)) {
        fprintf(stderr, "simty: %s\n", err);
        return SIMTY_STATUS_USAGE;
    }
    *gdb_fd = o->gdb.enabled ? gdb_listen(o->gdb.port) : -1;
    if (o->gdb.enabled && *gdb_fd < 0)
        return SIMTY_STATUS_USAGE;
    return 0;
}

/* --checkpoint-at: runs to the cycle (the next quantum boundary from it)
 * and writes the checkpoint; true if the run goes on (not ended, no
 * --checkpoint-exit).  A checkpoint that cannot be written stops the run
 * (status 123, as an output). */
static bool run_to_checkpoint(simty_sim *s, const cli_opts *o, int *failed)
{
    uint64_t now = simty_cycle(s);
    if (simty_run_cycles(s, o->checkpoint_at > now ? o->checkpoint_at - now : 0) !=
        SIMTY_EXIT_NONE) {
        if (!o->quiet)
            fprintf(stderr, "simty: warning: the run ended before --checkpoint-at %llu: no "
                    "checkpoint written\n", (unsigned long long)o->checkpoint_at);
        return false;
    }
    char err[512];
    if (simty_save(s, o->checkpoint, err, sizeof err)) {
        fprintf(stderr, "simty: %s\n", err);
        *failed = 1;
        return false;
    }
    if (!o->quiet)
        fprintf(stderr, "simty: checkpoint at cycle %llu written to %s\n",
                (unsigned long long)simty_cycle(s), o->checkpoint);
    return !o->checkpoint_exit;
}

/* The run itself, under gdb or with its status display; a signal stops it.
 * Returns 1 if the checkpoint could not be written. */
static int run_sim(simty_sim *s, const cli_opts *o, int gdb_fd)
{
    int failed = 0;
    running_sim = s;
    if (got_signal) /* arrived while loading */
        simty_request_stop(s, got_signal);
    if (o->gdb.enabled) {
        gdb_run(s, gdb_fd, o->gdb.wait, &got_signal);
    } else {
        run_status status;
        status_start(&status, s, status_mode_of(o), o->heartbeat);
        if (!o->checkpoint || run_to_checkpoint(s, o, &failed))
            simty_run(s);
        status_end(&status);
    }
    running_sim = NULL;
    /* a region still open when the run ends is closed then: no ROI
     * statistics after a run means none was ever opened */
    if (o->cfg.trace_roi && (o->trace_commits || o->trace_kanata) && !simty_roi_stats_get(s))
        fprintf(stderr, "simty: note: --trace-roi: the program never opened a region of "
                        "interest (simty_roi_begin), so the traces are empty\n");
    return failed;
}

/* The files and summary asked for at the end: 1 if one was lost. */
static int write_outputs(simty_sim *s, const cli_opts *o)
{
    char err[512];
    int lost = 0;
    if (o->signature && simty_write_signature(s, o->signature, err, sizeof err)) {
        report_output_error(o->signature, err);
        lost = 1;
    }
    if (o->stats)
        simty_print_stats(s, stderr);
    if (o->stats_json && simty_write_stats_json(s, o->stats_json, err, sizeof err)) {
        report_output_error(o->stats_json, err);
        lost = 1;
    }
    return lost;
}

/* The end of a run: its report, the outputs, the exit status; destroys s. */
static int finish_run(simty_sim *s, const cli_opts *o, int trace_bad)
{
    const simty_result *r = simty_result_get(s);
    report_end(s, r, trace_bad);
    int status = simty_exit_status(r);
    /* an output that cannot be written is a failure of its own (123), in
     * place of the program's exit code; a run that failed (fault,
     * deadlock, limit, signal) keeps its status (the library made a lost
     * console output the run's reason already) */
    int failed = r->reason == SIMTY_EXIT_FAULT || r->reason == SIMTY_EXIT_DEADLOCK ||
                 r->reason == SIMTY_EXIT_MAX_CYCLES || r->reason == SIMTY_EXIT_TIME_LIMIT ||
                 r->reason == SIMTY_EXIT_INTERRUPTED;
    int lost = trace_bad | write_outputs(s, o);
    int console_failed = r->output_errno != 0; /* already reported */
    simty_destroy(s);
    /* the program's output went to stdout: lost output is an error too */
    if (!console_failed && finish_stdout(0))
        lost = 1;
    return lost && !failed ? SIMTY_STATUS_OUTPUT : status;
}

static int cmd_run(int argc, char **argv)
{
    cli_opts o;
    char *mem_set[MAX_MEM_SETS]; /* --mem-set arguments */
    o.mem_set = mem_set;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc == HELP_SHOWN ? 0 : rc;
    if ((rc = check_run_options(&o)))
        return rc;
    catch_signals();
    trace_file commits, kanata_out;
    if (trace_open(&commits, "--trace-commits", o.trace_commits, o.trace_limit) ||
        trace_open(&kanata_out, "--trace-kanata", o.trace_kanata, o.trace_limit)) {
        trace_close(&commits);
        return SIMTY_STATUS_OUTPUT;
    }
    o.cfg.trace_commits = commits.f;
    o.cfg.trace_kanata = kanata_out.f;
    if (!o.restore) /* (a restore's machine: once it is built) */
        warn_ignored(&o.cfg);
    simty_sim *s;
    int gdb_fd = -1;
    if (o.restore) {
        char err[512];
        if (!(s = simty_restore(o.restore, &o.cfg, err, sizeof err))) {
            fprintf(stderr, "simty: %s\n", err);
            rc = SIMTY_STATUS_LOAD;
        } else
            warn_ignored(simty_config_get(s));
    } else
        rc = start_sim(&o, &s, &gdb_fd);
    if (rc) {
        simty_destroy(s);
        trace_close(&commits);
        trace_close(&kanata_out);
        return rc;
    }
    int ck_failed = run_sim(s, &o, gdb_fd);
    int trace_bad = trace_close(&commits) | trace_close(&kanata_out);
    if (ck_failed || (o.checkpoint_exit && simty_result_get(s)->reason == SIMTY_EXIT_NONE)) {
        /* stopped at the checkpoint: the rest of the run, its output
         * included, is the restore's */
        simty_destroy(s);
        return ck_failed || trace_bad || finish_stdout(0) ? SIMTY_STATUS_OUTPUT : 0;
    }
    return finish_run(s, &o, trace_bad);
}

int main(int argc, char **argv)
{
    /* a closed pipe is a write error (EPIPE) that each output reports, not
     * a signal that kills the process before its files are written */
    signal(SIGPIPE, SIG_IGN);
    /* a standard descriptor closed by the caller (`>&-`) would be reused by
     * the first file opened, and the program's output would land in a
     * trace: hold each one with /dev/null opened read-only, so that writes
     * to it fail (EBADF) and are reported like any output error */
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF && open("/dev/null", O_RDONLY) != fd)
            return SIMTY_STATUS_OUTPUT;
    if (argc < 2)
        return usage_error("missing command");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        fputs(commands_text, stdout);
        print_run_options();
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("simty %s\n", SIMTY_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "run"))
        return cmd_run(argc - 1, argv + 1);
    if (!strcmp(argv[1], "disasm"))
        return cmd_disasm(argc - 1, argv + 1);
    if (!strcmp(argv[1], "bench"))
        return cmd_bench(argc - 1, argv + 1);
    if (!strcmp(argv[1], "plugins") || !strcmp(argv[1], "--list-plugins"))
        return cmd_plugins(argc - 1, argv + 1);
    /* simty PROGRAM.elf [ARG...]: exactly simty run PROGRAM.elf [ARG...]
     * (an existing file that is not a command's name; what follows it is
     * the guest's, never simty's options) */
    struct stat st;
    if (argv[1][0] != '-' && stat(argv[1], &st) == 0 && !S_ISDIR(st.st_mode))
        return cmd_run(argc, argv);
    if (argv[1][0] == '-')
        return usage_error("unknown option '%s' before the command (expected run, disasm, "
                           "bench, plugins or a program file)", argv[1]);
    return usage_error("unknown command '%s' (expected run, disasm, bench, plugins or a program "
                       "file: "
                       "%s)", argv[1], strerror(stat(argv[1], &st) ? errno : EISDIR));
}
