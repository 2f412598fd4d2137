#include "trace/commit_trace.h"

#include <stdlib.h>

#include "isa/disasm.h"

static int symbolize(void *ctx, uint32_t addr, char *buf, size_t n)
{
    return sim_symbolize(ctx, addr, buf, n);
}

void commit_trace_write(FILE *f, simty_sim *s, uint64_t cycle, unsigned gw, unsigned first,
                        uint32_t pc, const insn_t *d, lane_mask retired)
{
    char dis[200];
    insn_disasm(d, pc, dis, sizeof dis, symbolize, s);
    for (char *c = dis; *c; c++) /* one field per column: tabs become spaces */
        if (*c == '\t')
            *c = ' ';
    unsigned digits = (s->T + 3) / 4;
    fprintf(f, "%llu ", (unsigned long long)cycle);
    if (s->ncores > 1) /* the core, then its own warp number */
        fprintf(f, "c%u ", gw / s->W);
    /* the instruction: 8 hex digits, or 4 for a compressed one's parcel */
    fprintf(f, "w%u %08x %0*x %s ; mask=%0*llx", s->ncores > 1 ? gw % s->W : gw, pc,
            d->len == 2 ? 4 : 8, d->raw, dis,
            (int)digits, (unsigned long long)(retired << first));
    if ((d->flags & INSN_WRITES_RD) && (d->fp & FP_RD) && retired) {
        const uint64_t *rd = s->f + (size_t)gw * 32 * s->T + (size_t)d->rd * s->T + first;
        fprintf(f, " %s:", fp_reg_name(d->rd));
        for (lane_mask m = retired; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            fprintf(f, " %u=%016llx", first + l, (unsigned long long)rd[l]);
        }
    } else if ((d->flags & INSN_WRITES_RD) && retired) {
        const uint32_t *rd = warp_regs(s, gw) + (size_t)d->rd * s->T + first;
        fprintf(f, " %s:", reg_name(d->rd));
        for (lane_mask m = retired; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            fprintf(f, " %u=%08x", first + l, rd[l]);
        }
    }
    fputc('\n', f);
}

void commit_trace_commit(simty_sim *s, uint64_t cycle, unsigned gw, unsigned first, uint32_t pc,
                         const insn_t *d, lane_mask retired)
{
    if (d->cls == CLS_AMO && (d->flags & INSN_WRITES_RD)) /* its result comes when performed */
        s->port.trace_atomic(s, cycle, gw, first, pc, d, retired);
    else
        commit_trace_write(s->cfg.trace_commits, s, cycle, gw, first, pc, d, retired);
}
