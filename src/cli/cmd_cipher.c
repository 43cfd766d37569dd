/* simdcrypt cipher: raw encryption/decryption through the generic API, like
 * `openssl enc -K KEY -iv IV -nopad`: no padding, no header, streaming.
 *
 *   simdcrypt cipher -a ALG -e|-d -k KEYHEX [--iv HEX] [--sbox NAME|HEX|FILE]
 *                    [--kernel NAME] [-i FILE] [-o FILE]
 *   simdcrypt cipher --list
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"

enum { CHUNK = 1 << 16 };

static int usage(void)
{
    fputs("usage: simdcrypt cipher -a ALG -e|-d -k KEYHEX [--iv HEX] [--sbox NAME|HEX128|FILE]\n"
          "                        [--kernel NAME] [-i FILE] [-o FILE]\n"
          "       simdcrypt cipher --list\n"
          "Raw mode (like openssl enc -nopad): no padding, no header; ECB/CBC input must be\n"
          "a whole number of blocks. stdin/stdout by default.\n",
          stderr);
    return 2;
}

static int fail_status(const char *what, int rc, const char *alg)
{
    sc_cipher_info info;
    sc_cipher_info_get(alg, &info);
    switch (rc) {
    case SC_EKEYSIZE: return cli_error("%s: %s takes a %zu-byte key (%zu hex digits)", what, alg, info.key_size, 2 * info.key_size);
    case SC_EIVSIZE:
        if (info.iv_size == 0) return cli_error("%s: %s takes no IV", what, alg);
        return cli_error("%s: %s takes a %zu-byte IV (%zu hex digits)", what, alg, info.iv_size, 2 * info.iv_size);
    case SC_ELENGTH:
        return cli_error("%s: input is not a whole number of %zu-byte blocks (raw mode adds no padding)", what,
                         info.block_size);
    default: return cli_error("%s: %s", what, sc_strerror(rc));
    }
}

int cmd_cipher(int argc, char **argv)
{
    const char *alg = NULL, *keyhex = NULL, *ivhex = NULL, *sbox = NULL, *kernel = NULL;
    const char *in_path = NULL, *out_path = NULL;
    int encrypt = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (!strcmp(a, "--list")) {
            cli_list_names(0);
            return 0;
        } else if (!strcmp(a, "-e")) encrypt = 1;
        else if (!strcmp(a, "-d")) encrypt = 0;
        else if (!strcmp(a, "-a") && has_value) alg = argv[++i];
        else if (!strcmp(a, "-k") && has_value) keyhex = argv[++i];
        else if (!strcmp(a, "--iv") && has_value) ivhex = argv[++i];
        else if (!strcmp(a, "--sbox") && has_value) sbox = argv[++i];
        else if (!strcmp(a, "--kernel") && has_value) kernel = argv[++i];
        else if (!strcmp(a, "-i") && has_value) in_path = argv[++i];
        else if (!strcmp(a, "-o") && has_value) out_path = argv[++i];
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) return usage() & 0;
        else {
            cli_error("cipher: unknown or incomplete option '%s'", a);
            return usage();
        }
    }
    if (alg == NULL || keyhex == NULL || encrypt < 0) {
        cli_error("cipher: -a ALG, -k KEYHEX and one of -e/-d are required");
        return usage();
    }
    sc_cipher_info info;
    if (sc_cipher_info_get(alg, &info) != SC_OK || info.tag_size != 0) {
        cli_error("cipher: unknown cipher '%s' (simdcrypt cipher --list)%s", alg,
                  info.tag_size ? "; it is a MAC: use simdcrypt mac" : "");
        return 1;
    }
    uint8_t key[128], iv[128];
    long key_len = cli_hex_arg("cipher: key", keyhex, key, sizeof key);
    long iv_len = ivhex ? cli_hex_arg("cipher: IV", ivhex, iv, sizeof iv) : 0;
    if (key_len < 0 || iv_len < 0) return 1;
    char sbox_buf[512];
    sc_cipher_opts opts = {kernel, NULL};
    if (sbox && (opts.sbox = cli_sbox_arg(sbox, sbox_buf, sizeof sbox_buf)) == NULL) return 1;

    sc_cipher_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
    uint8_t *inbuf = malloc(CHUNK), *outbuf = malloc(CHUNK + 64);
    int status = 1;
    FILE *in = stdin, *out = stdout;
    if (ctx == NULL || inbuf == NULL || outbuf == NULL) {
        cli_error("cipher: out of memory");
        goto done;
    }
    int rc = sc_cipher_init_ex(ctx, alg, encrypt, key, (size_t)key_len, iv_len ? iv : NULL, (size_t)iv_len, &opts);
    sc_wipe(key, sizeof key);
    if (rc != SC_OK) {
        fail_status("cipher", rc, alg);
        goto done;
    }
    if (in_path && (in = fopen(in_path, "rb")) == NULL) {
        cli_error("cipher: cannot read '%s': %s", in_path, strerror(errno));
        goto done;
    }
    if (out_path && (out = fopen(out_path, "wb")) == NULL) {
        cli_error("cipher: cannot write '%s': %s", out_path, strerror(errno));
        goto done;
    }
    size_t n, wrote;
    while ((n = fread(inbuf, 1, CHUNK, in)) > 0) {
        rc = sc_cipher_update(ctx, inbuf, n, outbuf, CHUNK + 64, &wrote);
        if (rc != SC_OK) {
            fail_status("cipher", rc, alg);
            goto done;
        }
        if (fwrite(outbuf, 1, wrote, out) != wrote) {
            cli_error("cipher: write error: %s", strerror(errno));
            goto done;
        }
    }
    if (ferror(in)) {
        cli_error("cipher: read error on '%s': %s", in_path ? in_path : "stdin", strerror(errno));
        goto done;
    }
    rc = sc_cipher_final(ctx, outbuf, CHUNK + 64, &wrote);
    if (rc != SC_OK) {
        fail_status("cipher", rc, alg);
        goto done;
    }
    if (fwrite(outbuf, 1, wrote, out) != wrote || fflush(out) != 0) {
        cli_error("cipher: write error: %s", strerror(errno));
        goto done;
    }
    status = 0;
done:
    if (ctx) sc_cipher_wipe(ctx);
    if (inbuf) sc_wipe(inbuf, CHUNK);
    if (outbuf) sc_wipe(outbuf, CHUNK + 64);
    free(ctx), free(inbuf), free(outbuf);
    if (in && in != stdin) fclose(in);
    if (out && out != stdout && fclose(out) != 0 && status == 0) status = cli_error("cipher: cannot close output");
    return status;
}
