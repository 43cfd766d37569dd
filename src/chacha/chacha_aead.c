/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20-Poly1305 (RFC 8439 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha 2.3) over any split of AAD and data: two passes
 * (ChaCha20, then Poly1305 over the ciphertext) over chunks small enough to
 * stay in L1, unless the kernel fuses the whole message (aead_message). */
#include <stddef.h>
#include <string.h>

#include "../cipher/ctx_check.h"
#include "../cipher/stack_burn.h"
#include "chacha_aead.h"

/* Bytes per pass: the chunk ChaCha20 writes is still in L1 when Poly1305
 * reads it (and 64 ChaCha20 blocks, 256 Poly1305 blocks keep the widest
 * kernels in their main loops). */
enum { CHUNK = 4096 };

static const uint8_t zero64[64];

const sc_chacha_ops *sc_chacha_kernel(const char *kernel, int *status)
{
    if (kernel == NULL) return sc_select_kernel(&sc_alg_chacha)->impl.ops;
    const sc_kernel *k = sc_find_kernel(&sc_alg_chacha, kernel, status);
    return k ? k->impl.ops : NULL;
}

int sc_chachapoly_setkey(sc_chachapoly *c, const uint8_t *key, size_t key_len, int xchacha, const char *kernel)
{
    sc_wipe(c, sizeof *c);
    if (key_len != 32) return SC_EKEYSIZE;
    int status = SC_OK;
    const sc_chacha_ops *ops = sc_chacha_kernel(kernel, &status);
    if (ops == NULL) return status;
    for (int i = 0; i < 8; i++) c->key[i] = sc_le32(key + 4 * i);
    c->ops = ops;
    c->xchacha = xchacha != 0;
    c->magic = SC_CHACHAPOLY_MAGIC;
    return SC_OK;
}

/* HChaCha20 (draft-irtf-cfrg-xchacha 2.2) through a kernel's ChaCha20: the
 * keystream block of the state constants || key || nonce16 is the rounds'
 * output plus that state (RFC 8439 2.3.2), so the subkey is the block's
 * words 0-3 and 12-15 less the state's. The kernels' one-block path (xmm
 * rows, pshufb rotations) beats the portable rounds, which spill words
 * (Zen 3: 275 against 310 TSC cycles a call), and XChaCha20 pays it once
 * per message or key; test_chacha checks it against sc_hchacha20. */
void sc_hchacha20_ops(const sc_chacha_ops *ops, uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce16[16])
{
    uint32_t s[16];
    uint8_t ks[64];
    sc_chacha20_setup_rows(s, key, sc_le32(nonce16), nonce16 + 4); /* words 12-15: the nonce */
    ops->chacha20(s, zero64, ks, sizeof ks);
#if defined(SC_ARCH_X86_64)
    /* two 16-byte rows, so the subkey's reader (sc_chacha20_setup_rows) is
     * served by two stores, not eight */
    _mm_storeu_si128((__m128i *)(void *)subkey, _mm_sub_epi32(_mm_loadu_si128((const __m128i *)(const void *)ks),
                                                              _mm_loadu_si128((const __m128i *)(const void *)s)));
    _mm_storeu_si128((__m128i *)(void *)(subkey + 16),
                     _mm_sub_epi32(_mm_loadu_si128((const __m128i *)(const void *)(ks + 48)),
                                   _mm_loadu_si128((const __m128i *)(const void *)(s + 12))));
#else
    for (int i = 0; i < 4; i++) {
        sc_put_le32(subkey + 4 * i, sc_le32(ks + 4 * i) - s[i]);
        sc_put_le32(subkey + 16 + 4 * i, sc_le32(ks + 48 + 4 * i) - s[12 + i]);
    }
#endif
    sc_wipe(ks, sizeof ks);
    sc_wipe(s, sizeof s);
}

/* The message's ChaCha20 state with counter 0: the key and nonce, or for
 * XChaCha20 the HChaCha20 subkey of the nonce's first 16 bytes and the
 * nonce 0^32 || its last 8 bytes (draft 2.3). */
static void message_state(const sc_chachapoly *c, const uint8_t *nonce, uint32_t st[16])
{
    if (!c->xchacha) {
        /* RFC 8439 2.3 straight from the key's words: no byte copy of the
         * key to build and wipe (a call and ~40 cycles of a 64-byte seal) */
        static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
        memcpy(st, sigma, sizeof sigma);
        memcpy(st + 4, c->key, sizeof c->key);
        sc_chacha20_store_row3(st + 12, 0, nonce); /* one store on x86-64 (chacha_internal.h) */
        return;
    }
    uint8_t key[32], n12[12] = {0};
#if defined(SC_ARCH_X86_64)
    memcpy(key, c->key, sizeof key); /* little-endian: the words' bytes, in whole-vector stores */
#else
    for (int i = 0; i < 8; i++) sc_put_le32(key + 4 * i, c->key[i]);
#endif
    memcpy(n12 + 4, nonce + 16, 8);
    sc_hchacha20_ops(c->ops, key, key, nonce);
    sc_chacha20_setup_rows(st, key, 0, n12);
    sc_wipe(key, sizeof key);
}

void sc_chachapoly_start(sc_chachapoly *c, const uint8_t *nonce)
{
    uint8_t otk[32];
    message_state(c, nonce, c->st);
    c->ops->chacha20(c->st, zero64, otk, sizeof otk); /* 2.6: the one-time key is block 0's first 32 bytes */
    c->st[12] = 1;
    sc_poly1305_setkey(&c->poly, otk);
    sc_wipe(otk, sizeof otk);
    SC_SANITIZER_BURN(); /* the kernel's copies of the state (stack_burn.h) */
    c->ks_left = c->pend_len = c->aad_closed = 0;
    c->aad_len = c->data_len = 0;
}

/* Poly1305 over a byte stream: whole blocks straight from the input, the
 * rest kept in pend. */
static void poly_absorb(sc_chachapoly *c, const uint8_t *p, size_t len)
{
    if (c->pend_len) {
        size_t take = 16 - c->pend_len < len ? 16 - c->pend_len : len;
        memcpy(c->pend + c->pend_len, p, take);
        c->pend_len += (uint32_t)take, p += take, len -= take;
        if (c->pend_len < 16) return;
        c->ops->poly_blocks(&c->poly, c->pend, 1);
        c->pend_len = 0;
    }
    if (len >= 16) c->ops->poly_blocks(&c->poly, p, len / 16);
    p += len & ~(size_t)15, len &= 15;
    if (len) memcpy(c->pend, p, len), c->pend_len = (uint32_t)len;
}

/* 2.8: AAD and ciphertext are each zero-padded to a whole block. */
static void poly_pad(sc_chachapoly *c)
{
    if (c->pend_len == 0) return;
    memset(c->pend + c->pend_len, 0, 16 - c->pend_len);
    c->ops->poly_blocks(&c->poly, c->pend, 1);
    c->pend_len = 0;
}

void sc_chachapoly_aad(sc_chachapoly *c, const uint8_t *aad, size_t len)
{
    c->aad_len += len;
    if (len) poly_absorb(c, aad, len);
}

static void close_aad(sc_chachapoly *c)
{
    if (c->aad_closed) return;
    poly_pad(c);
    c->aad_closed = 1;
}

/* out = in ^ keystream, continuing where the last call stopped. */
static void xor_keystream(sc_chachapoly *c, const uint8_t *in, uint8_t *out, size_t len)
{
    if (c->ks_left) {
        size_t n = c->ks_left < len ? c->ks_left : len;
        const uint8_t *ks = c->ks + 64 - c->ks_left;
        for (size_t i = 0; i < n; i++) out[i] = in[i] ^ ks[i];
        c->ks_left -= (uint32_t)n, in += n, out += n, len -= n;
    }
    size_t whole = len & ~(size_t)63;
    if (whole) {
        c->ops->chacha20(c->st, in, out, whole);
        c->st[12] += (uint32_t)(whole / 64);
        in += whole, out += whole, len -= whole;
    }
    if (len) {
        c->ops->chacha20(c->st, zero64, c->ks, 64);
        c->st[12]++;
        for (size_t i = 0; i < len; i++) out[i] = in[i] ^ c->ks[i];
        c->ks_left = (uint32_t)(64 - len);
    }
}

void sc_chachapoly_crypt(sc_chachapoly *c, const uint8_t *in, uint8_t *out, size_t len, int encrypt)
{
    close_aad(c);
    c->data_len += len;
    while (len) {
        size_t n = len < CHUNK ? len : CHUNK;
        if (!encrypt) poly_absorb(c, in, n); /* before in == out is overwritten */
        xor_keystream(c, in, out, n);
        if (encrypt) poly_absorb(c, out, n);
        in += n, out += n, len -= n;
    }
    SC_SANITIZER_BURN();
}

void sc_chachapoly_tag(sc_chachapoly *c, uint8_t tag[16])
{
    uint8_t lengths[16];
    close_aad(c);
    poly_pad(c);
    sc_put_le64(lengths, c->aad_len);
    sc_put_le64(lengths + 8, c->data_len);
    c->ops->poly_blocks(&c->poly, lengths, 1);
    sc_poly1305_finish(&c->poly, NULL, 0, tag);
    /* the one-time key, its powers (pow[0] != 0: a kernel wrote them) and
     * the keystream left over */
    if (c->poly.pow[0]) sc_wipe(c->poly.pow, sizeof c->poly.pow);
    sc_wipe(&c->poly, offsetof(sc_poly1305, pow)); /* h, r, s */
    sc_wipe(c->ks, sizeof c->ks);
    sc_wipe(c->pend, sizeof c->pend);
    sc_wipe(c->st, sizeof c->st);
    c->ks_left = c->pend_len = 0;
}

/* Poly1305 over aad || pad16 || ct || pad16 || le64 lengths (2.8), whole
 * blocks straight from the buffers, the two tails and the lengths from one
 * small block list. */
static void poly_message(const sc_chacha_ops *ops, sc_poly1305 *p, const uint8_t *aad, size_t aad_len,
                         const uint8_t *ct, size_t len, uint8_t tag[16])
{
    uint8_t tail[32] = {0};
    if (aad_len >= 16) ops->poly_blocks(p, aad, aad_len / 16);
    if (aad_len % 16) {
        memcpy(tail, aad + (aad_len & ~(size_t)15), aad_len % 16);
        ops->poly_blocks(p, tail, 1);
        memset(tail, 0, 16);
    }
    if (len >= 16) ops->poly_blocks(p, ct, len / 16);
    size_t n = len % 16 ? 16 : 0; /* the ciphertext's zero-padded tail, then the lengths */
    memcpy(tail, ct + (len & ~(size_t)15), len % 16);
    sc_put_le64(tail + n, aad_len);
    sc_put_le64(tail + n + 8, len);
    ops->poly_blocks(p, tail, n / 16 + 1);
    sc_poly1305_finish(p, NULL, 0, tag);
    sc_wipe(tail, sizeof tail);
}

/* Short messages in one ChaCha20 call: block 0 (the Poly1305 key) and the
 * data's blocks together, so a kernel's multi-block path computes them side
 * by side (one block alone is latency-bound: two cost about what one does). */
enum { SHORT_MAX = 448 };

static void short_message(const sc_chachapoly *c, const uint32_t st[16], int encrypt, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t tag[16])
{
    uint8_t buf[64 + SHORT_MAX];
    sc_poly1305 p;
    memset(buf, 0, 64);
    memcpy(buf + 64, in, len);
    c->ops->chacha20(st, buf, buf, 64 + len); /* buf = block 0's keystream || in ^ keystream */
    sc_poly1305_setkey(&p, buf);
    poly_message(c->ops, &p, aad, aad_len, encrypt ? buf + 64 : in, len, tag);
    memcpy(out, buf + 64, len);
    sc_wipe(buf, 64 + len);
    if (p.pow[0]) sc_wipe(p.pow, sizeof p.pow);
    sc_wipe(&p, offsetof(sc_poly1305, pow));
}

/* A longer message on a kernel without a fused loop: the streaming steps,
 * a call apart (inlined, its arguments held across message_state's call
 * grew sc_chachapoly_oneshot's frame and moved st: a 64-byte seal went
 * from ~468 to ~487 TSC cycles on Zen 3). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
long_message(sc_chachapoly *c, int encrypt, const uint8_t *nonce, const uint8_t *aad, size_t aad_len, const uint8_t *in,
             uint8_t *out, size_t len, uint8_t tag[16])
{
    sc_chachapoly_start(c, nonce);
    sc_chachapoly_aad(c, aad, aad_len);
    sc_chachapoly_crypt(c, in, out, len, encrypt);
    sc_chachapoly_tag(c, tag);
}

void sc_chachapoly_oneshot(sc_chachapoly *c, int encrypt, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                           const uint8_t *in, uint8_t *out, size_t len, uint8_t tag[16])
{
    if (c->ops->aead_message == NULL && len > SHORT_MAX) {
        long_message(c, encrypt, nonce, aad, aad_len, in, out, len, tag);
        return;
    }
    uint32_t st[16];
    message_state(c, nonce, st);
    if (c->ops->aead_message)
        c->ops->aead_message(st, aad, aad_len, in, out, len, encrypt, tag);
    else
        short_message(c, st, encrypt, aad, aad_len, in, out, len, tag);
    sc_wipe_small(st, sizeof st);
    SC_SANITIZER_BURN();
}

sc_runnable_cache sc_chacha_runnable;

int sc_chachapoly_check(const sc_chachapoly *c)
{
    if (c->magic != SC_CHACHAPOLY_MAGIC || c->xchacha > 1 || c->pend_len > 15 || c->ks_left > 64) return SC_ESTATE;
    return sc_chacha_ops_ok(c->ops) ? SC_OK : SC_ESTATE;
}
