/* self_branch.S with mstatus.MIE clear: every thread parks in
 * `bnez s7, .` and the program ends `parked` (see there). */
#define NO_MIE
#include "self_branch.S"
