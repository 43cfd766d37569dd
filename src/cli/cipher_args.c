/* SPDX-License-Identifier: Apache-2.0 */
/* Argument helpers for the cipher and mac commands. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simdcrypt/magma.h>

#include "cipher_args.h"
#include "cli.h"
#include "key_input.h"

long cli_hex_arg(const char *what, const char *hex, uint8_t *out, size_t cap)
{
    return cli_hex_text(what, hex, strlen(hex), out, cap);
}

long cli_hex_arg_alloc(const char *what, const char *hex, uint8_t **out)
{
    size_t cap = strlen(hex) / 2 + 1;
    if ((*out = malloc(cap)) == NULL) return -cli_error("%s: out of memory", what);
    return cli_hex_arg(what, hex, *out, cap);
}

int cli_common_option(int c, char *arg, cli_common_args *a)
{
    switch (c) {
    case 'a': a->alg = arg; return 1;
    case 'k': a->key.hex = arg; return 1;
    case 'F': a->key.file = arg; return 1;
    case 'E': a->key.env = arg; return 1;
    case 'S': a->sbox = arg; return 1;
    case 'K': a->kernel = arg; return 1;
    default: return 0;
    }
}

const char *cli_sbox_arg(const char *arg, char *buf, size_t cap)
{
    uint8_t known[8][16];
    if (sc_magma_sbox_named(arg, known) == SC_OK) return arg; /* a name or an OID (which has dots) */
    FILE *f = strchr(arg, '/') || strchr(arg, '.') ? fopen(arg, "r") : NULL;
    if (f == NULL) {
        if (strchr(arg, '/') || strchr(arg, '.')) {
            cli_error("--sbox: cannot read file '%s'", arg);
            return NULL;
        }
        return arg; /* a name or hex: the cipher checks it */
    }
    size_t n = 0;
    int c;
    while ((c = fgetc(f)) != EOF)
        if (!isspace(c)) {
            if (n + 1 >= cap) {
                fclose(f);
                cli_error("--sbox: file '%s' is too long for an S-box", arg);
                return NULL;
            }
            buf[n++] = (char)c;
        }
    fclose(f);
    buf[n] = 0;
    return buf;
}

int cli_tag_len_arg(const char *who, const char *arg, long max, long *out)
{
    char *end;
    *out = strtol(arg, &end, 10);
    if (*end || end == arg || *out <= 0 || *out > max)
        return cli_usage_error("%s: --tag-len wants a number of bytes from 1 to %ld", who, max);
    return 0;
}

void cli_list_names(const char *(*name_at)(size_t))
{
    const char *name;
    for (size_t i = 0; (name = name_at(i)) != NULL; i++) puts(name);
}

int cli_mode_option(const char *who, int c, const char *arg, cli_mode_args *m)
{
    switch (c) {
    case 'G': {
        char *end;
        errno = 0;
        unsigned long v = strtoul(arg, &end, 10);
        if (errno || end == arg || *end || arg[0] == '-' || v == 0 || v % 8 || v > 512 /* Kalyna-512 */)
            return cli_usage_error("%s: --segment takes a number of bits, a multiple of 8 up to the block size, "
                                   "not '%s'",
                                   who, arg);
        m->segment_bits = (uint32_t)v;
        return 1;
    }
    case 'M':
        if (!strcmp(arg, "cryptopro")) m->key_meshing = SC_KEY_MESHING_CRYPTOPRO;
        else if (!strcmp(arg, "none")) m->key_meshing = SC_KEY_MESHING_NONE;
        else return cli_usage_error("%s: --key-meshing takes cryptopro or none, not '%s'", who, arg);
        return 1;
    case 'W':
        if (!strcmp(arg, "cryptopro")) m->short_mac = SC_SHORT_MAC_CRYPTOPRO;
        else if (!strcmp(arg, "bc")) m->short_mac = SC_SHORT_MAC_BC;
        else return cli_usage_error("%s: --short-mac takes cryptopro or bc, not '%s'", who, arg);
        return 1;
    default: return 0;
    }
}

void cli_mode_apply(const cli_mode_args *m, sc_cipher_opts *opts)
{
    opts->segment_bits = m->segment_bits;
    opts->key_meshing = m->key_meshing;
    opts->short_mac = m->short_mac;
}

int cli_mode_args_check(const char *who, const char *alg, int mac, const cli_mode_args *m)
{
    if (!m->segment_bits && !m->key_meshing && !m->short_mac) return 0;
    sc_cipher_info info;
    if (sc_cipher_info_get(alg, &info) != SC_OK) return 0; /* the command reports the unknown name */
    /* A key of distinct bytes (XTS refuses identical halves) and an IV of
     * the name's size: only the options can make this init fail. */
    uint8_t key[256], iv[256] = {0};
    sc_cipher_opts opts = {0};
    for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)(i + 1);
    cli_mode_apply(m, &opts);
    int rc;
    if (mac) {
        sc_mac_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
        if (ctx == NULL) return cli_error("%s: out of memory", who);
        rc = info.iv_size ? sc_mac_init_nonce(ctx, alg, key, info.key_size, iv, info.iv_size, &opts)
                          : sc_mac_init_ex(ctx, alg, key, info.key_size, &opts);
        sc_mac_wipe(ctx);
        free(ctx);
    } else {
        sc_cipher_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
        if (ctx == NULL) return cli_error("%s: out of memory", who);
        rc = sc_cipher_init_ex(ctx, alg, 1, key, info.key_size, info.iv_size ? iv : NULL, info.iv_size, &opts);
        sc_cipher_wipe(ctx);
        free(ctx);
    }
    if (rc != SC_EINVAL) return 0; /* other errors are the real key's or IV's to report */
    return cli_usage_error("%s: %s does not take%s%s%s (or not that value)", who, alg,
                           m->segment_bits ? " --segment" : "", m->key_meshing ? " --key-meshing" : "",
                           m->short_mac ? " --short-mac" : "");
}
