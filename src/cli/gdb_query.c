/* The GDB stub's queries and thread commands (simty run --gdb): one GDB
 * thread per hart (thread id = hart + 1); H (the thread that g, p, m ...
 * read and the one a resume runs), T (alive?), and the q and Q packets,
 * chosen from one table: what the stub supports, the target description,
 * the thread list and what each thread is (core, warp, lane, path). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gdb_internal.h"

/* ---- threads ------------------------------------------------------------ */

int gdb_hart_live(const gdb *g, unsigned h)
{
    simty_thread_state st = simty_thread_state_get(g->s, h);
    return st != SIMTY_THREAD_EXITED && st != SIMTY_THREAD_PARKED;
}

/* The lowest live hart, or 0. */
unsigned gdb_first_live(const gdb *g)
{
    for (unsigned h = 0; h < g->nharts; h++)
        if (gdb_hart_live(g, h))
            return h;
    return 0;
}

/* A thread id from gdb: hart (0 for "any" and -1 for "all": *any set). */
int gdb_parse_tid(const gdb *g, const char *p, unsigned *hart, int *any)
{
    *any = 0;
    if (!strcmp(p, "-1") || !strcmp(p, "0")) {
        *any = 1;
        *hart = g->stop_hart;
        return 0;
    }
    uint64_t v;
    if (gdb_parse_hex(&p, &v) || *p || v == 0 || v > g->nharts)
        return -1;
    *hart = (unsigned)v - 1;
    return 0;
}

/* What thread h is: its place and its state (qThreadExtraInfo) */
static void thread_info(gdb *g, unsigned h, char *buf, size_t n)
{
    unsigned core = h / (g->W * g->T), warp = (h / g->T) % g->W, lane = h % g->T;
    const char *what = "?";
    switch (simty_thread_state_get(g->s, h)) {
    case SIMTY_THREAD_ACTIVE: what = "active path"; break;
    case SIMTY_THREAD_READY: what = "waiting path"; break;
    case SIMTY_THREAD_BARRIER: what = "parked at the barrier"; break;
    case SIMTY_THREAD_WRS: what = "parked in wrs"; break;
    case SIMTY_THREAD_BACKOFF: what = "parked (backed off)"; break;
    case SIMTY_THREAD_SPIN: what = "parked (spin wait)"; break;
    case SIMTY_THREAD_PARKED: what = "ended, parked in a self-loop"; break;
    case SIMTY_THREAD_EXITED: what = "exited"; break;
    }
    snprintf(buf, n, "core %u warp %u lane %u, %s", core, warp, lane, what);
}

/* Hg TID (the thread g, G, p, P read and write), Hc TID (the one a
 * resume runs) */
void gdb_handle_thread(gdb *g, const char *p)
{
    unsigned h;
    int any;
    if ((p[1] != 'g' && p[1] != 'c') || gdb_parse_tid(g, p + 2, &h, &any))
        return gdb_reply_error(g);
    if (p[1] == 'g')
        g->g_hart = h;
    else
        g->c_hart = h, g->c_any = any;
    gdb_send_str(g, "OK");
}

/* T TID: is the thread alive (any thread that exists is) */
void gdb_handle_alive(gdb *g, const char *p)
{
    unsigned h;
    int any;
    gdb_send_str(g, gdb_parse_tid(g, p + 1, &h, &any) || any ? "E01" : "OK");
}

/* ---- queries (arg: what follows the query's name) ----------------------- */

static void q_supported(gdb *g, const char *arg)
{
    char buf[160];
    (void)arg;
    snprintf(buf, sizeof buf,
             "PacketSize=%x;qXfer:features:read+;swbreak+;hwbreak+;QStartNoAckMode+;"
             "vContSupported+",
             PKT_MAX);
    gdb_send_str(g, buf);
}

static void q_start_noack(gdb *g, const char *arg)
{
    (void)arg;
    if (!gdb_send_str(g, "OK"))
        g->noack = 1;
}

/* qXfer:features:read:target.xml:OFFSET,LENGTH */
static void q_target_xml(gdb *g, const char *arg)
{
    uint64_t off, len;
    if (gdb_parse_hex(&arg, &off) || *arg++ != ',' || gdb_parse_hex(&arg, &len) || *arg)
        return gdb_reply_error(g);
    size_t xn;
    char *x = gdb_target_xml(g, &xn);
    if (!x)
        return gdb_reply_error(g);
    if (len > PKT_MAX / 2)
        len = PKT_MAX / 2;
    size_t from = off < xn ? (size_t)off : xn;
    size_t k = xn - from < len ? xn - from : (size_t)len;
    char *o = malloc(k + 1);
    if (o) {
        o[0] = from + k < xn ? 'm' : 'l';
        memcpy(o + 1, x + from, k);
        gdb_send_packet(g, o, k + 1);
    } else {
        gdb_reply_error(g);
    }
    free(o);
    free(x);
}

static void q_ok(gdb *g, const char *arg)
{
    (void)arg;
    gdb_send_str(g, "OK");
}

static void q_attached(gdb *g, const char *arg)
{
    (void)arg;
    gdb_send_str(g, "1"); /* quitting gdb detaches: the run goes on */
}

static void q_current_thread(gdb *g, const char *arg)
{
    char buf[16];
    (void)arg;
    snprintf(buf, sizeof buf, "QC%x", g->stop_hart + 1);
    gdb_send_str(g, buf);
}

/* qsThreadInfo: the next part of the thread list, from g->list_next */
static void q_thread_list_next(gdb *g, const char *arg)
{
    char buf[2048];
    (void)arg;
    if (g->list_next >= g->nharts)
        return (void)gdb_send_str(g, "l");
    size_t n = 0;
    buf[n++] = 'm';
    while (g->list_next < g->nharts && n + 12 < sizeof buf)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%x", n > 1 ? "," : "",
                              ++g->list_next);
    gdb_send_packet(g, buf, n);
}

/* qfThreadInfo: the thread list from its start */
static void q_thread_list_first(gdb *g, const char *arg)
{
    g->list_next = 0;
    q_thread_list_next(g, arg);
}

/* qThreadExtraInfo,TID */
static void q_thread_extra(gdb *g, const char *arg)
{
    char buf[2048];
    unsigned h;
    int any;
    if (gdb_parse_tid(g, arg, &h, &any))
        return gdb_reply_error(g);
    char text[128];
    thread_info(g, h, text, sizeof text);
    size_t n = 0;
    for (const char *t = text; *t; t++)
        buf[n++] = gdb_hexd[(unsigned char)*t >> 4], buf[n++] = gdb_hexd[(unsigned char)*t & 15];
    gdb_send_packet(g, buf, n);
}

/* The queries, the first that matches answers; the others (qXfer of
 * another object, qCRC, qOffsets ...) get the empty reply: not supported. */
static const struct query {
    const char *name;
    int prefix; /* the name starts the packet (else: it is the whole packet) */
    void (*fn)(gdb *g, const char *arg);
} queries[] = {
    {"qSupported", 1, q_supported},
    {"QStartNoAckMode", 0, q_start_noack},
    {"qXfer:features:read:target.xml:", 1, q_target_xml},
    {"qAttached", 0, q_attached},
    {"qC", 0, q_current_thread},
    {"qfThreadInfo", 0, q_thread_list_first},
    {"qsThreadInfo", 0, q_thread_list_next},
    {"qThreadExtraInfo,", 1, q_thread_extra},
    {"qSymbol::", 0, q_ok},
};

void gdb_handle_query(gdb *g, const char *p)
{
    for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
        const struct query *q = &queries[i];
        size_t n = strlen(q->name);
        if (q->prefix ? !strncmp(p, q->name, n) : !strcmp(p, q->name))
            return q->fn(g, p + n);
    }
    gdb_send_str(g, "");
}
