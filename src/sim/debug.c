/* Debugger support (simty.h, "debugging"): simty_step_thread(), which
 * asks the model (its debug_step; models/debug_step.h for the SIMT ones). */
#include "models/model.h"
#include "sim/sim.h"

int simty_step_thread(simty_sim *s, unsigned hart)
{
    if (!s->loaded || hart >= s->nharts || sim_stopped(s) || s->status[hart] != HART_RUNNING)
        return -1;
    if (!s->model->debug_step)
        return -1;
    int rc = s->model->debug_step(s, hart);
    s->mem_changed = true; /* a change from outside: the deadlock watch starts again */
    return rc;
}
