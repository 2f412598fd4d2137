/* libFuzzer target: the ELF loader, a short run on every model and every
 * report a run can write, under a machine configuration that is fuzzed
 * too (fuzz/README.md).
 *
 * An input is a fixed-size option header followed by an ELF image.  The
 * header chooses the model, shape, policies, memory latency, cycle limit,
 * RAM size, up to three extra memory regions, the traces and a signature
 * range; every value goes through simty_config_check() like a user's.
 * The custom mutator keeps that structure: it mutates a header field with
 * a value from a list of interesting ones, an ELF header, program-header
 * or symbol field, an instruction word, or leaves the bytes to libFuzzer's
 * own mutations. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "loader/dwarf_line.h"
#include "sim/sim.h"
#include "simty.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);

/* ---- the option header ---- */

enum {
    H_MODEL = 0,     /* u8: model (mod 3) */
    H_WARPS = 1,     /* u8: warps, 1 + v mod 64 (mostly small, see below) */
    H_THREADS = 2,   /* u8: threads per warp */
    H_FLAGS = 3,     /* u8: policies and outputs, F_* */
    H_LATENCY = 4,   /* u32: --mem-latency (raw if bit 31: values over the limit are
                      * refused); else bits 16-17 pick the memory (ideal, ddr4-3200,
                      * hbm2, a shrunk hbm2 from bits 18-30) */
    H_CYCLES = 8,    /* u16: cycle limit selector */
    H_TRACE = 10,    /* u8 from, u8 length: trace window in cycles (G_WINDOW) */
    H_RAM = 12,      /* u32: RAM size (bits 0-30 raw if bit 31, else rounded to a word) */
    H_NMEM = 16,     /* u8: extra regions, mod 4 */
    H_FLAGS2 = 17,   /* u8: more options, G_* (0: the defaults) */
    H_THRESH = 18,   /* u8: --progress-threshold selector (0: default) */
    H_TURN = 19,     /* u8: --progress-turn selector (0: default) */
    H_MEM = 20,      /* 3 x {u32 base, u64 size} */
    H_SIG = 56,      /* u32 begin, u32 end: signature range (F_SIG) */
    HDR = 64,
};

enum {
    F_IDEAL = 1,
    F_MINPC = 2,
    F_BLOCK = 4,
    F_COMMITS = 8,   /* commit trace */
    F_KANATA = 16,   /* Kanata trace (refused unless the model is cycle) */
    F_SIG = 32,      /* write the header's signature range */
    F_RAW = 64,      /* region bases and sizes taken raw, even unaligned */
    F_STOP = 128,    /* a stop request before the run (SIGINT) */
};

enum {
    G_INTERLEAVE = 1,  /* --stack-interleave */
    G_NO_STACK = 2,    /* --no-stack-check */
    G_PROGRESS_OFF = 4, /* --progress off */
    G_SPIN_OFF = 8,    /* --spin-detect off */
    G_ROI = 16,        /* --trace-roi */
    G_WINDOW = 32,     /* --trace-from / --trace-to from H_TRACE */
    G_DWARF = 64,      /* also parse the image's DWARF line table (disasm -S) */
    G_CORES = 128,     /* 1 to 4 cores, from H_MODEL's bits above the model */
};

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void wr64(uint8_t *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

static FILE *devnull(void)
{
    static FILE *f; /* the fuzzer is a program of its own: one sink for every run */
    if (!f)
        f = fopen("/dev/null", "w");
    return f;
}

/* Small shapes most of the time (fast runs), any shape sometimes. */
static unsigned shape(uint8_t v) { return v >= 0xe0 ? 1u + v % 64u : 1u + v % 8u; }

static void decode(const uint8_t *h, simty_config *c, uint32_t sig[2])
{
    simty_config_default(c);
    uint8_t flags = h[H_FLAGS];
    c->model = (simty_model_kind)(h[H_MODEL] % 3);
    c->warps = shape(h[H_WARPS]);
    c->threads = shape(h[H_THREADS]);
    if (h[H_FLAGS2] & G_CORES)
        c->cores = 1 + (h[H_MODEL] / 3u) % 4u;
    c->paths = flags & F_IDEAL ? SIMTY_PATHS_IDEAL : SIMTY_PATHS_HCT;
    c->priority = flags & F_MINPC ? SIMTY_PRIORITY_MINPC : SIMTY_PRIORITY_DEPTH;
    c->coalescer = flags & F_BLOCK ? SIMTY_COALESCER_BLOCK : SIMTY_COALESCER_SIMTY;
    uint32_t lat = rd32(h + H_LATENCY);
    c->mem_latency = lat & 0x80000000u ? lat : lat % 64;
    unsigned memory = lat & 0x80000000u ? 0 : (lat >> 16) & 3;
    if (memory) { /* a hierarchy, shrunk by the selector bits (some invalid: refused) */
        simty_memory_preset(c, memory == 1 ? "ddr4-3200" : "hbm2", NULL, 0);
        c->mem_latency = 0;
        if (memory == 3) {
            simty_memory_config *m = &c->memory;
            m->l1d.size = 64u << ((lat >> 18) & 7);
            m->l1d.mshrs = 1 + ((lat >> 21) & 7);
            m->line = 16u << ((lat >> 24) & 3);
            m->l2_banks = 1u << ((lat >> 26) & 3);
            m->l1d_write_back = (lat >> 28) & 1;
            m->l1i.size = m->l2.size = 1024u << ((lat >> 29) & 3);
            m->l1i.ways = m->l1d.ways = m->l2.ways = m->l2.mshrs = m->l1i.mshrs = 2;
        }
    }
    /* a short run: the scalar model runs every hart each step */
    unsigned harts = c->cores * c->warps * c->threads, v = h[H_CYCLES] | h[H_CYCLES + 1] << 8;
    unsigned budget = c->model == SIMTY_MODEL_SCALAR ? 1 + 65536 / harts : 4096;
    c->max_cycles = 1 + v % budget;
    uint32_t ram = rd32(h + H_RAM);
    c->ram_size = ram & 0x80000000u ? ram & 0x7fffffffu : (4096 + ram % (16u << 20)) & ~3u;
    c->n_extra_mem = h[H_NMEM] % 4;
    for (unsigned i = 0; i < c->n_extra_mem; i++) {
        const uint8_t *m = h + H_MEM + 12 * i;
        uint32_t base = rd32(m);
        uint64_t size = rd64(m + 4);
        if (!(flags & F_RAW)) { /* mostly sizes a user would give */
            base &= ~3u;
            size = size >> 63 ? size : 4096 * (1 + size % 256);
        }
        c->extra_mem[i].base = base;
        c->extra_mem[i].size = size;
    }
    c->console = devnull();
    c->trace_commits = flags & F_COMMITS ? devnull() : NULL;
    c->trace_kanata = flags & F_KANATA ? devnull() : NULL;
    uint8_t more = h[H_FLAGS2];
    c->stack_interleave = !!(more & G_INTERLEAVE);
    c->no_stack_check = !!(more & G_NO_STACK);
    if (more & G_PROGRESS_OFF)
        c->progress = 0;
    if (more & G_SPIN_OFF)
        c->spin_detect = 0;
    c->trace_roi = !!(more & G_ROI);
    if (more & G_WINDOW) {
        c->trace_from = h[H_TRACE];
        c->trace_to = h[H_TRACE + 1] ? c->trace_from + h[H_TRACE + 1] : 0;
    }
    /* small thresholds and turns make turns happen in short runs */
    if (h[H_THRESH])
        c->progress_threshold = h[H_THRESH] == 0xff ? SIMTY_MAX_PROGRESS_THRESHOLD
                                                    : h[H_THRESH];
    if (h[H_TURN])
        c->progress_turn = h[H_TURN];
    sig[0] = rd32(h + H_SIG);
    sig[1] = rd32(h + H_SIG + 4);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HDR)
        return 0;
    simty_config c;
    uint32_t sig[2];
    decode(data, &c, sig);
    char err[512];
    if (simty_config_check(&c, err, sizeof err))
        return 0;
    simty_sim *s = simty_create(&c, err, sizeof err);
    if (!s)
        return 0;
    simty_set_host_files(s, 0); /* (the default: no guest touches the host's files) */
    if (simty_load_image(s, data + HDR, size - HDR, err, sizeof err) == 0) {
        if (data[H_FLAGS] & F_STOP)
            simty_request_stop(s, 2);
        simty_run(s);
        const simty_result *r = simty_result_get(s);
        if (!r->message[0] && (r->reason == SIMTY_EXIT_FAULT || r->reason == SIMTY_EXIT_DEADLOCK))
            __builtin_trap(); /* every failure must say why */
        FILE *f = devnull();
        simty_print_stats(s, f);
        simty_dump_state(s, f);
        simty_write_stats_json(s, "/dev/null", err, sizeof err);
        (void)simty_roi_stats_get(s);
        (void)simty_exit_status(r);
        if (data[H_FLAGS] & F_SIG) {
            if (sig[1] - sig[0] <= 1u << 20) /* longer ranges are only slow */
                sim_write_signature(s, f, sig[0], sig[1], err, sizeof err);
        } else {
            uint32_t b = 0, e = 0; /* the ELF's range: as long as the program says */
            bool named = !elf_find_symbol(&s->elf, "begin_signature", &b) &&
                         !elf_find_symbol(&s->elf, "end_signature", &e);
            if (!named || e < b || e - b <= 1u << 20) /* longer ranges are only slow */
                simty_write_signature(s, "/dev/null", err, sizeof err);
        }
        /* what disasm prints: the first 128 words of the first 4 segments */
        for (unsigned i = 0; i < s->elf.nexec && i < 4; i++)
            for (uint64_t a = s->elf.exec[i].addr;
                 a + 4 <= (uint64_t)s->elf.exec[i].addr + s->elf.exec[i].size &&
                 a < s->elf.exec[i].addr + 512ull;
                 a += 4) {
                char dis[200];
                sim_disasm(s, (uint32_t)a, dis, sizeof dis);
            }
    }
    simty_destroy(s);
    if (data[H_FLAGS2] & G_DWARF) {
        line_table t;
        memset(&t, 0, sizeof t);
        if (dwarf_line_read(data + HDR, size - HDR, &t, err, sizeof err) == 0)
            for (uint32_t a = 0; a < 64; a++)
                (void)line_table_find(&t, 0x80000000u + 4 * a);
        line_table_free(&t); /* also after a failure (what disasm.c does) */
    }
    return 0;
}

/* ---- the structure-aware mutator ---- */

static uint32_t next_rand(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

static const uint32_t interesting32[] = {
    0, 1, 2, 3, 4, 0x7f, 0x80, 0xfff, 0x1000, 0x1001, 0x1003, 0x1004, 0xffff, 0x10000,
    0x00100000, 0x00100ffc, 0x10000000, 0x100000fc, 0x7ffff000, 0x7ffffffc, 0x80000000,
    0x80000ffc, 0x80001000, 0x80001001, 0x8000fffc, 0x83fffffc, 0x84000000, 0xfffff000,
    0xfffffff0, 0xfffffffc, 0xfffffffd, 0xffffffff,
};

static uint32_t interesting(uint32_t *x)
{
    uint32_t v = interesting32[next_rand(x) % (sizeof interesting32 / sizeof *interesting32)];
    switch (next_rand(x) % 4) {
    case 0: return v + (next_rand(x) % 9) - 4;
    case 1: return next_rand(x);
    default: return v;
    }
}

/* Instructions worth planting: jumps anywhere, self-loops, stores near
 * tohost, device registers and the top of memory, fence.i, CSRs, atomics,
 * ecall exits. */
static uint32_t instruction(uint32_t *x)
{
    static const uint32_t opcodes[] = {0x13, 0x33, 0x03, 0x23, 0x63, 0x6f, 0x67, 0x73,
                                       0x2f, 0x0f, 0x37, 0x17, 0x100f, 0x0000006f,
                                       0x00000073, 0x00100073, 0x05d00893};
    uint32_t op = opcodes[next_rand(x) % (sizeof opcodes / sizeof *opcodes)];
    if (op > 0x7f && next_rand(x) % 2)
        return op; /* fence.i, j ., ecall, ebreak, li a7,93 as they are */
    return (next_rand(x) & ~0x7fu) | (op & 0x7f);
}

/* A 4-byte field of the ELF image: the entry, a program-header field, a
 * symbol's value, or a word of the first executable segment. */
static size_t elf_field(const uint8_t *e, size_t len, uint32_t *x, int *is_code)
{
    *is_code = 0;
    if (len < 52)
        return SIZE_MAX;
    uint32_t phoff = rd32(e + 28), shoff = rd32(e + 32);
    unsigned phnum = e[44] | e[45] << 8, shnum = e[48] | e[49] << 8;
    switch (next_rand(x) % 4) {
    case 0:
        return 24; /* entry */
    case 1:
        if (phnum && phoff < len && len - phoff >= 32u * phnum)
            return phoff + 32u * (next_rand(x) % phnum) + 4 * (1 + next_rand(x) % 6);
        return SIZE_MAX;
    case 2: /* a symbol: find .symtab */
        for (unsigned i = 0; shoff < len && i < shnum && len - shoff >= 40u * (i + 1); i++) {
            const uint8_t *sh = e + shoff + 40u * i;
            uint32_t off = rd32(sh + 16), sz = rd32(sh + 20);
            if (rd32(sh + 4) == 2 && off < len && sz >= 16 && len - off >= sz)
                return off + 16u * (next_rand(x) % (sz / 16)) + 4;
        }
        return SIZE_MAX;
    default:
        for (unsigned i = 0; phnum && phoff < len && len - phoff >= 32u * phnum && i < phnum;
             i++) {
            const uint8_t *ph = e + phoff + 32u * i;
            uint32_t off = rd32(ph + 4), fsz = rd32(ph + 16);
            if (rd32(ph) == 1 && (rd32(ph + 24) & 1) && fsz >= 4 && off < len &&
                len - off >= fsz) {
                *is_code = 1;
                return off + 4u * (next_rand(x) % (fsz / 4));
            }
        }
        return SIZE_MAX;
    }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
    uint32_t x = seed | 1;
    if (max_size < HDR + 64)
        return LLVMFuzzerMutate(data, size, max_size);
    if (size < HDR) { /* a bare ELF (or nothing): give it a default header */
        size_t n = size < max_size - HDR ? size : max_size - HDR;
        memmove(data + HDR, data, n);
        memset(data, 0, HDR);
        data[H_WARPS] = 3;  /* 4 warps */
        data[H_THREADS] = 3; /* of 4 threads */
        wr32(data + H_RAM, 64u << 10);
        return HDR + n;
    }
    uint32_t r = next_rand(&x) % 10;
    if (r < 3) { /* a header field */
        switch (next_rand(&x) % 10) {
        case 0: data[next_rand(&x) % 4] = (uint8_t)next_rand(&x); break;
        case 8: data[H_FLAGS2] ^= (uint8_t)(1u << (next_rand(&x) % 8)); break;
        case 9: /* progress threshold and turn, trace window */
            data[(unsigned[]){H_THRESH, H_TURN, H_TRACE, H_TRACE + 1}[next_rand(&x) % 4]] =
                (uint8_t)next_rand(&x);
            break;
        case 1: data[H_FLAGS] ^= (uint8_t)(1u << (next_rand(&x) % 8)); break;
        case 2: wr32(data + H_RAM, interesting(&x)); break;
        case 3: data[H_NMEM] = (uint8_t)next_rand(&x); break;
        case 4: wr32(data + H_MEM + 12 * (next_rand(&x) % 3), interesting(&x)); break;
        case 5:
            wr64(data + H_MEM + 12 * (next_rand(&x) % 3) + 4,
                 next_rand(&x) % 2 ? interesting(&x) : ((uint64_t)next_rand(&x) << 32) | next_rand(&x));
            break;
        case 6: wr32(data + H_SIG + 4 * (next_rand(&x) % 2), interesting(&x)); break;
        default: wr32(data + H_LATENCY, next_rand(&x) % 2 ? interesting(&x) : next_rand(&x) % 64); break;
        }
        return size;
    }
    if (r < 6) { /* a field of the ELF image */
        int code;
        size_t at = elf_field(data + HDR, size - HDR, &x, &code);
        if (at != SIZE_MAX && at + 4 <= size - HDR) {
            wr32(data + HDR + at, code ? instruction(&x) : interesting(&x));
            return size;
        }
    }
    return HDR + LLVMFuzzerMutate(data + HDR, size - HDR, max_size - HDR);
}
