/* Checkpoints of the cycle model (pipeline/cycle_save.h): one core's
 * pipe_state field by field -- the latches, the per-warp front end and
 * scoreboard, the load FIFO, the steering policy's state, the FP result
 * times -- and none of its pointers or of what cycle_init derives from the
 * configuration (they stay as the machine it is loaded into built them).
 * An instruction in a latch is written as its raw bits and decoded again
 * at load, so a load never trusts decoded fields.  The Kanata record ids
 * are written as they are (a restore has no Kanata log: sim/checkpoint.c). */
#include "pipeline/cycle_save.h"

#include "pipeline/pipeline.h"

uint64_t cycle_save_layout(uint64_t h)
{
    const size_t sizes[] = {sizeof(warp_pipe), sizeof(load_entry), sizeof(path_t), sizeof(uop), UOP_RING,
                            sizeof(mem_request), sizeof(slot_commit)};
    return ck_fnv(h, sizes, sizeof sizes);
}

static void insn_save(const insn_t *d, ck_writer *w)
{
    ckw_u32(w, d->raw);
    ckw_u8(w, d->len);
}

static void insn_load(insn_t *d, ck_reader *r)
{
    uint32_t raw = ckr_u32(r);
    uint8_t len = ckr_u8(r);
    if (len == 0 && raw == 0) /* an empty latch's */
        *d = (insn_t){0};
    else if (len == 2)
        insn_decode_c((uint16_t)raw, d);
    else if (len == 4)
        insn_decode(raw, d);
    else
        ckr_fail(r, "bad instruction length");
}

/* A warp number of a latch or the FIFO: one of the core's */
static unsigned warp_index(ck_reader *r, unsigned W)
{
    uint8_t w = ckr_u8(r);
    if (w >= W)
        ckr_fail(r, "bad warp number %u", w);
    return r->bad ? 0 : w;
}

static void fetch_save(const fetch_latch *l, ck_writer *w)
{
    ckw_u8(w, l->valid);
    ckw_u8(w, l->fetched);
    ckw_u8(w, l->warp);
    ckw_u32(w, l->pc);
    insn_save(&l->insn, w);
    ckw_u64(w, l->trace);
}

static void fetch_load(fetch_latch *l, ck_reader *r, unsigned W)
{
    l->valid = ckr_bool(r);
    l->fetched = ckr_bool(r);
    l->warp = (uint8_t)warp_index(r, W);
    l->pc = ckr_u32(r);
    insn_load(&l->insn, r);
    l->trace = ckr_u64(r);
}

/* A ring slot (valid or not: the commit latch reads the slot F+7 consumed).
 * Its class is written too: F+7 makes a trapped instruction's CLS_SYSTEM
 * for the commit, which decoding its bits again would not give. */
static void uop_save(const uop *u, ck_writer *w)
{
    ckw_u8(w, u->valid);
    ckw_u8(w, u->warp);
    ckw_u32(w, u->pc);
    insn_save(&u->insn, w);
    ckw_u8(w, u->insn.cls);
    ckw_u64(w, u->issued);
    ckw_u64(w, u->trace);
}

static void uop_load(uop *u, ck_reader *r, unsigned W, bool hold_sync)
{
    u->valid = ckr_bool(r);
    u->warp = (uint8_t)warp_index(r, W);
    u->pc = ckr_u32(r);
    insn_load(&u->insn, r);
    const uint8_t cls = ckr_u8(r);
    u->issued = ckr_u64(r);
    u->trace = ckr_u64(r);
    /* what issue derived from the instruction as decoded */
    u->rd_bit = insn_rd_bit(&u->insn);
    u->waits = uop_waits(hold_sync, &u->insn);
    if (cls != u->insn.cls && cls != CLS_SYSTEM)
        ckr_fail(r, "bad instruction class");
    u->insn.cls = cls;
}

static void commit_save(const commit_latch *l, ck_writer *w)
{
    ckw_u8(w, l->valid);
    ckw_u8(w, l->slot);
    ckw_u64(w, l->active);
    ckw_bytes(w, l->c.next, sizeof l->c.next);
    ckw_u8(w, l->c.park);
    ckw_u8(w, l->c.wrs_timeout);
    ckw_u8(w, l->c.pause);
    ckw_u8(w, l->c.reconv);
    ckw_u32(w, l->c.rpc);
    ckw_u64(w, l->c.backoff);
    ckw_u8(w, l->replay);
}

static void commit_load(commit_latch *l, ck_reader *r)
{
    l->valid = ckr_bool(r);
    l->slot = ckr_u8(r);
    if (l->slot >= UOP_RING)
        ckr_fail(r, "bad ring slot");
    l->active = ckr_u64(r);
    ckr_bytes(r, l->c.next, sizeof l->c.next);
    l->c.park = ckr_u8(r);
    l->c.wrs_timeout = ckr_bool(r);
    l->c.pause = ckr_bool(r);
    l->c.reconv = ckr_u8(r);
    l->c.rpc = ckr_u32(r);
    l->c.backoff = ckr_u64(r);
    l->replay = ckr_u8(r);
    if (l->c.park >= WAIT_KINDS || l->replay > REPLAY_INDIRECT)
        ckr_fail(r, "bad commit latch");
}

/* Lane masks of the pipeline: lanes of a warp only (a lane past T would
 * index another warp's registers) */
static void masks_check(const pipe_state *p, unsigned W, unsigned T, ck_reader *r)
{
    const commit_latch *l = &p->member_out;
    lane_mask any = l->active | l->c.next[0].mask | l->c.next[1].mask | p->req.lanes;
    for (unsigned k = 0; k < W; k++)
        any |= p->warp[k].replay_mask;
    if (any & ~full_lane_mask(T))
        ckr_fail(r, "bad lane mask");
}

void cycle_save(const simty_sim *s, const sim_core *c, ck_writer *w)
{
    const pipe_state *p = c->model_state;
    const unsigned W = s->W;
    ckw_u32(w, W);
    ckw_u64(w, p->now);
    ckw_u64(w, p->live);
    ckw_u64(w, p->buffered);
    ckw_u64(w, p->loading);
    ckw_u64(w, p->issued_now);
    ckw_u64(w, p->start);
    ckw_u64(w, p->rr_from);
    ckw_u8(w, p->executing);
    ckw_u32(w, p->steer.ptr);
    ckw_u32(w, p->steer.greedy);
    ckw_bytes(w, p->steer.fetched, W * sizeof *p->steer.fetched);
    ckw_u32(w, p->bank_busy);
    ckw_u32(w, p->bank_busy_next);
    ckw_u64(w, p->fp_late_warps);
    ckw_bytes(w, p->fp_due, (size_t)W * 64 * sizeof *p->fp_due);
    ckw_u32(w, (uint32_t)p->write_parity);
    for (unsigned k = 0; k < W; k++) {
        const warp_pipe *wp = &p->warp[k];
        ckw_u32(w, wp->spec_pc);
        ckw_u32(w, wp->buf_pc);
        insn_save(&wp->buf_insn, w);
        ckw_u64(w, wp->buf_regs);
        ckw_u64(w, wp->buf_trace);
        ckw_u64(w, wp->scoreboard);
        ckw_u64(w, wp->fp_late);
        ckw_u32(w, wp->replay_pc);
        ckw_u64(w, wp->replay_mask);
    }
    ckw_bytes(w, p->idle_since, W * sizeof *p->idle_since);
    fetch_save(&p->steer_out, w);
    fetch_save(&p->fetch_out, w);
    ckw_u8(w, p->ring_valid);
    for (unsigned i = 0; i < UOP_RING; i++)
        uop_save(&p->ring[i], w);
    commit_save(&p->member_out, w);
    ckw_u32(w, p->load_head);
    ckw_u32(w, p->load_count);
    for (unsigned k = 0; k < W; k++) {
        const load_entry *e = &p->loads[k];
        ckw_u8(w, e->warp);
        ckw_u8(w, e->rd);
        ckw_u8(w, e->ld_traced);
        ckw_u64(w, e->issued);
        ckw_u64(w, e->trace);
    }
    ckw_bytes(w, &p->req, sizeof p->req);
}

bool cycle_load(simty_sim *s, sim_core *c, ck_reader *r)
{
    pipe_state *p = c->model_state;
    const unsigned W = s->W;
    if (!ckr_expect(r, ckr_u32(r), W, "the number of warps"))
        return false;
    p->now = ckr_u64(r);
    p->live = ckr_u64(r);
    p->buffered = ckr_u64(r);
    p->loading = ckr_u64(r);
    p->issued_now = ckr_u64(r);
    p->start = ckr_u64(r);
    p->rr_from = ckr_u64(r);
    p->executing = ckr_bool(r);
    p->steer.ptr = ckr_u32(r);
    p->steer.greedy = ckr_u32(r);
    ckr_bytes(r, p->steer.fetched, W * sizeof *p->steer.fetched);
    p->bank_busy = ckr_u32(r);
    p->bank_busy_next = ckr_u32(r);
    p->fp_late_warps = ckr_u64(r);
    ckr_bytes(r, p->fp_due, (size_t)W * 64 * sizeof *p->fp_due);
    p->write_parity = (int)ckr_u32(r);
    const uint64_t warps = p->live | p->buffered | p->loading | p->issued_now | p->fp_late_warps;
    if (p->steer.ptr >= W || p->steer.greedy > W || p->bank_busy > 3 || p->bank_busy_next > 3 ||
        p->write_parity < -1 || p->write_parity > 1 || (W < 64 && warps >> W))
        ckr_fail(r, "bad pipeline state");
    for (unsigned k = 0; k < W; k++) {
        warp_pipe *wp = &p->warp[k];
        wp->spec_pc = ckr_u32(r);
        wp->buf_pc = ckr_u32(r);
        insn_load(&wp->buf_insn, r);
        wp->buf_regs = ckr_u64(r);
        wp->buf_trace = ckr_u64(r);
        wp->scoreboard = ckr_u64(r);
        wp->fp_late = ckr_u64(r);
        wp->replay_pc = ckr_u32(r);
        wp->replay_mask = ckr_u64(r);
    }
    ckr_bytes(r, p->idle_since, W * sizeof *p->idle_since);
    fetch_load(&p->steer_out, r, W);
    fetch_load(&p->fetch_out, r, W);
    p->ring_valid = ckr_u8(r);
    for (unsigned i = 0; i < UOP_RING; i++) {
        uop_load(&p->ring[i], r, W, p->hold_sync);
        if (p->ring[i].valid != ((p->ring_valid >> i) & 1))
            ckr_fail(r, "bad ring of issued instructions");
    }
    commit_load(&p->member_out, r);
    p->load_head = ckr_u32(r);
    p->load_count = ckr_u32(r);
    if (p->load_head >= W || p->load_count > W)
        ckr_fail(r, "bad load FIFO");
    for (unsigned k = 0; k < W; k++) {
        load_entry *e = &p->loads[k];
        e->warp = (uint8_t)warp_index(r, W);
        e->rd = ckr_u8(r);
        e->ld_traced = ckr_bool(r);
        e->issued = ckr_u64(r);
        e->trace = ckr_u64(r);
        if (e->rd >= 64)
            ckr_fail(r, "bad load register");
    }
    ckr_bytes(r, &p->req, sizeof p->req);
    if (p->req.size > 8)
        ckr_fail(r, "bad memory request");
    masks_check(p, W, s->T, r);
    return !r->bad;
}
