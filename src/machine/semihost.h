/* RISC-V semihosting (docs/platform.md, "Semihosting"): a thread executes
 * the uncompressed sequence `slli x0,x0,0x1f; ebreak; srai x0,x0,7` with an
 * operation number (ARM numbering) in a0 and a parameter block pointer in
 * a1, and the simulator serves it on the host: the console, host files
 * under a root directory (a sandbox), the command line, simulated time and
 * the end of the program.  The result goes to a0.
 *
 * State is per simulator (struct semihost in simty_sim): the host file
 * table, the guest command line, the guest errno of each hart and the
 * per-hart line buffers of the guest's stderr. */
#ifndef SIMTY_MACHINE_SEMIHOST_H
#define SIMTY_MACHINE_SEMIHOST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "machine/devices.h"
#include "isa/insn.h"

/* The words around the ebreak that make it a semihosting call. */
#define SEMIHOST_PRE  0x01f01013u /* slli x0, x0, 0x1f */
#define SEMIHOST_POST 0x40705013u /* srai x0, x0, 7 */

/* Nominal clock of simulated time: one cycle is 1 ns (CLOCK, ELAPSED,
 * TICKFREQ, TIME). */
#define SEMIHOST_HZ 1000000000ull
/* TIME: seconds since 1970 at cycle 0 (2000-01-01 00:00:00 UTC): the same
 * on every run. */
#define SEMIHOST_EPOCH 946684800ull
/* Cost of one call in the SIMT models: the calling path waits this many
 * cycles per lane served. */
#define SEMIHOST_CYCLES_PER_LANE 50u
/* Stdin reads wait in slices of this many ms, looking for a stop request
 * (a signal) between them. */
#define SEMIHOST_STDIN_SLICE_MS 100
/* Longest path name a guest may pass (bytes, without the NUL). */
#define SEMIHOST_PATH_MAX 1024u
/* Handles a program may hold open at once, per simulator (not per hart;
 * picolibc's start-up takes one for ":tt"). */
#define SEMIHOST_MAX_FILES 256u

/* What a guest handle is (semihost_file.kind) */
enum { SH_FREE, SH_HOST, SH_STDIN, SH_STDOUT, SH_STDERR, SH_FEATURES, SH_KINDS };

typedef struct semihost {
    char *root;          /* --fs-root (NULL: the current directory) */
    char *root_real;     /* its real path, for absolute guest paths (lazily) */
    int root_fd;         /* -1 until the first file access */
    bool no_files;       /* host files and stdin off (the library's default;
                          * --no-host-files): only ":tt" output */
    bool no_openat2;     /* SIMTY_NO_OPENAT2=1 at simty_create: always the
                          * component walk (a test knob) */
    char *cmdline;       /* GET_CMDLINE (NULL: empty) */
    int32_t *err;        /* per hart: the guest errno of its last failed call */
    unsigned nharts;
    struct semihost_file {
        int fd;          /* host fd of a host file */
        uint8_t kind;    /* enum in semihost.c */
        uint32_t pos;    /* ":semihosting-features": read position */
    } files[SEMIHOST_MAX_FILES]; /* guest handle h: files[h - 1] */
    console_t errc;      /* the guest's stderr, line by line per hart */
} semihost;

struct simty_sim;

int semihost_init(semihost *h, FILE *err, unsigned nharts);
void semihost_free(semihost *h);

/* Is the 32-bit ebreak d at pc a semihosting call (the words before and
 * after it, in the same 4 KiB page, are the marker instructions)? */
bool semihost_is_call(struct simty_sim *s, unsigned hart, uint32_t pc, const insn_t *d);

/* Serves operation op with parameter a1 for hart at cycle now; returns the
 * value for a0.  Never fails on the host: bad pointers, lengths and paths
 * are the guest's errors (-1 and an errno for ERRNO). */
uint32_t semihost_call(struct simty_sim *s, unsigned hart, uint32_t op, uint32_t a1, uint64_t now);

/* Writes out the guest's unfinished stderr lines (end of run). */
void semihost_flush(struct simty_sim *s);

#endif
