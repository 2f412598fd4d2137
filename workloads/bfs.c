/*
 * bfs.c - level-synchronous breadth-first search from node 0 of a generated
 * directed graph (CSR adjacency), computing every node's level (distance).
 *
 * The graph is a ring of NODES nodes with 1..MAX_DEG out-edges each, most to
 * a node at most LOCAL away and one in FAR to any node: a "road-like" graph
 * some 35 levels deep. Each level, thread t scans nodes v = t, t+n... and
 * expands those with level[v] == cur, claiming unvisited neighbours with a
 * CAS (exactly one thread wins each node and counts it); a barrier ends the
 * level. Irregular for SIMT: few lanes pass the frontier test, the
 * neighbour loops differ in length, neighbour loads scatter, and the CAS
 * (lr/sc) loops collide on shared neighbours.
 *
 * Termination: a thread that claims a node raises changed[cur % 3]; after
 * the barrier everybody reads it. Three flags rotate so that thread 0 can
 * clear the flag of level cur + 1 during level cur with no extra barrier:
 * its previous readers (level cur - 2) were all past it before the barrier
 * that started level cur, and its writers only start after the next one.
 */
#include "workload.h"

#define NODES 4096
#define MAX_DEG 5
#define LOCAL 16                    /* local edges reach v-LOCAL .. v+LOCAL */
#define FAR 64                      /* one edge in FAR goes anywhere */
#define UNVISITED 0xffffffffu

static uint32_t row[NODES + 1] WL_ALIGNED, col[NODES * MAX_DEG] WL_ALIGNED;
static volatile uint32_t level[NODES] WL_ALIGNED;
static volatile uint32_t changed[3] WL_ALIGNED, reached;
static uint32_t ref_level[NODES] WL_ALIGNED, queue[NODES] WL_ALIGNED;

int main(void)
{
    unsigned tid = simty_tid(), n = simty_nthreads();

    /* Degrees in parallel, then their prefix sums: a short sequential scan
     * by thread 0 (everybody else waits at the barrier meanwhile). */
    for (unsigned v = tid; v < NODES; v += n)
        row[v + 1] = 1 + wl_rand_below(1, v, MAX_DEG);
    simty_barrier();
    if (tid == 0)
        for (unsigned v = 0; v < NODES; v++)
            row[v + 1] += row[v];
    simty_barrier();
    for (unsigned v = tid; v < NODES; v += n) {
        for (uint32_t e = row[v]; e < row[v + 1]; e++) {
            uint32_t r = wl_rand(2, e);
            if (r % FAR == 0)
                col[e] = wl_rand_below(3, e, NODES);
            else
                col[e] = (v + NODES - LOCAL + (r >> 8) % (2 * LOCAL + 1)) %
                         NODES;
        }
        level[v] = v == 0 ? 0 : UNVISITED;
    }
    wl_begin();
    uint32_t mine = tid == 0;           /* nodes this thread claimed */
    uint32_t depth = 0;
    for (uint32_t cur = 0, slot = 0;; cur++) {
        if (tid == 0)
            changed[slot == 2 ? 0 : slot + 1] = 0;
        for (unsigned v = tid; v < NODES; v += n) {
            if (level[v] != cur)
                continue;
            for (uint32_t e = row[v]; e < row[v + 1]; e++) {
                uint32_t u = col[e];
                /* Plain read first: most neighbours are already taken. */
                if (level[u] == UNVISITED &&
                    simty_atomic_cas(&level[u], UNVISITED, cur + 1) ==
                        UNVISITED) {
                    mine++;
                    changed[slot] = 1;
                }
            }
        }
        simty_barrier();
        if (!changed[slot])
            break;
        depth = cur + 1;
        slot = slot == 2 ? 0 : slot + 1;
    }
    simty_atomic_add(&reached, mine);
    if (!wl_end())
        return 0;

    for (unsigned v = 0; v < NODES; v++)
        ref_level[v] = UNVISITED;
    ref_level[0] = 0;
    queue[0] = 0;
    unsigned head = 0, tail = 1;
    while (head < tail) {
        uint32_t v = queue[head++];
        for (uint32_t e = row[v]; e < row[v + 1]; e++) {
            uint32_t u = col[e];
            if (ref_level[u] == UNVISITED) {
                ref_level[u] = ref_level[v] + 1;
                queue[tail++] = u;
            }
        }
    }
    unsigned bad = 0;
    for (unsigned v = 0; v < NODES; v++)
        bad += level[v] != ref_level[v];
    uint32_t ref_depth = ref_level[queue[tail - 1]];
    int ok = bad == 0 && reached == tail && depth == ref_depth;
    return wl_report("bfs", ok, "%u nodes, %lu edges, %lu reached, depth %lu, "
                     "%u wrong", NODES, (unsigned long)row[NODES],
                     (unsigned long)reached, (unsigned long)depth, bad);
}
