/* Control-flow graphs and immediate post-dominators: see cfg.h. */
#include "loader/cfg.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"

/* ---- post-dominators ---- */

/* The reverse graph in compressed form: pred[first[v] .. first[v+1]) are
 * the nodes with an edge to v.  Node i's successors: succ[i] and, for a
 * node given an edge to the exit, the exit. */
typedef struct rgraph {
    unsigned n;               /* nodes, the exit excluded */
    const int32_t (*succ)[2];
    bool *to_exit;            /* an added edge to the exit */
    uint32_t *first, *pred;
} rgraph;

static int rgraph_build(rgraph *g)
{
    const unsigned n = g->n;
    g->first = calloc(n + 2, sizeof *g->first);
    g->pred = malloc((2 * (size_t)n + 1) * sizeof *g->pred);
    if (!g->first || !g->pred)
        return -1;
    for (unsigned i = 0; i < n; i++)
        for (int k = 0; k < 2; k++)
            if (g->succ[i][k] >= 0)
                g->first[g->succ[i][k] + 1]++;
    for (unsigned v = 0; v <= n; v++)
        g->first[v + 1] += g->first[v];
    uint32_t *fill = calloc(n + 1, sizeof *fill);
    if (!fill)
        return -1;
    for (unsigned i = 0; i < n; i++)
        for (int k = 0; k < 2; k++) {
            int32_t v = g->succ[i][k];
            if (v >= 0)
                g->pred[g->first[v] + fill[v]++] = i;
        }
    free(fill);
    return 0;
}

/* Depth-first search of the reverse graph from the exit: po[v] = postorder
 * number (the exit last), order[k] = the node numbered k; unreached nodes
 * (no path to the exit) get an edge to the exit, the highest first, until
 * every node is numbered. */
static int reverse_dfs(rgraph *g, uint32_t *po, uint32_t *order)
{
    const unsigned n = g->n;
    uint32_t *stack = malloc((n + 1) * sizeof *stack), *next = calloc(n + 1, sizeof *next);
    bool *seen = calloc(n + 1, sizeof *seen);
    if (!stack || !next || !seen) {
        free(stack), free(next), free(seen);
        return -1;
    }
    unsigned sp = 0, num = 0, top_unseen = n; /* nodes >= top_unseen are all seen */
    stack[sp++] = n;
    seen[n] = true;
    while (sp) {
        uint32_t v = stack[sp - 1];
        if (next[v] < g->first[v + 1] - g->first[v]) {
            uint32_t u = g->pred[g->first[v] + next[v]++];
            if (!seen[u]) {
                seen[u] = true;
                stack[sp++] = u;
            }
            continue;
        }
        if (v == n) { /* the exit is done: is every node reached? */
            while (top_unseen > 0 && seen[top_unseen - 1])
                top_unseen--;
            if (top_unseen > 0) {
                uint32_t u = top_unseen - 1;
                g->to_exit[u] = true;
                seen[u] = true;
                stack[sp++] = u;
                continue;
            }
        }
        po[v] = num;
        order[num++] = v;
        sp--;
    }
    free(stack), free(next), free(seen);
    return 0;
}

static int32_t intersect(const int32_t *ipdom, const uint32_t *po, int32_t a, int32_t b)
{
    while (a != b) {
        while (po[a] < po[b])
            a = ipdom[a];
        while (po[b] < po[a])
            b = ipdom[b];
    }
    return a;
}

/* One pass over the nodes in reverse postorder (the exit excluded): each
 * node's post-dominator is the meet of its processed successors'. */
static bool postdom_pass(const rgraph *g, const uint32_t *po, const uint32_t *order,
                         int32_t *ipdom)
{
    bool changed = false;
    for (unsigned k = g->n; k-- > 0;) {
        const uint32_t v = order[k];
        int32_t best = -1;
        int32_t s[3] = {g->succ[v][0], g->succ[v][1], g->to_exit[v] ? (int32_t)g->n : -1};
        for (int j = 0; j < 3; j++)
            if (s[j] >= 0 && ipdom[s[j]] >= 0)
                best = best < 0 ? s[j] : intersect(ipdom, po, best, s[j]);
        if (best >= 0 && ipdom[v] != best) {
            ipdom[v] = best;
            changed = true;
        }
    }
    return changed;
}

int cfg_postdom(unsigned n, const int32_t (*succ)[2], int32_t *ipdom)
{
    rgraph g = {.n = n, .succ = succ};
    uint32_t *po = malloc((n + 1) * sizeof *po), *order = malloc((n + 1) * sizeof *order);
    g.to_exit = calloc(n + 1, sizeof *g.to_exit);
    int rc = -1;
    if (po && order && g.to_exit && !rgraph_build(&g)) {
        /* the added edges to the exit are predecessors of the exit too */
        if (!reverse_dfs(&g, po, order)) {
            int32_t *dom = malloc((n + 1) * sizeof *dom);
            if (dom) {
                for (unsigned i = 0; i < n; i++)
                    dom[i] = -1;
                dom[n] = (int32_t)n;
                while (postdom_pass(&g, po, order, dom))
                    ;
                memcpy(ipdom, dom, n * sizeof *ipdom);
                free(dom);
                rc = 0;
            }
        }
    }
    free(po), free(order), free(g.to_exit), free(g.first), free(g.pred);
    return rc;
}

/* ---- the instruction-level graph of one function ---- */

/* Decodes the instruction at code[off] of a function of `size` bytes; its
 * length, or 0 if it does not fit. */
static unsigned decode_at(const uint8_t *code, uint32_t off, uint32_t size, insn_t *d)
{
    if (off + 2 > size)
        return 0;
    uint16_t lo = (uint16_t)(code[off] | code[off + 1] << 8);
    if ((lo & 3) != 3) {
        insn_decode_c(lo, d);
        return 2;
    }
    if (off + 4 > size)
        return 0;
    insn_decode((uint32_t)lo | (uint32_t)(code[off + 2] | code[off + 3] << 8) << 16, d);
    return 4;
}

/* Is d an indirect jump that neither links nor returns (a jump table)? */
static bool plain_indirect(const insn_t *d)
{
    return d->cls == CLS_JALR && !(d->flags & (INSN_WRITES_RD | INSN_CALL | INSN_RETURN));
}

typedef struct fgraph {
    uint32_t lo, size;
    int32_t *node_at;   /* per halfword offset: the node starting there, or -1 */
    uint32_t *pc;       /* per node */
    insn_t *insn;       /* per node */
    int32_t (*succ)[2]; /* per node */
    unsigned n;
} fgraph;

/* The node at guest address a, or the exit (n) if a is outside the
 * function or not an instruction boundary. */
static int32_t node_of(const fgraph *f, uint32_t a)
{
    uint32_t off = a - f->lo;
    if (off >= f->size || (off & 1) || f->node_at[off / 2] < 0)
        return (int32_t)f->n;
    return f->node_at[off / 2];
}

static void successors(const fgraph *f, unsigned i)
{
    const insn_t *d = &f->insn[i];
    const uint32_t pc = f->pc[i], fall = pc + d->len, target = pc + (uint32_t)d->imm;
    int32_t *s = f->succ[i];
    s[0] = s[1] = -1;
    switch (d->cls) {
    case CLS_BRANCH:
        s[0] = node_of(f, fall);
        s[1] = node_of(f, target);
        break;
    case CLS_JAL: /* a call falls through (the callee returns); a jump jumps */
        s[0] = node_of(f, (d->flags & INSN_WRITES_RD) ? fall : target);
        break;
    case CLS_JALR: /* a call falls through; a return or jump leaves */
        s[0] = (d->flags & INSN_WRITES_RD) ? node_of(f, fall) : (int32_t)f->n;
        break;
    case CLS_ILLEGAL:
        s[0] = (int32_t)f->n;
        break;
    case CLS_SYSTEM:
        s[0] = d->op == OP_MRET ? (int32_t)f->n : node_of(f, fall);
        break;
    default:
        s[0] = node_of(f, fall);
    }
}

static int add_point(reconv_table *t, reconv_point p)
{
    if (t->n == t->cap) {
        size_t c = t->cap ? 2 * t->cap : 256;
        reconv_point *np = realloc(t->p, c * sizeof *np);
        if (!np)
            return -1;
        t->p = np;
        t->cap = c;
    }
    t->p[t->n++] = p;
    return 0;
}

int reconv_add_function(reconv_table *t, const uint8_t *code, uint32_t lo, uint32_t hi)
{
    fgraph f = {.lo = lo, .size = hi - lo};
    const size_t slots = f.size / 2 + 1;
    f.node_at = malloc(slots * sizeof *f.node_at);
    f.pc = malloc(slots * sizeof *f.pc);
    f.insn = malloc(slots * sizeof *f.insn);
    f.succ = malloc(slots * sizeof *f.succ);
    int32_t *ipdom = malloc(slots * sizeof *ipdom);
    int rc = -1;
    if (!f.node_at || !f.pc || !f.insn || !f.succ || !ipdom)
        goto out;
    for (size_t k = 0; k < slots; k++)
        f.node_at[k] = -1;
    /* a linear sweep: every instruction from the function's start */
    for (uint32_t off = 0;;) {
        insn_t d;
        unsigned len = decode_at(code, off, f.size, &d);
        if (!len)
            break;
        f.node_at[off / 2] = (int32_t)f.n;
        f.pc[f.n] = lo + off;
        f.insn[f.n++] = d;
        off += len;
    }
    for (unsigned i = 0; i < f.n; i++)
        successors(&f, i);
    if (cfg_postdom(f.n, (const int32_t (*)[2])f.succ, ipdom))
        goto out;
    for (unsigned i = 0; i < f.n; i++) {
        const insn_t *d = &f.insn[i];
        if (d->cls != CLS_BRANCH && !plain_indirect(d))
            continue;
        reconv_point p = {.pc = f.pc[i], .kind = RECONV_AT_RETURN};
        if (ipdom[i] >= 0 && (unsigned)ipdom[i] < f.n) {
            p.kind = RECONV_AT_PC;
            p.rpc = f.pc[ipdom[i]];
        }
        if (add_point(t, p))
            goto out;
    }
    rc = 0;
out:
    free(f.node_at), free(f.pc), free(f.insn), free(f.succ), free(ipdom);
    return rc;
}

/* ---- the program ---- */

static int point_cmp(const void *a, const void *b)
{
    uint32_t x = ((const reconv_point *)a)->pc, y = ((const reconv_point *)b)->pc;
    return x < y ? -1 : x > y;
}

/* The functions of segment [lo, hi): each function symbol's range, and
 * each stretch between them as one more. */
static int add_segment(reconv_table *t, const elf_image *img, memory_t *mem, uint32_t lo,
                       uint32_t hi)
{
    const uint8_t *code = mem_ptr(mem, lo, hi - lo);
    if (!code)
        return 0; /* (not loaded in RAM: nothing to analyse) */
    uint32_t at = lo;
    for (size_t i = 0; i < img->nsyms && at < hi; i++) {
        const elf_symbol *sym = &img->syms[i];
        if (sym->type != ELF_SYM_FUNC || !sym->size || sym->addr < at || sym->addr >= hi)
            continue;
        uint32_t end = sym->size > hi - sym->addr ? hi : sym->addr + sym->size;
        if ((sym->addr > at && reconv_add_function(t, code + (at - lo), at, sym->addr)) ||
            reconv_add_function(t, code + (sym->addr - lo), sym->addr, end))
            return -1;
        at = end;
    }
    return at < hi ? reconv_add_function(t, code + (at - lo), at, hi) : 0;
}

int reconv_build(reconv_table *t, const elf_image *img, memory_t *mem, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    for (unsigned k = 0; k < img->nexec; k++) {
        uint32_t lo = img->exec[k].addr, size = img->exec[k].size;
        uint32_t hi = size > UINT32_MAX - lo ? UINT32_MAX : lo + size;
        if (add_segment(t, img, mem, lo, hi)) {
            reconv_free(t);
            snprintf(err, errlen, "out of host memory analysing the control flow");
            return -1;
        }
    }
    /* (segments may come in any order) */
    if (t->n) /* (no point at all: a program with no branch, t->p NULL) */
        qsort(t->p, t->n, sizeof *t->p, point_cmp);
    return 0;
}

void reconv_free(reconv_table *t)
{
    free(t->p);
    memset(t, 0, sizeof *t);
}

enum reconv_kind reconv_lookup(const reconv_table *t, uint32_t pc, uint32_t *rpc)
{
    size_t lo = 0, hi = t->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->p[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < t->n && t->p[lo].pc == pc && t->p[lo].kind == RECONV_AT_PC) {
        *rpc = t->p[lo].rpc;
        return RECONV_AT_PC;
    }
    return RECONV_AT_RETURN;
}
