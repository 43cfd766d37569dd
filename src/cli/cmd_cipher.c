/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt cipher: encryption/decryption through the generic API, like
 * `openssl enc -K KEY -iv IV [-nopad]`: no header, streaming; raw by default
 * (-nopad), PKCS#7 padding for ECB/CBC with --padding pkcs7.
 *
 *   simdcrypt cipher -a ALG -e|-d KEY [--iv HEX] [--padding pkcs7|none]
 *                    [--segment BITS] [--key-meshing cryptopro|none]
 *                    [--sbox NAME|HEX|FILE] [--kernel NAME] [-i FILE]
 *                    [-o FILE] [--in-place] [--threads N]
 *   simdcrypt cipher --list
 *
 * Output is all or nothing (usage() states the rule): -o FILE goes through
 * output_file.c (temporary file + rename); what is written directly (stdout,
 * a device) is streamed only when nothing can fail after it, else held back
 * until the input has ended on a block boundary and, with padding, until the
 * padding checked out. --threads: ECB and counter modes from a large
 * regular file to -o FILE run in pieces on several threads
 * (parallel_cipher.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cipher_args.h"
#include "cli.h"
#include "cli_io.h"
#include "key_input.h"
#include "output_file.h"
#include "parallel.h"
#include "parallel_cipher.h"

enum { CHUNK = 1 << 16, OUT_CAP = CHUNK + 64, WHOLE_MAX = 1 << 20 };

static int usage(FILE *f)
{
    fputs("usage: simdcrypt cipher -a ALG -e|-d KEY [--iv|--nonce HEX] [--counter N] [--padding pkcs7|none]\n"
          "                        [--segment BITS] [--key-meshing cryptopro|none]\n"
          "                        [--sbox NAME|HEX128|FILE] [--kernel NAME]\n"
          "                        [-i FILE] [-o FILE] [--in-place] [--threads N]\n"
          "       simdcrypt cipher --list\n"
          CLI_KEY_HELP
          CLI_MODE_HELP
          "--nonce is another name for --iv. --counter N (chacha20, xchacha20; decimal or\n"
          "0x hex): the block counter of the first 64 bytes (default 0); chacha20 also\n"
          "takes OpenSSL's 16-byte IV, le32(counter) || nonce. A message that would run\n"
          "the counter past its last block fails (a keystream block is never reused).\n"
          "No header. Raw mode by default (--padding none, like openssl enc -nopad): ECB/CBC\n"
          "input must be a whole number of blocks. --padding pkcs7 (ECB/CBC only, like\n"
          "openssl enc without -nopad): -e pads any input to whole blocks, -d removes the\n"
          "padding and fails with \"bad padding\" (one message for every defect) when it\n"
          "does not check out. Padding does not authenticate: use simdcrypt aead for that.\n"
          "Input: -i FILE or stdin. Output: -o FILE or stdout. Output is all or nothing:\n"
          "  -o FILE     written to a temporary file next to FILE and renamed onto it on\n"
          "              success; on any error it is removed and FILE is left untouched.\n"
          "              -o naming the input file is refused unless --in-place is given\n"
          "              (--in-place without -o replaces -i FILE), again via rename.\n"
          "  stdout (or -o naming a device or FIFO): CTR/CNT output is streamed. ECB/CBC\n"
          "              from a regular file: its length is checked before anything is\n"
          "              written, then streamed. ECB/CBC from a pipe or terminal: held in\n"
          "              memory and written only after the input ended on a block boundary.\n"
          "              (A read error in the middle of a streamed input still leaves what\n"
          "              came before it: use -o FILE when that matters.)\n"
          "              ECB/CBC --padding pkcs7: -e is streamed; -d is held in memory and\n"
          "              written only after the padding checked out.\n"
          "--threads N: threads for one large input (default: the online cores; 1 = one\n"
          "thread). Used for -i FILE (a regular file of 16 MiB or more) to -o FILE, raw\n"
          "ECB and the counter modes that seek (aes-*-ctr, kalyna-*-ctr, magma-ctr,\n"
          "gost89-cnt --key-meshing none, chacha20, xchacha20): pieces of 8 MiB or more\n"
          "are processed on the threads and written at their offsets. Every other mode\n"
          "(CBC, CFB, OFB, XTS, key wrap, --padding pkcs7, gost89-cnt with key meshing,\n"
          "whose seek replays every meshing step), stdin and stdout run on one thread.\n"
          "The output never depends on N.\n"
          "Exit status: 0 success, 1 failure (-o FILE untouched), 2 bad command line.\n",
          f);
    return f == stdout ? 0 : 2;
}

static int fail_status(const char *what, int rc, const char *alg, int padding)
{
    sc_cipher_info info;
    sc_cipher_info_get(alg, &info);
    switch (rc) {
    case SC_EPADDING: return cli_error("%s: bad padding", what);
    case SC_EKEYSIZE: return cli_error("%s: %s takes a %zu-byte key (%zu hex digits)", what, alg, info.key_size, 2 * info.key_size);
    case SC_EIVSIZE:
        if (info.iv_size == 0) return cli_error("%s: %s takes no IV", what, alg);
        return cli_error("%s: %s takes a %zu-byte IV (%zu hex digits)", what, alg, info.iv_size, 2 * info.iv_size);
    case SC_EAUTH: return cli_error("%s: %s: the wrapped key does not check out", what, alg);
    case SC_ELENGTH:
        if (info.one_shot)
            return cli_error("%s: %s: -e takes a non-empty whole number of %zu-byte half blocks, -d that and one "
                             "block more (at most %d bytes)", what, alg, info.block_size / 2, WHOLE_MAX);
        if (!strcmp(info.mode, "xts")) return cli_error("%s: %s takes at least one %zu-byte block", what, alg, info.block_size);
        if (info.is_stream) return cli_error("%s: %s: the input runs the block counter past its last block", what, alg);
        if (padding)
            return cli_error("%s: padded input must be a non-empty whole number of %zu-byte blocks", what,
                             info.block_size);
        return cli_error("%s: input is not a whole number of %zu-byte blocks (raw mode adds no padding)", what,
                         info.block_size);
    default: return cli_error("%s: %s", what, sc_strerror(rc));
    }
}

/* What the command line asked for. */
struct request {
    cli_common_args args;
    cli_io_args io;
    const char *ivhex;
    uint64_t counter;
    int padding;
    unsigned threads;
    cli_mode_args mode;
};

/* Stream in through ctx into out (or into held when out is direct and
 * something can still fail at the end), then finish. 0 or 1 (message
 * printed). */
static int run(sc_cipher_ctx *ctx, const struct request *r, FILE *in, cli_out *out, int hold_back,
               uint8_t *inbuf, uint8_t *outbuf, cli_held *held)
{
    static const char hint[] = "ECB/CBC from a pipe, and any -d --padding pkcs7, to standard output is held "
                               "until the input ends: use -i FILE or -o FILE";
    size_t n, wrote;
    int rc;
    while ((n = fread(inbuf, 1, CHUNK, in)) > 0) {
        if ((rc = sc_cipher_update(ctx, inbuf, n, outbuf, OUT_CAP, &wrote)) != SC_OK)
            return fail_status("cipher", rc, r->args.alg, r->padding);
        if (hold_back ? cli_hold(held, "cipher", hint, outbuf, wrote) : cli_out_write(out, "cipher", outbuf, wrote))
            return 1;
    }
    if (ferror(in))
        return cli_error("cipher: cannot read %s: %s", r->io.in_path ? r->io.in_path : "standard input",
                         strerror(errno));
    if ((rc = sc_cipher_final(ctx, outbuf, OUT_CAP, &wrote)) != SC_OK)
        return fail_status("cipher", rc, r->args.alg, r->padding);
    if (cli_out_write(out, "cipher", held->p, held->len) || cli_out_write(out, "cipher", outbuf, wrote)) return 1;
    return cli_out_commit(out, "cipher");
}

/* Whether the input must be a whole number of blocks: raw ECB/CBC, and
 * padded decryption (XTS takes any length from a block on; key wrap checks
 * the whole input itself). */
static int needs_whole_blocks(const struct request *r, const sc_cipher_info *info)
{
    return !info->is_stream && !info->one_shot && strcmp(info->mode, "xts") && !(r->padding && r->io.encrypt);
}

/* Key wrap (info.one_shot): the whole input, at most WHOLE_MAX bytes, in one
 * sc_cipher_crypt; nothing is written unless it succeeds. 0 or 1. */
static int run_whole(struct request *r, const sc_cipher_info *info, FILE *in, cli_out *out, uint8_t *inbuf,
                     uint8_t *outbuf)
{
    uint8_t key[128];
    size_t len = 0, n, wrote = 0;
    while (len <= WHOLE_MAX && (n = fread(inbuf + len, 1, WHOLE_MAX + 1 - len, in)) > 0) len += n;
    if (ferror(in))
        return cli_error("cipher: cannot read %s: %s", r->io.in_path ? r->io.in_path : "standard input",
                         strerror(errno));
    long key_len = cli_key_read("cipher", &r->args.key, info->key_size, key, sizeof key);
    if (key_len < 0) return 1;
    sc_cipher_opts opts = {.kernel = r->args.kernel};
    int rc = len > WHOLE_MAX ? SC_ELENGTH
                             : sc_cipher_crypt(r->args.alg, r->io.encrypt, key, (size_t)key_len, NULL, 0, inbuf, len,
                                               outbuf, WHOLE_MAX + 64, &wrote, &opts);
    sc_wipe(key, sizeof key);
    if (rc != SC_OK) return fail_status("cipher", rc, r->args.alg, r->padding);
    if (cli_out_write(out, "cipher", outbuf, wrote)) return 1;
    return cli_out_commit(out, "cipher");
}

/* Open the input, refuse what cannot be processed before any output exists:
 * a directory, the output file itself, a regular file that is not whole
 * blocks when it must be (*sized = 1 then: its length was checked). */
static FILE *open_input(const struct request *r, const sc_cipher_info *info, int *sized)
{
    struct stat st;
    FILE *in = cli_in_open("cipher", &r->io, &st);
    if (in == NULL) return NULL;
    /* Where stdin already stands counts (a redirected, seeked file). */
    off_t at = needs_whole_blocks(r, info) && S_ISREG(st.st_mode) ? lseek(fileno(in), 0, SEEK_CUR) : -1;
    *sized = at >= 0 && at <= st.st_size;
    if (!*sized || (uint64_t)(st.st_size - at) % info->block_size == 0) return in;
    fail_status("cipher", SC_ELENGTH, r->args.alg, r->padding);
    cli_in_close(in);
    return NULL;
}

/* Key, IV and S-box into count contexts alike (the key read once). 0 or 1. */
static int start(sc_cipher_ctx *ctx, unsigned count, struct request *r, const sc_cipher_info *info, char *sbox_buf,
                 size_t sbox_cap)
{
    uint8_t key[128], iv[128];
    long key_len = cli_key_read("cipher", &r->args.key, info->key_size, key, sizeof key);
    long iv_len = r->ivhex && key_len >= 0 ? cli_hex_arg("cipher: IV", r->ivhex, iv, sizeof iv) : 0;
    sc_cipher_opts opts = {.kernel = r->args.kernel, .sbox = NULL, .padding = r->padding, .counter = r->counter};
    cli_mode_apply(&r->mode, &opts);
    int status = 1;
    if (key_len >= 0 && iv_len >= 0 && (!r->args.sbox || (opts.sbox = cli_sbox_arg(r->args.sbox, sbox_buf, sbox_cap)))) {
        int rc = SC_OK;
        for (unsigned i = 0; i < count && rc == SC_OK; i++)
            rc = sc_cipher_init_ex(&ctx[i], r->args.alg, r->io.encrypt, key, (size_t)key_len, iv_len ? iv : NULL,
                                   (size_t)iv_len, &opts);
        status = rc == SC_OK ? 0 : fail_status("cipher", rc, r->args.alg, r->padding);
    }
    sc_wipe(key, sizeof key);
    sc_wipe(iv, sizeof iv);
    return status;
}

static int parse(int argc, char **argv, struct request *r)
{
    static const struct option longopts[] = {CLI_COMMON_LONGOPTS, CLI_IO_LONGOPTS,
                                             {"iv", required_argument, NULL, 'V'},
                                             {"nonce", required_argument, NULL, 'V'},
                                             {"counter", required_argument, NULL, 'C'},
                                             {"padding", required_argument, NULL, 'D'},
                                             {"threads", required_argument, NULL, 'T'},
                                             CLI_MODE_LONGOPTS,
                                             {NULL, 0, NULL, 0}};
    int c, io, mode;
    memset(r, 0, sizeof *r);
    r->threads = cli_threads_default();
    cli_io_args_init(&r->io);
    opterr = 0;
    while ((c = getopt_long(argc, argv, CLI_COMMON_SHORTOPTS CLI_IO_SHORTOPTS, longopts, NULL)) != -1) {
        if (cli_common_option(c, optarg, &r->args)) continue;
        if ((mode = cli_mode_option("cipher", c, optarg, &r->mode)) != 0) {
            if (mode == 1) continue;
            return mode;
        }
        if ((io = cli_io_option("cipher", c, optarg, &r->io)) != 0) {
            if (io == 1) continue;
            return io;
        }
        switch (c) {
        case 'L': cli_list_names(sc_cipher_name_at); return 0;
        case 'h': return usage(stdout);
        case 'V':
            if (r->ivhex) return cli_usage_error("cipher: --iv/--nonce given twice");
            r->ivhex = optarg;
            break;
        case 'C': {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 0);
            if (errno || end == optarg || *end || optarg[0] == '-')
                return cli_usage_error("cipher: --counter takes a number from 0 to 2^64 - 1, not '%s'", optarg);
            r->counter = v;
            break;
        }
        case 'T':
            if (cli_threads_arg("cipher", optarg, &r->threads)) return 2;
            break;
        case 'D':
            if (!strcmp(optarg, "pkcs7")) r->padding = SC_PADDING_PKCS7;
            else if (!strcmp(optarg, "none")) r->padding = SC_PADDING_NONE;
            else return cli_usage_error("cipher: --padding takes pkcs7 or none, not '%s'", optarg);
            break;
        default: return cli_bad_option("cipher", argv, optind);
        }
    }
    int status = cli_io_args_check("cipher", argc, argv, optind, &r->args, &r->io);
    return status ? status : -1; /* -1: go on */
}

static int cipher(struct request *r)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(r->args.alg, &info) != SC_OK || info.tag_size != 0)
        return cli_error("cipher: unknown cipher '%s' (simdcrypt cipher --list)%s", r->args.alg,
                         info.tag_size ? "; it is a MAC: use simdcrypt mac" : "");
    if (r->counter && strcmp(info.name, "chacha20") && strcmp(info.name, "xchacha20"))
        return cli_usage_error("cipher: --counter is for chacha20 and xchacha20, not %s", info.name);
    if (r->padding && info.is_stream)
        return cli_usage_error("cipher: --padding pkcs7 is for ECB and CBC: %s is a stream mode (no padding)",
                               info.name);
    if (cli_mode_args_check("cipher", info.name, 0, &r->mode)) return 2;
    int status = 1, sized = 0;
    char sbox_buf[512] = {0};
    cli_out out = {0};
    cli_held held = {0};
    /* one context per thread, in case the input is split (parallel_cipher.h) */
    const unsigned nctx = info.one_shot ? 1 : r->threads;
    sc_cipher_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, nctx * sizeof *ctx);
    const size_t in_cap = info.one_shot ? WHOLE_MAX + 1 : CHUNK, out_cap = info.one_shot ? WHOLE_MAX + 64 : OUT_CAP;
    uint8_t *inbuf = malloc(in_cap), *outbuf = malloc(out_cap);
    FILE *in = NULL;
    if (ctx == NULL || inbuf == NULL || outbuf == NULL) cli_error("cipher: out of memory");
    else if (info.one_shot) {
        if (r->ivhex) status = fail_status("cipher", SC_EIVSIZE, r->args.alg, 0);
        else if ((in = open_input(r, &info, &sized)) != NULL && cli_out_open(&out, "cipher", r->io.out_path) == 0)
            status = run_whole(r, &info, in, &out, inbuf, outbuf);
    } else if (start(ctx, nctx, r, &info, sbox_buf, sizeof sbox_buf) == 0 &&
               (in = open_input(r, &info, &sized)) != NULL && cli_out_open(&out, "cipher", r->io.out_path) == 0) {
        unsigned threads = cipher_parallel_threads(nctx, &info, r->padding, r->mode.key_meshing, in, &out, ctx);
        if (threads > 1) {
            int rc = cipher_parallel_run(ctx, threads, in, r->io.in_path, &out);
            status = rc < 0 ? fail_status("cipher", rc, r->args.alg, r->padding)
                            : rc ? rc : cli_out_commit(&out, "cipher");
        } else {
            /* Direct output is held while something can still fail at the
             * end: a partial last block (unless the file's length was
             * checked), or the padding. */
            status = run(ctx, r, in, &out,
                         out.direct && ((needs_whole_blocks(r, &info) && !sized) || (r->padding && !r->io.encrypt)),
                         inbuf, outbuf, &held);
        }
    }
    cli_out_abort(&out); /* a no-op after a commit */
    for (unsigned i = 0; ctx && i < nctx; i++) sc_cipher_wipe(&ctx[i]);
    if (inbuf) sc_wipe(inbuf, in_cap);
    if (outbuf) sc_wipe(outbuf, out_cap);
    cli_held_release(&held);
    sc_wipe(sbox_buf, sizeof sbox_buf);
    free(ctx), free(inbuf), free(outbuf);
    cli_in_close(in);
    return status;
}

int cmd_cipher(int argc, char **argv)
{
    struct request r;
    int status = parse(argc, argv, &r);
    if (status < 0) status = cipher(&r);
    cli_key_forget(&r.args.key); /* on every path, read or not */
    return status;
}
