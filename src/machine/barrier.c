/* The barrier unit: see machine/barrier.h. */
#include "machine/barrier.h"

#include "machine/machine.h"

void sync_init(sync_unit *u, uint64_t latency)
{
    *u = (sync_unit){.latency = latency, .next_wake = WAKE_ON_EVENT};
}

static void completed(simty_sim *s, unsigned core)
{
    s->sync.completed++;
    s->core[core].stats.barriers++;
    s->sync.release = true;
    s->mem_changed = true; /* progress, for deadlock detection */
}

static void barrier_check(simty_sim *s, unsigned core, uint64_t now)
{
    sync_unit *u = &s->sync;
    if (u->arrived && u->arrived >= s->running) {
        u->arrived = 0;
        u->release_machine = true;
        u->release_at = now + u->latency;
        completed(s, core);
    }
    if (u->core_arrived[core] && u->core_arrived[core] >= u->core_running[core]) {
        u->core_arrived[core] = 0;
        u->core_release |= 1ull << core;
        u->core_release_at[core] = now + u->latency;
        completed(s, core);
    }
}

void sync_thread_ended(simty_sim *s, unsigned core, uint64_t now)
{
    s->sync.core_running[core]--;
    barrier_check(s, core, now);
}

void sync_arrive(simty_sim *s, bool core_scope, unsigned core, unsigned threads, uint64_t now)
{
    if (core_scope)
        s->sync.core_arrived[core] += threads;
    else
        s->sync.arrived += threads;
    barrier_check(s, core, now);
}
