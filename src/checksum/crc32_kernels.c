/* crc32 kernels, least to most preferred (dispatch takes the last runnable). */
#include "checksum_kernels.h"

static const sc_kernel kernels[] = {
    {"portable", 0, {.checksum = sc_crc32_portable}},
#if defined(SC_ARCH_X86_64)
#endif
};

const sc_algorithm_desc sc_alg_crc32 = {"crc32", kernels, SC_COUNT_OF(kernels)};
