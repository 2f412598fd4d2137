// A C++ translation unit that uses only C headers (sdk/README.md, "C++"):
// classes, templates, a global constructor, namespaces and references on
// every thread. No new/delete, exceptions or RTTI: Debian has no libstdc++
// for picolibc.
#include <simty.h>
#include <stdio.h>
#include <string.h>

namespace {

template <typename T, unsigned N>
struct Ring {
    T items[N];
    unsigned head = 0;
    void push(const T &v) { items[head++ % N] = v; }
    T sum() const
    {
        T s = T();
        for (unsigned i = 0; i < N; i++)
            s += items[i];
        return s;
    }
};

struct Greeter {
    char text[32];
    Greeter() { strcpy(text, "constructed"); }
};

Greeter greeter;  // runs in __libc_init_array, on hart 0 before main

}  // namespace

int main()
{
    unsigned tid = simty_tid();
    Ring<unsigned, 4> r;
    for (unsigned i = 0; i < 4; i++)
        r.push(tid * 10 + i);
    unsigned s = r.sum();
    simty_barrier();
    if (s != 40 * tid + 6 || strcmp(greeter.text, "constructed") != 0) {
        printf("cxx: FAIL on thread %u (sum %u)\n", tid, s);
        return 1;
    }
    if (tid == 0)
        printf("cxx: PASS (%u threads, %s)\n", simty_nthreads(), greeter.text);
    return 0;
}
