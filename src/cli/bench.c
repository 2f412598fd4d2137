/* simty bench: runs programs over a grid of machine shapes and options, in
 * parallel on the host's cores, and prints one table row per run.
 *
 * Each run is its own simty_sim (the library has no global state), run by
 * a pool of host threads; rows are printed in grid order at the end, so the
 * table does not depend on --jobs. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/bench.h"
#include "cli/bench_merge.h"
#include "cli/bench_table.h"
#include "cli/options.h"
#include "cli/output.h"
#include "simty.h"
#include "util/escape.h"

static const char bench_usage_text[] =
    "usage: simty bench [options] PROGRAM.elf|DIRECTORY...\n"
    "       simty bench --merge [-f csv|md] [-o FILE] [-q] TABLE.csv...\n"
    "\n"
    "Runs every program (a directory stands for its *.elf files, by name) at every\n"
    "combination of the lists below and prints a table with one row per run.\n"
    "Lists are comma-separated.\n"
    "\n"
    "  -s, --shapes LIST      WARPSxTHREADS or CORESxWARPSxTHREADS shapes (default\n"
    "                         1x1,4x4,8x8,8x32,32x16,64x32: one core)\n"
    "  -m, --model LIST       cycle (default), simt, scalar\n";

/* (then the plug-in options, print_plugin_options) */
static const char bench_usage_tail[] =
    "      --misaligned M     misaligned loads and stores in every run: hardware\n"
    "                         (default) or trap (simty run --misaligned)\n"
    "      --mem-latency LIST extra load latency in cycles (default 0; ideal memory)\n"
    "      --memory LIST      ideal (default), ddr4-3200, hbm2 (docs/memory.md)\n"
    "      --mem-set KEY=VALUE  one setting of every hierarchy run (repeatable;\n"
    "                         simty run --mem-set help lists them)\n"
    "      --max-cycles N     stop a run after N cycles, a failure (default 2000000000)\n"
    "      --timeout S        stop a run after S seconds of host CPU time, a failure\n"
    "                         (default 600); with --max-cycles no run goes on forever\n"
    "      --ram-size SIZE    main RAM per simulation (default 64M, or what the\n"
    "                         shape's 8 KiB SDK stacks need)\n"
    "  -j, --jobs N           simulations at once (default: the host's online CPUs)\n"
    "  -f, --format F         md (default): a Markdown table; csv: every column\n"
    "  -o, --output FILE      write the table to FILE (default stdout); FILE appears\n"
    "                         only when the table is complete\n"
    "      --progress         one line per finished run on stderr (the default when\n"
    "                         stderr is a terminal is a single updating line); not\n"
    "                         simty run's --progress on|off: every bench run uses\n"
    "                         the default forward-progress scheduler\n"
    "  -q, --quiet            no progress display\n"
    "      --shard K/N        run only the K-th of N slices of the grid (1 <= K <= N):\n"
    "                         the runs whose index (column run, from 0) is K-1\n"
    "                         modulo N; rows keep their index in the full grid\n"
    "      --merge            join CSV tables written by -f csv (the shards of one\n"
    "                         grid) into one table sorted by run; every run from 0\n"
    "                         to the last must appear exactly once; -f csv (the\n"
    "                         default with --merge: rows copied unchanged) or md\n"
    "  -h, --help             this text\n"
    "\n"
    "A run passes when the program exits with code 0. A program that defines the\n"
    "symbol simty_expect_deadlock (SIMTY_EXPECT_DEADLOCK() in the SDK: a wait that\n"
    "no thread can satisfy) must instead be diagnosed as deadlocked, on every model.\n"
    "Figures cover the program's region of interest (simty_roi_begin/end) when it\n"
    "marks one, else the whole run; host time and speed always cover the whole run.\n"
    "\n"
    "Exit status: 0 every run as expected; 1 some run failed; 123 the table cannot\n"
    "be written; 125 usage error; 126 a program cannot be read; 130/143 interrupted\n"
    "by SIGINT/SIGTERM (no table is written).  With --merge: 0, 1 (a run of the\n"
    "tables failed: ok = 0), 123, 125 (also: a run twice, or runs missing), 126 (a\n"
    "table cannot be read or is not a simty bench CSV table).  docs/cluster.md\n"
    "shows Slurm job arrays and GNU parallel.\n";

#define DEFAULT_TIMEOUT 600 /* seconds of host CPU time per run */
#define DEFAULT_MAX_CYCLES 2000000000ull

typedef struct bench_pool {
    bench_run *runs;
    const bench_grid *grid;
    unsigned n, next, done, failed;
    unsigned sims;      /* runs simulated: n less the copies (bench_run.copy_of) */
    int stop;           /* the signal that interrupted the bench, or 0 */
    const char *tmp;    /* the table's temporary file, removed on a second signal */
    pthread_mutex_t lock;
    int progress;       /* 0 none, 1 updating line, 2 one line per run */
    struct timespec t0;
    const bench_run *last; /* the run that finished last (the updating line) */
    double drawn;       /* seconds since t0 when the updating line was drawn */
} bench_pool;

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* ---- option lists ---- */

/* Splits a comma list into at most MAX_LIST items and parses each one. */
typedef int (*item_parser)(const char *opt, const char *item, void *out, unsigned i);

static int parse_list(const char *opt, const char *arg, item_parser parse, void *out,
                      unsigned *count)
{
    char buf[1024];
    if (strlen(arg) >= sizeof buf)
        return usage_error("%s: list too long", opt);
    strcpy(buf, arg);
    unsigned n = 0;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        if (n == MAX_LIST)
            return usage_error("%s: at most %d items", opt, MAX_LIST);
        int rc = parse(opt, item, out, n);
        if (rc)
            return rc;
        n++;
    }
    if (n == 0)
        return usage_error("%s: empty list", opt);
    *count = n;
    return 0;
}

/* WARPSxTHREADS or CORESxWARPSxTHREADS */
static int parse_shape(const char *opt, const char *item, void *out, unsigned i)
{
    bench_grid *g = out;
    uint64_t v[3];
    unsigned n = 0;
    bool ok = true;
    for (const char *p = item;;) {
        const char *x = strchr(p, 'x');
        size_t len = x ? (size_t)(x - p) : strlen(p);
        char num[32];
        if (n == 3 || len >= sizeof num) {
            ok = false;
            break;
        }
        memcpy(num, p, len);
        num[len] = 0;
        if (parse_u64(num, &v[n++], 0)) {
            ok = false;
            break;
        }
        if (!x)
            break;
        p = x + 1;
    }
    ok = ok && n >= 2;
    uint64_t vc = n == 3 ? v[0] : 1, vw = ok ? v[n == 3] : 0, vt = ok ? v[(n == 3) + 1] : 0;
    if (!ok || vc < 1 || vc > SIMTY_MAX_CORES || vw < 1 ||
        vw > SIMTY_MAX_WARPS || vt < 1 || vt > SIMTY_MAX_LANES)
        return usage_error("%s: expected WARPSxTHREADS or CORESxWARPSxTHREADS with 1..%d "
                           "cores, 1..%d warps and 1..%d threads, got '%s'",
                           opt, SIMTY_MAX_CORES, SIMTY_MAX_WARPS, SIMTY_MAX_LANES, item);
    g->cores[i] = (unsigned)vc;
    g->warps[i] = (unsigned)vw;
    g->threads[i] = (unsigned)vt;
    return 0;
}

/* One item of a policy list, parsed by simty_config_set() (the option's
 * name without its dashes is the setting's) into a scratch configuration. */
static int setting_item(const char *opt, const char *item, simty_config *tmp)
{
    simty_config_default(tmp);
    return parse_setting(tmp, opt + 2, item);
}

static int parse_model_item(const char *opt, const char *item, void *out, unsigned i)
{
    simty_config c;
    int rc = setting_item(opt, item, &c);
    ((bench_grid *)out)->models[i] = c.model;
    return rc;
}

static int parse_paths_item(const char *opt, const char *item, void *out, unsigned i)
{
    simty_config c;
    int rc = setting_item(opt, item, &c);
    ((bench_grid *)out)->paths[i] = c.paths;
    return rc;
}

static int parse_priority_item(const char *opt, const char *item, void *out, unsigned i)
{
    simty_config c;
    int rc = setting_item(opt, item, &c);
    ((bench_grid *)out)->priorities[i] = c.priority;
    return rc;
}

static int parse_steering_item(const char *opt, const char *item, void *out, unsigned i)
{
    simty_config c;
    int rc = setting_item(opt, item, &c);
    ((bench_grid *)out)->steerings[i] = c.steering;
    return rc;
}

static int parse_coalescer_item(const char *opt, const char *item, void *out, unsigned i)
{
    simty_config c;
    int rc = setting_item(opt, item, &c);
    ((bench_grid *)out)->coalescers[i] = c.coalescer;
    return rc;
}

static int parse_memory_item(const char *opt, const char *item, void *out, unsigned i)
{
    simty_config tmp;
    char err[160];
    simty_config_default(&tmp);
    if (simty_memory_preset(&tmp, item, err, sizeof err))
        return usage_error("%s", err);
    (void)opt;
    snprintf(((bench_grid *)out)->memories[i], sizeof ((bench_grid *)out)->memories[i], "%s",
             item);
    return 0;
}

static int parse_latency_item(const char *opt, const char *item, void *out, unsigned i)
{
    simty_config c;
    int rc = setting_item(opt, item, &c);
    ((bench_grid *)out)->latencies[i] = c.mem_latency;
    return rc;
}

/* ---- programs ---- */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static char *xstrdup(const char *s)
{
    char *d = strdup(s);
    if (!d) {
        fprintf(stderr, "simty bench: out of host memory\n");
        exit(1);
    }
    return d;
}

static int cannot_read(const char *path)
{
    char name[256];
    text_escape(name, sizeof name, path);
    fprintf(stderr, "simty bench: cannot read %s: %s\n", name, strerror(errno));
    return SIMTY_STATUS_LOAD;
}

/* Appends a program path (owned copy).  A program named on the command
 * line must be readable; one found in a directory is taken as it is, and a
 * bad one (a dangling link, a FIFO) fails its own rows.  Returns 0, or an
 * exit status. */
static int add_program(char **progs, unsigned *n, const char *path, int named)
{
    if (*n == MAX_PROGRAMS) {
        fprintf(stderr, "simty bench: more than %d programs\n", MAX_PROGRAMS);
        return SIMTY_STATUS_USAGE;
    }
    if (named && access(path, R_OK) != 0)
        return cannot_read(path);
    progs[(*n)++] = xstrdup(path);
    return 0;
}

/* A directory stands for its *.elf files, sorted by name. */
static int add_argument(char **progs, unsigned *n, const char *arg)
{
    struct stat sb;
    if (stat(arg, &sb) != 0)
        return cannot_read(arg);
    if (!S_ISDIR(sb.st_mode))
        return add_program(progs, n, arg, 1);
    DIR *d = opendir(arg);
    if (!d)
        return cannot_read(arg);
    unsigned first = *n;
    int rc = 0;
    for (struct dirent *e; !rc && (e = readdir(d));) {
        if (!ends_with(e->d_name, ".elf") || e->d_name[0] == '.')
            continue;
        size_t len = strlen(arg) + strlen(e->d_name) + 2;
        char *p = malloc(len);
        if (!p) {
            rc = 1;
            fprintf(stderr, "simty bench: out of host memory\n");
            break;
        }
        snprintf(p, len, "%s/%s", arg, e->d_name);
        rc = add_program(progs, n, p, 0);
        free(p);
    }
    closedir(d);
    if (!rc && *n == first) {
        char name[256];
        text_escape(name, sizeof name, arg);
        fprintf(stderr, "simty bench: no .elf files in %s\n", name);
        return SIMTY_STATUS_LOAD;
    }
    qsort(progs + first, *n - first, sizeof *progs, by_name);
    return rc;
}

/* "dir/bfs.elf" -> "bfs", escaped for printing (util/escape.h); the
 * characters that would still break a CSV field or a Markdown cell become
 * '_' */
static char *program_name(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strlen(base);
    if (ends_with(base, ".elf"))
        len -= 4;
    char buf[256];
    text_escape_n(buf, sizeof buf, base, len);
    for (char *c = buf; *c; c++)
        if (*c == ',' || *c == '"' || *c == '|')
            *c = '_';
    return xstrdup(buf);
}

/* ---- progress ---- */

/* "fib simt 4x4 memory=hbm2": the run's program and every key of the grid
 * (a list of one value shows only for the model and shape) */
static void point_str(const bench_grid *g, const bench_run *r, char *buf, size_t n)
{
    char shape[16];
    shape_str(r, shape, sizeof shape);
    int k = snprintf(buf, n, "%s %s %s", r->name, simty_model_name(r->cfg.model), shape);
#define KEY(cond, ...)                                                                       \
    if ((cond) && k >= 0 && (size_t)k < n)                                                   \
        k += snprintf(buf + k, n - (size_t)k, __VA_ARGS__);
    KEY(g->n_paths > 1, " paths=%s", plugin_str(SIMTY_PLUGIN_PATHS, r->cfg.paths))
    KEY(g->n_priorities > 1, " priority=%s", plugin_str(SIMTY_PLUGIN_PRIORITY, r->cfg.priority))
    KEY(g->n_steerings > 1, " steering=%s", plugin_str(SIMTY_PLUGIN_STEERING, r->cfg.steering))
    KEY(g->n_coalescers > 1, " coalescer=%s",
        plugin_str(SIMTY_PLUGIN_COALESCER, r->cfg.coalescer))
    KEY(g->n_latencies > 1, " mem-latency=%u", r->cfg.mem_latency)
    KEY(g->n_memories > 1, " memory=%s", r->cfg.memory.preset)
#undef KEY
}

/* The updating line (p->lock held): also redrawn while long runs go on
 * (bench_tick), so that its elapsed time shows the bench is alive. */
static void draw_line(bench_pool *p)
{
    double t = seconds_since(&p->t0);
    p->drawn = t;
    const bench_run *r = p->last;
    if (!r) {
        fprintf(stderr, "\rsimty bench: 0/%u runs, %.0f s elapsed\033[K", p->sims, t);
    } else {
        char point[256];
        point_str(p->grid, r, point, sizeof point);
        /* estimate from the share of runs done: rough, runs differ in size */
        double eta = p->done ? t * (p->sims - p->done) / p->done : 0;
        fprintf(stderr, "\rsimty bench: %u/%u runs, %u failed, %.0f s elapsed, ~%.0f s left "
                        "(last: %s)\033[K",
                p->done, p->sims, p->failed, t, eta, point);
    }
    fflush(stderr);
}

static void report_progress(bench_pool *p, const bench_run *r)
{
    if (p->progress == 2) {
        char point[256];
        point_str(p->grid, r, point, sizeof point);
        fprintf(stderr, "simty bench: [%u/%u] %s: %s (%.2f s)\n", p->done, p->sims, point,
                r->rec.outcome, r->rec.host_seconds);
        fflush(stderr);
    } else if (p->progress == 1) {
        p->last = r;
        draw_line(p);
    }
}

/* A live run's monitor (the updating line only): redraws the line once a
 * second while no run finishes. */
static void bench_tick(simty_monitor_event ev, const simty_monitor_info *info, void *ctx)
{
    (void)info;
    bench_pool *p = ctx;
    if (ev != SIMTY_MONITOR_TICK)
        return; /* (the program's output goes to a file of its own) */
    pthread_mutex_lock(&p->lock);
    if (seconds_since(&p->t0) - p->drawn >= 1.0)
        draw_line(p);
    pthread_mutex_unlock(&p->lock);
}

/* ---- one run ---- */

static void run_one(bench_pool *p, bench_run *r)
{
    char err[256];
    FILE *console = tmpfile();
    if (!console) {
        snprintf(err, sizeof err, "cannot create a temporary file: %s", strerror(errno));
        simty_record_error(&r->rec, "error", err);
        return;
    }
    r->cfg.console = console;
    simty_sim *s = simty_create(&r->cfg, err, sizeof err);
    if (!s || simty_load(s, r->program, err, sizeof err) != 0) {
        simty_record_error(&r->rec, s ? "load error" : "config error", err);
        if (s)
            simty_destroy(s);
        fclose(console);
        return;
    }
    if (p->progress == 1)
        simty_set_monitor(s, 1.0, bench_tick, p);
    pthread_mutex_lock(&p->lock); /* a signal may ask every live run to stop */
    r->sim = s;
    if (p->stop)
        simty_request_stop(s, p->stop);
    pthread_mutex_unlock(&p->lock);
    simty_record_run(s, &r->rec);
    pthread_mutex_lock(&p->lock);
    r->sim = NULL;
    pthread_mutex_unlock(&p->lock);
    simty_destroy(s);
    fclose(console);
    r->cfg.console = NULL;
}

/* ---- the pool ---- */

static void *worker(void *arg)
{
    bench_pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        unsigned i = p->next < p->n && !p->stop ? p->next++ : p->n;
        pthread_mutex_unlock(&p->lock);
        if (i == p->n)
            return NULL;
        if (p->runs[i].copy_of) /* filled in when every run is done */
            continue;
        run_one(p, &p->runs[i]);
        pthread_mutex_lock(&p->lock);
        p->done++;
        p->failed += !p->runs[i].rec.ok;
        report_progress(p, &p->runs[i]);
        pthread_mutex_unlock(&p->lock);
    }
}

/* SIGINT and SIGTERM are blocked in every thread and taken here, by
 * sigwait(): the live runs are asked to stop (at their next cycle
 * boundary) and no new run starts.  A second signal ends the process at
 * once (after removing the unfinished table). */
static void *signal_waiter(void *arg)
{
    bench_pool *p = arg;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    for (;;) {
        int signo;
        if (sigwait(&set, &signo) != 0)
            continue;
        pthread_mutex_lock(&p->lock);
        int again = p->stop != 0;
        p->stop = signo;
        for (unsigned i = 0; i < p->n; i++)
            if (p->runs[i].sim)
                simty_request_stop(p->runs[i].sim, signo);
        const char *tmp = p->tmp;
        pthread_mutex_unlock(&p->lock);
        if (again) {
            if (tmp)
                unlink(tmp);
            signal(signo, SIG_DFL);
            pthread_sigmask(SIG_UNBLOCK, &set, NULL);
            raise(signo);
        }
    }
    return NULL;
}

/* ---- the command ---- */

enum {
    OPT_PATHS = 256,
    OPT_PRIORITY,
    OPT_COALESCER,
    OPT_STEERING,
    OPT_MEM_LATENCY,
    OPT_MEMORY,
    OPT_MEM_SET,
    OPT_MAX_CYCLES,
    OPT_RAM_SIZE,
    OPT_PROGRESS,
    OPT_HELP,
    OPT_TIMEOUT,
    OPT_MISALIGNED,
    OPT_SHARD,
    OPT_MERGE,
};

typedef struct bench_opts {
    bench_grid grid;
    simty_config base; /* every run's configuration before the grid's lists */
    unsigned jobs;
    int csv, format_given, progress, quiet;
    unsigned shard_k, shard_n; /* --shard K/N; 0/0: the whole grid */
    unsigned long grid_runs;   /* runs in the whole grid */
    int merge;
    const char *run_opt;       /* the first option that only running a grid takes */
    const char *output;
} bench_opts;

/* --shard K/N, 1 <= K <= N <= MAX_RUNS */
static int parse_shard(const char *arg, unsigned *k, unsigned *n)
{
    const char *slash = strchr(arg, '/');
    char a[16], b[16];
    uint64_t vk = 0, vn = 0;
    int ok = slash && (size_t)(slash - arg) < sizeof a && strlen(slash + 1) < sizeof b;
    if (ok) {
        memcpy(a, arg, (size_t)(slash - arg));
        a[slash - arg] = 0;
        strcpy(b, slash + 1);
        ok = !parse_u64(a, &vk, 0) && !parse_u64(b, &vn, 0) && vk >= 1 && vk <= vn &&
             vn <= MAX_RUNS;
    }
    if (!ok)
        return usage_error("--shard: expected K/N with 1 <= K <= N <= %d, got '%.40s'",
                           MAX_RUNS, arg);
    *k = (unsigned)vk;
    *n = (unsigned)vn;
    return 0;
}

/* The long name of option c (every short option has one). */
static const char *option_name(const struct option *longopts, int c)
{
    for (const struct option *l = longopts; l->name; l++)
        if (l->val == c)
            return l->name;
    return "?";
}

static const struct option bench_longopts[] = {
    {"shapes", required_argument, 0, 's'},
    {"model", required_argument, 0, 'm'},
    {"paths", required_argument, 0, OPT_PATHS},
    {"priority", required_argument, 0, OPT_PRIORITY},
    {"coalescer", required_argument, 0, OPT_COALESCER},
    {"steering", required_argument, 0, OPT_STEERING},
    {"misaligned", required_argument, 0, OPT_MISALIGNED},
    {"mem-latency", required_argument, 0, OPT_MEM_LATENCY},
    {"memory", required_argument, 0, OPT_MEMORY},
    {"mem-set", required_argument, 0, OPT_MEM_SET},
    {"max-cycles", required_argument, 0, OPT_MAX_CYCLES},
    {"timeout", required_argument, 0, OPT_TIMEOUT},
    {"ram-size", required_argument, 0, OPT_RAM_SIZE},
    {"jobs", required_argument, 0, 'j'},
    {"format", required_argument, 0, 'f'},
    {"output", required_argument, 0, 'o'},
    {"progress", no_argument, 0, OPT_PROGRESS},
    {"quiet", no_argument, 0, 'q'},
    {"help", no_argument, 0, OPT_HELP},
    {"shard", required_argument, 0, OPT_SHARD},
    {"merge", no_argument, 0, OPT_MERGE},
    {0, 0, 0, 0},
};

/* parse_grid_option() was given an option that is not a grid's list. */
#define NOT_MINE (-2)

/* The grid's lists: shapes, models, policies, memories, --mem-set. */
static int parse_grid_option(int c, bench_grid *g)
{
    switch (c) {
    case 's': return parse_list("--shapes", optarg, parse_shape, g, &g->n_shapes);
    case 'm': return parse_list("--model", optarg, parse_model_item, g, &g->n_models);
    case OPT_PATHS: return parse_list("--paths", optarg, parse_paths_item, g, &g->n_paths);
    case OPT_PRIORITY:
        return parse_list("--priority", optarg, parse_priority_item, g, &g->n_priorities);
    case OPT_STEERING:
        return parse_list("--steering", optarg, parse_steering_item, g, &g->n_steerings);
    case OPT_COALESCER:
        return parse_list("--coalescer", optarg, parse_coalescer_item, g, &g->n_coalescers);
    case OPT_MEM_LATENCY:
        return parse_list("--mem-latency", optarg, parse_latency_item, g, &g->n_latencies);
    case OPT_MEMORY: return parse_list("--memory", optarg, parse_memory_item, g, &g->n_memories);
    case OPT_MEM_SET:
        if (g->n_mem_sets == MAX_LIST)
            return usage_error("--mem-set: at most %d settings", MAX_LIST);
        g->mem_sets[g->n_mem_sets++] = optarg;
        return 0;
    default: return NOT_MINE;
    }
}

/* One option getopt_long() returned: the grid's lists, every run's
 * settings, the table's output and the pool; 0, -1 (the help was printed)
 * or an error status. */
static int parse_bench_option(int c, char **argv, bench_opts *o)
{
    int rc = parse_grid_option(c, &o->grid), k;
    if (rc != NOT_MINE)
        return rc;
    switch (c) {
    case OPT_MISALIGNED: return parse_setting(&o->base, "misaligned", optarg);
    case OPT_MAX_CYCLES: return parse_setting(&o->base, "max-cycles", optarg);
    case OPT_TIMEOUT: return parse_setting(&o->base, "timeout", optarg);
    case OPT_RAM_SIZE: return parse_setting(&o->base, "ram-size", optarg);
    case 'j': return parse_uint_opt("--jobs", optarg, 1, 256, &o->jobs);
    case 'f':
        if (!(rc = parse_choice("--format", optarg, "md", "csv", &k)))
            o->csv = k, o->format_given = 1;
        return rc;
    case 'o': o->output = optarg; return 0;
    case OPT_PROGRESS: o->progress = 1; return 0;
    case 'q': o->quiet = 1; return 0;
    case OPT_SHARD: return parse_shard(optarg, &o->shard_k, &o->shard_n);
    case OPT_MERGE: o->merge = 1; return 0;
    case 'h':
    case OPT_HELP:
        fputs(bench_usage_text, stdout);
        print_plugin_options(stdout, 1);
        fputs(bench_usage_tail, stdout);
        return -1;
    default: return option_error(argv, bench_longopts);
    }
}

/* --merge: no option of a grid's run, at least one table; CSV by default. */
static int check_merge_args(int argc, bench_opts *o)
{
    if (o->run_opt)
        return usage_error("bench: --merge joins tables; --%s applies to running a grid",
                           o->run_opt);
    if (optind >= argc)
        return usage_error("bench: --merge: no CSV table given");
    if (!o->format_given)
        o->csv = 1;
    return 0;
}

/* A list the options left empty gets its default. */
static void grid_defaults(bench_grid *g)
{
    if (!g->n_shapes) {
        static const unsigned w[] = {1, 4, 8, 8, 32, 64}, t[] = {1, 4, 8, 32, 16, 32};
        g->n_shapes = 6;
        memcpy(g->warps, w, sizeof w);
        memcpy(g->threads, t, sizeof t);
        for (unsigned i = 0; i < 6; i++)
            g->cores[i] = 1;
    }
    if (!g->n_models)
        g->models[0] = SIMTY_MODEL_CYCLE, g->n_models = 1;
    if (!g->n_paths)
        g->paths[0] = SIMTY_PATHS_HCT, g->n_paths = 1;
    if (!g->n_priorities)
        g->priorities[0] = SIMTY_PRIORITY_DEPTH, g->n_priorities = 1;
    if (!g->n_steerings)
        g->steerings[0] = SIMTY_STEERING_RR, g->n_steerings = 1;
    if (!g->n_coalescers)
        g->coalescers[0] = SIMTY_COALESCER_SIMTY, g->n_coalescers = 1;
    if (!g->n_latencies)
        g->latencies[0] = 0, g->n_latencies = 1;
    if (!g->n_memories)
        snprintf(g->memories[0], sizeof g->memories[0], "ideal"), g->n_memories = 1;
}

/* --mem-latency only with the ideal memory; every --mem-set must apply to
 * a hierarchy of the grid, and be valid there. */
static int check_grid_memory(const bench_grid *g)
{
    for (unsigned h = 0; h < g->n_memories; h++)
        for (unsigned f = 0; f < g->n_latencies; f++)
            if (g->latencies[f] && strcmp(g->memories[h], "ideal"))
                return usage_error("--mem-latency applies to the ideal memory only (the "
                                   "hierarchy has its own latencies)");
    for (unsigned i = 0; i < g->n_mem_sets; i++) {
        int applied = 0;
        for (unsigned h = 0; h < g->n_memories; h++) {
            simty_config tmp;
            char err[256];
            simty_config_default(&tmp);
            simty_memory_preset(&tmp, g->memories[h], err, sizeof err);
            if (tmp.memory.kind != SIMTY_MEMORY_HIERARCHY)
                continue;
            if (simty_memory_set(&tmp, g->mem_sets[i], err, sizeof err))
                return usage_error("%s", err);
            applied = 1;
        }
        if (!applied)
            return usage_error("--mem-set needs a memory hierarchy: --memory ddr4-3200 or hbm2");
    }
    return 0;
}

static int parse_bench_args(int argc, char **argv, bench_opts *o)
{
    int rc;
    simty_config_default(&o->base);
    o->base.max_cycles = DEFAULT_MAX_CYCLES;
    o->base.max_seconds = DEFAULT_TIMEOUT;
    opterr = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+s:m:j:f:o:qh", bench_longopts, NULL)) != -1;) {
        if (!o->run_opt && !(c < 256 && strchr("fo?q", c)) && c != OPT_MERGE)
            o->run_opt = option_name(bench_longopts, c);
        if ((rc = parse_bench_option(c, argv, o)))
            return rc;
    }
    if (o->merge)
        return check_merge_args(argc, o);
    if (optind >= argc)
        return usage_error("bench: no program or directory given");
    grid_defaults(&o->grid);
    if ((rc = check_grid_memory(&o->grid)))
        return rc;
    if (!o->jobs) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        o->jobs = cpus < 1 ? 1 : cpus > 256 ? 256 : (unsigned)cpus;
    }
    return 0;
}

/* The grid index of the first point that is the same simulation as the
 * point at list indices `at` (program, model, shape, paths, priority,
 * steering, coalescer, mem-latency, memory) with configuration cfg: an option its
 * model ignores (simty_setting_used) takes its list's first value there. */
static unsigned long same_as(const bench_grid *g, const simty_config *cfg, const unsigned *at)
{
    static const char *const keys[] = {NULL,       NULL,        NULL,          "paths",
                                       "priority", "steering",  "coalescer",   "mem-latency",
                                       "memory"};
    const unsigned len[] = {0, g->n_models, g->n_shapes, g->n_paths, g->n_priorities,
                            g->n_steerings, g->n_coalescers, g->n_latencies, g->n_memories};
    unsigned long index = at[0];
    for (unsigned i = 1; i < sizeof len / sizeof *len; i++)
        index = index * len[i] + (simty_setting_used(cfg, keys[i], NULL, 0) ? at[i] : 0);
    return index;
}

/* Fills the grid: program, model, shape, then the policies; with --shard
 * K/N, only the runs whose grid index is K-1 modulo N. */
static void fill_runs(bench_run *runs, const bench_opts *o, char **progs, char **names,
                      unsigned np)
{
    const bench_grid *g = &o->grid;
    size_t k = 0, index = 0;
    for (unsigned p = 0; p < np; p++) {
        names[p] = program_name(progs[p]);
        for (unsigned a = 0; a < g->n_models; a++)
            for (unsigned b = 0; b < g->n_shapes; b++)
                for (unsigned c = 0; c < g->n_paths; c++)
                    for (unsigned d = 0; d < g->n_priorities; d++)
                    for (unsigned sg = 0; sg < g->n_steerings; sg++)
                        for (unsigned e = 0; e < g->n_coalescers; e++)
                            for (unsigned f = 0; f < g->n_latencies; f++)
                                for (unsigned h = 0; h < g->n_memories; h++, index++) {
                                if (o->shard_n && index % o->shard_n != o->shard_k - 1)
                                    continue;
                                bench_run *r = &runs[k++];
                                r->index = index;
                                r->program = progs[p];
                                r->name = names[p];
                                r->cfg = o->base;
                                r->cfg.model = g->models[a];
                                r->cfg.cores = g->cores[b];
                                r->cfg.warps = g->warps[b];
                                r->cfg.threads = g->threads[b];
                                r->cfg.paths = g->paths[c];
                                r->cfg.priority = g->priorities[d];
                                r->cfg.steering = g->steerings[sg];
                                r->cfg.coalescer = g->coalescers[e];
                                r->cfg.mem_latency = g->latencies[f];
                                char err[256];
                                simty_memory_preset(&r->cfg, g->memories[h], err, sizeof err);
                                for (unsigned i = 0; i < g->n_mem_sets && r->cfg.memory.kind ==
                                                         SIMTY_MEMORY_HIERARCHY; i++)
                                    simty_memory_set(&r->cfg, g->mem_sets[i], err, sizeof err);
                                const unsigned at[] = {p, a, b, c, d, sg, e, f, h};
                                r->same_as = same_as(g, &r->cfg, at);
                            }
    }
    for (size_t i = 0; i < k; i++) { /* the run it repeats, if in this shard */
        size_t lo = 0, hi = i; /* (runs are in grid order) */
        while (runs[i].same_as != runs[i].index && lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (runs[mid].index < runs[i].same_as)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (runs[i].same_as != runs[i].index && lo < i && runs[lo].index == runs[i].same_as)
            runs[i].copy_of = &runs[lo];
    }
}

/* Runs the pool's runs on min(jobs, runs) host threads (on this one if
 * none could start), signals going to the waiter thread.  Returns the
 * number of threads. */
static unsigned run_workers(bench_pool *pool, unsigned jobs)
{
    /* signals go to the waiter thread only (threads inherit the mask) */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t waiter;
    int have_waiter = pthread_create(&waiter, NULL, signal_waiter, pool) == 0;
    unsigned nt = jobs < pool->n ? jobs : pool->n;
    pthread_t *tids = calloc(nt, sizeof *tids);
    unsigned started = 0;
    for (; tids && started < nt; started++)
        if (pthread_create(&tids[started], NULL, worker, pool) != 0)
            break;
    if (started == 0)
        worker(pool); /* no thread could start: run here */
    for (unsigned i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    free(tids);
    if (pool->progress == 1)
        fprintf(stderr, "\n");
    if (have_waiter) { /* sigwait() is a cancellation point; later signals wait */
        pthread_cancel(waiter);
        pthread_join(waiter, NULL);
    }
    return nt;
}

/* The runs that repeat an earlier one take its figures; their number. */
static unsigned fill_copies(bench_pool *pool)
{
    unsigned copies = 0;
    for (unsigned i = 0; i < pool->n; i++)
        if (pool->runs[i].copy_of) {
            pool->runs[i].rec = pool->runs[i].copy_of->rec;
            pool->failed += !pool->runs[i].rec.ok;
            copies++;
        }
    return copies;
}

/* A signal stopped the pool: no table, one line; the signal's status. */
static int report_interrupted(const bench_pool *pool, atomic_file *out)
{
    int stop = pool->stop;
    atomic_abort(out);
    unsigned finished = 0;
    for (unsigned i = 0; i < pool->n; i++)
        finished += pool->runs[i].rec.outcome[0] &&
                    strcmp(pool->runs[i].rec.outcome, "interrupted");
    fprintf(stderr, "simty bench: interrupted by %s with %u of %u runs finished; no table "
                    "written\n", stop == SIGINT ? "SIGINT" : "SIGTERM", finished, pool->n);
    return SIMTY_STATUS_SIGNAL + stop;
}

/* The notes and the summary line on stderr, then the table; the exit
 * status (1: a run failed). */
static int write_table(const bench_pool *pool, const bench_opts *o, atomic_file *out,
                       unsigned nt, unsigned copies)
{
    char shard[64] = "";
    if (o->shard_n)
        snprintf(shard, sizeof shard, " (shard %u/%u of %lu)", o->shard_k, o->shard_n,
                 o->grid_runs);
    if (!o->quiet && print_ignored_notes(stderr, "simty bench: note: ", pool->runs,
                                         pool->n) && copies)
        fprintf(stderr, "simty bench: note: %u run%s differ%s from an earlier one only in "
                        "options without effect: not simulated again, %s row%s repeat%s "
                        "that run's figures\n", copies, copies == 1 ? "" : "s",
                copies == 1 ? "s" : "", copies == 1 ? "its" : "their",
                copies == 1 ? "" : "s", copies == 1 ? "s" : "");
    if (!o->quiet)
        fprintf(stderr, "simty bench: %u runs%s, %u failed, %.1f s wall time, %u jobs\n",
                pool->n, shard, pool->failed, seconds_since(&pool->t0), nt ? nt : 1);
    if (o->csv)
        print_csv(out->f, pool->runs, pool->n);
    else
        print_markdown(out->f, &o->grid, pool->runs, pool->n);
    int rc = atomic_commit(out, "simty bench");
    return rc ? rc : pool->failed ? 1 : 0;
}

/* Runs every run of the pool on `jobs` host threads, then writes the
 * table, unless a signal interrupted the pool.  Returns the exit status. */
static int bench_pool_run(bench_pool *pool, const bench_opts *o, atomic_file *out)
{
    pthread_mutex_init(&pool->lock, NULL);
    clock_gettime(CLOCK_MONOTONIC, &pool->t0);
    unsigned nt = run_workers(pool, o->jobs);
    int rc = pool->stop ? report_interrupted(pool, out)
                        : write_table(pool, o, out, nt, fill_copies(pool));
    pthread_mutex_destroy(&pool->lock);
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    bench_opts o;
    memset(&o, 0, sizeof o);
    int rc = parse_bench_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (o.merge)
        return bench_merge(argv + optind, (unsigned)(argc - optind), o.output, o.csv, o.quiet);

    char **progs = calloc(MAX_PROGRAMS, sizeof *progs);
    unsigned np = 0;
    for (int i = optind; !rc && progs && i < argc; i++)
        rc = add_argument(progs, &np, argv[i]);
    if (!rc && output_is_input("bench: -o", o.output, progs, np, "the table"))
        rc = SIMTY_STATUS_USAGE;

    const bench_grid *g = &o.grid;
    size_t n = (size_t)np * g->n_models * g->n_shapes * g->n_paths * g->n_priorities *
               g->n_steerings * g->n_coalescers * g->n_latencies * g->n_memories;
    if (!rc && n > MAX_RUNS)
        rc = usage_error("bench: %zu runs is too many (at most %d)", n, MAX_RUNS);
    o.grid_runs = n;
    if (o.shard_n) /* the runs K-1, K-1+N, ... of the grid */
        n = n >= o.shard_k ? (n - o.shard_k) / o.shard_n + 1 : 0;
    atomic_file out = {0};
    if (!rc)
        rc = atomic_open(&out, "simty bench", o.output);
    bench_run *runs = rc ? NULL : calloc(n ? n : 1, sizeof *runs);
    char **names = calloc(MAX_PROGRAMS, sizeof *names);
    if (!rc && (!runs || !names || !progs)) {
        fprintf(stderr, "simty bench: out of host memory\n");
        rc = 1;
    }
    if (!rc)
        fill_runs(runs, &o, progs, names, np);

    if (!rc) {
        bench_pool pool = {.runs = runs, .grid = &o.grid, .n = (unsigned)n, .tmp = out.tmp};
        for (size_t i = 0; i < n; i++)
            pool.sims += !runs[i].copy_of;
        pool.progress = o.quiet ? 0 : o.progress ? 2 : isatty(2) ? 1 : 0;
        rc = bench_pool_run(&pool, &o, &out);
    } else {
        atomic_abort(&out);
    }
    for (unsigned p = 0; p < np; p++) {
        free(progs[p]);
        if (names)
            free(names[p]);
    }
    free(progs);
    free(names);
    free(runs);
    return rc;
}
