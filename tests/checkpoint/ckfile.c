/* Checkpoint test (tests/checkpoint_checks.py): host files, the console
 * and a timer open across a checkpoint.
 *
 *   ckfile IN OUT
 * Thread 0 reads IN line by line (stdio: a buffered host file whose offset
 * moves ahead of what the program consumed) and writes each line, numbered,
 * to OUT (flushed at once); between lines every thread computes for a
 * while, and thread 0 prints a number, ending a stdout line only every
 * fourth one, so that a checkpoint falls while the console holds an
 * unfinished line and both files are open mid-way.  Each thread then
 * prints a checksum. */
#include <stdio.h>
#include <string.h>

#include <simty.h>

int main(int argc, char **argv)
{
    unsigned tid = simty_tid(), sum = tid;
    FILE *in = NULL, *out = NULL;
    if (tid == 0) {
        if (argc < 3 || !(in = fopen(argv[1], "r")) || !(out = fopen(argv[2], "w"))) {
            fprintf(stderr, "ckfile: cannot open the files\n");
            return 2;
        }
    }
    char line[128];
    for (unsigned n = 0; n < 24; n++) {
        for (unsigned k = 0; k < 300 + 40 * (tid % 5); k++)
            sum = sum * 1664525u + 1013904223u + k;
        if (tid != 0)
            continue;
        if (!fgets(line, sizeof line, in))
            strcpy(line, "(end)\n");
        fprintf(out, "%u %s", n, line);
        fflush(out);
        printf("%u%s", n, n % 4 == 3 ? "\n" : " ");
        fflush(stdout);
    }
    if (tid == 0) {
        fclose(in);
        fclose(out);
    }
    printf("thread %u: %08x\n", tid, sum);
    return 0;
}
