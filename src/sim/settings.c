/* Keyword settings of a machine configuration (simty_config_set): the one
 * parser of the values behind simty run's machine options, used by the
 * command line and by the Python package alike. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry/plugins.h"
#include "sim/settings.h"
#include "simty.h"
#include "util/parse.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int set_uint(const char *key, const char *v, unsigned lo, unsigned hi, unsigned *out,
                    char *err, size_t errlen)
{
    uint64_t x;
    if (parse_u64(v, &x, 0) || x < lo || x > hi)
        return fail(err, errlen, "--%s: expected an integer %u..%u, got '%.40s'", key, lo, hi, v);
    *out = (unsigned)x;
    return 0;
}

/* v must be one of the NULL-terminated names; *out = its index */
static int set_choice(const char *key, const char *v, const char *const *names, int *out,
                      char *err, size_t errlen)
{
    char list[96] = "";
    for (int i = 0; names[i]; i++) {
        if (!strcmp(v, names[i])) {
            *out = i;
            return 0;
        }
        size_t n = strlen(list);
        snprintf(list + n, sizeof list - n, "%s%s", i ? (names[i + 1] ? ", " : " or ") : "",
                 names[i]);
    }
    return fail(err, errlen, "--%s: expected %s, got '%.40s'", key, list, v);
}

/* A plug-in setting (src/registry/plugins.c): the registry's names, the index
 * of the one chosen. */
static int set_plugin(const char *key, const char *v, simty_config *cfg, char *err,
                      size_t errlen)
{
    const plugin_kind kind = !strcmp(key, "paths")      ? PLUGIN_PATHS
                             : !strcmp(key, "priority") ? PLUGIN_PRIORITY
                             : !strcmp(key, "steering") ? PLUGIN_STEERING
                                                        : PLUGIN_COALESCER;
    int k;
    if (plugin_parse(kind, v, &k, err, errlen))
        return -1;
    if (kind == PLUGIN_PATHS)
        cfg->paths = (simty_paths_kind)k;
    else if (kind == PLUGIN_PRIORITY)
        cfg->priority = (simty_priority_kind)k;
    else if (kind == PLUGIN_STEERING)
        cfg->steering = (simty_steering_kind)k;
    else
        cfg->coalescer = (simty_coalescer_kind)k;
    return 0;
}

static const char *const on_off[] = {"on", "off", NULL};

static int set_fp_latency(const char *arg, simty_config *cfg, char *err, size_t errlen)
{
    static const char *const kinds[SIMTY_FP_KINDS] = {
        [SIMTY_FP_FMA] = "fma", [SIMTY_FP_DIV] = "div", [SIMTY_FP_SQRT] = "sqrt",
        [SIMTY_FP_CVT] = "cvt", [SIMTY_FP_MISC] = "misc"};
    unsigned lat[SIMTY_FP_KINDS];
    memcpy(lat, cfg->fp_latency, sizeof lat); /* all or nothing */
    const char *p = arg;
    do {
        const char *eq = strchr(p, '='), *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        unsigned k = SIMTY_FP_KINDS;
        for (unsigned i = 0; eq && eq < end && i < SIMTY_FP_KINDS; i++)
            if ((size_t)(eq - p) == strlen(kinds[i]) && !strncmp(p, kinds[i], (size_t)(eq - p)))
                k = i;
        char num[24];
        uint64_t v;
        if (k == SIMTY_FP_KINDS || (*end == ',' && !end[1]))
            return fail(err, errlen, "--fp-latency: expected KIND=N[,KIND=N...] with KIND one "
                        "of fma, div, sqrt, cvt, misc; got '%.60s'", arg);
        const size_t len = (size_t)(end - eq - 1) < sizeof num ? (size_t)(end - eq - 1)
                                                               : sizeof num - 1;
        memcpy(num, eq + 1, len); /* (a longer number is out of range anyway) */
        num[len] = 0;
        if (parse_u64(num, &v, 0) || v < 1 || v > SIMTY_MAX_FP_LATENCY)
            return fail(err, errlen, "--fp-latency: %s latency must be 1..%d cycles, got '%s'",
                        kinds[k], SIMTY_MAX_FP_LATENCY, num);
        lat[k] = (unsigned)v;
        p = *end ? end + 1 : end;
    } while (*p);
    memcpy(cfg->fp_latency, lat, sizeof lat);
    return 0;
}

static int set_mem(const char *arg, simty_config *cfg, char *err, size_t errlen)
{
    const char *colon = strchr(arg, ':');
    uint64_t base, size;
    char b[64];
    if (!colon || (size_t)(colon - arg) >= sizeof b)
        return fail(err, errlen, "--mem: expected BASE:SIZE, got '%.60s'", arg);
    memcpy(b, arg, (size_t)(colon - arg));
    b[colon - arg] = 0;
    if (parse_u64(b, &base, 0) || base > 0xffffffffull)
        return fail(err, errlen, "--mem: bad base address in '%.60s'", arg);
    if (parse_u64(colon + 1, &size, 1) || size == 0 || size > (1ull << 32) - base)
        return fail(err, errlen, "--mem: bad size in '%.60s' (region must fit below 4 GiB)", arg);
    if (cfg->n_extra_mem == SIMTY_MAX_EXTRA_MEM)
        return fail(err, errlen, "--mem: at most %d extra regions", SIMTY_MAX_EXTRA_MEM);
    cfg->extra_mem[cfg->n_extra_mem].base = (uint32_t)base;
    cfg->extra_mem[cfg->n_extra_mem].size = size;
    cfg->n_extra_mem++;
    return 0;
}

static const char *const setting_names[] = {
    "cores", "host-threads", "host-threads-min", "quantum", "warps", "threads", "model", "paths", "priority",
    "coalescer", "misaligned", "progress", "progress-threshold", "progress-turn", "spin-detect",
    "mem-latency", "fp-latency", "memory", "mem-set", "ram-size", "mem", "stack-interleave",
    "no-stack-check", "max-cycles", "timeout", "steering", NULL};
_Static_assert(sizeof setting_names / sizeof *setting_names <= 33,
               "settings_ignored_mask() has one bit per setting");

const char *simty_setting_name(unsigned i)
{
    return i < sizeof setting_names / sizeof *setting_names ? setting_names[i] : NULL;
}

/* ---- settings a model ignores ----
 * The one table of which models use which setting (README, "Options a
 * model ignores").  A setting not listed here has an effect on every
 * model.  `needs` adds a condition on the other settings. */
#define SCALAR_M (1u << SIMTY_MODEL_SCALAR)
#define SIMT_M (1u << SIMTY_MODEL_SIMT)
#define CYCLE_M (1u << SIMTY_MODEL_CYCLE)
#define FIELD(f) offsetof(simty_config, f), sizeof ((simty_config *)0)->f
enum { ALWAYS, IDEAL_MEMORY, PROGRESS_ON, MULTI_CORE, MULTI_THREAD };
static const struct setting_use {
    const char *name;
    unsigned models; /* the models it has an effect on */
    int needs;
    size_t off, size; /* its field in simty_config */
} setting_uses[] = {
    /* one core: no quanta, nothing to share among host threads */
    {"host-threads", SCALAR_M | SIMT_M | CYCLE_M, MULTI_CORE, FIELD(host_threads)},
    {"host-threads-min", SCALAR_M | SIMT_M | CYCLE_M, MULTI_CORE, FIELD(host_threads_min)},
    {"quantum", SCALAR_M | SIMT_M | CYCLE_M, MULTI_CORE, FIELD(quantum)},
    /* the scalar model has no warps: no paths, coalescing or path turns;
     * a warp of one thread has one path, never two to keep or to order */
    {"paths", SIMT_M | CYCLE_M, MULTI_THREAD, FIELD(paths)},
    {"priority", SIMT_M | CYCLE_M, MULTI_THREAD, FIELD(priority)},
    {"coalescer", SIMT_M | CYCLE_M, ALWAYS, FIELD(coalescer)},
    {"progress", SIMT_M | CYCLE_M, ALWAYS, FIELD(progress)},
    {"progress-threshold", SIMT_M | CYCLE_M, PROGRESS_ON, FIELD(progress_threshold)},
    {"progress-turn", SIMT_M | CYCLE_M, PROGRESS_ON, FIELD(progress_turn)},
    {"spin-detect", SIMT_M | CYCLE_M, PROGRESS_ON, FIELD(spin_detect)},
    /* timing that only the cycle model has */
    {"mem-latency", CYCLE_M, IDEAL_MEMORY, FIELD(mem_latency)},
    {"fp-latency", CYCLE_M, ALWAYS, FIELD(fp_latency)},
    {"memory", CYCLE_M, ALWAYS, FIELD(memory)},
    {"steering", CYCLE_M, ALWAYS, FIELD(steering)},
    {"mem-set", CYCLE_M, ALWAYS, FIELD(memory)},
};
#define N_USES (sizeof setting_uses / sizeof *setting_uses)

static const struct setting_use *find_use(const char *name)
{
    for (unsigned i = 0; i < N_USES; i++)
        if (!strcmp(setting_uses[i].name, name))
            return &setting_uses[i];
    return NULL;
}

/* Whether u has no effect under cfg; why gets the reason. */
static int unused(const struct setting_use *u, const simty_config *cfg, char *why, size_t n)
{
    static const char *const model_names[] = {"scalar", "simt", "cycle"};
    char list[32] = "";
    if ((unsigned)cfg->model <= SIMTY_MODEL_CYCLE && !(u->models & (1u << cfg->model))) {
        for (unsigned m = 0; m <= SIMTY_MODEL_CYCLE; m++)
            if (u->models & (1u << m)) {
                size_t k = strlen(list);
                snprintf(list + k, sizeof list - k, "%s%s", k ? " and " : "", model_names[m]);
            }
        if (why && n)
            snprintf(why, n, "has no effect on the %s model (only %s)", model_names[cfg->model],
                     list);
        return 1;
    }
    if (u->needs == IDEAL_MEMORY && cfg->memory.kind != SIMTY_MEMORY_IDEAL) {
        if (why && n)
            snprintf(why, n, "has no effect with a memory hierarchy (only with --memory ideal)");
        return 1;
    }
    if (u->needs == PROGRESS_ON && !cfg->progress) {
        if (why && n)
            snprintf(why, n, "has no effect with --progress off");
        return 1;
    }
    if (u->needs == MULTI_CORE && cfg->cores == 1) {
        if (why && n)
            snprintf(why, n, "has no effect on one core (only with --cores 2 or more)");
        return 1;
    }
    if (u->needs == MULTI_THREAD && cfg->threads == 1) {
        if (why && n)
            snprintf(why, n, "has no effect with one thread per warp (-t 1: a warp never "
                             "diverges)");
        return 1;
    }
    return 0;
}

/* Whether u's value in cfg is other than the default's.  The memory is
 * compared by preset name ("*" marks a --mem-set), since every setting of
 * a hierarchy comes from its preset and its --mem-sets. */
static int not_default(const struct setting_use *u, const simty_config *cfg,
                       const simty_config *def)
{
    if (u->off == offsetof(simty_config, memory)) {
        size_t n = strnlen(cfg->memory.preset, sizeof cfg->memory.preset);
        if (!strcmp(u->name, "mem-set"))
            return n && cfg->memory.preset[n - 1] == '*';
        return cfg->memory.kind != def->memory.kind ||
               strncmp(cfg->memory.preset, def->memory.preset, sizeof cfg->memory.preset);
    }
    return memcmp((const char *)cfg + u->off, (const char *)def + u->off, u->size) != 0;
}

int simty_setting_used(const simty_config *cfg, const char *name, char *why, size_t whylen)
{
    const struct setting_use *u = name ? find_use(name) : NULL;
    return !u || !unused(u, cfg, why, whylen);
}

uint32_t settings_ignored_mask(const simty_config *cfg)
{
    simty_config def;
    simty_config_default(&def);
    uint32_t mask = 0;
    for (unsigned i = 0; setting_names[i]; i++) {
        const struct setting_use *u = find_use(setting_names[i]);
        if (u && not_default(u, cfg, &def) && unused(u, cfg, NULL, 0))
            mask |= 1u << i;
    }
    return mask;
}

const char *simty_config_ignored(const simty_config *cfg, unsigned n, char *why, size_t whylen)
{
    uint32_t mask = settings_ignored_mask(cfg);
    for (unsigned i = 0; setting_names[i]; i++)
        if ((mask >> i & 1) && n-- == 0) {
            unused(find_use(setting_names[i]), cfg, why, whylen);
            return setting_names[i];
        }
    return NULL;
}

int simty_config_set(simty_config *cfg, const char *key, const char *value, char *err,
                     size_t errlen)
{
    static const char *const models[] = {"cycle", "simt", "scalar", NULL};
    static const simty_model_kind model_kind[] = {SIMTY_MODEL_CYCLE, SIMTY_MODEL_SIMT,
                                                  SIMTY_MODEL_SCALAR};
    static const char *const misaligned[] = {"hardware", "trap", NULL};
    if (!key || !value)
        return fail(err, errlen, "a setting needs a name and a value");
    const char *v = value;
    uint64_t x;
    int k;
    if (!strcmp(key, "cores"))
        return set_uint(key, v, 1, SIMTY_MAX_CORES, &cfg->cores, err, errlen);
    if (!strcmp(key, "host-threads"))
        return set_uint(key, v, 1, SIMTY_MAX_CORES, &cfg->host_threads, err, errlen);
    if (!strcmp(key, "host-threads-min"))
        return set_uint(key, v, 1, SIMTY_MAX_QUANTUM, &cfg->host_threads_min, err, errlen);
    if (!strcmp(key, "quantum"))
        return set_uint(key, v, 1, SIMTY_MAX_QUANTUM, &cfg->quantum, err, errlen);
    if (!strcmp(key, "warps"))
        return set_uint(key, v, 1, SIMTY_MAX_WARPS, &cfg->warps, err, errlen);
    if (!strcmp(key, "threads"))
        return set_uint(key, v, 1, SIMTY_MAX_LANES, &cfg->threads, err, errlen);
    if (!strcmp(key, "mem-latency"))
        return set_uint(key, v, 0, SIMTY_MAX_MEM_LATENCY, &cfg->mem_latency, err, errlen);
    if (!strcmp(key, "model")) {
        if (set_choice(key, v, models, &k, err, errlen))
            return -1;
        cfg->model = model_kind[k];
        return 0;
    }
    if (!strcmp(key, "paths") || !strcmp(key, "priority") || !strcmp(key, "steering") ||
        !strcmp(key, "coalescer"))
        return set_plugin(key, v, cfg, err, errlen);
    if (!strcmp(key, "misaligned")) {
        if (set_choice(key, v, misaligned, &k, err, errlen))
            return -1;
        cfg->misaligned = k ? SIMTY_MISALIGNED_TRAP : SIMTY_MISALIGNED_HARDWARE;
        return 0;
    }
    if (!strcmp(key, "progress") || !strcmp(key, "spin-detect") ||
        !strcmp(key, "stack-interleave") || !strcmp(key, "no-stack-check")) {
        if (set_choice(key, v, on_off, &k, err, errlen))
            return -1;
        *(key[0] == 'p' ? &cfg->progress : key[1] == 'p' ? &cfg->spin_detect
          : key[1] == 't' ? &cfg->stack_interleave : &cfg->no_stack_check) = !k;
        return 0;
    }
    if (!strcmp(key, "progress-threshold") || !strcmp(key, "progress-turn")) {
        if (parse_u64(v, &x, 1) || x < 1 || x > SIMTY_MAX_PROGRESS_THRESHOLD)
            return fail(err, errlen, "--%s: expected an integer 1..%u, got '%.40s'", key,
                        SIMTY_MAX_PROGRESS_THRESHOLD, v);
        *(key[10] == 'u' ? &cfg->progress_turn : &cfg->progress_threshold) = x;
        return 0;
    }
    if (!strcmp(key, "fp-latency"))
        return set_fp_latency(v, cfg, err, errlen);
    if (!strcmp(key, "memory"))
        return simty_memory_preset(cfg, v, err, errlen);
    if (!strcmp(key, "mem-set"))
        return simty_memory_set(cfg, v, err, errlen);
    if (!strcmp(key, "mem"))
        return set_mem(v, cfg, err, errlen);
    if (!strcmp(key, "ram-size")) {
        if (parse_u64(v, &x, 1) || x < 4096 || x > 2047ull << 20 || (x & 3))
            return fail(err, errlen, "--ram-size: expected a size from 4K to 2047M, a multiple "
                        "of 4 bytes, got '%.40s'", v);
        cfg->ram_size = x;
        return 0;
    }
    if (!strcmp(key, "max-cycles")) {
        if (parse_u64(v, &x, 0) || x == 0)
            return fail(err, errlen, "--max-cycles: expected a positive integer, got '%.40s'", v);
        cfg->max_cycles = x;
        return 0;
    }
    if (!strcmp(key, "timeout")) {
        if (parse_u64(v, &x, 0) || x == 0 || x > 1000000000)
            return fail(err, errlen, "--timeout: expected a number of seconds, 1..1000000000, "
                        "got '%.40s'", v);
        cfg->max_seconds = (double)x;
        return 0;
    }
    return fail(err, errlen, "unknown setting '%.40s'", key);
}

simty_config *simty_config_new(void)
{
    simty_config *cfg = malloc(sizeof *cfg);
    if (cfg)
        simty_config_default(cfg);
    return cfg;
}

void simty_config_set_console(simty_config *cfg, FILE *console)
{
    cfg->console = console;
}
