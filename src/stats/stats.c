/* Statistics reports: a human summary and JSON for scripts; the
 * --signature dump. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry/plugins.h"
#include "machine/machine.h"
#include "stats/mem_stats.h"
#include "stats/sample_stats.h"
#include "util/escape.h"
#include "stats/stats.h"

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

/* issue slots that executed (not squashed) */
static uint64_t valid_slots(const simty_stats *st)
{
    return st->warp_instructions - st->squashed;
}

static double simd_efficiency(const simty_sim *s, const simty_stats *st)
{
    return ratio((double)st->thread_instructions, (double)valid_slots(st) * s->T);
}

/* One-line summary of the region of interest, if the program marked one. */
static void print_roi(const simty_sim *s, FILE *f)
{
    const simty_stats *r = simty_roi_stats_get(s);
    if (!r)
        return;
    fprintf(f, "  region of interest   %llu %s, %llu thread instructions, IPC %.3f, "
               "thread IPC %.3f, SIMD efficiency %.1f%%, max paths %llu, "
               "%llu replay passes\n",
            (unsigned long long)r->cycles,
            s->cfg.model == SIMTY_MODEL_SCALAR ? "steps" : "cycles",
            (unsigned long long)r->thread_instructions,
            ratio((double)r->warp_instructions, (double)r->cycles),
            ratio((double)r->thread_instructions, (double)r->cycles),
            100.0 * simd_efficiency(s, r), (unsigned long long)r->max_paths,
            (unsigned long long)(r->replays_memory + r->replays_indirect));
}

/* The synchronisation lines (docs/progress.md), when something happened. */
static void print_sync(const simty_sim *s, const simty_stats *st, FILE *f)
{
    if (st->barriers || st->barrier_slots)
        fprintf(f, "  barriers             %llu completed, %llu arrival slots (%.1f%% of executed), "
                   "%llu thread-cycles parked\n",
                (unsigned long long)st->barriers, (unsigned long long)st->barrier_slots,
                100.0 * ratio((double)st->barrier_slots, (double)valid_slots(st)),
                (unsigned long long)st->barrier_wait_cycles);
    if (st->wrs_slots || st->pauses)
        fprintf(f, "  wait hints           %llu wrs slots, %llu thread-cycles in wrs, %llu pauses\n",
                (unsigned long long)st->wrs_slots, (unsigned long long)st->wrs_wait_cycles,
                (unsigned long long)st->pauses);
    if (st->exceptions || st->interrupts)
        fprintf(f, "  traps                %llu exceptions, %llu interrupts (thread by thread)\n",
                (unsigned long long)st->exceptions, (unsigned long long)st->interrupts);
    if (s->cfg.model == SIMTY_MODEL_SCALAR)
        return;
    fprintf(f, "  forward progress     ");
    if (s->cfg.progress)
        fprintf(f, "%llu turns (%llu by pause), max starvation %llu commits (bound %llu)\n",
                (unsigned long long)st->progress_triggers,
                (unsigned long long)st->progress_yields,
                (unsigned long long)st->max_starvation,
                (unsigned long long)simty_starvation_bound(&s->cfg));
    else
        fprintf(f, "off, max starvation %llu commits\n", (unsigned long long)st->max_starvation);
    if (st->spin_detections)
        fprintf(f, "  spin detector        %llu detections, %llu slots spinning, "
                   "%llu thread-cycles backed off\n",
                (unsigned long long)st->spin_detections, (unsigned long long)st->spin_slots,
                (unsigned long long)st->backoff_cycles);
}

static const char *paths_name(const simty_sim *s)
{
    return plugin_label(PLUGIN_PATHS, (int)s->cfg.paths);
}
static const char *priority_name(const simty_sim *s)
{
    return plugin_label(PLUGIN_PRIORITY, (int)s->cfg.priority);
}
static const char *steering_name(const simty_sim *s)
{
    return plugin_label(PLUGIN_STEERING, (int)s->cfg.steering);
}
static const char *coalescer_name(const simty_sim *s)
{
    return plugin_label(PLUGIN_COALESCER, (int)s->cfg.coalescer);
}

/* The settings the caller gave that have no effect (simty_config_ignored):
 * one line each in the text, a list of names in JSON. */
static void print_ignored(const simty_sim *s, FILE *f)
{
    for (unsigned i = 0; simty_setting_name(i); i++)
        if (s->ignored >> i & 1) {
            char why[160];
            simty_setting_used(&s->cfg, simty_setting_name(i), why, sizeof why);
            fprintf(f, "  ignored option       --%s %s\n", simty_setting_name(i), why);
        }
}

static void json_ignored(const simty_sim *s, FILE *f)
{
    const char *sep = "";
    fprintf(f, "  \"ignored_options\": [");
    for (unsigned i = 0; simty_setting_name(i); i++)
        if (s->ignored >> i & 1) {
            fprintf(f, "%s\"%s\"", sep, simty_setting_name(i));
            sep = ", ";
        }
    fprintf(f, "],\n");
}

/* The first lines: model, shape, plug-ins, options, warnings, exit. */
static void print_header(const simty_sim *s, FILE *f)
{
    const simty_result *r = &s->result;
    fprintf(f, "simty: model %s, ", simty_model_name(s->cfg.model));
    if (s->ncores > 1)
        fprintf(f, "%u cores x ", s->ncores);
    fprintf(f, "%u warps x %u threads", s->W, s->T);
    if (s->cfg.model != SIMTY_MODEL_SCALAR) {
        fprintf(f, " (paths %s, priority %s", paths_name(s), priority_name(s));
        if (s->cfg.model == SIMTY_MODEL_CYCLE && s->cfg.steering != SIMTY_STEERING_RR)
            fprintf(f, ", steering %s", steering_name(s)); /* (named when not the RTL's) */
        fprintf(f, ", coalescer %s)", coalescer_name(s));
    }
    if (s->cfg.stack_interleave)
        fprintf(f, ", stacks interleaved");
    if (s->cfg.misaligned == SIMTY_MISALIGNED_TRAP)
        fprintf(f, ", misaligned accesses trap");
    if (s->ncores > 1 && s->quantum > 1)
        fprintf(f, ", quantum %llu cycles", (unsigned long long)s->quantum);
    fprintf(f, "\n");
    print_ignored(s, f);
    const char *w;
    for (unsigned i = 0; (w = simty_load_warning(s, i)); i++)
        fprintf(f, "  warning              %s\n", w);
    fprintf(f, "  exit reason          %s, exit code %d\n", simty_exit_reason_name(r->reason),
            r->exit_code);
}

/* The cycle model's lines: IPC, issue stalls, fetch, loads, memory levels. */
static void print_pipeline(const simty_sim *s, const simty_stats *st, FILE *f)
{
    fprintf(f, "  IPC                  %.3f warp-instructions/cycle, %.3f thread-instructions/cycle\n",
            ratio((double)st->warp_instructions, (double)st->cycles),
            ratio((double)st->thread_instructions, (double)st->cycles));
    fprintf(f, "  issue stalls         %llu empty buffer, %llu scoreboard, %llu pending load, "
               "%llu bank",
            (unsigned long long)st->stall_empty, (unsigned long long)st->stall_scoreboard,
            (unsigned long long)st->stall_load, (unsigned long long)st->stall_bank);
    if (mem_stats_wanted(s))
        fprintf(f, ", %llu write buffer full", (unsigned long long)st->stall_store);
    fprintf(f, "\n");
    fprintf(f, "  fetch redirects      %llu\n", (unsigned long long)st->redirects);
    fprintf(f, "  fetches              %llu instructions, %llu bytes\n",
            (unsigned long long)st->fetches, (unsigned long long)st->fetch_bytes);
    fprintf(f, "  load latency         %.2f cycles issue to writeback (%llu loads, memory +%u)\n",
            ratio((double)st->load_latency_sum, (double)st->loads),
            (unsigned long long)st->loads, s->cfg.mem_latency);
    if (mem_stats_wanted(s))
        mem_stats_print(s, st, f);
}

/* The SIMT models' lines: divergence, the CCT, replays, coalescing. */
static void print_divergence(const simty_sim *s, const simty_stats *st, FILE *f)
{
    fprintf(f, "  divergent branches   %llu\n", (unsigned long long)st->divergent_branches);
    fprintf(f, "  live paths per warp  max %llu, mean %.2f\n",
            (unsigned long long)st->max_paths,
            ratio((double)st->path_sum, (double)st->path_samples));
    fprintf(f, "  CCT                  %llu pushes, %llu pops, %llu sorter swaps\n",
            (unsigned long long)st->cct_pushes, (unsigned long long)st->cct_pops,
            (unsigned long long)st->cct_swaps);
    fprintf(f, "  replay passes        %llu memory, %llu indirect jump\n",
            (unsigned long long)st->replays_memory, (unsigned long long)st->replays_indirect);
    fprintf(f, "  memory requests      %llu (%.2f lanes per request)\n",
            (unsigned long long)st->memory_requests,
            ratio((double)st->memory_lanes, (double)st->memory_requests));
    fprintf(f, "  lane occupancy      ");
    for (unsigned k = 1; k <= s->T; k++)
        fprintf(f, " W%u:%.1f%%", k,
                100.0 * ratio((double)st->lane_histogram[k], (double)valid_slots(st)));
    fprintf(f, "\n");
}

void simty_print_stats(const simty_sim *s, FILE *f)
{
    const simty_stats *st = &s->stats;
    print_header(s, f);
    fprintf(f, "  %-20s %llu\n", s->cfg.model == SIMTY_MODEL_SCALAR ? "steps" : "cycles",
            (unsigned long long)st->cycles);
    fprintf(f, "  thread instructions  %llu\n", (unsigned long long)st->thread_instructions);
    fprintf(f, "  warp instructions    %llu", (unsigned long long)st->warp_instructions);
    if (s->cfg.model == SIMTY_MODEL_CYCLE)
        fprintf(f, " issued, %llu squashed", (unsigned long long)st->squashed);
    fprintf(f, "\n");
    if (s->cfg.model == SIMTY_MODEL_CYCLE)
        print_pipeline(s, st, f);
    fprintf(f, "  SIMD efficiency      %.1f%%\n", 100.0 * simd_efficiency(s, st));
    if (s->cfg.model != SIMTY_MODEL_SCALAR)
        print_divergence(s, st, f);
    print_sync(s, st, f);
    print_roi(s, f);
    for (unsigned c = 0; c < s->ncores && s->ncores > 1; c++) {
        const simty_stats *cs = &s->core[c].stats;
        fprintf(f, "  core %-2u              %llu thread instructions, %llu warp instructions, "
                   "SIMD efficiency %.1f%%\n", c, (unsigned long long)cs->thread_instructions,
                (unsigned long long)cs->warp_instructions, 100.0 * simd_efficiency(s, cs));
    }
    sample_stats_print(s, f);
    fprintf(f, "  simulation time      %.3f s (%.1f M thread-instructions/s)\n", st->sim_seconds,
            ratio((double)st->thread_instructions, st->sim_seconds) * 1e-6);
}

/* A JSON string of text that is already printable (guest text in it went
 * through text_escape() when the message was made): JSON quotes '"' and
 * '\\'.  A byte that is not printable ASCII all the same is written as
 * text_escape() shows it, so the file stays valid JSON whatever the text. */
static void json_str(FILE *f, const char *str)
{
    fputc('"', f);
    for (const char *c = str; *c; c++) {
        if (*c == '"' || *c == '\\') {
            fprintf(f, "\\%c", *c);
        } else {
            char esc[8];
            text_escape_n(esc, sizeof esc, c, 1);
            for (const char *e = esc; *e; e++)
                fputs(*e == '\\' ? "\\\\" : (char[2]){*e, 0}, f);
        }
    }
    fputc('"', f);
}

/* Opens an output file ("-": stdout).  NULL with a reason in err. */
static FILE *open_output(const char *path, char *err, size_t errlen)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f) {
        char name[256];
        text_escape(name, sizeof name, path);
        snprintf(err, errlen, "cannot write %s: %s", name, strerror(errno));
    }
    errno = 0; /* a failed write sets it: close_output() reports that cause */
    return f;
}

/* Closes (or flushes stdout); -1 with a reason if anything was lost. */
static int close_output(FILE *f, const char *path, char *err, size_t errlen)
{
    int bad = ferror(f);
    if (!bad)
        errno = 0;
    int cause = errno; /* of the first failed write, if one failed */
    bad |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
    if (!bad)
        return 0;
    if (cause)
        errno = cause;
    char name[256];
    text_escape(name, sizeof name, path);
    snprintf(err, errlen, "error writing %s: %s", name, strerror(errno ? errno : EIO));
    if (f == stdout)
        clearerr(f); /* reported here: the caller's final check of stdout must not repeat it */
    return -1;
}

/* "per_core": one object per core: the main counters of its statistics
 * (and of its part of the region of interest). */
static void write_per_core(const simty_sim *s, FILE *f)
{
    fprintf(f, "  \"per_core\": [");
    for (unsigned c = 0; c < s->ncores; c++) {
        const simty_stats *st = &s->core[c].stats;
        fprintf(f, "%s\n    {\"core\": %u, \"thread_instructions\": %llu, "
                   "\"warp_instructions\": %llu, \"squashed\": %llu, \"ipc\": %.6g, "
                   "\"thread_ipc\": %.6g, \"simd_efficiency\": %.6g, "
                   "\"divergent_branches\": %llu, \"max_paths\": %llu, "
                   "\"memory_requests\": %llu, \"memory_lanes\": %llu, "
                   "\"replays_memory\": %llu, \"stall_empty\": %llu, "
                   "\"stall_scoreboard\": %llu, \"stall_load\": %llu, \"stall_bank\": %llu, "
                   "\"barrier_slots\": %llu, \"barrier_wait_cycles\": %llu, "
                   "\"spin_detections\": %llu",
                c ? "," : "", c, (unsigned long long)st->thread_instructions,
                (unsigned long long)st->warp_instructions, (unsigned long long)st->squashed,
                ratio((double)st->warp_instructions, (double)st->cycles),
                ratio((double)st->thread_instructions, (double)st->cycles),
                simd_efficiency(s, st), (unsigned long long)st->divergent_branches,
                (unsigned long long)st->max_paths, (unsigned long long)st->memory_requests,
                (unsigned long long)st->memory_lanes, (unsigned long long)st->replays_memory,
                (unsigned long long)st->stall_empty, (unsigned long long)st->stall_scoreboard,
                (unsigned long long)st->stall_load, (unsigned long long)st->stall_bank,
                (unsigned long long)st->barrier_slots,
                (unsigned long long)st->barrier_wait_cycles,
                (unsigned long long)st->spin_detections);
        if (mem_stats_wanted(s)) {
            fprintf(f, ", \"levels\": ");
            mem_stats_json_levels(s, st, f);
        }
        const simty_stats *roi = simty_core_roi_stats_get(s, c);
        if (roi)
            fprintf(f, ", \"roi\": {\"thread_instructions\": %llu, \"warp_instructions\": %llu, "
                       "\"squashed\": %llu, \"simd_efficiency\": %.6g}",
                    (unsigned long long)roi->thread_instructions,
                    (unsigned long long)roi->warp_instructions, (unsigned long long)roi->squashed,
                    simd_efficiency(s, roi));
        else
            fprintf(f, ", \"roi\": null");
        fprintf(f, "}");
    }
    fprintf(f, "\n  ],\n");
}

/* The load's warnings (simty_load_warning), a list of strings in JSON. */
static void json_warnings(const simty_sim *s, FILE *f)
{
    const char *w, *sep = "";
    fprintf(f, "  \"warnings\": [");
    for (unsigned i = 0; (w = simty_load_warning(s, i)); i++) {
        fprintf(f, "%s", sep);
        json_str(f, w);
        sep = ", ";
    }
    fprintf(f, "],\n");
}

/* One "key": number line of the JSON report (f in the caller's scope). */
#define U64(k, v) fprintf(f, "  \"%s\": %llu,\n", k, (unsigned long long)(v))
#define DBL(k, v) fprintf(f, "  \"%s\": %.6g,\n", k, (double)(v))

/* The run's configuration: model, plug-ins, options, warnings, shape. */
static void json_config(const simty_sim *s, FILE *f)
{
    fprintf(f, "{\n  \"model\": \"%s\",\n", simty_model_name(s->cfg.model));
    fprintf(f, "  \"paths\": \"%s\",\n  \"priority\": \"%s\",\n", paths_name(s),
            priority_name(s));
    if (s->cfg.steering != SIMTY_STEERING_RR) /* (absent: rr, as before steering had a choice) */
        fprintf(f, "  \"steering\": \"%s\",\n", steering_name(s));
    fprintf(f, "  \"coalescer\": \"%s\",\n", coalescer_name(s));
    fprintf(f, "  \"stack_interleave\": %s,\n", s->cfg.stack_interleave ? "true" : "false");
    fprintf(f, "  \"misaligned\": \"%s\",\n",
            s->cfg.misaligned == SIMTY_MISALIGNED_TRAP ? "trap" : "hardware");
    json_ignored(s, f);
    json_warnings(s, f);
    U64("cores", s->cfg.cores);
    U64("quantum", s->ncores > 1 ? s->quantum : 1); /* (host threads change nothing) */
    U64("warps", s->W);
    U64("threads", s->T);
}

/* Throughput, fetch, issue stalls, loads and the memory hierarchy. */
static void json_pipeline(const simty_sim *s, const simty_stats *st, FILE *f)
{
    U64("cycles", st->cycles);
    U64("thread_instructions", st->thread_instructions);
    U64("warp_instructions", st->warp_instructions);
    DBL("simd_efficiency", simd_efficiency(s, st));
    DBL("ipc", ratio((double)st->warp_instructions, (double)st->cycles));
    DBL("thread_ipc", ratio((double)st->thread_instructions, (double)st->cycles));
    U64("squashed", st->squashed);
    U64("redirects", st->redirects);
    U64("fetches", st->fetches);
    U64("fetch_bytes", st->fetch_bytes);
    U64("stall_empty", st->stall_empty);
    U64("stall_scoreboard", st->stall_scoreboard);
    U64("stall_load", st->stall_load);
    U64("stall_bank", st->stall_bank);
    U64("loads", st->loads);
    U64("load_latency_sum", st->load_latency_sum);
    DBL("load_latency", ratio((double)st->load_latency_sum, (double)st->loads));
    U64("mem_latency", s->cfg.mem_latency);
    U64("stall_fetch", st->stall_fetch);
    U64("stall_store", st->stall_store);
    mem_stats_json_config(s, f);
    fprintf(f, "  \"levels\": ");
    mem_stats_json_levels(s, st, f);
    fprintf(f, ",\n");
}

/* Divergence, replays, barriers, wait hints and traps. */
static void json_divergence(const simty_stats *st, FILE *f)
{
    U64("divergent_branches", st->divergent_branches);
    U64("max_paths", st->max_paths);
    DBL("mean_paths", ratio((double)st->path_sum, (double)st->path_samples));
    U64("cct_pushes", st->cct_pushes);
    U64("cct_pops", st->cct_pops);
    U64("cct_swaps", st->cct_swaps);
    U64("replays_memory", st->replays_memory);
    U64("replays_indirect", st->replays_indirect);
    U64("barrier_slots", st->barrier_slots);
    U64("barrier_thread_instructions", st->barrier_thread_instructions);
    U64("barriers", st->barriers);
    U64("barrier_wait_cycles", st->barrier_wait_cycles);
    U64("wrs_slots", st->wrs_slots);
    U64("wrs_wait_cycles", st->wrs_wait_cycles);
    U64("pauses", st->pauses);
    U64("exceptions", st->exceptions);
    U64("interrupts", st->interrupts);
}

/* Forward progress and the spin detector (docs/progress.md). */
static void json_progress(const simty_sim *s, const simty_stats *st, FILE *f)
{
    fprintf(f, "  \"progress\": \"%s\",\n", s->cfg.progress ? "on" : "off");
    U64("progress_threshold", s->cfg.progress_threshold);
    U64("progress_turn", s->cfg.progress_turn);
    U64("progress_triggers", st->progress_triggers);
    U64("progress_yields", st->progress_yields);
    U64("max_starvation", st->max_starvation);
    U64("starvation_bound", s->cfg.progress ? simty_starvation_bound(&s->cfg) : 0);
    fprintf(f, "  \"spin_detect\": \"%s\",\n", s->cfg.progress && s->cfg.spin_detect ? "on" : "off");
    U64("spin_detections", st->spin_detections);
    U64("spin_slots", st->spin_slots);
    U64("backoff_cycles", st->backoff_cycles);
}

/* Coalesced memory requests and the lane occupancy histogram. */
static void json_requests(const simty_sim *s, const simty_stats *st, FILE *f)
{
    U64("memory_requests", st->memory_requests);
    U64("memory_lanes", st->memory_lanes);
    DBL("lanes_per_request", ratio((double)st->memory_lanes, (double)st->memory_requests));
    fprintf(f, "  \"lane_histogram\": [");
    for (unsigned k = 1; k <= s->T; k++)
        fprintf(f, "%s%llu", k > 1 ? ", " : "", (unsigned long long)st->lane_histogram[k]);
    fprintf(f, "],\n");
}
#undef U64
#undef DBL

/* "roi" and "roi_levels": the region of interest's counters, or null. */
static void json_roi(const simty_sim *s, FILE *f)
{
    const simty_stats *roi = simty_roi_stats_get(s);
    if (!roi) {
        fprintf(f, "  \"roi\": null,\n  \"roi_levels\": null,\n");
        return;
    }
    fprintf(f, "  \"roi\": {\"cycles\": %llu, \"thread_instructions\": %llu, "
               "\"warp_instructions\": %llu, \"squashed\": %llu, \"ipc\": %.6g, "
               "\"thread_ipc\": %.6g, \"simd_efficiency\": %.6g, \"max_paths\": %llu, "
               "\"replays_memory\": %llu, \"replays_indirect\": %llu, "
               "\"barrier_slots\": %llu, \"barrier_thread_instructions\": %llu, "
               "\"barriers\": %llu, \"barrier_wait_cycles\": %llu, \"wrs_slots\": %llu, "
               "\"wrs_wait_cycles\": %llu, \"pauses\": %llu, \"progress_triggers\": %llu, "
               "\"max_starvation\": %llu, \"spin_detections\": %llu, \"spin_slots\": %llu, "
               "\"fetches\": %llu, \"fetch_bytes\": %llu},\n",
            (unsigned long long)roi->cycles, (unsigned long long)roi->thread_instructions,
            (unsigned long long)roi->warp_instructions, (unsigned long long)roi->squashed,
            ratio((double)roi->warp_instructions, (double)roi->cycles),
            ratio((double)roi->thread_instructions, (double)roi->cycles),
            simd_efficiency(s, roi), (unsigned long long)roi->max_paths,
            (unsigned long long)roi->replays_memory,
            (unsigned long long)roi->replays_indirect,
            (unsigned long long)roi->barrier_slots,
            (unsigned long long)roi->barrier_thread_instructions,
            (unsigned long long)roi->barriers, (unsigned long long)roi->barrier_wait_cycles,
            (unsigned long long)roi->wrs_slots, (unsigned long long)roi->wrs_wait_cycles,
            (unsigned long long)roi->pauses, (unsigned long long)roi->progress_triggers,
            (unsigned long long)roi->max_starvation,
            (unsigned long long)roi->spin_detections, (unsigned long long)roi->spin_slots,
            (unsigned long long)roi->fetches, (unsigned long long)roi->fetch_bytes);
    fprintf(f, "  \"roi_levels\": ");
    mem_stats_json_levels(s, roi, f);
    fprintf(f, ",\n");
}

/* The end: how the run ended and what it cost. */
static void json_exit(const simty_sim *s, FILE *f)
{
    const simty_result *r = &s->result;
    fprintf(f, "  \"exit_reason\": \"%s\",\n", simty_exit_reason_name(r->reason));
    fprintf(f, "  \"exit_code\": %d,\n", r->exit_code);
    fprintf(f, "  \"exit_status\": %d,\n", simty_exit_status(r));
    fprintf(f, "  \"message\": ");
    json_str(f, r->message);
    fprintf(f, ",\n  \"sim_seconds\": %.6f\n}\n", s->stats.sim_seconds);
}

static void stats_json(const simty_sim *s, FILE *f)
{
    const simty_stats *st = &s->stats;
    json_config(s, f);
    json_pipeline(s, st, f);
    json_divergence(st, f);
    json_progress(s, st, f);
    json_requests(s, st, f);
    json_roi(s, f);
    write_per_core(s, f);
    sample_stats_json(s, f);
    json_exit(s, f);
}

int simty_write_stats_json(const simty_sim *s, const char *path, char *err, size_t errlen)
{
    FILE *f = open_output(path, err, errlen);
    if (!f)
        return -1;
    stats_json(s, f);
    return close_output(f, path, err, errlen);
}

char *simty_stats_json(const simty_sim *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    stats_json(s, f);
    if (ferror(f) | fclose(f)) {
        free(buf);
        return NULL;
    }
    return buf;
}

void simty_free(void *p)
{
    free(p);
}

int simty_write_signature(simty_sim *s, const char *path, char *err, size_t errlen)
{
    uint32_t begin, end;
    if (elf_find_symbol(&s->elf, "begin_signature", &begin) ||
        elf_find_symbol(&s->elf, "end_signature", &end)) {
        snprintf(err, errlen, "--signature: the program has no begin_signature/end_signature "
                              "symbols");
        return -1;
    }
    FILE *f = open_output(path, err, errlen);
    if (!f)
        return -1;
    if (sim_write_signature(s, f, begin, end, err, errlen)) {
        if (f != stdout)
            fclose(f);
        return -1;
    }
    return close_output(f, path, err, errlen);
}

int sim_write_signature(simty_sim *s, FILE *f, uint32_t begin, uint32_t end, char *err,
                        size_t errlen)
{
    if (end < begin || (begin & 3) || !bus_ram(s, begin, end - begin)) {
        snprintf(err, errlen, "--signature: bad signature range 0x%08x..0x%08x", begin, end);
        return -1;
    }
    /* 64-bit addresses: a range that ends at the top of the address space
     * must not wrap to 0 */
    for (uint64_t a = begin; a + 4 <= end && !ferror(f); a += 4) {
        /* --stack-interleave: the word where the program sees it stored */
        uint32_t at = stacks_store_addr(&s->stacks, s->nharts, (uint32_t)a);
        fprintf(f, "%08x\n", load_le(bus_ram(s, at, 4), 4));
    }
    return 0;
}
