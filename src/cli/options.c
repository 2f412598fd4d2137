/* Option parsing shared by the simty subcommands. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"

int usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "simty: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see simty --help)\n");
    return SIMTY_STATUS_USAGE;
}

/* Parses a decimal or 0x-hexadecimal number with an optional K/M/G suffix
 * (x1024...).  Returns 0. */
int parse_u64(const char *s, uint64_t *out, int allow_suffix)
{
    if (!isdigit((unsigned char)*s)) /* no sign, no blank */
        return -1;
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, hex ? 16 : 10);
    if (errno || end == s)
        return -1;
    unsigned shift = 0;
    if (allow_suffix && *end) {
        switch (*end) {
        case 'k': case 'K': shift = 10; break;
        case 'm': case 'M': shift = 20; break;
        case 'g': case 'G': shift = 30; break;
        default: return -1;
        }
        end++;
        if (*end == 'i' || *end == 'B')
            end += (*end == 'i' && end[1] == 'B') ? 2 : 1;
    }
    if (*end || (shift && v > (~0ull >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

int parse_uint_opt(const char *opt, const char *arg, unsigned lo, unsigned hi,
                          unsigned *out)
{
    uint64_t v;
    if (parse_u64(arg, &v, 0) || v < lo || v > hi)
        return usage_error("%s: expected an integer %u..%u, got '%s'", opt, lo, hi, arg);
    *out = (unsigned)v;
    return 0;
}

int parse_fp_latency(const char *arg, simty_config *cfg)
{
    static const char *const kinds[SIMTY_FP_KINDS] = {
        [SIMTY_FP_FMA] = "fma", [SIMTY_FP_DIV] = "div", [SIMTY_FP_SQRT] = "sqrt",
        [SIMTY_FP_CVT] = "cvt", [SIMTY_FP_MISC] = "misc"};
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
            return usage_error("--fp-latency: expected KIND=N[,KIND=N...] with KIND one of "
                               "fma, div, sqrt, cvt, misc; got '%s'", arg);
        const size_t len = (size_t)(end - eq - 1) < sizeof num ? (size_t)(end - eq - 1)
                                                               : sizeof num - 1;
        memcpy(num, eq + 1, len); /* (a longer number is out of range anyway) */
        num[len] = 0;
        if (parse_u64(num, &v, 0) || v < 1 || v > SIMTY_MAX_FP_LATENCY)
            return usage_error("--fp-latency: %s latency must be 1..%d cycles, got '%s'",
                               kinds[k], SIMTY_MAX_FP_LATENCY, num);
        cfg->fp_latency[k] = (unsigned)v;
        p = *end ? end + 1 : end;
    } while (*p);
    return 0;
}

int option_error(char *const argv[], const struct option *longopts)
{
    if (optopt == 0) /* an unknown long option */
        return usage_error("unknown option '%s'", argv[optind - 1]);
    for (const struct option *o = longopts; o->name; o++)
        if (o->val == optopt)
            return usage_error(o->has_arg == no_argument ? "option '%s' takes no value"
                                                         : "option '%s' needs a value",
                               argv[optind - 1]);
    /* an unknown short option, maybe inside a group such as -xq */
    return usage_error("unknown option '-%c'", optopt);
}

int parse_model(const char *opt, const char *arg, simty_model_kind *out)
{
    if (!strcmp(arg, "cycle"))
        *out = SIMTY_MODEL_CYCLE;
    else if (!strcmp(arg, "simt"))
        *out = SIMTY_MODEL_SIMT;
    else if (!strcmp(arg, "scalar"))
        *out = SIMTY_MODEL_SCALAR;
    else
        return usage_error("%s: expected cycle, simt or scalar, got '%s'", opt, arg);
    return 0;
}

int parse_choice(const char *opt, const char *arg, const char *a, const char *b, int *out)
{
    if (strcmp(arg, a) == 0)
        *out = 0;
    else if (strcmp(arg, b) == 0)
        *out = 1;
    else
        return usage_error("%s: expected %s or %s, got '%s'", opt, a, b, arg);
    return 0;
}

int parse_mem_opt(const char *arg, simty_config *cfg)
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
    if (parse_u64(colon + 1, &size, 1) || size == 0 || size > (1ull << 32) - base)
        return usage_error("--mem: bad size in '%s' (region must fit below 4 GiB)", arg);
    if (cfg->n_extra_mem == SIMTY_MAX_EXTRA_MEM)
        return usage_error("--mem: at most %d extra regions", SIMTY_MAX_EXTRA_MEM);
    cfg->extra_mem[cfg->n_extra_mem].base = (uint32_t)base;
    cfg->extra_mem[cfg->n_extra_mem].size = size;
    cfg->n_extra_mem++;
    return 0;
}

int parse_ram_size(const char *arg, uint64_t *out)
{
    uint64_t v;
    if (parse_u64(arg, &v, 1) || v < 4096 || v > 2047ull << 20 || (v & 3))
        return usage_error("--ram-size: expected a size from 4K to 2047M, a multiple of 4 "
                           "bytes, got '%s'", arg);
    *out = v;
    return 0;
}
