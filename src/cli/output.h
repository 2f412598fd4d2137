/* Output files of the simty command: trace files with a size cap, and
 * the end-of-command check that turns a failed write on stdout into an
 * error (status 123) instead of silent loss. */
#ifndef SIMTY_CLI_OUTPUT_H
#define SIMTY_CLI_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#define TRACE_LIMIT_DEFAULT (1ull << 30) /* --trace-limit: 1 GiB per trace file */

/* A trace output ("-": stdout).  With a limit, the library writes into a
 * stream that passes whole lines on until the next line would go past
 * `limit` bytes, then drops the rest of the trace (a note on stderr says
 * so at the end). */
typedef struct trace_file {
    const char *path; /* as given */
    const char *what; /* the option, for messages */
    FILE *f;          /* what the library writes to, or NULL: no trace */
    FILE *out;        /* the file itself (f wraps it when there is a limit) */
    uint64_t limit, written;
    int stopped;      /* the limit was reached */
    int err;          /* errno of the first failed write */
} trace_file;

/* Opens t (path NULL: no trace).  Returns 0, or -1 after an error line. */
int trace_open(trace_file *t, const char *what, const char *path, uint64_t limit);

/* Flushes and closes t.  Returns 1 after an error line (none for stdout
 * closed by its reader) if it could not be written completely, else 0
 * (after a note if the limit cut it). */
int trace_close(trace_file *t);

/* An output written in full or not at all: a temporary file in the same
 * directory, renamed over the path at the end (so an interrupt, or a path
 * that is also an input, never leaves it half written).  A path that exists
 * and is not a regular file (a device, a FIFO) is written directly; NULL
 * means stdout. */
typedef struct atomic_file {
    const char *path;
    char *tmp;        /* the temporary file, or NULL when writing directly */
    FILE *f;
} atomic_file;

/* Returns 0, or SIMTY_STATUS_OUTPUT after an error line "WHO: ...". */
int atomic_open(atomic_file *a, const char *who, const char *path);
/* Flushes, closes and renames.  Returns 0, or SIMTY_STATUS_OUTPUT after an
 * error line (none for stdout closed by its reader; the temporary file is
 * removed). */
int atomic_commit(atomic_file *a, const char *who);
/* Drops what was written (removes the temporary file). */
void atomic_abort(atomic_file *a);

/* Whether a failed write was a closed pipe (EPIPE: the reader went away,
 * as `| head` does).  Such a failure on stdout is not reported, as cat and
 * objdump report none; the status is still SIMTY_STATUS_OUTPUT (README,
 * "Exit status"). */
int pipe_closed(int err);

/* Flushes stdout.  Returns SIMTY_STATUS_OUTPUT after an error line (none
 * for a closed pipe) if anything written to it was lost, else 0.  err: the errno of a write that
 * failed earlier, or 0. */
int finish_stdout(int err);

/* An output file (option `opt`, e.g. "--trace-commits") must not be one of
 * the input files (`what` would replace it): prints the usage error and
 * returns 1 if it is the same file as one of inputs[0..n), else 0. */
int output_is_input(const char *opt, const char *output, char *const *inputs, unsigned n,
                    const char *what);

#endif
