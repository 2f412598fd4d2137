/* simty bench: the workload-suite runner (src/cli/bench.c). */
#ifndef SIMTY_CLI_BENCH_H
#define SIMTY_CLI_BENCH_H

/* argv[0] is "bench".  Returns the command's exit status. */
int cmd_bench(int argc, char **argv);

#endif
