/* Single-state Keccak-f[1600] on AArch64 general registers ("arm-scalar"):
 * the unrolled plain C of src/hash/keccak_scalar_template.h (eor, ror, bic
 * for chi). Lane complementing would replace bic by and/orr/orn at the same
 * count here: no gain on an ISA with an and-not. */
#define KECCAK_SCALAR_PERMUTE sc_keccak_permute_arm_scalar
#define KECCAK_SCALAR_ABSORB sc_keccak_absorb_arm_scalar
#include "../../hash/keccak_scalar_template.h"
