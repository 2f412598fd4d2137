/* simty run --gdb PORT: a GDB remote stub (gdb.c), a client of simty.h. */
#ifndef SIMTY_CLI_GDB_H
#define SIMTY_CLI_GDB_H

#include <signal.h>

#include "simty.h"

typedef struct gdb_options {
    int enabled;   /* --gdb given */
    unsigned port; /* 0: any free port (printed on stderr) */
    int wait;      /* --gdb-wait: wait for gdb before the first cycle */
} gdb_options;

/* Listens on 127.0.0.1:port and prints "simty: gdb: listening on
 * 127.0.0.1:N" on stderr.  Returns the socket, or -1 after a one-line
 * error. */
int gdb_listen(unsigned port);

/* Runs the loaded program to its end under the stub listening on lfd (which
 * it closes), serving one debugger session at a time (README,
 * "Debugging").  *got_signal: the front end's SIGINT/SIGTERM flag, which
 * also ends a wait for the debugger. */
void gdb_run(simty_sim *s, int lfd, int wait, volatile sig_atomic_t *got_signal);

#endif
