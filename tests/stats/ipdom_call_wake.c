/* ipdom_call_wake.c: --paths ipdom, a path that stops waiting while its
 * warp is stalled in a semihosting call (tests/stats_checks.py).  Warp 0
 * (3 lanes) splits with asm goto into C (lane 0: CALLS semihosting calls),
 * X (lane 1: straight to the join) and W (lane 2: lr.w + wrs.nto until
 * warp 1 sets a flag after DELAY iterations).  W's wait ends while C is in
 * a call: W must be held with the others and stop at the join, so that
 * the warp enters the region of interest whole (SIMD efficiency about 1,
 * as with hct; 0.335 when W ran past the join).  With a longer DELAY the
 * paths come back together from the barrier and must merge. */
#include <stdint.h>
#include <stdio.h>
#include <semihost.h>
#include <simty.h>

static volatile uint32_t flag;
static volatile uint32_t sink[64];

int main(void)
{
    unsigned tid = simty_tid();
    if (tid >= 6) return 0;
    if (tid >= 3) { /* warp 1 */
        if (tid == 3) {
            for (volatile unsigned i = 0; i < DELAY; i++) ;
            __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
        }
        simty_barrier();
        return 0;
    }
    __asm__ goto("bnez %0, %l[others]" :: "r"(tid) :: others);
    for (unsigned i = 0; i < CALLS; i++) /* C */
        sys_semihost_errno(); /* picolibc's SYS_ERRNO call */
    goto join;
others:
    __asm__ goto("beq %0, %1, %l[wside]" :: "r"(tid), "r"(2u) :: wside);
    goto join; /* X */
wside:
    for (;;) { /* lr.w + wrs.nto: waits until warp 1's store */
        uint32_t v;
        __asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(&flag) : "memory");
        if (v)
            break;
        __asm__ volatile(".word 0x00d00073" ::: "memory"); /* wrs.nto */
    }
join:
    simty_barrier();
    simty_roi_begin();
    uint32_t acc = tid;
    for (unsigned i = 0; i < 2000; i++)
        acc = acc * 1664525u + 1013904223u;
    sink[tid] = acc;
    simty_roi_end();
    return 0;
}
