#include "memsys/dram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memsys/timeutil.h"

static bool pow2(unsigned v) { return v && !(v & (v - 1)); }

int dram_check(const simty_dram_config *c, unsigned line_bytes, char *err, size_t errlen)
{
    const char *bad = NULL;
    if (!c->channels || c->channels > 64)
        bad = "dram.channels must be 1..64";
    else if (!c->banks || c->banks > 64)
        bad = "dram.banks must be 1..64";
    else if (!c->bank_groups || c->banks % c->bank_groups)
        bad = "dram.bank_groups must divide dram.banks";
    else if (!pow2(c->bus_bits) || c->bus_bits < 8 || c->bus_bits > 1024)
        bad = "dram.bus_bits must be a power of two, 8..1024";
    else if (line_bytes * 8 < c->bus_bits * 2)
        bad = "a cache line must fill at least one DRAM clock of data (2 x dram.bus_bits)";
    else if (!pow2(c->row_bytes) || c->row_bytes < line_bytes || c->row_bytes > (1u << 20))
        bad = "dram.row_bytes must be a power of two, at least a cache line, at most 1 MiB";
    else if (!c->tck_ps || c->tck_ps > 100000)
        bad = "dram.tck_ps must be 1..100000";
    else if (c->refresh && (!c->refi || c->rfc >= c->refi))
        bad = "dram.refi must be larger than dram.rfc when refresh is on";
    if (bad) {
        snprintf(err, errlen, "%s", bad);
        return -1;
    }
    return 0;
}

int dram_init(dram *d, const simty_dram_config *c, unsigned line_bytes, char *err, size_t errlen)
{
    *d = (dram){.cfg = *c};
    if (dram_check(c, line_bytes, err, errlen))
        return -1;
    d->burst = line_bytes * 8 / c->bus_bits / 2; /* double data rate */
    d->lines_per_row = c->row_bytes / line_bytes;
    d->ch = calloc(c->channels, sizeof *d->ch);
    if (!d->ch)
        goto oom;
    for (unsigned i = 0; i < c->channels; i++) {
        dram_channel *ch = &d->ch[i];
        ch->bank = calloc(c->banks, sizeof *ch->bank);
        ch->cap = 64;
        ch->q = malloc(ch->cap * sizeof *ch->q);
        ch->bg_act1 = calloc(c->bank_groups, sizeof *ch->bg_act1);
        ch->bg_col1 = calloc(c->bank_groups, sizeof *ch->bg_col1);
        ch->bg_wend1 = calloc(c->bank_groups, sizeof *ch->bg_wend1);
        if (!ch->bank || !ch->q || !ch->bg_act1 || !ch->bg_col1 || !ch->bg_wend1)
            goto oom;
        for (unsigned b = 0; b < c->banks; b++)
            ch->bank[b].open_row = -1;
        ch->next_refresh = c->refi;
    }
    return 0;
oom:
    dram_free(d);
    snprintf(err, errlen, "out of host memory for the DRAM model");
    return -1;
}

void dram_free(dram *d)
{
    for (unsigned i = 0; d->ch && i < d->cfg.channels; i++) {
        free(d->ch[i].bank);
        free(d->ch[i].q);
        free(d->ch[i].bg_act1);
        free(d->ch[i].bg_col1);
        free(d->ch[i].bg_wend1);
    }
    free(d->ch);
    d->ch = NULL;
}

/* Consecutive lines go to consecutive channels.  Within a channel, map 0:
 * they fill a row, then move to the next bank (bank groups alternate), then
 * to the next row; map 1: they go to the bank groups in turn (so a stream's
 * column commands are tCCD_S apart), each filling a row of its bank, then
 * to the next bank of each group, then to the next row. */
void dram_map(const dram *d, uint32_t line, unsigned *channel, unsigned *bank, uint32_t *row)
{
    const simty_dram_config *c = &d->cfg;
    uint32_t r = line / c->channels;
    *channel = line % c->channels;
    if (c->map == 1) {
        unsigned bg = r % c->bank_groups, per_group = c->banks / c->bank_groups;
        r /= c->bank_groups;
        r /= d->lines_per_row;
        *bank = (r % per_group) * c->bank_groups + bg;
        *row = r / per_group;
        return;
    }
    r /= d->lines_per_row;
    *bank = r % c->banks;
    *row = r / c->banks;
}

int dram_push(dram *d, uint64_t id, uint32_t line, bool write, uint64_t arrive_ps)
{
    unsigned c, b;
    uint32_t row;
    dram_map(d, line, &c, &b, &row);
    dram_channel *ch = &d->ch[c];
    if (ch->n == ch->cap) { /* amortised: the queue only grows */
        dram_req *q = realloc(ch->q, 2 * ch->cap * sizeof *q);
        if (!q)
            return -1;
        ch->q = q;
        ch->cap *= 2;
    }
    ch->nwrites += write;
    d->queued++;
    ch->q[ch->n++] = (dram_req){.id = id, .arrive_ps = arrive_ps,
                                .arrive = (arrive_ps + d->cfg.tck_ps - 1) / d->cfg.tck_ps,
                                .row = row, .bank = (uint16_t)b, .write = write};
    return 0;
}

unsigned dram_queued(const dram *d) { return d->queued; }

/* The all-bank refresh due at ch->next_refresh: every open bank is
 * precharged, then no bank of the channel may activate for tRFC. */
static void refresh_one(const dram *d, dram_channel *ch)
{
    const simty_dram_config *c = &d->cfg;
    uint64_t r = ch->next_refresh;
    bool open = false;
    for (unsigned b = 0; b < c->banks; b++)
        if (ch->bank[b].open_row >= 0) {
            r = max64(r, ch->bank[b].pre_ok);
            open = true;
        }
    r += open ? c->rp : 0;
    for (unsigned b = 0; b < c->banks; b++) {
        ch->bank[b].open_row = -1;
        ch->bank[b].act_ok = max64(ch->bank[b].act_ok, r + c->rfc);
    }
}

/* Every refresh due by cycle t.  Of a run of refreshes while the channel was
 * idle only the first (which closes the rows) and the last two (which
 * decide when banks may activate) change anything. */
static void refresh(const dram *d, dram_channel *ch, uint64_t t)
{
    const simty_dram_config *c = &d->cfg;
    if (t < ch->next_refresh)
        return;
    uint64_t k = (t - ch->next_refresh) / c->refi;
    if (k > 1) {
        refresh_one(d, ch);
        ch->refreshes += k - 1;
        ch->next_refresh += (k - 1) * c->refi;
    }
    for (; ch->next_refresh <= t; ch->next_refresh += c->refi, ch->refreshes++)
        refresh_one(d, ch);
}

/* last + gap, where last is a time + 1 (0: no such command yet: no limit) */
static uint64_t after(uint64_t last1, unsigned gap) { return last1 ? last1 - 1 + gap : 0; }

/* The commands request *r would issue if decided at cycle tau */
typedef struct plan {
    uint64_t act;  /* UINT64_MAX: a row hit, no ACT */
    uint64_t col, end;
    uint8_t row;   /* enum dram_row */
} plan;

static plan plan_request(const dram *d, const dram_channel *ch, const dram_req *r, uint64_t tau)
{
    const simty_dram_config *c = &d->cfg;
    const dram_bank *b = &ch->bank[r->bank];
    const unsigned bg = r->bank % c->bank_groups;
    plan p = {.act = UINT64_MAX};
    if (b->open_row == (int64_t)r->row) {
        p.row = DRAM_ROW_HIT;
        p.col = max64(tau, b->rdwr_ok);
    } else {
        uint64_t act;
        if (b->open_row >= 0) {
            p.row = DRAM_ROW_CONFLICT;
            act = max64(tau, b->pre_ok) + c->rp; /* precharge, then ACT */
        } else {
            p.row = DRAM_ROW_EMPTY;
            act = tau;
        }
        act = max64(act, b->act_ok);
        act = max64(act, after(ch->act1, c->rrd_s));
        act = max64(act, after(ch->bg_act1[bg], c->rrd_l));
        if (ch->acts == 4) /* a fifth ACT: tFAW after the fourth last */
            act = max64(act, ch->faw[ch->faw_i] + c->faw);
        p.act = act;
        p.col = act + c->rcd;
    }
    const unsigned lat = r->write ? c->cwl : c->cl;
    uint64_t bus = ch->bus_free;
    p.col = max64(p.col, after(ch->col1, c->ccd_s));
    p.col = max64(p.col, after(ch->bg_col1[bg], c->ccd_l));
    if (!r->write) { /* write to read */
        p.col = max64(p.col, after(ch->wend1, c->wtr_s));
        p.col = max64(p.col, after(ch->bg_wend1[bg], c->wtr_l));
    } else if (ch->col1 && !ch->last_was_write) { /* read to write: bus turnaround */
        bus += c->rtw;
    }
    if (p.col + lat < bus)
        p.col = bus - lat;
    p.end = p.col + lat + d->burst;
    return p;
}

/* Issues the planned commands of request *r. */
static void issue(const dram *d, dram_channel *ch, const dram_req *r, const plan *p,
                  dram_done *out)
{
    const simty_dram_config *c = &d->cfg;
    dram_bank *b = &ch->bank[r->bank];
    const unsigned bg = r->bank % c->bank_groups;
    if (p->act != UINT64_MAX) {
        ch->faw[ch->faw_i] = p->act;
        ch->faw_i = (ch->faw_i + 1) % 4;
        ch->acts += ch->acts < 4;
        ch->act1 = ch->bg_act1[bg] = p->act + 1;
        b->open_row = r->row;
        b->pre_ok = p->act + c->ras;
        b->rdwr_ok = p->act + c->rcd;
    }
    ch->bus_free = p->end;
    ch->busy += d->burst;
    ch->col1 = ch->bg_col1[bg] = p->col + 1;
    ch->last_was_write = r->write;
    if (r->write) {
        ch->wend1 = ch->bg_wend1[bg] = p->end + 1;
        b->pre_ok = max64(b->pre_ok, p->end + c->wr);
    } else {
        b->pre_ok = max64(b->pre_ok, p->col + c->rtp);
    }
    *out = (dram_done){.id = r->id, .arrive_ps = r->arrive_ps, .done_ps = p->end * c->tck_ps,
                       .write = r->write, .row = p->row};
}

void dram_advance(dram *d, uint64_t until_ps, dram_done_fn *done, void *ctx)
{
    const uint64_t until = until_ps / d->cfg.tck_ps;
    for (unsigned i = 0; d->queued && i < d->cfg.channels; i++) {
        dram_channel *ch = &d->ch[i];
        while (ch->n) {
            uint64_t tau = max64(ch->next_decision, ch->q[0].arrive);
            /* decide no further ahead of the data bus than it takes to
             * open a row: far enough to prepare the next row while the bus
             * streams, near enough to leave later row hits a chance */
            const uint64_t horizon = (uint64_t)d->cfg.rp + d->cfg.rcd + d->cfg.cl + d->burst;
            if (ch->bus_free > horizon)
                tau = max64(tau, ch->bus_free - horizon);
            if (tau > until)
                break;
            if (d->cfg.refresh)
                refresh(d, ch, tau);
            /* reads first; writes wait in the queue until no read is
             * waiting, DRAM_WQ_HIGH of them have arrived or the oldest has
             * waited DRAM_STARVE clocks, then drain while more than
             * DRAM_WQ_LOW have arrived (a write costs nobody a stall until
             * then), at most DRAM_WRITE_BATCH at a time: with reads
             * waiting, a batch of DRAM_READ_BATCH reads follows before the
             * next drain, so a write backlog the channel never works off
             * cannot starve reads.  (Arrived: a request can be queued
             * before its arrival time.) */
            bool reads = false, old_write = false;
            unsigned writes = 0;
            for (unsigned k = 0; k < ch->n && ch->q[k].arrive <= tau; k++) {
                reads |= !ch->q[k].write;
                if (ch->q[k].write && !writes++)
                    old_write = tau - ch->q[k].arrive > DRAM_STARVE;
            }
            if (ch->draining) {
                if (reads && (writes <= DRAM_WQ_LOW || !ch->batch))
                    ch->draining = false, ch->batch = DRAM_READ_BATCH;
            } else if ((writes >= DRAM_WQ_HIGH || old_write) && (!reads || !ch->batch)) {
                ch->draining = true, ch->batch = DRAM_WRITE_BATCH;
            }
            const bool want_write = (ch->draining && writes) || !reads;
            /* FR-FCFS within that class, first-ready as a command scheduler
             * sees it: the request whose data can come soonest, all those
             * that can fill the bus's next slot being equal (so a row hit
             * in another bank group goes before one that would leave the
             * bus idle for tCCD_L); among equals a row hit before an empty
             * bank before a conflict, then the oldest.  Once the oldest of
             * the class has waited DRAM_STARVE clocks, only the requests
             * that arrived within DRAM_STARVE clocks after it compete: a
             * finite set, so the oldest goes after a bounded number of
             * others however long a stream of row hits lasts, and a
             * backlog that old still keeps its row hits */
            uint64_t window = UINT64_MAX; /* latest arrival that competes */
            for (unsigned k = 0; k < ch->n && ch->q[k].arrive <= tau; k++)
                if (ch->q[k].write == want_write) {
                    if (tau - ch->q[k].arrive > DRAM_STARVE)
                        window = ch->q[k].arrive + DRAM_STARVE;
                    break;
                }
            unsigned pick = ch->n;
            plan best = {0};
            uint64_t best_key = 0;
            const uint64_t next_slot = ch->bus_free + d->burst; /* all that fill it are equal */
            for (unsigned k = 0; k < ch->n && ch->q[k].arrive <= tau && ch->q[k].arrive <= window;
                 k++) {
                if (ch->q[k].write != want_write)
                    continue;
                plan p = plan_request(d, ch, &ch->q[k], tau);
                uint64_t key = max64(p.end, next_slot);
                if (pick == ch->n || key < best_key || (key == best_key && p.row < best.row))
                    pick = k, best = p, best_key = key;
            }
            if (pick == ch->n) /* cannot happen: the oldest has arrived (tau) */
                best = plan_request(d, ch, &ch->q[pick = 0], tau);
            if (ch->batch && ch->q[pick].write == ch->draining)
                ch->batch--;
            ch->nwrites -= ch->q[pick].write;
            d->queued--;
            dram_req r = ch->q[pick];
            memmove(&ch->q[pick], &ch->q[pick + 1], (ch->n - pick - 1) * sizeof *ch->q);
            ch->n--;
            dram_done out;
            issue(d, ch, &r, &best, &out);
            ch->next_decision = tau + 1; /* one scheduling decision per command clock */
            done(ctx, &out);
        }
    }
}

uint64_t dram_next_decision_ps(const dram *d)
{
    uint64_t best = UINT64_MAX;
    for (unsigned i = 0; i < d->cfg.channels; i++) {
        const dram_channel *ch = &d->ch[i];
        if (ch->n) {
            uint64_t tau = ch->next_decision > ch->q[0].arrive ? ch->next_decision
                                                                 : ch->q[0].arrive;
            if (tau < best)
                best = tau;
        }
    }
    return best == UINT64_MAX ? best : best * d->cfg.tck_ps;
}

static uint64_t rel1(uint64_t t1, uint64_t now) { return t1 ? rel(t1 - 1, now) + 1 : 0; }

uint64_t dram_hash(const dram *d, uint64_t now_ps)
{
    const uint64_t now = now_ps / d->cfg.tck_ps;
    uint64_t h = 0;
    for (unsigned i = 0; i < d->cfg.channels; i++) {
        const dram_channel *ch = &d->ch[i];
        h = mix(h, (uint64_t)ch->n << 32 | ch->nwrites << 1 | ch->draining);
        h = mix(h, ch->batch);
        for (unsigned k = 0; k < ch->n; k++) /* in arrival order */
            h = mix(mix(h, rel(ch->q[k].arrive, now)),
                     (uint64_t)ch->q[k].row << 17 | ch->q[k].bank << 1 | ch->q[k].write);
        for (unsigned b = 0; b < d->cfg.banks; b++) {
            const dram_bank *bk = &ch->bank[b];
            h = mix(h, (uint64_t)bk->open_row);
            h = mix(h, rel(bk->act_ok, now) << 40 ^ rel(bk->rdwr_ok, now) << 20 ^
                            rel(bk->pre_ok, now));
        }
        h = mix(h, rel(ch->bus_free, now) << 32 ^ rel(ch->next_decision, now));
        h = mix(h, rel1(ch->act1, now) << 40 ^ rel1(ch->col1, now) << 20 ^
                        rel1(ch->wend1, now) ^ (uint64_t)ch->last_was_write << 63);
        for (unsigned g = 0; g < d->cfg.bank_groups; g++)
            h = mix(h, rel1(ch->bg_act1[g], now) << 40 ^ rel1(ch->bg_col1[g], now) << 20 ^
                            rel1(ch->bg_wend1[g], now));
        for (unsigned k = 0; k < 4; k++) /* oldest first */
            h = mix(h, rel(ch->faw[(ch->faw_i + k) % 4], now));
        h = mix(h, ch->acts);
    }
    return h; /* not the refresh phase: it changes timing, never who can progress */
}
