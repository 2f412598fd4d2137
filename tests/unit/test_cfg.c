/* The loader's control-flow analysis (loader/cfg.h): immediate
 * post-dominators of small hand-made graphs (if/else, a loop with a break,
 * nested loops, a switch through a jump table, an early return, an endless
 * loop), and the reconvergence points of hand-assembled RISC-V functions
 * (compressed instructions, calls, ecall, jump tables, tail calls). */
#include <string.h>

#include "check.h"
#include "loader/cfg.h"

#define X(n) ((int32_t)(n)) /* the exit, in a graph of n nodes */
#define NONE (-1)

static void postdom(unsigned n, const int32_t (*succ)[2], int32_t *ipdom)
{
    CHECK_EQ(cfg_postdom(n, succ, ipdom), 0);
}

static void test_graphs(void)
{
    int32_t d[16];
    /* if/else: 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> exit */
    const int32_t ifelse[4][2] = {{1, 2}, {3, NONE}, {3, NONE}, {X(4), NONE}};
    postdom(4, ifelse, d);
    CHECK_EQ(d[0], 3);
    CHECK_EQ(d[1], 3);
    CHECK_EQ(d[3], 4);

    /* a loop with a break: 0 head: -> 1 (body), 4 (exit test fails);
     * 1 -> 2, 4 (break); 2 -> 3; 3 -> 0 (back edge); 4 -> exit */
    const int32_t brk[5][2] = {{1, 4}, {2, 4}, {3, NONE}, {0, NONE}, {X(5), NONE}};
    postdom(5, brk, d);
    CHECK_EQ(d[0], 4);
    CHECK_EQ(d[1], 4); /* the break and the loop meet after the loop */
    CHECK_EQ(d[3], 0);

    /* nested loops: 0 outer head -> 1, 5; 1 inner head -> 2, 4; 2 -> 3;
     * 3 -> 1 (inner back edge); 4 -> 0 (outer back edge); 5 -> exit */
    const int32_t nest[6][2] = {{1, 5}, {2, 4}, {3, NONE}, {1, NONE}, {0, NONE}, {X(6), NONE}};
    postdom(6, nest, d);
    CHECK_EQ(d[1], 4); /* the inner loop's exit */
    CHECK_EQ(d[0], 5); /* the outer loop's exit */
    CHECK_EQ(d[2], 3);

    /* a switch through a jump table: 0 bounds check -> 1 (default), 2
     * (the indirect jump, whose targets are unknown: an exit); 3, 4 are
     * the cases (reached from nowhere the graph knows) -> 5; 1 -> 5 */
    const int32_t sw[6][2] = {{1, 2}, {5, NONE}, {X(6), NONE}, {5, NONE}, {5, NONE},
                              {X(6), NONE}};
    postdom(6, sw, d);
    CHECK_EQ(d[0], 6); /* conservatively: the function's exit */
    CHECK_EQ(d[3], 5); /* inside a case: exact */

    /* an early return: 0 -> 1, 3 (return); 1 -> 2; 2 -> 3; 3 ret -> exit,
     * and a second return 4 from 1 */
    const int32_t early[5][2] = {{1, 3}, {2, 4}, {3, NONE}, {X(5), NONE}, {X(5), NONE}};
    postdom(5, early, d);
    CHECK_EQ(d[0], 5); /* two returns: only the exit post-dominates */
    CHECK_EQ(d[1], 5);
    CHECK_EQ(d[2], 3);

    /* an endless loop left only by a thread exit: 0 -> 1; 1 -> 2, 3;
     * 2 -> 4; 3 -> 4; 4 -> 1 (no edge to the exit) */
    const int32_t endless[5][2] = {{1, NONE}, {2, 3}, {4, NONE}, {4, NONE}, {1, NONE}};
    postdom(5, endless, d);
    CHECK_EQ(d[1], 4); /* the loop's if/else still meets at 4 */
    CHECK_EQ(d[4], 5); /* (4 was given the edge to the exit) */
}

/* ---- hand-assembled code ---- */

typedef struct code {
    uint8_t b[256];
    uint32_t n;
} code;

static uint32_t here(const code *c) { return 0x1000 + c->n; }

static void w32(code *c, uint32_t w)
{
    for (int k = 0; k < 4; k++)
        c->b[c->n++] = (uint8_t)(w >> 8 * k);
}

static void w16(code *c, uint16_t h)
{
    c->b[c->n++] = (uint8_t)h;
    c->b[c->n++] = (uint8_t)(h >> 8);
}

static void addi(code *c, unsigned rd, unsigned rs, int imm)
{
    w32(c, (uint32_t)(imm & 0xfff) << 20 | rs << 15 | rd << 7 | 0x13);
}

/* beq/bne rs1, x0 to absolute target */
static void branch(code *c, unsigned f3, unsigned rs1, uint32_t target)
{
    uint32_t o = target - here(c);
    w32(c, (o >> 12 & 1) << 31 | (o >> 5 & 0x3f) << 25 | rs1 << 15 | f3 << 12 |
               (o >> 1 & 0xf) << 8 | (o >> 11 & 1) << 7 | 0x63);
}

static void jal(code *c, unsigned rd, uint32_t target)
{
    uint32_t o = target - here(c);
    w32(c, (o >> 20 & 1) << 31 | (o >> 1 & 0x3ff) << 21 | (o >> 11 & 1) << 20 |
               (o >> 12 & 0xff) << 12 | rd << 7 | 0x6f);
}

static void jalr(code *c, unsigned rd, unsigned rs1) { w32(c, rs1 << 15 | rd << 7 | 0x67); }

static const reconv_point *point(const reconv_table *t, uint32_t pc)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->p[i].pc == pc)
            return &t->p[i];
    return NULL;
}

static void check_at(const reconv_table *t, uint32_t pc, uint32_t rpc)
{
    const reconv_point *p = point(t, pc);
    CHECK(p != NULL);
    if (p) {
        CHECK_EQ(p->kind, RECONV_AT_PC);
        CHECK_EQ(p->rpc, rpc);
    }
    uint32_t r = 0;
    CHECK_EQ(reconv_lookup(t, pc, &r), RECONV_AT_PC);
    CHECK_EQ(r, rpc);
}

static void check_return(const reconv_table *t, uint32_t pc)
{
    const reconv_point *p = point(t, pc);
    CHECK(p != NULL);
    if (p)
        CHECK_EQ(p->kind, RECONV_AT_RETURN);
}

static void test_code(void)
{
    reconv_table t = {0};
    code c = {.n = 0};
    /* if/else with a call in one side and compressed instructions:
     *   0x1000 beq a0, x0, else
     *          addi a1, a1, 1
     *          jal ra, 0x1080        (a call: falls through)
     *          c.addi a1, 1
     *          jal x0, join
     *   else:  c.nop ; ecall (falls through) ; ebreak
     *   join:  addi a2, a2, 1
     *          beq a2, x0, out       (a loop test: the loop's exit)
     *          jal x0, join
     *   out:   jalr x0, 0(ra)        (return) */
    uint32_t b0 = here(&c);
    branch(&c, 0, 10, 0x1020);
    addi(&c, 11, 11, 1);
    jal(&c, 1, 0x1080);
    w16(&c, 0x0585); /* c.addi a1, 1 */
    jal(&c, 0, 0x102a);
    while (here(&c) < 0x1020)
        w16(&c, 0x0001); /* c.nop padding */
    w16(&c, 0x0001);
    w32(&c, 0x00000073); /* ecall */
    w32(&c, 0x00100073); /* ebreak */
    uint32_t join = here(&c);
    CHECK_EQ(join, 0x102a);
    addi(&c, 12, 12, 1);
    uint32_t b1 = here(&c);
    branch(&c, 0, 12, 0x1036);
    jal(&c, 0, join);
    uint32_t out = here(&c);
    CHECK_EQ(out, 0x1036);
    jalr(&c, 0, 1);
    CHECK_EQ(reconv_add_function(&t, c.b, 0x1000, here(&c)), 0);
    check_at(&t, b0, join);
    check_at(&t, b1, out);

    /* a jump table: the indirect jump and the branch before it reconverge
     * at the function's exit; a tail call leaves too */
    reconv_free(&t);
    c.n = 0;
    uint32_t bound = here(&c);
    branch(&c, 1, 10, 0x100c);   /* bne a0, x0, table */
    addi(&c, 10, 0, 0);          /* default */
    jal(&c, 0, 0x1018);          /* -> ret */
    uint32_t jt = here(&c);
    jalr(&c, 0, 6);              /* jr t1 (t0 would be a return: x5 is a link register) */
    addi(&c, 10, 0, 1);          /* a case */
    jal(&c, 0, 0x1018);
    jalr(&c, 0, 1);              /* ret */
    uint32_t tail = here(&c);
    branch(&c, 0, 11, 0x1024);   /* beq a1, x0, +8 */
    jal(&c, 0, 0x2000);          /* a tail call: out of the function */
    jalr(&c, 0, 1);
    CHECK_EQ(reconv_add_function(&t, c.b, 0x1000, here(&c)), 0);
    check_return(&t, bound);
    check_return(&t, jt);
    check_return(&t, tail);
    CHECK(point(&t, 0x1018) == NULL); /* a return is no point */
    uint32_t r;
    CHECK_EQ(reconv_lookup(&t, 0x5000, &r), RECONV_AT_RETURN); /* unknown code */
    reconv_free(&t);
}

int main(void)
{
    test_graphs();
    test_code();
    return check_report("test_cfg");
}
