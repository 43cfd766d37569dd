/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: every cipher and MAC name (sc_cipher_name_at,
 * sc_mac_name_at) x every kernel of its algorithm that this CPU runs,
 * against the portable kernel, through the generic streaming API.
 *
 * Input: [name byte][flags byte][tag length byte][split max][split seed, 8]
 *        [key, key_size][IV, iv_size][S-box, 120 bytes][message]
 * flags: 1 in place (streaming through one buffer), 2 a custom S-box (eight
 *        random permutations of 0..15, given as 128 hex digits) where the
 *        cipher takes one, 4 sc_*_reset and the message again.
 * Ciphers: each kernel encrypts in fuzzer-chosen pieces and must give the
 * portable kernel's status and bytes (one update, out of place), then
 * decrypts in other pieces back to the message. MACs: same status, same tag
 * (of a fuzzer-chosen length). Names and kernels come from the library, so
 * a new cipher, MAC or kernel is fuzzed without touching this file. */
#include <simdcrypt.h>

#include "fuzz_input.h"
#include "../mac_nonce.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { SLACK = SC_KALYNA_MAX_BLOCK, SBOX_BYTES = 8 * 15 };

typedef struct job {
    const char *name;
    sc_cipher_info info;
    sc_cipher_opts opts;
    uint8_t key[SC_KALYNA_MAX_BLOCK], iv[SC_KALYNA_MAX_BLOCK];
    char sbox_hex[129];
    const uint8_t *msg;
    size_t len, tag_len;
    int in_place, rounds;
    fuzz_splits enc, dec;
} job;

/* Eight permutations of 0..15 (Fisher-Yates on input bytes) as hex. */
static void make_sbox(fuzz_in *in, char hex[129])
{
    for (int row = 0; row < 8; row++) {
        uint8_t p[16];
        for (int i = 0; i < 16; i++) p[i] = (uint8_t)i;
        for (int i = 15; i > 0; i--) {
            int j = fz_byte(in) % (i + 1);
            uint8_t t = p[i];
            p[i] = p[j], p[j] = t;
        }
        for (int i = 0; i < 16; i++) hex[row * 16 + i] = "0123456789abcdef"[p[i]];
    }
    hex[128] = 0;
}

/* Run c over src[len] in the pieces sp gives, into out[cap]; in place: src
 * is copied to out first and each update reads and writes there. The API
 * allows exactly in-place calls only (any other overlap is SC_EINVAL), so in
 * place a block mode gets whole blocks per call until the last piece, so that
 * nothing is buffered and the output never trails the input; a stream mode
 * (unit 1) writes what it reads, so any piece is exactly in place. XTS
 * (unit 0 here) always holds its last block back for ciphertext stealing,
 * so its output trails the input by that much after every update: in place
 * it gets the whole message in one update (output at the input's start). */
static int stream(sc_cipher_ctx *c, const uint8_t *src, size_t len, uint8_t *out, size_t cap, int in_place,
                  size_t unit, fuzz_splits sp, size_t *produced)
{
    if (in_place) memcpy(out, src, len), src = out;
    size_t pos_in = 0, pos_out = 0, n = 0;
    int st = SC_OK;
    while (pos_in < len && st == SC_OK) {
        size_t piece = in_place && unit == 0 ? len : fz_piece(&sp, len - pos_in);
        if (in_place && unit > 1 && len - pos_in >= unit) piece = piece < unit ? unit : piece / unit * unit;
        if (in_place && unit > 1 && len - pos_in < unit) piece = len - pos_in;
        st = sc_cipher_update(c, src + pos_in, piece, out + pos_out, cap - pos_out, &n);
        pos_in += piece, pos_out += n;
    }
    if (st == SC_OK && (st = sc_cipher_final(c, out + pos_out, cap - pos_out, &n)) == SC_OK) pos_out += n;
    *produced = pos_out;
    return st;
}

static int init(const job *j, sc_cipher_ctx *c, const char *kernel, int encrypt)
{
    sc_cipher_opts o = j->opts;
    o.kernel = kernel;
    return sc_cipher_init_ex(c, j->name, encrypt, j->key, j->info.key_size, j->iv, j->info.iv_size, &o);
}

static void check_cipher(const job *j, const char *kernel, const uint8_t *want, size_t want_len, int want_st)
{
    size_t cap = j->len + SLACK, n = 0, m = 0, unit = j->info.is_stream ? 1 : j->info.block_size;
    if (!strcmp(j->info.mode, "xts")) unit = 0; /* ciphertext stealing: see stream() */
    uint8_t *out = malloc(cap), *back = malloc(cap);
    sc_cipher_ctx c;
    FZ_ASSERT(init(j, &c, kernel, 1) == SC_OK, "%s %s: init refused", j->name, kernel);
    int st = SC_OK;
    for (int r = 0; r < j->rounds && (r == 0 || st == SC_OK); r++) {
        FZ_ASSERT(r == 0 || sc_cipher_reset(&c) == SC_OK, "%s %s: reset", j->name, kernel);
        st = stream(&c, j->msg, j->len, out, cap, j->in_place, unit, j->enc, &n);
        FZ_ASSERT(st == want_st && n == want_len && !memcmp(out, want, n),
                  "%s %s (round %d, %s, max piece %zu, len %zu): status %d, %zu bytes; portable %d, %zu bytes",
                  j->name, kernel, r, j->in_place ? "in place" : "out of place", j->enc.max, j->len, st, n, want_st,
                  want_len);
    }
    sc_cipher_wipe(&c);
    if (st == SC_OK) {
        FZ_ASSERT(init(j, &c, kernel, 0) == SC_OK, "%s %s: decrypt init refused", j->name, kernel);
        st = stream(&c, out, n, back, cap, j->in_place, unit, j->dec, &m);
        FZ_ASSERT(st == SC_OK && m == j->len && !memcmp(back, j->msg, m), "%s %s: decryption (max piece %zu)",
                  j->name, kernel, j->dec.max);
        sc_cipher_wipe(&c);
    }
    free(out), free(back);
}

/* The MAC of j->msg in the pieces of sp with `kernel`; status of final. */
static int mac(const job *j, const char *kernel, fuzz_splits sp, uint8_t *tag)
{
    sc_mac_ctx m;
    sc_cipher_opts o = j->opts;
    o.kernel = kernel;
    FZ_ASSERT(test_mac_init(&m, j->name, j->key, j->info.key_size, &o) == SC_OK, "%s %s: init", j->name, kernel);
    int st = SC_OK;
    for (int r = 0; r < j->rounds; r++) {
        FZ_ASSERT(r == 0 || sc_mac_reset(&m) == SC_OK, "%s %s: reset", j->name, kernel);
        for (size_t pos = 0, piece; pos < j->len; pos += piece) {
            piece = fz_piece(&sp, j->len - pos);
            FZ_ASSERT(sc_mac_update(&m, j->msg + pos, piece) == SC_OK, "%s %s: update", j->name, kernel);
        }
        st = sc_mac_final(&m, tag, j->tag_len);
    }
    sc_mac_wipe(&m);
    return st;
}

static void run(job *j)
{
    sc_kernel_info k;
    uint8_t want_tag[SC_KALYNA_MAX_BLOCK] = {0}, tag[SC_KALYNA_MAX_BLOCK] = {0};
    uint8_t *want = malloc(j->len + SLACK);
    size_t want_len = 0;
    int want_st;
    /* The reference: the portable kernel, the message in one piece, once. */
    const fuzz_splits one_piece = {1, SIZE_MAX - 1, 0};
    if (j->info.tag_size) {
        job once = *j;
        once.rounds = 1;
        want_st = mac(&once, "portable", one_piece, want_tag);
    } else {
        sc_cipher_ctx c;
        int refused = init(j, &c, "portable", 1);
        if (refused != SC_OK) { /* a key the mode refuses (XTS's equal halves): every kernel alike */
            FZ_ASSERT(refused == SC_EINVAL, "%s portable: init %d", j->name, refused);
            for (size_t i = 0; sc_kernel_get(j->info.algorithm, i, &k) == SC_OK; i++)
                FZ_ASSERT(!k.runnable || init(j, &c, k.name, 1) == refused, "%s %s: init accepts a refused key",
                          j->name, k.name);
            free(want);
            return;
        }
        want_st = stream(&c, j->msg, j->len, want, j->len + SLACK, 0, 1, one_piece, &want_len);
        sc_cipher_wipe(&c);
    }
    for (size_t i = 0; sc_kernel_get(j->info.algorithm, i, &k) == SC_OK; i++) {
        if (!k.runnable) { /* through the API of the job's kind (a MAC name is no cipher: SC_EINVAL there) */
            int st;
            if (j->info.tag_size) {
                sc_mac_ctx m;
                sc_cipher_opts o = j->opts;
                o.kernel = k.name;
                st = test_mac_init(&m, j->name, j->key, j->info.key_size, &o);
                sc_mac_wipe(&m);
            } else {
                sc_cipher_ctx c;
                st = init(j, &c, k.name, 1);
            }
            FZ_ASSERT(st == SC_ENOKERNEL, "%s %s: not runnable, yet accepted (%d)", j->name, k.name, st);
            continue;
        }
        if (!j->info.tag_size) {
            check_cipher(j, k.name, want, want_len, want_st);
            continue;
        }
        int st = mac(j, k.name, j->enc, tag);
        FZ_ASSERT(st == want_st && (st != SC_OK || !memcmp(tag, want_tag, j->tag_len)),
                  "%s %s (max piece %zu, len %zu, tag %zu): status %d, portable %d", j->name, k.name, j->enc.max,
                  j->len, j->tag_len, st, want_st);
    }
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static size_t n_ciphers, n_macs;
    if (!n_ciphers)
        while (sc_cipher_name_at(n_ciphers)) n_ciphers++;
    if (!n_macs)
        while (sc_mac_name_at(n_macs)) n_macs++;
    fuzz_in in = {data, size};
    static job j; /* static: the key and S-box do not linger on the stack */
    memset(&j, 0, sizeof j);
    size_t which = fz_byte(&in) % (n_ciphers + n_macs);
    j.name = which < n_ciphers ? sc_cipher_name_at(which) : sc_mac_name_at(which - n_ciphers);
    FZ_ASSERT(sc_cipher_info_get(j.name, &j.info) == SC_OK, "%s: no info", j.name);
    uint8_t flags = fz_byte(&in), tag_byte = fz_byte(&in);
    j.in_place = flags & 1, j.rounds = flags & 4 ? 2 : 1;
    j.enc = fz_splits(&in);
    j.dec = j.enc, j.dec.s = j.enc.s * 0x9E3779B97F4A7C15ULL | 1;
    if (j.info.tag_size) j.tag_len = j.info.min_tag_size + tag_byte % (j.info.tag_size - j.info.min_tag_size + 1);
    FZ_ASSERT(j.info.key_size <= sizeof j.key && j.info.iv_size <= sizeof j.iv, "%s: sizes", j.name);
    fz_copy(&in, j.key, j.info.key_size);
    fz_copy(&in, j.iv, j.info.iv_size);
    make_sbox(&in, j.sbox_hex);
    if (flags & 2) {
        /* Only ciphers with a replaceable S-box take one: ask the portable
         * kernel (names refuse an S-box with SC_EINVAL). */
        sc_cipher_ctx c;
        sc_mac_ctx m;
        sc_cipher_opts o = {.kernel = "portable", .sbox = j.sbox_hex};
        int st = j.info.tag_size ? test_mac_init(&m, j.name, j.key, j.info.key_size, &o)
                                 : sc_cipher_init_ex(&c, j.name, 1, j.key, j.info.key_size, j.iv, j.info.iv_size, &o);
        if (st == SC_OK) j.opts.sbox = j.sbox_hex;
        j.info.tag_size ? sc_mac_wipe(&m) : sc_cipher_wipe(&c);
    }
    j.msg = fz_take(&in, in.n, &j.len);
    run(&j);
    return 0;
}
