/* tls.c - every thread starts with its own copy of the thread-local
 * variables: the initialised ones (.tdata) hold their initial values, the
 * others (.tbss) are zero, and a thread's writes are its own.
 * -DBYTES_ONLY: a .tdata of 3 bytes only (crt0 copies it byte by byte);
 * otherwise words, a double and an array (copied word by word). Prints one
 * line from thread 0 when every thread agrees, one line per failing thread
 * otherwise; exit status 1 on a failure. */
#include <simty.h>
#include <stdio.h>

#ifdef BYTES_ONLY
static __thread char small[3] = {7, 8, 9};
static __thread char zeros[5];
#define CHECK_INIT() (small[0] == 7 && small[1] == 8 && small[2] == 9)
#define CHECK_ZERO() (!zeros[0] && !zeros[1] && !zeros[2] && !zeros[3] && !zeros[4])
#define WRITE(t) (small[1] = (char)(t), zeros[4] = (char)(t + 1))
#define CHECK_OWN(t) (small[1] == (char)(t) && zeros[4] == (char)(t + 1))
#else
static __thread int word = 0x12345678;
static __thread double dbl = 2.5;
static __thread unsigned arr[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
static __thread unsigned zeros[40];
static __thread char tail_byte;
static int check_init(void)
{
    unsigned sum = 0;
    for (int i = 0; i < 9; i++)
        sum += arr[i] * (unsigned)(i + 1);
    return word == 0x12345678 && dbl == 2.5 && sum == 285;
}
static int check_zero(void)
{
    unsigned any = tail_byte;
    for (int i = 0; i < 40; i++)
        any |= zeros[i];
    return any == 0;
}
#define CHECK_INIT() check_init()
#define CHECK_ZERO() check_zero()
#define WRITE(t) (word = (int)(t), arr[8] = (t) * 3, zeros[39] = (t) + 1, tail_byte = (char)(t))
#define CHECK_OWN(t) (word == (int)(t) && arr[8] == (t) * 3 && zeros[39] == (t) + 1 && \
                      tail_byte == (char)(t))
#endif

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();
    int ok = CHECK_INIT() && CHECK_ZERO();
    simty_barrier();
    WRITE(tid);
    simty_barrier(); /* every thread has written its own copy */
    ok = ok && CHECK_OWN(tid);
    if (!ok)
        printf("tls: thread %u FAIL\n", tid);
    else if (tid == 0)
        printf("tls: PASS (%u threads)\n", n);
    return !ok;
}
