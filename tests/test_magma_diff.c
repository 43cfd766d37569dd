/* SPDX-License-Identifier: Apache-2.0 */
/* Magma: every kernel against the portable reference, for every length up to
 * a few batches, every misalignment of input and output, in place, both byte
 * conventions, random keys and random (caller-supplied) S-boxes, counters
 * that carry across the 32-bit word and wrap at 2^64; plus the modes built on
 * the kernels (CBC, CTR in pieces, gamma mode, MAC) and decrypt(encrypt(x)). */
#include <simdcrypt/kernels.h>
#include <simdcrypt/magma.h>

#include "magma/magma_internal.h"
#include "test_util.h"

enum { MAX_BLOCKS = 200, MAX_LEN = MAX_BLOCKS * 8, PAD = 64 };

static uint8_t src[MAX_LEN + PAD], ref[MAX_LEN + PAD], got[MAX_LEN + PAD], tmp[MAX_LEN + PAD];

static void make_key(sc_magma_key *k, uint64_t seed, int le, const char *kernel)
{
    uint8_t key[32], sbox[128];
    test_fill(key, sizeof key, seed);
    /* a random permutation of 0..15 per row (Fisher-Yates on random bytes) */
    uint8_t r[128];
    test_fill(r, sizeof r, seed * 7 + 1);
    for (int row = 0; row < 8; row++) {
        uint8_t *p = sbox + 16 * row;
        for (int i = 0; i < 16; i++) p[i] = (uint8_t)i;
        for (int i = 15; i > 0; i--) {
            int j = r[16 * row + i] % (i + 1);
            uint8_t t = p[i];
            p[i] = p[j], p[j] = t;
        }
    }
    int st = le ? sc_gost89_init(k, key, 32, sbox) : sc_magma_init(k, key, 32, sbox);
    CHECK(st == SC_OK, "init");
    CHECK(sc_magma_use_kernel(k, kernel) == SC_OK, "use %s", kernel);
}

typedef int (*mode_fn)(const sc_magma_key *, const uint8_t *, uint8_t *, size_t, uint64_t);

static int ecb_enc(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    (void)x;
    return sc_magma_ecb_encrypt(k, in, out, len & ~(size_t)7);
}
static int ecb_dec(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    (void)x;
    return sc_magma_ecb_decrypt(k, in, out, len & ~(size_t)7);
}
static int cbc_dec(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    static const uint8_t iv[24] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
    return sc_magma_cbc_decrypt(k, iv, 8 * (1 + x % 3), in, out, len & ~(size_t)7);
}
static int ctr(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    uint8_t iv[4] = {(uint8_t)(x >> 24), (uint8_t)(x >> 16), (uint8_t)(x >> 8), (uint8_t)x};
    /* Offsets reaching the low-word carry and the 2^64 wrap. */
    static const uint64_t offsets[] = {0, 0xFFFFFFF0u, 0xFFFFFFFFu - 3, 5};
    return sc_magma_ctr(k, iv, 4, offsets[x % 4], in, out, len);
}
static int cnt(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    uint8_t iv[8];
    test_fill(iv, 8, x);
    /* Counter arithmetic near the 2^32 wrap: without key meshing, which
     * would first mesh its way through 2^25 segments to get there. */
    return sc_gost89_cnt_ex(k, SC_KEY_MESHING_NONE, iv, 8, x % 3 ? 0 : 0xFFFFFFFEu, in, out, len);
}

/* CNT with CryptoPro key meshing (the default), across the 1024-byte
 * meshing points. */
static int cnt_mesh(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    uint8_t iv[8];
    test_fill(iv, 8, x);
    return sc_gost89_cnt(k, iv, 8, 0, in, out, len);
}
/* Feedback modes: GOST 28147-89 CFB with meshing for little-endian keys,
 * GOST R 34.13 CFB/OFB with a 2-block register and s from x otherwise. */
static int cfb(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    uint8_t iv[16];
    test_fill(iv, 16, x);
    return k->little_endian ? sc_gost89_cfb_encrypt(k, SC_KEY_MESHING_DEFAULT, iv, 8, in, out, len)
                            : sc_magma_cfb_encrypt(k, 8 * (unsigned)(1 + x % 8), iv, 16, in, out, len);
}
static int ofb(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len, uint64_t x)
{
    uint8_t iv[16];
    test_fill(iv, 16, x);
    return sc_magma_ofb(k, 8 * (unsigned)(1 + x % 8), iv, 16, in, out, len);
}

static const struct {
    const char *name;
    mode_fn fn;
    int whole_blocks; /* takes only multiples of 8 bytes */
} modes[] = {{"ecb-enc", ecb_enc, 1}, {"ecb-dec", ecb_dec, 1}, {"cbc-dec", cbc_dec, 1}, {"ctr", ctr, 0},
             {"cnt", cnt, 0},         {"cnt-mesh", cnt_mesh, 0}, {"cfb", cfb, 0},        {"ofb", ofb, 0}};

static void differential(const char *kernel)
{
    for (int le = 0; le < 2; le++)
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
            for (size_t n = 0; n <= MAX_LEN; n += n < 300 ? 1 : 37) {
                size_t len = modes[m].whole_blocks ? n & ~(size_t)7 : n;
                uint64_t seed = n * 131 + m * 7 + (uint64_t)le;
                size_t ai = len % 13, ao = (len / 13) % 11; /* misalignments */
                sc_magma_key kr, kk;
                make_key(&kr, seed, le, "portable");
                make_key(&kk, seed, le, kernel);
                test_fill(src + ai, len, seed ^ 0xabc);
                CHECK(modes[m].fn(&kr, src + ai, ref, len, seed) == SC_OK, "ref");
                memset(got, 0xEE, sizeof got);
                CHECK(modes[m].fn(&kk, src + ai, got + ao, len, seed) == SC_OK, "kernel");
                CHECK(memcmp(ref, got + ao, len) == 0, "%s %s le=%d len=%zu", kernel, modes[m].name, le, len);
                CHECK(got[ao + len] == 0xEE, "%s %s wrote past the end len=%zu", kernel, modes[m].name, len);
                /* In place. */
                memcpy(tmp + ao, src + ai, len);
                CHECK(modes[m].fn(&kk, tmp + ao, tmp + ao, len, seed) == SC_OK, "in place");
                CHECK(memcmp(ref, tmp + ao, len) == 0, "%s %s in place len=%zu", kernel, modes[m].name, len);
                sc_magma_wipe(&kr);
                sc_magma_wipe(&kk);
            }
}

/* decrypt(encrypt(x)) = x for ECB, CBC (1- and 3-block registers), CTR, CNT;
 * CTR/CNT in block-aligned pieces equal the whole; the MACs (CMAC, and GOST
 * 28147-89's on little-endian keys) equal the reference. */
static void round_trips(const char *kernel)
{
    static const uint8_t iv24[24] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    for (size_t len = 0; len <= 600; len += 8) {
        sc_magma_key k, kr;
        make_key(&k, len + 99, (int)(len / 8) % 2, kernel);
        make_key(&kr, len + 99, (int)(len / 8) % 2, "portable");
        test_fill(src, len, len);
        CHECK(sc_magma_ecb_encrypt(&k, src, tmp, len) == SC_OK && sc_magma_ecb_decrypt(&k, tmp, got, len) == SC_OK &&
                  memcmp(src, got, len) == 0, "%s ecb round trip %zu", kernel, len);
        for (size_t z = 8; z <= 24; z += 16) {
            CHECK(sc_magma_cbc_encrypt(&k, iv24, z, src, tmp, len) == SC_OK, "cbc enc");
            CHECK(sc_magma_cbc_encrypt(&kr, iv24, z, src, ref, len) == SC_OK, "cbc enc ref");
            CHECK(memcmp(tmp, ref, len) == 0, "%s cbc enc vs ref %zu", kernel, len);
            CHECK(sc_magma_cbc_decrypt(&k, iv24, z, tmp, tmp, len) == SC_OK && memcmp(src, tmp, len) == 0,
                  "%s cbc round trip %zu z=%zu", kernel, len, z);
        }
        size_t half = (len / 16) * 8;
        CHECK(sc_magma_ctr(&k, iv24, 4, 0, src, ref, len) == SC_OK, "ctr");
        CHECK(sc_magma_ctr(&k, iv24, 4, 0, src, got, half) == SC_OK &&
                  sc_magma_ctr(&k, iv24, 4, half / 8, src + half, got + half, len - half) == SC_OK &&
                  memcmp(ref, got, len) == 0, "%s ctr pieces %zu", kernel, len);
        CHECK(sc_gost89_cnt(&k, iv24, 8, 0, src, ref, len) == SC_OK, "cnt");
        CHECK(sc_gost89_cnt(&k, iv24, 8, 0, src, got, half) == SC_OK &&
                  sc_gost89_cnt(&k, iv24, 8, half / 8, src + half, got + half, len - half) == SC_OK &&
                  memcmp(ref, got, len) == 0, "%s cnt pieces %zu", kernel, len);
        for (size_t cut = len >= 8 ? len - 7 : 0; cut <= len; cut++) {
            uint8_t t1[8], t2[8];
            CHECK(sc_magma_cmac(&k, src, cut, t1, 8) == SC_OK && sc_magma_cmac(&kr, src, cut, t2, 8) == SC_OK &&
                      memcmp(t1, t2, 8) == 0, "%s cmac %zu", kernel, cut);
            /* GOST 28147-89's MAC: little-endian keys only */
            if (k.little_endian)
                CHECK(sc_gost89_mac(&k, src, cut, t1, 4) == SC_OK && sc_gost89_mac(&kr, src, cut, t2, 4) == SC_OK &&
                          memcmp(t1, t2, 4) == 0, "%s gost89 mac %zu", kernel, cut);
            else
                CHECK(sc_gost89_mac(&k, src, cut, t1, 4) == SC_EINVAL, "%s gost89 mac on a Magma key", kernel);
        }
        sc_magma_wipe(&k);
        sc_magma_wipe(&kr);
    }
}

/* The kernels' in-register gamma counters against the reference's one step
 * at a time, from N3/N4 values where the additions wrap: N4 + i * C1 just
 * below, at and above 2^32 - 1 (the end-around carry), N3 across 2^32, for
 * counts that end inside a group, on a batch and past one. */
static void gamma_counters(const char *kernel)
{
    static const uint32_t n4s[] = {1, 2, SC_GOST89_C1, 0xFFFFFFFFu, 0xFFFFFFFEu, 0xFFFFFFFFu - SC_GOST89_C1,
                                   0xFFFFFFFFu - SC_GOST89_C1 + 1, 0xFFFFFFFFu - 7 * SC_GOST89_C1, 0x80000000u,
                                   0x3F3F3CFFu /* 2^32 - 1 - 192 * C1 */};
    static const uint32_t n3s[] = {0, 0xFFFFFFF0u};
    static const size_t counts[] = {1, 7, 17, 64, 129, 191, 192, 193, MAX_BLOCKS};
    for (size_t a = 0; a < sizeof n4s / sizeof n4s[0]; a++)
        for (size_t b = 0; b < 2; b++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                sc_magma_key kr, kk;
                size_t n = counts[c];
                make_key(&kr, a * 3 + b, 1, "portable");
                make_key(&kk, a * 3 + b, 1, kernel);
                test_fill(src, 8 * n, n);
                sc_magma_ops_of(&kr)->cnt(&kr, n3s[b], n4s[a], src, ref, n);
                sc_magma_ops_of(&kk)->cnt(&kk, n3s[b], n4s[a], src, got, n);
                CHECK(memcmp(ref, got, 8 * n) == 0, "%s gamma counters n3=%08x n4=%08x blocks=%zu", kernel,
                      n3s[b], n4s[a], n);
                sc_magma_wipe(&kr);
                sc_magma_wipe(&kk);
            }
}

/* The kernels' cbc_decrypt op against the portable one: registers of 1 to
 * SC_MAGMA_CBC_MAX_BLOCKS blocks (around the 16-block group), counts below z,
 * inside a group and across two batches of the widest kernel, misaligned and
 * in place, and the chain it hands back; then a message in uneven pieces
 * through the streaming state must equal the one-shot decryption. */
enum { CBC_BLOCKS = 2 * 192 + 37 };
static uint8_t cbc_src[8 * CBC_BLOCKS + PAD], cbc_ref[8 * CBC_BLOCKS + PAD], cbc_got[8 * CBC_BLOCKS + PAD];

static void cbc_chains(const char *kernel)
{
    static const size_t zs[] = {1, 2, 3, 4, 7, 15, 16, 17, 31, SC_MAGMA_CBC_MAX_BLOCKS};
    static const size_t counts[] = {1, 2, 5, 16, 17, 30, 33, 63, 129, 191, 192, 193, 255, 384, CBC_BLOCKS};
    for (size_t a = 0; a < sizeof zs / sizeof zs[0]; a++)
        for (size_t b = 0; b < sizeof counts / sizeof counts[0]; b++)
            for (int in_place = 0; in_place < 2; in_place++) {
                size_t z = zs[a], n = counts[b], ai = (a + b) % 8, ao = in_place ? ai : (a * 3 + b) % 5;
                uint8_t chain_ref[8 * SC_MAGMA_CBC_MAX_BLOCKS], chain_got[8 * SC_MAGMA_CBC_MAX_BLOCKS];
                sc_magma_key kr, kk;
                make_key(&kr, a * 17 + b, (int)(a + b) % 2, "portable");
                make_key(&kk, a * 17 + b, (int)(a + b) % 2, kernel);
                test_fill(chain_ref, 8 * z, z * 5 + n);
                memcpy(chain_got, chain_ref, 8 * z);
                test_fill(cbc_src + ai, 8 * n, n + z);
                sc_magma_ops_of(&kr)->cbc_decrypt(&kr, chain_ref, z, cbc_src + ai, cbc_ref, n);
                memset(cbc_got, 0xEE, sizeof cbc_got);
                uint8_t *io = in_place ? cbc_got + ao : cbc_src + ai;
                if (in_place) memcpy(io, cbc_src + ai, 8 * n);
                sc_magma_ops_of(&kk)->cbc_decrypt(&kk, chain_got, z, io, cbc_got + ao, n);
                CHECK(memcmp(cbc_ref, cbc_got + ao, 8 * n) == 0, "%s cbc op z=%zu n=%zu in_place=%d", kernel, z,
                      n, in_place);
                CHECK(cbc_got[ao + 8 * n] == 0xEE, "%s cbc op wrote past the end z=%zu n=%zu", kernel, z, n);
                CHECK(memcmp(chain_ref, chain_got, 8 * z) == 0, "%s cbc chain z=%zu n=%zu in_place=%d", kernel,
                      z, n, in_place);
                sc_magma_wipe(&kr);
                sc_magma_wipe(&kk);
            }
    /* Streaming: pieces of 0..40 blocks continue the chain (the register's
     * ring position is not 0 after a piece shorter than z). */
    for (size_t z = 1; z <= SC_MAGMA_CBC_MAX_BLOCKS; z += 5) {
        uint8_t iv[8 * SC_MAGMA_CBC_MAX_BLOCKS];
        sc_magma_key kr, kk;
        sc_magma_cbc st;
        make_key(&kr, z, (int)z % 2, "portable");
        make_key(&kk, z, (int)z % 2, kernel);
        test_fill(iv, sizeof iv, z);
        test_fill(cbc_src, 8 * CBC_BLOCKS, z + 1);
        CHECK(sc_magma_cbc_decrypt(&kr, iv, 8 * z, cbc_src, cbc_ref, 8 * CBC_BLOCKS) == SC_OK, "cbc one shot");
        CHECK(sc_magma_cbc_start(&st, iv, 8 * z) == SC_OK, "cbc start");
        for (size_t done = 0, piece = 0; done < CBC_BLOCKS; piece = (piece * 7 + 3) % 41) {
            size_t n = piece < CBC_BLOCKS - done ? piece : CBC_BLOCKS - done;
            memcpy(cbc_got + 8 * done, cbc_src + 8 * done, 8 * n);
            sc_magma_cbc_decrypt_blocks(&kk, &st, cbc_got + 8 * done, cbc_got + 8 * done, n);
            done += n;
        }
        CHECK(memcmp(cbc_ref, cbc_got, 8 * CBC_BLOCKS) == 0, "%s cbc pieces z=%zu", kernel, z);
        sc_magma_wipe(&kr);
        sc_magma_wipe(&kk);
    }
}

/* CMAC of GOST R 34.13-2015 5.6 written here from the standard over one-block
 * ECB calls, on 64-bit block values read in the key's byte order (so for a
 * GOST 28147-89 key the subkeys double the little-endian value):
 * R = E(0), K1 = R.x, K2 = K1.x (x^64 + x^4 + x^3 + x + 1, B_64 = 0x1B);
 * the last block xored with K1 when whole, else padded 10* and xored with K2.
 * sc_magma_cmac (src/modes/cmac.c over the kernel) must agree, every kernel,
 * both conventions, lengths 0 .. 40. */
static uint64_t ref_load(const uint8_t *p, int le)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (le ? 8 * i : 56 - 8 * i);
    return v;
}
static void ref_store(uint8_t *p, uint64_t v, int le)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (le ? 8 * i : 56 - 8 * i));
}
static uint64_t ref_e(const sc_magma_key *k, uint64_t v)
{
    uint8_t b[8];
    ref_store(b, v, k->little_endian);
    sc_magma_ecb_encrypt(k, b, b, 8);
    return ref_load(b, k->little_endian);
}
static uint64_t ref_dbl(uint64_t v) { return v << 1 ^ (v >> 63 ? 0x1B : 0); }

static void cmac_reference(const char *kernel)
{
    test_fill(src, 40, 0x5eed);
    for (int le = 0; le < 2; le++) {
        sc_magma_key k;
        make_key(&k, 0xc3ac + (uint64_t)le, le, kernel);
        const uint64_t k1 = ref_dbl(ref_e(&k, 0)), k2 = ref_dbl(k1);
        for (size_t len = 0; len <= 40; len++) {
            const size_t n = len ? (len + 7) / 8 : 1; /* blocks after padding */
            uint64_t c = 0;
            for (size_t i = 0; i + 1 < n; i++) c = ref_e(&k, c ^ ref_load(src + 8 * i, le));
            uint8_t last[8] = {0}, want[8], got_tag[8];
            const size_t rest = len - 8 * (n - 1);
            memcpy(last, src + 8 * (n - 1), rest);
            if (rest < 8) last[rest] = 0x80;
            ref_store(want, ref_e(&k, c ^ ref_load(last, le) ^ (rest == 8 ? k1 : k2)), le);
            CHECK(sc_magma_cmac(&k, src, len, got_tag, 8) == SC_OK && memcmp(want, got_tag, 8) == 0,
                  "%s cmac vs the standard's steps, %s order, %zu bytes", kernel, le ? "GOST 28147-89" : "Magma",
                  len);
        }
        sc_magma_wipe(&k);
    }
}

/* OFB with a one-block register (m = s = n), which runs whole blocks
 * through the kernel's CBC chain over zero blocks (magma_feedback.c):
 * against its definition, the gammas E(IV), E(E(IV)), ... from one-block ECB
 * calls, for every length to 300 bytes and a few past the 128-block batch,
 * both byte orders, in place and out of place. */
static void ofb_one_block_register(const char *kernel)
{
    static const size_t lens[] = {1032, 1041, 1559, MAX_LEN};
    for (size_t t = 0; t <= 300 + sizeof lens / sizeof lens[0]; t++) {
        size_t len = t <= 300 ? t : lens[t - 301];
        sc_magma_key k;
        make_key(&k, len * 3 + 1, (int)(t % 2), kernel);
        uint8_t iv[8], g[8];
        test_fill(iv, 8, len);
        test_fill(src, len, len ^ 0x5a);
        memcpy(g, iv, 8);
        for (size_t i = 0; i < len; i++) {
            if (i % 8 == 0) CHECK(sc_magma_ecb_encrypt(&k, g, g, 8) == SC_OK, "ecb");
            ref[i] = (uint8_t)(src[i] ^ g[i % 8]);
        }
        memset(got, 0xEE, len + 1);
        CHECK(sc_magma_ofb(&k, 64, iv, 8, src, got, len) == SC_OK && memcmp(got, ref, len) == 0 && got[len] == 0xEE,
              "%s ofb m = n len=%zu le=%d", kernel, len, (int)(t % 2));
        memcpy(tmp, src, len);
        CHECK(sc_magma_ofb(&k, 0, iv, 8, tmp, tmp, len) == SC_OK && memcmp(tmp, ref, len) == 0,
              "%s ofb m = n in place len=%zu", kernel, len);
        sc_magma_wipe(&k);
    }
}

int main(void)
{
    for (size_t i = 0; i < sc_kernel_count("magma"); i++) {
        sc_kernel_info info;
        sc_kernel_get("magma", i, &info);
        if (!test_kernel_selected(info.runnable, info.name)) {
            printf("skip %s (not runnable here)\n", info.name);
            continue;
        }
        if (i > 0) {
            differential(info.name);
            gamma_counters(info.name);
        }
        cbc_chains(info.name);
        ofb_one_block_register(info.name);
        round_trips(info.name);
        cmac_reference(info.name);
    }
    return test_finish();
}
