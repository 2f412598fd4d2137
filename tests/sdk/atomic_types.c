/* simty_atomic_* on every 32-bit integer type (sdk/include/simty.h):
 * uint32_t, unsigned, int32_t, int, volatile or not (on RV32 uint32_t is
 * `unsigned long`, another type than `unsigned`: a prototype taking one
 * rejected the other under -Werror, and GCC 14 rejects it always).  Built
 * with -Wall -Wextra -Werror by tests/sdk_checks.py and run on every model;
 * with -DWRONG_SIZE (a 16-bit counter), -DCONST_TARGET or -DFLOAT_TARGET (a
 * 4-byte float) it must not build. */
#include <simty.h>
#include <stdint.h>
#include <stdio.h>

uint32_t sum_u32;
unsigned sum_uns;
int32_t min_i32 = 1000;
int max_int = -1000;
unsigned bits;
volatile unsigned last;
unsigned tickets;
#ifdef WRONG_SIZE
uint16_t small;
#endif
#ifdef CONST_TARGET
const unsigned fixed = 1;
#endif
#ifdef FLOAT_TARGET
float real;
#endif

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    simty_atomic_add(&sum_u32, tid);
    simty_atomic_add(&sum_uns, tid + 1);
    simty_atomic_min(&min_i32, -(int)tid);
    simty_atomic_max(&max_int, (int)tid);
    simty_atomic_or(&bits, 1u << (tid % 32));
    unsigned before = simty_atomic_swap(&last, tid);
    (void)before;
    unsigned seen;
    do
        seen = tickets;
    while (simty_atomic_cas(&tickets, seen, seen + 1) != seen);
#ifdef WRONG_SIZE
    simty_atomic_add(&small, 1);
#endif
#ifdef CONST_TARGET
    simty_atomic_add(&fixed, 1);
#endif
#ifdef FLOAT_TARGET
    simty_atomic_add(&real, 1);
#endif
    simty_barrier();
    if (tid != 0)
        return 0;
    unsigned want_bits = n >= 32 ? ~0u : (1u << n) - 1;
    int ok = sum_u32 == n * (n - 1) / 2 && sum_uns == n * (n + 1) / 2 &&
             min_i32 == -(int)(n - 1) && max_int == (int)(n - 1) && bits == want_bits &&
             last < n && tickets == n;
    printf("atomic types: %s (%u threads)\n", ok ? "PASS" : "FAIL", n);
    return !ok;
}
