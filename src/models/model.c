/* What the callers of model_ops do alike for every model (models/model.h):
 * the defaults of its report hooks, from the path tables or, for a model
 * without them, from its own answers. */
#include "models/model.h"
#include "warp/path_report.h"

uint8_t model_wait_state(const simty_sim *s, unsigned hart)
{
    const model_report_ops *r = s->model->report;
    if (r->wait_state)
        return r->wait_state(s, hart);
    return s->paths ? path_report_wait_state(s, s->paths, hart) : WAIT_NONE;
}

static const char *const wait_name[WAIT_KINDS] = {"", " (waits at the barrier)",
                                                  " (waits in wrs)", "", "",
                                                  " (waits at its core's barrier)", "", ""};

void model_dump(const simty_sim *s, FILE *f)
{
    if (s->paths) {
        path_report_dump(s, s->paths, f);
        return;
    }
    for (unsigned h = 0; h < s->nharts; h++) {
        if (s->status[h] != HART_RUNNING)
            continue;
        char where[160] = "", dis[160];
        sim_symbolize(s, s->pc[h], where, sizeof where);
        sim_disasm(s, s->pc[h], dis, sizeof dis);
        uint8_t w = model_wait_state(s, h);
        fprintf(f, "  hart %u: pc 0x%08x <%s> %s%s\n", h, s->pc[h], where, dis,
                wait_name[w < WAIT_KINDS ? w : 0]);
    }
}
