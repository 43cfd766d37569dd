/* SPDX-License-Identifier: Apache-2.0 */
/* Modes of operation over the Magma kernels: ECB, CBC, CTR and MAC of
 * GOST R 34.13-2015, and the counter (gamma) mode of GOST 28147-89. */
#include "../cipher/ctx_check.h"
#include "../modes/cmac.h"
#include "magma_internal.h"

enum { CHUNK_BLOCKS = 192 }; /* stack buffers: one full batch of the widest kernel */

/* Argument checks shared by every mode (common.h conventions): the context
 * first (nothing is called through an unchecked k->kernel), then NULL with
 * a length, then overlap other than exactly in place. */
static int check_io(const sc_magma_key *k, const void *in, const void *out, size_t len)
{
    int st = sc_magma_check(k);
    if (st) return st;
    if ((in == NULL || out == NULL) && len) return SC_ENULL;
    if (sc_overlap_refused(in, len, out, len)) return SC_EINVAL;
    return SC_OK;
}

/* E(v) for one block value; used by the serial modes (CBC encryption, MAC). */
uint64_t sc_magma_encrypt_value(const sc_magma_key *k, uint64_t v)
{
    uint8_t b[8];
    sc_magma_store_block(b, v, k->little_endian);
    sc_magma_ops_of(k)->ecb(k, k->round_keys[0], b, b, 1);
    v = sc_magma_load_block(b, k->little_endian);
    sc_wipe(b, sizeof b);
    return v;
}

/* s = E(s ^ in_i) for each block (out_i = s unless out is NULL): the
 * kernel's register-resident chain when it has one. */
void sc_magma_chain_blocks(const sc_magma_key *k, uint64_t *s, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    const struct sc_magma_ops *ops = sc_magma_ops_of(k);
    if (ops->chain != NULL) {
        ops->chain(k, s, in, out, nblocks);
        return;
    }
    for (size_t i = 0; i < nblocks; i++) {
        *s = sc_magma_encrypt_value(k, *s ^ sc_magma_load_block(in + 8 * i, k->little_endian));
        if (out != NULL) sc_magma_store_block(out + 8 * i, *s, k->little_endian);
    }
}

static int ecb(const sc_magma_key *k, int decrypt, const uint8_t *in, uint8_t *out, size_t len)
{
    int st = check_io(k, in, out, len);
    if (st) return st;
    if (len % SC_MAGMA_BLOCK_SIZE) return SC_ELENGTH;
    if (len) sc_magma_ops_of(k)->ecb(k, k->round_keys[decrypt], in, out, len / SC_MAGMA_BLOCK_SIZE);
    sc_magma_burn(k);
    return SC_OK;
}

int sc_magma_ecb_encrypt(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, 0, in, out, len);
}

int sc_magma_ecb_decrypt(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len)
{
    return ecb(k, 1, in, out, len);
}

static int check_cbc(const sc_magma_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                     uint8_t *out, size_t len)
{
    int st = check_io(k, in, out, len);
    if (st) return st;
    if (iv == NULL) return iv_len ? SC_ENULL : SC_EIVSIZE;
    if (iv_len == 0 || iv_len % SC_MAGMA_BLOCK_SIZE || iv_len / 8 > SC_MAGMA_CBC_MAX_BLOCKS) return SC_EIVSIZE;
    if (len % SC_MAGMA_BLOCK_SIZE) return SC_ELENGTH;
    return SC_OK;
}

int sc_magma_cbc_start(sc_magma_cbc *c, const uint8_t *iv, size_t iv_len)
{
    if (iv_len == 0 || iv_len % 8 || iv_len / 8 > SC_MAGMA_CBC_MAX_BLOCKS) return SC_EIVSIZE;
    memset(c, 0, sizeof *c);
    memcpy(c->reg, iv, iv_len);
    c->z = iv_len / 8;
    return SC_OK;
}

/* GOST R 34.13-2015 5.4: with an m-bit register of z = m/n blocks, block i is
 * chained to ciphertext block i - z (to IV block i for i < z). Serial: each
 * block waits for the previous encryption, so this is latency-bound. */
void sc_magma_cbc_encrypt_blocks(const sc_magma_key *k, sc_magma_cbc *c, const uint8_t *in, uint8_t *out,
                                 size_t nblocks)
{
    if (c->z == 1) { /* the usual m = n: one chain */
        uint64_t s = sc_magma_load_block(c->reg, k->little_endian);
        sc_magma_chain_blocks(k, &s, in, out, nblocks);
        sc_magma_store_block(c->reg, s, k->little_endian);
        return;
    }
    for (size_t i = 0; i < nblocks; i++) {
        uint8_t *chain = c->reg + 8 * c->pos;
        uint64_t v = sc_magma_load_block(in + 8 * i, k->little_endian) ^
                     sc_magma_load_block(chain, k->little_endian);
        sc_magma_store_block(chain, sc_magma_encrypt_value(k, v), k->little_endian);
        memcpy(out + 8 * i, chain, 8);
        c->pos = (c->pos + 1) % c->z;
    }
}

/* Decryption is parallel. The generic form: D() a chunk with the
 * multi-block kernel from a copy of the ciphertext (so in == out is fine),
 * then xor the chained blocks; chain is used as a ring from `pos` and turned
 * back to oldest-first order at the end. */
void sc_magma_cbc_decrypt_via_ecb(const sc_magma_key *k, uint8_t *chain, size_t z, const uint8_t *in,
                                  uint8_t *out, size_t nblocks)
{
    uint8_t cipher[CHUNK_BLOCKS * 8], plain[CHUNK_BLOCKS * 8], ring[8 * SC_MAGMA_CBC_MAX_BLOCKS];
    size_t pos = 0;
    while (nblocks) {
        size_t n = nblocks < CHUNK_BLOCKS ? nblocks : CHUNK_BLOCKS;
        memcpy(cipher, in, 8 * n);
        sc_magma_ops_of(k)->ecb(k, k->round_keys[1], cipher, plain, n);
        for (size_t i = 0; i < n; i++) {
            uint8_t *prev = chain + 8 * pos;
            for (int j = 0; j < 8; j++) out[8 * i + j] = plain[8 * i + j] ^ prev[j];
            memcpy(prev, cipher + 8 * i, 8);
            pos = pos + 1 == z ? 0 : pos + 1;
        }
        in += 8 * n, out += 8 * n, nblocks -= n;
    }
    memcpy(ring, chain, 8 * z);
    memcpy(chain, ring + 8 * pos, 8 * (z - pos));
    memcpy(chain + 8 * (z - pos), ring, 8 * pos);
    sc_wipe(plain, sizeof plain);
    sc_wipe(cipher, sizeof cipher);
}

/* The kernel's cbc_decrypt on the register unrolled to oldest-first order
 * (block i chains to reg + 8 * ((pos + i) mod z)). */
void sc_magma_cbc_decrypt_blocks(const sc_magma_key *k, sc_magma_cbc *c, const uint8_t *in, uint8_t *out,
                                 size_t nblocks)
{
    uint8_t chain[8 * SC_MAGMA_CBC_MAX_BLOCKS];
    if (nblocks == 0) return;
    memcpy(chain, c->reg + 8 * c->pos, 8 * (c->z - c->pos));
    memcpy(chain + 8 * (c->z - c->pos), c->reg, 8 * c->pos);
    sc_magma_ops_of(k)->cbc_decrypt(k, chain, c->z, in, out, nblocks);
    memcpy(c->reg, chain, 8 * c->z);
    c->pos = 0;
}

static int cbc(const sc_magma_key *k, int decrypt, const uint8_t *iv, size_t iv_len, const uint8_t *in,
               uint8_t *out, size_t len)
{
    int st = check_cbc(k, iv, iv_len, in, out, len);
    if (st) return st;
    if (decrypt) {
        /* Straight to the kernel, without the streaming ring: the chain is
         * the IV, oldest block first (it and the ciphertext are public). */
        uint8_t chain[8 * SC_MAGMA_CBC_MAX_BLOCKS];
        memcpy(chain, iv, iv_len);
        if (len) sc_magma_ops_of(k)->cbc_decrypt(k, chain, iv_len / 8, in, out, len / 8);
        sc_magma_burn(k);
        return SC_OK;
    }
    sc_magma_cbc c;
    sc_magma_cbc_start(&c, iv, iv_len);
    sc_magma_cbc_encrypt_blocks(k, &c, in, out, len / 8);
    sc_wipe(&c, sizeof c);
    sc_magma_burn(k);
    return SC_OK;
}

int sc_magma_cbc_encrypt(const sc_magma_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                         uint8_t *out, size_t len)
{
    return cbc(k, 0, iv, iv_len, in, out, len);
}

int sc_magma_cbc_decrypt(const sc_magma_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                         uint8_t *out, size_t len)
{
    return cbc(k, 1, iv, iv_len, in, out, len);
}

/* Counter modes of any length: s->run(s, first, in, out, n) xors n blocks of
 * key stream starting `first` blocks into the message. Whole blocks go
 * straight through; with a partial last block, the last few whole blocks and
 * the partial one share one padded stack buffer and one kernel call, so a
 * short message costs one batch's latency, not two. */
enum { TAIL_BLOCKS = 64 };

struct stream {
    const sc_magma_key *k;
    void (*run)(const struct stream *s, uint64_t first, const uint8_t *in, uint8_t *out, size_t n);
    uint64_t counter;          /* CTR: counter of block 0 */
    sc_gost89_cnt_state *cnt;  /* gamma mode: state at block 0 (meshing: the running state) */
    sc_magma_key *mesh_key;    /* gamma mode with meshing: the working copy of k */
};

static void stream_xor(const struct stream *s, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t full = len / 8, rest = len % 8;
    size_t direct = rest ? full - full % TAIL_BLOCKS : full;
    if (direct) s->run(s, 0, in, out, direct);
    if (rest) {
        uint8_t buf[8 * (TAIL_BLOCKS + 1)];
        size_t tail = len - 8 * direct;
        memcpy(buf, in + 8 * direct, tail);
        s->run(s, direct, buf, buf, full - direct + 1);
        memcpy(out + 8 * direct, buf, tail);
        sc_wipe(buf, sizeof buf);
    }
}

static void ctr_stream(const struct stream *s, uint64_t first, const uint8_t *in, uint8_t *out, size_t n)
{
    sc_magma_ops_of(s->k)->ctr(s->k, s->counter + first, in, out, n);
}

/* 34.13 5.2.1: CTR_1 = IV || 0^(n/2), then +1 mod 2^n per block. */
uint64_t sc_magma_ctr_start(const sc_magma_key *k, const uint8_t iv[4], uint64_t block_offset)
{
    return ((uint64_t)sc_magma_load32(iv, k->little_endian) << 32) + block_offset;
}

int sc_magma_ctr(const sc_magma_key *k, const uint8_t *iv, size_t iv_len, uint64_t block_offset,
                 const uint8_t *in, uint8_t *out, size_t len)
{
    int st = check_io(k, in, out, len);
    if (st) return st;
    if (iv == NULL) return iv_len ? SC_ENULL : SC_EIVSIZE;
    if (iv_len != SC_MAGMA_CTR_IV_SIZE) return SC_EIVSIZE;
    struct stream s = {k, ctr_stream, sc_magma_ctr_start(k, iv, block_offset), NULL, NULL};
    stream_xor(&s, in, out, len);
    sc_magma_burn(k);
    return SC_OK;
}

/* --- GOST 28147-89 gamma mode (RFC 5830 section 6) ----------------------- */

#define MOD_M 0xFFFFFFFFu

/* s mod (2^32 - 1) without a division (whose timing may depend on s). */
static uint32_t mod_m(uint64_t s)
{
    s = (s & MOD_M) + (s >> 32);
    s = (s & MOD_M) + (s >> 32);     /* now s <= 2^32 */
    s -= MOD_M & -(uint64_t)(s >= MOD_M);
    return (uint32_t)s;
}

/* N4 after j >= 1 additions of C1 with end-around carry, i.e. in [1, 2^32-1]:
 * ((N4 - 1 + j * C1) mod (2^32 - 1)) + 1. */
static uint32_t n4_after(uint32_t n4, uint64_t j)
{
    uint64_t jc1 = mod_m((uint64_t)mod_m(j) * SC_GOST89_C1);
    return mod_m((uint64_t)n4 + jc1 + MOD_M - 1) + 1;
}

void sc_gost89_cnt_start(const sc_magma_key *k, const uint8_t iv[8], uint64_t block_offset,
                         sc_gost89_cnt_state *st)
{
    /* (N1, N2) = S, encrypted once; N3 = N1 and N4 = N2 then step per block
     * and each (N3, N4) is encrypted into 8 bytes of gamma. */
    uint64_t s = sc_magma_encrypt_value(k, sc_magma_load_block(iv, k->little_endian));
    st->n3 = (uint32_t)s;
    st->n4 = (uint32_t)(s >> 32);
    st->next = block_offset + 1;
}

/* Block st->next's counters in closed form (so a stream may start anywhere),
 * then the kernel generates and encrypts the rest in registers. */
void sc_gost89_cnt_blocks(const sc_magma_key *k, sc_gost89_cnt_state *st, const uint8_t *in, uint8_t *out,
                          size_t nblocks)
{
    uint32_t n3 = st->n3 + (uint32_t)st->next * SC_GOST89_C2, n4 = n4_after(st->n4, st->next);
    if (nblocks) sc_magma_ops_of(k)->cnt(k, n3, n4, in, out, nblocks);
    st->next += nblocks;
}

/* RFC 4357 2.3.2 as gost-engine's gost_cnt_next does it: before block
 * 129 (counted from the last meshing) the key is meshed and the counters of
 * block 128 are encrypted under the new key; the gamma counters then step
 * on from that value, which is the closed form's new base (next = 1). A
 * start at a later block meshes its way there. */
void sc_gost89_cnt_run(sc_magma_key *k, sc_gost89_cnt_state *st, const uint8_t *in, uint8_t *out,
                       size_t nblocks)
{
    if (!st->meshing) {
        sc_gost89_cnt_blocks(k, st, in, out, nblocks);
        return;
    }
    for (;;) {
        while (st->next > SC_GOST89_MESH_BLOCKS && (nblocks || st->next > SC_GOST89_MESH_BLOCKS + 1)) {
            uint64_t last = (uint64_t)n4_after(st->n4, SC_GOST89_MESH_BLOCKS) << 32 |
                            (uint32_t)(st->n3 + SC_GOST89_MESH_BLOCKS * SC_GOST89_C2);
            sc_gost89_mesh(k);
            last = sc_magma_encrypt_value(k, last);
            st->n3 = (uint32_t)last;
            st->n4 = (uint32_t)(last >> 32);
            st->next -= SC_GOST89_MESH_BLOCKS;
        }
        if (nblocks == 0) return;
        size_t n = SC_GOST89_MESH_BLOCKS + 1 - st->next;
        if (n > nblocks) n = nblocks;
        sc_gost89_cnt_blocks(k, st, in, out, n);
        in += 8 * n, out += 8 * n, nblocks -= n;
    }
}

static void cnt_stream(const struct stream *s, uint64_t first, const uint8_t *in, uint8_t *out, size_t n)
{
    sc_gost89_cnt_state st = *s->cnt;
    st.next += first;
    sc_gost89_cnt_blocks(s->k, &st, in, out, n);
    sc_wipe(&st, sizeof st);
}

/* With meshing the stream is sequential: stream_xor asks for contiguous
 * runs in order, so the running state and key copy simply advance. */
static void cnt_mesh_stream(const struct stream *s, uint64_t first, const uint8_t *in, uint8_t *out, size_t n)
{
    (void)first;
    sc_gost89_cnt_run(s->mesh_key, s->cnt, in, out, n);
}

static int check_meshing(int key_meshing)
{
    return key_meshing == SC_KEY_MESHING_DEFAULT || key_meshing == SC_KEY_MESHING_NONE ||
                   key_meshing == SC_KEY_MESHING_CRYPTOPRO
               ? SC_OK
               : SC_EINVAL;
}

int sc_gost89_cnt_ex(const sc_magma_key *k, int key_meshing, const uint8_t *iv, size_t iv_len,
                     uint64_t block_offset, const uint8_t *in, uint8_t *out, size_t len)
{
    int st = check_io(k, in, out, len);
    if (st) return st;
    if (check_meshing(key_meshing)) return SC_EINVAL;
    if (iv == NULL) return iv_len ? SC_ENULL : SC_EIVSIZE;
    if (iv_len != SC_GOST89_CNT_IV_SIZE) return SC_EIVSIZE;
    sc_gost89_cnt_state s;
    sc_gost89_cnt_start(k, iv, block_offset, &s);
    s.meshing = sc_gost89_meshing_on(key_meshing);
    if (s.meshing) {
        sc_magma_key work = *k; /* meshing re-keys a copy, never the caller's key */
        struct stream run = {k, cnt_mesh_stream, 0, &s, &work};
        stream_xor(&run, in, out, len);
        sc_wipe(&work, sizeof work);
    } else {
        struct stream run = {k, cnt_stream, 0, &s, NULL};
        stream_xor(&run, in, out, len);
    }
    sc_wipe(&s, sizeof s);
    sc_magma_burn(k);
    return SC_OK;
}

int sc_gost89_cnt(const sc_magma_key *k, const uint8_t *iv, size_t iv_len, uint64_t block_offset,
                  const uint8_t *in, uint8_t *out, size_t len)
{
    return sc_gost89_cnt_ex(k, SC_KEY_MESHING_DEFAULT, iv, iv_len, block_offset, in, out, len);
}

/* --- Feedback modes: GOST R 34.13 OFB/CFB, GOST 28147-89 CFB -------------- */

static int feedback(const sc_magma_key *k, int ofb, int decrypt, int meshing, unsigned segment_bits,
                    const uint8_t *iv, size_t iv_len, const uint8_t *in, uint8_t *out, size_t len)
{
    int st = check_io(k, in, out, len);
    if (st) return st;
    if (iv == NULL) return iv_len ? SC_ENULL : SC_EIVSIZE;
    sc_magma_fb f;
    st = sc_magma_fb_start(&f, ofb, decrypt, meshing, iv, iv_len, segment_bits);
    if (st) return st;
    sc_magma_key work = *k; /* meshing re-keys a copy */
    sc_magma_fb_run(&work, &f, in, out, len);
    sc_wipe(&work, sizeof work);
    sc_wipe(&f, sizeof f);
    sc_magma_burn(k);
    return SC_OK;
}

int sc_magma_ofb(const sc_magma_key *k, unsigned segment_bits, const uint8_t *iv, size_t iv_len,
                 const uint8_t *in, uint8_t *out, size_t len)
{
    return feedback(k, 1, 0, 0, segment_bits, iv, iv_len, in, out, len);
}

int sc_magma_cfb_encrypt(const sc_magma_key *k, unsigned segment_bits, const uint8_t *iv, size_t iv_len,
                         const uint8_t *in, uint8_t *out, size_t len)
{
    return feedback(k, 0, 0, 0, segment_bits, iv, iv_len, in, out, len);
}

int sc_magma_cfb_decrypt(const sc_magma_key *k, unsigned segment_bits, const uint8_t *iv, size_t iv_len,
                         const uint8_t *in, uint8_t *out, size_t len)
{
    return feedback(k, 0, 1, 0, segment_bits, iv, iv_len, in, out, len);
}

/* GOST 28147-89 CFB: a little-endian key, one 8-byte register, s = n. */
static int gost89_cfb(const sc_magma_key *k, int decrypt, int key_meshing, const uint8_t *iv, size_t iv_len,
                      const uint8_t *in, uint8_t *out, size_t len)
{
    int st = sc_magma_check(k);
    if (st) return st;
    if (!k->little_endian || check_meshing(key_meshing)) return SC_EINVAL;
    if (iv != NULL && iv_len != SC_MAGMA_BLOCK_SIZE) return SC_EIVSIZE;
    return feedback(k, 0, decrypt, sc_gost89_meshing_on(key_meshing), 0, iv, iv_len, in, out, len);
}

int sc_gost89_cfb_encrypt(const sc_magma_key *k, int key_meshing, const uint8_t *iv, size_t iv_len,
                          const uint8_t *in, uint8_t *out, size_t len)
{
    return gost89_cfb(k, 0, key_meshing, iv, iv_len, in, out, len);
}

int sc_gost89_cfb_decrypt(const sc_magma_key *k, int key_meshing, const uint8_t *iv, size_t iv_len,
                          const uint8_t *in, uint8_t *out, size_t len)
{
    return gost89_cfb(k, 1, key_meshing, iv, iv_len, in, out, len);
}

/* --- MAC of GOST 28147-89 (RFC 5830 section 8) ----------------------------- */

/* The chain without meshing, through the kernel's register-resident
 * chain16 when it has one. */
static void mac_chain(const sc_magma_key *k, uint64_t *s, const uint8_t *in, size_t nblocks)
{
    const struct sc_magma_ops *ops = sc_magma_ops_of(k);
    if (ops->chain16 != NULL) {
        ops->chain16(k, s, in, nblocks);
        return;
    }
    for (size_t i = 0; i < nblocks; i++)
        *s = sc_magma_mac16(k, *s ^ sc_magma_load_block(in + 8 * i, k->little_endian));
}

/* Meshing as gost-engine's mac_block_mesh: before block 129 (from the last
 * meshing) the key is meshed; the chaining value stays as it is. */
void sc_gost89_mac_blocks(sc_magma_key *k, sc_gost89_mac_state *st, const uint8_t *in, size_t nblocks)
{
    while (nblocks) {
        size_t n = nblocks;
        if (st->meshing) {
            if (st->since_mesh == SC_GOST89_MESH_BLOCKS) {
                sc_gost89_mesh(k);
                st->since_mesh = 0;
            }
            if (n > SC_GOST89_MESH_BLOCKS - st->since_mesh) n = SC_GOST89_MESH_BLOCKS - st->since_mesh;
        }
        mac_chain(k, &st->s, in, n);
        if (st->meshing) st->since_mesh += (uint32_t)n; /* 0..128 (the family's check) */
        in += 8 * n, nblocks -= n;
    }
}

/* The short-message rule (magma.h): CryptoPro/gost-engine give 00000000 for
 * the empty message (no block at all) and append a zero block to a message
 * of one block; Bouncy Castle pads the empty message to one zero block. */
void sc_gost89_mac_last(sc_magma_key *k, sc_gost89_mac_state *st, const uint8_t *last, size_t last_len,
                        uint64_t total, uint8_t tag[SC_GOST89_MAC_SIZE])
{
    uint8_t b[16] = {0};
    if (last_len) memcpy(b, last, last_len);
    size_t blocks = st->short_cryptopro && total <= 8 ? (total ? 2 : 0) : 1;
    sc_gost89_mac_blocks(k, st, b, blocks);
    sc_magma_store_block(b, st->s, k->little_endian);
    memcpy(tag, b, SC_GOST89_MAC_SIZE); /* N1 */
    sc_wipe(b, sizeof b);
}

static int check_short_mac(int short_mac)
{
    return short_mac == SC_SHORT_MAC_DEFAULT || short_mac == SC_SHORT_MAC_CRYPTOPRO || short_mac == SC_SHORT_MAC_BC
               ? SC_OK
               : SC_EINVAL;
}

int sc_gost89_mac_ex(const sc_magma_key *k, int key_meshing, int short_mac, const uint8_t *msg, size_t len,
                     uint8_t *tag, size_t tag_len)
{
    int st = check_io(k, msg, msg, len); /* msg as both: NULL checked, no overlap */
    if (st) return st;
    if (!k->little_endian || check_meshing(key_meshing) || check_short_mac(short_mac)) return SC_EINVAL;
    if (tag == NULL) return SC_ENULL;
    if (tag_len < 1 || tag_len > SC_GOST89_MAC_SIZE) return SC_ETAGSIZE;
    /* Every block but the last (which may be whole) goes through the chain;
     * the last is padded, so a message of 8k bytes is k blocks. */
    size_t whole = len ? (len - 1) / 8 : 0;
    sc_gost89_mac_state m = {0, 0, sc_gost89_meshing_on(key_meshing), sc_gost89_short_cryptopro(short_mac)};
    sc_magma_key work = *k; /* meshing re-keys a copy */
    sc_gost89_mac_blocks(&work, &m, msg, whole);
    uint8_t full[SC_GOST89_MAC_SIZE];
    sc_gost89_mac_last(&work, &m, len ? msg + 8 * whole : NULL, len - 8 * whole, len, full);
    memcpy(tag, full, tag_len);
    sc_wipe(full, sizeof full);
    sc_wipe(&m, sizeof m);
    sc_wipe(&work, sizeof work);
    sc_magma_burn(k);
    return SC_OK;
}

int sc_gost89_mac(const sc_magma_key *k, const uint8_t *msg, size_t len, uint8_t *tag, size_t tag_len)
{
    return sc_gost89_mac_ex(k, SC_KEY_MESHING_DEFAULT, SC_SHORT_MAC_DEFAULT, msg, len, tag, tag_len);
}

/* --- MAC of GOST R 34.13-2015 (5.6): CMAC with B_64 = 0x1B --------------
 * src/modes/cmac.c over the key's block-cipher interface. */

static void bc_encrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_magma_key *k = key;
    sc_magma_ops_of(k)->ecb(k, k->round_keys[0], in, out, n);
}
static void bc_decrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_magma_key *k = key;
    sc_magma_ops_of(k)->ecb(k, k->round_keys[1], in, out, n);
}
/* The kernel's register-resident chain (sc_magma_chain_blocks). */
static void bc_cbc_encrypt(const void *key, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_magma_key *k = key;
    uint64_t s = sc_magma_load_block(chain, k->little_endian);
    sc_magma_chain_blocks(k, &s, in, out, n);
    sc_magma_store_block(chain, s, k->little_endian);
    sc_wipe(&s, sizeof s);
}

sc_block_cipher sc_magma_block_cipher(const sc_magma_key *k)
{
    return (sc_block_cipher){.block_size = SC_MAGMA_BLOCK_SIZE, .key = k, .encrypt = bc_encrypt, .decrypt = bc_decrypt,
                             .cbc_encrypt = bc_cbc_encrypt};
}

void sc_magma_cmac_start(const sc_magma_key *k, sc_magma_cmac_state *st)
{
    const sc_block_cipher bc = sc_magma_block_cipher(k);
    /* GOST 28147-89's byte order: the block is a little-endian number, and
     * the subkeys double that number */
    (k->little_endian ? sc_modes_cmac_subkeys_le : sc_modes_cmac_subkeys)(&bc, st->k1, st->k2);
    memset(st->c, 0, sizeof st->c);
}

void sc_magma_cmac_blocks(const sc_magma_key *k, sc_magma_cmac_state *st, const uint8_t *in, size_t nblocks)
{
    const sc_block_cipher bc = sc_magma_block_cipher(k);
    sc_modes_cmac_blocks(&bc, st->c, in, nblocks);
}

void sc_magma_cmac_last(const sc_magma_key *k, sc_magma_cmac_state *st, const uint8_t *last, size_t last_len,
                        uint8_t tag[8])
{
    const sc_block_cipher bc = sc_magma_block_cipher(k);
    sc_modes_cmac_last(&bc, st->c, last, last_len, st->k1, st->k2, tag);
}

int sc_magma_cmac(const sc_magma_key *k, const uint8_t *msg, size_t len, uint8_t *tag, size_t tag_len)
{
    int rc = sc_magma_check(k);
    if (rc != SC_OK) return rc;
    if ((msg == NULL && len) || tag == NULL) return SC_ENULL;
    if (tag_len < 1 || tag_len > SC_MAGMA_BLOCK_SIZE) return SC_ETAGSIZE;
    sc_magma_cmac_state st;
    uint8_t full[8];
    size_t before_last = len ? (len - 1) / 8 : 0;
    sc_magma_cmac_start(k, &st);
    sc_magma_cmac_blocks(k, &st, msg, before_last);
    sc_magma_cmac_last(k, &st, len ? msg + 8 * before_last : NULL, len - 8 * before_last, full);
    memcpy(tag, full, tag_len);
    sc_wipe(full, sizeof full);
    sc_wipe(&st, sizeof st);
    sc_magma_burn(k);
    return SC_OK;
}

/* --- Tag verification (constant time) ------------------------------------- */

/* Compute the MAC (CMAC, or GOST 28147-89's with its options) into a buffer
 * of ours and compare with sc_memeq. */
static int verify(const sc_magma_key *k, int gost89, int key_meshing, int short_mac, const uint8_t *msg,
                  size_t len, const uint8_t *tag, size_t tag_len)
{
    uint8_t want[SC_MAGMA_BLOCK_SIZE];
    int rc = sc_magma_check(k);
    if (rc == SC_OK && tag == NULL) rc = SC_ENULL;
    if (rc != SC_OK) return rc;
    size_t want_len = tag_len <= sizeof want ? tag_len : 0;
    rc = gost89 ? sc_gost89_mac_ex(k, key_meshing, short_mac, msg, len, want, want_len)
                : sc_magma_cmac(k, msg, len, want, want_len);
    if (rc == SC_OK && !sc_memeq(want, tag, tag_len)) rc = SC_EAUTH;
    sc_wipe(want, sizeof want);
    return rc;
}

int sc_magma_cmac_verify(const sc_magma_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                         size_t tag_len)
{
    return verify(k, 0, 0, 0, msg, len, tag, tag_len);
}

int sc_gost89_mac_verify(const sc_magma_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                         size_t tag_len)
{
    return verify(k, 1, SC_KEY_MESHING_DEFAULT, SC_SHORT_MAC_DEFAULT, msg, len, tag, tag_len);
}

int sc_gost89_mac_verify_ex(const sc_magma_key *k, int key_meshing, int short_mac, const uint8_t *msg,
                            size_t len, const uint8_t *tag, size_t tag_len)
{
    return verify(k, 1, key_meshing, short_mac, msg, len, tag, tag_len);
}
