/* SPDX-License-Identifier: Apache-2.0 */
/* Library-wide status messages and secure wiping. */
#include <simdcrypt/common.h>
#include <string.h>

const char *sc_strerror(int status)
{
    switch (status) {
    case SC_OK: return "success";
    case SC_ENULL: return "NULL pointer with a non-zero length";
    case SC_EKEYSIZE: return "key size not supported by the algorithm";
    case SC_EIVSIZE: return "IV, nonce or counter size not supported";
    case SC_ELENGTH: return "data length not supported by the mode";
    case SC_EAUTH: return "authentication failed: tag mismatch";
    case SC_EINVAL: return "invalid argument";
    case SC_ENOKERNEL: return "kernel not available on this CPU";
    case SC_ETAGSIZE: return "tag size not supported";
    case SC_ESTATE: return "context used in the wrong state";
    case SC_EPADDING: return "decryption failed (bad padding)";
    default: return "unknown status code";
    }
}

const char *sc_version(void) { return SIMDCRYPT_VERSION_STRING; }

void sc_wipe(void *p, size_t len)
{
    /* A volatile function pointer stops the compiler from proving the memset
     * dead (the same trick as OpenSSL's OPENSSL_cleanse). */
    static void *(*const volatile memset_v)(void *, int, size_t) = memset;
    if (p != NULL && len != 0) memset_v(p, 0, len);
}

int sc_memeq(const void *a, const void *b, size_t len)
{
    const volatile unsigned char *x = a, *y = b;
    unsigned char acc = 0;
    if (len == 0) return 1;
    if (a == NULL || b == NULL) return 0;
    for (size_t i = 0; i < len; i++) acc |= (unsigned char)(x[i] ^ y[i]);
    /* acc in 0..255: (acc - 1) >> 8 is 1 only for acc == 0, without a branch
     * the compiler could turn into an early exit. */
    return (int)(((unsigned)acc - 1u) >> 8 & 1u);
}
