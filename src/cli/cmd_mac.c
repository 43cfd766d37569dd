/* simdcrypt mac: a MAC of a file (or stdin) through the generic API, printed
 * in hex.
 *
 *   simdcrypt mac -a ALG -k KEYHEX [--sbox NAME|HEX|FILE] [--kernel NAME]
 *                 [--tag-len N] [FILE|-]
 *   simdcrypt mac --list
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"

enum { CHUNK = 1 << 16 };

static int usage(void)
{
    fputs("usage: simdcrypt mac -a ALG -k KEYHEX [--sbox NAME|HEX128|FILE] [--kernel NAME]\n"
          "                     [--tag-len N] [FILE|-]\n"
          "       simdcrypt mac --list\n",
          stderr);
    return 2;
}

int cmd_mac(int argc, char **argv)
{
    const char *alg = NULL, *keyhex = NULL, *sbox = NULL, *kernel = NULL, *path = NULL;
    long tag_len = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (!strcmp(a, "--list")) {
            cli_list_names(1);
            return 0;
        } else if (!strcmp(a, "-a") && has_value) alg = argv[++i];
        else if (!strcmp(a, "-k") && has_value) keyhex = argv[++i];
        else if (!strcmp(a, "--sbox") && has_value) sbox = argv[++i];
        else if (!strcmp(a, "--kernel") && has_value) kernel = argv[++i];
        else if (!strcmp(a, "--tag-len") && has_value) {
            char *end;
            tag_len = strtol(argv[++i], &end, 10);
            if (*end || tag_len <= 0) {
                cli_error("mac: --tag-len wants a positive number of bytes");
                return 2;
            }
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) return usage() & 0;
        else if (a[0] == '-' && a[1]) {
            cli_error("mac: unknown or incomplete option '%s'", a);
            return usage();
        } else if (path == NULL) path = a;
        else {
            cli_error("mac: one input file at most");
            return usage();
        }
    }
    if (alg == NULL || keyhex == NULL) {
        cli_error("mac: -a ALG and -k KEYHEX are required");
        return usage();
    }
    sc_cipher_info info;
    if (sc_cipher_info_get(alg, &info) != SC_OK || info.tag_size == 0) {
        cli_error("mac: unknown MAC '%s' (simdcrypt mac --list)", alg);
        return 1;
    }
    if (tag_len < 0) tag_len = (long)info.tag_size;
    uint8_t key[128];
    long key_len = cli_hex_arg("mac: key", keyhex, key, sizeof key);
    if (key_len < 0) return 1;
    char sbox_buf[512];
    sc_cipher_opts opts = {kernel, NULL};
    if (sbox && (opts.sbox = cli_sbox_arg(sbox, sbox_buf, sizeof sbox_buf)) == NULL) return 1;

    sc_mac_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
    uint8_t *buf = malloc(CHUNK);
    FILE *in = stdin;
    int status = 1;
    if (ctx == NULL || buf == NULL) {
        cli_error("mac: out of memory");
        goto done;
    }
    int rc = sc_mac_init_ex(ctx, alg, key, (size_t)key_len, &opts);
    sc_wipe(key, sizeof key);
    if (rc == SC_EKEYSIZE) {
        cli_error("mac: %s takes a %zu-byte key (%zu hex digits)", alg, info.key_size, 2 * info.key_size);
        goto done;
    } else if (rc != SC_OK) {
        cli_error("mac: %s", sc_strerror(rc));
        goto done;
    }
    if (path && strcmp(path, "-") && (in = fopen(path, "rb")) == NULL) {
        cli_error("mac: cannot read '%s': %s", path, strerror(errno));
        goto done;
    }
    size_t n;
    while ((n = fread(buf, 1, CHUNK, in)) > 0) sc_mac_update(ctx, buf, n);
    if (ferror(in)) {
        cli_error("mac: read error: %s", strerror(errno));
        goto done;
    }
    uint8_t tag[64];
    rc = sc_mac_final(ctx, tag, (size_t)tag_len);
    if (rc == SC_ETAGSIZE) {
        cli_error("mac: %s tags are %zu to %zu bytes", alg, info.min_tag_size, info.tag_size);
        goto done;
    } else if (rc == SC_ELENGTH) {
        cli_error("mac: %s needs a non-empty message of whole %zu-byte blocks", alg, info.block_size);
        goto done;
    } else if (rc != SC_OK) {
        cli_error("mac: %s", sc_strerror(rc));
        goto done;
    }
    for (long i = 0; i < tag_len; i++) printf("%02x", tag[i]);
    printf("  %s\n", path ? path : "-");
    status = 0;
done:
    if (ctx) sc_mac_wipe(ctx);
    free(ctx), free(buf);
    if (in && in != stdin) fclose(in);
    return status;
}
