/* The SDK's per-thread stacks: layout, overflow check, interleaving
 * (stacks.h). */
#include "machine/stacks.h"

#include <stdio.h>

#include "machine/machine.h"
#include "simty_guest.h"

static bool all_zero(const uint8_t *p, size_t n)
{
    uint8_t any = 0;
    for (size_t i = 0; i < n; i++)
        any |= p[i];
    return any == 0;
}

/* The base of the lowest --mem region between the end of RAM and `end`
 * (one that RAM cannot grow past to reach it), or 0. */
static uint32_t capping_region(const simty_sim *s, uint64_t end)
{
    uint32_t cap = 0;
    for (unsigned i = 0; i < s->cfg.n_extra_mem; i++) {
        uint32_t b = s->cfg.extra_mem[i].base;
        if (b >= (uint64_t)s->ram_base + s->ram_size && b < end && (!cap || b < cap))
            cap = b;
    }
    return cap;
}

/* An SDK program that says where its stack region starts (crt0 carves the
 * areas between there and the end of RAM): the areas must fit, checked here
 * before the run rather than by crt0 in it.  With the RAM sized to the
 * machine (no --ram-size), a machine too big for the default S-byte areas
 * even in the largest RAM gives each hart the largest area that fits
 * instead, when the program has the loader-filled word for it and an area
 * still holds its TLS block and 1 KiB of stack.  *size is S, updated.
 * Returns 0, or -1 with a one-line reason naming the option to change. */
static int fit_areas(simty_sim *s, uint32_t *size, char *err, size_t errlen)
{
    uint32_t region, area_word, reserve;
    uint64_t top = (uint64_t)s->ram_base + s->ram_size;
    if (elf_find_symbol(&s->elf, SIMTY_SYM_STACK_REGION, &region) || region < s->ram_base)
        return 0; /* not the SDK's layout: crt0 (if any) decides */
    uint64_t room = top > region ? top - region : 0;
    if ((uint64_t)*size * s->nharts <= room)
        return 0;
    uint64_t fit = room / s->nharts & ~(uint64_t)15;
    if (s->ram_auto && s->ram_size >= SIMTY_RAM_SIZE_AUTO_MAX &&
        *size <= SIMTY_STACK_SIZE_DEFAULT &&
        elf_find_symbol(&s->elf, SIMTY_SYM_STACK_AREA, &area_word) == 0 &&
        elf_find_symbol(&s->elf, SIMTY_SYM_TLS_RESERVE, &reserve) == 0 &&
        fit >= (uint64_t)reserve + 1024) {
        snprintf(s->load_warning, sizeof s->load_warning,
                 "the per-thread stack and TLS area is reduced from %u to %u bytes: %u threads "
                 "x %u bytes do not fit in the largest RAM (--ram-size %lluM); run at most %llu "
                 "threads to keep %u", *size, (unsigned)fit, s->nharts, *size,
                 (unsigned long long)(SIMTY_RAM_SIZE_AUTO_MAX >> 20),
                 (unsigned long long)(room / *size), *size);
        *size = (uint32_t)fit;
        sim_patch_symbol(s, SIMTY_SYM_STACK_AREA, *size);
        return 0;
    }
    uint64_t need = region - s->ram_base + (uint64_t)*size * s->nharts;
    need = (need + (1u << 20) - 1) >> 20; /* MiB */
    const uint32_t cap = capping_region(s, s->ram_base + (need << 20));
    if (need <= SIMTY_RAM_SIZE_AUTO_MAX >> 20 && cap)
        snprintf(err, errlen, "%u threads x %u-byte stacks do not fit in %llu MiB of RAM, and "
                 "the --mem region at 0x%08x leaves no room for the %lluM they need: move it "
                 "to 0x%08llx or above, run fewer threads or build with a smaller simty-cc "
                 "--stack-size", s->nharts, *size, (unsigned long long)(s->ram_size >> 20), cap,
                 (unsigned long long)need,
                 (unsigned long long)s->ram_base + (need << 20));
    else if (need <= SIMTY_RAM_SIZE_AUTO_MAX >> 20)
        snprintf(err, errlen, "%u threads x %u-byte stacks do not fit in %llu MiB of RAM: "
                 "give --ram-size %lluM or more (or build with a smaller simty-cc --stack-size)",
                 s->nharts, *size, (unsigned long long)(s->ram_size >> 20),
                 (unsigned long long)need);
    else
        snprintf(err, errlen, "%u threads x %u-byte stacks do not fit in the largest RAM "
                 "(--ram-size %lluM): run fewer threads or build with a smaller simty-cc "
                 "--stack-size", s->nharts, *size,
                 (unsigned long long)(SIMTY_RAM_SIZE_AUTO_MAX >> 20));
    return -1;
}

const char *simty_load_warning(const simty_sim *s, unsigned n)
{
    return n == 0 && s->load_warning[0] ? s->load_warning : NULL;
}

int stacks_init(simty_sim *s, char *err, size_t errlen)
{
    stack_layout *k = &s->stacks;
    uint32_t size, ram_end;
    *k = (stack_layout){0};
    uint64_t top = (uint64_t)s->ram_base + s->ram_size;
    bool sdk = elf_find_symbol(&s->elf, SIMTY_SYM_STACK_SIZE, &size) == 0 &&
               elf_find_symbol(&s->elf, SIMTY_SYM_RAM_END, &ram_end) == 0;
    if (sdk && size > 0 && size % 16 == 0 && fit_areas(s, &size, err, errlen))
        return -1;
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
