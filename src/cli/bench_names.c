/* simdcrypt speed: the benchmark names of ciphers and MACs (bench.h).
 *
 * A speed name is a cipher name of sc_cipher_name_at() (which encrypts), the
 * same name with "-dec" when the direction costs something different (ECB and
 * CBC: the inverse cipher, and CBC decryption is parallel while CBC
 * encryption is a serial chain), or a MAC name of sc_mac_name_at(). Counter
 * modes (ctr, cnt) are their own inverse: no "-dec" name.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

static const char dec_suffix[] = "-dec";

static int has_direction(const char *mode) { return !strcmp(mode, "ecb") || !strcmp(mode, "cbc"); }

int bench_cipher_parse(const char *speed_name, sc_cipher_info *info, int *decrypt)
{
    char base[BENCH_NAME_MAX];
    size_t n = strlen(speed_name), s = sizeof dec_suffix - 1;
    *decrypt = n > s && n - s < sizeof base && !strcmp(speed_name + n - s, dec_suffix);
    if (n >= sizeof base) return 0;
    memcpy(base, speed_name, n + 1);
    if (*decrypt) base[n - s] = '\0';
    if (sc_cipher_info_get(base, info) != SC_OK) return 0;
    if (*decrypt && !has_direction(info->mode)) return 0;
    return 1;
}

/* Built once: every cipher name, its "-dec" twin right after it, then the
 * MACs. The strings live as long as the process (cases point at them). */
static const char **names;
static size_t name_count;

static void build(void)
{
    size_t cap = 0;
    for (size_t i = 0; sc_cipher_name_at(i); i++) cap += 2;
    for (size_t i = 0; sc_mac_name_at(i); i++) cap++;
    names = calloc(cap + 1, sizeof *names);
    if (names == NULL) {
        fputs("simdcrypt: out of memory\n", stderr);
        exit(1);
    }
    for (size_t i = 0; sc_cipher_name_at(i); i++) {
        const char *name = sc_cipher_name_at(i);
        sc_cipher_info info;
        names[name_count++] = name;
        if (sc_cipher_info_get(name, &info) != SC_OK || !has_direction(info.mode)) continue;
        size_t len = strlen(name) + sizeof dec_suffix;
        char *dec = malloc(len);
        if (dec == NULL) {
            fputs("simdcrypt: out of memory\n", stderr);
            exit(1);
        }
        snprintf(dec, len, "%s%s", name, dec_suffix);
        names[name_count++] = dec;
    }
    for (size_t i = 0; sc_mac_name_at(i); i++) names[name_count++] = sc_mac_name_at(i);
}

const char *bench_cipher_name_at(size_t index)
{
    if (names == NULL) build();
    return index < name_count ? names[index] : NULL;
}
