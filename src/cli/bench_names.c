/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the benchmark names of ciphers, MACs and AEADs (bench.h).
 *
 * A speed name is a cipher name of sc_cipher_name_at() (which encrypts), the
 * same name with "-dec" when the direction costs something different (ECB and
 * CBC: the inverse cipher, and CBC decryption is parallel while CBC
 * encryption is a serial chain), a MAC name of sc_mac_name_at(), or an AEAD
 * name of sc_aead_name_at() (seal) and the same with "-open". Counter modes
 * (ctr, cnt) are their own inverse: no "-dec" name. Hash and XOF names are
 * the library's own (sc_hash_name_at), after all of those.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

static const char dec_suffix[] = "-dec", open_suffix[] = "-open";

static int has_direction(const char *mode)
{
    return !strcmp(mode, "ecb") || !strcmp(mode, "cbc") || !strcmp(mode, "cfb") || !strcmp(mode, "xts");
}

/* speed_name without `suffix` into base: 1 when it had the suffix. */
static int strip_suffix(const char *speed_name, const char *suffix, char base[BENCH_NAME_MAX])
{
    size_t n = strlen(speed_name), s = strlen(suffix);
    int had = n > s && !strcmp(speed_name + n - s, suffix);
    if (had) n -= s;
    if (n >= BENCH_NAME_MAX) n = 0; /* no name is that long: "" matches none */
    memcpy(base, speed_name, n);
    base[n] = '\0';
    return had;
}

int bench_cipher_parse(const char *speed_name, sc_cipher_info *info, int *decrypt)
{
    char base[BENCH_NAME_MAX];
    *decrypt = strip_suffix(speed_name, dec_suffix, base);
    if (sc_cipher_info_get(base, info) != SC_OK || info->one_shot) return 0; /* key wrap: not a bulk mode */
    if (*decrypt && !has_direction(info->mode)) return 0;
    return 1;
}

int bench_aead_parse(const char *speed_name, sc_aead_info *info, int *open)
{
    char base[BENCH_NAME_MAX];
    *open = strip_suffix(speed_name, open_suffix, base);
    return sc_aead_info_get(base, info) == SC_OK;
}

const char *bench_speed_family(const char *speed_name)
{
    sc_cipher_info info;
    sc_aead_info aead;
    int flag;
    if (bench_cipher_parse(speed_name, &info, &flag)) return info.algorithm;
    if (bench_aead_parse(speed_name, &aead, &flag)) return aead.algorithm;
    sc_hash_info hash;
    if (sc_hash_info_get(speed_name, &hash) == SC_OK) return hash.algorithm;
    return NULL;
}

size_t bench_hash_out_len(const sc_hash_info *info)
{
    if (!info->is_xof) return info->digest_size;
    /* shake256, turboshake256: 64 bytes; shake128, turboshake128 and
     * kangarootwelve (KT128): 32, twice their security level in bits/8. */
    return strstr(info->name, "256") ? 64 : 32;
}

/* Built once: every cipher name, its "-dec" twin right after it, the MACs,
 * then every AEAD name and its "-open" twin. The strings live as long as the
 * process (cases point at them). */
static const char **names;
static size_t name_count;

static void out_of_memory(void)
{
    fputs("simdcrypt: out of memory\n", stderr);
    exit(1);
}

/* Append `name` and then, when `suffix` is given, name + suffix. */
static void add_with_twin(const char *name, const char *suffix)
{
    names[name_count++] = name;
    if (suffix == NULL) return;
    size_t len = strlen(name) + strlen(suffix) + 1;
    char *twin = malloc(len);
    if (twin == NULL) out_of_memory();
    snprintf(twin, len, "%s%s", name, suffix);
    names[name_count++] = twin;
}

static void build(void)
{
    size_t cap = 0;
    for (size_t i = 0; sc_cipher_name_at(i); i++) cap += 2;
    for (size_t i = 0; sc_mac_name_at(i); i++) cap++;
    for (size_t i = 0; sc_aead_name_at(i); i++) cap += 2;
    names = calloc(cap + 1, sizeof *names);
    if (names == NULL) out_of_memory();
    for (size_t i = 0; sc_cipher_name_at(i); i++) {
        sc_cipher_info info;
        int twin = sc_cipher_info_get(sc_cipher_name_at(i), &info) == SC_OK && has_direction(info.mode);
        if (info.one_shot) continue;
        add_with_twin(sc_cipher_name_at(i), twin ? dec_suffix : NULL);
    }
    for (size_t i = 0; sc_mac_name_at(i); i++) add_with_twin(sc_mac_name_at(i), NULL);
    for (size_t i = 0; sc_aead_name_at(i); i++) add_with_twin(sc_aead_name_at(i), open_suffix);
}

const char *bench_cipher_name_at(size_t index)
{
    if (names == NULL) build();
    return index < name_count ? names[index] : NULL;
}

const char *bench_speed_name_at(size_t index)
{
    const char *cipher = bench_cipher_name_at(index);
    return cipher ? cipher : sc_hash_name_at(index - name_count);
}
