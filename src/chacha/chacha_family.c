/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 in the generic APIs: ciphers chacha20 (RFC 8439 2.4) and
 * xchacha20 (draft-irtf-cfrg-xchacha 2.3), the MAC poly1305 (RFC 8439 2.5)
 * and the AEADs chacha20-poly1305 (2.8) and xchacha20-poly1305 — one
 * descriptor for all of them. */
#include <string.h>

#include "../aead/aead_family.h"
#include "../cipher/cipher_family.h"
#include "../cipher/ctx_check.h"
#include "../cipher/stack_burn.h"
#include "../core/family.h"
#include "chacha_aead.h"
#if defined(SC_ARCH_X86_64)
#include <emmintrin.h>
#endif

enum { MODE_CHACHA20, MODE_XCHACHA20, MODE_POLY1305 };
static const char *const cipher_names[] = {"chacha20", "xchacha20"};
static const char *const aead_names[] = {"chacha20-poly1305", "xchacha20-poly1305"};
static const char *const mode_names[] = {"chacha20", "xchacha20", "poly1305"};

static const char *name_at(size_t index, int mac)
{
    if (mac) return index == 0 ? "poly1305" : NULL;
    return index < 2 ? cipher_names[index] : NULL;
}

static int lookup(const char *name, sc_cipher_spec *spec)
{
    int mode = strcmp(name, "chacha20") == 0    ? MODE_CHACHA20
               : strcmp(name, "xchacha20") == 0 ? MODE_XCHACHA20
               : strcmp(name, "poly1305") == 0  ? MODE_POLY1305
                                                : -1;
    if (mode < 0) return SC_EINVAL;
    sc_cipher_info *i = &spec->info;
    i->name = mode_names[mode];
    i->algorithm = "chacha";
    i->mode = mode_names[mode];
    i->block_size = mode == MODE_POLY1305 ? SC_POLY1305_BLOCK : SC_CHACHA_BLOCK;
    i->key_size = 32;
    i->iv_size = mode == MODE_CHACHA20 ? 12 : mode == MODE_XCHACHA20 ? 24 : 0;
    i->tag_size = i->min_tag_size = mode == MODE_POLY1305 ? 16 : 0;
    i->is_stream = mode != MODE_POLY1305;
    spec->tag_sizes = 0;
    spec->takes_counter = mode != MODE_POLY1305;
    spec->variant = 0;
    spec->mode = mode;
    return SC_OK;
}

typedef struct chacha_state {
    sc_poly1305 poly;                     /* poly1305 */
    uint32_t st[16], st_at_init[16];      /* ciphers: counter at the next block */
    uint64_t left, left_at_init;          /* blocks before the counter would repeat */
    const sc_chacha_ops *ops;
    int mode;
    /* ciphers: the key of init, for set_iv (XChaCha20 derives its subkey
     * from key and nonce; ChaCha20's key words are in st too) */
    uint8_t key[32];
} chacha_state;
_Static_assert(sizeof(chacha_state) <= SC_CIPHER_FAMILY_STATE, "ChaCha state too large for the generic context");

/* ChaCha20's IV: the 12-byte nonce (counter from opts), or OpenSSL's
 * 16-byte form le32(counter) || nonce. XChaCha20's: 24 bytes, the first 16
 * through HChaCha20 into a subkey, the last 8 after 4 zero bytes. */
static int setup_stream(chacha_state *s, int mode, const uint8_t *key, const uint8_t *iv, size_t iv_len,
                        uint64_t counter)
{
    if (mode == MODE_XCHACHA20) {
        if (iv_len != 24) return SC_EIVSIZE;
        uint8_t subkey[32], n12[12];
        sc_put_le32(n12, (uint32_t)(counter >> 32)); /* word 13: the counter's high word */
        memcpy(n12 + 4, iv + 16, 8);
        sc_hchacha20_ops(s->ops, subkey, key, iv);
        sc_chacha20_setup_rows(s->st, subkey, (uint32_t)counter, n12);
        sc_wipe(subkey, sizeof subkey);
        s->left = counter ? 0 - counter : UINT64_MAX; /* 2^64 - counter (2^64 - 1 for 0: unreachable anyway) */
    } else {
        if (iv_len == 16) { /* OpenSSL's IV: le32(counter) || nonce */
            if (counter != 0) return SC_EINVAL; /* two counters */
            counter = sc_le32(iv), iv += 4, iv_len = 12;
        }
        if (iv_len != 12) return SC_EIVSIZE;
        if (counter > UINT32_MAX) return SC_EINVAL;
        sc_chacha20_setup_rows(s->st, key, (uint32_t)counter, iv);
        s->left = (UINT64_C(1) << 32) - counter;
    }
    memcpy(s->st_at_init, s->st, sizeof s->st);
    s->left_at_init = s->left;
    return SC_OK;
}

static int init(void *state, const sc_cipher_spec *spec, int encrypt, const uint8_t *key, size_t key_len,
                const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    chacha_state *s = state;
    (void)encrypt;
    if (opts->sbox != NULL) return SC_EINVAL;
    if (key_len != 32) return SC_EKEYSIZE;
    int status = SC_OK;
    s->ops = sc_chacha_kernel(opts->kernel, &status);
    if (s->ops == NULL) return status;
    s->mode = spec->mode;
    if (spec->mode != MODE_POLY1305) {
        memcpy(s->key, key, sizeof s->key);
        return setup_stream(s, spec->mode, key, iv, iv_len, opts->counter);
    }
    if (iv_len) return SC_EIVSIZE;
    sc_poly1305_setkey(&s->poly, key);
    return SC_OK;
}

static void reset(void *state)
{
    chacha_state *s = state;
    if (s->mode == MODE_POLY1305) {
        s->poly.h[0] = s->poly.h[1] = s->poly.h[2] = 0;
        return;
    }
    /* Words 12-15 (counter, nonce) only: words 0-11 (constants, key)
     * are written by setup_stream alone, into both copies, so they are
     * equal already. One 16-byte copy per short call instead of four (the
     * kernel's load of the row is forwarded from the one store). */
    memcpy(s->st + 12, s->st_at_init + 12, 4 * sizeof s->st[0]);
    s->left = s->left_at_init;
}

/* sc_cipher_reset_iv: the stream state of init from the kept key, a new
 * nonce and counter (setup_stream refuses bad sizes before writing). */
static int set_iv(void *state, const sc_cipher_spec *spec, const uint8_t *iv, size_t iv_len, uint64_t counter)
{
    chacha_state *s = state;
    if (s->mode == MODE_POLY1305) return SC_EINVAL;
    return setup_stream(s, spec->mode, s->key, iv, iv_len, counter);
}

/* Word 12 advanced by n blocks after a kernel call (n mod 2^32: a run of
 * 2^32 blocks wraps it to 0), XChaCha20 carrying into word 13. On x86-64,
 * after a run of under 16 blocks, a store of the whole row 3: the x86
 * kernels' short paths (row sets, under 16 blocks) load that row as one
 * 16-byte vector at the next call, and a load spanning a smaller store is
 * not forwarded from it but waits for the store to reach L1, which kept
 * each call of a stream from starting before the last one retired. Their
 * 16-block path reads the words one by one (broadcasts), which the word's
 * own store serves better. A stream's next call is taken to be the size
 * of this one. Emerald Rapids, streaming sc_cipher_update calls, TSC
 * cycles per call, old/new alternating: 64 B 207-214 -> 177-184, 128 B
 * 231 -> 205, 512 B 326 -> 315, 1-4 KiB unchanged (with the row store
 * there too: 0.97-0.99x); BENCHMARKS.md 7.6. */
enum { ROW_STORE_BELOW = 16 }; /* blocks */
static inline void advance(chacha_state *s, uint32_t n)
{
#if defined(SC_ARCH_X86_64)
    if (n < ROW_STORE_BELOW) {
        const __m128i row = _mm_loadu_si128((const __m128i *)(const void *)(s->st + 12));
        _mm_storeu_si128((__m128i *)(void *)(s->st + 12), _mm_add_epi32(row, _mm_cvtsi32_si128((int)n)));
    } else {
        s->st[12] += n;
    }
#else
    s->st[12] += n;
#endif
    if (s->st[12] == 0 && s->mode == MODE_XCHACHA20) s->st[13]++;
}

/* The kernels count in word 12 only: runs that cross 2^32 blocks are split
 * there, and XChaCha20 carries into word 13 (ChaCha20 never gets that far:
 * blocks_left). */
static void blocks(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    chacha_state *s = state;
    while (n) {
        uint64_t room = (UINT64_C(1) << 32) - s->st[12], run = n < room ? n : room;
        s->ops->chacha20(s->st, in, out, (size_t)run * SC_CHACHA_BLOCK);
        advance(s, (uint32_t)run);
        s->left -= run;
        in += run * SC_CHACHA_BLOCK, out += run * SC_CHACHA_BLOCK, n -= (size_t)run;
    }
    SC_SANITIZER_BURN(); /* the kernel's copies of the state (stack_burn.h) */
}

/* The block counter of init plus block: ChaCha20's in word 12 (never past
 * its 2^32 blocks: left), XChaCha20's 64-bit one in words 12-13. */
static int seek(void *state, uint64_t block)
{
    chacha_state *s = state;
    if (s->mode == MODE_POLY1305) return SC_EINVAL;
    if (block > s->left_at_init) return SC_ELENGTH;
    memcpy(s->st, s->st_at_init, sizeof s->st);
    if (s->mode == MODE_XCHACHA20) {
        uint64_t counter = ((uint64_t)s->st[13] << 32 | s->st[12]) + block;
        s->st[12] = (uint32_t)counter, s->st[13] = (uint32_t)(counter >> 32);
    } else {
        s->st[12] += (uint32_t)block; /* block <= 2^32 - counter: no carry into the nonce */
    }
    s->left = s->left_at_init - block;
    return SC_OK;
}

static uint64_t blocks_left(const void *state) { return ((const chacha_state *)state)->left; }

static void mac_blocks(void *state, const uint8_t *in, size_t n)
{
    chacha_state *s = state;
    s->ops->poly_blocks(&s->poly, in, n);
}

static int mac_final(void *state, const uint8_t *last, size_t last_len, uint64_t total_len, uint8_t *tag)
{
    chacha_state *s = state;
    (void)total_len;
    /* The generic layer holds back the last block even when it is whole
     * (CMAC needs that); for Poly1305 a whole last block is an ordinary one,
     * with 2^128, and sc_poly1305_finish takes only a short tail. */
    if (last_len == SC_POLY1305_BLOCK) {
        s->ops->poly_blocks(&s->poly, last, 1);
        last_len = 0;
    }
    sc_poly1305_finish(&s->poly, last, last_len, tag);
    return SC_OK;
}

/* Poly1305 of a whole message (sc_mac_message): the whole blocks in one
 * kernel call straight from the input and the tail to finish, where the
 * generic steps buffer the last block and cost three calls (about as much
 * as the kernel itself at 64-256 bytes on Zen 3). */
static int mac_message(void *state, const uint8_t *in, size_t len, uint8_t *tag, int *rc)
{
    chacha_state *s = state;
    if (s->mode != MODE_POLY1305) return 0;
    s->poly.h[0] = s->poly.h[1] = s->poly.h[2] = 0; /* from the key alone (cipher_family.h) */
    if (len >= SC_POLY1305_BLOCK) s->ops->poly_blocks(&s->poly, in, len / SC_POLY1305_BLOCK);
    const size_t tail = len % SC_POLY1305_BLOCK;
    sc_poly1305_finish(&s->poly, tail ? in + (len - tail) : NULL, tail, tag);
    *rc = SC_OK;
    return 1;
}

/* The mode of init and the block, stream and tag sizes of the name, which
 * the generic layer buffers and counts by (a corrupted block size would
 * have blocks() write past the caller's output); the kernel object the
 * callers check. A chain of compare-and-branch, one fused operation each
 * (or-ed into one word they kept a dozen values live: ~25 instructions
 * more per short call). */
static inline int fields_ok(const chacha_state *s, const sc_cipher_spec *spec)
{
    const int m = spec->mode, mac = m == MODE_POLY1305;
    return (unsigned)m <= MODE_POLY1305 && s->mode == m &&
           spec->info.block_size == (mac ? SC_POLY1305_BLOCK : SC_CHACHA_BLOCK) && spec->info.is_stream == !mac &&
           spec->info.tag_size == (mac ? 16u : 0u);
}

/* fields_ok and a runnable kernel object. Cheap enough for every call: it
 * is the quick check too (cipher_family.h), for the ciphers chacha20 and
 * xchacha20, whose update is blocks() alone (their counter bound the
 * generic layer compares with blocks_left itself), and for the MAC
 * poly1305. */
static int check(const void *state, const sc_cipher_spec *spec)
{
    const chacha_state *s = state;
    if (!fields_ok(s, spec)) return SC_ESTATE;
    return sc_chacha_ops_ok(s->ops) ? SC_OK : SC_ESTATE;
}

/* The cipher states of the quick ops: fields_ok for a cipher name and the
 * kernel object last found runnable (any other takes the full path, whose
 * walk finds it). */
static chacha_state *quick_cipher(sc_cipher_ctx *c)
{
    sc_cipher_state *g = (sc_cipher_state *)(void *)c->opaque;
    chacha_state *s = (chacha_state *)(void *)g->family_state;
    if (g->spec.mode == MODE_POLY1305 || !fields_ok(s, &g->spec) || !sc_ops_cached(&sc_chacha_runnable, s->ops))
        return NULL;
    return s;
}

/* sc_cipher_update of whole blocks (quick_update): one kernel call when the
 * run stays below the counter bound (blocks_left; else the full path gives
 * SC_ELENGTH) and word 12 does not wrap (else blocks() splits the run). */
static int quick_update(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len)
{
    chacha_state *s = quick_cipher(c);
    const uint64_t n = in_len / SC_CHACHA_BLOCK;
    if (s == NULL || in_len % SC_CHACHA_BLOCK || n > s->left || n > (UINT64_C(1) << 32) - s->st[12])
        return sc_cipher_update_full(c, in, in_len, out, out_cap, out_len);
    *out_len = in_len;
    s->ops->chacha20(s->st, in, out, in_len);
    advance(s, (uint32_t)n);
    s->left -= n;
    SC_SANITIZER_BURN(); /* the kernel's copies of the state (stack_burn.h) */
    return SC_OK;
}

/* sc_cipher_reset (quick_reset): the stream state of init. */
static int quick_reset(sc_cipher_ctx *c)
{
    chacha_state *s = quick_cipher(c);
    if (s == NULL) return sc_cipher_reset_full(c);
    reset(s);
    return SC_OK;
}

static const sc_cipher_ops chacha_cipher_ops = {
    SC_CIPHER_OPS_COMMON("chacha"),
    .seek = seek,
    .blocks_left = blocks_left,
    .mac_message = mac_message,
    .quick_check = check,
    .set_iv = set_iv,
    .quick_update = quick_update,
    .quick_reset = quick_reset,
};

/* --- The AEADs ------------------------------------------------------------ */

static const char *aead_name_at(size_t index) { return index < 2 ? aead_names[index] : NULL; }

static int aead_lookup(const char *name, sc_aead_spec *spec)
{
    for (int v = 0; v < 2; v++) {
        if (strcmp(name, aead_names[v]) != 0) continue;
        sc_aead_info *i = &spec->info;
        i->name = aead_names[v];
        i->algorithm = "chacha";
        i->key_size = 32;
        i->nonce_size = i->min_nonce_size = i->max_nonce_size = v ? 24 : 12;
        i->tag_size = 16;
        i->tag_sizes = SC_AEAD_TAG_BIT(16);
        /* RFC 8439 2.8: the 32-bit counter from 1 covers 2^32 - 1 blocks of
         * 64 bytes; AAD up to 2^64 - 1 bytes. */
        i->max_plaintext = (UINT64_C(1) << 38) - 64;
        i->max_aad = UINT64_MAX;
        spec->variant = v;
        return SC_OK;
    }
    return SC_EINVAL;
}

static int aead_init(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len,
                     const sc_cipher_opts *opts)
{
    if (opts->sbox != NULL) return SC_EINVAL;
    return sc_chachapoly_setkey(state, key, key_len, spec->variant, opts->kernel);
}

static void aead_start(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len)
{
    (void)encrypt, (void)nonce_len;
    sc_chachapoly_start(state, nonce);
}
static void aead_aad(void *state, const uint8_t *aad, size_t len) { sc_chachapoly_aad(state, aad, len); }
static void aead_encrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_chachapoly_crypt(state, in, out, len, 1);
}
static void aead_decrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_chachapoly_crypt(state, in, out, len, 0);
}
static void aead_tag(void *state, uint8_t *tag) { sc_chachapoly_tag(state, tag); }
static int aead_check(const void *state, const sc_aead_spec *spec)
{
    const sc_chachapoly *c = state;
    /* tag_size too: a full-length tag goes straight to the caller's buffer */
    if (sc_chachapoly_check(c) != SC_OK || c->xchacha != (uint32_t)spec->variant || spec->info.tag_size != 16)
        return SC_ESTATE;
    return SC_OK;
}
/* The one-shot call: the checks against the RFC's constants (the nonce of
 * the variant, the 16-byte tag, 2^38 - 64 bytes of data; AAD up to 2^64 - 1
 * bytes, which no size_t exceeds), then the whole message. */
static int aead_oneshot(void *state, const sc_aead_spec *spec, int encrypt, const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                        size_t tag_len)
{
    sc_chachapoly *c = state;
    if (aead_check(c, spec) != SC_OK) return SC_ESTATE;
    if (nonce_len != (c->xchacha ? 24u : 12u)) return SC_EIVSIZE;
    if (tag_len != 16) return SC_ETAGSIZE;
    if ((uint64_t)len > (UINT64_C(1) << 38) - 64) return SC_ELENGTH;
    sc_chachapoly_oneshot(c, encrypt, nonce, aad, aad_len, in, out, len, tag);
    return SC_OK;
}
_Static_assert(sizeof(sc_chachapoly) <= SC_AEAD_FAMILY_STATE, "ChaCha20-Poly1305 state too large");

static const sc_aead_ops chacha_aead_ops = {SC_AEAD_OPS_COMMON("chacha", aead_)};

/* Known answers (selftest, ctest and Java read them through sc_kat_get).
 * AEAD vectors: out = ciphertext || tag, aad after the source. */
static const sc_kat_info kats[] = {
    {"chacha", "chacha20", NULL, "0000000000000000000000000000000000000000000000000000000000000000",
     "000000000000000000000000", "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
     "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a37"
     "6a43b8f41518a11cc387b669b2ee6586",
     "RFC 8439 A.1 test vector #1 (block counter 0)", NULL},
    {"chacha", "chacha20", NULL, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "01000000000000000000004a00000000",
     "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20496620492063"
     "6f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
     "637265656e20776f756c642062652069742e",
     "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b357"
     "1639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
     "5af90bbf74a35be6b40b8eedf2785e42874d",
     "RFC 8439 2.4.2 (IV = le32(counter 1) || nonce)", NULL},
    {"chacha", "xchacha20", NULL, "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     "404142434445464748494a4b4c4d4e4f5051525354555658",
     "5468652064686f6c65202870726f6e6f756e6365642022646f6c65222920697320616c736f206b6e6f776e2061732074"
     "686520417369617469632077696c6420646f672c2072656420646f672c20616e642077686973746c696e6720646f672e"
     "2049742069732061626f7574207468652073697a65206f662061204765726d616e20736865706865726420627574206c"
     "6f6f6b73206d6f7265206c696b652061206c6f6e672d6c656767656420666f782e205468697320686967686c7920656c"
     "757369766520616e6420736b696c6c6564206a756d70657220697320636c6173736966696564207769746820776f6c76"
     "65732c20636f796f7465732c206a61636b616c732c20616e6420666f78657320696e20746865207461786f6e6f6d6963"
     "2066616d696c792043616e696461652e",
     "4559abba4e48c16102e8bb2c05e6947f50a786de162f9b0b7e592a9b53d0d4e98d8d6410d540a1a6375b26d80dace4fa"
     "b52384c731acbf16a5923c0c48d3575d4d0d2c673b666faa731061277701093a6bf7a158a8864292a41c48e3a9b4c0da"
     "ece0f8d98d0d7e05b37a307bbb66333164ec9e1b24ea0d6c3ffddcec4f68e7443056193a03c810e11344ca06d8ed8a2b"
     "fb1e8d48cfa6bc0eb4e2464b748142407c9f431aee769960e15ba8b96890466ef2457599852385c661f752ce20f9da0c"
     "09ab6b19df74e76a95967446f8d0fd415e7bee2a12a114c20eb5292ae7a349ae577820d5520a1f3fb62a17ce6a7e68fa"
     "7c79111d8860920bc048ef43fe84486ccb87c25f0ae045f0cce1e7989a9aa220a28bdd4827e751a24a6d5c62d790a663"
     "93b93111c1a55dd7421a10184974c7c5",
     "draft-irtf-cfrg-xchacha-03 A.3.2 (block counter 0)", NULL},
    {"chacha", "poly1305", NULL, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", "",
     "43727970746f6772617068696320466f72756d2052657365617263682047726f7570", "a8061dc1305136c6c22b8baf0c0127a9",
     "RFC 8439 2.5.2", NULL},
    {"chacha", "poly1305", NULL, "0000000000000000000000000000000000000000000000000000000000000000", "",
     "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
     "00000000000000000000000000000000", "RFC 8439 A.3 #1 (all zero)", NULL},
    {"chacha", "poly1305", NULL, "0200000000000000000000000000000000000000000000000000000000000000", "",
     "ffffffffffffffffffffffffffffffff",
     "03000000000000000000000000000000", "RFC 8439 A.3 #5 (h reaches p: the final reduction)", NULL},
    {"chacha", "poly1305", NULL, "02000000000000000000000000000000ffffffffffffffffffffffffffffffff", "",
     "02000000000000000000000000000000",
     "03000000000000000000000000000000", "RFC 8439 A.3 #6 (s carries out of 2^128)", NULL},
    {"chacha", "poly1305", NULL, "0100000000000000000000000000000000000000000000000000000000000000", "",
     "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000",
     "05000000000000000000000000000000", "RFC 8439 A.3 #7 (limb carries)", NULL},
    {"chacha", "poly1305", NULL, "0100000000000000000000000000000000000000000000000000000000000000", "",
     "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101",
     "00000000000000000000000000000000", "RFC 8439 A.3 #8 (h = p exactly)", NULL},
    {"chacha", "poly1305", NULL, "0200000000000000000000000000000000000000000000000000000000000000", "",
     "fdffffffffffffffffffffffffffffff",
     "faffffffffffffffffffffffffffffff", "RFC 8439 A.3 #9 (h just below p)", NULL},
    {"chacha", "chacha20-poly1305", NULL, "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f", "070000004041424344454647",
     "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20496620492063"
     "6f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
     "637265656e20776f756c642062652069742e",
     "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b"
     "1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
     "3ff4def08e4b7a9de576d26586cec64b61161ae10b594f09e26a7e902ecbd0600691",
     "RFC 8439 2.8.2", "50515253c0c1c2c3c4c5c6c7"},
    {"chacha", "xchacha20-poly1305", NULL, "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     "404142434445464748494a4b4c4d4e4f5051525354555657",
     "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20496620492063"
     "6f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
     "637265656e20776f756c642062652069742e",
     "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39"
     "ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
     "21f9664c97637da9768812f615c68b13b52ec0875924c1c7987947deafd8780acf49",
     "draft-irtf-cfrg-xchacha-03 A.3.1", "50515253c0c1c2c3c4c5c6c7"},
};

const sc_family sc_chacha_family = {
    .name = "chacha",
    .kind = SC_KIND_CIPHER,
    .kernels = &sc_alg_chacha,
    .cipher = &chacha_cipher_ops,
    .aead = &chacha_aead_ops,
    .kats = kats,
    .nkats = sizeof kats / sizeof kats[0],
};
