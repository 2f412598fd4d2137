/* The GDB stub's private header (src/cli/gdb*.c, public side cli/gdb.h):
 * the stub's state, its limits and stop kinds, and the functions its files
 * share.  gdb.c: the run and the session's packet loop; gdb_wire.c: the
 * socket and the packet framing; gdb_regs.c: registers, memory and the
 * target description; gdb_points.c: breakpoints, watchpoints and the stop
 * function; gdb_resume.c: resuming and the stop replies; gdb_query.c: the
 * queries and the thread commands. */
#ifndef SIMTY_CLI_GDB_INTERNAL_H
#define SIMTY_CLI_GDB_INTERNAL_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "simty.h"

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

/* How a session ends (SESSION_ON: it goes on) */
enum session_end { SESSION_ON, SESSION_DETACHED, SESSION_GONE, SESSION_OVER, SESSION_SIGNAL };

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
    unsigned list_next;          /* qsThreadInfo: the next thread to list */
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
    enum session_end end;        /* set by a packet that ends the session */
} gdb;

/* A packet's handler (p: the whole packet, NUL-terminated).  One that ends
 * the session says how in g->end. */
typedef void (*gdb_packet_fn)(gdb *g, const char *p);

/* ---- gdb_wire.c: the socket, packets, hex ---- */

/* "simty: gdb: " and the message on stderr; returns -1. */
int gdb_error(const char *fmt, ...);
/* Waits for a debugger on lfd (timeout_ms, -1: until one comes or a
 * signal).  Returns 1 (connected), 0 (nothing yet), -1 (signal). */
int gdb_accept(gdb *g, int lfd, int timeout_ms);
/* Closes the connection (why: the stderr line saying so, or NULL). */
void gdb_disconnect(gdb *g, const char *why);
/* Reads what the socket has into rx (waiting at most timeout_ms, -1:
 * until something comes or a signal is pending).  Returns 1 (bytes), 0
 * (nothing yet), -1 (the connection is gone). */
int gdb_fill(gdb *g, int timeout_ms);
/* Sends data[0..n) as a packet and, unless in no-ack mode, waits for its
 * '+' (resending on '-'). */
int gdb_send_packet(gdb *g, const char *data, size_t n);
int gdb_send_str(gdb *g, const char *s);
void gdb_reply_error(gdb *g); /* E01 */
/* Waits for the next packet into g->pkt.  Returns 1, 0 for a Ctrl-C byte
 * outside a packet, -1 when the connection is gone, -2 on a pending
 * signal. */
int gdb_recv_packet(gdb *g);
extern const char gdb_hexd[17]; /* the hex digits */
int gdb_hexval(int c);          /* a hex digit's value, or -1 */
/* A hex number at *p (at least one digit, at most 16); moves *p past it. */
int gdb_parse_hex(const char **p, uint64_t *v);
void gdb_put_hex32le(char *o, uint32_t v);         /* 8 hex digits, little-endian */
int gdb_get_hex32le(const char *p, uint32_t *v);   /* 8 hex digits, little-endian */

/* ---- gdb_query.c: threads and queries ---- */

static inline unsigned gdb_hart_gw(const gdb *g, unsigned h) { return h / g->T; }
int gdb_hart_live(const gdb *g, unsigned h);
unsigned gdb_first_live(const gdb *g); /* the lowest live hart, or 0 */
/* A thread id from gdb: hart (0 for "any" and -1 for "all": *any set). */
int gdb_parse_tid(const gdb *g, const char *p, unsigned *hart, int *any);
void gdb_handle_query(gdb *g, const char *p);  /* q, Q */
void gdb_handle_thread(gdb *g, const char *p); /* H */
void gdb_handle_alive(gdb *g, const char *p);  /* T */

/* ---- gdb_regs.c: registers, memory, the target description ---- */

/* The target description (malloc'd, *len bytes), or NULL. */
char *gdb_target_xml(const gdb *g, size_t *len);
void gdb_handle_read_regs(gdb *g, const char *p);  /* g */
void gdb_handle_write_regs(gdb *g, const char *p); /* G */
void gdb_handle_read_reg(gdb *g, const char *p);   /* p */
void gdb_handle_write_reg(gdb *g, const char *p);  /* P */
void gdb_handle_mem_read(gdb *g, const char *p);   /* m */
void gdb_handle_mem_write(gdb *g, const char *p);  /* M, X */

/* ---- gdb_points.c: breakpoints, watchpoints, the stop function ---- */

int gdb_is_bp(const gdb *g, uint32_t pc, int *hw);
int gdb_watch_hit(const gdb *g, uint32_t addr, uint32_t len); /* the watchpoint, or -1 */
void gdb_watch_snapshot(gdb *g); /* the watched values now */
void gdb_hits_forget(gdb *g);
/* The live paths of global warp gw into g->paths (their number); the hits
 * of lanes that have left their pc (or ended) are forgotten. */
int gdb_warp_paths(gdb *g, unsigned gw);
/* Asked before every cycle while breakpoints or watchpoints are set. */
int gdb_stop_fn(const simty_sim *s, void *ctx);
void gdb_handle_point(gdb *g, const char *p); /* Z, z */

/* ---- gdb_resume.c: resuming and the stop replies ---- */

int gdb_run_over(const gdb *g); /* the run has ended */
/* Looks at the socket while the machine runs: a Ctrl-C (0x03) or a closed
 * connection stops the run. */
void gdb_look_at_socket(gdb *g);
/* The reply after a resume: where and why the machine stopped, or how the
 * run ended. */
void gdb_report_stop(gdb *g);
void gdb_handle_resume(gdb *g, const char *p); /* c, C, s, S, vCont; */

#endif
