/* simty run --gdb PORT: a GDB remote serial protocol stub over TCP, for
 * stock gdb-multiarch (README, "Debugging").  A client of simty.h only:
 * it runs the machine with simty_run_cycles() (no breakpoint or watchpoint
 * set: in chunks, at full speed) or simty_run_until() with a stop function
 * that looks at every warp's active path before every cycle, steps with
 * simty_step_thread(), and reads and writes state with the inspection
 * calls.  All-stop mode; one GDB thread per hart (thread id = hart + 1).
 *
 * Everything that comes from the socket is checked: a malformed packet is
 * refused ('-' or an error reply), a closed connection ends the session and
 * the run goes on (README).
 *
 * This file: the run under the stub (gdb_run: the machine runs between
 * debugger sessions) and one session's packet loop, each packet handed to
 * its handler by its first character.  The handlers live in gdb_regs.c,
 * gdb_points.c, gdb_resume.c and gdb_query.c, the transport in gdb_wire.c
 * (gdb_internal.h lists them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/gdb.h"
#include "cli/gdb_internal.h"

/* ---- the packets -------------------------------------------------------- */

/* ?: the last stop's reply again */
static void pkt_stop_reason(gdb *g, const char *p)
{
    (void)p;
    gdb_send_str(g, g->stop_reply);
}

/* D: the debugger leaves, the run goes on */
static void pkt_detach(gdb *g, const char *p)
{
    (void)p;
    gdb_send_str(g, "OK");
    gdb_disconnect(g, NULL);
    g->end = SESSION_DETACHED;
}

/* k: the run ends as if killed (status 137) */
static void pkt_kill(gdb *g, const char *p)
{
    (void)p;
    gdb_disconnect(g, NULL);
    simty_request_stop(g->s, SIGKILL);
    simty_run_cycles(g->s, 1);
    g->end = SESSION_OVER;
}

/* vCont? and vCont;...; the other v packets are not supported */
static void pkt_v(gdb *g, const char *p)
{
    if (!strcmp(p, "vCont?"))
        return (void)gdb_send_str(g, "vCont;c;C;s;S");
    if (!strncmp(p, "vCont;", 6))
        return gdb_handle_resume(g, p);
    gdb_send_str(g, ""); /* vMustReplyEmpty, vKill, vFile...: not supported */
}

/* The handler of each packet by its first character; the empty reply
 * (not supported) for the others. */
static const gdb_packet_fn packets[256] = {
    ['?'] = pkt_stop_reason,
    ['g'] = gdb_handle_read_regs,
    ['G'] = gdb_handle_write_regs,
    ['p'] = gdb_handle_read_reg,
    ['P'] = gdb_handle_write_reg,
    ['m'] = gdb_handle_mem_read,
    ['M'] = gdb_handle_mem_write,
    ['X'] = gdb_handle_mem_write,
    ['Z'] = gdb_handle_point,
    ['z'] = gdb_handle_point,
    ['H'] = gdb_handle_thread,
    ['T'] = gdb_handle_alive,
    ['q'] = gdb_handle_query,
    ['Q'] = gdb_handle_query,
    ['D'] = pkt_detach,
    ['k'] = pkt_kill,
    ['v'] = pkt_v,
    ['c'] = gdb_handle_resume,
    ['C'] = gdb_handle_resume,
    ['s'] = gdb_handle_resume,
    ['S'] = gdb_handle_resume,
};

/* ---- a session ---------------------------------------------------------- */

/* What a new session starts from: no point set, acknowledgements on, the
 * lowest live thread as the stop's. */
static void session_start(gdb *g)
{
    g->list_next = 0;
    g->noack = 0;
    g->bad = g->ignored = 0;
    g->nbp = g->nwp = 0;
    g->skip_valid = 0;
    gdb_hits_forget(g);
    g->over = 0;
    g->end = SESSION_ON;
    g->c_any = 1;
    g->stop_hart = gdb_first_live(g);
    g->g_hart = g->stop_hart;
}

/* One debugger session, the machine stopped at a cycle boundary. */
static enum session_end session(gdb *g)
{
    session_start(g);
    if (gdb_run_over(g)) { /* (cannot happen: a run that ended has no session) */
        gdb_report_stop(g);
        return SESSION_OVER;
    }
    snprintf(g->stop_reply, sizeof g->stop_reply, "T%02xthread:%x;", SIG_TRAP,
             g->stop_hart + 1);
    for (;;) {
        if (g->fd < 0)
            return SESSION_GONE;
        if (g->over) {
            gdb_disconnect(g, NULL);
            return SESSION_OVER;
        }
        int r = gdb_recv_packet(g);
        if (r == -1)
            return SESSION_GONE;
        if (r == -2)
            return SESSION_SIGNAL;
        if (r == 0)
            continue; /* Ctrl-C while stopped: nothing to interrupt */
        gdb_packet_fn fn = packets[(unsigned char)g->pkt[0]];
        if (fn)
            fn(g, g->pkt);
        else
            gdb_send_str(g, "");
        if (g->end != SESSION_ON)
            return g->end;
    }
}

/* ---- the run ------------------------------------------------------------ */

/* The CSRs offered to gdb: the library's list, those it can read. */
static void offer_csrs(gdb *g)
{
    unsigned num;
    const char *name;
    for (unsigned i = 0; g->ncsr < MAX_CSRS && !simty_debug_csr(i, &num, &name); i++) {
        uint32_t v;
        if (!simty_csr_read(g->s, 0, num, &v)) { /* (every one today) */
            g->csr[g->ncsr] = num;
            g->csr_name[g->ncsr++] = name;
        }
    }
}

/* The stub's state for s, no debugger connected, or NULL (out of host
 * memory). */
static gdb *stub_new(simty_sim *s, volatile sig_atomic_t *got_signal)
{
    const simty_config *cfg = simty_config_get(s);
    gdb *g = calloc(1, sizeof *g);
    simty_path_info *paths = calloc(cfg->threads + 8, sizeof *paths);
    uint64_t *hit_mask = calloc((size_t)cfg->cores * cfg->warps, sizeof *hit_mask);
    uint32_t *hit_pc = calloc(simty_nthreads(s), sizeof *hit_pc);
    if (!g || !paths || !hit_mask || !hit_pc) {
        free(g);
        free(paths);
        free(hit_mask);
        free(hit_pc);
        return NULL;
    }
    g->s = s;
    g->sig = got_signal;
    g->fd = -1;
    g->nharts = simty_nthreads(s);
    g->ncores = cfg->cores;
    g->W = cfg->warps;
    g->T = cfg->threads;
    g->scalar = cfg->model == SIMTY_MODEL_SCALAR;
    g->wait_hart = -1;
    g->maxpaths = g->T + 8; /* (a warp has at most T paths) */
    g->paths = paths;
    g->hit_mask = hit_mask;
    g->hit_pc = hit_pc;
    offer_csrs(g);
    return g;
}

static void stub_free(gdb *g)
{
    free(g->paths);
    free(g->hit_mask);
    free(g->hit_pc);
    free(g->out);
    free(g);
}

void gdb_run(simty_sim *s, int lfd, int wait, volatile sig_atomic_t *got_signal)
{
    gdb *g = stub_new(s, got_signal);
    if (!g) {
        gdb_error("out of host memory; running without the debugger");
        close(lfd);
        simty_run(s);
        return;
    }
    int first = 1;
    while (!gdb_run_over(g)) {
        int r = gdb_accept(g, lfd, first && wait ? -1 : 0);
        first = 0;
        if (r < 0 || *got_signal) {
            simty_run_cycles(s, 1); /* the stop request (main.c) ends the run */
            if (!gdb_run_over(g))
                simty_run(s);
            break;
        }
        if (r == 0) { /* nobody attached: the next stretch of the run */
            simty_run_cycles(s, CHUNK_CYCLES);
            continue;
        }
        enum session_end e = session(g);
        if (e == SESSION_SIGNAL)
            simty_run_cycles(s, 1);
        if (e == SESSION_DETACHED) /* (a lost connection said why already) */
            fprintf(stderr, "simty: gdb: debugger detached; the run goes on\n");
    }
    gdb_disconnect(g, NULL);
    close(lfd);
    stub_free(g);
}
