/* simty_step_thread (the GDB stub's step), every model: a step moves the
 * path that holds the thread by one instruction and nothing else (no other
 * warp's PCs or registers change, model time stands still); a hundred
 * steps of one thread in the middle of a run leave the program's output
 * and exit as an unstepped run's; bad harts and an ended run are refused.
 * Usage: test_debug_step PROGRAM.elf (an SDK program that ends by itself) */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "simty.h"

enum { W = 2, T = 4, NH = W * T, HART = 5 };

static simty_sim *make(simty_model_kind m, const char *elf, FILE *console)
{
    simty_config c;
    simty_config_default(&c);
    c.model = m;
    c.warps = W;
    c.threads = T;
    c.console = console;
    char err[256];
    simty_sim *s = simty_create(&c, err, sizeof err);
    if (!s || simty_load(s, elf, err, sizeof err)) {
        fprintf(stderr, "test_debug_step: %s\n", err);
        exit(1);
    }
    return s;
}

typedef struct snap {
    uint32_t pc[NH], x[NH][32];
} snap;

static void take(const simty_sim *s, snap *n)
{
    for (unsigned h = 0; h < NH; h++) {
        simty_pc_read(s, h, &n->pc[h]);
        for (unsigned r = 0; r < 32; r++)
            simty_reg_read(s, h, r, &n->x[h][r]);
    }
}

/* Runs to the end (after `steps` steps of HART from cycle 3000 on): exit
 * reason, code and console output. */
static void run(simty_model_kind m, const char *elf, int steps, simty_result *r, char *out,
                size_t *len)
{
    FILE *console = tmpfile();
    simty_sim *s = make(m, elf, console);
    CHECK_EQ(simty_step_thread(s, NH), -1); /* no such hart */
    if (steps && simty_run_cycles(s, 3000) == SIMTY_EXIT_NONE) {
        int moved = 0;
        for (int i = 0; i < steps && simty_result_get(s)->reason == SIMTY_EXIT_NONE; i++) {
            snap a, b;
            take(s, &a);
            uint64_t cycle = simty_cycle(s);
            uint64_t ti = simty_stats_get(s)->thread_instructions;
            int rc = simty_step_thread(s, HART);
            if (rc == 1) { /* cycle model: its warp is committing; one cycle */
                simty_run_cycles(s, 1);
                continue;
            }
            if (rc < 0) /* parked (barrier): the others run */
                break;
            take(s, &b);
            CHECK_EQ(simty_cycle(s), cycle);
            for (unsigned h = 0; h < T; h++) { /* warp 0 held */
                CHECK_EQ(b.pc[h], a.pc[h]);
                CHECK(!memcmp(b.x[h], a.x[h], sizeof b.x[h]));
            }
            moved += b.pc[HART] != a.pc[HART] || memcmp(b.x[HART], a.x[HART], sizeof b.x[HART]);
            simty_run_cycles(s, 0); /* statistics brought up to date */
            CHECK(simty_stats_get(s)->thread_instructions > ti || m == SIMTY_MODEL_SCALAR);
        }
        CHECK(moved > steps / 2);
    }
    if (simty_result_get(s)->reason == SIMTY_EXIT_NONE)
        simty_run(s);
    *r = *simty_result_get(s);
    CHECK_EQ(simty_step_thread(s, 0), -1); /* the run is over */
    simty_destroy(s);
    rewind(console);
    *len = fread(out, 1, 1 << 16, console);
    fclose(console);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_debug_step PROGRAM.elf\n");
        return 2;
    }
    static char out0[1 << 16], out1[1 << 16];
    const simty_model_kind models[] = {SIMTY_MODEL_SCALAR, SIMTY_MODEL_SIMT, SIMTY_MODEL_CYCLE};
    for (unsigned i = 0; i < 3; i++) {
        simty_result r0, r1;
        size_t n0, n1;
        run(models[i], argv[1], 0, &r0, out0, &n0);
        run(models[i], argv[1], 100, &r1, out1, &n1);
        CHECK_EQ(r1.reason, r0.reason);
        CHECK_EQ(r1.exit_code, r0.exit_code);
        CHECK(n0 > 0 && n1 == n0 && !memcmp(out0, out1, n0));
    }
    return check_report("test_debug_step");
}
