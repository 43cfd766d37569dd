/* SPDX-License-Identifier: Apache-2.0 */
/* The scalar Magma kernel built with Zbb (-march=rv64gc_zbb): the S-box
 * lookups become rotations of the packed rows (ror, one instruction where
 * plain RV64GC needs the shift form, magma_scalar_template.h). */
#define SC_MAGMA_SCALAR_OPS sc_magma_rv_zbb
#include "../../magma/magma_scalar_template.h"
