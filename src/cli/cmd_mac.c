/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt mac: a MAC of a file (or stdin) through the generic API, printed
 * in hex, or checked against an expected tag.
 *
 *   simdcrypt mac -a ALG KEY [--nonce HEX] [--sbox NAME|HEX|FILE] [--kernel NAME]
 *                 [--tag-len N | --verify TAGHEX] [FILE|-]
 *   simdcrypt mac --list
 *
 * MACs with a nonce (aes-*-gmac) get it from --nonce through
 * sc_mac_init_nonce; the others refuse one.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"
#include "key_input.h"

enum { CHUNK = 1 << 16, MAX_TAG = 64 };

static int usage(FILE *f)
{
    fputs("usage: simdcrypt mac -a ALG KEY [--nonce HEX] [--sbox NAME|HEX128|FILE] [--kernel NAME]\n"
          "                     [--key-meshing cryptopro|none] [--short-mac cryptopro|bc]\n"
          "                     [--tag-len N | --verify TAGHEX] [FILE|-]\n"
          "       simdcrypt mac --list\n"
          CLI_KEY_HELP
          CLI_MODE_HELP
          "--nonce HEX: required by the MACs that take one (aes-*-gmac: 1 byte or more, 12\n"
          "recommended, never twice with one key), refused by the others. ghash: raw GHASH\n"
          "under the 16-byte key H, of a message of whole 16-byte blocks.\n"
          "Prints \"TAGHEX  FILE\". --verify TAGHEX prints nothing and compares in constant\n"
          "time with the tag of TAGHEX's length (a truncated tag is fine).\n"
          "Exit status: 0 success (tag matches), 1 failure or tag mismatch, 2 bad command line.\n",
          f);
    return f == stdout ? 0 : 2;
}

struct request {
    cli_common_args args;
    const char *path, *verify, *nonce;
    long tag_len;
    cli_mode_args mode;
};

static int parse(int argc, char **argv, struct request *r)
{
    static const struct option longopts[] = {CLI_COMMON_LONGOPTS,
                                             {"tag-len", required_argument, NULL, 'T'},
                                             {"verify", required_argument, NULL, 'V'},
                                             {"nonce", required_argument, NULL, 'N'},
                                             CLI_MODE_LONGOPTS,
                                             {NULL, 0, NULL, 0}};
    int c, mode;
    memset(r, 0, sizeof *r);
    r->tag_len = -1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, CLI_COMMON_SHORTOPTS, longopts, NULL)) != -1) {
        if (cli_common_option(c, optarg, &r->args)) continue;
        if ((mode = cli_mode_option("mac", c, optarg, &r->mode)) != 0) {
            if (mode == 1) continue;
            return mode;
        }
        switch (c) {
        case 'L': cli_list_names(sc_mac_name_at); return 0;
        case 'h': return usage(stdout);
        case 'V': r->verify = optarg; break;
        case 'N': r->nonce = optarg; break;
        case 'T':
            if (cli_tag_len_arg("mac", optarg, MAX_TAG, &r->tag_len)) return 2;
            break;
        default: return cli_bad_option("mac", argv, optind);
        }
    }
    if (optind < argc) r->path = argv[optind++];
    if (optind < argc) return cli_usage_error("mac: one input file at most");
    if (r->path && !strcmp(r->path, "-")) r->path = NULL;
    if (r->args.alg == NULL || cli_key_source_count(&r->args.key) != 1)
        return cli_usage_error("mac: -a ALG and one key (-k, --key-file or --key-env) are required");
    if (r->verify && r->tag_len >= 0)
        return cli_usage_error("mac: --verify takes the tag length from TAGHEX: leave out --tag-len");
    if (r->args.key.file && !strcmp(r->args.key.file, "-") && r->path == NULL)
        return cli_usage_error("mac: --key-file - reads stdin: give the message as FILE");
    return -1; /* go on */
}

/* Key, nonce and S-box into an initialised context. 0 or 1. */
static int start(sc_mac_ctx *ctx, struct request *r, const sc_cipher_info *info, char *sbox_buf, size_t sbox_cap)
{
    uint8_t key[128], *nonce = NULL;
    long key_len = cli_key_read("mac", &r->args.key, info->key_size, key, sizeof key);
    long nonce_len = r->nonce && key_len >= 0 ? cli_hex_arg_alloc("mac: --nonce", r->nonce, &nonce) : 0;
    sc_cipher_opts opts = {.kernel = r->args.kernel, .sbox = NULL};
    cli_mode_apply(&r->mode, &opts);
    int status = 1;
    if (key_len >= 0 && nonce_len >= 0 &&
        (!r->args.sbox || (opts.sbox = cli_sbox_arg(r->args.sbox, sbox_buf, sbox_cap)))) {
        int rc = r->nonce ? sc_mac_init_nonce(ctx, r->args.alg, key, (size_t)key_len, nonce, (size_t)nonce_len, &opts)
                          : sc_mac_init_ex(ctx, r->args.alg, key, (size_t)key_len, &opts);
        if (rc == SC_EKEYSIZE)
            cli_error("mac: %s takes a %zu-byte key (%zu hex digits)", r->args.alg, info->key_size, 2 * info->key_size);
        else if (rc == SC_EIVSIZE && info->iv_size)
            cli_error("mac: --nonce: %s takes a nonce of 1 byte or more (%zu recommended)", r->args.alg,
                      info->iv_size);
        else if (rc == SC_EIVSIZE) cli_error("mac: %s takes no nonce", r->args.alg);
        else if (rc != SC_OK) cli_error("mac: %s", sc_strerror(rc));
        status = rc != SC_OK;
    }
    sc_wipe(key, sizeof key);
    free(nonce);
    return status;
}

/* The message through ctx, then the tag (tag_len bytes) or its check. */
static int run(sc_mac_ctx *ctx, const struct request *r, const sc_cipher_info *info, FILE *in, uint8_t *buf)
{
    uint8_t tag[MAX_TAG], expected[MAX_TAG];
    long tag_len = r->tag_len < 0 ? (long)info->tag_size : r->tag_len;
    int rc = SC_OK, status = 1;
    size_t n;
    if (r->verify && (tag_len = cli_hex_arg("mac: --verify", r->verify, expected, sizeof expected)) < 0) return 1;
    while (rc == SC_OK && (n = fread(buf, 1, CHUNK, in)) > 0) rc = sc_mac_update(ctx, buf, n);
    if (rc != SC_OK) cli_error("mac: %s", sc_strerror(rc));
    else if (ferror(in)) cli_error("mac: cannot read %s: %s", r->path ? r->path : "standard input", strerror(errno));
    else if ((rc = sc_mac_final(ctx, tag, (size_t)tag_len)) == SC_ETAGSIZE)
        cli_error("mac: %s tags are %zu to %zu bytes", r->args.alg, info->min_tag_size, info->tag_size);
    else if (rc == SC_ELENGTH)
        cli_error("mac: %s needs a %smessage of whole %zu-byte blocks", r->args.alg,
                  strcmp(info->mode, "ghash") ? "non-empty " : "", info->block_size);
    else if (rc != SC_OK) cli_error("mac: %s", sc_strerror(rc));
    else if (r->verify) {
        /* Constant time: nothing about where the tags differ shows. */
        status = sc_memeq(tag, expected, (size_t)tag_len) ? 0 : cli_error("mac: tag mismatch");
    } else {
        for (long i = 0; i < tag_len; i++) printf("%02x", tag[i]);
        printf("  %s\n", r->path ? r->path : "-");
        status = 0; /* main() checks that stdout took it */
    }
    sc_wipe(tag, sizeof tag);
    sc_wipe(expected, sizeof expected);
    return status;
}

static int mac(struct request *r)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(r->args.alg, &info) != SC_OK || info.tag_size == 0)
        return cli_error("mac: unknown MAC '%s' (simdcrypt mac --list)", r->args.alg);
    /* Which MACs take a nonce is known from the name alone: a command-line
     * mistake, caught before the key is read. */
    if (r->nonce && info.iv_size == 0)
        return cli_usage_error("mac: %s takes no nonce (--nonce is for the MACs that do, aes-*-gmac)", r->args.alg);
    if (!r->nonce && info.iv_size)
        return cli_usage_error("mac: %s needs --nonce HEX (a new one for every message under a key)", r->args.alg);
    if (cli_mode_args_check("mac", info.name, 1, &r->mode)) return 2;
    sc_mac_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
    uint8_t *buf = malloc(CHUNK);
    char sbox_buf[512] = {0};
    FILE *in = NULL;
    int status = 1;
    if (ctx == NULL || buf == NULL) cli_error("mac: out of memory");
    else if (r->path && (in = fopen(r->path, "rb")) == NULL)
        cli_error("mac: cannot read '%s': %s", r->path, strerror(errno));
    else if (start(ctx, r, &info, sbox_buf, sizeof sbox_buf) == 0)
        status = run(ctx, r, &info, in ? in : stdin, buf);
    if (ctx) sc_mac_wipe(ctx);
    if (buf) sc_wipe(buf, CHUNK);
    sc_wipe(sbox_buf, sizeof sbox_buf);
    free(ctx), free(buf);
    if (in) fclose(in);
    return status;
}

int cmd_mac(int argc, char **argv)
{
    struct request r;
    int status = parse(argc, argv, &r);
    if (status < 0) status = mac(&r);
    cli_key_forget(&r.args.key); /* on every path, read or not */
    return status;
}
