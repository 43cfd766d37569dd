/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: libgcrypt AES (GCRY_CIPHER_AES128/192/256; its
 * AES-NI / VAES code): ECB and CBC in both directions, CTR, GCM seal and
 * open. A handle is keyed once; every call sets the fixed IV, counter or
 * nonce again, as our cases restart. Compiled only when libgcrypt was
 * found (gcrypt_cipher.c: the cases). */
#include <gcrypt.h>
#include <string.h>

#include "cli.h"
#include "gcrypt_cipher.h"

static void provide_gcrypt_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_GCRYPT_AES, &name, &c)) return;
    static const int algos[] = {GCRY_CIPHER_AES128, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256};
    const int mode = !strcmp(name.mode, "ecb")   ? GCRY_CIPHER_MODE_ECB
                     : !strcmp(name.mode, "cbc") ? GCRY_CIPHER_MODE_CBC
                     : !strcmp(name.mode, "ctr") ? GCRY_CIPHER_MODE_CTR
                                                 : GCRY_CIPHER_MODE_GCM;
    gcrypt_case_use(&c, algorithm, algos[(name.key_size - 16) / 8], mode, &name);
    char label[BENCH_NAME_MAX];
    gcrypt_label(label, sizeof label, "gcry_cipher");
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_gcrypt_aes)
