/* Every algorithm known to the dispatcher. A new algorithm adds its
 * descriptor here (and its extern in internal.h). */
#include "internal.h"

const sc_algorithm_desc *const sc_registry[] = {
    &sc_alg_adler32,
    &sc_alg_crc32,
    &sc_alg_crc32c,
    &sc_alg_magma,
    &sc_alg_kalyna,
    NULL,
};
