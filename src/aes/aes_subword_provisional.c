/* PROVISIONAL (replaced by the portable kernel's S-box circuit): the AES
 * S-box as x^254 in GF(2^8) followed by the affine map (FIPS-197 5.1.1),
 * constant time (no table, no data-dependent branch). */
#include "aes_internal.h"

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    for (int i = 0; i < 8; i++) {
        p ^= (uint8_t)(-(b & 1) & a);
        a = (uint8_t)((a << 1) ^ (-(a >> 7) & 0x1b));
        b >>= 1;
    }
    return p;
}

static uint8_t sbox(uint8_t x)
{
    uint8_t x2 = gf_mul(x, x), x3 = gf_mul(x2, x), x6 = gf_mul(x3, x3), x12 = gf_mul(x6, x6);
    uint8_t x15 = gf_mul(x12, x3), x240 = x15;
    for (int i = 0; i < 4; i++) x240 = gf_mul(x240, x240);
    uint8_t x252 = gf_mul(x240, x12), inv = gf_mul(x252, x2); /* x^254 = x^-1, 0 -> 0 */
    uint8_t s = inv;
    for (int i = 1; i < 5; i++) s ^= (uint8_t)((inv << i) | (inv >> (8 - i)));
    return s ^ 0x63;
}

uint32_t sc_aes_subword(uint32_t w)
{
    return (uint32_t)sbox((uint8_t)w) | (uint32_t)sbox((uint8_t)(w >> 8)) << 8 |
           (uint32_t)sbox((uint8_t)(w >> 16)) << 16 | (uint32_t)sbox((uint8_t)(w >> 24)) << 24;
}
