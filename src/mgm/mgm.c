/* SPDX-License-Identifier: Apache-2.0 */
/* MGM (RFC 9058) over any 64- or 128-bit block cipher: counters, batches,
 * partial blocks and lengths (mgm.h). The cipher encrypts, the GF kernel
 * multiplies; this file owns the order of blocks. */
#include "mgm.h"

/* Blocks per batch: one ECB call of 2 * BATCH blocks (keystream and hash
 * keys), 512 bytes of scratch for Magma and for a 128-bit cipher. */
enum { SCRATCH = 2048 };

int sc_mgm_nonce_ok(const uint8_t *nonce, size_t len, size_t block)
{
    return nonce != NULL && len == block && (nonce[0] & 0x80) == 0;
}

const sc_mgm_gf_ops *sc_mgm_gf_dispatched(void) { return sc_select_kernel(&sc_alg_mgm)->impl.ops; }

/* Counter blocks <-> words (mgm.h: n = 64 in v[1]). */
static void put_block(uint8_t *p, const uint64_t v[2], size_t block)
{
    if (block == 16) sc_mgm_store64(p, v[0]), p += 8;
    sc_mgm_store64(p, v[1]);
}

static void get_block(uint64_t v[2], const uint8_t *p, size_t block)
{
    v[0] = block == 16 ? sc_mgm_load64(p) : 0;
    v[1] = sc_mgm_load64(p + block - 8);
}

/* The counters derive from E_K(nonce): secret. Laundered once per block so
 * that the compiler cannot make one an induction variable, whose loop exit
 * test or address arithmetic would then depend on it (the constant-time
 * checks, tests/ct and tests/ct_dfsan, flag both). */
static inline uint64_t opaque(uint64_t v)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(v));
#endif
    return v;
}

/* n counter blocks from v into p, v advancing by incr_r (right: +1 modulo
 * 2^(n/2) on the right half) or incr_l (left: on the left half), RFC 9058 4;
 * block i computed from the start value alone. */
static void counters(uint8_t *p, uint64_t v[2], size_t n, size_t block, int left)
{
    const uint64_t hi = v[0], lo = v[1];
    if (block == 16) {
        for (size_t i = 0; i < n; i++, p += 16) {
            sc_mgm_store64(p, opaque(hi) + (left ? i : 0));
            sc_mgm_store64(p + 8, opaque(lo) + (left ? 0 : i));
        }
        v[0] = hi + (left ? n : 0), v[1] = lo + (left ? 0 : n);
    } else {
        /* incr_l: the carry out of bit 63 is dropped; incr_r: the mask keeps it in the right half */
        const uint64_t step = left ? UINT64_C(1) << 32 : 1, mask = left ? ~UINT64_C(0) : UINT64_C(0xffffffff);
        for (size_t i = 0; i < n; i++) {
            const uint64_t b = opaque(lo);
            sc_mgm_store64(p + 8 * i, ((b + i * step) & mask) | (b & ~mask));
        }
        v[1] = ((lo + n * step) & mask) | (lo & ~mask);
    }
}

/* nb hash keys' inputs Z_i into h (Z advances). */
static void next_z(sc_mgm *m, uint8_t *h, size_t nb) { counters(h, m->z, nb, m->block, 1); }

static void sum(sc_mgm *m, const uint8_t *h, const uint8_t *x, size_t nb)
{
    if (m->block == 16) m->gf->sum128(m->acc, h, x, nb);
    else m->gf->sum64(&m->acc[1], h, x, nb);
}

/* acc ^= H_i * X_i over nb whole blocks of x. */
static void absorb(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *x, size_t nb)
{
    _Alignas(64) uint8_t h[SCRATCH];
    const size_t batch = SCRATCH / m->block;
    while (nb) {
        size_t n = nb < batch ? nb : batch;
        next_z(m, h, n);
        c->ecb(key, h, h, n);
        sum(m, h, x, n);
        x += n * m->block, nb -= n;
    }
    sc_wipe_small(h, sizeof h);
}

void sc_mgm_start(sc_mgm *m, const sc_mgm_gf_ops *gf, const sc_mgm_cipher *c, const void *key,
                  const uint8_t *nonce)
{
    uint8_t b[32];
    memset(m, 0, sizeof *m);
    m->gf = gf;
    m->block = (uint32_t)c->block;
    memcpy(b, nonce, c->block);
    memcpy(b + c->block, nonce, c->block);
    b[0] &= 0x7f;          /* 0 || ICN */
    b[c->block] |= 0x80;   /* 1 || ICN */
    c->ecb(key, b, b, 2);
    get_block(m->y, b, c->block);
    get_block(m->z, b + c->block, c->block);
    sc_wipe_small(b, sizeof b);
}

void sc_mgm_aad(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *aad, size_t len)
{
    const size_t bs = m->block;
    m->aad_len += len;
    if (m->pend_len) {
        size_t take = bs - m->pend_len < len ? bs - m->pend_len : len;
        memcpy(m->pend + m->pend_len, aad, take);
        m->pend_len += (uint32_t)take, aad += take, len -= take;
        if (m->pend_len < bs) return;
        absorb(m, c, key, m->pend, 1);
        m->pend_len = 0;
    }
    absorb(m, c, key, aad, len / bs);
    aad += len / bs * bs, len %= bs;
    memcpy(m->pend, aad, len);
    m->pend_len = (uint32_t)len;
}

/* The last AAD block, zero-padded, before the first data or the tag. */
static void close_aad(sc_mgm *m, const sc_mgm_cipher *c, const void *key)
{
    if (m->aad_closed) return;
    m->aad_closed = 1;
    if (m->pend_len) {
        memset(m->pend + m->pend_len, 0, m->block - m->pend_len);
        absorb(m, c, key, m->pend, 1);
        m->pend_len = 0;
    }
}

/* Bytes of the current partial data block: keystream from ks, the
 * ciphertext collected in pend and absorbed once the block is whole. */
static size_t partial(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *in, uint8_t *out,
                      size_t len, int encrypt)
{
    size_t n = 0;
    for (; n < len && m->pend_len < m->block; n++) {
        uint8_t ct = encrypt ? (uint8_t)(in[n] ^ m->ks[m->pend_len]) : in[n];
        out[n] = (uint8_t)(in[n] ^ m->ks[m->pend_len]);
        m->pend[m->pend_len++] = ct;
    }
    if (m->pend_len == m->block) {
        absorb(m, c, key, m->pend, 1);
        m->pend_len = 0;
    }
    return n;
}

static void crypt(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *in, uint8_t *out, size_t len,
                  int encrypt)
{
    _Alignas(64) uint8_t buf[SCRATCH];
    const size_t bs = m->block, batch = SCRATCH / 2 / bs;
    close_aad(m, c, key);
    m->data_len += len;
    if (m->pend_len) {
        size_t n = partial(m, c, key, in, out, len, encrypt);
        in += n, out += n, len -= n;
    }
    int have_ks = 0;
    while (len >= bs) {
        /* one ECB call: the batch's keystream E(Y_i) (and that of a partial
         * last block, when it fits), then its hash keys H_i = E(Z_i) */
        const size_t n = len / bs < batch ? len / bs : batch, rest = len - n * bs;
        const size_t extra = rest && rest < bs && 2 * n + 1 <= SCRATCH / bs;
        const uint8_t *h = buf + (n + extra) * bs;
        counters(buf, m->y, n + extra, bs, 0);
        next_z(m, buf + (n + extra) * bs, n);
        c->ecb(key, buf, buf, 2 * n + extra);
        if (!encrypt) sum(m, h, in, n); /* the ciphertext before in == out is overwritten */
        for (size_t i = 0; i < n * bs; i++) out[i] = (uint8_t)(in[i] ^ buf[i]);
        if (encrypt) sum(m, h, out, n);
        if (extra) memcpy(m->ks, buf + n * bs, bs), have_ks = 1;
        in += n * bs, out += n * bs, len -= n * bs;
    }
    if (len) {
        if (!have_ks) {
            counters(m->ks, m->y, 1, bs, 0);
            c->ecb(key, m->ks, m->ks, 1);
        }
        partial(m, c, key, in, out, len, encrypt);
    }
    sc_wipe_small(buf, sizeof buf);
}

void sc_mgm_encrypt(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *in, uint8_t *out,
                    size_t len)
{
    crypt(m, c, key, in, out, len, 1);
}

void sc_mgm_decrypt(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *in, uint8_t *out,
                    size_t len)
{
    crypt(m, c, key, in, out, len, 0);
}

void sc_mgm_tag(sc_mgm *m, const sc_mgm_cipher *c, const void *key, uint8_t *tag)
{
    const size_t bs = m->block;
    uint8_t b[32];
    size_t nb = 0;
    close_aad(m, c, key);
    if (m->pend_len) { /* the last ciphertext block, zero-padded */
        memset(m->pend + m->pend_len, 0, bs - m->pend_len);
        memcpy(b, m->pend, bs);
        nb = 1;
    }
    /* len(A) || len(C) in bits, n/2 bits each (the limits keep them in
     * range), absorbed with that block: one ECB call for both hash keys */
    uint64_t lengths[2] = {m->aad_len * 8, m->data_len * 8};
    if (bs == 8) lengths[1] = lengths[0] << 32 | (uint32_t)lengths[1];
    put_block(b + nb * bs, lengths, bs);
    absorb(m, c, key, b, nb + 1);
    put_block(b, m->acc, bs);
    c->ecb(key, b, tag, 1);
    sc_wipe_small(b, sizeof b);
    sc_wipe(m, sizeof *m);
}
