/* Misaligned loads and stores on the stack and in globals, every model and
 * shape of the diff group, including --stack-interleave (where the two
 * words of a misaligned stack access are stored apart): the program of
 * tests/multicore/misaligned.c. */
#include "../multicore/misaligned.c"
