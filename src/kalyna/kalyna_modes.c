/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna modes of DSTU 7624:2014 over the kernels' multi-block ECB. */
#include <string.h>

#include "../cipher/ctx_check.h"
#include "kalyna_modes.h"

/* Work buffer for modes that need a copy (CTR counters, CBC ciphertexts). */
enum { WORK_BYTES = 4096 };

static void xor_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) dst[i] = a[i] ^ b[i];
}

/* CBC encryption is serial: the kernel's op, which may keep the chain in a
 * register. */
void sc_kalyna_cbc_enc_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n) sc_kalyna_ops_of(k)->cbc_encrypt(k, chain, in, out, n);
}

/* Generic CBC encryption: one block at a time through the kernel's ECB. */
void sc_kalyna_cbc_encrypt_generic(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                   size_t n)
{
    const size_t bs = k->block_size;
    for (size_t i = 0; i < n; i++) {
        xor_bytes(chain, chain, in + i * bs, bs);
        sc_kalyna_ops_of(k)->encrypt(k, chain, chain, 1);
        memcpy(out + i * bs, chain, bs);
    }
}

/* CBC decryption is parallel: the kernel's own op does it in registers. */
void sc_kalyna_cbc_dec_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n) sc_kalyna_ops_of(k)->cbc_decrypt(k, chain, in, out, n);
}

/* Generic CBC decryption over the kernel's ECB: decrypt a batch, then xor
 * with the previous ciphertexts (saved first, so that in == out works). */
void sc_kalyna_cbc_decrypt_generic(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                   size_t n)
{
    const size_t bs = k->block_size, per = WORK_BYTES / bs;
    uint8_t saved[WORK_BYTES];
    size_t used = 0;
    while (n) {
        size_t m = n < per ? n : per;
        memcpy(saved, in, m * bs);
        sc_kalyna_ops_of(k)->decrypt(k, saved, out, m);
        xor_bytes(out, out, chain, bs);
        xor_bytes(out + bs, out + bs, saved, (m - 1) * bs);
        memcpy(chain, saved + (m - 1) * bs, bs);
        used = m * bs > used ? m * bs : used;
        in += m * bs, out += m * bs, n -= m;
    }
    sc_wipe(saved, used); /* only what was written: a small call stays cheap */
}

void sc_kalyna_counter_add(uint8_t *s, size_t bs, uint64_t n)
{
    uint64_t carry = n;
    for (size_t c = 0; c < bs / 8; c++) {
        uint64_t sum = sc_kalyna_load64(s + 8 * c) + carry;
        carry = (uint64_t)(sum < carry);
        sc_kalyna_store64(s + 8 * c, sum);
    }
}

/* Write the counters s + 1 .. s + m (little-endian, modulo 2^(8 bs)) and
 * advance s by m. Each is computed from s on its own (no serial carry
 * chain), and without a data-dependent branch: s derives from E(IV). */
static void next_counters(uint8_t *s, size_t bs, uint8_t *out, size_t m)
{
    for (size_t i = 0; i < m; i++) {
        memcpy(out + i * bs, s, bs);
        sc_kalyna_counter_add(out + i * bs, bs, i + 1);
    }
    sc_kalyna_counter_add(s, bs, m);
}

void sc_kalyna_ctr_start(const sc_kalyna_key *k, const uint8_t *iv, uint8_t *counter)
{
    sc_kalyna_ops_of(k)->encrypt(k, iv, counter, 1);
}

void sc_kalyna_ctr_blocks(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n) sc_kalyna_ops_of(k)->ctr(k, counter, in, out, n);
}

void sc_kalyna_ctr_generic(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n)
{
    const size_t bs = k->block_size, per = WORK_BYTES / bs;
    uint8_t gamma[WORK_BYTES];
    size_t used = 0;
    while (n) {
        size_t m = n < per ? n : per;
        next_counters(counter, bs, gamma, m);
        sc_kalyna_ops_of(k)->encrypt(k, gamma, gamma, m);
        xor_bytes(out, in, gamma, m * bs);
        used = m * bs > used ? m * bs : used;
        in += m * bs, out += m * bs, n -= m;
    }
    sc_wipe(gamma, used);
}

void sc_kalyna_mac_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t n)
{
    if (n) sc_kalyna_ops_of(k)->mac(k, chain, in, n);
}

void sc_kalyna_mac_generic(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t n)
{
    const size_t bs = k->block_size;
    for (size_t i = 0; i < n; i++) {
        xor_bytes(chain, chain, in + i * bs, bs);
        sc_kalyna_ops_of(k)->encrypt(k, chain, chain, 1);
    }
}

void sc_kalyna_mac_delta(const sc_kalyna_key *k, uint8_t *delta)
{
    memset(delta, 0, k->block_size);
    sc_kalyna_ops_of(k)->encrypt(k, delta, delta, 1);
}

void sc_kalyna_mac_last(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *last, const uint8_t *delta)
{
    const size_t bs = k->block_size;
    xor_bytes(chain, chain, last, bs);
    xor_bytes(chain, chain, delta, bs);
    sc_kalyna_ops_of(k)->encrypt(k, chain, chain, 1);
}

/* ---- one-shot public API ---------------------------------------------- */

/* Context first (nothing is called through an unchecked k->ops), then the
 * buffers: NULL with a length, overlap other than exactly in place. */
static int check(const sc_kalyna_key *k, const uint8_t *in, const uint8_t *out, size_t len, int whole)
{
    int rc = sc_kalyna_check(k);
    if (rc != SC_OK) return rc;
    if ((in == NULL || out == NULL) && len) return SC_ENULL;
    if (sc_overlap_refused(in, len, out, len)) return SC_EINVAL;
    if (whole && len % k->block_size) return SC_ELENGTH;
    return SC_OK;
}

int sc_kalyna_ecb_encrypt(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    int rc = check(k, in, out, len, 1);
    if (rc == SC_OK && len) sc_kalyna_ops_of(k)->encrypt(k, in, out, len / k->block_size);
    return rc;
}

int sc_kalyna_ecb_decrypt(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    int rc = check(k, in, out, len, 1);
    if (rc == SC_OK && len) sc_kalyna_ops_of(k)->decrypt(k, in, out, len / k->block_size);
    return rc;
}

static int check_iv(const sc_kalyna_key *k, const uint8_t *iv, size_t iv_len)
{
    if (iv == NULL && iv_len) return SC_ENULL;
    return iv_len == k->block_size ? SC_OK : SC_EIVSIZE;
}

/* Both CBC directions: the checks, then the chain from a copy of the IV. */
static int cbc(const sc_kalyna_key *k, int decrypt, const uint8_t *iv, size_t iv_len, const uint8_t *in,
               uint8_t *out, size_t len)
{
    int rc = check(k, in, out, len, 1);
    if (rc == SC_OK) rc = check_iv(k, iv, iv_len);
    if (rc != SC_OK) return rc;
    uint8_t chain[SC_KALYNA_MAX_BLOCK];
    memcpy(chain, iv, iv_len);
    (decrypt ? sc_kalyna_cbc_dec_blocks : sc_kalyna_cbc_enc_blocks)(k, chain, in, out, len / k->block_size);
    sc_wipe(chain, sizeof chain);
    return SC_OK;
}

int sc_kalyna_cbc_encrypt(const sc_kalyna_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                          uint8_t *out, size_t len)
{
    return cbc(k, 0, iv, iv_len, in, out, len);
}

int sc_kalyna_cbc_decrypt(const sc_kalyna_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                          uint8_t *out, size_t len)
{
    return cbc(k, 1, iv, iv_len, in, out, len);
}

int sc_kalyna_ctr(const sc_kalyna_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in, uint8_t *out,
                  size_t len)
{
    int rc = check(k, in, out, len, 0);
    if (rc == SC_OK) rc = check_iv(k, iv, iv_len);
    if (rc != SC_OK) return rc;
    const size_t bs = k->block_size, whole = len / bs, rest = len % bs;
    uint8_t counter[SC_KALYNA_MAX_BLOCK], last[SC_KALYNA_MAX_BLOCK] = {0};
    sc_kalyna_ctr_start(k, iv, counter);
    sc_kalyna_ctr_blocks(k, counter, in, out, whole);
    if (rest) {
        memcpy(last, in + whole * bs, rest);
        sc_kalyna_ctr_blocks(k, counter, last, last, 1);
        memcpy(out + whole * bs, last, rest);
    }
    sc_wipe(counter, sizeof counter);
    sc_wipe(last, sizeof last);
    return SC_OK;
}

int sc_kalyna_mac(const sc_kalyna_key *k, const uint8_t *msg, size_t len, uint8_t *tag, size_t tag_len)
{
    int rc = sc_kalyna_check(k);
    if (rc != SC_OK) return rc;
    if ((msg == NULL && len) || (tag == NULL && tag_len)) return SC_ENULL;
    if (tag_len < 1 || tag_len > k->block_size) return SC_ETAGSIZE;
    if (len == 0 || len % k->block_size) return SC_ELENGTH;
    const size_t bs = k->block_size, n = len / bs;
    /* pair[0] = E(m_0) (the chain after the first block), pair[1] = E(0)
     * (delta): independent, so one two-block call at the latency of one */
    uint8_t pair[2 * SC_KALYNA_MAX_BLOCK] = {0};
    if (n >= 2) {
        memcpy(pair, msg, bs);
        sc_kalyna_ops_of(k)->encrypt(k, pair, pair, 2);
        memmove(pair + SC_KALYNA_MAX_BLOCK, pair + bs, bs);
        sc_kalyna_mac_blocks(k, pair, msg + bs, n - 2);
    } else {
        sc_kalyna_mac_delta(k, pair + SC_KALYNA_MAX_BLOCK);
    }
    sc_kalyna_mac_last(k, pair, msg + (n - 1) * bs, pair + SC_KALYNA_MAX_BLOCK);
    memcpy(tag, pair, tag_len);
    sc_wipe(pair, sizeof pair);
    return SC_OK;
}

int sc_kalyna_mac_verify(const sc_kalyna_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                         size_t tag_len)
{
    uint8_t want[SC_KALYNA_MAX_BLOCK];
    int rc = sc_kalyna_check(k);
    if (rc == SC_OK && tag == NULL && tag_len) rc = SC_ENULL;
    if (rc != SC_OK) return rc;
    rc = sc_kalyna_mac(k, msg, len, want, tag_len <= sizeof want ? tag_len : 0);
    if (rc == SC_OK && !sc_memeq(want, tag, tag_len)) rc = SC_EAUTH;
    sc_wipe(want, sizeof want);
    return rc;
}
