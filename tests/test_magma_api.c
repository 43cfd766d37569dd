/* SPDX-License-Identifier: Apache-2.0 */
/* Magma through its own API (magma.h) and the generic one (cipher.h): bad
 * input refused with the documented codes, streaming in every split equals
 * one-shot, S-box options, and the context wiped. */
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>
#include <simdcrypt/magma.h>

#include "test_util.h"

static const char *const KEY_HEX = "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

static void bad_input(void)
{
    uint8_t key[32] = {0}, buf[64] = {0}, iv[32] = {0}, sbox[8][16], tag[8];
    sc_magma_key k;
    CHECK(sc_magma_init(&k, key, 31, NULL) == SC_EKEYSIZE, "31-byte key");
    CHECK(sc_magma_init(&k, key, 33, NULL) == SC_EKEYSIZE, "33-byte key");
    CHECK(sc_magma_init(&k, NULL, 32, NULL) == SC_ENULL, "NULL key");
    CHECK(sc_magma_init(&k, NULL, 0, NULL) == SC_EKEYSIZE, "NULL empty key");
    CHECK(sc_magma_init(NULL, key, 32, NULL) == SC_EINVAL, "NULL context");
    memset(sbox, 0, sizeof sbox);
    sbox[3][7] = 16;
    CHECK(sc_magma_init(&k, key, 32, &sbox[0][0]) == SC_EINVAL, "S-box entry above 15");
    CHECK(sc_magma_sbox_named("cryptopro-e", sbox) == SC_EINVAL, "unknown S-box name");
    CHECK(sc_magma_sbox_from_hex("0123", sbox) == SC_EINVAL, "short S-box hex");
    CHECK(sc_magma_init(&k, key, 32, NULL) == SC_OK, "init");
    CHECK(sc_magma_use_kernel(&k, "no-such-kernel") == SC_EINVAL, "unknown kernel");
    CHECK(sc_magma_ecb_encrypt(&k, buf, buf, 12) == SC_ELENGTH, "ECB partial block");
    CHECK(sc_magma_ecb_decrypt(&k, buf, buf, 7) == SC_ELENGTH, "ECB decrypt partial block");
    CHECK(sc_magma_ecb_encrypt(&k, NULL, NULL, 0) == SC_OK, "NULL with length 0");
    CHECK(sc_magma_ecb_encrypt(&k, NULL, buf, 8) == SC_ENULL, "NULL with length 8");
    CHECK(sc_magma_cbc_encrypt(&k, iv, 7, buf, buf, 16) == SC_EIVSIZE, "CBC 7-byte IV");
    CHECK(sc_magma_cbc_encrypt(&k, iv, 0, buf, buf, 16) == SC_EIVSIZE, "CBC empty IV");
    CHECK(sc_magma_cbc_encrypt(&k, iv, 8, buf, buf, 15) == SC_ELENGTH, "CBC partial block");
    CHECK(sc_magma_cbc_decrypt(&k, NULL, 8, buf, buf, 16) == SC_ENULL, "CBC NULL IV");
    CHECK(sc_magma_ctr(&k, iv, 8, 0, buf, buf, 16) == SC_EIVSIZE, "CTR 8-byte IV");
    CHECK(sc_magma_ctr(&k, iv, 4, 0, buf, buf, 13) == SC_OK, "CTR any length");
    CHECK(sc_gost89_cnt(&k, iv, 4, 0, buf, buf, 16) == SC_EIVSIZE, "CNT 4-byte IV");
    CHECK(sc_magma_cmac(&k, buf, 16, tag, 0) == SC_ETAGSIZE, "tag length 0");
    CHECK(sc_magma_cmac(&k, buf, 16, tag, 9) == SC_ETAGSIZE, "tag length 9");
    CHECK(sc_magma_cmac(&k, NULL, 0, tag, 8) == SC_OK, "MAC of the empty message");
    CHECK(sc_gost89_mac(&k, buf, 16, tag, 4) == SC_EINVAL, "GOST 28147-89 MAC on a Magma (big-endian) key");
    CHECK(sc_gost89_mac(NULL, buf, 16, tag, 4) == SC_EINVAL, "GOST 28147-89 MAC, NULL key");
    sc_magma_key k89;
    CHECK(sc_gost89_init(&k89, key, 32, NULL) == SC_OK, "gost89 init");
    CHECK(sc_gost89_mac(&k89, buf, 16, tag, 0) == SC_ETAGSIZE, "gost89 tag length 0");
    CHECK(sc_gost89_mac(&k89, buf, 16, tag, 5) == SC_ETAGSIZE, "gost89 tag length 5");
    CHECK(sc_gost89_mac(&k89, buf, 16, NULL, 4) == SC_ENULL, "gost89 NULL tag");
    CHECK(sc_gost89_mac(&k89, NULL, 16, tag, 4) == SC_ENULL, "gost89 NULL message with length");
    CHECK(sc_gost89_mac(&k89, NULL, 0, tag, 4) == SC_OK, "gost89 MAC of the empty message");
    uint8_t t1[4], t2[4];
    CHECK(sc_gost89_mac(&k89, buf, 16, t1, 4) == SC_OK && sc_gost89_mac(&k89, buf, 16, t2, 2) == SC_OK &&
              memcmp(t1, t2, 2) == 0, "gost89 short tag is a prefix");
    sc_magma_wipe(&k89);
    sc_magma_wipe(&k);
    const uint8_t *p = (const uint8_t *)&k;
    int zero = 1;
    for (size_t i = 0; i < sizeof k; i++) zero &= p[i] == 0;
    CHECK(zero, "context wiped");
    CHECK(sc_magma_ecb_encrypt(&k, buf, buf, 8) == SC_ESTATE, "wiped context refused");
}

/* Generic API: one-shot equals every split; names, sizes, S-box options. */
static void generic(void)
{
    uint8_t key[32], iv[8] = {1, 2, 3, 4, 5, 6, 7, 8}, msg[300], ref[300], got[300 + 8];
    test_unhex(KEY_HEX, key, 32);
    test_fill(msg, sizeof msg, 5);
    sc_magma_key k;
    static const struct {
        const char *name;
        size_t iv_len, len;
    } cases[] = {{"magma-ecb", 0, 296}, {"magma-cbc", 8, 296}, {"magma-ctr", 4, 300},
                 {"gost89-ecb", 0, 296}, {"gost89-cnt", 8, 300}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *name = cases[c].name;
        size_t len = cases[c].len, iv_len = cases[c].iv_len;
        int gost89 = name[0] == 'g';
        (gost89 ? sc_gost89_init : sc_magma_init)(&k, key, 32, NULL);
        if (!strcmp(name, "magma-ecb") || !strcmp(name, "gost89-ecb")) sc_magma_ecb_encrypt(&k, msg, ref, len);
        if (!strcmp(name, "magma-cbc")) sc_magma_cbc_encrypt(&k, iv, 8, msg, ref, len);
        if (!strcmp(name, "magma-ctr")) sc_magma_ctr(&k, iv, 4, 0, msg, ref, len);
        if (!strcmp(name, "gost89-cnt")) sc_gost89_cnt(&k, iv, 8, 0, msg, ref, len);
        for (size_t split = 1; split <= 67; split += 3) {
            sc_cipher_ctx ctx;
            size_t done = 0, w;
            CHECK(sc_cipher_init(&ctx, name, 1, key, 32, iv, iv_len) == SC_OK, "%s init", name);
            for (size_t off = 0; off < len; off += split) {
                size_t n = len - off < split ? len - off : split;
                CHECK(sc_cipher_update(&ctx, msg + off, n, got + done, sizeof got - done, &w) == SC_OK, "%s update",
                      name);
                done += w;
            }
            CHECK(sc_cipher_final(&ctx, got + done, sizeof got - done, &w) == SC_OK, "%s final", name);
            done += w;
            CHECK(done == len && memcmp(got, ref, len) == 0, "%s split %zu", name, split);
            sc_cipher_wipe(&ctx);
        }
        sc_magma_wipe(&k);
    }
    /* MAC: any split equals the one-shot. */
    sc_magma_init(&k, key, 32, NULL);
    for (size_t len = 0; len <= 40; len++) {
        uint8_t want[8], tag[8];
        sc_magma_cmac(&k, msg, len, want, 8);
        sc_mac_ctx m;
        CHECK(sc_mac_init(&m, "magma-cmac", key, 32) == SC_OK, "mac init");
        for (size_t off = 0; off < len; off += 5) sc_mac_update(&m, msg + off, len - off < 5 ? len - off : 5);
        CHECK(sc_mac_final(&m, tag, 8) == SC_OK && memcmp(tag, want, 8) == 0, "cmac len %zu", len);
        sc_mac_wipe(&m);
    }
    sc_magma_wipe(&k);

    /* Sizes and options through the generic API. */
    sc_cipher_ctx ctx;
    sc_cipher_opts opts = {.kernel = NULL, .sbox = "cryptopro-e"};
    CHECK(sc_cipher_init(&ctx, "magma-ctr", 1, key, 31, iv, 4) == SC_EKEYSIZE, "generic key size");
    CHECK(sc_cipher_init(&ctx, "magma-ctr", 1, key, 32, iv, 8) == SC_EIVSIZE, "generic CTR IV size");
    CHECK(sc_cipher_init(&ctx, "magma-ecb", 1, key, 32, iv, 8) == SC_EIVSIZE, "generic ECB with IV");
    CHECK(sc_cipher_init(&ctx, "gost89-cnt", 1, key, 32, iv, 7) == SC_EIVSIZE, "generic CNT IV size");
    CHECK(sc_cipher_init(&ctx, "magma-cmac", 1, key, 32, NULL, 0) == SC_EINVAL, "MAC name as cipher");
    CHECK(sc_cipher_init_ex(&ctx, "gost89-ecb", 1, key, 32, NULL, 0, &opts) == SC_EINVAL, "unknown S-box");
    opts.sbox = "test";
    CHECK(sc_cipher_init_ex(&ctx, "gost89-ecb", 1, key, 32, NULL, 0, &opts) == SC_OK, "named S-box");
    sc_cipher_wipe(&ctx);
    sc_cipher_info info;
    CHECK(sc_cipher_info_get("magma-ctr", &info) == SC_OK && info.block_size == 8 && info.key_size == 32 &&
              info.iv_size == 4 && info.is_stream, "magma-ctr info");
    CHECK(sc_cipher_info_get("magma-cmac", &info) == SC_OK && info.tag_size == 8, "magma-cmac info");
}

int main(void)
{
    bad_input();
    generic();
    return test_finish();
}
