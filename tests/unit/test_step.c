/* The stepping and inspection interface (simty.h) on a two-core machine,
 * every model: a run paused every few cycles ends exactly like one run
 * (same cycles, counts, output); simty_run_cycles and simty_run_until stop
 * exactly where asked, even while the machine is idle; moving threads away
 * and back at every pause leaves the results unchanged; paths
 * partition a warp's live threads and agree with each thread's PC; register,
 * memory and PC reads and writes do what they say and refuse bad arguments;
 * the cores' statistics add up to the machine's.
 * Usage: test_step PROGRAM.elf IDLE.elf DIVERGENT.elf (SDK programs that
 * end by themselves, the second tests/stats/wrs_idle.S; the third's paths
 * fill the CCT, where equal entries can sit side by side) */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "simty.h"

typedef struct run_out {
    simty_stats st;
    simty_result r;
    char out[1 << 16];
    size_t len;
} run_out;

static simty_sim *make(simty_model_kind m, const char *elf, FILE *console)
{
    simty_config c;
    simty_config_default(&c);
    c.model = m;
    c.cores = 2;
    c.warps = 2;
    c.threads = 4;
    c.console = console;
    char err[256];
    simty_sim *s = simty_create(&c, err, sizeof err);
    if (!s || simty_load(s, elf, err, sizeof err)) {
        fprintf(stderr, "test_step: %s\n", err);
        exit(1);
    }
    return s;
}

/* Runs to the end in steps of `step` cycles (0: one simty_run). */
static void run(simty_model_kind m, const char *elf, uint64_t step, run_out *o)
{
    FILE *console = tmpfile();
    simty_sim *s = make(m, elf, console);
    if (!step) {
        simty_run(s);
    } else {
        for (;;) {
            uint64_t before = simty_cycle(s);
            simty_exit_reason why = simty_run_cycles(s, step);
            if (why != SIMTY_EXIT_NONE)
                break;
            CHECK_EQ(simty_cycle(s), before + step); /* paused exactly there */
            CHECK_EQ(simty_stats_get(s)->cycles, simty_cycle(s));
        }
    }
    o->st = *simty_stats_get(s);
    o->r = *simty_result_get(s);
    /* the cores add up to the machine */
    uint64_t ti = 0, wi = 0;
    for (unsigned c = 0; c < 2; c++) {
        ti += simty_core_stats_get(s, c)->thread_instructions;
        wi += simty_core_stats_get(s, c)->warp_instructions;
        CHECK(simty_core_stats_get(s, c)->thread_instructions > 0); /* both cores ran */
    }
    CHECK(simty_core_stats_get(s, 2) == NULL);
    CHECK_EQ(ti, o->st.thread_instructions);
    CHECK_EQ(wi, o->st.warp_instructions);
    simty_destroy(s);
    rewind(console);
    o->len = fread(o->out, 1, sizeof o->out, console);
    fclose(console);
}

static int stop_at_cycle(const simty_sim *s, void *ctx)
{
    return simty_cycle(s) >= *(uint64_t *)ctx;
}

/* At a pause: every live thread is in exactly one path of its warp, at the
 * path's PC. */
static void check_paths(simty_sim *s)
{
    const simty_config *c = simty_config_get(s);
    for (unsigned core = 0; core < c->cores; core++)
        for (unsigned w = 0; w < c->warps; w++) {
            simty_path_info p[SIMTY_MAX_LANES * 2];
            int n = simty_warp_paths(s, core, w, p, SIMTY_MAX_LANES * 2);
            CHECK(n >= 0 && n <= SIMTY_MAX_LANES * 2);
            uint64_t seen = 0;
            for (int i = 0; i < n; i++) {
                CHECK((seen & p[i].mask) == 0);
                CHECK(p[i].mask != 0);
                seen |= p[i].mask;
                if (c->model != SIMTY_MODEL_SCALAR) /* scalar: every thread issues */
                    CHECK((p[i].state == SIMTY_THREAD_ACTIVE) ==
                          (i == 0 && p[i].state <= SIMTY_THREAD_READY));
                for (uint64_t m = p[i].mask; m; m &= m - 1) {
                    unsigned h = (core * c->warps + w) * c->threads +
                                 (unsigned)__builtin_ctzll(m);
                    uint32_t pc;
                    CHECK(simty_pc_read(s, h, &pc) == 0 && pc == p[i].pc);
                    CHECK(simty_thread_state_get(s, h) == p[i].state);
                }
            }
            for (unsigned l = 0; l < c->threads; l++) {
                unsigned h = (core * c->warps + w) * c->threads + l;
                simty_thread_state st = simty_thread_state_get(s, h);
                bool live = st != SIMTY_THREAD_EXITED && st != SIMTY_THREAD_PARKED;
                CHECK(live == (((seen >> l) & 1) != 0));
            }
        }
    CHECK(simty_warp_paths(s, c->cores, 0, NULL, 0) == -1);
    CHECK(simty_warp_paths(s, 0, c->warps, NULL, 0) == -1);
}

static void inspect(simty_model_kind m, const char *elf)
{
    FILE *console = tmpfile();
    simty_sim *s = make(m, elf, console);
    CHECK_EQ(simty_nthreads(s), 16);
    uint64_t at = 1500; /* after the start-up (hart 0 fetches the command line) */
    CHECK(simty_run_until(s, stop_at_cycle, &at, UINT64_MAX) == SIMTY_EXIT_NONE);
    CHECK_EQ(simty_cycle(s), 1500);
    check_paths(s);

    /* registers */
    uint32_t v;
    CHECK(simty_reg_read(s, 5, 0, &v) == 0 && v == 0);
    CHECK(simty_reg_write(s, 5, 0, 1) == -1);
    CHECK(simty_reg_write(s, 5, 32, 1) == -1);
    CHECK(simty_reg_write(s, 16, 1, 1) == -1);
    CHECK(simty_reg_read(s, 16, 1, &v) == -1);
    uint32_t old;
    CHECK(simty_reg_read(s, 13, 7, &old) == 0);
    CHECK(simty_reg_write(s, 13, 7, 0xdeadbeef) == 0);
    CHECK(simty_reg_read(s, 13, 7, &v) == 0 && v == 0xdeadbeef);
    CHECK(simty_reg_read(s, 12, 7, &v) == 0 && v != 0xdeadbeef); /* its neighbour's own */
    CHECK(simty_reg_write(s, 13, 7, old) == 0);

    /* CSRs: per thread, WARL rules as the guest sees them, bad ones refused */
    CHECK(simty_csr_read(s, 13, 0xf14, &v) == 0 && v == 13);   /* mhartid */
    CHECK(simty_csr_write(s, 13, 0xf14, 1) == -1);              /* read-only */
    CHECK(simty_csr_read(s, 13, 0x180, &v) == -1);             /* satp: none */
    CHECK(simty_csr_read(s, 16, 0x340, &v) == -1);             /* no hart 16 */
    CHECK(simty_csr_read(s, 13, 0x1000, &v) == -1);
    CHECK(simty_csr_write(s, 13, 0x7c0, 1) == -1);              /* simty_roi: guest only */
    CHECK(simty_csr_write(s, 13, 0x340, 0x1234) == 0);          /* mscratch */
    CHECK(simty_csr_read(s, 13, 0x340, &v) == 0 && v == 0x1234);
    CHECK(simty_csr_read(s, 12, 0x340, &v) == 0 && v == 0);    /* its neighbour's own */
    CHECK(simty_csr_write(s, 13, 0x305, 0x80000103u) == 0);     /* mtvec: mode 3 reads 0 */
    CHECK(simty_csr_read(s, 13, 0x305, &v) == 0 && v == 0x80000100u);
    CHECK(simty_csr_read(s, 13, 0x300, &v) == 0 && v == 0x3800); /* reset: MPP, FS Initial */
    CHECK(simty_csr_write(s, 13, 0x300, ~0u) == 0); /* mstatus: MIE, MPIE, MPP, FS (SD) */
    CHECK(simty_csr_read(s, 13, 0x300, &v) == 0 && v == 0x80007888u);
    CHECK(simty_csr_write(s, 13, 0x003, 0xfff) == 0);           /* fcsr: frm and fflags */
    CHECK(simty_csr_read(s, 13, 0x003, &v) == 0 && v == 0xff);
    CHECK(simty_csr_read(s, 13, 0x002, &v) == 0 && v == 7);
    CHECK(simty_csr_read(s, 13, 0x001, &v) == 0 && v == 0x1f);
    CHECK(simty_csr_write(s, 13, 0x001, 0x21) == 0);            /* fflags: 5 bits */
    CHECK(simty_csr_read(s, 13, 0x003, &v) == 0 && v == 0xe1);
    CHECK(simty_csr_write(s, 13, 0x003, 0) == 0);
    uint64_t fv;
    CHECK(simty_freg_write(s, 13, 31, 0xffffffff3f800000ull) == 0); /* f31 = 1.0f, boxed */
    CHECK(simty_freg_read(s, 13, 31, &fv) == 0 && fv == 0xffffffff3f800000ull);
    CHECK(simty_freg_read(s, 12, 31, &fv) == 0 && fv == 0);       /* its neighbour's own */
    CHECK(simty_freg_read(s, 13, 32, &fv) == -1 && simty_freg_write(s, 1u << 30, 0, 0) == -1);
    CHECK(simty_csr_write(s, 13, 0x300, 0x2000) == 0);          /* FS Initial: not dirty */
    CHECK(simty_csr_read(s, 13, 0x300, &v) == 0 && v == 0x3800);
    CHECK(simty_csr_write(s, 13, 0x300, 0) == 0);
    CHECK(simty_csr_write(s, 13, 0x305, 0) == 0);
    uint32_t ret0;
    CHECK(simty_csr_read(s, 13, 0xb02, &ret0) == 0 && ret0 > 0); /* minstret */
    CHECK(simty_csr_write(s, 13, 0xb02, 1000) == 0);
    CHECK(simty_csr_read(s, 13, 0xb02, &v) == 0 && v == 1000);
    CHECK(simty_csr_write(s, 13, 0xb02, ret0) == 0);
    CHECK(simty_csr_write(s, 13, 0x340, 0) == 0);

    /* memory: RAM round trip, devices and holes refused */
    uint8_t buf[16], pattern[16], back[16];
    const uint32_t addr = 0x80000000u + 4 * 1024 * 1024 + 2; /* unaligned, inside RAM */
    CHECK(simty_mem_read(s, addr, buf, sizeof buf) == 0);
    for (unsigned i = 0; i < sizeof pattern; i++)
        pattern[i] = (uint8_t)(0xa5 ^ i);
    CHECK(simty_mem_write(s, addr, pattern, sizeof pattern) == 0);
    CHECK(simty_mem_read(s, addr, back, sizeof back) == 0 && !memcmp(back, pattern, 16));
    CHECK(simty_mem_write(s, addr, buf, sizeof buf) == 0);
    CHECK(simty_mem_read(s, 0, buf, 4) == -1);
    CHECK(simty_mem_read(s, 0x10000000u, buf, 1) == -1); /* the UART is not RAM */
    CHECK(simty_mem_read(s, 0xfffffffeu, buf, 4) == -1);  /* past the top */

    /* the run goes on to the same end as an unbroken one */
    CHECK(simty_run_cycles(s, 17) == SIMTY_EXIT_NONE);
    CHECK_EQ(simty_cycle(s), 1517);
    check_paths(s);

    /* PC write: thread 1 moves to thread 0's PC + 4 and shows there */
    uint32_t pc0, pc1;
    CHECK(simty_pc_read(s, 0, &pc0) == 0);
    int rc = simty_pc_write(s, 1, pc0 + 4);
    if (rc == 0) { /* (cycle model: refused while its warp commits) */
        CHECK(simty_pc_read(s, 1, &pc1) == 0 && pc1 == pc0 + 4);
        check_paths(s);
    } else {
        CHECK(m == SIMTY_MODEL_CYCLE);
    }
    CHECK(simty_pc_write(s, 16, 0x80000000u) == -1);
    simty_destroy(s);
    fclose(console);
}

/* Pauses every 37 cycles and moves every live thread to PC+4 and back
 * (two real PC writes): the program must give the unbroken run's output. */
static void moves(simty_model_kind m, const char *elf, const run_out *whole)
{
    FILE *console = tmpfile();
    simty_sim *s = make(m, elf, console);
    unsigned moved = 0;
    while (simty_run_cycles(s, 37) == SIMTY_EXIT_NONE) {
        for (unsigned h = 0; h < simty_nthreads(s); h++) {
            uint32_t pc, back;
            simty_thread_state st = simty_thread_state_get(s, h);
            if ((st != SIMTY_THREAD_ACTIVE && st != SIMTY_THREAD_READY) ||
                simty_pc_read(s, h, &pc) || simty_pc_write(s, h, pc + 4))
                continue;
            CHECK(simty_pc_read(s, h, &back) == 0 && back == pc + 4);
            CHECK(simty_pc_write(s, h, pc) == 0);
            moved++;
        }
        check_paths(s);
    }
    CHECK(moved > 100);
    const simty_result *r = simty_result_get(s);
    CHECK(r->reason == whole->r.reason && r->exit_code == whole->r.exit_code);
    CHECK_EQ(simty_stats_get(s)->thread_instructions >= whole->st.thread_instructions, 1);
    simty_destroy(s);
    rewind(console);
    static char out[1 << 16];
    size_t len = fread(out, 1, sizeof out, console);
    fclose(console);
    CHECK(len == whole->len && !memcmp(out, whole->out, len));
}

/* A machine where every thread waits (wrs.sto): the functional models
 * jump over idle time, but never past where they were asked to stop. */
static void idle(simty_model_kind m, const char *elf)
{
    FILE *console = tmpfile();
    simty_sim *s = make(m, elf, console);
    CHECK(simty_run_cycles(s, 10) == SIMTY_EXIT_NONE);
    CHECK_EQ(simty_cycle(s), 10);
    uint64_t at = 100;
    CHECK(simty_run_until(s, stop_at_cycle, &at, UINT64_MAX) == SIMTY_EXIT_NONE);
    CHECK_EQ(simty_cycle(s), 100);
    for (unsigned h = 0; h < simty_nthreads(s); h++)
        CHECK(simty_thread_state_get(s, h) == SIMTY_THREAD_WRS);
    simty_run(s);
    CHECK(simty_result_get(s)->reason == SIMTY_EXIT_EXIT);
    CHECK(simty_cycle(s) > 256);
    simty_destroy(s);

    /* a debugger write of the value the reserved word holds clears every
     * reservation of it (a write from no hart): the waits end at once */
    s = make(m, elf, console);
    at = 100;
    CHECK(simty_run_until(s, stop_at_cycle, &at, UINT64_MAX) == SIMTY_EXIT_NONE);
    uint32_t word = 0, val = 0;
    for (size_t i = 0; i < simty_symbol_count(s); i++) {
        const char *name;
        uint32_t a;
        if (!simty_symbol_get(s, i, &name, &a) && !strcmp(name, "word"))
            word = a;
    }
    CHECK(word != 0 && simty_mem_read(s, word, &val, 4) == 0);
    CHECK(simty_mem_write(s, word, &val, 4) == 0);
    simty_run(s);
    CHECK(simty_result_get(s)->reason == SIMTY_EXIT_EXIT);
    CHECK(simty_cycle(s) < 200);
    simty_destroy(s);

    /* a load that fails (--stack-interleave needs an SDK program) leaves
     * nothing to run or inspect, and no crash */
    simty_config c;
    simty_config_default(&c);
    c.model = m;
    c.stack_interleave = 1;
    c.console = console;
    char err[256];
    s = simty_create(&c, err, sizeof err);
    CHECK(s && simty_load(s, elf, err, sizeof err) == -1);
    CHECK(simty_load(s, elf, err, sizeof err) == -1); /* one load per simulator */
    uint32_t v;
    simty_path_info p[4];
    CHECK(simty_thread_state_get(s, 0) == SIMTY_THREAD_EXITED);
    CHECK(simty_pc_read(s, 0, &v) == -1 && simty_pc_write(s, 0, 0) == -1);
    CHECK(simty_warp_paths(s, 0, 0, p, 4) == -1);
    CHECK(simty_run_cycles(s, 5) == SIMTY_EXIT_FAULT);
    simty_destroy(s);
    fclose(console);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_step PROGRAM.elf IDLE.elf DIVERGENT.elf\n");
        return 2;
    }
    for (simty_model_kind m = SIMTY_MODEL_SCALAR; m <= SIMTY_MODEL_CYCLE; m++) {
        static run_out whole, stepped, stepped1;
        run(m, argv[1], 0, &whole);
        run(m, argv[1], 7, &stepped);
        run(m, argv[1], 1, &stepped1);
        CHECK(whole.r.reason == SIMTY_EXIT_EXIT);
        for (const run_out *o = &stepped; o; o = o == &stepped ? &stepped1 : NULL) {
            CHECK(o->r.reason == whole.r.reason && o->r.exit_code == whole.r.exit_code);
            CHECK_EQ(o->st.cycles, whole.st.cycles);
            CHECK_EQ(o->st.thread_instructions, whole.st.thread_instructions);
            CHECK_EQ(o->st.warp_instructions, whole.st.warp_instructions);
            CHECK_EQ(o->st.squashed, whole.st.squashed);
            CHECK_EQ(o->st.stall_scoreboard, whole.st.stall_scoreboard);
            CHECK_EQ(o->st.max_paths, whole.st.max_paths);
            CHECK(o->len == whole.len && !memcmp(o->out, whole.out, whole.len));
        }
        CHECK(whole.len > 0);
        inspect(m, argv[1]);
        moves(m, argv[1], &whole);
        idle(m, argv[2]);
        run(m, argv[3], 0, &whole);
        moves(m, argv[3], &whole);
    }
    return check_report("test_step");
}
