/* SPDX-License-Identifier: Apache-2.0 */
/* AES key expansion (FIPS-197 section 5.2) and the equivalent inverse
 * cipher's keys (section 5.3.5), constant time: SubWord is the portable
 * kernel's S-box circuit, never a table indexed by key bytes. */
#include <string.h>

#include "../cipher/ctx_check.h"
#include "../cipher/stack_burn.h"
#include "aes_internal.h"

/* xtime (section 4.2.1) on four bytes at once, without a branch. */
static uint32_t xtime4(uint32_t x)
{
    uint32_t hi = x & 0x80808080u;
    return ((x & 0x7f7f7f7fu) << 1) ^ ((hi >> 7) * 0x1bu);
}

/* InvMixColumns of one column (section 5.3.3) held as bytes b0..b3 in a
 * little-endian word: multiply by {0e}, {0b}, {0d}, {09} via xtime. */
static uint32_t rot8(uint32_t x) { return (x >> 8) | (x << 24); }
static uint32_t inv_mix_column(uint32_t c)
{
    uint32_t c2 = xtime4(c), c4 = xtime4(c2), c8 = xtime4(c4);
    uint32_t c9 = c8 ^ c, cb = c9 ^ c2, cd = c9 ^ c4, ce = c8 ^ c4 ^ c2;
    /* out_i = 0e*c_i ^ 0b*c_(i+1) ^ 0d*c_(i+2) ^ 09*c_(i+3) */
    return ce ^ rot8(cb) ^ rot8(rot8(cd)) ^ rot8(rot8(rot8(c9)));
}

static uint32_t load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* Never inlined: sc_aes_setkey_kernel burns the frame below its own after
 * it (the words w[] are wiped, but not the compiler's copies of them in
 * vector temporaries and SubWord's frames; tests/test_stack_residue.c). */
__attribute__((noinline)) int sc_aes_expand_key(sc_aes_key *k, const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 24 && key_len != 32) return SC_EKEYSIZE;
    const unsigned nk = (unsigned)(key_len / 4), nr = nk + 6, total = 4 * (nr + 1);
    /* words little-endian: byte 0 of w[i] in the low 8 bits */
    uint32_t w[4 * (SC_AES_MAX_ROUNDS + 1)];
    for (unsigned i = 0; i < nk; i++) w[i] = load_le32(key + 4 * i);
    uint32_t rcon = 1;
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sc_aes_subword((t >> 8) | (t << 24)) ^ rcon; /* RotWord, SubWord, Rcon */
            rcon = xtime4(rcon) & 0xffu;
        } else if (nk > 6 && i % nk == 4) {
            t = sc_aes_subword(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    for (unsigned i = 0; i < total; i++) store_le32(k->rk[i / 4] + 4 * (i % 4), w[i]);
    for (unsigned r = 0; r <= nr; r++)
        for (unsigned c = 0; c < 4; c++) {
            uint32_t col = w[4 * (nr - r) + c];
            if (r != 0 && r != nr) col = inv_mix_column(col);
            store_le32(k->rk_dec[r] + 4 * c, col);
        }
    k->rounds = nr;
    k->key_size = (uint32_t)key_len;
    sc_wipe(w, sizeof w);
    return SC_OK;
}

enum { AES_KEY_BURN = 1024 }; /* bytes: sc_aes_expand_key's frames (~350 on x86-64) with room */

int sc_aes_setkey_kernel(sc_aes_key *k, const uint8_t *key, size_t key_len, const char *kernel)
{
    if (k == NULL) return SC_EINVAL;
    sc_wipe(k, sizeof *k); /* a failed setkey leaves no key behind and magic 0 */
    if (key_len != 16 && key_len != 24 && key_len != 32) return SC_EKEYSIZE;
    if (key == NULL) return SC_ENULL;
    const sc_kernel *kern;
    if (kernel == NULL) {
        kern = sc_select_kernel(&sc_alg_aes);
    } else {
        int status;
        kern = sc_find_kernel(&sc_alg_aes, kernel, &status);
        if (kern == NULL) return status;
    }
    int rc = sc_aes_expand_key(k, key, key_len);
    if (rc != SC_OK) return rc;
    k->ops = kern->impl.ops;
    if (k->ops->prepare) k->ops->prepare(k);
    sc_burn_stack(AES_KEY_BURN); /* once per key: the expansion's and prepare's frames */
    k->magic = SC_AES_MAGIC;
    return SC_OK;
}

sc_runnable_cache sc_aes_runnable;

int sc_aes_check(const sc_aes_key *k)
{
    if (k == NULL) return SC_EINVAL;
    if (k->magic != SC_AES_MAGIC) return SC_ESTATE;
    if ((k->key_size != 16 && k->key_size != 24 && k->key_size != 32) || k->rounds != k->key_size / 4 + 6)
        return SC_ESTATE;
    return sc_ops_runnable_cached(&sc_alg_aes, &sc_aes_runnable, k->ops) ? SC_OK : SC_ESTATE;
}

void sc_aes_wipe(sc_aes_key *k)
{
    if (k) sc_wipe(k, sizeof *k);
}
