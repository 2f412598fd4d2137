/* Threads and the program: the end of a thread and of the program, guest
 * faults, retired-instruction counts, symbols and disassembly for
 * messages (machine/machine.h). */
#include "machine/machine.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/disasm.h"

static int program_exit_code(const simty_sim *s)
{
    for (unsigned h = 0; h < s->nharts; h++)
        if (s->status[h] == HART_EXITED && s->exit_code[h] != 0)
            return s->exit_code[h];
    return 0;
}

void sim_stop(simty_sim *s, simty_exit_reason why, int code)
{
    if (sim_stopped(s))
        return;
    s->result.reason = why;
    s->result.exit_code = code;
}

static void last_thread_check(simty_sim *s)
{
    if (s->running > 0)
        return;
    bool parked = false;
    for (unsigned h = 0; h < s->nharts; h++)
        parked |= s->status[h] == HART_PARKED;
    sim_stop(s, parked ? SIMTY_EXIT_PARKED : SIMTY_EXIT_EXIT, program_exit_code(s));
}

/* A thread ended: the program may be over, or a barrier complete (threads
 * that have ended count as arrived). */
void sim_thread_ended(simty_sim *s, unsigned hart)
{
    s->running--;
    s->mem_changed = true; /* a thread ending is progress */
    resv_clear(s, hart); /* (so that stores need not look its word up) */
    last_thread_check(s);
    sync_thread_ended(s, hart_core(s, hart), s->cycle);
}

void sim_thread_exit(simty_sim *s, unsigned hart, int32_t code, uint32_t pc)
{
    s->status[hart] = HART_EXITED;
    s->pc[hart] = pc; /* where it ended, for simty_pc_read */
    s->exit_code[hart] = code;
    s->port.thread_end(s, hart);
}

void sim_thread_park(simty_sim *s, unsigned hart, uint32_t pc)
{
    s->status[hart] = HART_PARKED;
    s->pc[hart] = pc;
    s->port.thread_end(s, hart);
}

int sim_symbolize(const simty_sim *s, uint32_t addr, char *buf, size_t n)
{
    return elf_symbolize(&s->elf, addr, buf, n);
}

static int symbolize_cb(void *ctx, uint32_t addr, char *buf, size_t n)
{
    return sim_symbolize(ctx, addr, buf, n);
}

void sim_disasm(const simty_sim *s, uint32_t pc, char *buf, size_t n)
{
    insn_t d;
    if (!sim_decode_at(s, pc, &d)) {
        snprintf(buf, n, "?");
        return;
    }
    insn_disasm(&d, pc, buf, n, symbolize_cb, (void *)s);
    for (char *c = buf; *c; c++)
        if (*c == '\t')
            *c = ' ';
}

void sim_fault(simty_sim *s, unsigned hart, uint32_t pc, const char *fmt, ...)
{
    if (s->port.stopped(s, hart))
        return;
    char what[256], dis[160], where[160], msg[sizeof s->result.message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    /* "hart 3, pc 0x80000124 <main+0x10> (lw a0,0(a1)): why" */
    const size_t size = sizeof msg;
    int n = snprintf(msg, size, "guest fault: hart %u, pc 0x%08x", hart, pc);
    if (sim_symbolize(s, pc, where, sizeof where))
        n += snprintf(msg + n, size - (size_t)n, " <%s>", where);
    sim_disasm(s, pc, dis, sizeof dis);
    if (strcmp(dis, "?") != 0)
        n += snprintf(msg + n, size - (size_t)n, " (%s)", dis);
    snprintf(msg + n, size - (size_t)n, ": %s", what);
    s->port.fault(s, hart, msg);
}

void sim_retire_switch(simty_sim *s, unsigned gw, lane_mask lanes)
{
    struct warp_retire *r = &s->retire[gw];
    uint64_t *instret = s->instret + (size_t)gw * s->T;
    for (lane_mask m = r->mask; m; m &= m - 1)
        instret[__builtin_ctzll(m)] += r->run;
    r->mask = lanes;
    r->run = 1;
}

void sim_patch_symbol(simty_sim *s, const char *name, uint32_t value)
{
    uint32_t addr;
    uint8_t *p;
    if (elf_find_symbol(&s->elf, name, &addr) == 0 && (p = bus_ram(s, addr, 4)))
        store_le(p, 4, value);
}

static const char *signal_name(int signo)
{
    return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : signo == SIGHUP ? "SIGHUP"
                                                                                        : NULL;
}

/* A stop asked for from outside the run (simty_request_stop) or by the
 * console. */
void sim_stop_requested(simty_sim *s)
{
    int why = s->stop_request;
    if (why == STOP_OUTPUT) {
        snprintf(s->result.message, sizeof s->result.message,
                 "the program's output cannot be written (%s); the run was stopped at cycle %llu",
                 strerror(s->console.err), (unsigned long long)s->cycle);
        sim_stop(s, SIMTY_EXIT_OUTPUT, 0);
        return;
    }
    const char *name = signal_name(why);
    if (name)
        snprintf(s->result.message, sizeof s->result.message, "interrupted by %s at cycle %llu",
                 name, (unsigned long long)s->cycle);
    else
        snprintf(s->result.message, sizeof s->result.message,
                 "interrupted by signal %d at cycle %llu", why, (unsigned long long)s->cycle);
    s->result.signal = why;
    sim_stop(s, SIMTY_EXIT_INTERRUPTED, 0);
}
