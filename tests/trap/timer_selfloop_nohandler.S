/* timer_selfloop.S without a handler (see there): a fetch fault at 0. */
#define NO_HANDLER
#include "timer_selfloop.S"
