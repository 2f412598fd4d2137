/* Keyword settings (src/sim/settings.c): what the library keeps of them
 * beyond the public API. */
#ifndef SIMTY_SIM_SETTINGS_H
#define SIMTY_SIM_SETTINGS_H

#include <stdint.h>

#include "simty.h"

/* Bit i set: setting simty_setting_name(i) is not at its default value in
 * cfg and has no effect there (simty_config_ignored()). */
uint32_t settings_ignored_mask(const simty_config *cfg);

#endif
