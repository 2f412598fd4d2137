/* The GDB stub's transport (simty run --gdb): the listening socket and
 * the debugger's connection, the remote serial protocol's packets (framing,
 * escapes, checksums, acknowledgements, no-ack mode) and the hex encoding
 * they use.  Everything that comes from the socket is checked: a corrupt
 * packet is refused ('-', or ignored in no-ack mode), too many in a row or
 * a debugger that stops answering end the session, and the run goes on. */
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
#include "cli/gdb_internal.h"

/* ---- the socket --------------------------------------------------------- */

int gdb_error(const char *fmt, ...)
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

/* Waits for a debugger on lfd (timeout_ms, -1: until one comes or a
 * signal).  Returns 1 (connected), 0 (nothing yet), -1 (signal). */
int gdb_accept(gdb *g, int lfd, int timeout_ms)
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

/* ---- the connection ----------------------------------------------------- */

void gdb_disconnect(gdb *g, const char *why)
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
int gdb_fill(gdb *g, int timeout_ms)
{
    if (g->fd < 0)
        return -1;
    if (g->rxp < g->rxn)
        return 1;
    for (;;) {
        struct pollfd p = {.fd = g->fd, .events = POLLIN};
        int r = poll(&p, 1, timeout_ms < 0 ? 200 : timeout_ms);
        if (r < 0 && errno != EINTR) {
            gdb_disconnect(g, "poll failed; the run goes on without the debugger");
            return -1;
        }
        if (r > 0) {
            ssize_t n = recv(g->fd, g->rx, sizeof g->rx, 0);
            if (n == 0) {
                gdb_disconnect(g, "the debugger closed the connection; the run goes on");
                return -1;
            }
            if (n < 0) {
                if (errno == EINTR || errno == EAGAIN)
                    continue;
                char msg[160];
                snprintf(msg, sizeof msg, "connection error (%s); the run goes on",
                         strerror(errno));
                gdb_disconnect(g, msg);
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
        int r = gdb_fill(g, -1);
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
            gdb_disconnect(g, msg);
            return -1;
        }
        p += w, n -= (size_t)w;
    }
    return g->fd >= 0 ? 0 : -1;
}

/* How long a reply waits for its acknowledgement before the debugger is
 * taken for gone (a client that never acks must not hold the run). */
#define ACK_WAIT_MS 10000

/* The acknowledgement of a packet: '+', '-', or -1 (connection gone, a
 * pending signal, or nothing within ACK_WAIT_MS: then disconnected). */
static int wait_ack(gdb *g)
{
    for (int waited = 0;;) {
        int r = gdb_fill(g, 200);
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
            gdb_disconnect(g, "the debugger acknowledged no reply for 10 s; the run goes on");
            return -1;
        }
    }
}

/* Sends data[0..n) as a packet ($, #, } and * escaped) and, unless in
 * no-ack mode, waits for its '+' (resending on '-'). */
int gdb_send_packet(gdb *g, const char *data, size_t n)
{
    if (g->fd < 0)
        return -1;
    if (g->outcap < 2 * n + 8) {
        char *o = realloc(g->out, 2 * n + 8);
        if (!o) {
            gdb_disconnect(g, "out of host memory; the run goes on");
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
    g->out[k++] = gdb_hexd[(sum >> 4) & 15];
    g->out[k++] = gdb_hexd[sum & 15];
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
    gdb_disconnect(g, "the debugger refused a reply 10 times; the run goes on");
    return -1;
}

int gdb_send_str(gdb *g, const char *s) { return gdb_send_packet(g, s, strlen(s)); }

void gdb_reply_error(gdb *g) { gdb_send_str(g, "E01"); }

/* Waits for the next packet into g->pkt (binary escapes kept: X packets
 * undo them).  Returns 1, 0 for a Ctrl-C byte outside a packet, -1 when the
 * connection is gone, -2 on a pending signal. */
int gdb_recv_packet(gdb *g)
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
        int ok = !overflow && gdb_hexval(h1) >= 0 && gdb_hexval(h2) >= 0 &&
                 (unsigned)(gdb_hexval(h1) * 16 + gdb_hexval(h2)) == (sum & 0xff);
        if (!ok) {
            if (++g->bad > MAX_BAD_PACKETS) {
                gdb_disconnect(g, "too many corrupt packets in a row; the run goes on");
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

/* ---- hex ---------------------------------------------------------------- */

int gdb_hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

const char gdb_hexd[17] = "0123456789abcdef";

/* A hex number at *p (at least one digit, at most 16); moves *p past it. */
int gdb_parse_hex(const char **p, uint64_t *v)
{
    const char *q = *p;
    uint64_t x = 0;
    int n = 0;
    while (gdb_hexval(*q) >= 0) {
        if (++n > 16)
            return -1;
        x = x << 4 | (uint64_t)gdb_hexval(*q++);
    }
    if (!n)
        return -1;
    *v = x;
    *p = q;
    return 0;
}

void gdb_put_hex32le(char *o, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        o[2 * i] = gdb_hexd[(v >> (8 * i + 4)) & 15];
        o[2 * i + 1] = gdb_hexd[(v >> (8 * i)) & 15];
    }
}

int gdb_get_hex32le(const char *p, uint32_t *v)
{
    uint32_t x = 0;
    for (int i = 0; i < 4; i++) {
        int a = gdb_hexval(p[2 * i]), b = a >= 0 ? gdb_hexval(p[2 * i + 1]) : -1;
        if (b < 0)
            return -1;
        x |= (uint32_t)(a * 16 + b) << (8 * i);
    }
    *v = x;
    return 0;
}
