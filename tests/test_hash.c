/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 and Keccak: every kernel this CPU runs against the portable reference
 * at the kernel interface (block counts, odd alignments, every rate, 12 and
 * 24 rounds, lanes with distinct data and with idle lanes aliased), then
 * every name through the public API on every kernel (every length up to
 * 1100 and longer ones across KangarooTwelve's chunks, random update
 * splits, XOF output squeezed in pieces, copies mid-stream, reset), the
 * batch API against one message at a time (random mixes of lengths and
 * counts) and the refusals of hash.h. Known answers: the family
 * descriptors (selftest) and tests/test_hash_vectors.c (standard suites). */
#include <simdcrypt/hash.h>
#include <simdcrypt/kernels.h>

#include "hash/hash_internal.h"
#include "test_expect_kernel.h"
#include "test_util.h"

enum { MAXLEN = 3 * 8192 + 300, BUF = MAXLEN + 64, MAXOUT = 600 };

static uint8_t in_buf[BUF];
static int quick; /* SC_TEST_QUICK (qemu): fewer lengths */

static int same(const uint8_t *a, const uint8_t *b, size_t n) { return n == 0 || memcmp(a, b, n) == 0; }

/* --- kernel interface ------------------------------------------------------ */

static void md5_kernel(const char *name, const sc_md5_ops *k)
{
    for (size_t nb = 1; nb <= 40; nb += nb < 10 ? 1 : 7) {
        uint32_t h1[4] = {1, 2, 3, 4}, h2[4] = {1, 2, 3, 4};
        const uint8_t *in = in_buf + nb % 5;
        test_fill(in_buf, BUF, nb);
        sc_md5_blocks_portable(h1, in, nb);
        k->blocks(h2, in, nb);
        CHECK(memcmp(h1, h2, sizeof h1) == 0, "%s md5 blocks %zu", name, nb);
    }
    if (k->lanes == NULL) return;
    CHECK(k->nlanes >= 2 && k->nlanes <= SC_MD5_MAX_LANES, "%s md5 nlanes %u", name, k->nlanes);
    const unsigned L = k->nlanes;
    for (size_t nb = 1; nb <= 9; nb++)
        for (int alias = 0; alias < 2; alias++) {
            uint32_t st[4 * SC_MD5_MAX_LANES];
            const uint8_t *p[SC_MD5_MAX_LANES];
            test_fill(in_buf, BUF, 1000 + nb);
            for (unsigned l = 0; l < L; l++) {
                for (int w = 0; w < 4; w++) st[w * L + l] = 0x01020304u * (w + 1) + l;
                /* distinct data per lane at odd offsets; with alias, every
                 * third lane reads lane 0's data (an idle lane) */
                p[l] = alias && l % 3 == 2 ? p[0] : in_buf + l * 600 + l % 7;
            }
            uint32_t want[4 * SC_MD5_MAX_LANES];
            memcpy(want, st, sizeof want);
            for (unsigned l = 0; l < L; l++) {
                uint32_t h[4] = {want[l], want[L + l], want[2 * L + l], want[3 * L + l]};
                sc_md5_blocks_portable(h, p[l], nb);
                for (int w = 0; w < 4; w++) want[w * L + l] = h[w];
            }
            k->lanes(st, p, nb);
            CHECK(memcmp(st, want, 4 * L * sizeof st[0]) == 0, "%s md5 lanes %zu blocks alias %d", name, nb, alias);
        }
}

static const size_t rates[] = {168, 144, 136, 104, 72};

static void keccak_kernel(const char *name, const sc_keccak_ops *k)
{
    for (unsigned rounds = 12; rounds <= 24; rounds += 12) {
        uint64_t s1[25], s2[25];
        test_fill((uint8_t *)s1, sizeof s1, rounds);
        memcpy(s2, s1, sizeof s1);
        sc_keccak_permute_portable(s1, rounds);
        k->permute(s2, rounds);
        CHECK(memcmp(s1, s2, sizeof s1) == 0, "%s keccak permute %u rounds", name, rounds);
        for (size_t r = 0; r < SC_COUNT_OF(rates); r++)
            for (size_t nb = 1; nb <= 6; nb++) {
                const uint8_t *in = in_buf + nb % 7;
                test_fill(in_buf, BUF, 50 * nb + r);
                test_fill((uint8_t *)s1, sizeof s1, nb);
                memcpy(s2, s1, sizeof s1);
                sc_keccak_absorb_portable(s1, in, nb, rates[r], rounds);
                k->absorb(s2, in, nb, rates[r], rounds);
                CHECK(memcmp(s1, s2, sizeof s1) == 0, "%s keccak absorb rate %zu %zu blocks %u rounds", name, rates[r],
                      nb, rounds);
            }
    }
    if (k->lanes == NULL) return;
    const unsigned L = k->nlanes;
    CHECK(L >= 2 && L <= SC_KECCAK_MAX_LANES, "%s keccak nlanes %u", name, L);
    for (unsigned rounds = 12; rounds <= 24; rounds += 12)
        for (size_t r = 0; r < SC_COUNT_OF(rates); r++)
            for (size_t nb = 1; nb <= 4; nb++)
                for (int alias = 0; alias < 2; alias++) {
                    static uint64_t st[25 * SC_KECCAK_MAX_LANES], want[25 * SC_KECCAK_MAX_LANES];
                    const uint8_t *p[SC_KECCAK_MAX_LANES];
                    test_fill(in_buf, BUF, 7 * nb + r);
                    test_fill((uint8_t *)st, sizeof st, nb + r);
                    for (unsigned l = 0; l < L; l++) p[l] = alias && l % 3 == 2 ? p[0] : in_buf + l * 700 + l % 5;
                    memcpy(want, st, sizeof st);
                    for (unsigned l = 0; l < L; l++) {
                        uint64_t one[25];
                        for (int i = 0; i < 25; i++) one[i] = want[i * L + l];
                        sc_keccak_absorb_portable(one, p[l], nb, rates[r], rounds);
                        for (int i = 0; i < 25; i++) want[i * L + l] = one[i];
                    }
                    k->lanes(st, p, nb, rates[r], rounds);
                    CHECK(memcmp(st, want, 25 * L * sizeof st[0]) == 0, "%s keccak lanes rate %zu %zu blocks %u rounds alias %d",
                          name, rates[r], nb, rounds, alias);
                }
}

/* --- the public API ---------------------------------------------------------- */

static size_t next_len(size_t n)
{
    if (quick) {
        size_t next = n < 200 ? n + 1 : n < 1100 ? n + 61 : n * 3 + 8191;
        return n >= MAXLEN ? SIZE_MAX : next > MAXLEN ? MAXLEN : next;
    }
    return n < 1100 ? n + 1 : n < 8191 ? 8191 : n < 8193 ? n + 1 : n < 2 * 8192 + 1 ? 2 * 8192 + 1 : n < MAXLEN ? MAXLEN : SIZE_MAX;
}

static size_t out_len_of(const sc_hash_info *info, size_t n) { return info->is_xof ? 1 + (n * 7) % 300 : info->digest_size; }

static void api(const char *hname, const char *kernel, uint64_t seed)
{
    sc_hash_info info;
    CHECK(sc_hash_info_get(hname, &info) == SC_OK, "%s info", hname);
    sc_hash_opts ref_o = {.kernel = "portable"}, o = {.kernel = kernel};
    uint8_t ref[MAXOUT], got[MAXOUT];
    for (size_t n = 0; n != SIZE_MAX; n = next_len(n)) {
        const uint8_t *in = in_buf + n % 3;
        size_t olen = out_len_of(&info, n);
        test_fill(in_buf, BUF, seed + n);
        int r1 = sc_hash_ex(hname, &ref_o, in, n, ref, olen);
        int r2 = sc_hash_ex(hname, &o, in, n, got, olen);
        CHECK(r1 == SC_OK && r2 == SC_OK && same(ref, got, olen), "%s %s one-shot len %zu", hname, kernel, n);
        /* streaming in random pieces, XOF output squeezed in random pieces */
        uint64_t rs = seed ^ n;
        sc_hash_ctx c;
        int rc = sc_hash_init_ex(&c, hname, &o);
        for (size_t off = 0; off < n && rc == SC_OK;) {
            size_t piece = test_rand(&rs) % (n < 300 ? 40 : 3000) + 1;
            if (piece > n - off) piece = n - off;
            rc = sc_hash_update(&c, in + off, piece);
            off += piece;
        }
        memset(got, 0, sizeof got);
        size_t done = 0;
        while (info.is_xof && rc == SC_OK && done < olen / 2) {
            size_t piece = test_rand(&rs) % 200;
            if (piece > olen / 2 - done) piece = olen / 2 - done;
            rc = sc_hash_squeeze(&c, got + done, piece);
            done += piece;
        }
        if (rc == SC_OK) rc = sc_hash_final(&c, got + done, olen - done);
        CHECK(rc == SC_OK && same(ref, got, olen), "%s %s streaming len %zu (rc %d)", hname, kernel, n, rc);
        /* after final: refused until reset, then the same digest again */
        CHECK(sc_hash_update(&c, in, 1) == SC_ESTATE && sc_hash_final(&c, got, olen) == SC_ESTATE,
              "%s finished context refused", hname);
        rc = sc_hash_reset(&c);
        if (rc == SC_OK) rc = sc_hash_update(&c, in, n);
        if (rc == SC_OK) rc = sc_hash_final(&c, got, olen);
        CHECK(rc == SC_OK && same(ref, got, olen), "%s %s after reset len %zu", hname, kernel, n);
        /* sc_hash_message: a whole message on the kept context, finished or mid-message */
        memset(got, 0, sizeof got);
        rc = sc_hash_message(&c, in, n, got, olen);
        CHECK(rc == SC_OK && same(ref, got, olen), "%s %s message (finished) len %zu (rc %d)", hname, kernel, n, rc);
        CHECK(sc_hash_update(&c, in, 1) == SC_ESTATE, "%s: finished after message", hname);
        rc = sc_hash_reset(&c);
        if (rc == SC_OK) rc = sc_hash_update(&c, in, n / 2 + 1);
        if (rc == SC_OK) rc = sc_hash_message(&c, in, n, got, olen);
        CHECK(rc == SC_OK && same(ref, got, olen), "%s %s message (mid-message) len %zu (rc %d)", hname, kernel, n, rc);
        sc_hash_wipe(&c);
    }
    /* a copy mid-stream goes on independently */
    sc_hash_ctx a, b;
    size_t olen = out_len_of(&info, 64), half = MAXLEN / 2;
    uint8_t ra[MAXOUT], rb[MAXOUT], ga[MAXOUT], gb[MAXOUT];
    test_fill(in_buf, BUF, seed);
    int rc = sc_hash_init_ex(&a, hname, &o);
    if (rc == SC_OK) rc = sc_hash_update(&a, in_buf, half);
    if (rc == SC_OK) rc = sc_hash_copy(&b, &a);
    if (rc == SC_OK) rc = sc_hash_update(&a, in_buf + half, MAXLEN - half);
    if (rc == SC_OK) rc = sc_hash_update(&b, in_buf + 1, half);
    if (rc == SC_OK) rc = sc_hash_final(&a, ga, olen);
    if (rc == SC_OK) rc = sc_hash_final(&b, gb, olen);
    uint8_t *mixed = malloc(2 * half);
    memcpy(mixed, in_buf, half), memcpy(mixed + half, in_buf + 1, half);
    sc_hash_ex(hname, &ref_o, in_buf, MAXLEN, ra, olen);
    sc_hash_ex(hname, &ref_o, mixed, 2 * half, rb, olen);
    free(mixed);
    CHECK(rc == SC_OK && same(ra, ga, olen) && same(rb, gb, olen), "%s %s copy mid-stream", hname, kernel);
}

/* Random mixes of lengths 0..10 KiB and counts: the batch equals one
 * message at a time. */
static void batch(const char *hname, const char *kernel, uint64_t seed)
{
    enum { MAXN = 40, MAXMSG = 10240 };
    static uint8_t data[MAXN][MAXMSG];
    static uint8_t got[MAXN * 64 + 1], want[64];
    static const size_t counts[] = {1, 2, 3, 5, 8, 16, 17, 40};
    sc_hash_info info;
    sc_hash_info_get(hname, &info);
    sc_hash_opts o = {.kernel = kernel}, ref_o = {.kernel = "portable"};
    uint64_t rs = seed;
    for (size_t t = 0; t < SC_COUNT_OF(counts); t++) {
        size_t n = counts[t], olen = info.is_xof ? 1 + test_rand(&rs) % 64 : info.digest_size;
        const void *msgs[MAXN];
        size_t lens[MAXN];
        for (size_t i = 0; i < n; i++) {
            uint64_t r = test_rand(&rs);
            /* mostly short, some long, some empty (NULL) */
            lens[i] = r % 5 == 0 ? 0 : r % 5 == 1 ? (r >> 8) % MAXMSG : (r >> 8) % 300;
            if (quick && lens[i] > 2000) lens[i] %= 2000;
            test_fill(data[i], lens[i], r);
            msgs[i] = lens[i] == 0 && i % 2 ? NULL : data[i];
        }
        memset(got, 0xee, sizeof got);
        int rc = sc_hash_many(hname, &o, n, msgs, lens, got, olen);
        int ok = rc == SC_OK && got[n * olen] == 0xee;
        for (size_t i = 0; i < n && ok; i++)
            ok = sc_hash_ex(hname, &ref_o, msgs[i], lens[i], want, olen) == SC_OK && same(want, got + i * olen, olen);
        CHECK(ok, "%s %s batch of %zu (rc %d)", hname, kernel, n, rc);
    }
}

/* KangarooTwelve's tree: byte-at-a-time updates (never the lanes) against
 * one update (whole chunks on the lanes), across chunk boundaries. */
static void kt_tree(const char *kernel)
{
    static const size_t lens[] = {8191, 8192, 8193, 2 * 8192, 2 * 8192 + 5, 9 * 8192 + 1};
    static uint8_t big[9 * 8192 + 1];
    sc_hash_opts o = {.kernel = kernel, .custom = (const uint8_t *)"custom", .custom_len = 6};
    test_fill(big, sizeof big, 77);
    for (size_t i = 0; i < SC_COUNT_OF(lens); i++) {
        uint8_t a[40], b[40];
        sc_hash_ctx c;
        int rc = sc_hash_ex("kangarootwelve", &o, big, lens[i], a, sizeof a);
        if (rc == SC_OK) rc = sc_hash_init_ex(&c, "kangarootwelve", &o);
        for (size_t j = 0; j < lens[i] && rc == SC_OK; j++) rc = sc_hash_update(&c, big + j, 1);
        if (rc == SC_OK) rc = sc_hash_final(&c, b, sizeof b);
        CHECK(rc == SC_OK && same(a, b, sizeof a), "kt128 %s tree len %zu", kernel, lens[i]);
    }
}

/* --- refusals (hash.h) ------------------------------------------------------- */

static void refusals(void)
{
    sc_hash_ctx c;
    uint8_t out[64];
    memset(&c, 0, sizeof c);
    CHECK(sc_hash_update(&c, "x", 1) == SC_ESTATE, "update without init");
    CHECK(sc_hash_final(&c, out, 32) == SC_ESTATE, "final without init");
    CHECK(sc_hash_squeeze(&c, out, 32) == SC_ESTATE, "squeeze without init");
    CHECK(sc_hash_copy(&c, &c) == SC_OK, "copy onto itself");
    sc_hash_ctx d;
    CHECK(sc_hash_copy(&d, &c) == SC_ESTATE, "copy of an uninitialised context");
    CHECK(sc_hash_init(&c, "sha3-257") == SC_EINVAL, "unknown name");
    CHECK(sc_hash_update(&c, "x", 1) == SC_ESTATE, "a failed init leaves the context unusable");
    CHECK(sc_hash_init(NULL, "md5") == SC_EINVAL && sc_hash_init(&c, NULL) == SC_EINVAL, "NULL context/name");
    CHECK(sc_hash_init(&c, "sha3-256") == SC_OK, "init");
    CHECK(sc_hash_update(&c, NULL, 0) == SC_OK, "NULL with length 0");
    CHECK(sc_hash_update(&c, NULL, 1) == SC_ENULL, "NULL with length 1");
    CHECK(sc_hash_squeeze(&c, out, 8) == SC_EINVAL, "squeeze of a fixed-size hash");
    CHECK(sc_hash_final(&c, out, 31) == SC_ELENGTH && sc_hash_final(&c, out, 33) == SC_ELENGTH, "wrong digest length");
    CHECK(sc_hash_final(&c, NULL, 32) == SC_ENULL, "NULL digest");
    CHECK(sc_hash_final(&c, out, 32) == SC_OK, "final after refused ones");
    CHECK(sc_hash_final(&c, out, 32) == SC_ESTATE, "final twice");
    CHECK(sc_hash_init(&c, "shake128") == SC_OK && sc_hash_squeeze(&c, out, 0) == SC_OK, "XOF length 0");
    CHECK(sc_hash_update(&c, "x", 1) == SC_ESTATE, "update after squeeze");
    CHECK(sc_hash_final(&c, NULL, 0) == SC_OK && sc_hash_squeeze(&c, out, 1) == SC_ESTATE, "XOF final ends it");
    sc_hash_opts o = {.custom = (const uint8_t *)"c", .custom_len = 1};
    CHECK(sc_hash_init_ex(&c, "shake128", &o) == SC_EINVAL, "customization for a name without one");
    o.custom = NULL;
    CHECK(sc_hash_init_ex(&c, "kangarootwelve", &o) == SC_ENULL, "NULL customization with a length");
    sc_hash_opts d1 = {.domain = 0x0B}, d2 = {.domain = 0x80};
    CHECK(sc_hash_init_ex(&c, "sha3-256", &d1) == SC_EINVAL, "domain byte for a name without one");
    CHECK(sc_hash_init_ex(&c, "turboshake128", &d2) == SC_EINVAL, "domain byte above 0x7F");
    CHECK(sc_hash_init_ex(&c, "turboshake128", &d1) == SC_OK, "domain byte 0x0B");
    sc_hash_opts bad = {.kernel = "x86-none"};
    CHECK(sc_hash_init_ex(&c, "md5", &bad) == SC_EINVAL, "unknown kernel");
    /* a corrupted context is refused, nothing called through it */
    CHECK(sc_hash_init(&c, "sha3-256") == SC_OK, "init");
    const void *stray = &c; /* the kernel pointer: not any kernel's (a flipped bit may hit a neighbour's) */
    memcpy(c.opaque + 3 * sizeof(void *), &stray, sizeof stray);
    CHECK(sc_hash_update(&c, "x", 1) == SC_ESTATE, "corrupted kernel pointer refused");
    CHECK(sc_hash_message(&c, "x", 1, out, 32) == SC_ESTATE, "message on a corrupted context refused");
    sc_hash_wipe(&c);
    CHECK(sc_hash_update(&c, "x", 1) == SC_ESTATE, "wiped context refused");
    CHECK(sc_hash_message(&c, "x", 1, out, 32) == SC_ESTATE && sc_hash_message(NULL, "x", 1, out, 32) == SC_EINVAL,
          "message on a wiped or NULL context refused");
    /* sc_hash_message's argument errors leave the message as it was */
    CHECK(sc_hash_init(&c, "md5") == SC_OK && sc_hash_update(&c, "ab", 2) == SC_OK, "init");
    CHECK(sc_hash_message(&c, "x", 1, out, 15) == SC_ELENGTH && sc_hash_message(&c, NULL, 1, out, 16) == SC_ENULL &&
              sc_hash_message(&c, "x", 1, NULL, 16) == SC_ENULL,
          "message argument errors");
    CHECK(sc_hash_update(&c, "c", 1) == SC_OK && sc_hash_final(&c, out, 16) == SC_OK &&
              sc_hash("md5", "abc", 3, out + 16, 16) == SC_OK && memcmp(out, out + 16, 16) == 0,
          "the message goes on after refused message calls");
    CHECK(sc_hash_message(&c, NULL, 0, out, 16) == SC_OK && sc_hash("md5", NULL, 0, out + 16, 16) == SC_OK &&
              memcmp(out, out + 16, 16) == 0,
          "message of 0 bytes");
    sc_hash_wipe(&c);
    /* batch */
    const void *msgs[2] = {NULL, "abc"};
    size_t lens[2] = {0, 3};
    uint8_t dg[32], e[32];
    CHECK(sc_hash_many("sha3-256", NULL, 0, NULL, NULL, NULL, 32) == SC_OK, "batch of 0");
    CHECK(sc_hash_many("sha3-999", NULL, 0, NULL, NULL, NULL, 32) == SC_EINVAL, "batch of an unknown name");
    CHECK(sc_hash_many("md5", NULL, 2, msgs, lens, out, 15) == SC_ELENGTH, "batch digest length");
    CHECK(sc_hash_many("md5", NULL, 1, msgs + 1, lens, out, 16) == SC_OK, "batch with a NULL entry of length 0");
    lens[0] = 1;
    CHECK(sc_hash_many("md5", NULL, 2, msgs, lens, out, 16) == SC_ENULL, "batch with a NULL entry of length 1");
    lens[0] = 0;
    CHECK(sc_hash_many("md5", NULL, 2, msgs, lens, out, 16) == SC_OK && sc_hash("md5", "abc", 3, dg, 16) == SC_OK &&
              sc_hash("md5", NULL, 0, e, 16) == SC_OK && memcmp(out, e, 16) == 0 && memcmp(out + 16, dg, 16) == 0,
          "batch = one at a time");
    CHECK(sc_hash_digest_size("sha3-384") == 48 && sc_hash_digest_size("shake256") == 0 && sc_hash_digest_size("x") == 0,
          "digest sizes");
    size_t names = 0;
    while (sc_hash_name_at(names)) names++;
    CHECK(names == 11, "%zu hash names", names);
}

/* A forced tier (tests/CMakeLists.txt sets SIMDCRYPT_DISABLE and the kernel
 * the dispatcher must then pick): assert it, and run every name through the
 * public API without a kernel name (so through that tier), one-shot and
 * batched, against the portable kernel. */
static int forced_tier(void)
{
    int forced = test_expect_dispatched("md5", "SC_EXPECT_MD5_KERNEL");
    forced |= test_expect_dispatched("keccak", "SC_EXPECT_KECCAK_KERNEL");
    if (!forced) return 0;
    sc_hash_opts ref_o = {.kernel = "portable"};
    for (size_t j = 0; sc_hash_name_at(j); j++) {
        const char *name = sc_hash_name_at(j);
        sc_hash_info info;
        sc_hash_info_get(name, &info);
        size_t olen = info.is_xof ? 48 : info.digest_size;
        uint8_t want[64], got[64];
        for (size_t n = 0; n <= 600; n += n < 200 ? 1 : 37) {
            test_fill(in_buf, n + 1, n);
            int ok = sc_hash_ex(name, &ref_o, in_buf, n, want, olen) == SC_OK &&
                     sc_hash(name, in_buf, n, got, olen) == SC_OK && memcmp(want, got, olen) == 0;
            CHECK(ok, "%s dispatched, len %zu", name, n);
        }
        batch(name, NULL, 91 * j);
    }
    return 1;
}

int main(void)
{
    quick = getenv("SC_TEST_QUICK") != NULL;
    if (forced_tier()) return test_finish(); /* the default run sweeps every kernel */
    refusals();
    for (int f = 0; f < 2; f++) {
        const char *alg = f ? "keccak" : "md5";
        const sc_algorithm_desc *desc = f ? &sc_alg_keccak : &sc_alg_md5;
        for (size_t i = 0; i < sc_kernel_count(alg); i++) {
            sc_kernel_info ki;
            int status;
            if (sc_kernel_get(alg, i, &ki) != SC_OK || !test_kernel_selected(ki.runnable, ki.name)) continue;
            const sc_kernel *k = sc_find_kernel(desc, ki.name, &status);
            CHECK(k != NULL, "%s %s", alg, ki.name);
            if (k == NULL) continue;
            if (f)
                keccak_kernel(ki.name, k->impl.ops);
            else
                md5_kernel(ki.name, k->impl.ops);
            for (size_t j = 0; sc_hash_name_at(j); j++) {
                sc_hash_info info;
                sc_hash_info_get(sc_hash_name_at(j), &info);
                if (strcmp(info.algorithm, alg) != 0) continue;
                /* the full length sweep for one name per construction and
                 * rate class, a shorter one for the others */
                api(info.name, ki.name, 1000 * j);
                batch(info.name, ki.name, 77 * j + i);
            }
            if (f) kt_tree(ki.name);
            printf("%s kernel %s checked\n", alg, ki.name);
        }
        printf("%s dispatched: %s\n", alg, sc_kernel_active(alg));
    }
    return test_finish();
}
