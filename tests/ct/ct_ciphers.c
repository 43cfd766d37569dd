/* Constant-time check (the ctgrind / TIMECOP technique): run under
 *   valgrind --tool=memcheck --error-exitcode=1 ct_ciphers
 * with the key and the data marked undefined (IVs and lengths are public). Memcheck then reports every
 * conditional jump and every memory address computed from them ("depends on
 * uninitialised value(s)"): a secret-dependent branch or table index.
 *
 * Every cipher and MAC name of the generic API (sc_cipher_name_at,
 * sc_mac_name_at) is run on every kernel of its algorithm that the CPU
 * valgrind emulates can run, so a new family (Magma) is covered as soon as
 * it is in src/cipher/cipher_table.c; CT_EXTRA_CASES below takes anything
 * else. Kernels the emulated CPU lacks (valgrind 3.19 has no AVX-512) are
 * listed as skipped.
 *
 * Exit status: 0 clean (valgrind's --error-exitcode turns findings into 1),
 * 77 when built without <valgrind/memcheck.h> (ctest: skipped). */
#include <simdcrypt.h>
#include <stdio.h>
#include <string.h>

#if defined(SC_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#endif

enum { DATA = 3 * 64 + 5 };

static size_t tested, skipped;

/* Run one cipher or MAC name on one kernel with secret key/IV/data. */
static int run_case(const char *name, const char *kernel, int is_mac)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(name, &info) != SC_OK) return 1;
    uint8_t key[128], iv[128], in[DATA], out[DATA + 64], tag[64];
    memset(key, 0x5a, sizeof key), memset(iv, 0xa5, sizeof iv);
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 7);
    SECRET(key, sizeof key), SECRET(in, sizeof in);
    /* Lengths are public: a whole number of blocks (two and a bit, so both
     * the multi-block and the tail paths run) or any length for streams. */
    size_t len = info.is_stream ? sizeof in : (sizeof in / info.block_size) * info.block_size;
    sc_cipher_opts opts = {kernel, NULL};
    int rc;
    if (is_mac) {
        sc_mac_ctx m;
        rc = sc_mac_init_ex(&m, name, key, info.key_size, &opts);
        if (rc == SC_OK) rc = sc_mac_update(&m, in, len);
        if (rc == SC_OK) rc = sc_mac_final(&m, tag, info.tag_size);
        sc_mac_wipe(&m);
    } else {
        rc = SC_OK;
        for (int encrypt = 0; encrypt < 2 && rc == SC_OK; encrypt++) {
            sc_cipher_ctx c;
            size_t n, fin;
            rc = sc_cipher_init_ex(&c, name, encrypt, key, info.key_size, info.iv_size ? iv : NULL, info.iv_size,
                                   &opts);
            if (rc == SC_OK) rc = sc_cipher_update(&c, in, len, out, sizeof out, &n);
            if (rc == SC_OK) rc = sc_cipher_final(&c, out + n, sizeof out - n, &fin);
            sc_cipher_wipe(&c);
        }
    }
    PUBLIC(out, sizeof out), PUBLIC(tag, sizeof tag);
    if (rc != SC_OK) {
        printf("FAIL %s on %s: %s\n", name, kernel, sc_strerror(rc));
        return 1;
    }
    tested++;
    return 0;
}

/* Every runnable kernel of the name's algorithm. */
static int run_name(const char *name, int is_mac)
{
    sc_cipher_info info;
    sc_cipher_info_get(name, &info);
    int failures = 0;
    for (size_t i = 0; i < sc_kernel_count(info.algorithm); i++) {
        sc_kernel_info k;
        sc_kernel_get(info.algorithm, i, &k);
        if (!k.runnable) {
            if (is_mac || strstr(name, "-ecb")) printf("skip %s on %s: not runnable on this (emulated) CPU\n", name, k.name);
            skipped++;
            continue;
        }
        failures += run_case(name, k.name, is_mac);
    }
    return failures;
}

/* Extra cases a family may want beyond its generic names: { name, is_mac }. */
#define CT_EXTRA_CASES /* e.g. {"magma-ecb", 0}, */
static const struct {
    const char *name;
    int is_mac;
} extra_cases[] = {CT_EXTRA_CASES{NULL, 0}};

int main(void)
{
#if !defined(SC_HAVE_MEMCHECK_H)
    puts("skipped: built without <valgrind/memcheck.h>");
    return 77;
#else
    if (!RUNNING_ON_VALGRIND) puts("note: not running under valgrind: this only checks that the cases run");
    int failures = 0;
    const char *name;
    for (size_t i = 0; (name = sc_cipher_name_at(i)) != NULL; i++) failures += run_name(name, 0);
    for (size_t i = 0; (name = sc_mac_name_at(i)) != NULL; i++) failures += run_name(name, 1);
    for (size_t i = 0; extra_cases[i].name; i++) failures += run_name(extra_cases[i].name, extra_cases[i].is_mac);
    printf("%zu name/kernel cases checked, %zu skipped, %d failed\n", tested, skipped, failures);
    return failures ? 1 : 0;
#endif
}
