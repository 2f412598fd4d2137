/* The simty command: run and disassemble RV32 programs. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/bench.h"
#include "cli/options.h"
#include "isa/disasm.h"
#include "sim/sim.h"
#include "simty.h"

static const char usage_text[] =
    "usage: simty run [options] PROGRAM.elf\n"
    "       simty disasm [--mem BASE:SIZE] [--ram-size SIZE] PROGRAM.elf\n"
    "       simty bench [options] PROGRAM.elf|DIRECTORY...   (see simty bench --help)\n"
    "       simty --help | --version\n"
    "\n"
    "Runs an RV32IMA ELF program on a simulated Simty core (many threads, grouped\n"
    "in warps that execute in lockstep).\n"
    "\n"
    "Machine:\n"
    "  -w, --warps N          warps per core, 1..64 (default 8)\n"
    "  -t, --threads N        threads per warp, 1..64 (default 4)\n"
    "  -m, --model M          cycle (default): the 10-stage pipeline, cycle by cycle;\n"
    "                         simt: warps run in SIMT lockstep, one slot per step;\n"
    "                         scalar: every thread alone, the reference model\n"
    "      --paths P          hct (default): hot/cold context tables; ideal: sorted list\n"
    "      --priority P       depth (default): deepest call, then lowest PC; minpc\n"
    "      --coalescer C      simty (default): leader/follower word coalescing;\n"
    "                         block: any access in the leader's block in one pass\n"
    "      --mem-latency N    cycle model: a load wakes its warp N cycles later than\n"
    "                         the 1-cycle scratchpad (default 0, at most 100000)\n"
    "      --ram-size SIZE    main RAM at 0x80000000, 4K..2047M (default 64M)\n"
    "      --mem BASE:SIZE    add a RAM region (repeatable), e.g. --mem 0:64K\n"
    "\n"
    "Run control and output:\n"
    "      --max-cycles N     stop with status 124 after N cycles (default: no limit)\n"
    "      --signature FILE   write the words between begin_signature and end_signature\n"
    "      --stats            print a statistics summary on stderr\n"
    "      --stats-json FILE  write statistics as JSON ('-' for stdout)\n"
    "      --trace-commits FILE  one line per committed warp-instruction: cycle, warp,\n"
    "                         PC, bits, disassembly, lane mask, register writes per lane\n"
    "      --trace-kanata FILE   pipeline log for the Konata viewer (cycle model)\n"
    "\n"
    "Exit status: the program's exit code; 121 guest fault, 122 deadlock,\n"
    "123 an output file cannot be written, 124 cycle limit, 125 usage error,\n"
    "126 program cannot be loaded.\n";

static int parse_mem_opt(const char *arg, simty_config *cfg)
{
    const char *colon = strchr(arg, ':');
    uint64_t base, size;
    char b[64];
    if (!colon || (size_t)(colon - arg) >= sizeof b)
        return usage_error("--mem: expected BASE:SIZE, got '%s'", arg);
    memcpy(b, arg, (size_t)(colon - arg));
    b[colon - arg] = 0;
    if (parse_u64(b, &base, 0) || base > 0xffffffffull)
        return usage_error("--mem: bad base address in '%s'", arg);
    if (parse_u64(colon + 1, &size, 1) || size == 0 || base + size > (1ull << 32))
        return usage_error("--mem: bad size in '%s' (region must fit below 4 GiB)", arg);
    if (cfg->n_extra_mem == SIMTY_MAX_EXTRA_MEM)
        return usage_error("--mem: at most %d extra regions", SIMTY_MAX_EXTRA_MEM);
    cfg->extra_mem[cfg->n_extra_mem].base = (uint32_t)base;
    cfg->extra_mem[cfg->n_extra_mem].size = size;
    cfg->n_extra_mem++;
    return 0;
}

typedef struct cli_opts {
    simty_config cfg;
    const char *program;
    const char *signature;
    const char *stats_json;
    const char *trace_commits;
    const char *trace_kanata;
    int stats;
} cli_opts;

enum {
    OPT_PATHS = 256,
    OPT_PRIORITY,
    OPT_COALESCER,
    OPT_MEM,
    OPT_RAM_SIZE,
    OPT_MAX_CYCLES,
    OPT_SIGNATURE,
    OPT_STATS,
    OPT_STATS_JSON,
    OPT_MEM_LATENCY,
    OPT_TRACE_COMMITS,
    OPT_TRACE_KANATA,
    OPT_PROGRESS,
    OPT_PROGRESS_THRESHOLD,
    OPT_PROGRESS_TURN,
    OPT_SPIN_DETECT,
};

/* disasm_only: accept just the options that shape memory (--mem, --ram-size). */
static int parse_args(int argc, char **argv, cli_opts *o, int disasm_only)
{
    static const struct option longopts[] = {
        {"warps", required_argument, 0, 'w'},
        {"threads", required_argument, 0, 't'},
        {"model", required_argument, 0, 'm'},
        {"paths", required_argument, 0, OPT_PATHS},
        {"priority", required_argument, 0, OPT_PRIORITY},
        {"coalescer", required_argument, 0, OPT_COALESCER},
        {"mem", required_argument, 0, OPT_MEM},
        {"ram-size", required_argument, 0, OPT_RAM_SIZE},
        {"max-cycles", required_argument, 0, OPT_MAX_CYCLES},
        {"signature", required_argument, 0, OPT_SIGNATURE},
        {"stats", no_argument, 0, OPT_STATS},
        {"stats-json", required_argument, 0, OPT_STATS_JSON},
        {"mem-latency", required_argument, 0, OPT_MEM_LATENCY},
        {"trace-commits", required_argument, 0, OPT_TRACE_COMMITS},
        {"trace-kanata", required_argument, 0, OPT_TRACE_KANATA},
        {"progress", required_argument, 0, OPT_PROGRESS},
        {"progress-threshold", required_argument, 0, OPT_PROGRESS_THRESHOLD},
        {"progress-turn", required_argument, 0, OPT_PROGRESS_TURN},
        {"spin-detect", required_argument, 0, OPT_SPIN_DETECT},
        {0, 0, 0, 0},
    };
    memset(o, 0, sizeof *o);
    simty_config_default(&o->cfg);
    opterr = 0;
    optind = 1;
    int c, k, rc = 0;
    uint64_t v;
    while ((c = getopt_long(argc, argv, "+w:t:m:", longopts, NULL)) != -1) {
        if (disasm_only && c != OPT_MEM && c != OPT_RAM_SIZE && c != '?') {
            /* the option word: one back, or two when its value was separate */
            int word = optind - 1 - (optarg && optarg == argv[optind - 1]);
            return usage_error("simty disasm takes only --mem and --ram-size, not '%s'",
                               argv[word]);
        }
        switch (c) {
        case 'w': rc = parse_uint_opt("--warps", optarg, 1, SIMTY_MAX_WARPS, &o->cfg.warps); break;
        case 't':
            rc = parse_uint_opt("--threads", optarg, 1, SIMTY_MAX_LANES, &o->cfg.threads);
            break;
        case 'm':
            rc = parse_model("--model", optarg, &o->cfg.model);
            break;
        case OPT_PATHS:
            if (!(rc = parse_choice("--paths", optarg, "hct", "ideal", &k)))
                o->cfg.paths = k ? SIMTY_PATHS_IDEAL : SIMTY_PATHS_HCT;
            break;
        case OPT_PRIORITY:
            if (!(rc = parse_choice("--priority", optarg, "depth", "minpc", &k)))
                o->cfg.priority = k ? SIMTY_PRIORITY_MINPC : SIMTY_PRIORITY_DEPTH;
            break;
        case OPT_COALESCER:
            if (!(rc = parse_choice("--coalescer", optarg, "simty", "block", &k)))
                o->cfg.coalescer = k ? SIMTY_COALESCER_BLOCK : SIMTY_COALESCER_SIMTY;
            break;
        case OPT_MEM: rc = parse_mem_opt(optarg, &o->cfg); break;
        case OPT_RAM_SIZE:
            if (parse_u64(optarg, &v, 1) || v < 4096 || v > 2047ull << 20)
                rc = usage_error("--ram-size: expected a size from 4K to 2047M, got '%s'", optarg);
            else
                o->cfg.ram_size = v;
            break;
        case OPT_MAX_CYCLES:
            if (parse_u64(optarg, &v, 0) || v == 0)
                rc = usage_error("--max-cycles: expected a positive integer, got '%s'", optarg);
            else
                o->cfg.max_cycles = v;
            break;
        case OPT_SIGNATURE: o->signature = optarg; break;
        case OPT_STATS: o->stats = 1; break;
        case OPT_STATS_JSON: o->stats_json = optarg; break;
        case OPT_MEM_LATENCY:
            rc = parse_uint_opt("--mem-latency", optarg, 0, SIMTY_MAX_MEM_LATENCY,
                                &o->cfg.mem_latency);
            break;
        case OPT_TRACE_COMMITS: o->trace_commits = optarg; break;
        case OPT_TRACE_KANATA: o->trace_kanata = optarg; break;
        case OPT_PROGRESS:
            if (!(rc = parse_choice("--progress", optarg, "on", "off", &k)))
                o->cfg.progress = !k;
            break;
        case OPT_PROGRESS_THRESHOLD:
        case OPT_PROGRESS_TURN:
            if (parse_u64(optarg, &v, 1) || v < 1 || v > SIMTY_MAX_PROGRESS_THRESHOLD)
                rc = usage_error("--progress-%s: expected an integer 1..%u, got '%s'",
                                 c == OPT_PROGRESS_TURN ? "turn" : "threshold",
                                 SIMTY_MAX_PROGRESS_THRESHOLD, optarg);
            else if (c == OPT_PROGRESS_TURN)
                o->cfg.progress_turn = v;
            else
                o->cfg.progress_threshold = v;
            break;
        case OPT_SPIN_DETECT:
            if (!(rc = parse_choice("--spin-detect", optarg, "on", "off", &k)))
                o->cfg.spin_detect = !k;
            break;
        default: rc = option_error(argv, longopts); break;
        }
        if (rc)
            return rc;
    }
    if (optind >= argc)
        return usage_error("no program given");
    if (optind + 1 < argc)
        return usage_error("unexpected argument '%s' after the program", argv[optind + 1]);
    o->program = argv[optind];
    return 0;
}

/* Opens a trace output ("-": stdout).  Returns -1 after an error line. */
static int open_trace(const char *path, FILE **f)
{
    *f = NULL;
    if (!path)
        return 0;
    *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!*f) {
        fprintf(stderr, "simty: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Closes a trace output.  Returns 1 after an error line if it could not be
 * written completely. */
static int close_trace(const char *path, FILE *f)
{
    if (!f)
        return 0;
    int bad = ferror(f);
    bad |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
    if (bad)
        fprintf(stderr, "simty: error writing %s\n", path);
    return bad ? 1 : 0;
}

static int cmd_run(int argc, char **argv)
{
    cli_opts o;
    int rc = parse_args(argc, argv, &o, 0);
    if (rc)
        return rc;
    char err[512];
    if (o.trace_kanata && o.cfg.model != SIMTY_MODEL_CYCLE)
        return usage_error("--trace-kanata needs the cycle model (--model cycle)");
    if (open_trace(o.trace_commits, &o.cfg.trace_commits) ||
        open_trace(o.trace_kanata, &o.cfg.trace_kanata)) {
        close_trace(o.trace_commits, o.cfg.trace_commits);
        return SIMTY_STATUS_OUTPUT;
    }
    simty_sim *s = simty_create(&o.cfg, err, sizeof err);
    if (!s) {
        close_trace(o.trace_commits, o.cfg.trace_commits);
        close_trace(o.trace_kanata, o.cfg.trace_kanata);
        return usage_error("%s", err);
    }
    if (simty_load(s, o.program, err, sizeof err)) {
        fprintf(stderr, "simty: %s\n", err);
        simty_destroy(s);
        close_trace(o.trace_commits, o.cfg.trace_commits);
        close_trace(o.trace_kanata, o.cfg.trace_kanata);
        return SIMTY_STATUS_LOAD;
    }
    simty_run(s);
    int trace_bad = close_trace(o.trace_commits, o.cfg.trace_commits) |
                    close_trace(o.trace_kanata, o.cfg.trace_kanata);
    const simty_result *r = simty_result_get(s);
    if (r->reason == SIMTY_EXIT_FAULT || r->reason == SIMTY_EXIT_DEADLOCK ||
        r->reason == SIMTY_EXIT_MAX_CYCLES) {
        fprintf(stderr, "simty: %s\n", r->message);
        if (r->reason != SIMTY_EXIT_FAULT) {
            fprintf(stderr, "simty: live threads at cycle %llu:\n",
                    (unsigned long long)simty_stats_get(s)->cycles);
            simty_dump_state(s, stderr);
        }
    }
    int status = simty_exit_status(r);
    /* an output file that cannot be written is a failure of its own, unless
     * the run already failed */
    if (o.signature && simty_write_signature(s, o.signature, err, sizeof err)) {
        fprintf(stderr, "simty: %s\n", err);
        status = status ? status : SIMTY_STATUS_OUTPUT;
    }
    if (trace_bad)
        status = status ? status : SIMTY_STATUS_OUTPUT;
    if (o.stats)
        simty_print_stats(s, stderr);
    if (o.stats_json && simty_write_stats_json(s, o.stats_json, err, sizeof err)) {
        fprintf(stderr, "simty: %s\n", err);
        status = status ? status : SIMTY_STATUS_OUTPUT;
    }
    simty_destroy(s);
    return status;
}

static int disasm_symbolizer(void *ctx, uint32_t addr, char *buf, size_t n)
{
    return sim_symbolize(ctx, addr, buf, n);
}

static int cmd_disasm(int argc, char **argv)
{
    cli_opts o;
    int rc = parse_args(argc, argv, &o, 1);
    if (rc)
        return rc;
    char err[512];
    o.cfg.warps = o.cfg.threads = 1;
    simty_sim *s = simty_create(&o.cfg, err, sizeof err);
    if (!s)
        return usage_error("%s", err);
    if (simty_load(s, o.program, err, sizeof err)) {
        fprintf(stderr, "simty: %s\n", err);
        simty_destroy(s);
        return SIMTY_STATUS_LOAD;
    }
    size_t k = 0; /* symbols are sorted by address */
    for (unsigned i = 0; i < s->elf.nexec; i++) {
        uint32_t a = s->elf.exec[i].addr, end = a + s->elf.exec[i].size;
        for (; a + 4 <= end && a >= s->elf.exec[i].addr; a += 4) {
            while (k < s->elf.nsyms && s->elf.syms[k].addr < a)
                k++;
            for (; k < s->elf.nsyms && s->elf.syms[k].addr == a; k++)
                printf("\n%08x <%s>:\n", a, s->elf.syms[k].name);
            char dis[200];
            insn_t d;
            insn_decode(load_le(mem_ptr(&s->mem, a, 4), 4), &d);
            insn_disasm(&d, a, dis, sizeof dis, disasm_symbolizer, s);
            printf("%8x:\t%08x\t%s\n", a, d.raw, dis);
        }
        k = 0;
    }
    simty_destroy(s);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("missing command");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        fputs(usage_text, stdout);
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
    return usage_error("unknown command '%s' (expected run, disasm or bench)", argv[1]);
}
