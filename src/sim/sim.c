/* Simulator instance: configuration, creation, loading, the state dump
 * (the machine's own functions: machine/hart.c, machine/fetch.c). */
#include "sim/sim.h"

#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

#include "isa/disasm.h"
#include "memsys/mem_config.h"
#include "models/model.h"
#include "sim/monitor.h"
#include "registry/plugins.h"
#include "sim/port.h"
#include "sim/progress.h"
#include "sim/sample.h"
#include "sim/settings.h"
#include "simty_guest.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "simty needs a little-endian host");

void simty_config_default(simty_config *c)
{
    *c = (simty_config){
        .cores = 1,
        .warps = 8,
        .threads = 4,
        .model = SIMTY_MODEL_CYCLE,
        .paths = SIMTY_PATHS_HCT,
        .priority = SIMTY_PRIORITY_DEPTH,
        .coalescer = SIMTY_COALESCER_SIMTY,
        .steering = SIMTY_STEERING_RR,
        .ram_base = SIMTY_RAM_BASE,
        .ram_size = 0, /* sized to the machine */
        .progress = 1,
        .progress_threshold = SIMTY_DEFAULT_PROGRESS_THRESHOLD,
        .progress_turn = SIMTY_DEFAULT_PROGRESS_TURN,
        .spin_detect = 1,
        .fp_latency = {[SIMTY_FP_FMA] = 4, [SIMTY_FP_DIV] = 16, [SIMTY_FP_SQRT] = 16,
                       [SIMTY_FP_CVT] = 2, [SIMTY_FP_MISC] = 1},
    };
    mem_config_default(&c->memory);
}

const char *simty_exit_reason_name(simty_exit_reason r)
{
    switch (r) {
    case SIMTY_EXIT_NONE: return "running";
    case SIMTY_EXIT_EXIT: return "exit";
    case SIMTY_EXIT_PARKED: return "parked";
    case SIMTY_EXIT_FINISHER: return "finisher";
    case SIMTY_EXIT_TOHOST: return "tohost";
    case SIMTY_EXIT_FAULT: return "fault";
    case SIMTY_EXIT_DEADLOCK: return "deadlock";
    case SIMTY_EXIT_MAX_CYCLES: return "max_cycles";
    case SIMTY_EXIT_INTERRUPTED: return "interrupted";
    case SIMTY_EXIT_TIME_LIMIT: return "time_limit";
    case SIMTY_EXIT_OUTPUT: return "output_error";
    }
    return "?";
}

const char *simty_model_name(simty_model_kind m)
{
    return m == SIMTY_MODEL_SCALAR ? "scalar" : m == SIMTY_MODEL_SIMT ? "simt" : "cycle";
}

int simty_exit_status(const simty_result *r)
{
    switch (r->reason) {
    case SIMTY_EXIT_FAULT: return SIMTY_STATUS_FAULT;
    case SIMTY_EXIT_DEADLOCK: return SIMTY_STATUS_DEADLOCK;
    case SIMTY_EXIT_MAX_CYCLES:
    case SIMTY_EXIT_TIME_LIMIT: return SIMTY_STATUS_MAX_CYCLES;
    case SIMTY_EXIT_INTERRUPTED: return SIMTY_STATUS_SIGNAL + r->signal;
    case SIMTY_EXIT_OUTPUT: return SIMTY_STATUS_OUTPUT;
    default: return r->exit_code & 0xff;
    }
}

uint64_t simty_starvation_bound(const simty_config *cfg)
{
    return cfg->progress_threshold + (uint64_t)(cfg->threads - 1) * cfg->progress_turn + 1;
}

const simty_result *simty_result_get(const simty_sim *s) { return &s->result; }
const simty_stats *simty_stats_get(const simty_sim *s) { return &s->stats; }

simty_sim *simty_create(const simty_config *cfg, char *err, size_t errlen)
{
    /* every check that can fail on a bad value comes before any allocation:
     * what fails after it is the host running out of memory */
    if (simty_config_check(cfg, err, errlen))
        return NULL;

    struct sim_block { /* the simulator and its run loop's state, one block */
        simty_sim sim;
        sim_control ctl;
    } *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of host memory");
        return NULL;
    }
    simty_sim *s = &b->sim; /* (first member: free(s) frees the block) */
    s->ctl = &b->ctl;
    s->cfg = *cfg;
    s->port = port_direct;
    s->semi.root_fd = -1; /* (before anything can fail: simty_destroy closes it) */
    s->ignored = settings_ignored_mask(cfg); /* (before spin_detect becomes policy) */
    s->cfg.spin_detect = cfg->progress && cfg->spin_detect; /* part of the policy */
    s->W = cfg->warps;
    s->T = cfg->threads;
    s->ncores = cfg->cores;
    s->nwarps = cfg->cores * cfg->warps;
    s->nharts = s->nwarps * s->T;
    s->model = cfg->model == SIMTY_MODEL_SCALAR ? &model_scalar
               : cfg->model == SIMTY_MODEL_SIMT ? &model_simt
                                                : &model_cycle;
    s->cycle_limit = cfg->max_cycles ? cfg->max_cycles : UINT64_MAX;
    /* barrier release and wrs wake-up: 2 cycles in the pipeline
     * (docs/pipeline.md), immediate in the functional models */
    sync_init(&s->sync, cfg->model == SIMTY_MODEL_CYCLE ? 2 : 0);

    s->ram_auto = cfg->ram_size == 0;
    s->cfg.ram_size = simty_config_ram_size(cfg);
    if (mem_add_region(&s->mem, cfg->ram_base, s->cfg.ram_size, err, errlen))
        goto fail;
    for (unsigned i = 0; i < cfg->n_extra_mem; i++)
        if (mem_add_region(&s->mem, cfg->extra_mem[i].base, cfg->extra_mem[i].size, err,
                           errlen))
            goto fail;
    s->ram = s->mem.region[0].data;
    s->ram_base = cfg->ram_base;
    s->ram_size = s->cfg.ram_size;

    size_t n = s->nharts;
    s->x = calloc((size_t)s->nwarps * 32 * s->T, sizeof *s->x);
    s->f = calloc((size_t)s->nwarps * 32 * s->T, sizeof *s->f);
    s->frm = calloc(n, 1);
    s->fflags = calloc(n, 1);
    s->pc = calloc(n, sizeof *s->pc);
    s->instret = calloc(n, sizeof *s->instret);
    s->retire = calloc(s->nwarps, sizeof *s->retire);
    s->csr = calloc(n, sizeof *s->csr);
    s->jump = calloc(n, sizeof *s->jump);
    s->resv = calloc(n, sizeof *s->resv);
    s->resv_slot = calloc(1u << RESV_SLOT_BITS, sizeof *s->resv_slot);
    s->status = calloc(n, sizeof *s->status);
    s->exit_code = calloc(n, sizeof *s->exit_code);
    s->ndecoded = cfg->host_threads < 1 ? 1 : cfg->host_threads < s->ncores ? cfg->host_threads : s->ncores;
    s->decoded = malloc(s->ndecoded * sizeof *s->decoded);
    s->core = calloc(s->ncores, sizeof *s->core);
    s->ctl->core_done = calloc(s->ncores, sizeof *s->ctl->core_done);
    s->ctl->publish_next = calloc(s->ncores, sizeof *s->ctl->publish_next);
    s->quantum = cfg->quantum ? cfg->quantum : 1;
    s->ialign_mask = 3; /* (until a program with compressed instructions is loaded) */
    if (cfg->model != SIMTY_MODEL_SCALAR)
        s->paths = calloc(s->nwarps, sizeof *s->paths);
    if (!s->core || !s->ctl->core_done || !s->ctl->publish_next || (cfg->model != SIMTY_MODEL_SCALAR && !s->paths) || !s->x || !s->f || !s->frm || !s->fflags || !s->pc || !s->instret || !s->retire || !s->csr || !s->jump ||
        !s->resv || !s->resv_slot || !s->status ||
        !s->exit_code || !s->decoded ||
        console_init(&s->console, cfg->console ? cfg->console : stdout, s->nharts) ||
        semihost_init(&s->semi, stderr, s->nharts)) {
        snprintf(err, errlen, "out of host memory");
        goto fail;
    }
    for (unsigned c = 0; c < s->ncores; c++)
        s->core[c] = (sim_core){.id = c, .warp0 = c * s->W,
                                .paths = s->paths ? s->paths + (size_t)c * s->W : NULL,
                                .decoded = &s->decoded[0]}; /* (a host thread's: run.c) */
    monitor_init(&s->ctl->monitor);
    mmode_reset(s);
    sim_flush_decode_cache(s);
    return s;
fail:
    simty_destroy(s);
    return NULL;
}

void simty_destroy(simty_sim *s)
{
    if (!s)
        return;
    sim_pool_free(s);
    if (s->core && s->loaded)
        s->model->free(s);
    sample_free(s);
    for (unsigned c = 0; s->core && c < s->ncores; c++)
        fx_free(&s->core[c].fx);
    free(s->core);
    free(s->ctl->core_done);
    free(s->ctl->publish_next);
    free(s->paths);
    console_free(&s->console);
    semihost_free(&s->semi);
    elf_free(&s->elf);
    reconv_free(&s->reconv_points);
    free(s->program_path);
    line_table_free(&s->lines);
    mem_free(&s->mem);
    free(s->x);
    free(s->f);
    free(s->frm);
    free(s->fflags);
    free(s->pc);
    free(s->instret);
    free(s->retire);
    free(s->csr);
    free(s->jump);
    free(s->resv);
    free(s->resv_slot);
    free(s->status);
    free(s->exit_code);
    free(s->decoded);
    free(s);
}

/* After the ELF image is in memory: the symbols simty looks for, the
 * loader-filled words, every hart at the entry point. */
static int start_program(simty_sim *s, char *err, size_t errlen)
{
    s->has_tohost = elf_find_symbol(&s->elf, SIMTY_SYM_TOHOST, &s->tohost) == 0;
    s->ialign_mask = s->elf.rvc ? 1 : 3; /* C is on for an RVC program (docs/platform.md) */
    sim_patch_symbol(s, SIMTY_SYM_NTHREADS, s->nharts);
    sim_patch_symbol(s, SIMTY_SYM_ON_SIMULATOR, 1);
    sim_patch_symbol(s, SIMTY_SYM_RAM_END, (uint32_t)(s->ram_base + s->ram_size));
    if (stacks_init(s, err, errlen))
        return -1;
    s->paths_ops = plugin_ops(PLUGIN_PATHS, (int)s->cfg.paths);
    s->coalescer_ops = plugin_ops(PLUGIN_COALESCER, (int)s->cfg.coalescer);
    if (s->paths_ops && s->paths_ops->reconvergence_points &&
        s->cfg.model != SIMTY_MODEL_SCALAR) {
        if (reconv_build(&s->reconv_points, &s->elf, &s->mem, err, errlen))
            return -1;
        s->reconv = &s->reconv_points;
    }

    for (unsigned h = 0; h < s->nharts; h++) {
        unsigned w = h / s->T, l = h % s->T;
        warp_regs(s, w)[10 * s->T + l] = h; /* a0 = mhartid */
        s->pc[h] = s->elf.entry;
        s->status[h] = HART_RUNNING;
    }
    s->running = s->nharts;
    for (unsigned c = 0; c < s->ncores; c++)
        s->sync.core_running[c] = s->W * s->T;
    const model_ops *m = s->model;
    progress_init(&s->ctl->watch, m->watch_interval_per_hart ? m->watch_interval_per_hart * s->nharts
                                                        : m->watch_interval_fixed, 0);
    sim_checks_due(s);
    if (m->init(s, err, errlen))
        return -1;
    s->loaded = true; /* only now: a failed load leaves nothing to run or inspect */
    return 0;
}

int simty_load(simty_sim *s, const char *path, char *err, size_t errlen)
{
    if (s->load_tried) {
        snprintf(err, errlen, s->loaded ? "a program is already loaded"
                                        : "a load already failed on this simulator");
        return -1;
    }
    s->load_tried = true;
    if (elf_load(path, &s->mem, &s->elf, err, errlen))
        return -1;
    free(s->program_path); /* a failed load may have come first */
    if (!(s->program_path = strdup(path))) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    /* The guest's default command line (GET_CMDLINE): the program's file
     * name without its directory, so that the figures of a run do not
     * depend on where the program was run from (docs/platform.md). */
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (!s->semi.cmdline && simty_set_cmdline(s, 1, &base)) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    return start_program(s, err, errlen);
}

int simty_load_image(simty_sim *s, const void *elf, size_t len, char *err, size_t errlen)
{
    if (s->load_tried) {
        snprintf(err, errlen, s->loaded ? "a program is already loaded"
                                        : "a load already failed on this simulator");
        return -1;
    }
    s->load_tried = true;
    if (elf_load_buffer(elf, len, &s->mem, &s->elf, err, errlen))
        return -1;
    return start_program(s, err, errlen);
}

double sim_cpu_seconds(const simty_sim *s)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9 + sim_pool_cpu_seconds(s);
}

void simty_request_stop(simty_sim *s, int signo)
{
    s->stop_request = signo > 0 && signo < 128 ? signo : SIGINT;
}

/* ---- program and thread end ---- */

void simty_dump_state(const simty_sim *s, FILE *f)
{
    if (s->loaded)
        model_dump(s, f);
}
