/* Memory configurations: the presets, the KEY=VALUE settings (--mem-set)
 * and their checks.  Every key lives once, in the table below; docs/memory.md
 * lists them. */
#include "memsys/mem_config.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memsys/dram.h"
#include "registry/plugins.h"

#define M(f) offsetof(simty_memory_config, f)

/* min/max; pow2: a power of two; form: 0 a number, 1 a size (K, M, G
 * suffixes), MEM_POLICY a replacement policy's name */
static const mem_key keys[] = {
    {"line", M(line), 16, 4096, 1, 0, "line size of every level, bytes"},
    {"l1i.size", M(l1i.size), 64, 1u << 30, 1, 1, "instruction cache size, bytes"},
    {"l1i.ways", M(l1i.ways), 1, 64, 1, 0, "instruction cache ways"},
    {"l1i.mshrs", M(l1i.mshrs), 1, 64, 0, 0, "instruction cache misses in flight"},
    {"l1i.replacement", M(l1i.replacement), 0, 0, 0, MEM_POLICY,
     "instruction cache replacement policy"},
    {"l1d.size", M(l1d.size), 64, 1u << 30, 1, 1, "data cache size, bytes"},
    {"l1d.ways", M(l1d.ways), 1, 64, 1, 0, "data cache ways"},
    {"l1d.mshrs", M(l1d.mshrs), 1, 256, 0, 0, "data cache misses in flight"},
    {"l1d.replacement", M(l1d.replacement), 0, 0, 0, MEM_POLICY, "data cache replacement policy"},
    {"l1d.latency", M(l1d.latency), 1, 1000, 0, 0, "data cache hit latency, cycles"},
    {"l1d.write_back", M(l1d_write_back), 0, 1, 0, 0,
     "0: write-through, no write-allocate; 1: write-back, write-allocate"},
    {"l1d.write_buffer", M(l1d_write_buffer), 1, 256, 0, 0,
     "lines a core may have on their way to the L2 (then stores wait)"},
    {"l2.size", M(l2.size), 256, 1u << 30, 1, 1, "L2 size (all banks), bytes"},
    {"l2.ways", M(l2.ways), 1, 64, 1, 0, "L2 ways"},
    {"l2.banks", M(l2_banks), 1, 64, 1, 0, "L2 banks (line-interleaved)"},
    {"l2.mshrs", M(l2.mshrs), 1, 1024, 0, 0, "L2 misses in flight per bank"},
    {"l2.replacement", M(l2.replacement), 0, 0, 0, MEM_POLICY, "L2 replacement policy"},
    {"l2.latency", M(l2.latency), 1, 10000, 0, 0, "L2 hit latency, cycles"},
    {"noc.latency", M(noc_latency), 1, 10000, 0, 0, "interconnect latency each way, cycles"},
    {"noc.bytes", M(noc_bytes), 1, 4096, 0, 0, "bytes per cycle into or out of an L2 bank"},
    {"core.mhz", M(core_mhz), 1, 100000, 0, 0, "core clock, MHz (the DRAM has its own)"},
    {"dram.channels", M(dram.channels), 1, 64, 0, 0, "DRAM channels (line-interleaved)"},
    {"dram.banks", M(dram.banks), 1, 64, 0, 0, "banks per channel"},
    {"dram.bank_groups", M(dram.bank_groups), 1, 64, 0, 0, "bank groups per channel"},
    {"dram.row_bytes", M(dram.row_bytes), 16, 1u << 20, 1, 1, "row buffer of a channel, bytes"},
    {"dram.bus_bits", M(dram.bus_bits), 8, 1024, 1, 0, "data bus of a channel, bits"},
    {"dram.tck_ps", M(dram.tck_ps), 1, 100000, 0, 0, "DRAM clock period, ps"},
    {"dram.cl", M(dram.cl), 1, 100000, 0, 0, "CAS latency (read), clocks"},
    {"dram.cwl", M(dram.cwl), 0, 100000, 0, 0, "CAS write latency, clocks"},
    {"dram.rcd", M(dram.rcd), 1, 100000, 0, 0, "tRCD, ACT to READ/WRITE"},
    {"dram.rp", M(dram.rp), 1, 100000, 0, 0, "tRP, PRE to ACT"},
    {"dram.ras", M(dram.ras), 1, 100000, 0, 0, "tRAS, ACT to PRE"},
    {"dram.rrd_s", M(dram.rrd_s), 0, 100000, 0, 0, "tRRD_S, ACT to ACT, other bank group"},
    {"dram.rrd_l", M(dram.rrd_l), 0, 100000, 0, 0, "tRRD_L, ACT to ACT, same bank group"},
    {"dram.faw", M(dram.faw), 0, 100000, 0, 0, "tFAW, four-activate window"},
    {"dram.ccd_s", M(dram.ccd_s), 1, 100000, 0, 0, "tCCD_S, column to column, other group"},
    {"dram.ccd_l", M(dram.ccd_l), 1, 100000, 0, 0, "tCCD_L, column to column, same group"},
    {"dram.wr", M(dram.wr), 0, 100000, 0, 0, "tWR, write recovery"},
    {"dram.wtr_s", M(dram.wtr_s), 0, 100000, 0, 0, "tWTR_S, write to read, other group"},
    {"dram.wtr_l", M(dram.wtr_l), 0, 100000, 0, 0, "tWTR_L, write to read, same group"},
    {"dram.rtp", M(dram.rtp), 0, 100000, 0, 0, "tRTP, READ to PRE"},
    {"dram.rtw", M(dram.rtw), 0, 100000, 0, 0, "read to write bus turnaround"},
    {"dram.refi", M(dram.refi), 1, 100000000, 0, 0, "tREFI, refresh interval"},
    {"dram.rfc", M(dram.rfc), 1, 100000, 0, 0, "tRFC, refresh cycle time"},
    {"dram.refresh", M(dram.refresh), 0, 1, 0, 0, "1: model all-bank refresh"},
    {"dram.map", M(dram.map), 0, 1, 0, 0,
     "lines of a channel: 0 fill a row, 1 go to the bank groups in turn"},
};

const mem_key *mem_keys(unsigned *n)
{
    *n = sizeof keys / sizeof keys[0];
    return keys;
}

static unsigned *field(simty_memory_config *m, const mem_key *k)
{
    return (unsigned *)(void *)((char *)m + k->offset);
}

static unsigned get(const simty_memory_config *m, const mem_key *k)
{
    return *(const unsigned *)(const void *)((const char *)m + k->offset);
}

const char *mem_policy_name(unsigned index)
{
    return plugin_label(PLUGIN_REPLACEMENT, index <= 255 ? (int)index : -1);
}

const char *mem_key_text(const simty_memory_config *m, const mem_key *k)
{
    return k->form == MEM_POLICY ? mem_policy_name(get(m, k)) : NULL;
}

bool mem_config_default_replacement(const simty_memory_config *m)
{
    return !m->l1i.replacement && !m->l1d.replacement && !m->l2.replacement;
}

/* Sets policy key k from its value v (a name); -1 with the policies listed */
static int set_policy(simty_memory_config *m, const mem_key *k, const char *v, char *err,
                     size_t errlen)
{
    int i = plugin_find(PLUGIN_REPLACEMENT, v);
    if (i < 0) {
        char list[160];
        plugin_names(PLUGIN_REPLACEMENT, list, sizeof list);
        snprintf(err, errlen, "--mem-set %s: expected %s, got '%.40s'", k->name, list, v);
        return -1;
    }
    *field(m, k) = (unsigned)i;
    return 0;
}

/* The caches and interconnect every hierarchy preset shares (docs/memory.md):
 * GPU-style L1s as in Vortex's defaults, a 1 MiB L2 in 8 banks. */
static void hierarchy_defaults(simty_memory_config *m)
{
    m->kind = SIMTY_MEMORY_HIERARCHY;
    m->line = 64;
    m->l1i = (simty_cache_config){.size = 16384, .ways = 4, .mshrs = 8, .latency = 1};
    m->l1d = (simty_cache_config){.size = 16384, .ways = 4, .mshrs = 16, .latency = 1};
    m->l1d_write_back = 0;
    m->l1d_write_buffer = 16;
    m->l2 = (simty_cache_config){.size = 1u << 20, .ways = 8, .mshrs = 16, .latency = 16};
    m->l2_banks = 8;
    m->noc_latency = 8;
    m->noc_bytes = 32;
    m->core_mhz = 1000;
}

/* JESD79-4 DDR4-3200AA (22-22-22), x8 devices, 8 KiB rows per 64-bit
 * channel, 16 banks in 4 groups; two channels. */
static const simty_dram_config ddr4_3200 = {
    .channels = 2, .banks = 16, .bank_groups = 4, .row_bytes = 8192, .bus_bits = 64,
    .tck_ps = 625, .cl = 22, .cwl = 16, .rcd = 22, .rp = 22, .ras = 52, .rrd_s = 4, .rrd_l = 8,
    .faw = 34, .ccd_s = 4, .ccd_l = 8, .wr = 24, .wtr_s = 4, .wtr_l = 12, .rtp = 12, .rtw = 2,
    .refi = 12480, .rfc = 560, .refresh = 1, .map = 1,
};

/* JESD235A HBM2 at 2 Gb/s per pin, one stack in pseudo-channel mode: 16
 * pseudo-channels of 64 bits, 1 KiB rows, 16 banks in 4 groups. */
static const simty_dram_config hbm2 = {
    .channels = 16, .banks = 16, .bank_groups = 4, .row_bytes = 1024, .bus_bits = 64,
    .tck_ps = 1000, .cl = 14, .cwl = 4, .rcd = 14, .rp = 14, .ras = 33, .rrd_s = 4, .rrd_l = 6,
    .faw = 16, .ccd_s = 2, .ccd_l = 4, .wr = 16, .wtr_s = 4, .wtr_l = 8, .rtp = 4, .rtw = 2,
    .refi = 3900, .rfc = 350, .refresh = 1, .map = 1,
};

void mem_config_default(simty_memory_config *m)
{
    memset(m, 0, sizeof *m);
    hierarchy_defaults(m);
    m->dram = ddr4_3200;
    m->kind = SIMTY_MEMORY_IDEAL;
    snprintf(m->preset, sizeof m->preset, "ideal");
}

int simty_memory_preset(simty_config *cfg, const char *name, char *err, size_t errlen)
{
    simty_memory_config *m = &cfg->memory;
    if (!strcmp(name, "ideal")) {
        mem_config_default(m);
        return 0;
    }
    const simty_dram_config *d = !strcmp(name, "ddr4-3200") ? &ddr4_3200
                                 : !strcmp(name, "hbm2")    ? &hbm2
                                                            : NULL;
    if (!d) {
        snprintf(err, errlen, "--memory: unknown memory '%.40s' (ideal, ddr4-3200, hbm2)", name);
        return -1;
    }
    memset(m, 0, sizeof *m);
    hierarchy_defaults(m);
    m->dram = *d;
    snprintf(m->preset, sizeof m->preset, "%s", name);
    return 0;
}

static int parse_value(const mem_key *k, const char *v, unsigned *out)
{
    if (!*v || *v == '-' || *v == '+' || *v == ' ')
        return -1;
    errno = 0;
    char *end;
    unsigned long long x = strtoull(v, &end, 10);
    if (errno || end == v)
        return -1;
    if (k->form == MEM_SIZE && *end) {
        unsigned shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 99;
        if (shift == 99 || end[1] || x > (1ull << 40) >> shift)
            return -1;
        x <<= shift;
        end++;
    }
    if (*end || x < k->min || x > k->max)
        return -1;
    *out = (unsigned)x;
    return 0;
}

/* Sets key k from its value v; -1 with a reason */
static int set_key(simty_memory_config *m, const mem_key *k, const char *v, char *err,
                   size_t errlen)
{
    if (k->form == MEM_POLICY)
        return set_policy(m, k, v, err, errlen);
    unsigned x;
    if (parse_value(k, v, &x) || (k->pow2 && (x & (x - 1)))) {
        snprintf(err, errlen, "--mem-set %s: '%.40s' is not %s%u..%u%s", k->name, v,
                 k->pow2 ? "a power of two in " : "in ", k->min, k->max,
                 k->form == MEM_SIZE ? " (K, M, G suffixes allowed)" : "");
        return -1;
    }
    *field(m, k) = x;
    return 0;
}

int simty_memory_set(simty_config *cfg, const char *assignment, char *err, size_t errlen)
{
    simty_memory_config *m = &cfg->memory;
    const char *eq = strchr(assignment, '=');
    if (m->kind != SIMTY_MEMORY_HIERARCHY) {
        snprintf(err, errlen, "--mem-set needs a memory hierarchy: --memory ddr4-3200 or hbm2 "
                              "first");
        return -1;
    }
    size_t klen = eq ? (size_t)(eq - assignment) : 0;
    for (unsigned i = 0; eq && i < sizeof keys / sizeof keys[0]; i++) {
        const mem_key *k = &keys[i];
        if (strlen(k->name) != klen || strncmp(k->name, assignment, klen))
            continue;
        if (set_key(m, k, eq + 1, err, errlen))
            return -1;
        size_t n = strnlen(m->preset, sizeof m->preset); /* "ddr4-3200*": changed */
        if (n && m->preset[n - 1] != '*' && n + 1 < sizeof m->preset) {
            m->preset[n] = '*';
            m->preset[n + 1] = 0;
        }
        return 0;
    }
    snprintf(err, errlen, "--mem-set: unknown setting '%.*s' (--mem-set help lists them)",
             (int)(eq ? klen > 40 ? 40 : klen : strlen(assignment) > 40 ? 40 : strlen(assignment)),
             assignment);
    return -1;
}

int mem_config_check(const simty_config *cfg, char *err, size_t errlen)
{
    const simty_memory_config *m = &cfg->memory;
    size_t n = strnlen(m->preset, sizeof m->preset);
    if (n == sizeof m->preset || strspn(m->preset, "abcdefghijklmnopqrstuvwxyz0123456789-.*") != n) {
        snprintf(err, errlen, "the memory's preset name must be a string of a-z, 0-9, '-', '.', "
                              "'*' (at most %zu)", sizeof m->preset - 1);
        return -1;
    }
    if (m->kind == SIMTY_MEMORY_IDEAL)
        return 0;
    if (m->kind != SIMTY_MEMORY_HIERARCHY) {
        snprintf(err, errlen, "unknown memory kind %d", (int)m->kind);
        return -1;
    }
    if (cfg->mem_latency) {
        snprintf(err, errlen, "--mem-latency applies to the ideal memory only (the hierarchy has "
                              "its own latencies)");
        return -1;
    }
    for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const mem_key *k = &keys[i];
        unsigned v = get(m, k);
        if (k->form == MEM_POLICY ? v >= plugin_count(PLUGIN_REPLACEMENT)
                     : v < k->min || v > k->max || (k->pow2 && (v & (v - 1)))) {
            snprintf(err, errlen, "memory setting %s = %u is out of range", k->name, v);
            return -1;
        }
    }
    const struct {
        const char *name;
        const simty_cache_config *c;
        unsigned div;
    } caches[] = {{"l1i", &m->l1i, 1}, {"l1d", &m->l1d, 1}, {"l2", &m->l2, m->l2_banks}};
    for (unsigned i = 0; i < 3; i++)
        if (caches[i].c->size / caches[i].div < caches[i].c->ways * m->line) {
            snprintf(err, errlen, "%s.size must hold at least %s.ways lines%s", caches[i].name,
                     caches[i].name, caches[i].div > 1 ? " in every bank" : "");
            return -1;
        }
    /* the tag arrays: at most 2^24 lines in all (about 200 MiB of host memory) */
    uint64_t lines = ((uint64_t)m->l1i.size + m->l1d.size) / m->line * cfg->cores +
                     m->l2.size / m->line;
    if (lines > (1u << 24)) {
        snprintf(err, errlen, "the caches hold %llu lines in all (at most %u: smaller caches or "
                              "longer lines)", (unsigned long long)lines, 1u << 24);
        return -1;
    }
    if (m->l1i.latency != 1) {
        snprintf(err, errlen, "l1i.latency is the fetch stage's single cycle");
        return -1;
    }
    if (1000000u % m->core_mhz) {
        snprintf(err, errlen, "core.mhz must divide 1000000 (a whole number of picoseconds per "
                              "cycle)");
        return -1;
    }
    return dram_check(&m->dram, m->line, err, errlen);
}

void simty_memory_print_keys(const simty_config *cfg, FILE *f)
{
    char list[160];
    plugin_names(PLUGIN_REPLACEMENT, list, sizeof list);
    for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (keys[i].form == MEM_POLICY)
            fprintf(f, "  %-18s %-10s %s: %s\n", keys[i].name, mem_key_text(&cfg->memory, &keys[i]),
                    keys[i].help, list);
        else
            fprintf(f, "  %-18s %-10u %s\n", keys[i].name, get(&cfg->memory, &keys[i]),
                    keys[i].help);
}
