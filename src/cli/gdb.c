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
 * the run goes on (README). */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "cli/gdb.h"

#define PKT_MAX 16384     /* the PacketSize we announce (the data of one packet) */
#define MAX_BP 256
#define MAX_WP 32
#define WP_MAX_LEN 64
#define CHUNK_CYCLES 8192 /* cycles between looks at the socket, nothing set */
#define POLL_EVERY 1024   /* stop-function calls between looks at the socket */
#define MAX_BAD_PACKETS 16

/* gdb's signal numbers (include/gdb/signals.def) */
enum { SIG_INT = 2, SIG_ILL = 4, SIG_TRAP = 5, SIG_KILL = 9, SIG_SEGV = 11, SIG_STOP = 17,
       SIG_XCPU = 24 };

enum stop_kind { STOP_NONE, STOP_SWBREAK, STOP_HWBREAK, STOP_WATCH, STOP_INTR, STOP_GONE,
                 STOP_THREAD_MOVED };

/* The CSRs offered to gdb (feature org.gnu.gdb.riscv.csr): the library's
 * list (simty_debug_csr), remote register numbers CSR_REG0, CSR_REG0 + 1, ... */
#define MAX_CSRS 64

typedef struct gdb {
    simty_sim *s;
    volatile sig_atomic_t *sig;
    int fd;                      /* the debugger's connection, or -1 */
    unsigned nharts, ncores, W, T;
    int scalar;                  /* the scalar model (no warps) */
    int noack;
    unsigned char rx[4096];
    size_t rxn, rxp;
    char pkt[PKT_MAX + 1];       /* the packet received (NUL-terminated) */
    size_t pktn;
    uint8_t bytes[PKT_MAX];      /* memory read or written */
    char hex[PKT_MAX];           /* a memory read's reply */
    char *out;                   /* the last packet sent, framed (resent on '-') */
    size_t outn, outcap;
    unsigned bad;                /* corrupt packets in a row */
    unsigned ignored;            /* corrupt packets ignored in no-ack mode, this session */
    struct { uint32_t addr; int hw; } bp[MAX_BP];
    unsigned nbp;
    struct { uint32_t addr, len; uint8_t val[WP_MAX_LEN]; } wp[MAX_WP];
    unsigned nwp;
    unsigned g_hart, c_hart;     /* Hg, Hc (-1 / 0: the last stop's thread) */
    int c_any;
    unsigned stop_hart;
    char stop_reply[160];
    /* what the stop function saw */
    int stop_kind;
    unsigned hit_hart;
    uint32_t hit_addr;
    uint64_t calls;
    int skip_valid;              /* the watchpoint stop just reported: not again */
    unsigned skip_gw;
    uint32_t skip_pc;
    int wait_hart;               /* stepping a waiting thread: stop when it moves */
    uint32_t wait_pc;
    simty_path_info *paths;
    unsigned maxpaths;
    /* Breakpoint hits already reported (README, "Breakpoints"): lane l of
     * global warp gw (bit l of hit_mask[gw]) was at hit_pc[hart] when a stop
     * at a breakpoint there was reported, and has not left it since. */
    uint64_t *hit_mask;
    uint32_t *hit_pc;
    unsigned ncsr, csr[MAX_CSRS]; /* the CSRs offered: numbers */
    const char *csr_name[MAX_CSRS];
    int over;                    /* the run ended and gdb was told */
    int fault_sig;               /* a stop at the end of the run: its signal for 'X' */
} gdb;

static int gdb_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "simty: gdb: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return -1;
}

int gdb_listen(unsigned port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return gdb_error("cannot create a socket: %s", strerror(errno));
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 1) ||
        getsockname(fd, (struct sockaddr *)&a, &len)) {
        gdb_error("cannot listen on 127.0.0.1:%u: %s", port, strerror(errno));
        close(fd);
        return -1;
    }
    fprintf(stderr, "simty: gdb: listening on 127.0.0.1:%u\n", ntohs(a.sin_port));
    fflush(stderr);
    return fd;
}

/* ---- the connection ---------------------------------------------------- */

static void disconnect(gdb *g, const char *why)
{
    if (g->fd < 0)
        return;
    if (why)
        gdb_error("%s", why);
    if (g->ignored > 1)
        gdb_error("%u corrupt packets ignored in this session", g->ignored);
    g->ignored = 0;
    close(g->fd);
    g->fd = -1;
    g->rxn = g->rxp = 0;
}

/* Reads what the socket has into rx (waiting at most timeout_ms, -1:
 * until something comes or a signal is pending).  Returns 1 (bytes), 0
 * (nothing yet), -1 (the connection is gone). */
static int fill(gdb *g, int timeout_ms)
{
    if (g->fd < 0)
        return -1;
    if (g->rxp < g->rxn)
        return 1;
    for (;;) {
        struct pollfd p = {.fd = g->fd, .events = POLLIN};
        int r = poll(&p, 1, timeout_ms < 0 ? 200 : timeout_ms);
        if (r < 0 && errno != EINTR) {
            disconnect(g, "poll failed; the run goes on without the debugger");
            return -1;
        }
        if (r > 0) {
            ssize_t n = recv(g->fd, g->rx, sizeof g->rx, 0);
            if (n == 0) {
                disconnect(g, "the debugger closed the connection; the run goes on");
                return -1;
            }
            if (n < 0) {
                if (errno == EINTR || errno == EAGAIN)
                    continue;
                char msg[160];
                snprintf(msg, sizeof msg, "connection error (%s); the run goes on",
                         strerror(errno));
                disconnect(g, msg);
                return -1;
            }
            g->rxn = (size_t)n;
            g->rxp = 0;
            return 1;
        }
        if (timeout_ms >= 0 || *g->sig)
            return 0;
    }
}

/* The next byte: >= 0, -1 (connection gone), -2 (a signal came first). */
static int next_byte(gdb *g)
{
    for (;;) {
        int r = fill(g, -1);
        if (r < 0)
            return -1;
        if (r > 0)
            return g->rx[g->rxp++];
        if (*g->sig)
            return -2;
    }
}

static int send_all(gdb *g, const char *p, size_t n)
{
    while (n && g->fd >= 0) {
        ssize_t w = send(g->fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            char msg[160];
            snprintf(msg, sizeof msg, "cannot write to the debugger (%s); the run goes on",
                     strerror(errno));
            disconnect(g, msg);
            return -1;
        }
        p += w, n -= (size_t)w;
    }
    return g->fd >= 0 ? 0 : -1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static const char hexd[] = "0123456789abcdef";

/* How long a reply waits for its acknowledgement before the debugger is
 * taken for gone (a client that never acks must not hold the run). */
#define ACK_WAIT_MS 10000

/* The acknowledgement of a packet: '+', '-', or -1 (connection gone, a
 * pending signal, or nothing within ACK_WAIT_MS: then disconnected). */
static int wait_ack(gdb *g)
{
    for (int waited = 0;;) {
        int r = fill(g, 200);
        if (r < 0)
            return -1;
        if (r > 0) {
            int c = g->rx[g->rxp++];
            if (c == '+' || c == '-')
                return c;
            continue; /* noise before the ack */
        }
        if (*g->sig)
            return -1;
        if ((waited += 200) >= ACK_WAIT_MS) {
            disconnect(g, "the debugger acknowledged no reply for 10 s; the run goes on");
            return -1;
        }
    }
}

/* Sends data[0..n) as a packet ($, #, } and * escaped) and, unless in
 * no-ack mode, waits for its '+' (resending on '-'). */
static int send_packet(gdb *g, const char *data, size_t n)
{
    if (g->fd < 0)
        return -1;
    if (g->outcap < 2 * n + 8) {
        char *o = realloc(g->out, 2 * n + 8);
        if (!o) {
            disconnect(g, "out of host memory; the run goes on");
            return -1;
        }
        g->out = o, g->outcap = 2 * n + 8;
    }
    size_t k = 0;
    unsigned sum = 0;
    g->out[k++] = '$';
    for (size_t i = 0; i < n; i++) {
        char c = data[i];
        if (c == '$' || c == '#' || c == '}' || c == '*') {
            g->out[k++] = '}';
            sum += '}';
            c ^= 0x20;
        }
        g->out[k++] = c;
        sum += (unsigned char)c;
    }
    g->out[k++] = '#';
    g->out[k++] = hexd[(sum >> 4) & 15];
    g->out[k++] = hexd[sum & 15];
    g->outn = k;
    for (int tries = 0; tries < 10; tries++) {
        if (send_all(g, g->out, g->outn))
            return -1;
        if (g->noack)
            return 0;
        int c = wait_ack(g);
        if (c == '+')
            return 0;
        if (c < 0)
            return -1;
    }
    disconnect(g, "the debugger refused a reply 10 times; the run goes on");
    return -1;
}

static int send_str(gdb *g, const char *s) { return send_packet(g, s, strlen(s)); }

/* Waits for the next packet into g->pkt (binary escapes kept: X packets
 * undo them).  Returns 1, 0 for a Ctrl-C byte outside a packet, -1 when the
 * connection is gone, -2 on a pending signal. */
static int recv_packet(gdb *g)
{
    for (;;) {
        int c = next_byte(g);
        if (c < 0)
            return c;
        if (c == 0x03)
            return 0;
        if (c != '$')
            continue; /* '+', '-' of an earlier exchange, noise */
        size_t n = 0;
        unsigned sum = 0;
        int overflow = 0;
        while ((c = next_byte(g)) >= 0 && c != '#') {
            sum += (unsigned)c;
            if (n < PKT_MAX)
                g->pkt[n++] = (char)c;
            else
                overflow = 1;
        }
        if (c < 0)
            return c;
        int h1 = next_byte(g), h2 = h1 >= 0 ? next_byte(g) : h1;
        if (h2 < 0)
            return h2;
        int ok = !overflow && hexval(h1) >= 0 && hexval(h2) >= 0 &&
                 (unsigned)(hexval(h1) * 16 + hexval(h2)) == (sum & 0xff);
        if (!ok) {
            if (++g->bad > MAX_BAD_PACKETS) {
                disconnect(g, "too many corrupt packets in a row; the run goes on");
                return -1;
            }
            if (g->noack) { /* nothing to ask again: ignored, the first one said */
                if (!g->ignored++)
                    gdb_error("a corrupt packet (bad checksum or longer than %d bytes) "
                              "ignored (no-ack mode; more are counted)", PKT_MAX);
                continue;
            }
            if (send_all(g, "-", 1))
                return -1;
            continue;
        }
        g->bad = 0;
        if (!g->noack && send_all(g, "+", 1))
            return -1;
        g->pkt[n] = 0;
        g->pktn = n;
        return 1;
    }
}

/* ---- parsing helpers ---------------------------------------------------- */

/* A hex number at *p (at least one digit, at most 16); moves *p past it. */
static int parse_hex(const char **p, uint64_t *v)
{
    const char *q = *p;
    uint64_t x = 0;
    int n = 0;
    while (hexval(*q) >= 0) {
        if (++n > 16)
            return -1;
        x = x << 4 | (uint64_t)hexval(*q++);
    }
    if (!n)
        return -1;
    *v = x;
    *p = q;
    return 0;
}

static void put_hex32le(char *o, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        o[2 * i] = hexd[(v >> (8 * i + 4)) & 15];
        o[2 * i + 1] = hexd[(v >> (8 * i)) & 15];
    }
}

static int get_hex32le(const char *p, uint32_t *v)
{
    uint32_t x = 0;
    for (int i = 0; i < 4; i++) {
        int a = hexval(p[2 * i]), b = a >= 0 ? hexval(p[2 * i + 1]) : -1;
        if (b < 0)
            return -1;
        x |= (uint32_t)(a * 16 + b) << (8 * i);
    }
    *v = x;
    return 0;
}

/* ---- machine views ------------------------------------------------------ */


static unsigned hart_gw(const gdb *g, unsigned h) { return h / g->T; }

static int hart_live(const gdb *g, unsigned h)
{
    simty_thread_state st = simty_thread_state_get(g->s, h);
    return st != SIMTY_THREAD_EXITED && st != SIMTY_THREAD_PARKED;
}

/* The lowest live hart, or 0. */
static unsigned first_live(const gdb *g)
{
    for (unsigned h = 0; h < g->nharts; h++)
        if (hart_live(g, h))
            return h;
    return 0;
}

/* A thread id from gdb: hart (0 for "any" and -1 for "all": *any set). */
static int parse_tid(const gdb *g, const char *p, unsigned *hart, int *any)
{
    *any = 0;
    if (!strcmp(p, "-1") || !strcmp(p, "0")) {
        *any = 1;
        *hart = g->stop_hart;
        return 0;
    }
    uint64_t v;
    if (parse_hex(&p, &v) || *p || v == 0 || v > g->nharts)
        return -1;
    *hart = (unsigned)v - 1;
    return 0;
}

static const char *const abi_names[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "fp", "s1", "a0",
    "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
    "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
static const char *const fp_abi_names[32] = {
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6",  "ft7",  "fs0", "fs1", "fa0",
    "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7",  "fs2",  "fs3", "fs4", "fs5",
    "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

/* Remote register numbers: x0..x31 and pc (the 'g' packet), then (p, P
 * only) f0..f31 (64 bits), fflags, frm, fcsr (feature org.gnu.gdb.riscv.fpu,
 * gdb's own numbering: 65 + the CSR number), then the CSRs */
#define NREGS 33
#define FREG0 33
#define FCSR_REG0 66 /* fflags; frm and fcsr follow */
#define CSR_REG0 69
#define ALL_REGS(g) (CSR_REG0 + (g)->ncsr)

/* Bytes of remote register r in p and P packets */
static unsigned reg_bytes(unsigned r) { return r >= FREG0 && r < FREG0 + 32 ? 8 : 4; }


static int reg_read(gdb *g, unsigned hart, unsigned r, uint64_t *v)
{
    uint32_t w = 0;
    int rc = -1;
    if (r - FREG0 < 32)
        return simty_freg_read(g->s, hart, r - FREG0, v);
    if (r < 32)
        rc = simty_reg_read(g->s, hart, r, &w);
    else if (r == 32)
        rc = simty_pc_read(g->s, hart, &w);
    else if (r - FCSR_REG0 < 3)
        rc = simty_csr_read(g->s, hart, 1 + (r - FCSR_REG0), &w);
    else if (r - CSR_REG0 < g->ncsr)
        rc = simty_csr_read(g->s, hart, g->csr[r - CSR_REG0], &w);
    *v = w;
    return rc;
}

static int reg_write(gdb *g, unsigned hart, unsigned r, uint64_t v)
{
    uint32_t old;
    if (r == 0)
        return 0; /* x0 stays 0 */
    if (r - FREG0 < 32)
        return simty_freg_write(g->s, hart, r - FREG0, v);
    if (r < 32)
        return simty_reg_write(g->s, hart, r, (uint32_t)v);
    if (r == 32)
        return simty_pc_read(g->s, hart, &old) ? -1
               : old == v                      ? 0
                                               : simty_pc_write(g->s, hart, (uint32_t)v);
    if (r - FCSR_REG0 < 3)
        return simty_csr_write(g->s, hart, 1 + (r - FCSR_REG0), (uint32_t)v);
    if (r - CSR_REG0 < g->ncsr)
        return simty_csr_write(g->s, hart, g->csr[r - CSR_REG0], (uint32_t)v);
    return -1;
}

static char *target_xml(const gdb *g, size_t *len)
{
    size_t cap = 8192, n = 0;
    char *x = malloc(cap);
    if (!x)
        return NULL;
    n += (size_t)snprintf(x + n, cap - n,
                          "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
                          "<target version=\"1.0\">\n<architecture>riscv:rv32</architecture>\n"
                          "<feature name=\"org.gnu.gdb.riscv.cpu\">\n");
    for (unsigned r = 0; r < 32; r++)
        n += (size_t)snprintf(x + n, cap - n,
                              "<reg name=\"%s\" bitsize=\"32\" type=\"%s\" regnum=\"%u\"/>\n",
                              abi_names[r],
                              r == 1 ? "code_ptr" : r == 2 || r == 8 ? "data_ptr" : "int", r);
    n += (size_t)snprintf(x + n, cap - n,
                          "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"32\"/>\n"
                          "</feature>\n<feature name=\"org.gnu.gdb.riscv.fpu\">\n"
                          "<union id=\"riscv_double\"><field name=\"float\" type=\"ieee_single\"/>"
                          "<field name=\"double\" type=\"ieee_double\"/></union>\n");
    for (unsigned r = 0; r < 32; r++)
        n += (size_t)snprintf(x + n, cap - n,
                              "<reg name=\"%s\" bitsize=\"64\" type=\"riscv_double\" "
                              "regnum=\"%u\"/>\n", fp_abi_names[r], FREG0 + r);
    for (unsigned i = 0; i < 3; i++)
        n += (size_t)snprintf(x + n, cap - n,
                              "<reg name=\"%s\" bitsize=\"32\" type=\"int\" regnum=\"%u\"/>\n",
                              i == 0 ? "fflags" : i == 1 ? "frm" : "fcsr", FCSR_REG0 + i);
    n += (size_t)snprintf(x + n, cap - n, "</feature>\n");
    if (g->ncsr) {
        n += (size_t)snprintf(x + n, cap - n, "<feature name=\"org.gnu.gdb.riscv.csr\">\n");
        for (unsigned i = 0; i < g->ncsr; i++)
            n += (size_t)snprintf(x + n, cap - n,
                                  "<reg name=\"%s\" bitsize=\"32\" type=\"int\" regnum=\"%u\" "
                                  "group=\"csr\"/>\n",
                                  g->csr_name[i], CSR_REG0 + i);
        n += (size_t)snprintf(x + n, cap - n, "</feature>\n");
    }
    n += (size_t)snprintf(x + n, cap - n, "</target>\n");
    *len = n;
    return x;
}

/* ---- stop conditions ----------------------------------------------------- */

static int is_bp(const gdb *g, uint32_t pc, int *hw)
{
    for (unsigned i = 0; i < g->nbp; i++)
        if (g->bp[i].addr == pc) {
            *hw = g->bp[i].hw;
            return 1;
        }
    return 0;
}

/* The watchpoint [addr, addr+len) overlaps, or -1. */
static int watch_hit(const gdb *g, uint32_t addr, uint32_t len)
{
    for (unsigned i = 0; i < g->nwp; i++)
        if ((uint64_t)addr < (uint64_t)g->wp[i].addr + g->wp[i].len &&
            (uint64_t)g->wp[i].addr < (uint64_t)addr + len)
            return (int)i;
    return -1;
}

static void watch_snapshot(gdb *g)
{
    for (unsigned i = 0; i < g->nwp; i++)
        if (simty_mem_read(g->s, g->wp[i].addr, g->wp[i].val, g->wp[i].len))
            memset(g->wp[i].val, 0, g->wp[i].len);
}

/* ---- breakpoint hits already reported ------------------------------------ */

/* A stop at a breakpoint counts for every thread at that pc at that moment
 * (the other lanes of its path, threads of other paths waiting there), as
 * if they had all hit it together: none of them reports it again before it
 * has left that pc, and a path that reaches the breakpoint with one of them
 * in it (a lane catching up after a memory replay) is the same group.  So
 * gdb's next, step and finish see one stop where a path stands, not one
 * per lane.  The stop names the thread gdb steps if it is there (see
 * stop_thread).  (A stop of a thread run alone, vCont;c:TID, is how gdb
 * steps a thread over a breakpoint: it counts for that thread only.) */

static void hits_mark(gdb *g, unsigned gw, const simty_path_info *p)
{
    g->hit_mask[gw] |= p->mask;
    for (uint64_t m = p->mask; m; m &= m - 1)
        g->hit_pc[gw * g->T + (unsigned)__builtin_ctzll(m)] = p->pc;
}

static void hits_forget(gdb *g) { memset(g->hit_mask, 0, g->ncores * g->W * sizeof *g->hit_mask); }

/* The live paths of global warp gw into g->paths (their number); the hits
 * of lanes that have left their pc (or ended) are forgotten. */
static int warp_paths(gdb *g, unsigned gw)
{
    int n = simty_warp_paths(g->s, gw / g->W, gw % g->W, g->paths, g->maxpaths);
    if (n > (int)g->maxpaths)
        n = (int)g->maxpaths;
    if (!g->hit_mask[gw] || n < 0)
        return n;
    uint64_t keep = 0;
    for (int i = 0; i < n; i++) {
        const simty_path_info *p = &g->paths[i];
        for (uint64_t m = g->hit_mask[gw] & p->mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (g->hit_pc[gw * g->T + l] == p->pc)
                keep |= 1ull << l;
        }
    }
    g->hit_mask[gw] = keep;
    return n;
}

/* Whether path p of warp gw, at a breakpoint, holds a thread that reported
 * it already (after warp_paths: one still at that pc) and not the thread
 * gdb steps arriving there (it stops at its own breakpoints); its lanes all
 * count as reported then. */
static int hits_reported(gdb *g, unsigned gw, const simty_path_info *p)
{
    uint64_t stepped = hart_gw(g, g->g_hart) == gw ? 1ull << (g->g_hart % g->T) : 0;
    if (!(g->hit_mask[gw] & p->mask) || (p->mask & stepped & ~g->hit_mask[gw]))
        return 0;
    hits_mark(g, gw, p);
    return 1;
}

/* A stop at the breakpoint at pc: every thread there has hit it. */
static void hits_record(gdb *g, uint32_t pc)
{
    for (unsigned gw = 0; gw < g->ncores * g->W; gw++) {
        int n = warp_paths(g, gw);
        for (int i = 0; i < n; i++)
            if (g->paths[i].pc == pc)
                hits_mark(g, gw, &g->paths[i]);
    }
}

/* The thread a stop at a breakpoint at pc names, its path being `mask` of
 * warp gw: the thread gdb read the registers of last (Hg: in a next, the
 * thread it steps) if it is at pc, in that path or waiting in another; else
 * the last stop's thread if it is there; else the path's lowest lane.
 * (Named, another thread of the stepped thread's path would make gdb step
 * that one over the breakpoint, the stepped thread moving with it; and a
 * stepped thread waiting at its own breakpoint would count as reported.) */
static unsigned stop_thread(const gdb *g, unsigned gw, uint64_t mask, uint32_t pc)
{
    uint32_t at;
    if (hart_live(g, g->g_hart) && !simty_pc_read(g->s, g->g_hart, &at) && at == pc)
        return g->g_hart;
    if (hart_live(g, g->stop_hart) && !simty_pc_read(g->s, g->stop_hart, &at) && at == pc)
        return g->stop_hart;
    return gw * g->T + (unsigned)__builtin_ctzll(mask);
}

/* Looks at the socket while the machine runs: a Ctrl-C (0x03) or a closed
 * connection stops the run. */
static void look_at_socket(gdb *g)
{
    if (g->fd < 0)
        return;
    while (g->stop_kind == STOP_NONE) {
        int r = fill(g, 0);
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

/* Asked before every cycle while breakpoints or watchpoints are set. */
static int stop_fn(const simty_sim *s, void *ctx)
{
    gdb *g = ctx;
    (void)s;
    if (g->calls++ % POLL_EVERY == 0)
        look_at_socket(g);
    if (g->stop_kind != STOP_NONE || *g->sig)
        return 1;
    int skip = g->skip_valid;
    g->skip_valid = 0;
    if (g->wait_hart >= 0) {
        uint32_t pc;
        simty_thread_state st = simty_thread_state_get(g->s, (unsigned)g->wait_hart);
        if (simty_pc_read(g->s, (unsigned)g->wait_hart, &pc) || pc != g->wait_pc ||
            st == SIMTY_THREAD_ACTIVE || st == SIMTY_THREAD_READY ||
            st == SIMTY_THREAD_EXITED || st == SIMTY_THREAD_PARKED) {
            g->stop_kind = STOP_THREAD_MOVED;
            g->hit_hart = (unsigned)g->wait_hart;
            return 1;
        }
    }
    for (unsigned gw = 0; gw < g->ncores * g->W; gw++) {
        int n = warp_paths(g, gw);
        for (int i = 0; i < n; i++) {
            const simty_path_info *p = &g->paths[i];
            /* (the scalar model runs a thread in the cycle that wakes it
             * from the barrier or wrs: it is at its breakpoint already) */
            int waits = g->scalar && (p->state == SIMTY_THREAD_BARRIER ||
                                      p->state == SIMTY_THREAD_WRS);
            if ((p->state != SIMTY_THREAD_ACTIVE && !waits) || !p->mask)
                continue;
            int hw;
            if (g->nbp && is_bp(g, p->pc, &hw) && !hits_reported(g, gw, p)) {
                g->stop_kind = hw ? STOP_HWBREAK : STOP_SWBREAK;
                g->hit_hart = stop_thread(g, gw, p->mask, p->pc);
                hits_record(g, p->pc);
                return 1;
            }
            if (!g->nwp || waits || (skip && gw == g->skip_gw && p->pc == g->skip_pc))
                continue;
            /* a store about to write a watched byte: stop before it */
            for (unsigned l = 0; l < g->T; l++) {
                uint32_t a, len;
                unsigned h = gw * g->T + l;
                if (!(p->mask >> l & 1) || !simty_store_at(g->s, h, p->pc, &a, &len))
                    continue;
                int k = watch_hit(g, a, len);
                if (k >= 0) {
                    g->stop_kind = STOP_WATCH;
                    g->hit_hart = h;
                    g->hit_addr = g->wp[k].addr;
                    g->skip_gw = gw;
                    g->skip_pc = p->pc;
                    return 1;
                }
            }
        }
    }
    /* a watched value changed by other means (an instruction the cycle model
     * executed before the store reached this check, a device) */
    for (unsigned i = 0; i < g->nwp; i++) {
        uint8_t now[WP_MAX_LEN];
        if (!simty_mem_read(g->s, g->wp[i].addr, now, g->wp[i].len) &&
            memcmp(now, g->wp[i].val, g->wp[i].len)) {
            memcpy(g->wp[i].val, now, g->wp[i].len);
            g->stop_kind = STOP_WATCH;
            g->hit_hart = g->stop_hart;
            g->hit_addr = g->wp[i].addr;
            return 1;
        }
    }
    return 0;
}

/* Runs the machine until a stop condition or the end of the run. */
static void run_machine(gdb *g)
{
    g->stop_kind = STOP_NONE;
    g->calls = 0;
    watch_snapshot(g);
    if (g->nbp || g->nwp || g->wait_hart >= 0) {
        simty_run_until(g->s, stop_fn, g, UINT64_MAX);
        return;
    }
    hits_forget(g); /* (a run in chunks cannot see who left a breakpoint) */
    while (simty_run_cycles(g->s, CHUNK_CYCLES) == SIMTY_EXIT_NONE && !*g->sig) {
        look_at_socket(g);
        if (g->stop_kind != STOP_NONE)
            return;
    }
}

static int run_over(const gdb *g) { return simty_result_get(g->s)->reason != SIMTY_EXIT_NONE; }

/* One instruction of the path holding hart (simty_step_thread); a thread
 * that waits (barrier, wrs, spin) makes the machine run until it moves. */
static void step_thread(gdb *g, unsigned hart)
{
    g->stop_kind = STOP_NONE;
    uint32_t pc0 = 0;
    simty_pc_read(g->s, hart, &pc0);
    int rc = -1;
    for (int tries = 0; tries < 64 && !run_over(g); tries++) {
        rc = simty_step_thread(g->s, hart);
        if (rc != 1)
            break;
        /* cycle model: an instruction of the warp between execute and commit */
        simty_run_cycles(g->s, 1);
        uint32_t pc;
        if (!hart_live(g, hart) || (!simty_pc_read(g->s, hart, &pc) && pc != pc0)) {
            rc = 0;
            break;
        }
    }
    if (rc < 0 && !run_over(g) && hart_live(g, hart)) {
        /* it waits in a parked path: let the machine run until it moves */
        g->wait_hart = (int)hart;
        g->wait_pc = pc0;
        run_machine(g);
        g->wait_hart = -1;
        if (g->stop_kind == STOP_THREAD_MOVED && !run_over(g)) {
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
    watch_snapshot(g);
    for (uint64_t k = 0;; k++) {
        g->stop_kind = STOP_NONE;
        if (k % POLL_EVERY == 0)
            look_at_socket(g);
        if (g->stop_kind != STOP_NONE || *g->sig || run_over(g))
            return;
        if (!hart_live(g, hart)) {
            run_machine(g);
            return;
        }
        uint32_t pc, a, len;
        int hw, w;
        int skip = g->skip_valid;
        g->skip_valid = 0;
        unsigned gw = hart_gw(g, hart);
        warp_paths(g, gw); /* (forgets the hits of lanes that moved) */
        /* (before the first step too: a thread resumed at a breakpoint
         * without a step over it hits it at once, as on hardware, unless
         * it hit that breakpoint with the last stop) */
        if (!simty_pc_read(g->s, hart, &pc)) {
            if (skip && gw == g->skip_gw && pc == g->skip_pc)
                ; /* the store just reported: gdb steps over it */
            else if (is_bp(g, pc, &hw) && !(g->hit_mask[gw] >> (hart % g->T) & 1)) {
                g->stop_kind = hw ? STOP_HWBREAK : STOP_SWBREAK;
                g->hit_hart = hart;
                return;
            }
            else if (g->nwp && simty_store_at(g->s, hart, pc, &a, &len) &&
                     (w = watch_hit(g, a, len)) >= 0) {
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

/* ---- stop replies --------------------------------------------------------- */

static void console_message(gdb *g, const char *text)
{
    /* an 'O' packet: gdb prints it on its console */
    char buf[2 * 1200 + 4];
    size_t n = 0;
    buf[n++] = 'O';
    for (const char *p = text; *p && n + 4 < sizeof buf; p++) {
        buf[n++] = hexd[(unsigned char)*p >> 4];
        buf[n++] = hexd[(unsigned char)*p & 15];
    }
    buf[n++] = '0', buf[n++] = 'a'; /* newline */
    send_packet(g, buf, n);
}

static int fault_hart(const simty_result *r, unsigned *hart)
{
    const char *p = strstr(r->message, "hart ");
    return p && sscanf(p, "hart %u", hart) == 1 ? 0 : -1;
}

/* The reply after a resume: where and why the machine stopped, or how the
 * run ended. */
static void report_stop(gdb *g)
{
    const simty_result *r = simty_result_get(g->s);
    if (r->reason == SIMTY_EXIT_NONE) {
        int sig = g->stop_kind == STOP_INTR ? SIG_INT : SIG_TRAP;
        unsigned h = g->stop_kind == STOP_INTR ? g->stop_hart : g->hit_hart;
        if (h >= g->nharts || (g->stop_kind == STOP_INTR && !hart_live(g, h)))
            h = first_live(g);
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
        send_str(g, g->stop_reply);
        return;
    }
    /* the run is over */
    simty_run_cycles(g->s, 0); /* (statistics and outputs settled) */
    int status = simty_exit_status(r);
    switch (r->reason) {
    case SIMTY_EXIT_FAULT:
    case SIMTY_EXIT_DEADLOCK:
    case SIMTY_EXIT_MAX_CYCLES:
    case SIMTY_EXIT_TIME_LIMIT: {
        /* the machine stays inspectable: a stop, and the next resume ends it */
        unsigned h = g->stop_hart;
        int sig = SIG_XCPU;
        if (r->reason == SIMTY_EXIT_FAULT) {
            sig = strstr(r->message, "illegal") ? SIG_ILL : SIG_SEGV;
            if (fault_hart(r, &h) || h >= g->nharts)
                h = g->stop_hart;
        } else if (r->reason == SIMTY_EXIT_DEADLOCK) {
            sig = SIG_STOP;
            h = first_live(g);
        }
        g->fault_sig = sig;
        g->stop_hart = g->g_hart = h;
        char msg[1100];
        snprintf(msg, sizeof msg, "simty: %s", r->message);
        console_message(g, msg);
        snprintf(g->stop_reply, sizeof g->stop_reply, "T%02xthread:%x;", sig, h + 1);
        send_str(g, g->stop_reply);
        return;
    }
    case SIMTY_EXIT_INTERRUPTED:
        snprintf(g->stop_reply, sizeof g->stop_reply, "X%02x", r->signal & 0xff);
        break;
    default:
        snprintf(g->stop_reply, sizeof g->stop_reply, "W%02x", status & 0xff);
        break;
    }
    send_str(g, g->stop_reply);
    g->over = 1;
}

/* ---- packets ------------------------------------------------------------- */

static void reply_error(gdb *g) { send_str(g, "E01"); }

static void handle_read_regs(gdb *g)
{
    char buf[NREGS * 8 + 1];
    unsigned h = g->g_hart;
    for (unsigned r = 0; r < NREGS; r++) {
        uint64_t v = 0;
        if (reg_read(g, h, r, &v)) {
            memcpy(buf + 8 * r, "xxxxxxxx", 8);
            continue;
        }
        put_hex32le(buf + 8 * r, (uint32_t)v);
    }
    send_packet(g, buf, NREGS * 8);
}

static void handle_write_regs(gdb *g, const char *p)
{
    size_t n = strlen(p);
    if (n % 8 || n > NREGS * 8)
        return reply_error(g);
    for (unsigned r = 0; r < n / 8; r++) {
        uint32_t v;
        if (get_hex32le(p + 8 * r, &v))
            return reply_error(g);
        if (r && reg_write(g, g->g_hart, r, v))
            return reply_error(g);
    }
    send_str(g, "OK");
}

static void handle_mem_read(gdb *g, const char *p)
{
    uint64_t addr, len;
    if (parse_hex(&p, &addr) || *p++ != ',' || parse_hex(&p, &len) || *p || addr > UINT32_MAX)
        return reply_error(g);
    if (len > PKT_MAX / 2)
        len = PKT_MAX / 2;
    if (addr + len > (1ull << 32))
        len = (1ull << 32) - addr;
    uint8_t *bytes = g->bytes;
    char *hex = g->hex;
    size_t got = len;
    if (simty_mem_read(g->s, (uint32_t)addr, bytes, len))
        for (got = 0; got < len && !simty_mem_read(g->s, (uint32_t)(addr + got), bytes + got, 1);)
            got++; /* a partial read up to the first byte that is not RAM */
    if (!got && len)
        return reply_error(g);
    for (size_t i = 0; i < got; i++)
        hex[2 * i] = hexd[bytes[i] >> 4], hex[2 * i + 1] = hexd[bytes[i] & 15];
    send_packet(g, hex, 2 * got);
}

/* M addr,len:hex and X addr,len:binary */
static void handle_mem_write(gdb *g, const char *p, int binary)
{
    uint64_t addr, len;
    if (parse_hex(&p, &addr) || *p++ != ',' || parse_hex(&p, &len) || *p++ != ':' ||
        addr > UINT32_MAX || len > PKT_MAX)
        return reply_error(g);
    uint8_t *bytes = g->bytes;
    const char *end = g->pkt + g->pktn;
    size_t n = 0;
    while (n < len) {
        if (binary) {
            if (p >= end)
                return reply_error(g);
            uint8_t c = (uint8_t)*p++;
            if (c == '}') {
                if (p >= end)
                    return reply_error(g);
                c = (uint8_t)(*p++ ^ 0x20);
            }
            bytes[n++] = c;
        } else {
            int a = hexval(p[0]), b = a >= 0 ? hexval(p[1]) : -1;
            if (b < 0)
                return reply_error(g);
            bytes[n++] = (uint8_t)(a * 16 + b);
            p += 2;
        }
    }
    if (p != end || simty_mem_write(g->s, (uint32_t)addr, bytes, len))
        return reply_error(g);
    send_str(g, "OK");
}

/* Z/z type,addr,kind */
static void handle_point(gdb *g, const char *p, int insert)
{
    uint64_t type, addr, kind;
    if (parse_hex(&p, &type) || *p++ != ',' || parse_hex(&p, &addr) || *p++ != ',' ||
        parse_hex(&p, &kind) || (*p && *p != ';') || addr > UINT32_MAX)
        return reply_error(g);
    if (type == 0 || type == 1) {
        for (unsigned i = 0; i < g->nbp; i++)
            if (g->bp[i].addr == addr && g->bp[i].hw == (int)type) {
                if (!insert)
                    g->bp[i] = g->bp[--g->nbp];
                return (void)send_str(g, "OK");
            }
        if (!insert)
            return (void)send_str(g, "OK");
        if (g->nbp == MAX_BP)
            return reply_error(g);
        g->bp[g->nbp].addr = (uint32_t)addr;
        g->bp[g->nbp++].hw = (int)type;
        return (void)send_str(g, "OK");
    }
    if (type == 2) { /* write watchpoint */
        if (!kind || kind > WP_MAX_LEN || addr + kind > (1ull << 32))
            return reply_error(g);
        for (unsigned i = 0; i < g->nwp; i++)
            if (g->wp[i].addr == addr && g->wp[i].len == kind) {
                if (!insert)
                    g->wp[i] = g->wp[--g->nwp];
                return (void)send_str(g, "OK");
            }
        if (!insert)
            return (void)send_str(g, "OK");
        if (g->nwp == MAX_WP)
            return reply_error(g);
        g->wp[g->nwp].addr = (uint32_t)addr;
        g->wp[g->nwp].len = (uint32_t)kind;
        g->nwp++;
        watch_snapshot(g);
        return (void)send_str(g, "OK");
    }
    send_str(g, ""); /* read and access watchpoints: not supported */
}

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

static void handle_query(gdb *g, const char *p, unsigned *list_next)
{
    char buf[2048];
    if (!strncmp(p, "qSupported", 10)) {
        snprintf(buf, sizeof buf,
                 "PacketSize=%x;qXfer:features:read+;swbreak+;hwbreak+;QStartNoAckMode+;"
                 "vContSupported+",
                 PKT_MAX);
        return (void)send_str(g, buf);
    }
    if (!strcmp(p, "QStartNoAckMode")) {
        if (!send_str(g, "OK"))
            g->noack = 1;
        return;
    }
    if (!strncmp(p, "qXfer:features:read:target.xml:", 31)) {
        const char *q = p + 31;
        uint64_t off, len;
        if (parse_hex(&q, &off) || *q++ != ',' || parse_hex(&q, &len) || *q)
            return reply_error(g);
        size_t xn;
        char *x = target_xml(g, &xn);
        if (!x)
            return reply_error(g);
        if (len > PKT_MAX / 2)
            len = PKT_MAX / 2;
        size_t from = off < xn ? (size_t)off : xn;
        size_t k = xn - from < len ? xn - from : (size_t)len;
        char *o = malloc(k + 1);
        if (o) {
            o[0] = from + k < xn ? 'm' : 'l';
            memcpy(o + 1, x + from, k);
            send_packet(g, o, k + 1);
        } else {
            reply_error(g);
        }
        free(o);
        free(x);
        return;
    }
    if (!strncmp(p, "qXfer:", 6))
        return (void)send_str(g, "");
    if (!strcmp(p, "qAttached"))
        return (void)send_str(g, "1"); /* quitting gdb detaches: the run goes on */
    if (!strcmp(p, "qC")) {
        snprintf(buf, sizeof buf, "QC%x", g->stop_hart + 1);
        return (void)send_str(g, buf);
    }
    if (!strcmp(p, "qfThreadInfo") || !strcmp(p, "qsThreadInfo")) {
        if (p[1] == 'f')
            *list_next = 0;
        if (*list_next >= g->nharts)
            return (void)send_str(g, "l");
        size_t n = 0;
        buf[n++] = 'm';
        while (*list_next < g->nharts && n + 12 < sizeof buf)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%x", n > 1 ? "," : "",
                                  ++*list_next);
        return (void)send_packet(g, buf, n);
    }
    if (!strncmp(p, "qThreadExtraInfo,", 17)) {
        unsigned h;
        int any;
        if (parse_tid(g, p + 17, &h, &any))
            return reply_error(g);
        char text[128];
        thread_info(g, h, text, sizeof text);
        size_t n = 0;
        for (const char *t = text; *t; t++)
            buf[n++] = hexd[(unsigned char)*t >> 4], buf[n++] = hexd[(unsigned char)*t & 15];
        return (void)send_packet(g, buf, n);
    }
    if (!strcmp(p, "qSymbol::"))
        return (void)send_str(g, "OK");
    send_str(g, "");
}

/* Parses a resume request: c, C, s, S, vCont.  Returns 1 (continue), 2
 * (step *hart), 3 (continue *hart alone), 0 (not one: replied already). */
static int parse_resume(gdb *g, const char *p, unsigned *hart)
{
    *hart = g->c_any ? g->stop_hart : g->c_hart;
    if (p[0] == 'c' || p[0] == 'C' || p[0] == 's' || p[0] == 'S') {
        if (p[1] && p[0] == 'c') { /* c ADDR: resume at ADDR */
            uint64_t a;
            const char *q = p + 1;
            if (parse_hex(&q, &a) || *q || simty_pc_write(g->s, *hart, (uint32_t)a)) {
                reply_error(g);
                return 0;
            }
        }
        return p[0] == 's' || p[0] == 'S' ? 2 : 1;
    }
    /* vCont;ACTION[:TID];... : a step of one thread wins (the others hold) */
    const char *q = p + 5;
    int kind = 0, all = 0, nthreads = 0;
    unsigned cont_hart = *hart;
    while (*q == ';') {
        q++;
        char a = *q++;
        if (a == 'C' || a == 'S') { /* a signal to deliver: ignored (no guest signals) */
            uint64_t sig;
            if (parse_hex(&q, &sig))
                break;
        } else if (a != 'c' && a != 's') {
            break;
        }
        unsigned h = *hart;
        int any = 1;
        if (*q == ':') {
            const char *t = ++q;
            while (*q && *q != ';')
                q++;
            char tid[32];
            size_t n = (size_t)(q - t);
            if (n >= sizeof tid)
                break;
            memcpy(tid, t, n);
            tid[n] = 0;
            if (parse_tid(g, tid, &h, &any))
                break;
        }
        if (a == 's' || a == 'S') {
            if (kind != 2)
                *hart = h;
            kind = 2;
        } else {
            if (!kind)
                kind = 1;
            if (any)
                all = 1;
            else
                nthreads++, cont_hart = h;
        }
    }
    if (*q || !kind) {
        reply_error(g);
        return 0;
    }
    if (kind == 1 && !all && nthreads == 1) { /* one thread, the others held */
        *hart = cont_hart;
        return 3;
    }
    return kind;
}

enum session_end { SESSION_DETACHED, SESSION_GONE, SESSION_OVER, SESSION_SIGNAL };

/* One debugger session, the machine stopped at a cycle boundary. */
static enum session_end session(gdb *g)
{
    unsigned list_next = 0;
    g->noack = 0;
    g->bad = g->ignored = 0;
    g->nbp = g->nwp = 0;
    g->skip_valid = 0;
    hits_forget(g);
    g->over = 0;
    g->c_any = 1;
    g->stop_hart = first_live(g);
    g->g_hart = g->stop_hart;
    if (run_over(g)) { /* (cannot happen: a run that ended has no session) */
        report_stop(g);
        return SESSION_OVER;
    }
    snprintf(g->stop_reply, sizeof g->stop_reply, "T%02xthread:%x;", SIG_TRAP,
             g->stop_hart + 1);
    for (;;) {
        if (g->fd < 0)
            return SESSION_GONE;
        if (g->over) {
            disconnect(g, NULL);
            return SESSION_OVER;
        }
        int r = recv_packet(g);
        if (r == -1)
            return SESSION_GONE;
        if (r == -2)
            return SESSION_SIGNAL;
        if (r == 0)
            continue; /* Ctrl-C while stopped: nothing to interrupt */
        const char *p = g->pkt;
        unsigned h;
        int any;
        switch (p[0]) {
        case '?':
            send_str(g, g->stop_reply);
            break;
        case 'g':
            handle_read_regs(g);
            break;
        case 'G':
            handle_write_regs(g, p + 1);
            break;
        case 'p': {
            uint64_t n, v;
            const char *q = p + 1;
            char buf[17];
            if (parse_hex(&q, &n) || *q || n >= ALL_REGS(g) ||
                reg_read(g, g->g_hart, (unsigned)n, &v)) {
                send_str(g, "E01");
                break;
            }
            put_hex32le(buf, (uint32_t)v);
            put_hex32le(buf + 8, (uint32_t)(v >> 32));
            send_packet(g, buf, 2 * reg_bytes((unsigned)n));
            break;
        }
        case 'P': {
            uint64_t n;
            const char *q = p + 1;
            uint32_t lo, hi = 0;
            if (parse_hex(&q, &n) || *q++ != '=' || n >= ALL_REGS(g) ||
                strlen(q) != 2 * reg_bytes((unsigned)n) || get_hex32le(q, &lo) ||
                (reg_bytes((unsigned)n) == 8 && get_hex32le(q + 8, &hi)) ||
                reg_write(g, g->g_hart, (unsigned)n, (uint64_t)hi << 32 | lo))
                send_str(g, "E01");
            else
                send_str(g, "OK");
            break;
        }
        case 'm':
            handle_mem_read(g, p + 1);
            break;
        case 'M':
            handle_mem_write(g, p + 1, 0);
            break;
        case 'X':
            handle_mem_write(g, p + 1, 1);
            break;
        case 'Z':
        case 'z':
            handle_point(g, p + 1, p[0] == 'Z');
            break;
        case 'H':
            if ((p[1] != 'g' && p[1] != 'c') || parse_tid(g, p + 2, &h, &any)) {
                send_str(g, "E01");
                break;
            }
            if (p[1] == 'g')
                g->g_hart = h;
            else
                g->c_hart = h, g->c_any = any;
            send_str(g, "OK");
            break;
        case 'T':
            send_str(g, parse_tid(g, p + 1, &h, &any) || any ? "E01" : "OK");
            break;
        case 'q':
        case 'Q':
            handle_query(g, p, &list_next);
            break;
        case 'D':
            send_str(g, "OK");
            disconnect(g, NULL);
            return SESSION_DETACHED;
        case 'k':
            disconnect(g, NULL);
            simty_request_stop(g->s, SIGKILL);
            simty_run_cycles(g->s, 1);
            return SESSION_OVER;
        case 'v':
            if (!strcmp(p, "vCont?")) {
                send_str(g, "vCont;c;C;s;S");
                break;
            }
            if (!strncmp(p, "vCont;", 6)) {
                /* fall through to the resume below */
            } else {
                send_str(g, ""); /* vMustReplyEmpty, vKill, vFile...: not supported */
                break;
            }
            /* fall through */
        case 'c':
        case 'C':
        case 's':
        case 'S': {
            int kind = parse_resume(g, p, &h);
            if (!kind)
                break;
            if (run_over(g)) { /* after a fault or deadlock stop: the end */
                snprintf(g->stop_reply, sizeof g->stop_reply, "X%02x", g->fault_sig);
                send_str(g, g->stop_reply);
                g->over = 1;
                break;
            }
            if (kind == 2)
                step_thread(g, h);
            else if (kind == 3)
                run_thread(g, h);
            else
                run_machine(g);
            if (g->stop_kind == STOP_GONE || g->fd < 0)
                return SESSION_GONE;
            if (*g->sig && !run_over(g))
                simty_run_cycles(g->s, 1); /* the front end's stop request takes effect */
            report_stop(g);
            break;
        }
        default:
            send_str(g, "");
            break;
        }
    }
}

/* Waits for a debugger on lfd (timeout_ms, -1: until one comes or a
 * signal).  Returns 1 (connected), 0 (nothing yet), -1 (signal). */
static int accept_debugger(gdb *g, int lfd, int timeout_ms)
{
    for (;;) {
        struct pollfd p = {.fd = lfd, .events = POLLIN};
        int r = poll(&p, 1, timeout_ms < 0 ? 200 : timeout_ms);
        if (r > 0) {
            int fd = accept(lfd, NULL, NULL);
            if (fd >= 0) {
                int one = 1;
                setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                g->fd = fd;
                g->rxn = g->rxp = 0;
                fprintf(stderr, "simty: gdb: debugger connected\n");
                return 1;
            }
        }
        if (*g->sig)
            return -1;
        if (timeout_ms >= 0)
            return 0;
    }
}

void gdb_run(simty_sim *s, int lfd, int wait, volatile sig_atomic_t *got_signal)
{
    const simty_config *cfg = simty_config_get(s);
    gdb *g = calloc(1, sizeof *g);
    simty_path_info *paths = calloc(cfg->threads + 8, sizeof *paths);
    uint64_t *hit_mask = calloc((size_t)cfg->cores * cfg->warps, sizeof *hit_mask);
    uint32_t *hit_pc = calloc(simty_nthreads(s), sizeof *hit_pc);
    if (!g || !paths || !hit_mask || !hit_pc) {
        gdb_error("out of host memory; running without the debugger");
        close(lfd);
        free(g);
        free(paths);
        free(hit_mask);
        free(hit_pc);
        simty_run(s);
        return;
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
    unsigned num;
    const char *name;
    for (unsigned i = 0; g->ncsr < MAX_CSRS && !simty_debug_csr(i, &num, &name); i++) {
        uint32_t v;
        if (!simty_csr_read(s, 0, num, &v)) { /* (every one today) */
            g->csr[g->ncsr] = num;
            g->csr_name[g->ncsr++] = name;
        }
    }
    int first = 1;
    while (!run_over(g)) {
        int r = accept_debugger(g, lfd, first && wait ? -1 : 0);
        first = 0;
        if (r < 0 || *got_signal) {
            simty_run_cycles(s, 1); /* the stop request (main.c) ends the run */
            if (!run_over(g))
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
    disconnect(g, NULL);
    close(lfd);
    free(g->paths);
    free(g->hit_mask);
    free(g->hit_pc);
    free(g->out);
    free(g);
}
