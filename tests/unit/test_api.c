/* The library interface on bad configurations: every one gives NULL and a
 * one-line reason, checked before anything is allocated (make check-asan
 * runs this with leak detection: a leaked instance fails it), sizes that
 * would wrap around are refused, and two instances are independent.
 * Usage: test_api VALID.elf */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "simty.h"

static void expect_bad(const simty_config *cfg, const char *needle)
{
    char err[256] = "";
    simty_sim *s = simty_create(cfg, err, sizeof err);
    CHECK(s == NULL);
    CHECK(simty_config_check(cfg, err, sizeof err) == -1);
    if (s)
        simty_destroy(s);
    if (!strstr(err, needle) || strchr(err, '\n')) {
        fprintf(stderr, "expected '%s' in '%s'\n", needle, err);
        CHECK(0);
    }
}

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static uint8_t buf[4 << 20];
    *len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    return buf;
}

/* Program inspection: symbols, executable segments, disassembly and the
 * line table of the (debug) program at path. */
static void check_program(const simty_config *cfg, const char *path)
{
    char err[256];
    simty_sim *s = simty_create(cfg, err, sizeof err);
    CHECK(s != NULL);
    if (!s)
        return;
    CHECK_EQ(simty_symbol_count(s), 0); /* nothing loaded yet */
    CHECK(simty_load_source_lines(s, err, sizeof err) == -1);
    CHECK(simty_load(s, path, err, sizeof err) == 0);

    size_t nsyms = simty_symbol_count(s);
    const char *name;
    uint32_t addr, prev = 0, main_addr = 0, size;
    CHECK(nsyms > 10);
    for (size_t i = 0; i < nsyms; i++) {
        CHECK(simty_symbol_get(s, i, &name, &addr) == 0);
        CHECK(addr >= prev); /* address order */
        prev = addr;
        if (!strcmp(name, "main"))
            main_addr = addr;
    }
    CHECK(simty_symbol_get(s, nsyms, &name, &addr) == -1);
    CHECK(simty_find_symbol(s, "main", &addr) == 0 && addr == main_addr);

    /* main lies in an executable segment and disassembles */
    int in_exec = 0;
    unsigned nexec = simty_exec_segment_count(s);
    CHECK(nexec >= 1);
    for (unsigned i = 0; i < nexec; i++) {
        CHECK(simty_exec_segment_get(s, i, &addr, &size) == 0);
        in_exec |= main_addr >= addr && main_addr - addr < size;
    }
    CHECK(in_exec);
    CHECK(simty_exec_segment_get(s, nexec, &addr, &size) == -1);
    char raw[128], alias[128];
    uint32_t w1 = 0, w2 = 1, w3 = 0;
    /* (the SDK builds rv32gc: main may start with a 2-byte instruction) */
    const int len = simty_disasm(s, main_addr, 0, &w1, raw, sizeof raw);
    CHECK(len == 2 || len == 4);
    CHECK(simty_disasm(s, main_addr, 1, &w2, alias, sizeof alias) == len);
    CHECK(w1 == w2 && raw[0] && alias[0]);
    CHECK(simty_mem_read(s, main_addr, &w3, (size_t)len) == 0 && w3 == w1);
    CHECK(simty_disasm(s, 0x10, 1, &w1, raw, sizeof raw) == -1); /* not RAM */

    /* main has a source line in a file of the table */
    unsigned file = 0;
    uint32_t line = 0;
    CHECK(simty_source_line(s, main_addr, &file, &line) == -1); /* not read yet */
    CHECK(simty_load_source_lines(s, err, sizeof err) == 0);
    CHECK(simty_load_source_lines(s, err, sizeof err) == 0); /* once is enough */
    CHECK(simty_source_file_count(s) >= 1);
    CHECK(simty_source_line(s, main_addr, &file, &line) == 0 && line >= 1);
    CHECK(file < simty_source_file_count(s) && simty_source_file(s, file) != NULL);
    CHECK(simty_source_file(s, simty_source_file_count(s)) == NULL);
    simty_destroy(s);
}

/* Options a model ignores (simty_setting_used, simty_config_ignored): the
 * model and some other settings decide; values at their defaults are not
 * reported. */
static void check_ignored(void)
{
    simty_config a, b;
    char why[160], err[160];
    simty_config_default(&a);
    CHECK(simty_config_ignored(&a, 0, why, sizeof why) == NULL);
    CHECK(simty_setting_used(&a, "memory", why, sizeof why) == 1);
    CHECK(simty_setting_used(&a, "warps", why, sizeof why) == 1); /* every model */
    CHECK(simty_config_set(&a, "model", "simt", err, sizeof err) == 0);
    CHECK(simty_config_ignored(&a, 0, why, sizeof why) == NULL); /* memory ideal: default */
    CHECK(simty_setting_used(&a, "memory", why, sizeof why) == 0);
    CHECK(strcmp(why, "has no effect on the simt model (only cycle)") == 0);
    b = a;
    CHECK(simty_config_set(&b, "memory", "hbm2", err, sizeof err) == 0);
    CHECK(simty_config_set(&b, "coalescer", "block", err, sizeof err) == 0); /* used */
    const char *name = simty_config_ignored(&b, 0, why, sizeof why);
    CHECK(name && strcmp(name, "memory") == 0);
    CHECK(simty_config_ignored(&b, 1, why, sizeof why) == NULL);
    CHECK(simty_config_set(&b, "model", "scalar", err, sizeof err) == 0);
    name = simty_config_ignored(&b, 0, why, sizeof why);
    CHECK(name && strcmp(name, "coalescer") == 0 &&
          strcmp(why, "has no effect on the scalar model (only simt and cycle)") == 0);
    /* conditions on other settings */
    simty_config_default(&b);
    CHECK(simty_config_set(&b, "progress", "off", err, sizeof err) == 0);
    CHECK(simty_config_set(&b, "progress-turn", "9", err, sizeof err) == 0);
    name = simty_config_ignored(&b, 0, why, sizeof why);
    CHECK(name && strcmp(name, "progress-turn") == 0 &&
          strcmp(why, "has no effect with --progress off") == 0);
    CHECK(simty_config_set(&b, "memory", "ddr4-3200", err, sizeof err) == 0);
    CHECK(simty_setting_used(&b, "mem-latency", why, sizeof why) == 0);
}

/* The plug-in registry (src/registry/plugins.c): every name of every kind maps
 * to its index and back; one past the last has no name and is refused by
 * the configuration check; an unknown name's error lists the names. */
static void check_plugins(void)
{
    static const char *const keys[SIMTY_PLUGIN_KINDS] = {
        [SIMTY_PLUGIN_PATHS] = "paths", [SIMTY_PLUGIN_PRIORITY] = "priority",
        [SIMTY_PLUGIN_STEERING] = "steering", [SIMTY_PLUGIN_COALESCER] = "coalescer"};
    char err[256];
    CHECK(simty_plugin_kind_name(SIMTY_PLUGIN_KINDS) == NULL);
    for (unsigned k = 0; k < SIMTY_PLUGIN_KINDS; k++) {
        const simty_plugin_kind kind = (simty_plugin_kind)k;
        CHECK(simty_plugin_kind_name(kind) != NULL);
        unsigned n = 0;
        for (const char *name; (name = simty_plugin_name(kind, n)); n++) {
            CHECK_EQ(simty_plugin_find(kind, name), (int)n);
            CHECK(simty_plugin_help(kind, n) && *simty_plugin_help(kind, n));
            if (keys[k]) { /* through the option, into the configuration */
                simty_config c;
                simty_config_default(&c);
                CHECK(simty_config_set(&c, keys[k], name, err, sizeof err) == 0);
                const int got = kind == SIMTY_PLUGIN_PATHS      ? (int)c.paths
                                : kind == SIMTY_PLUGIN_PRIORITY ? (int)c.priority
                                : kind == SIMTY_PLUGIN_STEERING ? (int)c.steering
                                                                : (int)c.coalescer;
                CHECK_EQ(got, (int)n);
                CHECK(simty_config_check(&c, err, sizeof err) == 0);
            }
        }
        CHECK(n >= 1);
        CHECK(simty_plugin_help(kind, n) == NULL);
        CHECK_EQ(simty_plugin_find(kind, "nosuch"), -1);
        CHECK_EQ(simty_plugin_find(kind, NULL), -1);
        if (keys[k]) {
            simty_config c;
            simty_config_default(&c);
            CHECK(simty_config_set(&c, keys[k], "nosuch", err, sizeof err) == -1);
            CHECK(strstr(err, simty_plugin_name(kind, n - 1)) && strstr(err, "'nosuch'"));
            if (kind == SIMTY_PLUGIN_STEERING) /* one past the last: refused */
                c.steering = (simty_steering_kind)n;
            else if (kind == SIMTY_PLUGIN_PATHS)
                c.paths = (simty_paths_kind)n;
            else if (kind == SIMTY_PLUGIN_PRIORITY)
                c.priority = (simty_priority_kind)n;
            else
                c.coalescer = (simty_coalescer_kind)n;
            CHECK(simty_config_check(&c, err, sizeof err) == -1);
        }
    }
    /* the public enums are the built-in entries' indices */
    CHECK(strcmp(simty_plugin_name(SIMTY_PLUGIN_PATHS, SIMTY_PATHS_IDEAL), "ideal") == 0);
    CHECK(strcmp(simty_plugin_name(SIMTY_PLUGIN_PRIORITY, SIMTY_PRIORITY_MINPC), "minpc") == 0);
    CHECK(strcmp(simty_plugin_name(SIMTY_PLUGIN_COALESCER, SIMTY_COALESCER_BLOCK), "block") == 0);
    CHECK(strcmp(simty_plugin_name(SIMTY_PLUGIN_MEMORY, SIMTY_MEMORY_HIERARCHY),
                 "hierarchy") == 0);
    CHECK(strcmp(simty_plugin_name(SIMTY_PLUGIN_STEERING, SIMTY_STEERING_RR), "rr") == 0);
}

/* The ABI register names (simty_reg_name, simty_freg_name): the
 * disassembler's, NULL past the last register. */
static void check_reg_names(void)
{
    static const char *const x[32] = {
        "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
        "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
        "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
    static const char *const f[32] = {
        "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0",
        "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5",
        "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
    for (unsigned r = 0; r < 32; r++) {
        CHECK(simty_reg_name(r) && strcmp(simty_reg_name(r), x[r]) == 0);
        CHECK(simty_freg_name(r) && strcmp(simty_freg_name(r), f[r]) == 0);
    }
    CHECK(simty_reg_name(32) == NULL && simty_freg_name(32) == NULL);
    CHECK(simty_reg_name(~0u) == NULL && simty_freg_name(~0u) == NULL);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_api VALID.elf\n");
        return 2;
    }
    check_ignored();
    check_plugins();
    check_reg_names();
    simty_config base, c;
    simty_config_default(&base);
    char err[256];
    CHECK(simty_config_check(&base, err, sizeof err) == 0);

    /* the three checks that used to come after the allocation (a leak) */
    c = base, c.mem_latency = SIMTY_MAX_MEM_LATENCY + 1;
    expect_bad(&c, "memory latency must be 0..100000");
    c = base, c.model = SIMTY_MODEL_SIMT, c.trace_kanata = stderr;
    expect_bad(&c, "Kanata pipeline trace needs the cycle model");
    c = base, c.model = (simty_model_kind)7;
    expect_bad(&c, "unknown model or policy");
    c = base, c.coalescer = (simty_coalescer_kind)-1;
    expect_bad(&c, "unknown model or policy");

    /* the default RAM follows the machine (8 KiB SDK stacks per thread) */
    CHECK_EQ(simty_config_ram_size(&base), 64ull << 20); /* (the default shape) */
    c = base, c.cores = 16, c.warps = 64, c.threads = 32;
    CHECK_EQ(simty_config_ram_size(&c), 288ull << 20);
    c = base, c.cores = 64, c.warps = 64, c.threads = 64;
    CHECK_EQ(simty_config_ram_size(&c), SIMTY_RAM_SIZE_AUTO_MAX);
    CHECK(simty_config_check(&c, NULL, 0) == 0); /* (no message: it passes) */
    c.n_extra_mem = 1, c.extra_mem[0].base = 0x90000000u, c.extra_mem[0].size = 4096;
    CHECK_EQ(simty_config_ram_size(&c), 256ull << 20); /* not into a region above */
    c = base, c.cores = 16, c.warps = 64, c.threads = 32, c.ram_size = 1ull << 20;
    CHECK_EQ(simty_config_ram_size(&c), 1ull << 20); /* a given size is kept */

    /* sizes: never a sum that wraps, never an attempt to allocate them */
    c = base, c.ram_size = UINT64_MAX;
    expect_bad(&c, "must be at least 4 KiB and end below 0xfffff000");
    c = base, c.ram_size = (1ull << 32) + 4096; /* base + size wraps to 0x80001000 in 32 bits */
    expect_bad(&c, "end below 0xfffff000");
    c = base, c.ram_size = 4097;
    expect_bad(&c, "multiples of 4 bytes");
    c = base, c.n_extra_mem = 1, c.extra_mem[0].base = 1, c.extra_mem[0].size = UINT64_MAX;
    expect_bad(&c, "runs past the 4 GiB address space");
    c = base, c.n_extra_mem = 1, c.extra_mem[0].base = 0xfffff000u,
    c.extra_mem[0].size = 0x1000ull + UINT64_MAX; /* wraps to 0xfff */
    expect_bad(&c, "multiples of 4");
    c = base, c.n_extra_mem = 1, c.extra_mem[0].base = 0xfffff000u, c.extra_mem[0].size = 0;
    expect_bad(&c, "has size 0");
    c = base, c.n_extra_mem = 2, c.extra_mem[0].base = 0, c.extra_mem[0].size = 0x10000,
    c.extra_mem[1].base = 0xf000, c.extra_mem[1].size = 0x2000;
    expect_bad(&c, "overlaps another region");
    c = base, c.n_extra_mem = 1, c.extra_mem[0].base = 0x80000000u - 8,
    c.extra_mem[0].size = 16;
    expect_bad(&c, "overlaps another region");
    c = base, c.n_extra_mem = 1, c.extra_mem[0].base = 0x00100ffc, c.extra_mem[0].size = 8;
    expect_bad(&c, "overlaps the test finisher");
    c = base, c.n_extra_mem = SIMTY_MAX_EXTRA_MEM + 1;
    expect_bad(&c, "too many memory regions");
    c = base, c.max_seconds = -1;
    expect_bad(&c, "host time limit");
    c = base, c.warps = 0;
    expect_bad(&c, "warps must be 1..64");

    /* a region that ends exactly at 2^32 is fine */
    c = base, c.n_extra_mem = 1, c.extra_mem[0].base = 0xfffff000u, c.extra_mem[0].size = 4096;
    CHECK(simty_config_check(&c, err, sizeof err) == 0);

    /* two instances from one image; a stop requested before the run ends
     * the first at once, the second runs to its end */
    size_t len = 0;
    const uint8_t *elf = read_all(argv[1], &len);
    CHECK(elf != NULL);
    if (!elf)
        return check_report("test_api");
    c = base, c.console = fopen("/dev/null", "w");
    simty_sim *a = simty_create(&c, err, sizeof err), *b = simty_create(&c, err, sizeof err);
    CHECK(a && b);
    CHECK(simty_load_image(a, elf, len, err, sizeof err) == 0);
    CHECK(simty_load_image(b, elf, len, err, sizeof err) == 0);
    CHECK(simty_load_image(b, elf, len, err, sizeof err) == -1); /* already loaded */
    simty_request_stop(a, SIGTERM);
    simty_run(a);
    simty_run(b);
    const simty_result *ra = simty_result_get(a), *rb = simty_result_get(b);
    CHECK_EQ(ra->reason, SIMTY_EXIT_INTERRUPTED);
    CHECK_EQ(simty_exit_status(ra), 143);
    CHECK_EQ(ra->signal, SIGTERM);
    CHECK_EQ(simty_stats_get(a)->cycles, 0);
    CHECK(strcmp(ra->message, "interrupted by SIGTERM at cycle 0") == 0);
    CHECK_EQ(rb->reason, SIMTY_EXIT_EXIT);
    CHECK_EQ(simty_exit_status(rb), 0);
    CHECK(simty_stats_get(b)->thread_instructions > 1000);
    CHECK(strcmp(simty_exit_reason_name(SIMTY_EXIT_INTERRUPTED), "interrupted") == 0);
    /* an image has no file to read its line table from */
    CHECK(simty_load_source_lines(b, err, sizeof err) == -1 && strstr(err, "loaded from memory"));
    simty_destroy(a);
    simty_destroy(b);

    check_program(&c, argv[1]);

    /* a truncated image: an error, nothing leaked */
    simty_sim *t = simty_create(&c, err, sizeof err);
    CHECK(simty_load_image(t, elf, 200, err, sizeof err) == -1);
    simty_destroy(t);
    fclose(c.console);
    return check_report("test_api");
}
