/* The GDB stub's registers and memory (simty run --gdb): gdb's remote
 * register numbering for RV32GC (x0..x31, pc, f0..f31, fflags, frm, fcsr,
 * then the CSRs the library offers), the target description that names
 * them, and the packets that read and write them (g, G, p, P) and memory
 * (m, M, X), all through the library's inspection calls on the thread
 * chosen with Hg. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gdb_internal.h"

/* x<r>'s name in the target description: the ABI's (simty_reg_name), but
 * x8 "fp" as gdb's own riscv-32bit-cpu feature names it */
static const char *xreg_name(unsigned r) { return r == 8 ? "fp" : simty_reg_name(r); }

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

char *gdb_target_xml(const gdb *g, size_t *len)
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
                              xreg_name(r),
                              r == 1 ? "code_ptr" : r == 2 || r == 8 ? "data_ptr" : "int", r);
    n += (size_t)snprintf(x + n, cap - n,
                          "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"32\"/>\n"
                          "</feature>\n<feature name=\"org.gnu.gdb.riscv.fpu\">\n"
                          "<union id=\"riscv_double\"><field name=\"float\" type=\"ieee_single\"/>"
                          "<field name=\"double\" type=\"ieee_double\"/></union>\n");
    for (unsigned r = 0; r < 32; r++)
        n += (size_t)snprintf(x + n, cap - n,
                              "<reg name=\"%s\" bitsize=\"64\" type=\"riscv_double\" "
                              "regnum=\"%u\"/>\n", simty_freg_name(r), FREG0 + r);
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

/* ---- packets ------------------------------------------------------------ */

/* g: x0..x31 and pc */
void gdb_handle_read_regs(gdb *g, const char *p)
{
    (void)p;
    char buf[NREGS * 8 + 1];
    unsigned h = g->g_hart;
    for (unsigned r = 0; r < NREGS; r++) {
        uint64_t v = 0;
        if (reg_read(g, h, r, &v)) {
            memcpy(buf + 8 * r, "xxxxxxxx", 8);
            continue;
        }
        gdb_put_hex32le(buf + 8 * r, (uint32_t)v);
    }
    gdb_send_packet(g, buf, NREGS * 8);
}

/* G: x0..x31 and pc, or the first of them (x0 stays 0) */
void gdb_handle_write_regs(gdb *g, const char *p)
{
    p++;
    size_t n = strlen(p);
    if (n % 8 || n > NREGS * 8)
        return gdb_reply_error(g);
    for (unsigned r = 0; r < n / 8; r++) {
        uint32_t v;
        if (gdb_get_hex32le(p + 8 * r, &v))
            return gdb_reply_error(g);
        if (r && reg_write(g, g->g_hart, r, v))
            return gdb_reply_error(g);
    }
    gdb_send_str(g, "OK");
}

/* p N: one register, 8 or 16 hex digits */
void gdb_handle_read_reg(gdb *g, const char *p)
{
    uint64_t n, v;
    const char *q = p + 1;
    char buf[17];
    if (gdb_parse_hex(&q, &n) || *q || n >= ALL_REGS(g) ||
        reg_read(g, g->g_hart, (unsigned)n, &v))
        return gdb_reply_error(g);
    gdb_put_hex32le(buf, (uint32_t)v);
    gdb_put_hex32le(buf + 8, (uint32_t)(v >> 32));
    gdb_send_packet(g, buf, 2 * reg_bytes((unsigned)n));
}

/* P N=VALUE */
void gdb_handle_write_reg(gdb *g, const char *p)
{
    uint64_t n;
    const char *q = p + 1;
    uint32_t lo, hi = 0;
    if (gdb_parse_hex(&q, &n) || *q++ != '=' || n >= ALL_REGS(g) ||
        strlen(q) != 2 * reg_bytes((unsigned)n) || gdb_get_hex32le(q, &lo) ||
        (reg_bytes((unsigned)n) == 8 && gdb_get_hex32le(q + 8, &hi)) ||
        reg_write(g, g->g_hart, (unsigned)n, (uint64_t)hi << 32 | lo))
        return gdb_reply_error(g);
    gdb_send_str(g, "OK");
}

/* m addr,len: up to the first byte that cannot be read */
void gdb_handle_mem_read(gdb *g, const char *p)
{
    uint64_t addr, len;
    p++;
    if (gdb_parse_hex(&p, &addr) || *p++ != ',' || gdb_parse_hex(&p, &len) || *p ||
        addr > UINT32_MAX)
        return gdb_reply_error(g);
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
        return gdb_reply_error(g);
    for (size_t i = 0; i < got; i++)
        hex[2 * i] = gdb_hexd[bytes[i] >> 4], hex[2 * i + 1] = gdb_hexd[bytes[i] & 15];
    gdb_send_packet(g, hex, 2 * got);
}

/* M addr,len:hex and X addr,len:binary */
void gdb_handle_mem_write(gdb *g, const char *p)
{
    uint64_t addr, len;
    int binary = *p++ == 'X';
    if (gdb_parse_hex(&p, &addr) || *p++ != ',' || gdb_parse_hex(&p, &len) || *p++ != ':' ||
        addr > UINT32_MAX || len > PKT_MAX)
        return gdb_reply_error(g);
    uint8_t *bytes = g->bytes;
    const char *end = g->pkt + g->pktn;
    size_t n = 0;
    while (n < len) {
        if (binary) {
            if (p >= end)
                return gdb_reply_error(g);
            uint8_t c = (uint8_t)*p++;
            if (c == '}') {
                if (p >= end)
                    return gdb_reply_error(g);
                c = (uint8_t)(*p++ ^ 0x20);
            }
            bytes[n++] = c;
        } else {
            int a = gdb_hexval(p[0]), b = a >= 0 ? gdb_hexval(p[1]) : -1;
            if (b < 0)
                return gdb_reply_error(g);
            bytes[n++] = (uint8_t)(a * 16 + b);
            p += 2;
        }
    }
    if (p != end || simty_mem_write(g->s, (uint32_t)addr, bytes, len))
        return gdb_reply_error(g);
    gdb_send_str(g, "OK");
}

