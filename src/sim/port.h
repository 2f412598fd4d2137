/* The implementations of the executor's port (machine/port.h): the direct
 * one (sim/port_direct.c) and the deferred ones over the cores' effect
 * logs (sim/effects.c).  The run loop (sim/run.c) sets simty_sim.port to
 * one of them. */
#ifndef SIMTY_SIM_PORT_H
#define SIMTY_SIM_PORT_H

#include "machine/port.h"

extern const machine_port port_direct;
/* a multi-core machine's cores tick one cycle between exchanges */
extern const machine_port port_deferred;
/* ... or a quantum of several cycles: loads see the hart's own stores */
extern const machine_port port_deferred_quanta;

#endif
