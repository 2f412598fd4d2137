/* The memory request record (warp/mem_request.h): what warp_execute
 * leaves for a memory pass in the caller's record its outcome points to
 * (kind, bytes per lane, the lanes served and their addresses), and the
 * memory timing's answer to it through memsys_access (the ideal memory: a
 * load's or an atomic's data is due, a store's is not; the hierarchy: a
 * load that misses waits for its line, a store does not hold the warp). */
#include <string.h>

#include "check.h"
#include "memsys/memsys.h"
#include "sim/sim.h"
#include "simty.h"
#include "warp/coalesce.h"
#include "warp/warp_exec.h"

#define T 4
#define CODE 0x100u   /* offsets in RAM */
#define DATA 0x1000u

/* x[reg] of lane l of warp 0 */
static void set_reg(simty_sim *s, unsigned reg, unsigned l, uint32_t v)
{
    warp_regs(s, 0)[reg * T + l] = v;
}

/* Executes instruction word `word` at CODE on the lanes of mask, a0 of
 * lane l being DATA + stride * l; *o: its outcome. */
static void run(simty_sim *s, uint32_t word, lane_mask mask, uint32_t stride, mem_request *req,
                warp_outcome *o)
{
    memcpy(s->ram + CODE, &word, 4);
    sim_flush_decode_cache(s);
    for (unsigned l = 0; l < T; l++) {
        set_reg(s, 10, l, s->ram_base + DATA + stride * l); /* a0 */
        set_reg(s, 12, l, 1);                                /* a2 */
    }
    const path_t p = {.pc = s->ram_base + CODE, .depth = 0, .mask = mask};
    memset(req, 0xff, sizeof *req);
    o->mem = req;
    CHECK(warp_execute(s, 0, 0, T, &p, o));
}

/* The request for lanes `lanes`: kind, size, each served lane's address
 * (a0 + offset) */
static void check_request(simty_sim *s, const warp_outcome *o, const mem_request *req,
                          enum mem_kind kind, unsigned size, lane_mask lanes, uint32_t stride,
                          uint32_t offset)
{
    CHECK(o->memory);
    CHECK(o->mem == req);
    CHECK_EQ(req->kind, kind);
    CHECK_EQ(req->size, size);
    CHECK_EQ(req->lanes, lanes);
    CHECK_EQ(o->retired, lanes);
    for (unsigned l = 0; l < T; l++)
        if (lanes & (1ull << l))
            CHECK_EQ(req->addr[l], s->ram_base + DATA + stride * l + offset);
}

static void test_executor(simty_sim *s)
{
    mem_request req;
    warp_outcome o;

    run(s, 0x00052583u, 0xf, 4, &req, &o); /* lw a1, 0(a0): unit stride, one pass */
    check_request(s, &o, &req, MEM_LOAD, 4, 0xf, 4, 0);
    run(s, 0x00b52023u, 0xb, 4, &req, &o); /* sw a1, 0(a0) on lanes 0, 1, 3 */
    check_request(s, &o, &req, MEM_STORE, 4, 0xb, 4, 0);
    /* sub-word accesses: the simty coalescer serves the leader alone */
    run(s, 0x00251583u, 0x6, 4, &req, &o); /* lh a1, 2(a0) */
    check_request(s, &o, &req, MEM_LOAD, 2, 0x2, 4, 2);
    run(s, 0x00b500a3u, 0xc, 4, &req, &o); /* sb a1, 1(a0) */
    check_request(s, &o, &req, MEM_STORE, 1, 0x4, 4, 1);
    run(s, 0x00053507u, 0xf, 8, &req, &o); /* fld fa0, 0(a0): 8 bytes a lane */
    check_request(s, &o, &req, MEM_LOAD, 8, 0xf, 8, 0);
    run(s, 0x00c525afu, 0xe, 4, &req, &o); /* amoadd.w a1, a2, (a0): the leader alone */
    check_request(s, &o, &req, MEM_AMO, 4, 0x2, 4, 0);
    CHECK_EQ(o.replay, REPLAY_MEMORY);

    run(s, 0x00c58533u, 0xf, 4, &req, &o); /* add a0, a1, a2: no memory pass */
    CHECK(!o.memory);
    CHECK(o.mem == NULL);
}

/* memsys_access on hand-made requests: due[0] after each */
static void test_timing(simty_sim *s, const char *memory)
{
    char err[256];
    CHECK_EQ(simty_memory_preset(&s->cfg, memory, err, sizeof err), 0);
    memsys *m = NULL;
    CHECK_EQ(memsys_create(s, &m, err, sizeof err), 0);
    if (!m)
        return;
    const uint64_t *due = memsys_due_table(m);
    mem_request st = {.lanes = 0xf, .kind = MEM_STORE, .size = 4};
    for (unsigned l = 0; l < T; l++)
        st.addr[l] = s->ram_base + DATA + 4 * l;
    mem_request ld = st;
    ld.kind = MEM_LOAD;
    const uint64_t before = due[0];
    memsys_access(m, 0, &st, 10); /* a store does not hold the warp */
    CHECK_EQ(due[0], before);
    memsys_access(m, 0, &ld, 20);
    if (!memsys_is_hierarchy(m))
        CHECK_EQ(due[0], 20 + 3 + s->cfg.mem_latency);
    else
        CHECK_EQ(due[0], UINT64_MAX); /* the line is not in the L1D yet */
    memsys_destroy(m);
}

int main(void)
{
    simty_config c;
    simty_config_default(&c);
    c.warps = 1;
    c.threads = T;
    char err[256];
    simty_sim *s = simty_create(&c, err, sizeof err);
    CHECK(s != NULL);
    if (!s)
        return check_report("test_mem_request");
    s->coalescer_ops = &coalescer_simty; /* (set when a program starts) */
    test_executor(s);
    test_timing(s, "ideal");
    test_timing(s, "ddr4-3200");
    simty_destroy(s);
    return check_report("test_mem_request");
}
