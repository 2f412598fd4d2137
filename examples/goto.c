/*
 * goto.c - unstructured control flow under divergence.
 *
 * Thread t handles items i = t, t+n, ...; each item runs four routines:
 *   into_loop  a goto from before a for loop into the middle of its body
 *              (odd items), and a goto out of it;
 *   backward   a retry loop made of two backward gotos to one label;
 *   tokens     a tokenizer written as a goto state machine (states are
 *              labels) over a generated text of 8 to 36 characters;
 *   duff       Duff's device: a switch jumping into the middle of an
 *              unrolled do/while.
 * Everything is bounded. After a barrier thread 0 recomputes every item with
 * structured rewrites (loops, a switch-based state machine).
 */
#include <stdio.h>
#include <simty.h>

#define N 1024
#define PARTS 4

static uint32_t out[N][PARTS];

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static uint32_t into_loop(uint32_t i)
{
    uint32_t acc = mix(i), k = 0, lim = 5 + i % 4;
    if (i & 1)
        goto middle;
    for (k = 0; k < lim; k++) {
        acc = acc * 3 + k;
middle:
        acc ^= acc >> 5;
        if ((acc & 15) == 7)
            goto found;
    }
    acc += 1;
found:
    return acc + k;
}

static uint32_t backward(uint32_t i)
{
    uint32_t x = i + 1, tries = 0;
again:
    x = x * 1664525u + 1013904223u;
    tries++;
    if (tries < 30 && (x >> 24) > 40 + i % 200)
        goto again;
    if ((x & 3) == 0 && tries < 20) {
        x ^= 0x1234u;
        goto again;
    }
    return x ^ tries << 16;
}

/* Character p of item i's text: digits, letters, spaces and commas. */
static int char_at(uint32_t i, uint32_t p)
{
    uint32_t h = mix(i * 64 + p), r = (h >> 8) % 26;
    switch (h % 8) {
    case 0: case 1: case 2: return '0' + (int)(r % 10);
    case 3: case 4: case 5: return 'a' + (int)r;
    case 6: return ' ';
    default: return ',';
    }
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_sep(int c) { return c == ' ' || c == ','; }

static uint32_t pack(uint32_t words, uint32_t nums, uint32_t longest,
                     uint32_t sum)
{
    return ((words * 64 + nums) * 64 + longest) ^ sum * 2654435761u;
}

/* Counts words and numbers (a number is a run of digits that starts a
 * token; digits after a letter belong to the word), the length of the
 * longest word and the sum of the numbers. */
static uint32_t tokens(uint32_t i)
{
    uint32_t len = 8 + i % 29, p = 0;
    uint32_t words = 0, nums = 0, sum = 0, cur = 0, wlen = 0, longest = 0;
    int c;
space:
    if (p == len)
        goto end;
    c = char_at(i, p++);
    if (is_digit(c)) {
        cur = (uint32_t)(c - '0');
        goto number;
    }
    if (is_sep(c))
        goto space;
    wlen = 1;
    goto word;
number:
    c = ' ';
    if (p < len) {
        c = char_at(i, p++);
        if (is_digit(c)) {
            cur = cur * 10 + (uint32_t)(c - '0');
            goto number;
        }
    }
    nums++;
    sum += cur;
    if (is_sep(c))
        goto space;
    wlen = 1;                   /* a letter right after digits starts a word */
word:
    if (p < len) {
        c = char_at(i, p++);
        if (!is_sep(c)) {
            wlen++;
            goto word;
        }
    }
    words++;
    if (wlen > longest)
        longest = wlen;
    goto space;
end:
    return pack(words, nums, longest, sum);
}

static uint32_t duff_val(uint32_t i, uint32_t k) { return k * 2654435761u ^ i; }

static uint32_t duff(uint32_t i)
{
    uint32_t count = 1 + i % 23, rounds = (count + 7) / 8, k = 0, acc = i;
#define STEP (acc = acc * 31 + duff_val(i, k), k++)
    switch (count % 8) {
    case 0: do { STEP; __attribute__((fallthrough));
    case 7:      STEP; __attribute__((fallthrough));
    case 6:      STEP; __attribute__((fallthrough));
    case 5:      STEP; __attribute__((fallthrough));
    case 4:      STEP; __attribute__((fallthrough));
    case 3:      STEP; __attribute__((fallthrough));
    case 2:      STEP; __attribute__((fallthrough));
    case 1:      STEP;
            } while (--rounds > 0);
    }
#undef STEP
    return acc ^ k << 24;
}

/* Structured rewrites for the check. */
static uint32_t into_loop_ref(uint32_t i)
{
    uint32_t acc = mix(i), k = 0, lim = 5 + i % 4;
    int skip_top = i & 1;
    for (;;) {
        if (!skip_top) {
            if (k >= lim) {
                acc += 1;
                break;
            }
            acc = acc * 3 + k;
        }
        skip_top = 0;
        acc ^= acc >> 5;
        if ((acc & 15) == 7)
            break;
        k++;
    }
    return acc + k;
}

static uint32_t backward_ref(uint32_t i)
{
    uint32_t x = i + 1, tries = 0;
    for (;;) {
        x = x * 1664525u + 1013904223u;
        tries++;
        if (tries >= 30 || (x >> 24) <= 40 + i % 200) {
            if ((x & 3) != 0 || tries >= 20)
                break;
            x ^= 0x1234u;
        }
    }
    return x ^ tries << 16;
}

static uint32_t tokens_ref(uint32_t i)
{
    enum { SPACE, NUMBER, WORD } state = SPACE;
    uint32_t len = 8 + i % 29;
    uint32_t words = 0, nums = 0, sum = 0, cur = 0, wlen = 0, longest = 0;
    for (uint32_t p = 0; p < len; p++) {
        int c = char_at(i, p);
        switch (state) {
        case SPACE:
            if (is_digit(c)) {
                cur = (uint32_t)(c - '0');
                state = NUMBER;
            } else if (!is_sep(c)) {
                wlen = 1;
                state = WORD;
            }
            break;
        case NUMBER:
            if (is_digit(c)) {
                cur = cur * 10 + (uint32_t)(c - '0');
                break;
            }
            nums++;
            sum += cur;
            if (is_sep(c)) {
                state = SPACE;
            } else {
                wlen = 1;
                state = WORD;
            }
            break;
        case WORD:
            if (!is_sep(c)) {
                wlen++;
                break;
            }
            words++;
            if (wlen > longest)
                longest = wlen;
            state = SPACE;
            break;
        }
    }
    if (state == NUMBER) {
        nums++;
        sum += cur;
    } else if (state == WORD) {
        words++;
        if (wlen > longest)
            longest = wlen;
    }
    return pack(words, nums, longest, sum);
}

static uint32_t duff_ref(uint32_t i)
{
    uint32_t count = 1 + i % 23, k, acc = i;
    for (k = 0; k < count; k++)
        acc = acc * 31 + duff_val(i, k);
    return acc ^ k << 24;
}

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    for (unsigned i = tid; i < N; i += n) {
        out[i][0] = into_loop(i);
        out[i][1] = backward(i);
        out[i][2] = tokens(i);
        out[i][3] = duff(i);
    }
    simty_barrier();

    if (tid != 0)
        return 0;
    static const char *const names[PARTS] = {"into_loop", "backward", "tokens",
                                             "duff"};
    unsigned bad = 0, first = 0, first_part = 0;
    uint32_t sum = 0;
    for (unsigned i = 0; i < N; i++) {
        uint32_t expect[PARTS] = {into_loop_ref(i), backward_ref(i),
                                  tokens_ref(i), duff_ref(i)};
        for (unsigned j = 0; j < PARTS; j++) {
            if (out[i][j] != expect[j] && bad++ == 0) {
                first = i;
                first_part = j;
            }
            sum += expect[j];
        }
    }
    if (bad) {
        printf("goto: FAIL (%u of %u results wrong, first: %s of item %u) "
               "with %u threads\n",
               bad, N * PARTS, names[first_part], first, n);
        return 1;
    }
    printf("goto: PASS (%u items x %u routines, %u threads, sum %lu)\n", N,
           PARTS, n, (unsigned long)sum);
    return 0;
}
