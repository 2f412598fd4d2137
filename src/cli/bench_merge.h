/* simty bench --merge: joins the CSV tables of a grid's shards
 * (src/cli/bench_merge.c). */
#ifndef SIMTY_CLI_BENCH_MERGE_H
#define SIMTY_CLI_BENCH_MERGE_H

/* Reads the tables files[0..n), checks that every run of the grid appears
 * exactly once, and writes the joined table to output (NULL: stdout) as
 * CSV (rows unchanged) or Markdown.  Returns the exit status: 0, 1 (some
 * run failed), 123, 125 (a run twice or runs missing), 126 (a table cannot
 * be read or is not a simty bench CSV table). */
int bench_merge(char *const *files, unsigned n, const char *output, int csv, int quiet);

#endif
