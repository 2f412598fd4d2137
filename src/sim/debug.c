/* Debugger support (simty.h, "debugging"): a PC write, and a step of one
 * thread's path that holds every other warp, through the model's
 * model_debug_ops.  Nothing here runs unless a front end calls it: the run
 * loop and the models' ticks do not know about debuggers. */
#include "sim/debug.h"

#include "models/debug_step.h"
#include "models/model.h"

int sim_debug_move_thread(simty_sim *s, unsigned hart, uint32_t pc)
{
    const model_debug_ops *d = s->model->debug;
    if (!d)
        return -1;
    if (!s->paths)
        return 0; /* (the PC is the hart's own) */
    const unsigned gw = hart / s->T;
    if ((d->busy && d->busy(s, gw)) || paths_move_lane(&s->paths[gw], hart % s->T, pc))
        return -1;
    d->changed(s, gw, "a PC write");
    return 0;
}

/* The step of a model with path tables: the warp's slots run outside the
 * model, which is then told (the cycle model redirects the warp's fetch, as
 * after a PC write: an instruction in flight at a stale PC is squashed at
 * F+7).  Not while the warp is busy. */
static int step_paths(simty_sim *s, const model_debug_ops *d, unsigned hart)
{
    const unsigned gw = hart / s->T;
    if (d->busy && d->busy(s, gw))
        return 1;
    int rc = sim_debug_step_warp(s, hart);
    d->changed(s, gw, "a debugger step");
    return rc;
}

int simty_step_thread(simty_sim *s, unsigned hart)
{
    if (!s->loaded || hart >= s->nharts || sim_stopped(s) || s->status[hart] != HART_RUNNING)
        return -1;
    const model_debug_ops *d = s->model->debug;
    if (!d)
        return -1;
    int rc = d->step ? d->step(s, hart) : step_paths(s, d, hart);
    s->mem_changed = true; /* a change from outside: the deadlock watch starts again */
    return rc;
}
