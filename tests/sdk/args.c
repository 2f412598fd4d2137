/* Prints what main receives (tests/sdk_checks.py "sdk arguments"): argc,
 * the last argument (its first 40 bytes), the total length of all
 * arguments, and whether argv[argc] is NULL. Runs on one thread. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    unsigned long total = 0;
    for (int i = 0; i < argc; i++)
        total += strlen(argv[i]);
    printf("argc %d\nlast %.40s\ntotal %lu\nnull %d\n", argc, argc ? argv[argc - 1] : "",
           total, argv[argc] == NULL);
    return 0;
}
