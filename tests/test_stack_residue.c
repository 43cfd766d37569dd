/* SPDX-License-Identifier: Apache-2.0 */
/* Stack hygiene: after init, updates, final and wipe, no secret is left in
 * the dead stack below the caller's frame, for every family and every kernel
 * this CPU runs (Kalyna's 5 variants directly and through the generic API
 * and the AEAD API (GCM, CCM, GMAC with H's powers as secrets),
 * Magma and GOST 28147-89 with a custom S-box, their MACs, AES with GHASH,
 * GMAC and AES-GCM through the AEAD API, ChaCha20/Poly1305, and the hashes
 * with the message as the secret: one-shot, streamed, batched).
 *
 * Technique: from one frame, paint() fills a large region of the stack
 * below it with a marker, a job then calls the library (its frames land in
 * that region), and snapshot() copies the same region out. The copy is
 * searched for every 16-byte window of the secrets: the key, each round key
 * (computed first with the portable code), the custom S-box and the S-box
 * tables the kernel derives from it (the windows that differ from those of
 * the public default S-box). The secrets are deliberately distinctive
 * (random bytes, random permutations), so a hit is a copy the library left.
 * A deliberately leaky job first proves the scan finds what it should.
 */
#include <simdcrypt.h>

#include "aes/aes_gcm.h"
#include "kalyna/kalyna_gcm.h"
#include "mac_nonce.h"
#include "test_util.h"

#define NOINLINE __attribute__((noinline))
#if defined(__clang__) || defined(__GNUC__)
#define NO_ASAN __attribute__((no_sanitize_address))
#else
#define NO_ASAN
#endif

enum { DEPTH = 192 * 1024, GAP = 512, MARK = 0xA5, WIN = 16 };

/* ---- the dead stack ------------------------------------------------------ */

static uint8_t snap[DEPTH];
static uintptr_t painted; /* the lowest address paint() filled */

static NOINLINE NO_ASAN void paint(void)
{
    uint8_t region[DEPTH];
    memset(region, MARK, sizeof region);
    painted = (uintptr_t)region;
    __asm__ volatile("" : : "r"(region) : "memory"); /* the stores stay */
}

/* Copy what paint() filled, now dead stack below this frame, except its top
 * GAP bytes (this frame lies there), without calling anything that would
 * write there first. By address, not by frame address: frame layouts
 * differ (AArch64 keeps the frame record below the locals). */
static NOINLINE NO_ASAN void snapshot(void)
{
    const volatile uint8_t *low = (const volatile uint8_t *)painted;
    for (size_t i = 0; i < DEPTH - GAP; i++) snap[i] = low[i];
}

/* ---- secret windows: an open-addressing set of 16-byte strings ------------ */

enum { SLOTS = 1 << 14 };
static uint8_t windows[SLOTS / 2][WIN];
static const char *window_what[SLOTS / 2];
static int32_t slot[SLOTS]; /* index + 1 into windows, 0 = empty */
static size_t nwindows;

static uint32_t hash8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return (uint32_t)((v * 0x9E3779B97F4A7C15ull) >> 50);
}

static void secrets_clear(void)
{
    memset(slot, 0, sizeof slot);
    nwindows = 0;
}

/* Fewer than 8 distinct byte values: not a distinctive window (a random
 * one has about 15), e.g. a secret's last byte and a table's zero padding,
 * which an ordinary pointer's top byte and zeros on the stack match. */
static int plain_window(const uint8_t *w)
{
    uint8_t seen[256] = {0};
    int distinct = 0;
    for (int i = 0; i < WIN; i++) distinct += !seen[w[i]]++;
    return distinct < 8;
}

/* Every window of len bytes at p, skipping those equal to `unless` at the
 * same offset (public parts of derived tables) when unless is not NULL,
 * and the plain ones. */
static void secret(const char *what, const void *p, size_t len, const void *unless)
{
    const uint8_t *b = p, *u = unless;
    for (size_t i = 0; i + WIN <= len && nwindows < SLOTS / 2; i++) {
        if (u && memcmp(b + i, u + i, WIN) == 0) continue;
        if (plain_window(b + i)) continue;
        uint32_t h = hash8(b + i);
        while (slot[h]) h = (h + 1) % SLOTS;
        memcpy(windows[nwindows], b + i, WIN);
        window_what[nwindows] = what;
        slot[h] = (int32_t)++nwindows;
    }
}

/* Secret windows found in the snapshot; the first few reported. */
static long scan(const char *label, size_t *touched)
{
    long hits = 0;
    size_t low = DEPTH;
    for (size_t i = 0; i < DEPTH - GAP; i++)
        if (snap[i] != MARK && low == DEPTH) low = i;
    *touched = DEPTH - GAP - (low == DEPTH ? DEPTH - GAP : low);
    for (size_t i = 0; i + WIN <= DEPTH - GAP; i++) {
        for (uint32_t h = hash8(snap + i); slot[h]; h = (h + 1) % SLOTS) {
            size_t w = (size_t)slot[h] - 1;
            if (memcmp(windows[w], snap + i, WIN) != 0) continue;
            if (++hits <= 3 || (hits <= 50 && getenv("SC_RESIDUE_VERBOSE")))
                printf("  residue: %s: %s at %zu bytes below the frame\n", label, window_what[w], DEPTH - i);
            break;
        }
    }
    return hits;
}

/* ---- one run: paint, job, snapshot, scan ----------------------------------- */

typedef struct job job;
typedef void (*job_fn)(const job *);
struct job {
    const char *kernel;
    size_t variant; /* Kalyna: index into variants; Magma: MAGMA_* bits */
};

struct tally {
    const char *family;
    long runs, hits;
    size_t touched;
};

static NOINLINE long run(struct tally *t, job_fn fn, const job *j)
{
    /* Warm-up: the first call of a libc function through the PLT runs the
     * dynamic linker's lazy-binding resolver, which saves every vector
     * register (xsave) on the stack, whatever the library had in them. A
     * one-time event per process, outside the library, which linking with
     * -z now avoids; the measured run below is the steady state. */
    fn(j);
    paint();
    fn(j);
    snapshot();
    size_t touched;
    char label[96];
    snprintf(label, sizeof label, "%s %s #%zu", t->family, j->kernel, j->variant);
    long hits = scan(label, &touched);
    t->runs++, t->hits += hits;
    if (touched > t->touched) t->touched = touched;
    CHECK(touched < DEPTH - GAP - 4096, "%s: the library went deeper than the scanned region", label);
    return hits;
}

static void report(const struct tally *t)
{
    printf("%-16s %4ld runs, up to %6zu stack bytes used, %ld secret windows left\n", t->family, t->runs,
           t->touched, t->hits);
    CHECK(t->runs > 0 && t->touched > 0, "%s: nothing ran", t->family);
    CHECK(t->hits == 0, "%s: %ld secret windows on the dead stack", t->family, t->hits);
}

/* ---- the secrets ----------------------------------------------------------- */

/* Messages long enough for every kernel's bulk path (Kalyna's 64-block
 * sliced batches of 64-byte blocks, Magma's 192-block batches) and its
 * tails. */
enum { MSG = 8192, KALYNA_BLOCKS = 70, MAGMA_LEN = 2000 };
static uint8_t key[64], sbox[8][16], msg[MSG], out[MSG + 64], tag[64];
static sc_aead_ctx actx;
static char sbox_hex[129];

static void make_secrets(void)
{
    test_fill(key, sizeof key, 0x5ec7e7);
    uint64_t s = 0xb0c5;
    for (int r = 0; r < 8; r++) { /* random permutations of 0..15 */
        for (int v = 0; v < 16; v++) sbox[r][v] = (uint8_t)v;
        for (int v = 15; v > 0; v--) {
            int w = (int)(test_rand(&s) % (uint64_t)(v + 1));
            uint8_t x = sbox[r][v];
            sbox[r][v] = sbox[r][w], sbox[r][w] = x;
        }
        for (int v = 0; v < 16; v++) sprintf(sbox_hex + 16 * r + v, "%x", sbox[r][v]);
    }
    test_fill(msg, sizeof msg, 3);
}

/* ---- Kalyna ------------------------------------------------------------------ */

static const struct {
    size_t block, key;
    const char *name; /* generic prefix */
} variants[] = {{16, 16, "kalyna-128-128"},
                {16, 32, "kalyna-128-256"},
                {32, 32, "kalyna-256-256"},
                {32, 64, "kalyna-256-512"},
                {64, 64, "kalyna-512-512"}};

static sc_kalyna_key kk;

static void kalyna_direct(const job *j)
{
    const size_t bs = variants[j->variant].block, len = KALYNA_BLOCKS * bs;
    sc_kalyna_setkey_kernel(&kk, bs, key, variants[j->variant].key, j->kernel);
    sc_kalyna_ecb_encrypt(&kk, msg, out, len);
    sc_kalyna_ecb_decrypt(&kk, out, out, len);
    sc_kalyna_cbc_encrypt(&kk, msg + MSG - 64, bs, msg, out, len);
    sc_kalyna_cbc_decrypt(&kk, msg + MSG - 64, bs, out, out, len);
    sc_kalyna_ctr(&kk, msg + MSG - 64, bs, msg, out, len + 5);
    sc_kalyna_ctr(&kk, msg + MSG - 64, bs, msg, out, 3 * bs + 1);
    sc_kalyna_mac(&kk, msg, len, tag, bs);
    sc_kalyna_mac(&kk, msg, bs, tag, bs);
    sc_kalyna_mac_verify(&kk, msg, len, tag, bs);
    sc_kalyna_wipe(&kk);
}

static sc_cipher_ctx cctx;
static sc_mac_ctx mctx;

/* A cipher by name through the generic API: three updates of odd sizes. */
static void generic_cipher(const char *name, const char *kernel, const char *sbox_opt, int encrypt)
{
    sc_cipher_opts opts = {.kernel = kernel, .sbox = sbox_opt};
    sc_cipher_info info;
    sc_cipher_info_get(name, &info);
    size_t n, len = 70 * info.block_size, cut = info.block_size + 3;
    sc_cipher_init_ex(&cctx, name, encrypt, key, info.key_size, msg + MSG - 64, info.iv_size, &opts);
    sc_cipher_update(&cctx, msg, cut, out, sizeof out, &n);
    size_t done = n;
    sc_cipher_update(&cctx, msg + cut, len - cut - 1, out + done, sizeof out - done, &n);
    done += n;
    sc_cipher_update(&cctx, msg + len - 1, 1, out + done, sizeof out - done, &n);
    sc_cipher_final(&cctx, out, sizeof out, &n);
    sc_cipher_reset(&cctx);
    sc_cipher_update(&cctx, out, len, out, sizeof out, &n); /* in place */
    sc_cipher_wipe(&cctx);
}

static void generic_mac(const char *name, const char *kernel, const char *sbox_opt)
{
    sc_cipher_opts opts = {.kernel = kernel, .sbox = sbox_opt};
    sc_cipher_info info;
    sc_cipher_info_get(name, &info);
    test_mac_init(&mctx, name, key, info.key_size, &opts);
    sc_mac_update(&mctx, msg, info.block_size + 1);
    sc_mac_update(&mctx, msg + info.block_size + 1, 69 * info.block_size - 1);
    sc_mac_final(&mctx, tag, info.tag_size);
    sc_mac_reset(&mctx);
    sc_mac_update(&mctx, msg, 70 * info.block_size);
    sc_mac_verify(&mctx, tag, info.tag_size);
    sc_mac_wipe(&mctx);
}

/* One AEAD key: one-shot seals of 1000 and (when non-zero) short_len bytes,
 * an open, a forgery, a streamed seal, the wipe (16-byte tags). */
static void aead_messages(const char *name, const char *kernel, size_t key_len, size_t nonce_len, size_t short_len)
{
    sc_cipher_opts opts = {.kernel = kernel};
    size_t n, m;
    sc_aead_init(&actx, name, key, key_len, &opts);
    sc_aead_seal(&actx, msg, nonce_len, msg + 64, 20, msg, 1000, out, sizeof out, &n, 16);
    if (short_len) sc_aead_seal(&actx, msg, nonce_len, msg + 64, 20, msg, short_len, out, sizeof out, &n, 16);
    sc_aead_open(&actx, msg, nonce_len, msg + 64, 20, out, n, out, sizeof out, &m, 16);
    out[0] ^= 1;
    sc_aead_open(&actx, msg, nonce_len, msg + 64, 20, out, n, out, sizeof out, &m, 16); /* a forgery */
    sc_aead_start(&actx, 1, msg, nonce_len);
    sc_aead_update_aad(&actx, msg, 7);
    sc_aead_encrypt_update(&actx, msg, 301, out, sizeof out, &n);
    sc_aead_encrypt_final(&actx, tag, 16);
    sc_aead_wipe(&actx);
}

static void kalyna_generic(const job *j)
{
    static const char *const modes[] = {"ecb", "cbc", "ctr"};
    char name[40];
    for (int m = 0; m < 3; m++)
        for (int enc = 0; enc <= 1; enc++) {
            snprintf(name, sizeof name, "%s-%s", variants[j->variant].name, modes[m]);
            generic_cipher(name, j->kernel, NULL, enc);
        }
    snprintf(name, sizeof name, "%s-cmac", variants[j->variant].name);
    generic_mac(name, j->kernel, NULL);
    snprintf(name, sizeof name, "%s-gmac", variants[j->variant].name);
    generic_mac(name, j->kernel, NULL);
    /* GCM (one shot, a forgery, streamed) and CCM through the AEAD API */
    const size_t bs = variants[j->variant].block;
    for (int ccm = 0; ccm <= 1; ccm++) {
        snprintf(name, sizeof name, "%s-%s", variants[j->variant].name, ccm ? "ccm" : "gcm");
        aead_messages(name, j->kernel, variants[j->variant].key, bs, 0); /* CCM refuses the streamed one */
    }
}

static void kalyna_secrets(size_t v)
{
    sc_kalyna_key ref;
    secrets_clear();
    secret("key", key, variants[v].key, NULL);
    sc_kalyna_setkey_kernel(&ref, variants[v].block, key, variants[v].key, "portable");
    for (unsigned r = 0; r <= ref.rounds; r++) secret("a round key", ref.rk[r], variants[v].block, NULL);
    /* E(0): GCM's H, the MAC's delta (section 9.1) */
    static const uint8_t zeros[SC_KALYNA_MAX_BLOCK];
    static uint8_t e0[SC_KALYNA_MAX_BLOCK];
    sc_kalyna_ecb_encrypt(&ref, zeros, e0, variants[v].block);
    secret("E(0)", e0, variants[v].block, NULL);
    sc_wipe(e0, sizeof e0);
    sc_kalyna_wipe(&ref);
}

/* Also the powers of GCM/GMAC's H that a GF kernel keeps (the best one
 * here), H itself included, for the generic jobs (kalyna_secrets has E(0)
 * = H = the MAC's delta for every Kalyna job). */
static void kalyna_gcm_secrets(size_t v, const char *kernel)
{
    (void)kernel;
    kalyna_secrets(v);
    static const uint8_t zeros[SC_KALYNA_MAX_BLOCK];
    static sc_kgcm g;
    if (sc_kgcm_setkey(&g, variants[v].block, key, variants[v].key, "portable", NULL) == SC_OK)
        for (unsigned i = 0; i < SC_KGF_POWERS; i++) secret("a power of H", g.h.gk.h[i], variants[v].block, zeros);
    sc_wipe(&g, sizeof g);
}

/* ---- Magma / GOST 28147-89 ---------------------------------------------------- */

static sc_magma_key mk;

/* Magma job variants: GOST 28147-89 byte order; the public param-Z S-box
 * instead of the secret custom one (then only keys are secrets: the library
 * skips the stack burn for named S-boxes, which this checks). */
enum { MAGMA_GOST89 = 1, MAGMA_PARAM_Z = 2 };
static const uint8_t *magma_box(size_t variant) { return variant & MAGMA_PARAM_Z ? NULL : &sbox[0][0]; }

static void magma_setup(sc_magma_key *k, int gost89, const uint8_t *box, const char *kernel)
{
    if (gost89)
        sc_gost89_init(k, key, 32, box);
    else
        sc_magma_init(k, key, 32, box);
    sc_magma_use_kernel(k, kernel);
}

static void magma_direct(const job *j)
{
    const int g = (j->variant & MAGMA_GOST89) != 0;
    magma_setup(&mk, g, magma_box(j->variant), j->kernel);
    const uint8_t *iv = msg + MSG - 64;
    sc_magma_ecb_encrypt(&mk, msg, out, MAGMA_LEN);
    sc_magma_ecb_decrypt(&mk, out, out, MAGMA_LEN);
    sc_magma_cbc_encrypt(&mk, iv, 8, msg, out, MAGMA_LEN);
    sc_magma_cbc_decrypt(&mk, iv, 24, out, out, MAGMA_LEN);
    sc_magma_cbc_encrypt(&mk, iv, 24, msg, out, 96);
    sc_magma_ctr(&mk, iv, 4, 3, msg, out, MAGMA_LEN + 5);
    sc_gost89_cnt(&mk, iv, 8, 3, msg, out, MAGMA_LEN + 5);
    sc_magma_cmac(&mk, msg, MAGMA_LEN + 5, tag, 8);
    sc_magma_cmac_verify(&mk, msg, MAGMA_LEN + 5, tag, 8);
    if (g) {
        sc_gost89_mac(&mk, msg, MAGMA_LEN + 5, tag, 4);
        sc_gost89_mac_verify(&mk, msg, MAGMA_LEN + 5, tag, 4);
    }
    sc_magma_wipe(&mk);
}

static void magma_generic(const job *j)
{
    const int g = (j->variant & MAGMA_GOST89) != 0;
    const char *box = j->variant & MAGMA_PARAM_Z ? NULL : sbox_hex;
    const char *const *names = g ? (const char *const[]){"gost89-ecb", "gost89-cbc", "gost89-cnt"}
                                 : (const char *const[]){"magma-ecb", "magma-cbc", "magma-ctr"};
    for (int m = 0; m < 3; m++)
        for (int enc = 0; enc <= 1; enc++) generic_cipher(names[m], j->kernel, box, enc);
    generic_mac(g ? "gost89-mac" : "magma-cmac", j->kernel, box);
}

/* Key, round keys and, with the custom S-box, the S-box and the tables this
 * kernel derives from it (where they differ from the public param-Z's). */
static void magma_secrets(size_t variant, const char *kernel)
{
    static sc_magma_key ref, pub;
    const int g = (variant & MAGMA_GOST89) != 0;
    secrets_clear();
    secret("key", key, 32, NULL);
    magma_setup(&ref, g, magma_box(variant), kernel);
    magma_setup(&pub, g, NULL, kernel);
    secret("a round key", ref.round_keys, sizeof ref.round_keys, NULL);
    if (!(variant & MAGMA_PARAM_Z)) {
        secret("the custom S-box", sbox, sizeof sbox, NULL);
        secret("S-box tables", ref.tables, sizeof ref.tables, pub.tables);
    }
    sc_magma_wipe(&ref);
    sc_magma_wipe(&pub);
}

/* ---- AES: ciphers, MACs, the AEAD ------------------------------------------- */


static void aes_job(const job *j)
{
    static const char *const modes[] = {"ecb", "cbc", "ctr", "cfb8", "cfb1"};
    const size_t bits = 128 + 64 * j->variant;
    char name[40];
    for (int m = 0; m < 3; m++)
        for (int enc = 0; enc <= 1; enc++) {
            snprintf(name, sizeof name, "aes-%zu-%s", bits, modes[m]);
            generic_cipher(name, j->kernel, NULL, enc);
        }
    snprintf(name, sizeof name, "aes-%zu-gmac", bits);
    generic_mac(name, j->kernel, NULL);
    generic_mac("ghash", j->kernel, NULL);
    snprintf(name, sizeof name, "aes-%zu-ccm", bits); /* the fused CCM entry (whole blocks) */
    aead_messages(name, j->kernel, 16 + 8 * j->variant, 12, 64);
    snprintf(name, sizeof name, "aes-%zu-gcm", bits);
    aead_messages(name, j->kernel, 16 + 8 * j->variant, 12, 0);
    /* a 60-byte nonce: J0 through GHASH */
    sc_cipher_opts opts = {.kernel = j->kernel};
    size_t n;
    sc_aead_init(&actx, name, key, 16 + 8 * j->variant, &opts);
    sc_aead_start(&actx, 1, msg, 60);
    sc_aead_update_aad(&actx, msg, 7);
    sc_aead_encrypt_update(&actx, msg, 301, out, sizeof out, &n);
    sc_aead_encrypt_final(&actx, tag, 16);
    sc_aead_wipe(&actx);
    /* last, so that no later call's frames cover theirs: the fused
     * CFB-8/CFB-1 loops (sc_aes_ops.cfb_small) */
    for (int m = 3; m < 5; m++)
        for (int enc = 0; enc <= 1; enc++) {
            snprintf(name, sizeof name, "aes-%zu-%s", bits, modes[m]);
            generic_cipher(name, j->kernel, NULL, enc);
        }
}

/* The key, its round keys (both directions), the kernel's own forms of them
 * (k->aux) and of H (its GHASH tables), and H itself. */
static void aes_secrets(size_t variant, const char *kernel)
{
    static const uint8_t zeros[2048];
    sc_gcm g;
    secrets_clear();
    secret("key", key, 16 + 8 * variant, NULL);
    secret("ghash key", key, 16, NULL);
    if (sc_gcm_setkey(&g, key, 16 + 8 * variant, kernel) != SC_OK) return;
    secret("round keys", g.key.rk, 16 * (g.key.rounds + 1), NULL);
    secret("decryption round keys", g.key.rk_dec, 16 * (g.key.rounds + 1), NULL);
    secret("kernel round keys", g.key.aux, sizeof g.key.aux, zeros);
    secret("H", g.gk.h, 16, NULL);
    secret("kernel GHASH tables", g.gk.tab, sizeof g.gk.tab, zeros);
    sc_aes_wipe(&g.key);
    sc_wipe(&g, sizeof g);
}

/* ---- ChaCha20, Poly1305, (X)ChaCha20-Poly1305 ------------------------------------ */

static void chacha_job(const job *j)
{
    static const char *const ciphers[] = {"chacha20", "xchacha20"}, *const aeads[] = {"chacha20-poly1305",
                                                                                      "xchacha20-poly1305"};
    for (int c = 0; c < 2; c++) generic_cipher(ciphers[c], j->kernel, NULL, 1);
    generic_mac("poly1305", j->kernel, NULL);
    for (int a = 0; a < 2; a++) aead_messages(aeads[a], j->kernel, 32, a ? 24 : 12, 100); /* fused kernel, short path */
}

/* The key (as bytes; its state words are the same bytes on a little-endian
 * machine). */
static void chacha_secrets(size_t variant, const char *kernel)
{
    (void)variant, (void)kernel;
    secrets_clear();
    secret("key", key, 32, NULL);
}

/* ---- MD5 and Keccak: the message is the secret (a hashed key, a password) ------- */

static sc_hash_ctx hctx;

static void hash_job(const job *j)
{
    sc_hash_opts opts = {.kernel = j->kernel};
    const char *alg = j->variant ? "keccak" : "md5", *name;
    for (size_t i = 0; (name = sc_hash_name_at(i)) != NULL; i++) {
        sc_hash_info info;
        sc_hash_info_get(name, &info);
        if (strcmp(info.algorithm, alg) != 0) continue;
        size_t olen = info.is_xof ? 64 : info.digest_size;
        sc_hash_ex(name, &opts, msg, 1000, out, olen);
        sc_hash_init_ex(&hctx, name, &opts);
        sc_hash_update(&hctx, msg, 77), sc_hash_update(&hctx, msg + 77, 3000);
        sc_hash_final(&hctx, out, olen);
        const void *msgs[5] = {msg, msg + 1000, msg + 2000, msg + 3000, msg + 4000};
        const size_t lens[5] = {999, 10, 700, 300, 4100};
        sc_hash_many(name, &opts, 5, msgs, lens, out, olen);
    }
    sc_hash_opts kt = {.kernel = j->kernel}; /* KangarooTwelve's leaves on the lanes */
    if (j->variant) sc_hash_ex("kangarootwelve", &kt, msg, MSG, out, 32);
    sc_hash_wipe(&hctx);
}

static void hash_secrets(size_t variant, const char *kernel)
{
    (void)variant, (void)kernel;
    secrets_clear();
    secret("message", msg, MSG, NULL);
}

/* ---- the scan's own check ------------------------------------------------------ */

/* Leaves a copy of the key and a Kalyna round key on its stack, as a bug
 * would: the scan must report it. */
static NOINLINE void leaky(const job *j)
{
    uint8_t copy[64];
    sc_kalyna_key k;
    (void)j;
    memcpy(copy, key, sizeof copy);
    sc_kalyna_setkey_kernel(&k, 16, key, 16, "portable");
    __asm__ volatile("" : : "r"(copy), "r"(&k) : "memory");
}

/* ---- every family, every kernel -------------------------------------------------- */

static void each_kernel(const char *alg, struct tally *t, job_fn fn, size_t variant,
                        void (*secrets)(size_t, const char *))
{
    for (size_t i = 0; i < sc_kernel_count(alg); i++) {
        sc_kernel_info ki;
        if (sc_kernel_get(alg, i, &ki) != SC_OK || !test_kernel_selected(ki.runnable, ki.name)) continue;
        secrets(variant, ki.name);
        job j = {ki.name, variant};
        run(t, fn, &j);
    }
}

static void kalyna_secrets_for(size_t v, const char *kernel)
{
    (void)kernel; /* round keys do not depend on the kernel */
    kalyna_secrets(v);
}


int main(void)
{
    make_secrets();

    struct tally self = {"self-check", 0, 0, 0};
    kalyna_secrets(0);
    job lj = {"portable", 0};
    long found = run(&self, leaky, &lj);
    printf("self-check: a deliberate leak gives %ld secret windows (must be > 0)\n", found);
    CHECK(found > 0, "the scan misses a key left on the stack: the test would prove nothing");

    struct tally kd = {"kalyna", 0, 0, 0}, kg = {"kalyna generic (+gcm, ccm, gmac)", 0, 0, 0};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        each_kernel("kalyna", &kd, kalyna_direct, v, kalyna_secrets_for);
        each_kernel("kalyna", &kg, kalyna_generic, v, kalyna_gcm_secrets);
    }
    struct tally md = {"magma", 0, 0, 0}, gd = {"gost89 (+MAC)", 0, 0, 0};
    struct tally mg = {"magma generic", 0, 0, 0}, gg = {"gost89 generic", 0, 0, 0};
    struct tally pz = {"param-Z (keys)", 0, 0, 0};
    each_kernel("magma", &md, magma_direct, 0, magma_secrets);
    each_kernel("magma", &gd, magma_direct, MAGMA_GOST89, magma_secrets);
    each_kernel("magma", &mg, magma_generic, 0, magma_secrets);
    each_kernel("magma", &gg, magma_generic, MAGMA_GOST89, magma_secrets);
    for (size_t v = MAGMA_PARAM_Z; v <= (MAGMA_PARAM_Z | MAGMA_GOST89); v++) {
        each_kernel("magma", &pz, magma_direct, v, magma_secrets);
        each_kernel("magma", &pz, magma_generic, v, magma_secrets);
    }

    struct tally aes = {"aes (+gcm, ccm)", 0, 0, 0};
    for (size_t v = 0; v < 3; v++) each_kernel("aes", &aes, aes_job, v, aes_secrets);

    struct tally cha = {"chacha (+poly1305, aeads)", 0, 0, 0};
    each_kernel("chacha", &cha, chacha_job, 0, chacha_secrets);

    report(&kd), report(&kg), report(&md), report(&gd), report(&mg), report(&gg), report(&pz), report(&aes);
    struct tally md5 = {"md5 (message)", 0, 0, 0}, kec = {"keccak (message)", 0, 0, 0};
    each_kernel("md5", &md5, hash_job, 0, hash_secrets);
    each_kernel("keccak", &kec, hash_job, 1, hash_secrets);

    report(&cha), report(&md5), report(&kec);
    return test_finish();
}
