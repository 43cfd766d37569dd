/* SPDX-License-Identifier: Apache-2.0 */
/* The offset-taking entry points of include/simdcrypt/binding.h: each is its
 * namesake at ptr + off, once the range has been checked. The pointer is
 * formed only for a range that can exist, so the arithmetic is never
 * undefined and a wrapping offset is refused rather than read or taken for
 * an empty buffer. */
#include <simdcrypt/binding.h>
#include <stdint.h>

/* *p = buf + off if [buf + off, buf + off + len) can exist (binding.h's
 * rules): SC_OK, SC_ENULL or SC_EINVAL. *p is NULL for a NULL buf. */
static int range(const void *buf, size_t off, size_t len, uint8_t **p)
{
    *p = NULL;
    if (buf == NULL) return len ? SC_ENULL : off ? SC_EINVAL : SC_OK;
    uintptr_t a = (uintptr_t)buf;
    if (off > UINTPTR_MAX - a || len > UINTPTR_MAX - a - off) return SC_EINVAL;
    *p = (uint8_t *)(uintptr_t)buf + off;
    return SC_OK;
}

typedef uint32_t (*checksum_entry)(uint32_t, const void *, size_t);

/* An empty range keeps the value (never the namesake's zlib NULL rule). */
static int64_t checksum_at(checksum_entry f, uint32_t value, const void *buf, size_t off, size_t len)
{
    uint8_t *p;
    int rc = range(buf, off, len, &p);
    if (rc != SC_OK) return rc;
    return len ? f(value, p, len) : value;
}

int64_t sc_adler32_at(uint32_t adler, const void *buf, size_t off, size_t len)
{
    return checksum_at(sc_adler32, adler, buf, off, len);
}

int64_t sc_crc32_at(uint32_t crc, const void *buf, size_t off, size_t len)
{
    return checksum_at(sc_crc32, crc, buf, off, len);
}

int64_t sc_crc32c_at(uint32_t crc, const void *buf, size_t off, size_t len)
{
    return checksum_at(sc_crc32c, crc, buf, off, len);
}

int sc_cipher_update_at(sc_cipher_ctx *c, const uint8_t *in, size_t in_off, size_t in_len, uint8_t *out,
                        size_t out_off, size_t out_cap, size_t *out_len)
{
    uint8_t *i, *o;
    int rc = range(in, in_off, in_len, &i);
    if (rc == SC_OK) rc = range(out, out_off, out_cap, &o);
    if (rc != SC_OK) {
        if (out_len) *out_len = 0;
        return rc;
    }
    return sc_cipher_update(c, i, in_len, o, out_cap, out_len);
}

int sc_mac_update_at(sc_mac_ctx *m, const uint8_t *in, size_t in_off, size_t in_len)
{
    uint8_t *i;
    int rc = range(in, in_off, in_len, &i);
    return rc != SC_OK ? rc : sc_mac_update(m, i, in_len);
}

/* sc_cipher_reset_iv then sc_cipher_update_at, in one call (issue 15): a
 * binding that moves a keyed context to a new IV per message (Java's
 * ChaCha20 Cipher: an init with an unchanged key, then doFinal) pays one
 * foreign call per message instead of two. The IV is set only when both
 * ranges can exist, so a refused range leaves the context as it was. */
int sc_cipher_reset_iv_update_at(sc_cipher_ctx *c, const uint8_t *iv, size_t iv_len, uint64_t counter,
                                 const uint8_t *in, size_t in_off, size_t in_len, uint8_t *out, size_t out_off,
                                 size_t out_cap, size_t *out_len)
{
    uint8_t *i, *o;
    int rc = range(in, in_off, in_len, &i);
    if (rc == SC_OK) rc = range(out, out_off, out_cap, &o);
    if (rc == SC_OK) rc = sc_cipher_reset_iv(c, iv, iv_len, counter);
    if (rc != SC_OK) {
        if (out_len) *out_len = 0;
        return rc;
    }
    return sc_cipher_update(c, i, in_len, o, out_cap, out_len);
}
