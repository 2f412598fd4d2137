/* The GDB stub's resumption (simty run --gdb): the c, C, s, S and vCont
 * packets; the machine run to the next stop condition (in chunks at full
 * speed when nothing is set, else with the stop function of gdb_points.c),
 * one thread stepped (simty_step_thread), one thread run alone while the
 * others hold; and the stop reply that says where and why it stopped, or
 * how the run ended. */
#include <stdio.h>
#include <string.h>

#include "cli/gdb_internal.h"

/* ---- running ------------------------------------------------------------ */

/* Looks at the socket while the machine runs: a Ctrl-C (0x03) or a closed
 * connection stops the run. */
void gdb_look_at_socket(gdb *g)
{
    if (g->fd < 0)
        return;
    while (g->stop_kind == STOP_NONE) {
        int r = gdb_fill(g, 0);
        if (r < 0) {
            g->stop_kind = STOP_GONE;
            return;
        }
        if (r == 0)
            return;
        while (g->rxp < g->rxn && g->stop_kind == STOP_NONE)
            if (g->rx[g->rxp++] == 0x03)
                g->stop_kind = STOP_INTR;
    }
}

/* Runs the machine until a stop condition or the end of the run. */
static void run_machine(gdb *g)
{
    g->stop_kind = STOP_NONE;
    g->calls = 0;
    gdb_watch_snapshot(g);
    if (g->nbp || g->nwp || g->wait_hart >= 0) {
        simty_run_until(g->s, gdb_stop_fn, g, UINT64_MAX);
        return;
    }
    gdb_hits_forget(g); /* (a run in chunks cannot see who left a breakpoint) */
    while (simty_run_cycles(g->s, CHUNK_CYCLES) == SIMTY_EXIT_NONE && !*g->sig) {
        gdb_look_at_socket(g);
        if (g->stop_kind != STOP_NONE)
            return;
    }
}

int gdb_run_over(const gdb *g) { return simty_result_get(g->s)->reason != SIMTY_EXIT_NONE; }

/* One instruction of the path holding hart (simty_step_thread); a thread
 * that waits (barrier, wrs, spin) makes the machine run until it moves. */
static void step_thread(gdb *g, unsigned hart)
{
    g->stop_kind = STOP_NONE;
    uint32_t pc0 = 0;
    simty_pc_read(g->s, hart, &pc0);
    int rc = -1;
    for (int tries = 0; tries < 64 && !gdb_run_over(g); tries++) {
        rc = simty_step_thread(g->s, hart);
        if (rc != 1)
            break;
        /* cycle model: an instruction of the warp between execute and commit */
        simty_run_cycles(g->s, 1);
        uint32_t pc;
        if (!gdb_hart_live(g, hart) || (!simty_pc_read(g->s, hart, &pc) && pc != pc0)) {
            rc = 0;
            break;
        }
    }
    if (rc < 0 && !gdb_run_over(g) && gdb_hart_live(g, hart)) {
        /* it waits in a parked path: let the machine run until it moves */
        g->wait_hart = (int)hart;
        g->wait_pc = pc0;
        run_machine(g);
        g->wait_hart = -1;
        if (g->stop_kind == STOP_THREAD_MOVED && !gdb_run_over(g)) {
            g->stop_kind = STOP_NONE;
            uint32_t pc;
            if (!simty_pc_read(g->s, hart, &pc) && pc == pc0)
                simty_step_thread(g->s, hart);
        }
    }
    if (g->stop_kind == STOP_NONE || g->stop_kind == STOP_THREAD_MOVED) {
        g->stop_kind = STOP_NONE;
        g->hit_hart = hart;
    }
}

/* vCont;c:TID, the other threads held (how gdb single-steps a RISC-V
 * thread: a breakpoint on the next instruction, then this): steps of that
 * thread's path until it reaches a breakpoint or is about to store to a
 * watched address.  If the thread ends, the whole machine goes on. */
static void run_thread(gdb *g, unsigned hart)
{
    gdb_watch_snapshot(g);
    for (uint64_t k = 0;; k++) {
        g->stop_kind = STOP_NONE;
        if (k % POLL_EVERY == 0)
            gdb_look_at_socket(g);
        if (g->stop_kind != STOP_NONE || *g->sig || gdb_run_over(g))
            return;
        if (!gdb_hart_live(g, hart)) {
            run_machine(g);
            return;
        }
        uint32_t pc, a, len;
        int hw, w;
        int skip = g->skip_valid;
        g->skip_valid = 0;
        unsigned gw = gdb_hart_gw(g, hart);
        gdb_warp_paths(g, gw); /* (forgets the hits of lanes that moved) */
        /* (before the first step too: a thread resumed at a breakpoint
         * without a step over it hits it at once, as on hardware, unless
         * it hit that breakpoint with the last stop) */
        if (!simty_pc_read(g->s, hart, &pc)) {
            if (skip && gw == g->skip_gw && pc == g->skip_pc)
                ; /* the store just reported: gdb steps over it */
            else if (gdb_is_bp(g, pc, &hw) && !(g->hit_mask[gw] >> (hart % g->T) & 1)) {
                g->stop_kind = hw ? STOP_HWBREAK : STOP_SWBREAK;
                g->hit_hart = hart;
                return;
            }
            else if (g->nwp && simty_store_at(g->s, hart, pc, &a, &len) &&
                     (w = gdb_watch_hit(g, a, len)) >= 0) {
                g->stop_kind = STOP_WATCH;
                g->hit_hart = hart;
                g->hit_addr = g->wp[w].addr;
                g->skip_gw = gw;
                g->skip_pc = pc;
                return;
            }
        }
        step_thread(g, hart);
        if (g->stop_kind != STOP_NONE)
            return;
    }
}

/* ---- stop replies ------------------------------------------------------- */

static void console_message(gdb *g, const char *text)
{
    /* an 'O' packet: gdb prints it on its console */
    char buf[2 * 1200 + 4];
    size_t n = 0;
    buf[n++] = 'O';
    for (const char *p = text; *p && n + 4 < sizeof buf; p++) {
        buf[n++] = gdb_hexd[(unsigned char)*p >> 4];
        buf[n++] = gdb_hexd[(unsigned char)*p & 15];
    }
    buf[n++] = '0', buf[n++] = 'a'; /* newline */
    gdb_send_packet(g, buf, n);
}

static int fault_hart(const simty_result *r, unsigned *hart)
{
    const char *p = strstr(r->message, "hart ");
    return p && sscanf(p, "hart %u", hart) == 1 ? 0 : -1;
}

/* The stop reply of a machine that stopped with its run going on */
static void report_running(gdb *g)
{
    int sig = g->stop_kind == STOP_INTR ? SIG_INT : SIG_TRAP;
    unsigned h = g->stop_kind == STOP_INTR ? g->stop_hart : g->hit_hart;
    if (h >= g->nharts || (g->stop_kind == STOP_INTR && !gdb_hart_live(g, h)))
        h = gdb_first_live(g);
    g->stop_hart = g->g_hart = h; /* gdb takes the stop's thread as Hg's */
    int n = snprintf(g->stop_reply, sizeof g->stop_reply, "T%02xthread:%x;", sig, h + 1);
    if (g->stop_kind == STOP_SWBREAK)
        snprintf(g->stop_reply + n, sizeof g->stop_reply - (size_t)n, "swbreak:;");
    else if (g->stop_kind == STOP_HWBREAK)
        snprintf(g->stop_reply + n, sizeof g->stop_reply - (size_t)n, "hwbreak:;");
    else if (g->stop_kind == STOP_WATCH) {
        snprintf(g->stop_reply + n, sizeof g->stop_reply - (size_t)n, "watch:%x;",
                 g->hit_addr);
        g->skip_valid = 1;
    }
    gdb_send_str(g, g->stop_reply);
}

/* A run that ended in a fault, a deadlock or a limit: the machine stays
 * inspectable, a stop (and the message on gdb's console), and the next
 * resume ends it. */
static void report_inspectable_end(gdb *g, const simty_result *r)
{
    unsigned h = g->stop_hart;
    int sig = SIG_XCPU;
    if (r->reason == SIMTY_EXIT_FAULT) {
        sig = strstr(r->message, "illegal") ? SIG_ILL : SIG_SEGV;
        if (fault_hart(r, &h) || h >= g->nharts)
            h = g->stop_hart;
    } else if (r->reason == SIMTY_EXIT_DEADLOCK) {
        sig = SIG_STOP;
        h = gdb_first_live(g);
    }
    g->fault_sig = sig;
    g->stop_hart = g->g_hart = h;
    char msg[1100];
    snprintf(msg, sizeof msg, "simty: %s", r->message);
    console_message(g, msg);
    snprintf(g->stop_reply, sizeof g->stop_reply, "T%02xthread:%x;", sig, h + 1);
    gdb_send_str(g, g->stop_reply);
}

/* The reply after a resume: where and why the machine stopped, or how the
 * run ended. */
void gdb_report_stop(gdb *g)
{
    const simty_result *r = simty_result_get(g->s);
    if (r->reason == SIMTY_EXIT_NONE)
        return report_running(g);
    /* the run is over */
    simty_run_cycles(g->s, 0); /* (statistics and outputs settled) */
    int status = simty_exit_status(r);
    switch (r->reason) {
    case SIMTY_EXIT_FAULT:
    case SIMTY_EXIT_DEADLOCK:
    case SIMTY_EXIT_MAX_CYCLES:
    case SIMTY_EXIT_TIME_LIMIT:
        return report_inspectable_end(g, r);
    case SIMTY_EXIT_INTERRUPTED:
        snprintf(g->stop_reply, sizeof g->stop_reply, "X%02x", r->signal & 0xff);
        break;
    default:
        snprintf(g->stop_reply, sizeof g->stop_reply, "W%02x", status & 0xff);
        break;
    }
    gdb_send_str(g, g->stop_reply);
    g->over = 1;
}

/* ---- the resume packets ------------------------------------------------- */

enum resume_kind { RESUME_NONE, RESUME_ALL, RESUME_STEP, RESUME_THREAD };

/* The thread id of a vCont action at *q (":TID", or nothing: *any set, the
 * default thread); moves *q past it.  Returns -1 if malformed. */
static int action_tid(gdb *g, const char **q, unsigned *h, int *any)
{
    *any = 1;
    if (**q != ':')
        return 0;
    const char *t = ++*q;
    while (**q && **q != ';')
        ++*q;
    char tid[32];
    size_t n = (size_t)(*q - t);
    if (n >= sizeof tid)
        return -1;
    memcpy(tid, t, n);
    tid[n] = 0;
    return gdb_parse_tid(g, tid, h, any);
}

/* vCont;ACTION[:TID];... : a step of one thread wins (the others hold);
 * a continue of one thread alone runs it alone. */
static enum resume_kind parse_vcont(gdb *g, const char *p, unsigned *hart)
{
    const char *q = p + 5;
    int kind = RESUME_NONE, all = 0, nthreads = 0;
    unsigned cont_hart = *hart;
    while (*q == ';') {
        q++;
        char a = *q++;
        if (a == 'C' || a == 'S') { /* a signal to deliver: ignored (no guest signals) */
            uint64_t sig;
            if (gdb_parse_hex(&q, &sig))
                break;
        } else if (a != 'c' && a != 's') {
            break;
        }
        unsigned h = *hart;
        int any;
        if (action_tid(g, &q, &h, &any))
            break;
        if (a == 's' || a == 'S') {
            if (kind != RESUME_STEP)
                *hart = h;
            kind = RESUME_STEP;
        } else {
            if (!kind)
                kind = RESUME_ALL;
            if (any)
                all = 1;
            else
                nthreads++, cont_hart = h;
        }
    }
    if (*q || !kind) {
        gdb_reply_error(g);
        return RESUME_NONE;
    }
    if (kind == RESUME_ALL && !all && nthreads == 1) { /* one thread, the others held */
        *hart = cont_hart;
        return RESUME_THREAD;
    }
    return (enum resume_kind)kind;
}

/* Parses a resume request: c, C, s, S, vCont: the machine (RESUME_ALL), a
 * step of *hart, *hart run alone, or RESUME_NONE (not one: replied
 * already). */
static enum resume_kind parse_resume(gdb *g, const char *p, unsigned *hart)
{
    *hart = g->c_any ? g->stop_hart : g->c_hart;
    if (p[0] == 'v')
        return parse_vcont(g, p, hart);
    if (p[1] && p[0] == 'c') { /* c ADDR: resume at ADDR */
        uint64_t a;
        const char *q = p + 1;
        if (gdb_parse_hex(&q, &a) || *q || simty_pc_write(g->s, *hart, (uint32_t)a)) {
            gdb_reply_error(g);
            return RESUME_NONE;
        }
    }
    return p[0] == 's' || p[0] == 'S' ? RESUME_STEP : RESUME_ALL;
}

void gdb_handle_resume(gdb *g, const char *p)
{
    unsigned h;
    enum resume_kind kind = parse_resume(g, p, &h);
    if (kind == RESUME_NONE)
        return;
    if (gdb_run_over(g)) { /* after a fault or deadlock stop: the end */
        snprintf(g->stop_reply, sizeof g->stop_reply, "X%02x", g->fault_sig);
        gdb_send_str(g, g->stop_reply);
        g->over = 1;
        return;
    }
    if (kind == RESUME_STEP)
        step_thread(g, h);
    else if (kind == RESUME_THREAD)
        run_thread(g, h);
    else
        run_machine(g);
    if (g->stop_kind == STOP_GONE || g->fd < 0) {
        g->end = SESSION_GONE;
        return;
    }
    if (*g->sig && !gdb_run_over(g))
        simty_run_cycles(g->s, 1); /* the front end's stop request takes effect */
    gdb_report_stop(g);
}
