/* SPDX-License-Identifier: Apache-2.0 */
/* Library-wide status messages and secure wiping. */
#include <simdcrypt/common.h>
#include <stdint.h>
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
    const unsigned char *x = a, *y = b;
    uint64_t acc = 0;
    if (len == 0) return 1;
    if (a == NULL || b == NULL) return 0;
    /* Every byte is read whatever the differences: eight at a time (a
     * volatile byte loop cost an AEAD open of 64 bytes 140 instructions of
     * its 1300), the rest one by one, ORed together. */
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t u, v;
        memcpy(&u, x + i, 8);
        memcpy(&v, y + i, 8);
        acc |= u ^ v;
#if defined(__GNUC__)
        __asm__("" : "+r"(acc)); /* no early exit once acc is non-zero */
#endif
    }
    for (; i < len; i++) acc |= (uint64_t)(x[i] ^ y[i]);
#if defined(__GNUC__)
    __asm__("" : "+r"(acc));
#endif
    /* (acc | -acc) >> 63 is 1 exactly when acc != 0, without a branch */
    return (int)(((acc | (0 - acc)) >> 63) ^ 1u);
}
