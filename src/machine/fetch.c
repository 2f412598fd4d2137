/* Instruction fetch through the decode caches (machine/machine.h). */
#include "machine/machine.h"

void sim_flush_decode_cache(simty_sim *s)
{
    for (unsigned k = 0; k < s->ndecoded; k++)
        for (unsigned i = 0; i < DECODE_CACHE_SLOTS; i++)
            s->decoded[k].tag[i] = 1;
}

/* The halfword at pc where the program sees it (--stack-interleave) */
static bool fetch_half(const simty_sim *s, uint32_t pc, uint32_t *v)
{
    uint32_t at = stacks_store_addr(&s->stacks, s->nharts, pc);
    const uint8_t *p = bus_ram(s, at, 2);
    if (!p)
        return false;
    *v = load_le(p, 2);
    return true;
}

bool sim_decode_at(const simty_sim *s, uint32_t pc, insn_t *d)
{
    uint32_t lo, hi;
    if ((pc & s->ialign_mask) || !fetch_half(s, pc, &lo)) {
        insn_decode(0, d);
        return false;
    }
    if ((lo & 3) != 3 && s->ialign_mask == 1) {
        insn_decode_c((uint16_t)lo, d);
        return true;
    }
    if (!fetch_half(s, pc + 2, &hi)) { /* (a 32-bit instruction ending past memory) */
        insn_decode(0, d);
        return false;
    }
    insn_decode(lo | hi << 16, d);
    return true;
}

const insn_t *sim_peek(simty_sim *s, decode_cache *dc, uint32_t pc)
{
    unsigned i = decode_slot(pc);
    if (dc->tag[i] == pc)
        return &dc->insn[i];
    if (!sim_decode_at(s, pc, &dc->insn[i]))
        return NULL;
    dc->tag[i] = pc;
    return &dc->insn[i];
}

const insn_t *sim_fetch_slow(simty_sim *s, unsigned hart, uint32_t pc)
{
    const insn_t *d = sim_peek(s, s->core[hart_core(s, hart)].decoded, pc);
    if (d)
        return d;
    const bool misaligned = (pc & s->ialign_mask) != 0;
    const char *kind = misaligned ? "misaligned" : "unmapped";
    const uint32_t cause = misaligned ? CAUSE_FETCH_MISALIGNED : CAUSE_FETCH_ACCESS;
    const struct last_jump *j = &s->jump[hart];
    /* mtval: the address of the part that faulted, the second half of a
     * 32-bit instruction whose first half is mapped (privileged spec) */
    const uint32_t tval = !misaligned && bus_ram(s, pc, 2) ? pc + 2 : pc;
    if (mmode_has_handler(s, hart)) { /* an exception (the message: for a trap loop) */
        sim_exception(s, hart, pc, cause, tval, "instruction fetch from %s address 0x%08x", kind,
                      tval);
        return NULL;
    }
    if (j->to != pc || !bus_ram(s, j->from, 2)) {
        sim_fault(s, hart, pc, "instruction fetch from %s address 0x%08x", kind, tval);
        return NULL;
    }
    /* name the jump that led there: the fault's own PC says little */
    char where[160] = "", dis[160];
    if (sim_symbolize(s, j->from, where + 2, sizeof where - 3)) {
        where[0] = ' ';
        where[1] = '<';
        strcat(where, ">");
    }
    sim_disasm(s, j->from, dis, sizeof dis);
    sim_fault(s, hart, pc, "instruction fetch from %s address 0x%08x, reached by the jump at "
                           "0x%08x%s (%s)", kind, tval, j->from, where, dis);
    return NULL;
}

