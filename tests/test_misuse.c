/* SPDX-License-Identifier: Apache-2.0 */
/* The misuse matrix of the C API (issue 13): every way a caller can get a
 * context or an argument wrong, each with the specific status it must give.
 *
 * Part 1, contexts: every entry point of the direct Kalyna and Magma APIs
 * and of the generic cipher and MAC APIs, called with valid arguments on a
 * context in each bad state (never initialised but zeroed, garbage, wiped,
 * a failed re-init over a good key, a corrupted field, the other API's
 * context, garbage that carries the right magic), must return SC_ESTATE;
 * the same calls on a good context give their usual status, which shows the
 * refusal comes from the state. Part 2, arguments: one table of cases (a
 * call and its expected status): sizes, NULL with and without a length,
 * overlapping buffers, update after final, tag verification, the checksum
 * NULL rule, binding.h ranges. Nothing may crash (the ASan build runs it).
 */
#include <simdcrypt.h>

#include "aes/aes_gcm.h"
#include "cipher/cipher_family.h"
#include "kalyna/kalyna_internal.h"
#include "magma/magma_internal.h"
#include "test_util.h"

static uint8_t key[64], buf[512], out[512], iv[64], tag[64];
static sc_kalyna_key kal;
static sc_magma_key mag;
static sc_cipher_ctx cip;
static sc_mac_ctx mac;

static long cases_run, refused[16]; /* refused[-status]: how many cases ended in each status */

static void expect(const char *what, int got, int want)
{
    cases_run++;
    if (got <= 0 && got > -16) refused[-got]++;
    CHECK(got == want, "%s: got %d (%s), want %d (%s)", what, got, sc_strerror(got), want, sc_strerror(want));
}

/* ---- part 1: contexts ------------------------------------------------------ */

typedef struct {
    const char *name;
    int (*call)(void);
    int on_good; /* the status on a good context */
} entry;
typedef struct {
    const char *name;
    void (*make)(void);
} state;

static void fill_garbage(void *p, size_t n, uint64_t seed) { test_fill(p, n, seed); }

/* -- Kalyna, direct -- */
static void kal_good(void) { sc_kalyna_setkey(&kal, 16, key, 16); }
static void kal_zeroed(void) { memset(&kal, 0, sizeof kal); }
static void kal_garbage(void) { fill_garbage(&kal, sizeof kal, 1); }
static void kal_wiped(void) { kal_good(), sc_kalyna_wipe(&kal); }
static void kal_failed(void) { kal_good(), sc_kalyna_setkey(&kal, 16, key, 24); }
static void kal_failed_block(void) { kal_good(), sc_kalyna_setkey(&kal, 24, key, 24); }
static void kal_rounds19(void) { kal_good(), kal.rounds = 19; }
static void kal_rounds14(void) { kal_good(), kal.rounds = 14; }
static void kal_rounds_huge(void) { kal_good(), kal.rounds = 0xffffffffu; }
static void kal_block24(void) { kal_good(), kal.block_size = 24; }
static void kal_block64(void) { kal_good(), kal.block_size = 64; } /* nb still 2 */
static void kal_nb8(void) { kal_good(), kal.nb = 8; }
static void kal_ops_garbage(void) { kal_good(), kal.ops = (const void *)(uintptr_t)0x1234; }
static void kal_ops_magma(void) { kal_good(), kal.ops = &sc_magma_portable; }
static void kal_magic_only(void) { kal_garbage(), kal.magic = SC_KALYNA_MAGIC; }
static const state kal_states[] = {
    {"never initialised (zeroed)", kal_zeroed}, {"garbage", kal_garbage},
    {"wiped", kal_wiped},                       {"re-init failed (24-byte key)", kal_failed},
    {"re-init failed (24-byte block)", kal_failed_block},
    {"rounds 19", kal_rounds19},                {"rounds 14 for a 16-byte key", kal_rounds14},
    {"rounds 2^32-1", kal_rounds_huge},         {"block_size 24", kal_block24},
    {"block_size 64 with nb 2", kal_block64},   {"nb 8 with block_size 16", kal_nb8},
    {"ops pointer garbage", kal_ops_garbage},   {"ops of another algorithm", kal_ops_magma},
    {"garbage with the right magic", kal_magic_only},
};
static int k_ecb_enc(void) { return sc_kalyna_ecb_encrypt(&kal, buf, out, 32); }
static int k_ecb_dec(void) { return sc_kalyna_ecb_decrypt(&kal, buf, out, 32); }
static int k_cbc_enc(void) { return sc_kalyna_cbc_encrypt(&kal, iv, 16, buf, out, 32); }
static int k_cbc_dec(void) { return sc_kalyna_cbc_decrypt(&kal, iv, 16, buf, out, 32); }
static int k_ctr(void) { return sc_kalyna_ctr(&kal, iv, 16, buf, out, 33); }
static int k_mac(void) { return sc_kalyna_mac(&kal, buf, 32, tag, 16); }
static int k_mac_verify(void) { return sc_kalyna_mac_verify(&kal, buf, 32, tag, 16); }
static const entry kal_entries[] = {
    {"sc_kalyna_ecb_encrypt", k_ecb_enc, SC_OK}, {"sc_kalyna_ecb_decrypt", k_ecb_dec, SC_OK},
    {"sc_kalyna_cbc_encrypt", k_cbc_enc, SC_OK}, {"sc_kalyna_cbc_decrypt", k_cbc_dec, SC_OK},
    {"sc_kalyna_ctr", k_ctr, SC_OK},             {"sc_kalyna_mac", k_mac, SC_OK},
    {"sc_kalyna_mac_verify (zero tag)", k_mac_verify, SC_EAUTH},
};

/* -- Magma, direct -- */
static void mag_good(void) { sc_magma_init(&mag, key, 32, NULL); }
static void mag_zeroed(void) { memset(&mag, 0, sizeof mag); }
static void mag_garbage(void) { fill_garbage(&mag, sizeof mag, 2); }
static void mag_wiped(void) { mag_good(), sc_magma_wipe(&mag); }
static void mag_failed(void) { mag_good(), sc_magma_init(&mag, key, 31, NULL); } /* the reviewer's case */
static void mag_failed89(void) { mag_good(), sc_gost89_init(&mag, NULL, 32, NULL); }
static void mag_failed_sbox(void)
{
    uint8_t bad[128] = {16};
    mag_good(), sc_magma_init(&mag, key, 32, bad);
}
static void mag_kernel_garbage(void) { mag_good(), mag.kernel = (const void *)(uintptr_t)0x1234; }
static void mag_kernel_kalyna(void) { mag_good(), mag.kernel = &sc_kalyna_portable; }
static void mag_endian(void) { mag_good(), mag.little_endian = 7; }
static void mag_magic_only(void) { mag_garbage(), mag.magic = SC_MAGMA_MAGIC; }
static const state mag_states[] = {
    {"never initialised (zeroed)", mag_zeroed},    {"garbage", mag_garbage},
    {"wiped", mag_wiped},                          {"re-init failed (31-byte key)", mag_failed},
    {"re-init failed (NULL key)", mag_failed89},   {"re-init failed (S-box entry 16)", mag_failed_sbox},
    {"kernel pointer garbage", mag_kernel_garbage}, {"kernel of another algorithm", mag_kernel_kalyna},
    {"little_endian 7", mag_endian},               {"garbage with the right magic", mag_magic_only},
};
static int m_ecb_enc(void) { return sc_magma_ecb_encrypt(&mag, buf, out, 16); }
static int m_ecb_dec(void) { return sc_magma_ecb_decrypt(&mag, buf, out, 16); }
static int m_cbc_enc(void) { return sc_magma_cbc_encrypt(&mag, iv, 8, buf, out, 16); }
static int m_cbc_dec(void) { return sc_magma_cbc_decrypt(&mag, iv, 8, buf, out, 16); }
static int m_ctr(void) { return sc_magma_ctr(&mag, iv, 4, 0, buf, out, 13); }
static int m_cnt(void) { return sc_gost89_cnt(&mag, iv, 8, 0, buf, out, 13); }
static int m_cmac(void) { return sc_magma_cmac(&mag, buf, 13, tag, 8); }
static int m_cmac_verify(void) { return sc_magma_cmac_verify(&mag, buf, 13, tag, 8); }
static int m_mac89(void) { return sc_gost89_mac(&mag, buf, 13, tag, 4); }
static int m_mac89_verify(void) { return sc_gost89_mac_verify(&mag, buf, 13, tag, 4); }
static int m_use_kernel(void) { return sc_magma_use_kernel(&mag, "portable"); }
static const entry mag_entries[] = {
    {"sc_magma_ecb_encrypt", m_ecb_enc, SC_OK},
    {"sc_magma_ecb_decrypt", m_ecb_dec, SC_OK},
    {"sc_magma_cbc_encrypt", m_cbc_enc, SC_OK},
    {"sc_magma_cbc_decrypt", m_cbc_dec, SC_OK},
    {"sc_magma_ctr", m_ctr, SC_OK},
    {"sc_gost89_cnt", m_cnt, SC_OK},
    {"sc_magma_cmac", m_cmac, SC_OK},
    {"sc_magma_cmac_verify (zero tag)", m_cmac_verify, SC_EAUTH},
    {"sc_gost89_mac (big-endian key)", m_mac89, SC_EINVAL},
    {"sc_gost89_mac_verify (big-endian key)", m_mac89_verify, SC_EINVAL},
    {"sc_magma_use_kernel", m_use_kernel, SC_OK},
};

/* -- generic cipher and MAC -- */
static sc_cipher_state *cip_state(void) { return (sc_cipher_state *)(void *)cip.opaque; }
static sc_cipher_state *mac_state(void) { return (sc_cipher_state *)(void *)mac.opaque; }
static void cip_good(void) { sc_cipher_init(&cip, "kalyna-128-128-cbc", 1, key, 16, iv, 16); }
static void cip_good_magma(void) { sc_cipher_init(&cip, "magma-ctr", 1, key, 32, iv, 4); }
static void cip_zeroed(void) { memset(&cip, 0, sizeof cip); }
static void cip_garbage(void) { fill_garbage(&cip, sizeof cip, 3); }
static void cip_wiped(void) { cip_good(), sc_cipher_wipe(&cip); }
static void cip_failed(void) { cip_good(), sc_cipher_init(&cip, "kalyna-128-128-cbc", 1, key, 32, iv, 16); }
static void cip_failed_iv(void) { cip_good(), sc_cipher_init(&cip, "kalyna-128-128-cbc", 1, key, 16, iv, 8); }
static void cip_failed_name(void) { cip_good(), sc_cipher_init(&cip, "kalyna-128-128-cmac", 1, key, 16, NULL, 0); }
static void cip_is_mac(void)
{
    sc_mac_init(&mac, "kalyna-128-128-cmac", key, 16);
    memcpy(&cip, &mac, sizeof cip);
}
static void cip_family(void) { cip_good(), cip_state()->spec.ops = (const sc_cipher_ops *)(void *)&kal; }
static void cip_block(void) { cip_good(), cip_state()->spec.info.block_size = 1000; }
static void cip_buffered(void) { cip_good(), cip_state()->buffered = 1u << 20; }
static void cip_rounds(void) { cip_good(), ((sc_kalyna_key *)(void *)cip_state()->family_state)->rounds = 200; }
static void cip_key_block(void)
{
    /* a consistent key of another variant (Kalyna-256/256), not the name's */
    sc_kalyna_key *k = (sc_kalyna_key *)(void *)cip_state()->family_state;
    cip_good(), k->block_size = 32, k->nb = 4, k->key_size = 32, k->rounds = 14;
}
static void cip_magma_kernel(void)
{
    cip_good_magma(), ((sc_magma_key *)(void *)cip_state()->family_state)->kernel = (const void *)&kal;
}
static void cip_magic_only(void) { cip_garbage(), cip_state()->magic = SC_CIPHER_MAGIC_CIPHER; }
/* AES contexts, which take the generic layer's whole-block path (quick_check):
 * a corrupted field must still reach the full checks */
static sc_aes_key *cip_aes_key(void) { return (sc_aes_key *)(void *)cip_state()->family_state; }
static void cip_aes_ecb(void) { sc_cipher_init(&cip, "aes-128-ecb", 1, key, 16, NULL, 0); }
static void cip_aes_ctr(void) { sc_cipher_init(&cip, "aes-256-ctr", 1, key, 32, iv, 16); }
static void cip_aes_rounds(void) { cip_aes_ecb(), cip_aes_key()->rounds = 14; }
static void cip_aes_kernel(void) { cip_aes_ctr(), cip_aes_key()->ops = (const void *)&kal; }
static void cip_aes_key_magic(void) { cip_aes_ctr(), cip_aes_key()->magic = 0; }
static void cip_aes_key_size(void) { cip_aes_ecb(), cip_aes_key()->key_size = 32, cip_aes_key()->rounds = 14; }
static void cip_aes_block(void) { cip_aes_ctr(), cip_state()->spec.info.block_size = 32; }
static void cip_aes_family(void) { cip_aes_ecb(), cip_state()->spec.ops = (const sc_cipher_ops *)(void *)&kal; }
/* ChaCha20 and XChaCha20, which take the whole-block path too (issue 15) */
static void cip_chacha(void) { sc_cipher_init(&cip, "chacha20", 1, key, 32, iv, 12); }
static void cip_xchacha(void) { sc_cipher_init(&cip, "xchacha20", 1, key, 32, iv, 24); }
static void cip_chacha_family(void) { cip_chacha(), cip_state()->spec.ops = (const sc_cipher_ops *)(void *)&kal; }
static void cip_chacha_mode(void) { cip_xchacha(), cip_state()->spec.mode = 2; /* poly1305's */ }
static void cip_chacha_wiped(void) { cip_chacha(), memset(cip_state()->family_state, 0, SC_CIPHER_FAMILY_STATE); }
static void cip_chacha_block(void) { cip_chacha(), cip_state()->spec.info.block_size = 16; }
static void cip_chacha_tag(void) { cip_xchacha(), cip_state()->spec.info.tag_size = 16; }
static void cip_chacha_stream(void) { cip_chacha(), cip_state()->spec.info.is_stream = 0; }
static const state cip_states[] = {
    {"never initialised (zeroed)", cip_zeroed},
    {"garbage", cip_garbage},
    {"wiped", cip_wiped},
    {"re-init failed (key size)", cip_failed},
    {"re-init failed (IV size)", cip_failed_iv},
    {"re-init failed (a MAC's name)", cip_failed_name},
    {"a MAC context", cip_is_mac},
    {"family pointer garbage", cip_family},
    {"block size 1000", cip_block},
    {"buffered 1 MiB", cip_buffered},
    {"Kalyna rounds 200 inside", cip_rounds},
    {"key block size not the name's", cip_key_block},
    {"Magma kernel pointer garbage inside", cip_magma_kernel},
    {"garbage with the right magic", cip_magic_only},
    {"AES ECB, rounds 14 for a 128-bit key", cip_aes_rounds},
    {"AES CTR, kernel pointer garbage inside", cip_aes_kernel},
    {"AES CTR, key magic wiped", cip_aes_key_magic},
    {"AES-128 ECB holding a 256-bit key", cip_aes_key_size},
    {"AES CTR, block size 32", cip_aes_block},
    {"AES ECB, family pointer garbage", cip_aes_family},
    {"ChaCha20, family pointer garbage", cip_chacha_family},
    {"XChaCha20, the spec's mode another name's", cip_chacha_mode},
    {"ChaCha20, family state (key, kernel) wiped", cip_chacha_wiped},
    {"ChaCha20, block size 16", cip_chacha_block},
    {"XChaCha20, a MAC's tag size", cip_chacha_tag},
    {"ChaCha20, not a stream", cip_chacha_stream},
};
static int c_update(void)
{
    size_t n;
    return sc_cipher_update(&cip, buf, 32, out, sizeof out, &n);
}
static int c_update_at(void)
{
    size_t n;
    return sc_cipher_update_at(&cip, buf, 5, 32, out, 7, 64, &n);
}
static int c_final(void)
{
    size_t n;
    return sc_cipher_final(&cip, out, sizeof out, &n);
}
static int c_reset(void) { return sc_cipher_reset(&cip); }
/* the good context is CBC, which cannot seek: SC_EINVAL, after the state check */
static int c_seek(void) { return sc_cipher_seek(&cip, 16); }
/* whole blocks of every family here: the generic layer's whole-block path */
static int c_update_blocks(void)
{
    size_t n;
    return sc_cipher_update(&cip, buf, 64, out, sizeof out, &n);
}
static const entry cip_entries[] = {
    {"sc_cipher_update", c_update, SC_OK},
    {"sc_cipher_update (64 bytes)", c_update_blocks, SC_OK},
    {"sc_cipher_update_at", c_update_at, SC_OK},
    {"sc_cipher_final", c_final, SC_OK},
    {"sc_cipher_reset", c_reset, SC_OK},
    {"sc_cipher_seek", c_seek, SC_EINVAL},
};

static void mac_good(void) { sc_mac_init(&mac, "magma-cmac", key, 32); }
static void mac_good_kalyna(void) { sc_mac_init(&mac, "kalyna-128-128-cmac", key, 16); }
static void mac_zeroed(void) { memset(&mac, 0, sizeof mac); }
static void mac_garbage(void) { fill_garbage(&mac, sizeof mac, 4); }
static void mac_wiped(void) { mac_good(), sc_mac_wipe(&mac); }
static void mac_failed(void) { mac_good(), sc_mac_init(&mac, "magma-cmac", key, 31); }
static void mac_failed_sbox(void)
{
    sc_cipher_opts opts = {.kernel = NULL, .sbox = "no-such-sbox"};
    mac_good(), sc_mac_init_ex(&mac, "magma-cmac", key, 32, &opts);
}
static void mac_is_cipher(void) { cip_good(), memcpy(&mac, &cip, sizeof mac); }
static void mac_family(void) { mac_good(), mac_state()->spec.ops = NULL; }
static void mac_tag(void) { mac_good(), mac_state()->spec.info.tag_size = 4096; }
static void mac_buffered(void) { mac_good(), mac_state()->buffered = 9; }
static void mac_rounds(void)
{
    mac_good_kalyna(), ((sc_kalyna_key *)(void *)mac_state()->family_state)->rounds = 9;
}
static void mac_kernel(void)
{
    mac_good(), ((sc_magma_key *)(void *)mac_state()->family_state)->kernel = (const void *)(uintptr_t)8;
}
static void mac_magic_only(void) { mac_garbage(), mac_state()->magic = SC_CIPHER_MAGIC_MAC; }
/* AES GHASH and GMAC, which take the MAC layer's quick check when good */
static sc_gcm *mac_gcm(void) { return (sc_gcm *)(void *)((sc_cipher_state *)(void *)mac.opaque)->family_state; }
static void mac_ghash(void) { sc_mac_init(&mac, "ghash", key, 16); }
static void mac_gmac(void) { sc_mac_init_nonce(&mac, "aes-192-gmac", key, 24, iv, 12, NULL); }
static void mac_ghash_rounds(void) { mac_ghash(), mac_gcm()->key.rounds = 12; }
static void mac_ghash_magic(void) { mac_ghash(), mac_gcm()->key.magic = 0; }
static void mac_gmac_pending(void) { mac_gmac(), mac_gcm()->pend_len = 16; }
static void mac_gmac_kernel(void) { mac_gmac(), mac_gcm()->key.ops = (const void *)&mag; }
/* Poly1305, which takes the MAC layer's quick check when good */
static void mac_poly(void) { sc_mac_init(&mac, "poly1305", key, 32); }
static void mac_poly_wiped(void) { mac_poly(), memset(mac_state()->family_state, 0, SC_CIPHER_FAMILY_STATE); }
static void mac_poly_block(void) { mac_poly(), mac_state()->spec.info.block_size = 64; }
static void mac_poly_mode(void) { mac_poly(), mac_state()->spec.mode = 0; /* chacha20's */ }
static const state mac_states[] = {
    {"never initialised (zeroed)", mac_zeroed},
    {"garbage", mac_garbage},
    {"wiped", mac_wiped},
    {"re-init failed (31-byte key)", mac_failed},
    {"re-init failed (S-box)", mac_failed_sbox},
    {"a cipher context", mac_is_cipher},
    {"family pointer NULL", mac_family},
    {"tag size 4096", mac_tag},
    {"buffered past the block", mac_buffered},
    {"Kalyna rounds 9 inside", mac_rounds},
    {"Magma kernel pointer garbage inside", mac_kernel},
    {"garbage with the right magic", mac_magic_only},
    {"GHASH, rounds 12 inside", mac_ghash_rounds},
    {"GHASH, key magic wiped", mac_ghash_magic},
    {"GMAC, 16 bytes pending", mac_gmac_pending},
    {"GMAC, kernel pointer garbage inside", mac_gmac_kernel},
    {"Poly1305, family state (key, kernel) wiped", mac_poly_wiped},
    {"Poly1305, block size 64", mac_poly_block},
    {"Poly1305, the spec's mode another name's", mac_poly_mode},
};
static int h_update(void) { return sc_mac_update(&mac, buf, 20); }
static int h_update_at(void) { return sc_mac_update_at(&mac, buf, 3, 20); }
static int h_final(void) { return sc_mac_final(&mac, tag, 8); }
static int h_verify(void) { return sc_mac_verify(&mac, tag, 8); }
static int h_reset(void) { return sc_mac_reset(&mac); }
static int h_message(void) { return sc_mac_message(&mac, buf, 32, tag, 8); }
static const entry mac_entries[] = {
    {"sc_mac_update", h_update, SC_OK},
    {"sc_mac_update_at", h_update_at, SC_OK},
    {"sc_mac_final", h_final, SC_OK},
    {"sc_mac_verify (zero tag)", h_verify, SC_EAUTH},
    {"sc_mac_reset", h_reset, SC_OK},
    {"sc_mac_message", h_message, SC_OK},
};

static void matrix(const char *family, void (*good)(void), const state *states, size_t nstates,
                   const entry *entries, size_t nentries)
{
    char what[160];
    for (size_t e = 0; e < nentries; e++) {
        memset(tag, 0, sizeof tag);
        good();
        snprintf(what, sizeof what, "%s, good context", entries[e].name);
        expect(what, entries[e].call(), entries[e].on_good);
        for (size_t s = 0; s < nstates; s++) {
            states[s].make();
            snprintf(what, sizeof what, "%s: %s, %s", family, entries[e].name, states[s].name);
            expect(what, entries[e].call(), SC_ESTATE);
        }
    }
}

/* ---- part 2: arguments ------------------------------------------------------ */

typedef struct {
    const char *name;
    int (*call)(void);
    int want;
} misuse;

/* Fail-closed re-init: the reviewer's Magma case, then the same for the others. */
static int magma_reinit_31(void) { return mag_good(), sc_magma_init(&mag, key, 31, NULL); }
static int magma_after_31(void) { return mag_failed(), sc_magma_ecb_encrypt(&mag, buf, buf, 8); }
static int kalyna_after_bad(void) { return kal_failed(), sc_kalyna_ecb_encrypt(&kal, buf, buf, 16); }
static int magma_context_zero_after_31(void)
{
    mag_failed();
    const uint8_t *p = (const uint8_t *)&mag;
    for (size_t i = 0; i < sizeof mag; i++)
        if (p[i]) return SC_EINVAL; /* something of the old key survived */
    return SC_OK;
}
static int magma_reinit_own_sbox(void)
{
    /* re-keying with the context's own S-box: copied before the wipe */
    uint8_t sbox[8][16];
    sc_magma_sbox_named("cryptopro-a", sbox);
    sc_gost89_init(&mag, key, 32, &sbox[0][0]);
    int rc = sc_gost89_init(&mag, key, 32, &mag.sbox[0][0]);
    return rc == SC_OK && memcmp(mag.sbox, sbox, sizeof sbox) == 0 ? SC_OK : SC_EINVAL;
}

/* sizes */
static int kalyna_key24(void) { return sc_kalyna_setkey(&kal, 16, key, 24); }
static int kalyna_key128(void) { return sc_kalyna_setkey(&kal, 64, key, 128); }
static int kalyna_block8(void) { return sc_kalyna_setkey(&kal, 8, key, 8); }
static int kalyna_iv15(void) { return kal_good(), sc_kalyna_cbc_encrypt(&kal, iv, 15, buf, out, 16); }
static int kalyna_ctr_iv32(void) { return kal_good(), sc_kalyna_ctr(&kal, iv, 32, buf, out, 16); }
static int kalyna_ecb_partial(void) { return kal_good(), sc_kalyna_ecb_encrypt(&kal, buf, out, 17); }
static int kalyna_tag0(void) { return kal_good(), sc_kalyna_mac(&kal, buf, 16, tag, 0); }
static int kalyna_tag17(void) { return kal_good(), sc_kalyna_mac(&kal, buf, 16, tag, 17); }
static int kalyna_verify_tag17(void) { return kal_good(), sc_kalyna_mac_verify(&kal, buf, 16, tag, 17); }
static int kalyna_mac_empty(void) { return kal_good(), sc_kalyna_mac(&kal, NULL, 0, tag, 16); }
static int magma_key33(void) { return sc_magma_init(&mag, key, 33, NULL); }
static int magma_cbc_iv7(void) { return mag_good(), sc_magma_cbc_encrypt(&mag, iv, 7, buf, out, 16); }
static int magma_ctr_iv8(void) { return mag_good(), sc_magma_ctr(&mag, iv, 8, 0, buf, out, 16); }
static int magma_tag9(void) { return mag_good(), sc_magma_cmac(&mag, buf, 16, tag, 9); }
static int magma_verify_tag9(void) { return mag_good(), sc_magma_cmac_verify(&mag, buf, 16, tag, 9); }
static int gost89_tag5(void)
{
    sc_gost89_init(&mag, key, 32, NULL);
    return sc_gost89_mac(&mag, buf, 16, tag, 5);
}
static int generic_key(void) { return sc_cipher_init(&cip, "magma-ecb", 1, key, 16, NULL, 0); }
static int generic_iv(void) { return sc_cipher_init(&cip, "kalyna-256-256-ctr", 1, key, 32, iv, 16); }
static int generic_ecb_iv(void) { return sc_cipher_init(&cip, "kalyna-128-128-ecb", 1, key, 16, iv, 16); }
static int generic_tag0(void) { return mac_good(), sc_mac_final(&mac, tag, 0); }
static int generic_tag9(void) { return mac_good(), sc_mac_final(&mac, tag, 9); }
static int generic_verify_tag9(void) { return mac_good(), sc_mac_verify(&mac, tag, 9); }
static int generic_verify_tag9_then_final(void)
{
    mac_good(), sc_mac_verify(&mac, tag, 9);
    return sc_mac_final(&mac, tag, 8); /* verify finished the message whatever happened */
}
static int generic_partial_final(void)
{
    size_t n;
    cip_good(), sc_cipher_update(&cip, buf, 20, out, sizeof out, &n);
    return sc_cipher_final(&cip, out, sizeof out, &n);
}
static int generic_short_out(void)
{
    size_t n;
    return cip_good(), sc_cipher_update(&cip, buf, 32, out, 31, &n);
}

/* NULL */
static int kalyna_null_in(void) { return kal_good(), sc_kalyna_ecb_encrypt(&kal, NULL, out, 16); }
static int kalyna_null_out(void) { return kal_good(), sc_kalyna_ctr(&kal, iv, 16, buf, NULL, 5); }
static int kalyna_null_0(void) { return kal_good(), sc_kalyna_ecb_encrypt(&kal, NULL, NULL, 0); }
static int kalyna_null_iv(void) { return kal_good(), sc_kalyna_cbc_encrypt(&kal, NULL, 16, buf, out, 16); }
static int kalyna_null_key(void) { return sc_kalyna_setkey(&kal, 16, NULL, 16); }
static int kalyna_null_tag(void) { return kal_good(), sc_kalyna_mac_verify(&kal, buf, 16, NULL, 16); }
static int kalyna_null_ctx(void) { return sc_kalyna_ecb_encrypt(NULL, buf, out, 16); }
static int magma_null_in(void) { return mag_good(), sc_magma_ctr(&mag, iv, 4, 0, NULL, out, 3); }
static int magma_null_0(void) { return mag_good(), sc_magma_cbc_decrypt(&mag, iv, 8, NULL, NULL, 0); }
static int magma_null_tag(void) { return mag_good(), sc_magma_cmac_verify(&mag, buf, 16, NULL, 8); }
static int magma_null_ctx(void) { return sc_magma_cmac(NULL, buf, 16, tag, 8); }
static int magma_null_init(void) { return sc_magma_init(NULL, key, 32, NULL); }
static int generic_null_in(void)
{
    size_t n;
    return cip_good(), sc_cipher_update(&cip, NULL, 16, out, sizeof out, &n);
}
static int generic_null_0(void)
{
    size_t n;
    return cip_good(), sc_cipher_update(&cip, NULL, 0, NULL, 0, &n);
}
static int generic_null_key(void) { return sc_cipher_init(&cip, "magma-ecb", 1, NULL, 32, NULL, 0); }
static int generic_null_ctx(void) { return sc_mac_verify(NULL, tag, 8); }
static int generic_null_tag(void) { return mac_good(), sc_mac_verify(&mac, NULL, 8); }
static int generic_mac_null_0(void) { return mac_good(), sc_mac_update(&mac, NULL, 0); }

/* overlap: out = in + d over 32 bytes (d = 0 is in place, allowed) */
static uint8_t *shifted(int d) { return buf + 64 + d; }
#define OVERLAP_CASES(fn, call)                                                                              \
    static int fn##_p1(void) { return call(shifted(1)); }                                                    \
    static int fn##_p3(void) { return call(shifted(3)); }                                                    \
    static int fn##_m3(void) { return call(shifted(-3)); }                                                   \
    static int fn##_0(void) { return call(shifted(0)); }
#define K_ECB(o) (kal_good(), sc_kalyna_ecb_encrypt(&kal, buf + 64, (o), 32))
#define K_CBCD(o) (kal_good(), sc_kalyna_cbc_decrypt(&kal, iv, 16, buf + 64, (o), 32))
#define K_CTR(o) (kal_good(), sc_kalyna_ctr(&kal, iv, 16, buf + 64, (o), 32))
#define M_ECB(o) (mag_good(), sc_magma_ecb_decrypt(&mag, buf + 64, (o), 32))
#define M_CBCE(o) (mag_good(), sc_magma_cbc_encrypt(&mag, iv, 8, buf + 64, (o), 32))
#define M_CNT(o) (sc_gost89_init(&mag, key, 32, NULL), sc_gost89_cnt(&mag, iv, 8, 0, buf + 64, (o), 32))
static int g_update(const char *name, size_t iv_len, uint8_t *o)
{
    size_t n;
    sc_cipher_init(&cip, name, 0, key, sc_cipher_key_size(name), iv, iv_len);
    return sc_cipher_update(&cip, buf + 64, 32, o, 64, &n);
}
#define G_CBC(o) g_update("kalyna-128-128-cbc", 16, (o))
#define G_CTR(o) g_update("magma-ctr", 4, (o))
OVERLAP_CASES(kecb, K_ECB)
OVERLAP_CASES(kcbcd, K_CBCD)
OVERLAP_CASES(kctr, K_CTR)
OVERLAP_CASES(mecb, M_ECB)
OVERLAP_CASES(mcbce, M_CBCE)
OVERLAP_CASES(mcnt, M_CNT)
OVERLAP_CASES(gcbc, G_CBC)
OVERLAP_CASES(gctr, G_CTR)
#define OVERLAP_ROWS(fn, label)                                                                              \
    {label ", out = in + 1", fn##_p1, SC_EINVAL}, {label ", out = in + 3", fn##_p3, SC_EINVAL},            \
        {label ", out = in - 3", fn##_m3, SC_EINVAL}, {label ", out = in (in place)", fn##_0, SC_OK}
/* The generic API once a partial block is buffered: out trailing in by the
 * buffered bytes overlaps too (no longer allowed), in place still is. */
static int generic_trailing(void)
{
    size_t n;
    cip_good(), sc_cipher_update(&cip, buf + 64, 5, out, sizeof out, &n);
    return sc_cipher_update(&cip, buf + 69, 27, buf + 64, 64, &n);
}
static int generic_buffered_in_place(void)
{
    size_t n;
    cip_good(), sc_cipher_update(&cip, buf + 64, 5, out, sizeof out, &n);
    return sc_cipher_update(&cip, buf + 69, 27, buf + 69, 64, &n);
}

/* state sequences */
static int generic_update_after_final(void)
{
    size_t n;
    cip_good(), sc_cipher_final(&cip, out, sizeof out, &n);
    return sc_cipher_update(&cip, buf, 16, out, sizeof out, &n);
}
static int generic_final_twice(void)
{
    size_t n;
    cip_good(), sc_cipher_final(&cip, out, sizeof out, &n);
    return sc_cipher_final(&cip, out, sizeof out, &n);
}
static int generic_reset_after_final(void)
{
    size_t n;
    cip_good(), sc_cipher_final(&cip, out, sizeof out, &n);
    return sc_cipher_reset(&cip);
}
static int mac_update_after_final(void) { return mac_good(), sc_mac_final(&mac, tag, 8), sc_mac_update(&mac, buf, 8); }
static int mac_final_twice(void) { return mac_good(), sc_mac_final(&mac, tag, 8), sc_mac_final(&mac, tag, 8); }
static int mac_verify_after_final(void) { return mac_good(), sc_mac_final(&mac, tag, 8), sc_mac_verify(&mac, tag, 8); }

/* verification: the right tag, a tag one bit off, a truncated tag */
static int mac_verify(const char *name, size_t key_len, size_t tag_len, int flip)
{
    uint8_t t[64];
    sc_mac_init(&mac, name, key, key_len), sc_mac_update(&mac, buf, 64), sc_mac_final(&mac, t, tag_len);
    t[tag_len - 1] ^= (uint8_t)flip;
    sc_mac_reset(&mac), sc_mac_update(&mac, buf, 64);
    return sc_mac_verify(&mac, t, tag_len);
}
static int verify_kalyna_ok(void) { return mac_verify("kalyna-256-512-cmac", 64, 32, 0); }
static int verify_kalyna_bad(void) { return mac_verify("kalyna-256-512-cmac", 64, 32, 0x80); }
static int verify_magma_short_ok(void) { return mac_verify("magma-cmac", 32, 3, 0); }
static int verify_magma_bad(void) { return mac_verify("magma-cmac", 32, 8, 1); }
static int verify_gost89_bad(void) { return mac_verify("gost89-mac", 32, 4, 4); }
static int verify_kalyna_direct(int flip)
{
    kal_good(), sc_kalyna_mac(&kal, buf, 48, tag, 16);
    tag[15] ^= (uint8_t)flip;
    return sc_kalyna_mac_verify(&kal, buf, 48, tag, 16);
}
static int verify_kalyna_direct_ok(void) { return verify_kalyna_direct(0); }
static int verify_kalyna_direct_bad(void) { return verify_kalyna_direct(2); }
static int verify_magma_direct(int flip)
{
    mag_good(), sc_magma_cmac(&mag, buf, 21, tag, 5);
    tag[0] ^= (uint8_t)flip;
    return sc_magma_cmac_verify(&mag, buf, 21, tag, 5);
}
static int verify_magma_direct_ok(void) { return verify_magma_direct(0); }
static int verify_magma_direct_bad(void) { return verify_magma_direct(0x10); }
static int verify_gost89_direct(int flip)
{
    sc_gost89_init(&mag, key, 32, NULL), sc_gost89_mac(&mag, buf, 21, tag, 4);
    tag[3] ^= (uint8_t)flip;
    return sc_gost89_mac_verify(&mag, buf, 21, tag, 4);
}
static int verify_gost89_direct_ok(void) { return verify_gost89_direct(0); }
static int verify_gost89_direct_bad(void) { return verify_gost89_direct(1); }
static int verify_twice(void) { return verify_magma_bad(), sc_mac_verify(&mac, tag, 8); }
static int verify_empty_kalyna(void) { return mac_good_kalyna(), sc_mac_verify(&mac, tag, 16); }

/* checksums: zlib's NULL rule, returned as values (not statuses) */
static int crc32_null_0(void) { return (int)sc_crc32(0x1234, NULL, 0); }
static int crc32_null_len(void) { return (int)sc_crc32(0x1234, NULL, 99); }
static int crc32c_null_len(void) { return (int)sc_crc32c(0x1234, NULL, 99); }
static int adler_null_0(void) { return (int)sc_adler32(0x1234, NULL, 0); }
static int adler_null_len(void) { return (int)sc_adler32(0x1234, NULL, 99); }
static int crc32_empty(void) { return (int)sc_crc32(0x1234, buf, 0); }

/* binding.h ranges */
static int crc32_at_wrap(void) { return (int)sc_crc32_at(0x1234, buf + 8, SIZE_MAX - 3, 10); }
static int crc32_at_wrap_len(void) { return (int)sc_crc32_at(0x1234, buf, 8, SIZE_MAX - 3); }
static int adler_at_null_len(void) { return (int)sc_adler32_at(0x1234, NULL, 0, 10); }
static int crc32c_at_null_off(void) { return (int)sc_crc32c_at(0x1234, NULL, 16, 0); }
static int crc32c_at_empty(void) { return (int)sc_crc32c_at(0x1234, NULL, 0, 0); }
static int cipher_at_wrap_in(void)
{
    size_t n;
    return cip_good(), sc_cipher_update_at(&cip, buf, SIZE_MAX - 7, 16, out, 0, 64, &n);
}
static int cipher_at_wrap_out(void)
{
    size_t n;
    return cip_good(), sc_cipher_update_at(&cip, buf, 0, 16, out, SIZE_MAX - 7, 64, &n);
}
static int cipher_at_overlap(void)
{
    size_t n;
    return cip_good(), sc_cipher_update_at(&cip, buf, 64, 32, buf, 67, 64, &n);
}
static int mac_at_wrap(void) { return mac_good(), sc_mac_update_at(&mac, buf, SIZE_MAX, 1); }
static int mac_at_null(void) { return mac_good(), sc_mac_update_at(&mac, NULL, 0, 1); }

static const misuse cases[] = {
    {"Magma re-init with a 31-byte key", magma_reinit_31, SC_EKEYSIZE},
    {"Magma used after that failed re-init", magma_after_31, SC_ESTATE},
    {"Magma context all zero after that failed re-init", magma_context_zero_after_31, SC_OK},
    {"Magma re-keyed with its own k->sbox", magma_reinit_own_sbox, SC_OK},
    {"Kalyna used after a failed re-init", kalyna_after_bad, SC_ESTATE},
    {"Kalyna 24-byte key", kalyna_key24, SC_EKEYSIZE},
    {"Kalyna 128-byte key", kalyna_key128, SC_EKEYSIZE},
    {"Kalyna 8-byte block", kalyna_block8, SC_EINVAL},
    {"Kalyna CBC 15-byte IV", kalyna_iv15, SC_EIVSIZE},
    {"Kalyna CTR 32-byte IV for a 16-byte block", kalyna_ctr_iv32, SC_EIVSIZE},
    {"Kalyna ECB partial block", kalyna_ecb_partial, SC_ELENGTH},
    {"Kalyna MAC tag 0", kalyna_tag0, SC_ETAGSIZE},
    {"Kalyna MAC tag 17", kalyna_tag17, SC_ETAGSIZE},
    {"Kalyna MAC verify tag 17", kalyna_verify_tag17, SC_ETAGSIZE},
    {"Kalyna MAC of the empty message", kalyna_mac_empty, SC_ELENGTH},
    {"Magma 33-byte key", magma_key33, SC_EKEYSIZE},
    {"Magma CBC 7-byte IV", magma_cbc_iv7, SC_EIVSIZE},
    {"Magma CTR 8-byte IV", magma_ctr_iv8, SC_EIVSIZE},
    {"Magma CMAC tag 9", magma_tag9, SC_ETAGSIZE},
    {"Magma CMAC verify tag 9", magma_verify_tag9, SC_ETAGSIZE},
    {"GOST 28147-89 MAC tag 5", gost89_tag5, SC_ETAGSIZE},
    {"generic 16-byte key for Magma", generic_key, SC_EKEYSIZE},
    {"generic 16-byte IV for a 32-byte block", generic_iv, SC_EIVSIZE},
    {"generic IV for ECB", generic_ecb_iv, SC_EIVSIZE},
    {"generic MAC tag 0", generic_tag0, SC_ETAGSIZE},
    {"generic MAC tag 9 (of 8)", generic_tag9, SC_ETAGSIZE},
    {"generic verify tag 9", generic_verify_tag9, SC_ETAGSIZE},
    {"generic final after a failed verify", generic_verify_tag9_then_final, SC_ESTATE},
    {"generic CBC final with a partial block", generic_partial_final, SC_ELENGTH},
    {"generic update with out_cap too small", generic_short_out, SC_ELENGTH},
    {"Kalyna NULL in, len 16", kalyna_null_in, SC_ENULL},
    {"Kalyna NULL out, len 5", kalyna_null_out, SC_ENULL},
    {"Kalyna NULL in and out, len 0", kalyna_null_0, SC_OK},
    {"Kalyna NULL IV, iv_len 16", kalyna_null_iv, SC_ENULL},
    {"Kalyna NULL key, key_len 16", kalyna_null_key, SC_ENULL},
    {"Kalyna verify NULL tag", kalyna_null_tag, SC_ENULL},
    {"Kalyna NULL context", kalyna_null_ctx, SC_EINVAL},
    {"Magma NULL in, len 3", magma_null_in, SC_ENULL},
    {"Magma NULL in and out, len 0", magma_null_0, SC_OK},
    {"Magma verify NULL tag", magma_null_tag, SC_ENULL},
    {"Magma NULL context", magma_null_ctx, SC_EINVAL},
    {"Magma init NULL context", magma_null_init, SC_EINVAL},
    {"generic NULL in, len 16", generic_null_in, SC_ENULL},
    {"generic NULL in and out, len 0", generic_null_0, SC_OK},
    {"generic NULL key, key_len 32", generic_null_key, SC_ENULL},
    {"generic verify NULL context", generic_null_ctx, SC_EINVAL},
    {"generic verify NULL tag", generic_null_tag, SC_ENULL},
    {"generic MAC update NULL, len 0", generic_mac_null_0, SC_OK},
    OVERLAP_ROWS(kecb, "Kalyna ECB"),
    OVERLAP_ROWS(kcbcd, "Kalyna CBC decrypt"),
    OVERLAP_ROWS(kctr, "Kalyna CTR"),
    OVERLAP_ROWS(mecb, "Magma ECB decrypt"),
    OVERLAP_ROWS(mcbce, "Magma CBC encrypt"),
    OVERLAP_ROWS(mcnt, "GOST 28147-89 CNT"),
    OVERLAP_ROWS(gcbc, "generic kalyna CBC"),
    OVERLAP_ROWS(gctr, "generic magma CTR"),
    {"generic out trailing in by the buffered bytes", generic_trailing, SC_EINVAL},
    {"generic in place with bytes buffered", generic_buffered_in_place, SC_OK},
    {"generic update after final", generic_update_after_final, SC_ESTATE},
    {"generic final twice", generic_final_twice, SC_ESTATE},
    {"generic reset after final", generic_reset_after_final, SC_OK},
    {"MAC update after final", mac_update_after_final, SC_ESTATE},
    {"MAC final twice", mac_final_twice, SC_ESTATE},
    {"MAC verify after final", mac_verify_after_final, SC_ESTATE},
    {"verify Kalyna-256/512, right tag", verify_kalyna_ok, SC_OK},
    {"verify Kalyna-256/512, last bit flipped", verify_kalyna_bad, SC_EAUTH},
    {"verify Magma, right 3-byte truncation", verify_magma_short_ok, SC_OK},
    {"verify Magma, one bit off", verify_magma_bad, SC_EAUTH},
    {"verify GOST 28147-89 MAC, one bit off", verify_gost89_bad, SC_EAUTH},
    {"verify twice", verify_twice, SC_ESTATE},
    {"verify Kalyna CMAC of the empty message", verify_empty_kalyna, SC_ELENGTH},
    {"sc_kalyna_mac_verify, right tag", verify_kalyna_direct_ok, SC_OK},
    {"sc_kalyna_mac_verify, one bit off", verify_kalyna_direct_bad, SC_EAUTH},
    {"sc_magma_cmac_verify, right tag", verify_magma_direct_ok, SC_OK},
    {"sc_magma_cmac_verify, one bit off", verify_magma_direct_bad, SC_EAUTH},
    {"sc_gost89_mac_verify, right tag", verify_gost89_direct_ok, SC_OK},
    {"sc_gost89_mac_verify, one bit off", verify_gost89_direct_bad, SC_EAUTH},
    {"sc_crc32(0x1234, NULL, 0) is zlib's 0", crc32_null_0, 0},
    {"sc_crc32(0x1234, NULL, 99) is zlib's 0", crc32_null_len, 0},
    {"sc_crc32c(0x1234, NULL, 99) is 0", crc32c_null_len, 0},
    {"sc_adler32(0x1234, NULL, 0) is zlib's 1", adler_null_0, 1},
    {"sc_adler32(0x1234, NULL, 99) is zlib's 1", adler_null_len, 1},
    {"sc_crc32(0x1234, buf, 0) keeps the value", crc32_empty, 0x1234},
    {"sc_crc32_at, wrapping offset", crc32_at_wrap, SC_EINVAL},
    {"sc_crc32_at, wrapping length", crc32_at_wrap_len, SC_EINVAL},
    {"sc_adler32_at, NULL with a length", adler_at_null_len, SC_ENULL},
    {"sc_crc32c_at, NULL with an offset", crc32c_at_null_off, SC_EINVAL},
    {"sc_crc32c_at, NULL empty keeps the value", crc32c_at_empty, 0x1234},
    {"sc_cipher_update_at, wrapping input offset", cipher_at_wrap_in, SC_EINVAL},
    {"sc_cipher_update_at, wrapping output offset", cipher_at_wrap_out, SC_EINVAL},
    {"sc_cipher_update_at, out = in + 3", cipher_at_overlap, SC_EINVAL},
    {"sc_mac_update_at, wrapping offset", mac_at_wrap, SC_EINVAL},
    {"sc_mac_update_at, NULL with a length", mac_at_null, SC_ENULL},
};

int main(void)
{
    test_fill(key, sizeof key, 11);
    test_fill(buf, sizeof buf, 12);
    test_fill(iv, sizeof iv, 13);

    long before = cases_run;
    matrix("kalyna", kal_good, kal_states, SC_COUNT_OF(kal_states), kal_entries, SC_COUNT_OF(kal_entries));
    matrix("magma", mag_good, mag_states, SC_COUNT_OF(mag_states), mag_entries, SC_COUNT_OF(mag_entries));
    matrix("cipher", cip_good, cip_states, SC_COUNT_OF(cip_states), cip_entries, SC_COUNT_OF(cip_entries));
    matrix("mac", mac_good, mac_states, SC_COUNT_OF(mac_states), mac_entries, SC_COUNT_OF(mac_entries));
    long contexts = cases_run - before;
    for (size_t i = 0; i < SC_COUNT_OF(cases); i++) expect(cases[i].name, cases[i].call(), cases[i].want);
    sc_kalyna_wipe(&kal), sc_magma_wipe(&mag), sc_cipher_wipe(&cip), sc_mac_wipe(&mac);

    printf("misuse matrix: %ld context cases (%zu+%zu+%zu+%zu bad states x entry points, and each entry point "
           "on a good context), %zu argument cases\n",
           contexts, SC_COUNT_OF(kal_states), SC_COUNT_OF(mag_states), SC_COUNT_OF(cip_states),
           SC_COUNT_OF(mac_states), SC_COUNT_OF(cases));
    for (int s = 0; s < 16; s++)
        if (refused[s]) printf("  %-9ld ended in %s\n", refused[s], sc_strerror(-s));
    return test_finish();
}
