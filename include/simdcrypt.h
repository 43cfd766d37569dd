/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: fast, constant-time checksums (Adler-32, CRC-32, CRC-32C),
 * hashes and XOFs (MD5, SHA-3, SHAKE, Keccak-256, TurboSHAKE,
 * KangarooTwelve), block ciphers and MACs (AES, Kalyna, Magma / GOST
 * 28147-89, ChaCha20, Poly1305, GHASH/GMAC) and AEADs (AES-GCM,
 * (X)ChaCha20-Poly1305) with per-CPU kernels chosen at run time.
 *
 * Umbrella header. See:
 *   simdcrypt/common.h    error codes, version, sc_wipe — the conventions
 *                         every algorithm follows
 *   simdcrypt/checksum.h  Adler-32, CRC-32, CRC-32C (zlib-compatible)
 *   simdcrypt/kernels.h   CPU features, dispatch, named kernels
 *   simdcrypt/hash.h      hashes and XOFs by name, streaming, batches
 *   simdcrypt/cipher.h    block ciphers and MACs by name, streaming
 *   simdcrypt/aead.h      AEADs by name, misuse-resistant
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
#include "simdcrypt/hash.h"
#include "simdcrypt/cipher.h"
#include "simdcrypt/aead.h"
#include "simdcrypt/kalyna.h"
#include "simdcrypt/magma.h"
#include "simdcrypt/binding.h"
#include "simdcrypt/selftest.h"

#endif
