/* LR/SC reservations by address (machine/machine.h, "LR/SC reservations"):
 * set by LR, cleared by the hart's SC or next LR, by its thread's end, and
 * by another hart's write to the word.  Below the executor: the bus, the
 * thread's end and semihosting clear them too. */
#include "machine/machine.h"

/* Hart h's reservation, while valid, is in the list of slot resv_hash(its
 * word). */
static unsigned resv_hash(uint32_t word)
{
    return ((word >> 2) * 0x9e3779b1u) >> (32 - RESV_SLOT_BITS);
}

void resv_clear(simty_sim *s, unsigned hart)
{
    reservation *r = &s->resv[hart];
    if (!r->valid)
        return;
    if (r->prev)
        s->resv[r->prev - 1].next = r->next;
    else
        s->resv_slot[resv_hash(r->addr)] = r->next;
    if (r->next)
        s->resv[r->next - 1].prev = r->prev;
    r->valid = false;
    r->next = r->prev = 0;
    s->resv_live--;
}

void resv_set(simty_sim *s, unsigned hart, uint32_t word)
{
    resv_clear(s, hart);
    reservation *r = &s->resv[hart];
    uint32_t *head = &s->resv_slot[resv_hash(word)];
    *r = (reservation){.addr = word, .valid = true, .next = *head};
    if (*head)
        s->resv[*head - 1].prev = hart + 1;
    *head = hart + 1;
    s->resv_live++;
}

void resv_written_slow(simty_sim *s, unsigned hart, uint32_t word)
{
    bool lost = false;
    for (uint32_t h = s->resv_slot[resv_hash(word)]; h;) {
        const reservation *r = &s->resv[h - 1];
        uint32_t next = r->next;
        if (r->addr == word && h - 1 != hart) {
            resv_clear(s, h - 1);
            lost = true;
        }
        h = next;
    }
    if (lost) /* a wrs waiting for it wakes (sync_poll), even if no value changed */
        s->sync.store_epoch++;
}
