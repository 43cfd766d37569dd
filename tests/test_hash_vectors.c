/* SPDX-License-Identifier: Apache-2.0 */
/* The standard hash/XOF known-answer suites on every kernel of each
 * algorithm this CPU runs, through the public API (opts.kernel names the
 * kernel). The files come from tools/vectors/convert_hash_vectors.py (its
 * docstring has the line format and the sources; --check recomputes every
 * line with hashlib/pycryptodome):
 *   hash_md5_rfc1321.txt   RFC 1321 A.5
 *   hash_sha3_cavp.txt     NIST SHA3VS SHA3-224/256/384/512 ShortMsg, LongMsg
 *   hash_shake_cavp.txt    SHA3VS SHAKE128/256 ShortMsg, LongMsg, VariableOut
 *   hash_cavp_monte.txt    SHA3VS Monte Carlo (6.2.3 SHA-3, 6.3.3 SHAKE)
 *   hash_keccak256.txt     the Keccak team's Keccak-256 KATs
 *   hash_rfc9861.txt       RFC 9861 TurboSHAKE128/256 (domain bytes) and
 *                          KangarooTwelve (customization strings)
 * Every vector, on every runnable kernel: one shot (sc_hash_ex; an empty
 * message as NULL), then streamed with random chunk sizes (empty updates
 * among them) and the context forked by sc_hash_copy after the first chunk,
 * and, for messages up to SHORT bytes, one byte per update. XOF outputs
 * are squeezed in the streamed runs: random pieces (1-byte pieces in the
 * byte-wise run), the last piece by sc_hash_final. A vector whose expected
 * value is shorter than its output length (RFC 9861's last 32 of 10032
 * bytes) is compared on its tail.
 * Monte Carlo: each checkpoint is a record of its own (1000 chained hashes
 * from the previous checkpoint); the file's chain is checked once, then the
 * dispatched kernel runs all 100 checkpoints of each algorithm and every
 * other kernel every 10th (they share the sponge code; the single-block
 * inputs differ only in their bytes), so that the run stays a few seconds.
 * Messages of more than BIG bytes (RFC 9861's 24 MB ptn(17**6)) run on the
 * dispatched kernel only: the other kernels meet every tree and lane shape
 * in ptn(17**5) (1.4 MB, 173 KangarooTwelve leaves) already.
 * SC_TEST_QUICK=1 (set for the qemu runs): the dispatched kernel runs every
 * 10th checkpoint and the others every 50th, and the messages of more than
 * BIG bytes run one shot only. Counts per file and kernel are printed. */
#include <simdcrypt/hash.h>
#include <simdcrypt/kernels.h>
#include <ctype.h>
#include <time.h>

#include "test_util.h"

enum { MAX_KERNELS = 16, SHORT = 512, BIG = 2 << 20, MCT_INNER = 1000, MCT_MAX_OUT = 512 };

static int quick;
static long skipped_kernels;

/* --- the runnable kernels of an algorithm ---------------------------------- */

typedef struct kernel_set {
    const char *alg;
    const char *names[MAX_KERNELS];
    size_t n;
    const char *dispatched;
} kernel_set;

static void kernels_of(kernel_set *ks, const char *alg)
{
    ks->alg = alg;
    ks->n = 0;
    for (size_t i = 0; i < sc_kernel_count(alg) && ks->n < MAX_KERNELS; i++) {
        sc_kernel_info ki;
        if (sc_kernel_get(alg, i, &ki) != SC_OK) continue;
        if (ki.runnable) ks->names[ks->n++] = ki.name;
        else printf("skip kernel %s/%s (not runnable here)\n", alg, ki.name), skipped_kernels++;
    }
    ks->dispatched = sc_kernel_active(alg);
    printf("%s kernels: %zu runnable, dispatched: %s\n", alg, ks->n, ks->dispatched ? ks->dispatched : "(none)");
    CHECK(ks->n > 0 && ks->dispatched != NULL, "no runnable %s kernel", alg);
}

static kernel_set md5_set, keccak_set;

static const kernel_set *set_for(const sc_hash_info *info)
{
    return !strcmp(info->algorithm, "md5") ? &md5_set : !strcmp(info->algorithm, "keccak") ? &keccak_set : NULL;
}

/* --- vector files ----------------------------------------------------------- */

/* One line: <name> <param> <message> <outlen> <expected> <source>. */
typedef struct vec {
    int line;
    char *name, *param, *msg, *source;
    size_t outlen;
    uint8_t *expected; /* hex decoded in place */
    size_t explen;
} vec;

typedef struct vecfile {
    const char *name;
    char *data;
    vec *v;
    size_t n;
} vecfile;

/* Decode the hex string s into itself (byte i is written after characters
 * 2i and 2i+1 are read); bytes, or -1 if it is not hex. Not test_unhex:
 * its sscanf per byte costs seconds under qemu on a megabyte of vectors. */
static long unhex_inplace(char *s)
{
    static const char digits[] = "0123456789abcdef";
    size_t n = strlen(s);
    if (n % 2) return -1;
    for (size_t i = 0; i < n; i++) {
        const char *d = memchr(digits, tolower((unsigned char)s[i]), 16);
        if (d == NULL) return -1;
        unsigned nibble = (unsigned)(d - digits);
        s[i / 2] = (char)(i % 2 ? (unsigned char)s[i / 2] << 4 | nibble : nibble);
    }
    return (long)(n / 2);
}

static int load(vecfile *vf, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SC_VECTORS_DIR, name);
    vf->name = name;
    vf->data = test_read_file(path, NULL);
    CHECK(vf->data != NULL, "cannot open %s", path);
    if (vf->data == NULL) return 0;
    size_t lines = 1;
    for (char *p = vf->data; *p; p++) lines += *p == '\n';
    vf->v = calloc(lines, sizeof *vf->v);
    vf->n = 0;
    int lineno = 0;
    for (char *p = vf->data; p && *p;) {
        char *end = strchr(p, '\n');
        if (end) *end = '\0';
        lineno++;
        if (*p && *p != '#') {
            char *tok[7];
            int nt = 0;
            for (char *t = strtok(p, " "); t && nt < 7; t = strtok(NULL, " ")) tok[nt++] = t;
            vec *v = &vf->v[vf->n];
            long explen = nt == 6 ? unhex_inplace(tok[4]) : -1;
            char *endp = NULL;
            unsigned long long outlen = nt == 6 ? strtoull(tok[3], &endp, 10) : 0;
            int ok = nt == 6 && explen > 0 && endp && !*endp && (unsigned long long)explen <= outlen;
            CHECK(ok, "%s line %d: malformed", name, lineno);
            if (ok) {
                *v = (vec){lineno, tok[0], tok[1], tok[2], tok[5], (size_t)outlen, (uint8_t *)tok[4], (size_t)explen};
                vf->n++;
            }
        }
        p = end ? end + 1 : NULL;
    }
    return 1;
}

/* A message field: "-", hex, ptn(N) (bytes i mod 251) or rep(hh,N). *buf
 * is set to a malloc'd copy the caller frees. Returns 0 if malformed. */
static int message(const char *spec, uint8_t **buf, size_t *len)
{
    unsigned long long n;
    unsigned byte;
    int used = 0;
    *buf = NULL, *len = 0;
    if (!strcmp(spec, "-")) return 1;
    if (sscanf(spec, "ptn(%llu)%n", &n, &used) == 1 && spec[used] == '\0') {
        *buf = malloc(n ? n : 1), *len = n;
        for (size_t i = 0; i < n && i < 251; i++) (*buf)[i] = (uint8_t)i;
        for (size_t i = 251; i < n; i *= 2) memcpy(*buf + i, *buf, i < n - i ? i : n - i); /* period 251 */
        return 1;
    }
    if (sscanf(spec, "rep(%2x,%llu)%n", &byte, &n, &used) == 2 && spec[used] == '\0') {
        *buf = malloc(n ? n : 1), *len = n;
        memset(*buf, (int)byte, n);
        return 1;
    }
    char *copy = malloc(strlen(spec) + 1);
    strcpy(copy, spec);
    long b = unhex_inplace(copy);
    if (b <= 0) return free(copy), 0;
    *buf = (uint8_t *)copy, *len = (size_t)b;
    return 1;
}

/* --- one vector ------------------------------------------------------------- */

/* Options of a vector's param field ("-", "C=<message>", "D=<hh>"); the
 * customization string is malloc'd into *custom. */
static int options(const vec *v, sc_hash_opts *o, uint8_t **custom)
{
    memset(o, 0, sizeof *o);
    *custom = NULL;
    if (!strncmp(v->param, "C=", 2)) {
        if (!message(v->param + 2, custom, &o->custom_len)) return 0;
        o->custom = *custom;
        return 1;
    }
    if (!strncmp(v->param, "D=", 2)) {
        unsigned d;
        int used = 0;
        if (sscanf(v->param + 2, "%2x%n", &d, &used) != 1 || v->param[2 + used]) return 0;
        o->domain = d;
        return 1;
    }
    return !strcmp(v->param, "-");
}

static int tail_matches(const vec *v, const uint8_t *out)
{
    return memcmp(out + v->outlen - v->explen, v->expected, v->explen) == 0;
}

/* Stream msg through a context: chunks of random sizes (bytewise: 1 byte
 * each), the context forked by sc_hash_copy after the first chunk and the
 * copy finished; then the output in pieces (XOF: random or 1-byte squeezes,
 * the last piece by final; fixed-size: one final). */
static int stream(const char *name, const sc_hash_opts *o, const sc_hash_info *info, const uint8_t *msg, size_t len,
                  uint8_t *out, size_t outlen, int bytewise, uint64_t seed)
{
    uint64_t s = seed | 1;
    sc_hash_ctx a, b, *c = &a;
    int rc = sc_hash_init_ex(&a, name, o);
    size_t off = 0;
    for (int first = 1; rc == SC_OK && off < len; first = 0) {
        size_t left = len - off, n;
        if (bytewise) n = 1;
        else if (test_rand(&s) % 8 == 0) n = (size_t)(test_rand(&s) % (left / 4 + 1)); /* large, or 0 */
        else n = (size_t)(test_rand(&s) % (2 * info->block_size + 2));
        if (n > left) n = left;
        rc = sc_hash_update(c, msg + off, n);
        off += n;
        if (first && rc == SC_OK) {
            rc = sc_hash_copy(&b, &a);
            sc_hash_wipe(&a);
            c = &b;
        }
    }
    if (rc == SC_OK && !info->is_xof) rc = sc_hash_final(c, out, outlen);
    for (size_t done = 0; rc == SC_OK && info->is_xof;) {
        size_t n = bytewise ? 1 : (size_t)(test_rand(&s) % (outlen - done + 1));
        if (n >= outlen - done) {
            rc = sc_hash_final(c, out + done, outlen - done);
            break;
        }
        rc = sc_hash_squeeze(c, out + done, n);
        done += n;
    }
    sc_hash_wipe(c);
    return rc;
}

typedef struct tally {
    long vectors, oneshot, streamed, bytewise, mct, mct_skipped, big_skipped;
    double seconds;
} tally;

/* One (non Monte Carlo) vector on one kernel. */
static void run_vector(const vec *v, const sc_hash_info *info, const char *kernel, int dispatched, const uint8_t *msg,
                       size_t len, uint8_t *out, uint64_t seed, tally *t)
{
    sc_hash_opts o;
    uint8_t *custom;
    if (!options(v, &o, &custom)) {
        CHECK(0, "line %d: bad param %s", v->line, v->param);
        return;
    }
    o.kernel = kernel;
    int big = len > BIG;
    if (!big || dispatched) {
        memset(out, 0x5a, v->outlen);
        int rc = sc_hash_ex(v->name, &o, len ? msg : NULL, len, out, v->outlen);
        CHECK(rc == SC_OK && tail_matches(v, out), "%s %s on %s: one shot rc %d", v->source, v->name, kernel, rc);
        t->oneshot++;
    } else {
        t->big_skipped++;
    }
    if (!big || (dispatched && !quick)) {
        memset(out, 0x5a, v->outlen);
        int rc = stream(v->name, &o, info, msg, len, out, v->outlen, 0, seed);
        CHECK(rc == SC_OK && tail_matches(v, out), "%s %s on %s: streamed rc %d", v->source, v->name, kernel, rc);
        t->streamed++;
    }
    if (len <= SHORT) {
        memset(out, 0x5a, v->outlen);
        int rc = stream(v->name, &o, info, msg, len, out, v->outlen, v->outlen <= SHORT, seed + 1);
        CHECK(rc == SC_OK && tail_matches(v, out), "%s %s on %s: byte-wise rc %d", v->source, v->name, kernel, rc);
        t->bytewise++;
    }
    free(custom);
}

/* --- Monte Carlo (SHA3VS 6.2.3, 6.3.3) ---------------------------------------- */

/* SHAKE checkpoints: "mct=MIN,MAX,L0" (bytes). */
static int mct_params(const char *param, unsigned *lo, unsigned *hi, unsigned *l0)
{
    int used = 0;
    return sscanf(param, "mct=%u,%u,%u%n", lo, hi, l0, &used) == 3 && !param[used] && *lo >= 2 && *lo <= *hi &&
           *hi <= MCT_MAX_OUT && *l0 >= *lo && *l0 <= *hi;
}

static int is_mct(const vec *v) { return !strncmp(v->param, "mct", 3); }

/* The file's chain: every checkpoint starts where the previous one (same
 * name) ended, and a SHAKE one with the output length that end implies. */
static void check_mct_chain(const vecfile *vf)
{
    long links = 0;
    for (size_t i = 0; i < vf->n; i++) {
        const vec *v = &vf->v[i], *p = i ? &vf->v[i - 1] : NULL;
        CHECK(is_mct(v), "%s line %d: not a Monte Carlo record", vf->name, v->line);
        if (!p || strcmp(p->name, v->name)) continue;
        uint8_t *m;
        size_t len;
        int ok = message(v->msg, &m, &len) && len == p->outlen && p->explen == p->outlen &&
                 !memcmp(m, p->expected, len);
        unsigned lo, hi, l0;
        if (ok && strcmp(v->param, "mct")) {
            ok = mct_params(v->param, &lo, &hi, &l0) && len >= 2 &&
                 l0 == lo + ((unsigned)m[len - 2] << 8 | m[len - 1]) % (hi - lo + 1);
        }
        CHECK(ok, "%s line %d (%s): does not continue line %d", vf->name, v->line, v->source, p->line);
        free(m);
        links++;
    }
    printf("%s: %ld chain links checked\n", vf->name, links);
}

/* One checkpoint on one kernel: 1000 chained one-shot hashes. */
static void run_mct(const vec *v, const char *kernel, const uint8_t *seed, size_t seed_len)
{
    sc_hash_opts o = {.kernel = kernel};
    uint8_t cur[MCT_MAX_OUT], next[MCT_MAX_OUT];
    size_t cur_len = seed_len;
    unsigned lo = 0, hi = 0, n = 0;
    int shake = strcmp(v->param, "mct") != 0;
    int ok = seed_len <= MCT_MAX_OUT && v->outlen <= MCT_MAX_OUT && (!shake || mct_params(v->param, &lo, &hi, &n));
    CHECK(ok, "line %d: bad Monte Carlo record", v->line);
    if (!ok) return;
    memcpy(cur, seed, seed_len);
    int rc = SC_OK;
    for (int i = 0; i < MCT_INNER && rc == SC_OK; i++) {
        if (shake) {
            uint8_t m[16] = {0}; /* the leftmost 16 bytes, zero-padded */
            memcpy(m, cur, cur_len < 16 ? cur_len : 16);
            rc = sc_hash_ex(v->name, &o, m, 16, next, n);
            cur_len = n;
            n = lo + ((unsigned)next[cur_len - 2] << 8 | next[cur_len - 1]) % (hi - lo + 1);
        } else {
            rc = sc_hash_ex(v->name, &o, cur, cur_len, next, v->outlen);
            cur_len = v->outlen;
        }
        memcpy(cur, next, cur_len);
    }
    CHECK(rc == SC_OK && cur_len == v->outlen && !memcmp(cur, v->expected, v->explen), "%s %s on %s: rc %d",
          v->source, v->name, kernel, rc);
}

/* Which checkpoints a kernel runs (the index within its algorithm). */
static int mct_selected(long index, int dispatched)
{
    long every = dispatched ? (quick ? 10 : 1) : (quick ? 50 : 10);
    return index % every == 0;
}

/* --- files ------------------------------------------------------------------ */

static void run_file(const char *fname)
{
    static vecfile vf;
    memset(&vf, 0, sizeof vf);
    if (!load(&vf, fname)) return;
    int monte = !strcmp(fname, "hash_cavp_monte.txt");
    if (monte) check_mct_chain(&vf);
    /* per kernel of the file's algorithm(s): md5 and keccak by name */
    static tally tallies[2][MAX_KERNELS];
    memset(tallies, 0, sizeof tallies);
    size_t maxout = 1;
    for (size_t i = 0; i < vf.n; i++) maxout = vf.v[i].outlen > maxout ? vf.v[i].outlen : maxout;
    uint8_t *out = malloc(maxout);
    long index = 0; /* Monte Carlo: the checkpoint's index within its name */
    for (size_t i = 0; i < vf.n; i++) {
        const vec *v = &vf.v[i];
        sc_hash_info info;
        int rc = sc_hash_info_get(v->name, &info);
        const kernel_set *ks = rc == SC_OK ? set_for(&info) : NULL;
        CHECK(ks != NULL, "%s line %d: %s unknown (rc %d)", fname, v->line, v->name, rc);
        if (!ks) continue;
        CHECK(info.is_xof || v->outlen == info.digest_size, "%s line %d: %s output of %zu bytes", fname, v->line,
              v->name, v->outlen);
        uint8_t *msg;
        size_t len;
        if (!message(v->msg, &msg, &len)) {
            CHECK(0, "%s line %d: bad message field", fname, v->line);
            continue;
        }
        index = i && !strcmp(vf.v[i - 1].name, v->name) ? index + 1 : 0;
        for (size_t k = 0; k < ks->n; k++) {
            tally *t = &tallies[ks == &keccak_set][k];
            int dispatched = !strcmp(ks->names[k], ks->dispatched);
            clock_t t0 = clock();
            t->vectors++;
            if (!monte) run_vector(v, &info, ks->names[k], dispatched, msg, len, out, (uint64_t)v->line * 977 + k, t);
            else if (mct_selected(index, dispatched)) run_mct(v, ks->names[k], msg, len), t->mct++;
            else t->mct_skipped++;
            t->seconds += (double)(clock() - t0) / CLOCKS_PER_SEC;
        }
        free(msg);
    }
    for (int a = 0; a < 2; a++) {
        const kernel_set *ks = a ? &keccak_set : &md5_set;
        for (size_t k = 0; k < ks->n; k++) {
            const tally *t = &tallies[a][k];
            if (!t->vectors) continue;
            if (monte)
                printf("%s on %s/%s: %ld checkpoints of %d hashes run, %ld left out (%.2f s)\n", fname, ks->alg,
                       ks->names[k], t->mct, MCT_INNER, t->mct_skipped, t->seconds);
            else
                printf("%s on %s/%s: %ld vectors: %ld one shot, %ld streamed, %ld byte-wise; %ld big left out "
                       "(%.2f s)\n",
                       fname, ks->alg, ks->names[k], t->vectors, t->oneshot, t->streamed, t->bytewise,
                       t->big_skipped, t->seconds);
        }
    }
    free(out), free(vf.data), free(vf.v);
}

int main(void)
{
    const char *q = getenv("SC_TEST_QUICK");
    quick = q && !strcmp(q, "1");
    if (quick)
        printf("SC_TEST_QUICK: Monte Carlo every 10th checkpoint (dispatched kernel) / 50th (others); "
               "messages over %d bytes one shot only\n",
               BIG);
    kernels_of(&md5_set, "md5");
    kernels_of(&keccak_set, "keccak");
    static const char *const files[] = {"hash_md5_rfc1321.txt", "hash_sha3_cavp.txt",  "hash_shake_cavp.txt",
                                        "hash_keccak256.txt",   "hash_rfc9861.txt",    "hash_cavp_monte.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) run_file(files[i]);
    printf("kernels not runnable here (skipped): %ld\n", skipped_kernels);
    return test_finish();
}
