/* simty run's progress display on stderr: on a terminal, a status line
 * refreshed four times a second once a run has lasted 2 s, erased before
 * the program's output and at the end; with --heartbeat N, a full line
 * every N seconds instead (for logs and pipes).  It reads the run through
 * the library's monitor (simty_set_monitor). */
#ifndef SIMTY_CLI_STATUS_H
#define SIMTY_CLI_STATUS_H

#include <stdbool.h>
#include <stdint.h>

#include "simty.h"

typedef enum { STATUS_OFF, STATUS_LINE, STATUS_HEARTBEAT } status_mode;

typedef struct run_status {
    status_mode mode;
    bool shown;               /* a status line is on the terminal */
    uint64_t cycles, instr;   /* at the previous tick (the rates since then) */
    double seconds;
} run_status;

/* Sets the display of mode (heartbeat: seconds between lines) on s. */
void status_start(run_status *st, simty_sim *s, status_mode mode, unsigned heartbeat);

/* The run returned: erases the status line if one is shown. */
void status_end(run_status *st);

#endif
