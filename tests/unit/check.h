/* Minimal test harness: CHECK records a failure with its line and goes on. */
#ifndef SIMTY_TEST_CHECK_H
#define SIMTY_TEST_CHECK_H

#include <stdio.h>

static int check_failures, check_count;

#define CHECK(cond)                                                              \
    do {                                                                         \
        check_count++;                                                           \
        if (!(cond)) {                                                           \
            check_failures++;                                                    \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                        \
    } while (0)

#define CHECK_EQ(a, b)                                                           \
    do {                                                                         \
        unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b); \
        check_count++;                                                           \
        if (a_ != b_) {                                                          \
            check_failures++;                                                    \
            fprintf(stderr, "%s:%d: %s == %s failed: 0x%llx != 0x%llx\n", __FILE__, \
                    __LINE__, #a, #b, a_, b_);                                   \
        }                                                                        \
    } while (0)

static inline int check_report(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures ? 1 : 0;
}

#endif
