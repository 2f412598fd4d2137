/* The SDK's per-thread stacks: layout, overflow check, interleaving
 * (stacks.h). */
#include "sim/stacks.h"

#include <stdio.h>

#include "sim/sim.h"
#include "simty_guest.h"

static bool all_zero(const uint8_t *p, size_t n)
{
    uint8_t any = 0;
    for (size_t i = 0; i < n; i++)
        any |= p[i];
    return any == 0;
}

int stacks_init(simty_sim *s, char *err, size_t errlen)
{
    stack_layout *k = &s->stacks;
    uint32_t size, ram_end;
    *k = (stack_layout){0};
    uint64_t top = (uint64_t)s->ram_base + s->ram_size;
    bool sdk = elf_find_symbol(&s->elf, SIMTY_SYM_STACK_SIZE, &size) == 0 &&
               elf_find_symbol(&s->elf, SIMTY_SYM_RAM_END, &ram_end) == 0;
    /* the areas must fit in RAM (else crt0 reports it and every thread exits) */
    uint64_t total = (uint64_t)size * s->nharts;
    bool fits = sdk && size > 0 && size % 16 == 0 && total < s->ram_size && top <= UINT32_MAX;
    if (s->cfg.stack_interleave && !fits) {
        snprintf(err, errlen, sdk ? "--stack-interleave: the %u stacks of %u bytes do not fit "
                                    "in RAM"
                                  : "--stack-interleave needs an SDK program (one that defines "
                                    SIMTY_SYM_STACK_SIZE ")",
                 s->nharts, size);
        return -1;
    }
    if (!fits)
        return 0;
    k->size = size;
    k->top = (uint32_t)top;
    k->base = (uint32_t)(top - total);
    k->check = !s->cfg.no_stack_check;
    if (s->cfg.stack_interleave) {
        /* Stored in another order than loaded: harmless only while the
         * region holds nothing but zeros. */
        if (!all_zero(s->ram + (k->base - s->ram_base), (size_t)total)) {
            snprintf(err, errlen, "--stack-interleave: the program image overlaps the stacks "
                                  "[0x%08x, 0x%08x)", k->base, k->top);
            return -1;
        }
        k->il_size = (uint32_t)total;
    }
    return 0;
}

bool stacks_check_sp(simty_sim *s, unsigned gw, unsigned first, lane_mask lanes, uint32_t pc)
{
    const stack_layout *k = &s->stacks;
    const uint32_t *sp = warp_regs(s, gw) + 2 * s->T + first;
    for (lane_mask m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), h = gw * s->T + first + l;
        uint32_t lo = k->top - (h + 1) * k->size;
        if (sp[l] - lo <= k->size) /* [lo, lo + S]: an empty stack has sp at the top */
            continue;
        sim_fault(s, h, pc,
                  "stack overflow: sp 0x%08x is outside hart %u's stack [0x%08x, 0x%08x) "
                  "(%u bytes per thread; build with simty-cc --stack-size=N for more)",
                  sp[l], h, lo, lo + k->size, k->size);
        return false;
    }
    return true;
}
