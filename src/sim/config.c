/* Validation of a simulator configuration, without allocating anything:
 * every range check on values a user (or a caller of the library) chooses,
 * written so that no sum or product can overflow. */
#include <stdio.h>

#include "machine/device.h"
#include "memsys/mem_config.h"
#include "registry/plugins.h"
#include "simty.h"
#include "simty_guest.h"

#define ADDR_SPACE (1ull << 32)

/* [base, base + size) fits in the 32-bit address space.  size is checked
 * against the room left above base, so a huge size cannot wrap the sum. */
static int fits(uint32_t base, uint64_t size, uint64_t end)
{
    return base <= end && size <= end - base;
}

static int intersects(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
    return a < b + bn && b < a + an; /* all below 2^33: no wrap */
}

static int check_region(const char *what, uint32_t base, uint64_t size, char *err, size_t errlen)
{
    if (size == 0) {
        snprintf(err, errlen, "%s at 0x%08x has size 0", what, base);
        return -1;
    }
    if (!fits(base, size, ADDR_SPACE)) {
        snprintf(err, errlen, "%s 0x%08x+0x%llx runs past the 4 GiB address space", what, base,
                 (unsigned long long)size);
        return -1;
    }
    if ((base | size) & 3) {
        snprintf(err, errlen, "%s 0x%08x+0x%llx: base and size must be multiples of 4 bytes",
                 what, base, (unsigned long long)size);
        return -1;
    }
    const device_ops *dev;
    for (unsigned i = 0; (dev = device_entry(i)); i++)
        if (intersects(base, size, dev->base, dev->size)) {
            snprintf(err, errlen, "%s 0x%08x+0x%llx overlaps the %s at 0x%08x", what, base,
                     (unsigned long long)size, dev->name, dev->base);
            return -1;
        }
    return 0;
}

uint64_t simty_config_ram_size(const simty_config *cfg)
{
    if (cfg->ram_size)
        return cfg->ram_size;
    /* (the shape is not checked yet: bounded before it can overflow) */
    uint64_t harts = (uint64_t)cfg->cores * cfg->warps;
    harts = (harts > (1u << 20) ? (1u << 20) : harts) * cfg->threads;
    uint64_t need = (uint64_t)(SIMTY_STACK_REGION - SIMTY_RAM_BASE) +
                    harts * SIMTY_STACK_SIZE_DEFAULT;
    need = (need + (1u << 20) - 1) & ~(uint64_t)((1u << 20) - 1);
    uint64_t cap = SIMTY_RAM_SIZE_AUTO_MAX;
    if (cfg->ram_base < 0xfffff000u && cap > 0xfffff000u - cfg->ram_base)
        cap = (0xfffff000u - cfg->ram_base) & ~(uint64_t)((1u << 20) - 1);
    for (unsigned i = 0; i < cfg->n_extra_mem && i < SIMTY_MAX_EXTRA_MEM; i++) {
        uint32_t b = cfg->extra_mem[i].base;
        if (b > cfg->ram_base && cap > b - cfg->ram_base)
            cap = (b - cfg->ram_base) & ~(uint64_t)3;
    }
    need = need < cap ? need : cap;
    return need > SIMTY_RAM_SIZE_DEFAULT ? need : SIMTY_RAM_SIZE_DEFAULT;
}

/* The machine's shape: cores, warps, threads, and how the cores are
 * simulated (host threads, quantum). */
static int check_shape(const simty_config *cfg, char *err, size_t errlen)
{
    if (cfg->cores < 1 || cfg->cores > SIMTY_MAX_CORES) {
        snprintf(err, errlen, "cores must be 1..%d (got %u)", SIMTY_MAX_CORES, cfg->cores);
        return -1;
    }
    if (cfg->host_threads > SIMTY_MAX_CORES) {
        snprintf(err, errlen, "host threads must be 1..%d (got %u)", SIMTY_MAX_CORES,
                 cfg->host_threads);
        return -1;
    }
    if (cfg->host_threads_min > SIMTY_MAX_QUANTUM) {
        snprintf(err, errlen, "host-threads-min must be 1..%d core-cycles (got %u)",
                 SIMTY_MAX_QUANTUM, cfg->host_threads_min);
        return -1;
    }
    if (cfg->quantum > SIMTY_MAX_QUANTUM) {
        snprintf(err, errlen, "quantum must be 1..%d cycles (got %u)", SIMTY_MAX_QUANTUM,
                 cfg->quantum);
        return -1;
    }
    if (cfg->quantum > 1 && cfg->model != SIMTY_MODEL_CYCLE) {
        snprintf(err, errlen, "a quantum of more than one cycle needs the cycle model (--model "
                              "cycle)");
        return -1;
    }
    if (cfg->quantum > 1 && cfg->memory.kind != SIMTY_MEMORY_IDEAL &&
        cfg->quantum > cfg->memory.noc_latency) {
        snprintf(err, errlen, "a quantum of %u cycles is longer than the interconnect latency "
                 "(noc.latency %u): a core would miss replies due within it", cfg->quantum,
                 cfg->memory.noc_latency);
        return -1;
    }
    if (cfg->warps < 1 || cfg->warps > SIMTY_MAX_WARPS) {
        snprintf(err, errlen, "warps must be 1..%d (got %u)", SIMTY_MAX_WARPS, cfg->warps);
        return -1;
    }
    if (cfg->threads < 1 || cfg->threads > SIMTY_MAX_LANES) {
        snprintf(err, errlen, "threads per warp must be 1..%d (got %u)", SIMTY_MAX_LANES,
                 cfg->threads);
        return -1;
    }
    return 0;
}

/* The model and its plug-ins, latencies, the memory timing, the
 * forward-progress scheduler and the host time limit. */
static int check_timing(const simty_config *cfg, char *err, size_t errlen)
{
    if ((unsigned)cfg->model > SIMTY_MODEL_CYCLE ||
        (unsigned)cfg->paths >= plugin_count(PLUGIN_PATHS) ||
        (unsigned)cfg->priority >= plugin_count(PLUGIN_PRIORITY) ||
        (unsigned)cfg->steering >= plugin_count(PLUGIN_STEERING) ||
        (unsigned)cfg->coalescer >= plugin_count(PLUGIN_COALESCER) ||
        (unsigned)cfg->misaligned > SIMTY_MISALIGNED_TRAP) {
        snprintf(err, errlen, "unknown model or policy (model %d, paths %d, priority %d, "
                              "steering %d, coalescer %d, misaligned %d)",
                 (int)cfg->model, (int)cfg->paths, (int)cfg->priority, (int)cfg->steering,
                 (int)cfg->coalescer, (int)cfg->misaligned);
        return -1;
    }
    if (cfg->mem_latency > SIMTY_MAX_MEM_LATENCY) {
        snprintf(err, errlen, "memory latency must be 0..%d cycles (got %u)",
                 SIMTY_MAX_MEM_LATENCY, cfg->mem_latency);
        return -1;
    }
    for (unsigned k = 0; k < SIMTY_FP_KINDS; k++)
        if (cfg->fp_latency[k] < 1 || cfg->fp_latency[k] > SIMTY_MAX_FP_LATENCY) {
            snprintf(err, errlen, "floating-point latencies must be 1..%d cycles (got %u)",
                     SIMTY_MAX_FP_LATENCY, cfg->fp_latency[k]);
            return -1;
        }
    if (mem_config_check(cfg, err, errlen))
        return -1;
    if (cfg->trace_kanata && cfg->model != SIMTY_MODEL_CYCLE) {
        snprintf(err, errlen, "a Kanata pipeline trace needs the cycle model (--model cycle)");
        return -1;
    }
    if (cfg->progress_threshold < 1 || cfg->progress_threshold > SIMTY_MAX_PROGRESS_THRESHOLD ||
        cfg->progress_turn < 1 || cfg->progress_turn > SIMTY_MAX_PROGRESS_THRESHOLD) {
        snprintf(err, errlen, "progress threshold and turn must be 1..%u (got %llu, %llu)",
                 SIMTY_MAX_PROGRESS_THRESHOLD, (unsigned long long)cfg->progress_threshold,
                 (unsigned long long)cfg->progress_turn);
        return -1;
    }
    if (cfg->max_seconds < 0 || cfg->max_seconds != cfg->max_seconds) {
        snprintf(err, errlen, "the host time limit must be a number of seconds >= 0");
        return -1;
    }
    return 0;
}

/* The RAM and the extra memory regions: inside the address space, clear
 * of the devices and of each other. */
static int check_memory_map(const simty_config *cfg, char *err, size_t errlen)
{
    uint64_t ram_size = simty_config_ram_size(cfg);
    if (ram_size < 4096 || !fits(cfg->ram_base, ram_size, 0xfffff000ull)) {
        snprintf(err, errlen, "RAM 0x%08x+0x%llx must be at least 4 KiB and end below 0xfffff000",
                 cfg->ram_base, (unsigned long long)ram_size);
        return -1;
    }
    if (check_region("RAM", cfg->ram_base, ram_size, err, errlen))
        return -1;
    if (cfg->n_extra_mem > SIMTY_MAX_EXTRA_MEM) {
        snprintf(err, errlen, "too many memory regions (%u; at most %d)", cfg->n_extra_mem,
                 SIMTY_MAX_EXTRA_MEM);
        return -1;
    }
    for (unsigned i = 0; i < cfg->n_extra_mem; i++) {
        uint32_t base = cfg->extra_mem[i].base;
        uint64_t size = cfg->extra_mem[i].size;
        if (check_region("memory region", base, size, err, errlen))
            return -1;
        /* every region before this one is already known to fit */
        for (unsigned j = 0; j <= i; j++) {
            uint32_t b = j ? cfg->extra_mem[j - 1].base : cfg->ram_base;
            uint64_t n = j ? cfg->extra_mem[j - 1].size : ram_size;
            if (intersects(base, size, b, n)) {
                snprintf(err, errlen, "memory region 0x%08x+0x%llx overlaps another region",
                         base, (unsigned long long)size);
                return -1;
            }
        }
    }
    return 0;
}

int simty_config_check(const simty_config *cfg, char *err, size_t errlen)
{
    if (check_shape(cfg, err, errlen) || check_timing(cfg, err, errlen) ||
        check_memory_map(cfg, err, errlen))
        return -1;
    return 0;
}
