/* The timing-only memory hierarchy (src/memsys): the tag arrays and MSHRs,
 * the DRAM model against command timings computed by hand, the latency
 * histogram buckets, and the memory configuration through the public API.
 *
 * DRAM times below are in tCK (1000 ps in every test configuration); a
 * request's data ends at COL + CL (CWL) + burst, and done_ps = end * tck. */
#include <string.h>

#include "check.h"
#include "memsys/cache.h"
#include "memsys/dram.h"
#include "memsys/memsys.h"
#include "simty.h"

/* ---- caches and MSHRs ------------------------------------------------- */

static void test_cache(void)
{
    char err[128];
    cache c;
    uint32_t victim;
    bool evicted;

    /* 1 KiB, 4 ways, 64-byte lines: 4 sets; lines 0, 4, 8, ... share set 0 */
    CHECK_EQ(cache_init(&c, 1024, 4, 64, 0, &repl_lru_ops, 0, err, sizeof err), 0);
    CHECK_EQ(c.sets, 4);
    CHECK_EQ(c.line_shift, 6);
    CHECK(!cache_access(&c, 0, false)); /* cold miss */
    for (uint32_t l = 0; l < 16; l += 4) { /* stamps 0:1 4:2 8:3 12:4 */
        CHECK(!cache_fill(&c, l, false, &victim, &evicted));
        CHECK(!evicted); /* invalid ways first */
    }
    for (uint32_t l = 0; l < 16; l += 4)
        CHECK(cache_probe(&c, l));
    CHECK(!cache_probe(&c, 16));
    CHECK(!cache_probe(&c, 1)); /* set 1 is empty */

    /* a fifth conflicting line evicts the least recently used: 0 */
    CHECK(!cache_fill(&c, 16, false, &victim, &evicted)); /* 16:5 */
    CHECK(evicted);
    CHECK_EQ(victim, 0);
    CHECK(!cache_probe(&c, 0));

    /* touching 4 makes 8 the LRU line */
    CHECK(cache_access(&c, 4, false)); /* 4:6 */
    CHECK(!cache_fill(&c, 20, false, &victim, &evicted)); /* 20:7; set {4:6 12:4 16:5 20:7} */
    CHECK(evicted);
    CHECK_EQ(victim, 8);

    /* a probe does not touch LRU: 12 stays the victim-to-be; a write hit
     * on it makes it dirty and most recent, so 16 goes next, then 4, 20 */
    CHECK(cache_probe(&c, 12));
    CHECK(cache_access(&c, 12, true)); /* 12:8 dirty */
    CHECK(!cache_fill(&c, 24, false, &victim, &evicted)); /* 24:9 */
    CHECK(evicted);
    CHECK_EQ(victim, 16);
    CHECK(!cache_fill(&c, 28, false, &victim, &evicted)); /* 28:10 */
    CHECK_EQ(victim, 4);
    CHECK(!cache_fill(&c, 32, true, &victim, &evicted)); /* 32:11 dirty */
    CHECK_EQ(victim, 20);
    /* now 12 (stamp 8) is the LRU line, and it is dirty: a write-back */
    CHECK(cache_fill(&c, 36, false, &victim, &evicted)); /* 36:12 */
    CHECK(evicted);
    CHECK_EQ(victim, 12);
    /* set {24:9 28:10 32:11 dirty 36:12}: a miss-write does nothing */
    CHECK(!cache_access(&c, 40, true));
    CHECK(!cache_fill(&c, 40, false, &victim, &evicted)); /* 40:13 evicts 24, clean */
    CHECK_EQ(victim, 24);
    /* a line filled dirty is reported dirty when it goes: 28 next, then 32 */
    CHECK(!cache_fill(&c, 44, false, &victim, &evicted));
    CHECK_EQ(victim, 28);
    CHECK(cache_fill(&c, 48, false, &victim, &evicted));
    CHECK_EQ(victim, 32);

    /* invalidation: returns the state, frees the way */
    CHECK(cache_access(&c, 36, true)); /* 36 dirty */
    CHECK_EQ(cache_invalidate(&c, 36), CACHE_VALID | CACHE_DIRTY);
    CHECK_EQ(cache_invalidate(&c, 36), 0);
    CHECK_EQ(cache_invalidate(&c, 40), CACHE_VALID);
    CHECK_EQ(cache_invalidate(&c, 1), 0);
    CHECK(!cache_probe(&c, 40));
    CHECK(!cache_fill(&c, 52, false, &victim, &evicted)); /* into a freed way */
    CHECK(!evicted);
    CHECK(!cache_fill(&c, 56, false, &victim, &evicted));
    CHECK(!evicted);
    CHECK(!cache_fill(&c, 60, false, &victim, &evicted)); /* full again: LRU is 44 */
    CHECK(evicted);
    CHECK_EQ(victim, 44);
    /* the other sets were never touched */
    CHECK(!cache_fill(&c, 1, false, &victim, &evicted));
    CHECK(!evicted);
    CHECK(!cache_fill(&c, 3, false, &victim, &evicted));
    CHECK(!evicted);
    cache_free(&c);

    /* an L2 bank of 8 banks: index_shift 3, set = (line >> 3) % 4; lines
     * 0..7 differ only in the bank bits and share set 0, 8..15 set 1 */
    CHECK_EQ(cache_init(&c, 1024, 4, 64, 3, &repl_lru_ops, 0, err, sizeof err), 0);
    CHECK_EQ(c.sets, 4);
    for (uint32_t l = 0; l < 4; l++) {
        CHECK(!cache_fill(&c, l, false, &victim, &evicted));
        CHECK(!evicted);
    }
    CHECK(!cache_fill(&c, 8, false, &victim, &evicted)); /* set 1 */
    CHECK(!evicted);
    CHECK(!cache_fill(&c, 7, false, &victim, &evicted)); /* set 0, full: LRU 0 */
    CHECK(evicted);
    CHECK_EQ(victim, 0);
    CHECK(!cache_fill(&c, 32, false, &victim, &evicted)); /* (32 >> 3) % 4 = 0: LRU 1 */
    CHECK(evicted);
    CHECK_EQ(victim, 1);
    CHECK(cache_probe(&c, 7) && cache_probe(&c, 32) && cache_probe(&c, 8));
    cache_free(&c);

    /* direct mapped */
    CHECK_EQ(cache_init(&c, 256, 1, 64, 0, &repl_lru_ops, 0, err, sizeof err), 0);
    CHECK_EQ(c.sets, 4);
    CHECK(!cache_fill(&c, 5, true, &victim, &evicted));
    CHECK(cache_fill(&c, 9, false, &victim, &evicted)); /* 9 % 4 = 5 % 4 */
    CHECK_EQ(victim, 5);
    cache_free(&c);
}

static void test_mshr(void)
{
    char err[128];
    mshr_file f;
    CHECK_EQ(mshr_init(&f, 2, err, sizeof err), 0);
    CHECK(mshr_find(&f, 5) == NULL);
    mshr *a = mshr_alloc(&f, 5);
    CHECK(a != NULL);
    if (!a)
        return;
    CHECK(a->busy && a->line == 5 && !a->dirty && !a->mask[0] && !a->mask[1] && !a->atomics);
    a->mask[0] = 3;
    a->dirty = true;
    a->atomics = 7;
    CHECK(mshr_find(&f, 5) == a);
    CHECK(mshr_find(&f, 6) == NULL);
    mshr *b = mshr_alloc(&f, 6);
    CHECK(b != NULL && b != a);
    CHECK_EQ(f.used, 2);
    CHECK(mshr_alloc(&f, 7) == NULL); /* full */
    CHECK(mshr_find(&f, 6) == b);
    mshr_release(&f, a);
    CHECK_EQ(f.used, 1);
    CHECK(mshr_find(&f, 5) == NULL);
    mshr *c = mshr_alloc(&f, 7); /* reuses the freed entry, cleared */
    CHECK(c == a);
    CHECK(c && c->line == 7 && !c->dirty && !c->mask[0] && !c->atomics);
    CHECK(mshr_find(&f, 7) == c);
    CHECK(mshr_alloc(&f, 8) == NULL);
    mshr_release(&f, b);
    mshr_release(&f, c);
    CHECK_EQ(f.used, 0);
    CHECK(mshr_find(&f, 6) == NULL && mshr_find(&f, 7) == NULL);
    mshr_free(&f);
}

/* ---- DRAM --------------------------------------------------------------- */

#define MAXREC 16384

typedef struct rec {
    dram_done d[MAXREC];
    unsigned n;
} rec;

static void on_done(void *ctx, const dram_done *x)
{
    rec *r = ctx;
    if (r->n < MAXREC)
        r->d[r->n++] = *x;
}

static const dram_done *by_id(const rec *r, uint64_t id)
{
    static const dram_done none = {.id = ~0ull, .done_ps = ~0ull, .row = 0xff};
    for (unsigned i = 0; i < r->n; i++)
        if (r->d[i].id == id)
            return &r->d[i];
    return &none;
}

/* The base device: 1 channel, 4 banks in 2 groups (bank b in group b % 2),
 * 256-byte rows (4 lines of 64 bytes), a 128-bit bus: burst = 64*8/128/2 =
 * 2 clocks.  Line L: bank (L/4) % 4, row L/16 (dram_map).  tFAW 12. */
static simty_dram_config base_cfg(void)
{
    return (simty_dram_config){
        .channels = 1, .banks = 4, .bank_groups = 2, .row_bytes = 256, .bus_bits = 128,
        .tck_ps = 1000, .cl = 5, .cwl = 4, .rcd = 3, .rp = 4, .ras = 9, .rrd_s = 2, .rrd_l = 3,
        .faw = 12, .ccd_s = 2, .ccd_l = 3, .wr = 6, .wtr_s = 2, .wtr_l = 5, .rtp = 2, .rtw = 1,
        .refi = 1000, .rfc = 20, .refresh = 0,
    };
}

static void dram_new(dram *d, const simty_dram_config *c)
{
    char err[128];
    CHECK_EQ(dram_init(d, c, 64, err, sizeof err), 0);
}

static void push(dram *d, uint64_t id, uint32_t line, bool write, uint64_t at_tck)
{
    CHECK_EQ(dram_push(d, id, line, write, at_tck * 1000), 0);
}

#define DONE(r, id) (by_id(&(r), (id))->done_ps)
#define ROW(r, id) (by_id(&(r), (id))->row)
#define FAR 1000000000ull /* advance until: every decision */

static void test_dram_basic(void)
{
    simty_dram_config c = base_cfg();
    dram d;
    rec r = {0};

    /* mapping and queueing */
    dram_new(&d, &c);
    CHECK_EQ(d.burst, 2);
    CHECK_EQ(d.lines_per_row, 4);
    {
        unsigned ch, b;
        uint32_t row;
        dram_map(&d, 0, &ch, &b, &row);
        CHECK(ch == 0 && b == 0 && row == 0);
        dram_map(&d, 3, &ch, &b, &row); /* same row */
        CHECK(ch == 0 && b == 0 && row == 0);
        dram_map(&d, 4, &ch, &b, &row); /* next bank */
        CHECK(ch == 0 && b == 1 && row == 0);
        dram_map(&d, 15, &ch, &b, &row); /* 15/4 = 3 */
        CHECK(ch == 0 && b == 3 && row == 0);
        dram_map(&d, 16, &ch, &b, &row); /* 16/4 = 4: bank 0, row 1 */
        CHECK(ch == 0 && b == 0 && row == 1);
        dram_map(&d, 37, &ch, &b, &row); /* 37/4 = 9: bank 1, row 2 */
        CHECK(ch == 0 && b == 1 && row == 2);
    }
    {
        /* map 1 on 2 channels: channel = L % 2; within a channel r = L / 2,
         * group r % 2, then r / 2 fills a 4-line row of bank
         * (r/2/4 % 2) * 2 + group, row r/2/4/2 */
        simty_dram_config c1 = base_cfg();
        c1.map = 1;
        c1.channels = 2;
        dram d1;
        unsigned ch, b;
        uint32_t row;
        dram_new(&d1, &c1);
        dram_map(&d1, 0, &ch, &b, &row);
        CHECK(ch == 0 && b == 0 && row == 0);
        dram_map(&d1, 1, &ch, &b, &row); /* channel 1 */
        CHECK(ch == 1 && b == 0 && row == 0);
        dram_map(&d1, 2, &ch, &b, &row); /* r 1: group 1 */
        CHECK(ch == 0 && b == 1 && row == 0);
        dram_map(&d1, 4, &ch, &b, &row); /* r 2: group 0, same row as line 0 */
        CHECK(ch == 0 && b == 0 && row == 0);
        dram_map(&d1, 16, &ch, &b, &row); /* r 8: r/2 = 4: next bank of group 0 */
        CHECK(ch == 0 && b == 2 && row == 0);
        dram_map(&d1, 19, &ch, &b, &row); /* channel 1, r 9: group 1, r/2 = 4: bank 3 */
        CHECK(ch == 1 && b == 3 && row == 0);
        dram_map(&d1, 32, &ch, &b, &row); /* r 16: r/2 = 8: 8/4 = 2: bank 0, row 1 */
        CHECK(ch == 0 && b == 0 && row == 1);
        /* a stream of 4 reads of channel 0 (lines 0, 2, 4, 6: groups 0 1 0 1,
         * banks 0 1 0 1) arriving at 0, one decision per clock, first ready:
         * tau 0: all equal (empty banks), the oldest id0: ACT b0 0, READ 3,
         *   data 8..10;
         * tau 1: id2 (row hit, b0, group 0) could READ at max(rdwr_ok 3,
         *   3 + tCCD_S 2, 3 + tCCD_L 3) = 6, data 11..13; id1 (b1, group 1)
         *   ACT at 2 (tRRD_S), READ max(5, 3 + tCCD_S) = 5, data 10..12 on a
         *   bus free at 10: id1 is ready first (the row hit would wait
         *   tCCD_L), data 10..12;
         * tau 2: id2 READ max(3, 5 + 2, 3 + 3) = 7, data 12..14; id3 (row hit
         *   in b1 now) max(5, 7, 5 + 3) = 8, data 13..15 -> id2;
         * tau 3: id3 READ max(5, 7 + 2, 5 + 3) = 9, data 14..16.  The bus is
         *   full: a burst every tCCD_S, as bank groups allow. */
        rec r1 = {0};
        for (unsigned i = 0; i < 4; i++)
            push(&d1, i, 2 * i, false, 0);
        dram_advance(&d1, FAR, on_done, &r1);
        CHECK_EQ(DONE(r1, 0), 10000);
        CHECK_EQ(DONE(r1, 1), 12000);
        CHECK_EQ(DONE(r1, 2), 14000);
        CHECK_EQ(DONE(r1, 3), 16000);
        CHECK_EQ(ROW(r1, 2), DRAM_ROW_HIT);
        dram_free(&d1);
    }

    /* a row-empty read at 0: ACT 0, READ 0+tRCD = 3, data 3+CL = 8 .. 10 */
    push(&d, 1, 0, false, 0);
    CHECK_EQ(dram_queued(&d), 1);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(dram_queued(&d), 0);
    CHECK_EQ(r.n, 1);
    CHECK_EQ(DONE(r, 1), 10000);
    CHECK_EQ(ROW(r, 1), DRAM_ROW_EMPTY);
    CHECK_EQ(by_id(&r, 1)->arrive_ps, 0);
    CHECK(!by_id(&r, 1)->write);
    dram_free(&d);

    /* tFAW counts ACTs, not time since 0: at cycle 0 a second ACT (other
     * bank group) waits tRRD_S only.  ACT0 0, READ 3, data 8..10; at tau 1:
     * ACT1 = max(1, 0 + tRRD_S 2) = 2, READ 5 (tCCD_S: 3+2 = 5), data
     * 10..12 (bus free at 10): done 12.  (Four ACTs have not happened yet,
     * so no tFAW bound applies.) */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 0);
    push(&d, 2, 4, false, 0);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 10000);
    CHECK_EQ(DONE(r, 2), 12000);
    dram_free(&d);

    /* From here on every test starts at cycle 100 (> tFAW). */

    /* empty, hit, conflict, all arriving at 100 (bank 0: lines 0, 1 row 0,
     * line 16 row 1)
     *  #1 tau 100: ACT 100, READ 103, data 108..110 (EMPTY); tRAS: PRE >= 109
     *  #2 tau 101: hit, READ max(101, 103) then tCCD_L (same group) 103+3 =
     *     106; data 111..113 (bus free at 110): done 113 (HIT)
     *  #3 tau 107: conflict, PRE max(107, tRAS 109, tRTP 106+2) = 109,
     *     ACT 109+tRP = 113, READ 116, data 121..123 (CONFLICT) */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 1, false, 100);
    push(&d, 3, 16, false, 100);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(r.n, 3);
    CHECK_EQ(DONE(r, 1), 110000);
    CHECK_EQ(ROW(r, 1), DRAM_ROW_EMPTY);
    CHECK_EQ(DONE(r, 2), 113000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_HIT);
    CHECK_EQ(DONE(r, 3), 123000);
    CHECK_EQ(ROW(r, 3), DRAM_ROW_CONFLICT);
    dram_free(&d);

    /* tRTP bounds the precharge: #1 as above (READ 103, PRE >= 109);
     *  #2 (hit, arrives 110): READ 110, data 115..117, PRE >= 110+tRTP = 112
     *  #3 (conflict, arrives 111): PRE 112, ACT 116, READ 119, data 124..126 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 1, false, 110);
    push(&d, 3, 16, false, 111);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 2), 117000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_HIT);
    CHECK_EQ(DONE(r, 3), 126000);
    CHECK_EQ(ROW(r, 3), DRAM_ROW_CONFLICT);
    dram_free(&d);

    /* tWR bounds the precharge after a write:
     *  W (line 0, alone) tau 100: ACT 100, WRITE 103, data 107..109 (CWL 4),
     *    PRE >= max(ACT+tRAS 109, 109 + tWR 6) = 115
     *  R (line 16, conflict, arrives 101): PRE 115, ACT 119, READ 122
     *    (tWTR_L: 109+5 = 114 is earlier), data 127..129 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, true, 100);
    push(&d, 2, 16, false, 101);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 109000);
    CHECK(by_id(&r, 1)->write);
    CHECK_EQ(DONE(r, 2), 129000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_CONFLICT);
    dram_free(&d);

    /* arrival rounds up to the next clock; until_ps bounds the decisions:
     * arrives 100.5 -> tau 101: ACT 101, READ 104, data 109..111 */
    dram_new(&d, &c);
    r.n = 0;
    CHECK_EQ(dram_push(&d, 9, 0, false, 100500), 0);
    dram_advance(&d, 100999, on_done, &r); /* cycle 100: not arrived */
    CHECK_EQ(r.n, 0);
    CHECK_EQ(dram_queued(&d), 1);
    dram_advance(&d, 101000, on_done, &r);
    CHECK_EQ(r.n, 1);
    CHECK_EQ(DONE(r, 9), 111000);
    CHECK_EQ(by_id(&r, 9)->arrive_ps, 100500);
    dram_free(&d);
}

static void test_dram_banks(void)
{
    simty_dram_config c = base_cfg();
    dram d;
    rec r = {0};

    /* bank parallelism: banks 0 (group 0), 1 (group 1), 2 (group 0)
     *  #1 tau 100: ACT 100, READ 103, data 108..110
     *  #2 tau 101: ACT max(101, 100+tRRD_S 2) = 102, READ 105 (tCCD_S
     *     103+2 = 105), data 110..112
     *  #3 tau 103: ACT max(103, 102+tRRD_S) = 104 (and 100+tRRD_L 3 =
     *     103), READ 107 (105+2), data 112..114
     * (one bank after the other would end at 110, 120, 130) */
    dram_new(&d, &c);
    push(&d, 1, 0, false, 100);
    push(&d, 2, 4, false, 100);
    push(&d, 3, 8, false, 100);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 110000);
    CHECK_EQ(DONE(r, 2), 112000);
    CHECK_EQ(DONE(r, 3), 114000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_EMPTY);
    CHECK_EQ(ROW(r, 3), DRAM_ROW_EMPTY);
    dram_free(&d);

    /* same bank group: banks 0 and 2
     *  #2 tau 101: ACT max(101, 100+tRRD_L 3) = 103, READ 106 (tCCD_L
     *     103+3 = 106), data 111..113 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 8, false, 100);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 2), 113000);
    dram_free(&d);

    /* FR-FCFS: a younger row hit (line 2) goes before an older conflict
     * (line 16), both to bank 0
     *  #1 tau 100: ACT 100, READ 103, done 110
     *  tau 101: #3 hit: READ 106 (tCCD_L), done 113
     *  tau 107: #2 conflict: PRE 109 (tRAS), ACT 113, READ 116, done 123 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 16, false, 100);
    push(&d, 3, 2, false, 100);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(r.n, 3);
    CHECK_EQ(r.d[1].id, 3);
    CHECK_EQ(r.d[2].id, 2);
    CHECK_EQ(DONE(r, 3), 113000);
    CHECK_EQ(ROW(r, 3), DRAM_ROW_HIT);
    CHECK_EQ(DONE(r, 2), 123000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_CONFLICT);
    dram_free(&d);

    /* ... but only among requests that have arrived: the hit arrives at
     * 105, after the decision at 101 for the conflict
     *  #2 tau 101: PRE max(101, 109) = 109, ACT 113, READ 116, done 123
     *  #3 tau 110 (next decision PRE+1): bank 0 holds row 1 now: conflict,
     *     PRE max(110, ACT 113 + tRAS 9 = 122) = 122, ACT 126, READ 129,
     *     data 134..136 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 16, false, 100);
    push(&d, 3, 2, false, 105);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(r.d[1].id, 2);
    CHECK_EQ(DONE(r, 2), 123000);
    CHECK_EQ(DONE(r, 3), 136000);
    CHECK_EQ(ROW(r, 3), DRAM_ROW_CONFLICT);
    dram_free(&d);

    /* tRRD_L and tCCD_L bind commands to the same bank group even with a
     * command to the other group in between (here tRRD_L = tCCD_L = 6,
     * more than twice the _S values): banks 0 (group 0), 1 (group 1),
     * 2 (group 0)
     *  #1 tau 100: ACT 100, READ 103, done 110
     *  #2 tau 101: ACT 102, READ 105, done 112
     *  #3 tau 103: ACT max(103, 102 + tRRD_S 2, 100 + tRRD_L 6) = 106,
     *     READ max(106 + 3, 105 + tCCD_S 2, 103 + tCCD_L 6) = 109, data
     *     114..116 */
    c.rrd_l = 6;
    c.ccd_l = 6;
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 4, false, 100);
    push(&d, 3, 8, false, 100);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 2), 112000);
    CHECK_EQ(DONE(r, 3), 116000); /* tRRD_L */
    dram_free(&d);
    /*  the same with #3 a row hit to bank 0 (line 1, arrives 103): READ
     *  max(103, 105 + tCCD_S 2, 103 + tCCD_L 6) = 109, data 114..116 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 4, false, 100);
    push(&d, 3, 1, false, 103);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(ROW(r, 3), DRAM_ROW_HIT);
    CHECK_EQ(DONE(r, 3), 116000); /* tCCD_L */
    dram_free(&d);
    c = base_cfg();

    /* tFAW: 8 banks (line L: bank (L/4) % 8), five ACTs, groups 0 1 0 1 0
     *  ACTs at 100, 102, 104, 106 (tRRD_S), READs 103, 105, 107, 109,
     *  done 110, 112, 114, 116; the fifth ACT (tau 107): max(107, 106+2,
     *  first of the last four 100 + tFAW 12 = 112) = 112, READ 115, data
     *  120..122 (without tFAW: ACT 108, done 118) */
    c.banks = 8;
    dram_new(&d, &c);
    r.n = 0;
    for (unsigned i = 0; i < 5; i++)
        push(&d, i + 1, 4 * i, false, 100);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 110000);
    CHECK_EQ(DONE(r, 2), 112000);
    CHECK_EQ(DONE(r, 3), 114000);
    CHECK_EQ(DONE(r, 4), 116000);
    CHECK_EQ(DONE(r, 5), 122000);
    dram_free(&d);
    c.banks = 4;

    /* two channels: line L in channel L % 2, bank ((L/2)/4) % 4, row
     * (L/2)/16; channels are independent */
    c.channels = 2;
    dram_new(&d, &c);
    {
        unsigned ch, b;
        uint32_t row;
        dram_map(&d, 1, &ch, &b, &row);
        CHECK(ch == 1 && b == 0 && row == 0);
        dram_map(&d, 7, &ch, &b, &row); /* 7/2 = 3: same row as line 1 */
        CHECK(ch == 1 && b == 0 && row == 0);
        dram_map(&d, 8, &ch, &b, &row); /* 8/2 = 4 -> bank 1 */
        CHECK(ch == 0 && b == 1 && row == 0);
        dram_map(&d, 31, &ch, &b, &row); /* 15/4 = 3 */
        CHECK(ch == 1 && b == 3 && row == 0);
        dram_map(&d, 32, &ch, &b, &row); /* 16/4 = 4 -> bank 0, row 1 */
        CHECK(ch == 0 && b == 0 && row == 1);
        dram_map(&d, 71, &ch, &b, &row); /* 35/4 = 8 -> bank 0, row 2 */
        CHECK(ch == 1 && b == 0 && row == 2);
    }
    r.n = 0;
    push(&d, 1, 0, false, 100); /* channel 0 */
    push(&d, 2, 1, false, 100); /* channel 1: no tRRD, no shared bus */
    CHECK_EQ(dram_queued(&d), 2);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 110000);
    CHECK_EQ(DONE(r, 2), 110000);
    dram_free(&d);
}

static void test_dram_writes(void)
{
    simty_dram_config c = base_cfg();
    dram d;
    rec r = {0};

    /* reads first: W (line 4, bank 1) and R (line 0, bank 0) arrive at 100
     *  tau 100: R: ACT 100, READ 103, data 108..110
     *  tau 101: W: ACT max(101, 100+tRRD_S) = 102, WRITE >= 105 (tRCD,
     *     tCCD_S 103+2); its data must start after the read's end plus
     *     the turnaround: 110 + rtw 1 = 111 = WRITE + CWL 4 -> WRITE 107,
     *     data 111..113
     *  R2 (line 8, bank 2, group 0; arrives 102, after W's decision) at
     *     tau 103: ACT max(103, 102+tRRD_S) = 104, READ >= 107 (tRCD),
     *     109 (tCCD_S), 113 + tWTR_S 2 = 115 (write to read, other
     *     group): data 120..122 */
    dram_new(&d, &c);
    push(&d, 1, 4, true, 100);
    push(&d, 2, 0, false, 100);
    push(&d, 3, 8, false, 102);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(r.n, 3);
    CHECK_EQ(r.d[0].id, 2);
    CHECK_EQ(r.d[1].id, 1);
    CHECK_EQ(DONE(r, 2), 110000);
    CHECK_EQ(DONE(r, 1), 113000);
    CHECK_EQ(ROW(r, 1), DRAM_ROW_EMPTY);
    CHECK_EQ(DONE(r, 3), 122000);
    dram_free(&d);

    /* tWTR_L holds for a read to the written bank group even when a read
     * to the other group came in between.
     *  O0 (line 0, bank 0) tau 100: ACT 100, READ 103, done 110
     *  O1 (line 4, bank 1) tau 101: ACT 102, READ 105, done 112
     *  W (line 1, bank 0 hit, the only arrived request) tau 103: WRITE >=
     *     107 (tCCD_S); data after 112 + rtw = 113 -> WRITE 109, data
     *     113..115
     *  Ra (line 5, bank 1 hit, arrives 104) tau 110: READ max(110, 109+2,
     *     115 + tWTR_S 2) = 117, data 122..124
     *  Rb (line 2, bank 0 hit, arrives 104) tau 118: READ >= 118, 117 +
     *     tCCD_S = 119, and tWTR_L from W (same group): 115 + 5 = 120;
     *     data 125..127 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 4, false, 100);
    push(&d, 3, 1, true, 100);
    push(&d, 4, 5, false, 104);
    push(&d, 5, 2, false, 104);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(r.n, 5);
    CHECK_EQ(DONE(r, 3), 115000);
    CHECK_EQ(ROW(r, 3), DRAM_ROW_HIT);
    CHECK_EQ(DONE(r, 4), 124000);
    CHECK_EQ(DONE(r, 5), 127000); /* tWTR_L */
    dram_free(&d);

    /* the write drain: with 31 writes queued a read goes first; with
     * DRAM_WQ_HIGH = 32 the writes drain until DRAM_WQ_LOW = 8 are left
     * (24 writes), and only then the read (which waited all along) */
    for (unsigned nw = DRAM_WQ_HIGH - 1; nw <= DRAM_WQ_HIGH; nw++) {
        dram_new(&d, &c);
        r.n = 0;
        push(&d, 100, 200, false, 100);
        for (unsigned i = 0; i < nw; i++)
            push(&d, i, i, true, 100);
        dram_advance(&d, FAR, on_done, &r);
        CHECK_EQ(r.n, nw + 1);
        unsigned at = 99;
        for (unsigned i = 0; i < r.n; i++)
            if (r.d[i].id == 100)
                at = i;
        CHECK_EQ(at, nw == DRAM_WQ_HIGH ? DRAM_WQ_HIGH - DRAM_WQ_LOW : 0);
        dram_free(&d);
    }

    /* a backlog the channel never works off does not starve reads: with
     * 100 writes and 40 reads queued at once, DRAM_WRITE_BATCH writes go,
     * then DRAM_READ_BATCH reads, then writes again, and so on */
    dram_new(&d, &c);
    r.n = 0;
    for (unsigned i = 0; i < 100; i++)
        push(&d, i, 4 * i, true, 100);
    for (unsigned i = 0; i < 40; i++)
        push(&d, 1000 + i, 4 * i + 1, false, 100);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(r.n, 140);
    {
        unsigned pos = 0, ok = 1;
        for (unsigned round = 0; round < 2; round++) {
            for (unsigned i = 0; i < DRAM_WRITE_BATCH; i++, pos++)
                ok &= r.d[pos].write;
            for (unsigned i = 0; i < DRAM_READ_BATCH; i++, pos++)
                ok &= !r.d[pos].write;
        }
        CHECK_EQ(ok, 1);
        unsigned last_read = 0;
        for (unsigned i = 0; i < r.n; i++)
            if (!r.d[i].write)
                last_read = i;
        /* the 40 reads are done by the third read batch, not after all writes */
        CHECK_EQ(last_read, 3 * DRAM_WRITE_BATCH + 40 - 1);
    }
    dram_free(&d);

    /* within a class: a conflict in bank 0 (line 16, row 1) behind a
     * stream of row hits to bank 0's open row 0 (one per clock, more than
     * the bus carries, so a backlog older than DRAM_STARVE builds up) goes
     * once the hits that arrived within DRAM_STARVE clocks after it are
     * served: the same time whether the stream is 3000, 8000 or 16000 hits
     * long, and long before it ends */
    {
        uint64_t done[3];
        const unsigned len[3] = {3000, 8000, 16000};
        for (unsigned t = 0; t < 3; t++) {
            dram_new(&d, &c);
            r.n = 0;
            push(&d, 1, 0, false, 99);
            for (unsigned i = 0; i < len[t]; i++) {
                if (i == 2900)
                    push(&d, 2, 16, false, 100 + i);
                push(&d, 10 + i, 0, false, 100 + i);
            }
            dram_advance(&d, FAR, on_done, &r);
            CHECK_EQ(r.n, len[t] + 2);
            CHECK_EQ(ROW(r, 2), DRAM_ROW_CONFLICT);
            done[t] = DONE(r, 2);
            /* bank 0 serves one hit per tCCD_L = 3 clocks: at worst the
             * 2900 hits that came before it and DRAM_STARVE clocks' worth
             * after it (one per clock) */
            CHECK(done[t] <= (100 + 3 * (2900 + DRAM_STARVE + 2) + 30) * 1000ull);
            if (t)
                CHECK(done[t] < DONE(r, 10 + len[t] - 1)); /* not after the stream */
            dram_free(&d);
        }
        CHECK_EQ(done[1], done[2]);
    }

    /* across classes, a write that waited DRAM_STARVE clocks starts a drain:
     * one write, below DRAM_WQ_HIGH, behind a read stream that never
     * pauses (a row hit every clock, more than the bus carries) goes once it has waited that long,
     * not after the stream */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 1, true, 100);
    for (unsigned i = 0; i < 1500; i++)
        push(&d, 10 + i, 0, false, 100 + i);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(r.n, 1501);
    CHECK(DONE(r, 1) > (100 + DRAM_STARVE) * 1000ull);
    CHECK(DONE(r, 1) < (100 + DRAM_STARVE + 40) * 1000ull);
    dram_free(&d);
}

static void test_dram_refresh(void)
{
    simty_dram_config c = base_cfg();
    dram d;
    rec r = {0};
    c.refresh = 1;
    c.refi = 200;
    c.rfc = 20;

    /* refresh closes the row and delays the ACT:
     *  #1 tau 100: ACT 100, READ 103, done 110; PRE allowed from 109
     *  #2 (line 1, same row) arrives 205: the refresh due at 200 first
     *     precharges bank 0 (at max(200, 109) = 200, tRP: REF at 204),
     *     ACTs wait until 204 + tRFC 20 = 224: row empty, ACT 224, READ
     *     227, data 232..234 */
    dram_new(&d, &c);
    push(&d, 1, 0, false, 100);
    push(&d, 2, 1, false, 205);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 110000);
    CHECK_EQ(DONE(r, 2), 234000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_EMPTY);
    CHECK_EQ(d.ch[0].refreshes, 1);
    dram_free(&d);

    /* the refresh waits for tRAS of a row opened just before it:
     *  #1 tau 195: ACT 195, READ 198, done 205; PRE >= 195+9 = 204
     *  #2 (line 1) arrives 201: refresh at 200: PRE 204, REF 208, ACTs
     *     from 228: ACT 228, READ 231, data 236..238 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 195);
    push(&d, 2, 1, false, 201);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 205000);
    CHECK_EQ(DONE(r, 2), 238000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_EMPTY);
    dram_free(&d);

    /* several refreshes while idle: the first (200) closes the open row, so
     * the ones at 400 and 600 find every bank precharged: no tRP; ACTs
     * from 600 + tRFC = 620.  #2 arrives 610: ACT 620, READ 623, data
     * 628..630 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 100);
    push(&d, 2, 1, false, 610);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 2), 630000);
    CHECK_EQ(ROW(r, 2), DRAM_ROW_EMPTY);
    CHECK_EQ(d.ch[0].refreshes, 3);
    dram_free(&d);

    /* a request between refreshes is not delayed: arrives 250 (refresh at
     * 200 while idle, ACTs from 220): ACT 250, READ 253, done 260 */
    dram_new(&d, &c);
    r.n = 0;
    push(&d, 1, 0, false, 250);
    dram_advance(&d, FAR, on_done, &r);
    CHECK_EQ(DONE(r, 1), 260000);
    dram_free(&d);
}

static void test_dram_check(void)
{
    char err[160];
    simty_dram_config c = base_cfg();
    CHECK_EQ(dram_check(&c, 64, err, sizeof err), 0);
    c.bank_groups = 3; /* does not divide 4 banks */
    CHECK_EQ(dram_check(&c, 64, err, sizeof err), -1);
    c = base_cfg();
    c.bus_bits = 96;
    CHECK_EQ(dram_check(&c, 64, err, sizeof err), -1);
    c = base_cfg();
    c.bus_bits = 512; /* 64-byte line < one clock of data (2 x 512 bits) */
    CHECK_EQ(dram_check(&c, 64, err, sizeof err), -1);
    c.bus_bits = 256; /* exactly one clock */
    CHECK_EQ(dram_check(&c, 64, err, sizeof err), 0);
    c = base_cfg();
    c.row_bytes = 32; /* smaller than a line */
    CHECK_EQ(dram_check(&c, 64, err, sizeof err), -1);
    c = base_cfg();
    c.refresh = 1;
    c.rfc = c.refi;
    CHECK_EQ(dram_check(&c, 64, err, sizeof err), -1);
}

/* ---- latency buckets ---------------------------------------------------- */

static void test_buckets(void)
{
    unsigned bad_upper = 0, bad_close = 0, bad_mono = 0, bad_self = 0;
    unsigned prev = 0;
    for (uint64_t v = 0; v <= 100000; v++) {
        unsigned b = memsys_latency_bucket(v);
        uint64_t u = memsys_bucket_upper(b);
        if (b >= SIMTY_LATENCY_BUCKETS || u < v)
            bad_upper++;
        else if ((u - v) * 8 > v)
            bad_close++;
        if (b < prev || b > prev + 1) /* monotone, no bucket skipped */
            bad_mono++;
        if (v && b != prev && memsys_bucket_upper(prev) != v - 1) /* contiguous */
            bad_mono++;
        prev = b;
    }
    for (unsigned b = 0; b < SIMTY_LATENCY_BUCKETS; b++) {
        if (memsys_latency_bucket(memsys_bucket_upper(b)) != b)
            bad_self++;
        if (b && memsys_bucket_upper(b) <= memsys_bucket_upper(b - 1))
            bad_self++;
    }
    CHECK_EQ(bad_upper, 0);
    CHECK_EQ(bad_close, 0);
    CHECK_EQ(bad_mono, 0);
    CHECK_EQ(bad_self, 0);
    CHECK_EQ(memsys_latency_bucket(15), 15);
    CHECK_EQ(memsys_bucket_upper(15), 15);
    CHECK_EQ(memsys_latency_bucket(16), 16); /* [16, 17] */
    CHECK_EQ(memsys_bucket_upper(16), 17);
    CHECK_EQ(memsys_latency_bucket(100), 16 + 2 * 8 + 4); /* 64..127 by 8: 96..103 */
    CHECK_EQ(memsys_bucket_upper(16 + 2 * 8 + 4), 103);
    CHECK_EQ(memsys_latency_bucket(~0ull), SIMTY_LATENCY_BUCKETS - 1);
}

/* ---- configuration ------------------------------------------------------ */

static void expect_set_fails(simty_config *cfg, const char *a, const char *needle)
{
    char err[256] = "";
    simty_memory_config before = cfg->memory;
    CHECK_EQ(simty_memory_set(cfg, a, err, sizeof err), -1);
    CHECK(!memcmp(&before, &cfg->memory, sizeof before)); /* unchanged */
    if (!strstr(err, needle) || strchr(err, '\n')) {
        fprintf(stderr, "%s: expected '%s' in '%s'\n", a, needle, err);
        CHECK(0);
    }
}

static void expect_check_fails(const simty_config *cfg, const char *needle)
{
    char err[256] = "";
    CHECK_EQ(simty_config_check(cfg, err, sizeof err), -1);
    if (!strstr(err, needle) || strchr(err, '\n')) {
        fprintf(stderr, "expected '%s' in '%s'\n", needle, err);
        CHECK(0);
    }
}

static void test_config(void)
{
    char err[256];
    simty_config cfg;
    simty_config_default(&cfg);
    CHECK_EQ(cfg.memory.kind, SIMTY_MEMORY_IDEAL);
    CHECK(!strcmp(cfg.memory.preset, "ideal"));
    CHECK_EQ(simty_config_check(&cfg, err, sizeof err), 0);
    /* no setting on the ideal memory */
    expect_set_fails(&cfg, "l2.size=2M", "needs a memory hierarchy");

    /* presets */
    CHECK_EQ(simty_memory_preset(&cfg, "hbm2", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.kind, SIMTY_MEMORY_HIERARCHY);
    CHECK(!strcmp(cfg.memory.preset, "hbm2"));
    CHECK_EQ(cfg.memory.dram.channels, 16);
    CHECK_EQ(cfg.memory.dram.tck_ps, 1000);
    CHECK_EQ(simty_config_check(&cfg, err, sizeof err), 0);
    CHECK_EQ(simty_memory_preset(&cfg, "ddr4-3200", err, sizeof err), 0);
    CHECK(!strcmp(cfg.memory.preset, "ddr4-3200"));
    CHECK_EQ(cfg.memory.dram.channels, 2);
    CHECK_EQ(cfg.memory.dram.tck_ps, 625);
    CHECK_EQ(cfg.memory.dram.cl, 22);
    CHECK_EQ(cfg.memory.line, 64);
    CHECK_EQ(cfg.memory.l2.size, 1u << 20);
    CHECK_EQ(cfg.memory.l2_banks, 8);
    CHECK_EQ(simty_config_check(&cfg, err, sizeof err), 0);
    err[0] = 0;
    simty_memory_config before = cfg.memory;
    CHECK_EQ(simty_memory_preset(&cfg, "ddr5", err, sizeof err), -1);
    CHECK(strstr(err, "ddr5") && strstr(err, "unknown memory"));
    CHECK(!memcmp(&before, &cfg.memory, sizeof before));

    /* good settings */
    CHECK_EQ(simty_memory_set(&cfg, "l2.size=2M", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.l2.size, 2u << 20);
    CHECK(!strcmp(cfg.memory.preset, "ddr4-3200*")); /* changed from the preset */
    CHECK_EQ(simty_memory_set(&cfg, "l1d.size=32K", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.l1d.size, 32768);
    CHECK_EQ(simty_memory_set(&cfg, "l1i.size=8k", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.l1i.size, 8192);
    CHECK_EQ(simty_memory_set(&cfg, "l1d.size=65536", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.l1d.size, 65536);
    CHECK_EQ(simty_memory_set(&cfg, "l2.size=1G", err, sizeof err), 0); /* the maximum */
    CHECK_EQ(cfg.memory.l2.size, 1u << 30);
    CHECK_EQ(simty_memory_set(&cfg, "l1d.mshrs=3", err, sizeof err), 0); /* no power of two needed */
    CHECK_EQ(cfg.memory.l1d.mshrs, 3);
    CHECK_EQ(simty_memory_set(&cfg, "l1d.write_back=1", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.l1d_write_back, 1);
    CHECK_EQ(simty_memory_set(&cfg, "dram.refresh=0", err, sizeof err), 0);
    CHECK_EQ(simty_memory_set(&cfg, "dram.cl=24", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.dram.cl, 24);
    CHECK(!strcmp(cfg.memory.preset, "ddr4-3200*")); /* marked once */
    CHECK_EQ(simty_memory_set(&cfg, "dram.row_bytes=4K", err, sizeof err), 0);
    CHECK_EQ(cfg.memory.dram.row_bytes, 4096);
    /* a 1 GiB L2 of 64-byte lines and the L1s: more than 2^24 tags in all */
    CHECK(simty_config_check(&cfg, err, sizeof err) != 0 && strstr(err, "lines in all"));
    CHECK_EQ(simty_memory_set(&cfg, "l2.size=2M", err, sizeof err), 0);
    CHECK_EQ(simty_config_check(&cfg, err, sizeof err), 0);
    /* a preset name that JSON and tables could not carry */
    simty_config named = cfg;
    named.memory.preset[0] = '"';
    CHECK(simty_config_check(&named, err, sizeof err) != 0 && strstr(err, "preset name"));
    memset(named.memory.preset, 'a', sizeof named.memory.preset); /* no terminator */
    CHECK(simty_config_check(&named, err, sizeof err) != 0);

    /* bad settings */
    expect_set_fails(&cfg, "l2.size=3M", "power of two");
    expect_set_fails(&cfg, "l1d.ways=3", "power of two");
    expect_set_fails(&cfg, "l2.size=2G", "256..1073741824");   /* above the maximum */
    expect_set_fails(&cfg, "l2.size=4096G", "is not");         /* would overflow */
    expect_set_fails(&cfg, "l2.size=128", "is not");           /* below the minimum */
    expect_set_fails(&cfg, "line=8", "is not");
    expect_set_fails(&cfg, "l1d.latency=0", "in 1..1000");
    expect_set_fails(&cfg, "l1d.latency=1001", "in 1..1000");
    expect_set_fails(&cfg, "l1d.latency=5x", "is not");        /* trailing junk */
    expect_set_fails(&cfg, "l1d.latency=5 ", "is not");
    expect_set_fails(&cfg, "l2.size=2MB", "is not");
    expect_set_fails(&cfg, "l2.size=2M ", "is not");
    expect_set_fails(&cfg, "l1d.latency=1K", "is not");        /* no suffix on a count */
    expect_set_fails(&cfg, "l1d.latency=", "is not");          /* empty */
    expect_set_fails(&cfg, "l1d.latency=-1", "is not");        /* negative */
    expect_set_fails(&cfg, "l2.size=-2M", "is not");
    expect_set_fails(&cfg, "l1d.latency=+3", "is not");
    expect_set_fails(&cfg, "l1d.latency=99999999999999999999", "is not");
    expect_set_fails(&cfg, "l1d.write_back=2", "is not");
    expect_set_fails(&cfg, "l3.size=1M", "unknown setting 'l3.size'");
    expect_set_fails(&cfg, "l2.size", "unknown setting");      /* no '=' */
    expect_set_fails(&cfg, "l2.siz=1M", "unknown setting");
    expect_set_fails(&cfg, "L2.size=1M", "unknown setting");

    /* inconsistent configurations */
    simty_config bad;
    CHECK_EQ(simty_memory_preset(&cfg, "ddr4-3200", err, sizeof err), 0);
    bad = cfg;
    /* 8 banks of 4 KiB / 8 = 512 bytes = 8 ways x 64-byte lines: just fits */
    CHECK_EQ(simty_memory_set(&bad, "l2.size=4K", err, sizeof err), 0);
    CHECK_EQ(simty_config_check(&bad, err, sizeof err), 0);
    CHECK_EQ(simty_memory_set(&bad, "l2.size=2K", err, sizeof err), 0); /* 256 < 512 */
    expect_check_fails(&bad, "l2.size must hold at least l2.ways lines in every bank");
    CHECK_EQ(simty_memory_set(&bad, "l2.banks=4", err, sizeof err), 0); /* 512 per bank: fits */
    CHECK_EQ(simty_config_check(&bad, err, sizeof err), 0);
    bad = cfg;
    CHECK_EQ(simty_memory_set(&bad, "l1d.size=128", err, sizeof err), 0); /* 2 lines, 4 ways */
    expect_check_fails(&bad, "l1d.size must hold at least l1d.ways lines");
    bad = cfg;
    bad.mem_latency = 10;
    expect_check_fails(&bad, "--mem-latency");
    simty_config_default(&bad); /* on the ideal memory it is fine */
    bad.mem_latency = 10;
    CHECK_EQ(simty_config_check(&bad, err, sizeof err), 0);
    bad = cfg;
    CHECK_EQ(simty_memory_set(&bad, "core.mhz=3000", err, sizeof err), 0);
    expect_check_fails(&bad, "core.mhz must divide 1000000");
    CHECK_EQ(simty_memory_set(&bad, "core.mhz=700", err, sizeof err), 0); /* 1000000 % 700 = 400 */
    expect_check_fails(&bad, "core.mhz must divide 1000000");
    CHECK_EQ(simty_memory_set(&bad, "core.mhz=1600", err, sizeof err), 0); /* 625 ps */
    CHECK_EQ(simty_config_check(&bad, err, sizeof err), 0);
    bad = cfg;
    bad.memory.l1i.latency = 2;
    expect_check_fails(&bad, "l1i.latency");
    bad = cfg;
    bad.memory.l2.ways = 3; /* set directly: the check repeats the key ranges */
    expect_check_fails(&bad, "l2.ways = 3 is out of range");
    bad = cfg;
    CHECK_EQ(simty_memory_set(&bad, "dram.bank_groups=3", err, sizeof err), 0);
    expect_check_fails(&bad, "dram.bank_groups must divide dram.banks");
    bad = cfg;
    CHECK_EQ(simty_memory_set(&bad, "dram.rfc=20000", err, sizeof err), 0);
    expect_check_fails(&bad, "dram.refi");
    CHECK_EQ(simty_memory_set(&bad, "dram.refresh=0", err, sizeof err), 0); /* no refresh: fine */
    CHECK_EQ(simty_config_check(&bad, err, sizeof err), 0);
}

/* The presets stream sequential reads and writes at their bus peak: one
 * line per burst (4 clocks of 64 bits) per channel, the bank groups taking
 * turns (map 1), one request arriving per nanosecond into each of 2
 * channels (DDR4-3200: 2 x 64 B / 2.5 ns = 51.2 B/ns; HBM2 at 2 channels:
 * 2 x 64 B / 4 ns = 32 B/ns). */
static void latest(void *ctx, const dram_done *x)
{
    uint64_t *last = ctx;
    if (x->done_ps > *last)
        *last = x->done_ps;
}

static void test_dram_presets_stream(void)
{
    const char *names[] = {"ddr4-3200", "hbm2"};
    const double peak[] = {51.2, 32.0};
    for (unsigned p = 0; p < 2; p++)
        for (int write = 0; write < 2; write++) {
            simty_config cfg;
            char err[128];
            simty_config_default(&cfg);
            CHECK_EQ(simty_memory_preset(&cfg, names[p], err, sizeof err), 0);
            cfg.memory.dram.channels = 2;
            cfg.memory.dram.refresh = 0;
            dram d;
            dram_new(&d, &cfg.memory.dram);
            uint64_t last = 0;
            const unsigned n = 20000;
            int pushed = 0;
            for (unsigned i = 0; i < n; i++) {
                pushed |= dram_push(&d, i, i, write, (uint64_t)i * 1000 / 2);
                dram_advance(&d, (uint64_t)i * 1000 / 2, latest, &last);
            }
            dram_advance(&d, FAR * 1000, latest, &last);
            CHECK_EQ(pushed, 0);
            double rate = n * 64.0 / ((double)last / 1000.0);
            if (!(rate > 0.98 * peak[p] && rate <= peak[p] * 1.001))
                fprintf(stderr, "%s %s: %.2f B/ns\n", names[p], write ? "writes" : "reads", rate);
            CHECK(rate > 0.98 * peak[p] && rate <= peak[p] * 1.001);
            dram_free(&d);
        }
}

int main(void)
{
    test_cache();
    test_mshr();
    test_dram_basic();
    test_dram_banks();
    test_dram_writes();
    test_dram_refresh();
    test_dram_check();
    test_dram_presets_stream();
    test_buckets();
    test_config();
    return check_report("test_memsys");
}
