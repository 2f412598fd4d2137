/* The SDK's per-thread stacks (docs/platform.md, "Per-thread stacks"):
 * where they are, the stack-overflow check on every write to sp, and the
 * --stack-interleave address mapping.
 *
 * An SDK program (one that defines __simty_stack_size and __simty_ram_end)
 * gives hart h the area [top - (h+1)*S, top - h*S), S = __simty_stack_size,
 * top = the end of main RAM; its TLS block sits at the top of the area and
 * its sp starts just below.  The areas must fit above __simty_stack_region
 * (checked at load); on a machine too big for them in the largest RAM the
 * loader may give each hart less (__simty_stack_area, fit_areas). */
#ifndef SIMTY_MACHINE_STACKS_H
#define SIMTY_MACHINE_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/insn.h"

typedef struct simty_sim simty_sim;

typedef struct stack_layout {
    bool check;        /* fault when a thread moves sp out of its own area */
    uint32_t size;     /* S, bytes per hart */
    uint32_t top;      /* end of main RAM: hart 0's area ends here */
    uint32_t base;     /* top - nharts * S */
    uint32_t il_size;  /* --stack-interleave: nharts * S (0: off) */
} stack_layout;

/* After loading: finds the layout of an SDK program.  Returns 0, or -1 with
 * a reason (its stacks do not fit in RAM, --stack-interleave on a program
 * that is not an SDK program, or whose image overlaps the stacks). */
int stacks_init(simty_sim *s, char *err, size_t errlen);

/* The lanes `lanes` of global warp gw (lane l: hart gw*T + first + l) just
 * wrote sp: reports a guest fault at pc and returns false if one of them
 * left its hart's area. */
bool stacks_check_sp(simty_sim *s, unsigned gw, unsigned first, lane_mask lanes, uint32_t pc);

/* --stack-interleave: the word at offset o of hart h's area is stored at
 * base + ((o / 4) * nharts + h) * 4 + o % 4, so the same offset of the
 * harts of a warp falls in consecutive words.  Maps an address (aligned
 * for its size) to where it is stored; other addresses are unchanged. */
static inline uint32_t stacks_store_addr(const stack_layout *k, uint32_t nharts, uint32_t a)
{
    uint32_t off = a - k->base;
    if (off >= k->il_size)
        return a;
    uint32_t h = (k->il_size - 1 - off) / k->size;   /* whose area */
    uint32_t o = off - (k->il_size - (h + 1) * k->size); /* offset in it */
    return k->base + ((o >> 2) * nharts + h) * 4 + (a & 3);
}

/* The inverse of stacks_store_addr: the address whose byte is stored at a. */
static inline uint32_t stacks_guest_addr(const stack_layout *k, uint32_t nharts, uint32_t a)
{
    uint32_t off = a - k->base;
    if (off >= k->il_size)
        return a;
    uint32_t idx = off >> 2, h = idx % nharts;  /* whose word ... */
    uint32_t o = (idx / nharts) * 4 + (a & 3);   /* ... at which offset of its area */
    return k->base + (k->il_size - (h + 1) * k->size) + o;
}

/* Where byte i of an access whose first byte is stored at a is stored (a
 * misaligned access to the interleaved stacks spans two words that are
 * not neighbours). */
static inline uint32_t stacks_access_byte(const stack_layout *k, uint32_t nharts, uint32_t a,
                                          unsigned i)
{
    if (!k->il_size)
        return a + i;
    return stacks_store_addr(k, nharts, stacks_guest_addr(k, nharts, a) + i);
}

#endif
