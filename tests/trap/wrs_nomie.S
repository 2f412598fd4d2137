/* wrs_timer.S with mstatus.MIE clear and the timers far away: a deadlock,
 * reported at once (see there). */
#define NO_MIE
#include "wrs_timer.S"
