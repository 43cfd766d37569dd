/* simdcrypt selftest, ciphers and MACs: for every algorithm of the generic
 * cipher API (cipher.h) and every kernel of it this CPU runs, a few standard
 * known answers (encrypt, decrypt back, MAC in two pieces), then the same
 * names, keys and IVs on longer pseudo-random inputs against the portable
 * kernel, so the multi-block paths and tails are checked too, not only the
 * single blocks of the standards' examples.
 *
 * An algorithm the cipher API lists but this table has no vector for is a
 * failure: a new family must bring its known answers here. */
#include <string.h>

#include <simdcrypt/cipher.h>

#include "cipher_args.h"
#include "cli.h"

struct cipher_kat {
    const char *name, *sbox;             /* sbox: NULL = default */
    const char *key, *iv, *in, *out;     /* hex; iv "" = none; out = tag for MACs */
    const char *source;
};

static const struct cipher_kat kats[] = {
    {"kalyna-128-128-ecb", NULL, "000102030405060708090A0B0C0D0E0F", "", "101112131415161718191A1B1C1D1E1F",
     "81BF1C7D779BAC20E1C9EA39B4D2AD06", "DSTU 7624:2014 B.1"},
    {"kalyna-256-256-ecb", NULL, "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", "",
     "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F",
     "F66E3D570EC92135AEDAE323DCBD2A8CA03963EC206A0D5A88385C24617FD92C", "DSTU 7624:2014 B.1"},
    {"kalyna-128-128-ctr", NULL, "000102030405060708090A0B0C0D0E0F", "101112131415161718191A1B1C1D1E1F",
     "303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F",
     "B91A7B8790BBCFCFE65D04E5538E98E216AC209DA33122FDA596E8928070BE51", "DSTU 7624:2014 B.3"},
    {"kalyna-128-128-cmac", NULL, "000102030405060708090A0B0C0D0E0F", "",
     "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F",
     "123B4EAB8E63ECF3E645A99C1115E241", "DSTU 7624:2014 B.8"},
    {"magma-ecb", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "", "fedcba9876543210",
     "4ee901e5c2d8ca3d", "GOST R 34.12-2015 A.2 (RFC 8891 A.3)"},
    {"magma-ctr", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "12345678",
     "92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41",
     "4e98110c97b7b93c3e250d93d6e85d69136d868807b2dbef568eb680ab52a12d", "GOST R 34.13-2015 A.2.2"},
    {"magma-cmac", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "",
     "92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41", "154e7210",
     "GOST R 34.13-2015 A.2.6"},
    {"gost89-ecb", "test", "546d203368656c326973652073736e62206167796967747473656865202c3d73", "",
     "0000000000000000", "1b0bbc32cebcab42", "GOST R 34.11-94 example (test parameter set)"},
    {"gost89-cnt", "cryptopro-a", "599f84bac3f3d2f160e1e3f26a961af99c48b24ebcbbbf7cd8f3accd968d286a",
     "8dafa8d158ed058d", "90a23966ae01b9a3524ec8ed6cdd8830", "6e7262cce3593690833afea91bc9bece",
     "Nettle testsuite gost28147-test.c (RFC 5830 section 6 gamma)"},
    {"gost89-mac", "cryptopro-a", "0718293a4b5c6d7e8fa0b1c2d3e4f5061728394a5b6c7d8e9fb0c1d2e3f40516", "",
     "0524436281a0bfdefd1c3b5a7998b7d6f5", "b1482288", "Bouncy Castle 1.80 GOST28147Mac (RFC 5830 section 8 MAC)"},
};
enum { KATS = sizeof kats / sizeof kats[0] };

enum { MAX_FIELD = 128, LONG_LEN = 16384 + 13 };

struct vector {
    uint8_t key[MAX_FIELD], iv[MAX_FIELD], in[MAX_FIELD], out[MAX_FIELD];
    size_t key_len, iv_len, in_len, out_len;
};

static size_t hex(const char *text, uint8_t *out)
{
    long n = cli_hex_arg("selftest vector", text, out, MAX_FIELD);
    return n < 0 ? 0 : (size_t)n;
}

static void decode(const struct cipher_kat *k, struct vector *v)
{
    v->key_len = hex(k->key, v->key);
    v->iv_len = hex(k->iv, v->iv);
    v->in_len = hex(k->in, v->in);
    v->out_len = hex(k->out, v->out);
}

/* Encrypt (or decrypt) len bytes in two updates split at `split`. */
static int run_cipher(const char *name, const sc_cipher_opts *o, int encrypt, const struct vector *v,
                      const uint8_t *in, uint8_t *out, size_t len, size_t split)
{
    static sc_cipher_ctx c;
    size_t n1 = 0, n2 = 0, n3 = 0;
    int rc = sc_cipher_init_ex(&c, name, encrypt, v->key, v->key_len, v->iv_len ? v->iv : NULL, v->iv_len, o);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in, split, out, len + 64, &n1);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in + split, len - split, out + n1, len + 64 - n1, &n2);
    if (rc == SC_OK) rc = sc_cipher_final(&c, out + n1 + n2, len + 64 - n1 - n2, &n3);
    sc_cipher_wipe(&c);
    return rc == SC_OK && n1 + n2 + n3 != len ? SC_ELENGTH : rc;
}

static int run_mac(const char *name, const sc_cipher_opts *o, const struct vector *v, const uint8_t *in,
                   size_t len, uint8_t *tag, size_t tag_len)
{
    static sc_mac_ctx m;
    int rc = sc_mac_init_ex(&m, name, v->key, v->key_len, o);
    if (rc == SC_OK) rc = sc_mac_update(&m, in, len / 3);
    if (rc == SC_OK) rc = sc_mac_update(&m, in + len / 3, len - len / 3);
    if (rc == SC_OK) rc = sc_mac_final(&m, tag, tag_len);
    sc_mac_wipe(&m);
    return rc;
}

/* Known answer of one vector on one kernel; 0 = pass. */
static int check_kat(const struct cipher_kat *k, const char *kernel, int is_mac)
{
    struct vector v;
    uint8_t got[MAX_FIELD + 64], back[MAX_FIELD + 64];
    sc_cipher_opts o = {kernel, k->sbox};
    decode(k, &v);
    int rc;
    if (is_mac) {
        rc = run_mac(k->name, &o, &v, v.in, v.in_len, got, v.out_len);
    } else {
        rc = run_cipher(k->name, &o, 1, &v, v.in, got, v.in_len, v.in_len / 2);
        if (rc == SC_OK && memcmp(got, v.out, v.out_len) == 0)
            rc = run_cipher(k->name, &o, 0, &v, v.out, back, v.out_len, v.out_len / 2);
        if (rc == SC_OK && memcmp(back, v.in, v.in_len) != 0) rc = SC_EINVAL;
    }
    if (rc == SC_OK && memcmp(got, v.out, v.out_len) == 0) return 0;
    printf("FAIL %-8s %-24s %s (%s): %s\n", k->name, kernel, k->source, k->sbox ? k->sbox : "default",
           rc ? sc_strerror(rc) : "wrong output");
    return 1;
}

/* The vector's name, key and IV on longer inputs: kernel against portable. */
static int check_long(const struct cipher_kat *k, const sc_cipher_info *info, const char *kernel)
{
    static uint8_t in[LONG_LEN], ref[LONG_LEN + 64], got[LONG_LEN + 64];
    struct vector v;
    sc_cipher_opts o = {kernel, k->sbox}, portable = {"portable", k->sbox};
    size_t bs = info->block_size;
    const size_t lengths[] = {bs, 13 * bs, LONG_LEN / bs * bs, info->is_stream ? LONG_LEN : bs};
    uint32_t x = 0x2545F491u;
    for (size_t i = 0; i < LONG_LEN; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5; /* xorshift32 */
        in[i] = (uint8_t)x;
    }
    decode(k, &v);
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        size_t len = lengths[i], split = (len / 3) / bs * bs + (info->is_stream ? 5 : 0);
        int r1, r2;
        if (info->tag_size) {
            r1 = run_mac(k->name, &portable, &v, in, len, ref, info->tag_size);
            r2 = run_mac(k->name, &o, &v, in, len, got, info->tag_size);
            len = info->tag_size;
        } else {
            r1 = run_cipher(k->name, &portable, 1, &v, in, ref, len, split > len ? 0 : split);
            r2 = run_cipher(k->name, &o, 1, &v, in, got, len, split > len ? 0 : split);
        }
        if (r1 != SC_OK || r2 != SC_OK || memcmp(ref, got, len) != 0) {
            printf("FAIL %-8s %-24s %zu bytes: differs from portable\n", k->name, kernel, lengths[i]);
            return 1;
        }
    }
    return 0;
}

/* Every kernel of one algorithm ("kalyna", "magma"). */
static void check_algorithm(const char *alg, int *passed, int *failed, int *skipped)
{
    sc_kernel_info kern;
    for (size_t i = 0; sc_kernel_get(alg, i, &kern) == SC_OK; i++) {
        if (!kern.runnable) {
            printf("skip %-8s %s (CPU lacks a feature)\n", alg, kern.name);
            (*skipped)++;
            continue;
        }
        int failures = 0, vectors = 0;
        for (size_t j = 0; j < KATS; j++) {
            sc_cipher_info info;
            if (sc_cipher_info_get(kats[j].name, &info) != SC_OK) {
                printf("FAIL %s: unknown name in the selftest table\n", kats[j].name);
                failures++;
                continue;
            }
            if (strcmp(info.algorithm, alg) != 0) continue;
            vectors++;
            failures += check_kat(&kats[j], kern.name, info.tag_size != 0);
            failures += check_long(&kats[j], &info, kern.name);
        }
        printf("%s %-8s %s (%d vectors)\n", failures ? "FAIL" : "ok  ", alg, kern.name, vectors);
        *failed += failures != 0;
        *passed += failures == 0;
    }
}

/* Has `alg` a vector in the table? */
static int covered(const char *alg)
{
    for (size_t j = 0; j < KATS; j++) {
        sc_cipher_info info;
        if (sc_cipher_info_get(kats[j].name, &info) == SC_OK && strcmp(info.algorithm, alg) == 0) return 1;
    }
    return 0;
}

void selftest_ciphers(int *passed, int *failed, int *skipped)
{
    const char *done[16];
    size_t ndone = 0;
    for (int mac = 0; mac < 2; mac++)
        for (size_t i = 0;; i++) {
            const char *name = mac ? sc_mac_name_at(i) : sc_cipher_name_at(i);
            sc_cipher_info info;
            if (name == NULL) break;
            if (sc_cipher_info_get(name, &info) != SC_OK) continue;
            size_t d = 0;
            while (d < ndone && strcmp(done[d], info.algorithm) != 0) d++;
            if (d < ndone || ndone == sizeof done / sizeof done[0]) continue;
            done[ndone++] = info.algorithm;
            if (!covered(info.algorithm)) {
                printf("FAIL %-8s no known answer in the selftest table (src/cli/selftest_ciphers.c)\n",
                       info.algorithm);
                (*failed)++;
                continue;
            }
            check_algorithm(info.algorithm, passed, failed, skipped);
        }
}
