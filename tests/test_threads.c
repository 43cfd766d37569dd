/* SPDX-License-Identifier: Apache-2.0 */
/* First calls from many threads at once, for every family: CPU feature
 * detection, kernel dispatch (sc_kernel_active, the checksum entry points),
 * cipher and MAC key setup and one-shot use through the generic API for
 * every name, and the direct Kalyna and Magma key setups. Each thread keeps
 * what it got; only after they are all joined does main compute the
 * expected values with the portable kernels, so nothing was initialised
 * before the race. Built also with -fsanitize=thread (make test-tsan), where
 * any unsynchronised first-use write is a report and the run fails. */
#include <pthread.h>
#include <simdcrypt.h>

#include "checksum_inputs.h"
#include "mac_nonce.h"

enum { THREADS = 8, ROUNDS = 3, MSG = 128, MAX_ALGS = 16 };

typedef uint32_t (*entry_fn)(uint32_t, const void *, size_t);
static const entry_fn entries[] = {sc_adler32, sc_crc32, sc_crc32c}; /* as checksum_algorithms */

static uint8_t data[4096], msg[MSG], key[64], iv[64];
static size_t n_ciphers, n_macs;
static pthread_barrier_t start;

/* What one thread saw. Outputs are per name: [cipher i] then [MAC i]. */
struct seen {
    uint64_t features;
    const char *active[MAX_ALGS];
    uint32_t sums[3];
    long wrong; /* a later round disagreeing with the first */
    uint8_t (*generic)[MSG];
    uint8_t (*direct)[MSG]; /* direct API for the ECB names that have one */
};
static struct seen seen[THREADS];

static int is_kalyna_ecb(const sc_cipher_info *in)
{
    return !strcmp(in->algorithm, "kalyna") && !strcmp(in->mode, "ecb");
}

/* The name's output on msg through the generic API: ciphertext or full tag.
 * kernel NULL = dispatched. Returns the status of the first failing call. */
static int generic_once(const char *name, const char *kernel, uint8_t out[MSG])
{
    sc_cipher_info in;
    int st = sc_cipher_info_get(name, &in);
    if (st != SC_OK) return st;
    sc_cipher_opts opts = {.kernel = kernel, .sbox = NULL};
    memset(out, 0, MSG);
    if (in.tag_size) {
        sc_mac_ctx m;
        if ((st = test_mac_init(&m, name, key, in.key_size, &opts)) == SC_OK &&
            (st = sc_mac_update(&m, msg, MSG)) == SC_OK)
            st = sc_mac_final(&m, out, in.tag_size);
        sc_mac_wipe(&m);
        return st;
    }
    sc_cipher_ctx c;
    size_t n = 0, f = 0;
    if (in.one_shot) { /* key wrap: MSG - block bytes wrap into at most MSG (AES KW adds 8) */
        st = sc_cipher_crypt(name, 1, key, in.key_size, NULL, 0, msg, MSG - in.block_size, out, MSG, &n, &opts);
        return st == SC_OK && (n > MSG || n <= MSG - in.block_size) ? SC_ELENGTH : st;
    }
    if ((st = sc_cipher_init_ex(&c, name, 1, key, in.key_size, iv, in.iv_size, &opts)) == SC_OK &&
        (st = sc_cipher_update(&c, msg, MSG, out, MSG, &n)) == SC_OK)
        st = sc_cipher_final(&c, out + n, MSG - n, &f);
    sc_cipher_wipe(&c);
    return st == SC_OK && n + f != MSG ? SC_ELENGTH : st;
}

/* ECB through the family's own API (sc_kalyna_setkey, sc_magma_init,
 * sc_gost89_init); 0 when the name has none. */
static int direct_once(const char *name, uint8_t out[MSG])
{
    sc_cipher_info in;
    sc_cipher_info_get(name, &in);
    if (is_kalyna_ecb(&in)) {
        sc_kalyna_key k;
        int st = sc_kalyna_setkey(&k, in.block_size, key, in.key_size);
        if (st == SC_OK) st = sc_kalyna_ecb_encrypt(&k, msg, out, MSG);
        sc_kalyna_wipe(&k);
        return st == SC_OK ? 1 : -1;
    }
    if (!strcmp(in.algorithm, "magma") && !strcmp(in.mode, "ecb")) {
        sc_magma_key k;
        int gost89 = !strncmp(name, "gost89-", 7);
        int st = (gost89 ? sc_gost89_init : sc_magma_init)(&k, key, in.key_size, NULL);
        if (st == SC_OK) st = sc_magma_ecb_encrypt(&k, msg, out, MSG);
        sc_magma_wipe(&k);
        return st == SC_OK ? 1 : -1;
    }
    return 0;
}

static const char *name_at(size_t i)
{
    return i < n_ciphers ? sc_cipher_name_at(i) : sc_mac_name_at(i - n_ciphers);
}

static void *worker(void *arg)
{
    struct seen *s = arg;
    uint8_t out[MSG];
    pthread_barrier_wait(&start);
    for (int r = 0; r < ROUNDS; r++) {
        /* Each round starts somewhere else, so different threads make
         * different first calls. */
        size_t names = n_ciphers + n_macs, shift = (size_t)(s - seen) * 5 + (size_t)r;
        for (size_t j = 0; j < names; j++) {
            size_t i = (j + shift) % names;
            int st = generic_once(name_at(i), NULL, out);
            if (r == 0) memcpy(s->generic[i], out, MSG);
            s->wrong += st != SC_OK || memcmp(s->generic[i], out, MSG);
            if (i < n_ciphers && direct_once(name_at(i), out)) {
                if (r == 0) memcpy(s->direct[i], out, MSG);
                s->wrong += memcmp(s->direct[i], out, MSG) != 0;
            }
        }
        uint32_t sums[3];
        for (int a = 0; a < 3; a++) {
            uint32_t init = checksum_initial(checksum_algorithms[a]);
            size_t cut = shift * 37 % sizeof data;
            sums[a] = entries[a](init, data, sizeof data);
            s->wrong += entries[a](entries[a](init, data, cut), data + cut, sizeof data - cut) != sums[a];
        }
        uint64_t f = sc_cpu_features();
        const char *const *algs = sc_algorithms();
        for (size_t a = 0; a < MAX_ALGS && algs[a]; a++) {
            const char *act = sc_kernel_active(algs[a]);
            if (r == 0) s->active[a] = act;
            s->wrong += act != s->active[a];
        }
        if (r == 0) memcpy(s->sums, sums, sizeof sums), s->features = f;
        s->wrong += memcmp(s->sums, sums, sizeof sums) != 0 || f != s->features;
    }
    return NULL;
}

/* Compare every thread's results with the portable kernels' and with what
 * main sees now that everything is initialised. */
static void check(void)
{
    uint32_t want[3];
    for (int a = 0; a < 3; a++) {
        sc_checksum_fn fn = NULL;
        CHECK(sc_checksum_kernel(checksum_algorithms[a], "portable", &fn) == SC_OK, "portable %s",
              checksum_algorithms[a]);
        want[a] = fn ? fn(checksum_initial(checksum_algorithms[a]), data, sizeof data) : 0;
    }
    uint8_t (*ref)[MSG] = calloc(n_ciphers + n_macs, MSG);
    for (size_t i = 0; i < n_ciphers + n_macs; i++)
        CHECK(generic_once(name_at(i), "portable", ref[i]) == SC_OK, "%s portable", name_at(i));
    const char *const *algs = sc_algorithms();
    for (int t = 0; t < THREADS; t++) {
        struct seen *s = &seen[t];
        CHECK(s->wrong == 0, "thread %d: %ld results changed between rounds", t, s->wrong);
        CHECK(s->features == sc_cpu_features(), "thread %d: features", t);
        for (size_t a = 0; a < MAX_ALGS && algs[a]; a++)
            CHECK(s->active[a] && !strcmp(s->active[a], sc_kernel_active(algs[a])), "thread %d: %s active %s", t,
                  algs[a], s->active[a] ? s->active[a] : "NULL");
        for (int a = 0; a < 3; a++) CHECK_EQ_U32(s->sums[a], want[a], "thread %d: %s", t, checksum_algorithms[a]);
        for (size_t i = 0; i < n_ciphers + n_macs; i++) {
            CHECK(!memcmp(s->generic[i], ref[i], MSG), "thread %d: %s (generic API)", t, name_at(i));
            uint8_t out[MSG];
            if (i < n_ciphers && direct_once(name_at(i), out))
                CHECK(!memcmp(s->direct[i], ref[i], MSG), "thread %d: %s (direct API)", t, name_at(i));
        }
    }
    free(ref);
}

int main(void)
{
    test_fill(data, sizeof data, 31);
    test_fill(msg, sizeof msg, 32);
    test_fill(key, sizeof key, 33);
    test_fill(iv, sizeof iv, 34);
    /* Counting the names reads a constant table only. */
    while (sc_cipher_name_at(n_ciphers)) n_ciphers++;
    while (sc_mac_name_at(n_macs)) n_macs++;
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++) {
        seen[i].generic = calloc(n_ciphers + n_macs, MSG);
        seen[i].direct = calloc(n_ciphers, MSG);
        pthread_create(&t[i], NULL, worker, &seen[i]);
    }
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start);
    check();
    printf("%d threads, %zu ciphers, %zu MACs, %d checksums, direct Kalyna/Magma/GOST 28147-89 inits\n", THREADS,
           n_ciphers, n_macs, 3);
    for (int i = 0; i < THREADS; i++) free(seen[i].generic), free(seen[i].direct);
    return test_finish();
}
