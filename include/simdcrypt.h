/* simdcrypt: fast, constant-time checksums (Adler-32, CRC-32, CRC-32C),
 * block ciphers and MACs (Kalyna, Magma / GOST 28147-89) with per-CPU
 * kernels chosen at run time. Hashes, AES, ChaCha20-Poly1305 and the AEAD
 * API are planned, not here yet.
 *
 * Umbrella header. See:
 *   simdcrypt/common.h    error codes, version, sc_wipe — the conventions
 *                         every algorithm follows
 *   simdcrypt/checksum.h  Adler-32, CRC-32, CRC-32C (zlib-compatible)
 *   simdcrypt/kernels.h   CPU features, dispatch, named kernels
 *   simdcrypt/cipher.h    block ciphers and MACs by name, streaming
 *   simdcrypt/kalyna.h    Kalyna (DSTU 7624:2014)
 *   simdcrypt/magma.h     Magma (GOST R 34.12-2015), GOST 28147-89
 *   simdcrypt/binding.h   offset-taking entry points for foreign-function
 *                         bindings (Java FFM)
 *   simdcrypt/selftest.h  the known answers of every family, sc_selftest
 */
#ifndef SIMDCRYPT_H
#define SIMDCRYPT_H

#include "simdcrypt/common.h"
#include "simdcrypt/checksum.h"
#include "simdcrypt/kernels.h"
#include "simdcrypt/cipher.h"
#include "simdcrypt/aead.h"
#include "simdcrypt/kalyna.h"
#include "simdcrypt/magma.h"
#include "simdcrypt/binding.h"
#include "simdcrypt/selftest.h"

#endif
