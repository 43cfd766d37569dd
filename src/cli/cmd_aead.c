/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt aead: authenticated encryption with associated data (AES-GCM)
 * through the AEAD API (simdcrypt/aead.h).
 *
 *   simdcrypt aead -a ALG -e|-d KEY --nonce HEX [--aad HEX | --aad-file FILE]
 *                  [--tag-len N] [--kernel NAME] [-i FILE] [-o FILE] [--in-place]
 *   simdcrypt aead --list
 *
 * -e writes ciphertext || tag. -d reads ciphertext || tag and releases the
 * plaintext only once the tag verified: into -o FILE it streams (through
 * the UNVERIFIED call, so memory stays bounded) to the temporary file that
 * output_file.c renames onto FILE only on success; to what is written
 * directly (stdout, a device, a FIFO) it is held in memory until then, so a
 * forged message never shows a byte of plaintext anywhere.
 *
 * One-shot AEADs (info.one_shot, DSTU 7624 CCM: its first MAC block holds
 * every length) cannot stream: their input and AAD are read whole (at most
 * WHOLE_MAX bytes each) and go through sc_aead_seal / sc_aead_open; the
 * output is written only after that succeeded.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <simdcrypt/aead.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"
#include "cli_io.h"
#include "key_input.h"
#include "output_file.h"

/* WHOLE_MAX: the input (and AAD file) limit of the one-shot AEADs (info.one_shot). */
enum { CHUNK = 1 << 16, MAX_TAG = 64, MAX_KEY = 64, WHOLE_MAX = 64 << 20 };

static int usage(FILE *f)
{
    fputs("usage: simdcrypt aead -a ALG -e|-d KEY --nonce HEX [--aad HEX | --aad-file FILE]\n"
          "                      [--tag-len N] [--sbox NAME|HEX128|FILE] [--kernel NAME]\n"
          "                      [-i FILE] [-o FILE] [--in-place]\n"
          "       simdcrypt aead --list\n"
          CLI_KEY_HELP
          "--nonce HEX: 1 byte or more (12 recommended, the fast path). Never encrypt two\n"
          "messages with one key and nonce: GCM then loses confidentiality and authenticity.\n"
          "--aad HEX / --aad-file FILE (- reads stdin): data authenticated, not encrypted.\n"
          "--sbox: the S-box of the GOST ciphers (magma-mgm), as for simdcrypt cipher.\n"
          "--tag-len N: tag bytes (GCM: 16 default, 15, 14, 13, 12, 8 or 4; short tags are\n"
          "weaker, see SP 800-38D appendix C).\n"
          "One-shot AEADs (kalyna-*-ccm) read the whole input and AAD first: at most 64 MiB.\n"
          "-e writes ciphertext || tag. -d reads ciphertext || tag and writes the plaintext\n"
          "only once the tag verified; otherwise it fails with \"authentication failed\" and\n"
          "writes nothing. Input: -i FILE or stdin. Output: -o FILE or stdout:\n"
          "  -o FILE     written to a temporary file next to FILE and renamed onto it on\n"
          "              success; on any error it is removed and FILE is left untouched\n"
          "              (-d streams unverified plaintext into that temporary file: keep\n"
          "              its directory private when that matters). -o naming the input is\n"
          "              refused unless --in-place is given (--in-place without -o\n"
          "              replaces -i FILE).\n"
          "  stdout (or -o naming a device or FIFO): -d holds the plaintext in memory until\n"
          "              the tag verified (use -o FILE for messages larger than memory);\n"
          "              -e streams (a read error in the middle leaves what came before).\n"
          "Exit status: 0 success, 1 failure (authentication included), 2 bad command line.\n",
          f);
    return f == stdout ? 0 : 2;
}

/* What the command line asked for. */
struct request {
    cli_common_args args;
    cli_io_args io;
    const char *nonce_hex, *aad_hex, *aad_file;
    long tag_len; /* -1: the algorithm's full tag */
    size_t nonce_len;
};

/* What one run reads and writes. */
struct io {
    FILE *in;
    cli_out out;
    cli_held held; /* -d to a direct output: the plaintext until the tag verified */
    uint8_t *inbuf;  /* CHUNK + MAX_TAG */
    uint8_t *outbuf; /* CHUNK */
    uint8_t *nonce;  /* kept for the one-shot call */
    cli_held aad;    /* one-shot: the whole AAD */
};

/* "16, 15, 14, 13, 12, 8 or 4" from a tag_sizes bit set (bit t - 1 for t
 * bytes), or "8 to 64" when they are one run. */
static void tag_sizes_text(uint64_t sizes, char *buf, size_t cap)
{
    int total = 0, seen = 0, lo = 0, hi = 0;
    size_t n = 0;
    buf[0] = 0;
    for (int t = 64; t > 0; t--)
        if (sizes >> (t - 1) & 1) total++, lo = t, hi = hi ? hi : t;
    if (total > 2 && hi - lo + 1 == total) {
        snprintf(buf, cap, "%d to %d", lo, hi);
        return;
    }
    for (int t = 64; t > 0 && n < cap; t--)
        if (sizes >> (t - 1) & 1) {
            seen++;
            n += (size_t)snprintf(buf + n, cap - n, "%s%d", seen == 1 ? "" : seen == total ? " or " : ", ", t);
        }
}

/* The message for a library error; returns 1. */
static int fail(int rc, const sc_aead_info *info)
{
    char sizes[320];
    switch (rc) {
    case SC_EAUTH:
        return cli_error("aead: authentication failed (wrong key, nonce, AAD or tag length, or altered data): "
                         "nothing written");
    case SC_EKEYSIZE:
        return cli_error("aead: %s takes a %zu-byte key (%zu hex digits)", info->name, info->key_size,
                         2 * info->key_size);
    case SC_EIVSIZE:
        return cli_error("aead: --nonce: %s takes a nonce of %zu byte%s or more (%zu recommended)", info->name,
                         info->min_nonce_size, info->min_nonce_size == 1 ? "" : "s", info->nonce_size);
    case SC_ETAGSIZE:
        tag_sizes_text(info->tag_sizes, sizes, sizeof sizes);
        return cli_error("aead: --tag-len: %s tags are %s bytes", info->name, sizes);
    case SC_ELENGTH:
        return cli_error("aead: message too long for %s: at most %llu bytes of data and %llu of AAD", info->name,
                         (unsigned long long)info->max_plaintext, (unsigned long long)info->max_aad);
    default: return cli_error("aead: %s", sc_strerror(rc));
    }
}

/* fail() for a call that was given the nonce: a nonce of an accepted
 * length refused all the same broke the mode's own rule, which only MGM
 * has (sc_aead_ops.nonce_ok: the nonce's top bit must be 0). */
static int fail_nonce(int rc, const sc_aead_info *info, size_t nonce_len)
{
    if (rc == SC_EIVSIZE && nonce_len >= info->min_nonce_size && nonce_len <= info->max_nonce_size)
        return cli_error("aead: --nonce: %s takes a nonce whose top bit is 0 (MGM, RFC 9058 section 4: "
                         "the first byte below 0x80)",
                         info->name);
    return fail(rc, info);
}

static int read_error(const char *path)
{
    return cli_error("aead: cannot read %s: %s", path ? path : "standard input", strerror(errno));
}

/* --aad HEX or --aad-file FILE into the started message, or into io->aad
 * for a one-shot AEAD. 0 or 1. */
static int add_aad(sc_aead_ctx *ctx, const struct request *r, const sc_aead_info *info, struct io *io)
{
    int rc = SC_OK;
    if (r->aad_hex) {
        uint8_t *aad;
        long n = cli_hex_arg_alloc("aead: --aad", r->aad_hex, &aad);
        int held = n >= 0 && info->one_shot ? cli_hold(&io->aad, "aead", "the AAD", aad, (size_t)n) : 0;
        if (n >= 0 && !info->one_shot) rc = sc_aead_update_aad(ctx, aad, (size_t)n);
        free(aad);
        if (n < 0 || held) return 1;
    } else if (r->aad_file) {
        int is_stdin = !strcmp(r->aad_file, "-");
        FILE *f = is_stdin ? stdin : fopen(r->aad_file, "rb");
        size_t n;
        if (f == NULL) return cli_error("aead: cannot read AAD file '%s': %s", r->aad_file, strerror(errno));
        if (info->one_shot) {
            int status = cli_read_all("aead", f, r->aad_file, WHOLE_MAX, &io->aad);
            if (!is_stdin) fclose(f);
            return status < 0 ? cli_error("aead: %s is one-shot: its AAD file must be at most %d MiB", info->name,
                                          WHOLE_MAX >> 20)
                              : status;
        }
        while (rc == SC_OK && (n = fread(io->inbuf, 1, CHUNK, f)) > 0) rc = sc_aead_update_aad(ctx, io->inbuf, n);
        int err = ferror(f) ? errno : 0;
        if (!is_stdin) fclose(f);
        if (rc == SC_OK && err)
            return cli_error("aead: cannot read AAD file '%s': %s", r->aad_file, strerror(err));
    }
    return rc == SC_OK ? 0 : fail(rc, info);
}

/* Key, nonce and AAD into a started message (a one-shot AEAD: the keyed
 * context, io->nonce and io->aad). 0 or 1. */
static int start(sc_aead_ctx *ctx, struct request *r, const sc_aead_info *info, struct io *io)
{
    uint8_t key[MAX_KEY];
    long key_len = cli_key_read("aead", &r->args.key, info->key_size, key, sizeof key);
    long nonce_len = key_len >= 0 ? cli_hex_arg_alloc("aead: --nonce", r->nonce_hex, &io->nonce) : -1;
    sc_cipher_opts opts = {.kernel = r->args.kernel, .sbox = NULL, .padding = SC_PADDING_NONE};
    char sbox_buf[512] = {0};
    int status = 1;
    if (key_len >= 0 && nonce_len >= 0 &&
        (!r->args.sbox || (opts.sbox = cli_sbox_arg(r->args.sbox, sbox_buf, sizeof sbox_buf)))) {
        r->nonce_len = (size_t)nonce_len;
        int rc = sc_aead_init(ctx, r->args.alg, key, (size_t)key_len, &opts);
        if (rc == SC_OK && !info->one_shot) rc = sc_aead_start(ctx, r->io.encrypt, io->nonce, r->nonce_len);
        status = rc == SC_OK ? add_aad(ctx, r, info, io) : fail_nonce(rc, info, r->nonce_len);
    }
    sc_wipe(key, sizeof key);
    sc_wipe(sbox_buf, sizeof sbox_buf);
    return status;
}

/* Does the AEAD take an S-box at all? Asked with a public one on a
 * throwaway context before the key is read: 0, or 2 after a usage error. */
static int sbox_check(const struct request *r, const sc_aead_info *info)
{
    uint8_t key[MAX_KEY] = {1};
    sc_cipher_opts opts = {.sbox = "param-z"};
    sc_aead_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
    if (r->args.sbox == NULL || ctx == NULL) {
        free(ctx);
        return 0;
    }
    int rc = sc_aead_init(ctx, r->args.alg, key, info->key_size <= MAX_KEY ? info->key_size : 0, &opts);
    sc_aead_wipe(ctx);
    free(ctx);
    return rc == SC_EINVAL ? cli_usage_error("aead: %s takes no --sbox (it is for the GOST ciphers)", r->args.alg)
                           : 0;
}

/* -e: ciphertext as it comes, then the tag. 0 or 1. */
static int seal(sc_aead_ctx *ctx, const struct request *r, const sc_aead_info *info, struct io *io, size_t tag_len)
{
    uint8_t tag[MAX_TAG];
    size_t n, wrote;
    int rc;
    while ((n = fread(io->inbuf, 1, CHUNK, io->in)) > 0) {
        if ((rc = sc_aead_encrypt_update(ctx, io->inbuf, n, io->outbuf, CHUNK, &wrote)) != SC_OK)
            return fail(rc, info);
        if (cli_out_write(&io->out, "aead", io->outbuf, wrote)) return 1;
    }
    if (ferror(io->in)) return read_error(r->io.in_path);
    if ((rc = sc_aead_encrypt_final(ctx, tag, tag_len)) != SC_OK) return fail(rc, info);
    int status = cli_out_write(&io->out, "aead", tag, tag_len) || cli_out_commit(&io->out, "aead");
    sc_wipe(tag, sizeof tag);
    return status;
}

/* -d: everything but the last tag_len bytes is ciphertext, which is only
 * known at the end of the input: inbuf keeps the last tag_len bytes read
 * back. Unverified plaintext goes to the temporary file or is held. */
static int open_msg(sc_aead_ctx *ctx, const struct request *r, const sc_aead_info *info, struct io *io,
                    size_t tag_len)
{
    static const char hint[] = "-d to standard output is held until the tag verified: use -o FILE";
    size_t have = 0, n, wrote;
    int rc;
    while ((n = fread(io->inbuf + have, 1, CHUNK, io->in)) > 0) {
        have += n;
        if (have <= tag_len) continue;
        size_t data = have - tag_len; /* at most CHUNK: have was <= tag_len before this read */
        if ((rc = sc_aead_decrypt_update_UNVERIFIED(ctx, io->inbuf, data, io->outbuf, CHUNK, &wrote)) != SC_OK)
            return fail(rc, info);
        memmove(io->inbuf, io->inbuf + data, tag_len);
        have = tag_len;
        if (io->out.direct ? cli_hold(&io->held, "aead", hint, io->outbuf, wrote)
                           : cli_out_write(&io->out, "aead", io->outbuf, wrote))
            return 1;
    }
    if (ferror(io->in)) return read_error(r->io.in_path);
    if (have < tag_len)
        return cli_error("aead: the input (%zu bytes) is shorter than the %zu-byte tag", have, tag_len);
    if ((rc = sc_aead_decrypt_final(ctx, io->inbuf, tag_len)) != SC_OK) return fail(rc, info);
    if (cli_out_write(&io->out, "aead", io->held.p, io->held.len)) return 1;
    return cli_out_commit(&io->out, "aead");
}

/* A one-shot AEAD, either way: the whole input in one sc_aead_seal or
 * sc_aead_open, the output written only once that succeeded. 0 or 1. */
static int one_shot(sc_aead_ctx *ctx, const struct request *r, const sc_aead_info *info, struct io *io,
                    size_t tag_len)
{
    cli_held *in = &io->held;
    int status = cli_read_all("aead", io->in, r->io.in_path, WHOLE_MAX, in);
    if (status < 0)
        return cli_error("aead: %s is one-shot (it needs every length before its first block): its input must "
                         "be at most %d MiB",
                         info->name, WHOLE_MAX >> 20);
    if (status) return 1;
    if (!r->io.encrypt && in->len < tag_len)
        return cli_error("aead: the input (%zu bytes) is shorter than the %zu-byte tag", in->len, tag_len);
    size_t cap = r->io.encrypt ? in->len + tag_len : in->len - tag_len, wrote = 0;
    uint8_t *out = malloc(cap + 1); /* + 1: never malloc(0) */
    if (out == NULL) return cli_error("aead: out of memory");
    int rc = (r->io.encrypt ? sc_aead_seal : sc_aead_open)(ctx, io->nonce, r->nonce_len, io->aad.p, io->aad.len,
                                                          in->p, in->len, out, cap, &wrote, tag_len);
    status = rc != SC_OK ? fail_nonce(rc, info, r->nonce_len)
                         : cli_out_write(&io->out, "aead", out, wrote) || cli_out_commit(&io->out, "aead");
    sc_wipe(out, cap + 1);
    free(out);
    return status;
}

static int aead(struct request *r)
{
    sc_aead_info info;
    sc_cipher_info other;
    if (sc_aead_info_get(r->args.alg, &info) != SC_OK) {
        int known = sc_cipher_info_get(r->args.alg, &other) == SC_OK;
        return cli_error("aead: unknown AEAD '%s' (simdcrypt aead --list)%s", r->args.alg,
                         !known ? "" : other.tag_size ? "; it is a MAC: use simdcrypt mac"
                                                      : "; it is a cipher: use simdcrypt cipher");
    }
    size_t tag_len = r->tag_len < 0 ? info.tag_size : (size_t)r->tag_len;
    if (!sc_aead_tag_size_ok(&info, tag_len)) return fail(SC_ETAGSIZE, &info);
    if (sbox_check(r, &info)) return 2;
    struct io io = {.in = NULL, .inbuf = malloc(CHUNK + MAX_TAG), .outbuf = malloc(CHUNK)};
    sc_aead_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
    struct stat st;
    int status = 1;
    if (ctx == NULL || io.inbuf == NULL || io.outbuf == NULL) cli_error("aead: out of memory");
    else if (start(ctx, r, &info, &io) == 0 && (io.in = cli_in_open("aead", &r->io, &st)) != NULL &&
             cli_out_open(&io.out, "aead", r->io.out_path) == 0)
        status = (info.one_shot ? one_shot : r->io.encrypt ? seal : open_msg)(ctx, r, &info, &io, tag_len);
    cli_out_abort(&io.out); /* a no-op after a commit */
    if (ctx) sc_aead_wipe(ctx);
    if (io.inbuf) sc_wipe(io.inbuf, CHUNK + MAX_TAG);
    if (io.outbuf) sc_wipe(io.outbuf, CHUNK);
    cli_held_release(&io.held);
    cli_held_release(&io.aad);
    free(ctx), free(io.inbuf), free(io.outbuf), free(io.nonce);
    cli_in_close(io.in);
    return status;
}

static int parse(int argc, char **argv, struct request *r)
{
    static const struct option longopts[] = {CLI_COMMON_LONGOPTS, CLI_IO_LONGOPTS,
                                             {"nonce", required_argument, NULL, 'N'},
                                             {"aad", required_argument, NULL, 'A'},
                                             {"aad-file", required_argument, NULL, 'B'},
                                             {"tag-len", required_argument, NULL, 'T'},
                                             {NULL, 0, NULL, 0}};
    int c, io;
    memset(r, 0, sizeof *r);
    cli_io_args_init(&r->io);
    r->tag_len = -1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, CLI_COMMON_SHORTOPTS CLI_IO_SHORTOPTS, longopts, NULL)) != -1) {
        if (cli_common_option(c, optarg, &r->args)) continue;
        if ((io = cli_io_option("aead", c, optarg, &r->io)) != 0) {
            if (io == 1) continue;
            return io;
        }
        switch (c) {
        case 'L': cli_list_names(sc_aead_name_at); return 0;
        case 'h': return usage(stdout);
        case 'N': r->nonce_hex = optarg; break;
        case 'A': r->aad_hex = optarg; break;
        case 'B': r->aad_file = optarg; break;
        case 'T':
            if (cli_tag_len_arg("aead", optarg, MAX_TAG, &r->tag_len)) return 2;
            break;
        default: return cli_bad_option("aead", argv, optind);
        }
    }
    int status = cli_io_args_check("aead", argc, argv, optind, &r->args, &r->io);
    if (status) return status;
    if (r->nonce_hex == NULL) return cli_usage_error("aead: --nonce HEX is required (a new one for every message)");
    if (r->aad_hex && r->aad_file) return cli_usage_error("aead: --aad and --aad-file together");
    if (r->aad_file && !strcmp(r->aad_file, "-") &&
        (r->io.in_path == NULL || (r->args.key.file && !strcmp(r->args.key.file, "-"))))
        return cli_usage_error("aead: --aad-file - reads stdin: give the input as -i FILE and the key otherwise");
    return -1; /* go on */
}

int cmd_aead(int argc, char **argv)
{
    struct request r;
    int status = parse(argc, argv, &r);
    if (status < 0) status = aead(&r);
    cli_key_forget(&r.args.key); /* on every path, read or not */
    return status;
}
