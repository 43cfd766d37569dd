/* The offset-taking entry points of include/simdcrypt/binding.h: each is its
 * namesake at ptr + off. The pointer is formed only when it is non-NULL and
 * the offset does not wrap, so the arithmetic is never undefined; otherwise
 * the namesake gets NULL and applies its own rule (a checksum returns the
 * initial value, a cipher or MAC update with a non-zero length SC_ENULL). */
#include <simdcrypt/binding.h>
#include <stdint.h>

static uint8_t *at(const void *p, size_t off)
{
    if (p == NULL || (uintptr_t)p + off < (uintptr_t)p) return NULL;
    return (uint8_t *)(uintptr_t)p + off;
}

uint32_t sc_adler32_at(uint32_t adler, const void *buf, size_t off, size_t len)
{
    return sc_adler32(adler, at(buf, off), len);
}

uint32_t sc_crc32_at(uint32_t crc, const void *buf, size_t off, size_t len)
{
    return sc_crc32(crc, at(buf, off), len);
}

uint32_t sc_crc32c_at(uint32_t crc, const void *buf, size_t off, size_t len)
{
    return sc_crc32c(crc, at(buf, off), len);
}

int sc_cipher_update_at(sc_cipher_ctx *c, const uint8_t *in, size_t in_off, size_t in_len, uint8_t *out,
                        size_t out_off, size_t out_cap, size_t *out_len)
{
    return sc_cipher_update(c, at(in, in_off), in_len, at(out, out_off), out_cap, out_len);
}

int sc_mac_update_at(sc_mac_ctx *m, const uint8_t *in, size_t in_off, size_t in_len)
{
    return sc_mac_update(m, at(in, in_off), in_len);
}
