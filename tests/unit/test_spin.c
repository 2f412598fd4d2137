/* The spin detector (sync/spin.c): backoff levels, and the rule that parks a
 * spinning path until a store only when no store happened since that same
 * path's previous detection. */
#include <string.h>

#include "check.h"
#include "warp/paths.h"
#include "isa/insn.h"
#include "sim/sim.h"
#include "simty.h"
#include "sync/spin.h"

/* One iteration of the loop of path p ending in branch d, as the commit sees
 * it: the slot counts, then the backward branch is observed. */
static uint64_t iterate(spin_detector *det, simty_sim *s, const path_t *p, const insn_t *d)
{
    det->slots++;
    return spin_observe_backedge(det, s, 0, p, d);
}

int main(void)
{
    simty_config c;
    simty_config_default(&c);
    c.warps = 1;
    c.threads = 4;
    char err[256];
    simty_sim *s = simty_create(&c, err, sizeof err);
    CHECK(s != NULL);
    if (!s)
        return check_report("test_spin");
    insn_t beq;
    insn_decode(0xfe050ee3u, &beq); /* beq a0, zero, . - 4 */
    spin_detector det;
    memset(&det, 0, sizeof det);
    path_t a = {.pc = 0x80000100, .depth = 1, .mask = 0x1};
    path_t b = {.pc = 0x80000200, .depth = 1, .mask = 0x2};

    /* first sight, then the signature, then detections with growing backoff */
    CHECK_EQ(iterate(&det, s, &a, &beq), 0);
    CHECK_EQ(iterate(&det, s, &a, &beq), 0);
    for (unsigned level = 0; level < SPIN_BACKOFF_MAX_LEVEL; level++)
        CHECK_EQ(iterate(&det, s, &a, &beq), (uint64_t)SPIN_BACKOFF_BASE << level);
    /* at the longest backoff, no store since its last detection: park */
    CHECK_EQ(iterate(&det, s, &a, &beq), SPIN_UNTIL_STORE);

    /* path b reaches the same state */
    CHECK_EQ(iterate(&det, s, &b, &beq), 0);
    CHECK_EQ(iterate(&det, s, &b, &beq), 0);
    for (unsigned level = 0; level <= SPIN_BACKOFF_MAX_LEVEL; level++)
        (void)iterate(&det, s, &b, &beq);
    /* a store that a's last load may not have seen; then b is detected
     * (after the store) before a's branch comes round */
    s->sync.store_epoch++;
    CHECK_EQ(iterate(&det, s, &b, &beq), SPIN_BACKOFF_LONGEST);
    /* a must not park until a store: its loads may predate the store that
     * already ended its wait, and no other store may ever come */
    uint64_t r = iterate(&det, s, &a, &beq);
    CHECK(r != SPIN_UNTIL_STORE);
    CHECK_EQ(r, SPIN_BACKOFF_LONGEST);
    /* once a has iterated after the store, it may */
    CHECK_EQ(iterate(&det, s, &a, &beq), SPIN_UNTIL_STORE);
    CHECK_EQ(iterate(&det, s, &b, &beq), SPIN_UNTIL_STORE);

    simty_destroy(s);
    return check_report("test_spin");
}
