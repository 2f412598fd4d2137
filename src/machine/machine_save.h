/* Checkpoints of the machine's own state (machine/machine_save.c;
 * docs/design.md "Checkpoints"): the threads, the barrier unit, the
 * reservations, the cores' counters and statistics, the console and the
 * semihosting layer's files, each written and read next to its state.
 * A load checks every size against the machine it is loaded into (built
 * from the checkpoint's configuration) and fails with a message in the
 * reader. */
#ifndef SIMTY_MACHINE_MACHINE_SAVE_H
#define SIMTY_MACHINE_MACHINE_SAVE_H

#include "machine/machine.h"
#include "util/ckpt.h"

void machine_save(const simty_sim *s, ck_writer *w);
bool machine_load(simty_sim *s, ck_reader *r);

/* Guest memory: every region's non-zero pages.  A load gives each region a
 * new buffer: the machine's pointers into it (simty_sim.ram) must be set
 * again after it. */
void memory_save(const memory_t *m, ck_writer *w);
bool memory_load(memory_t *m, ck_reader *r);

/* The console's unfinished lines (per hart) */
void console_save(const console_t *c, ck_writer *w);
bool console_load(console_t *c, ck_reader *r);

/* Semihosting: the root, the command line, the errno per hart, the guest's
 * stderr lines and the open files (a host file by its path, access mode
 * and offset: reopened at load) */
void semihost_save(const semihost *h, ck_writer *w);
bool semihost_load(semihost *h, ck_reader *r);

/* The layout of what the machine writes raw, for the build identity */
uint64_t machine_save_layout(uint64_t h);

#endif
