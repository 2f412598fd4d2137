/* ipdom_call_spin.c: --paths ipdom, forward progress through a
 * semihosting call (tests/stats_checks.py).  Lane 0 waits for its warp
 * mate, lane 1, with a semihosting call (SYS_ERRNO: no output) in the wait
 * loop; lane 1 only sets the flag.  Each call stalls the warp and holds
 * lane 1's path under lane 0's; the held path must keep its age, so that
 * the forward-progress turn comes and the loop ends (a held path whose age
 * restarted at every call never got one: the run spun for ever).  VARIANT
 * picks which arm is taken so that lane 0 is on top of the stack. */
#include <stdint.h>
#include <stdio.h>
#include <semihost.h>
#include <simty.h>

static volatile uint32_t flag;
static volatile uint32_t spins;

static void __attribute__((noinline)) waiter(void)
{
    while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) == 0) {
        sys_semihost_errno(); /* picolibc's SYS_ERRNO call */
        spins++;
    }
}

static void __attribute__((noinline)) setter(void)
{
    __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
}

int main(void)
{
    unsigned tid = simty_tid();
    if (tid >= 2)
        return 0;
#if VARIANT
    if (tid == 0) waiter(); else setter();
#else
    if (tid != 0) setter(); else waiter();
#endif
    if (tid == 0)
        printf("done after %u spins\n", (unsigned)spins);
    return 0;
}
