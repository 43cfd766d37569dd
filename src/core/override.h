/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: SIMDCRYPT_KERNEL parsing and the notes `simdcrypt info` shows
 * about words of SIMDCRYPT_KERNEL / SIMDCRYPT_DISABLE that were ignored. */
#ifndef SC_OVERRIDE_H
#define SC_OVERRIDE_H

#include "internal.h"

/* Parse "alg:kernel,alg:kernel" (spaces allowed around commas) into
 * forced[i] for sc_registry_at(i). Unknown algorithms, unknown kernels, kernels
 * this CPU cannot run and malformed words are skipped with a note; later
 * words win over earlier ones. NULL or "" forces nothing. */
void sc_override_parse(const char *spec, const sc_kernel **forced);
/* Note every word of a SIMDCRYPT_DISABLE value that names no feature. */
void sc_override_note_disable(const char *spec);

#endif
