/* simdcrypt cipher: raw encryption/decryption through the generic API, like
 * `openssl enc -K KEY -iv IV -nopad`: no padding, no header, streaming.
 *
 *   simdcrypt cipher -a ALG -e|-d KEY [--iv HEX] [--sbox NAME|HEX|FILE]
 *                    [--kernel NAME] [-i FILE] [-o FILE] [--in-place]
 *   simdcrypt cipher --list
 *
 * Output is all or nothing (usage() states the rule): -o FILE goes through
 * output_file.c (temporary file + rename); what is written directly (stdout,
 * a device) is streamed only when nothing can fail after it, else held back
 * until the input has ended on a block boundary.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cipher_args.h"
#include "cli.h"
#include "key_input.h"
#include "output_file.h"

enum { CHUNK = 1 << 16, OUT_CAP = CHUNK + 64 };

static int usage(FILE *f)
{
    fputs("usage: simdcrypt cipher -a ALG -e|-d KEY [--iv HEX] [--sbox NAME|HEX128|FILE]\n"
          "                        [--kernel NAME] [-i FILE] [-o FILE] [--in-place]\n"
          "       simdcrypt cipher --list\n"
          CLI_KEY_HELP
          "Raw mode (like openssl enc -nopad): no padding, no header; ECB/CBC input must be\n"
          "a whole number of blocks. Input: -i FILE or stdin. Output: -o FILE or stdout.\n"
          "Output is all or nothing:\n"
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
          "Exit status: 0 success, 1 failure (-o FILE untouched), 2 bad command line.\n",
          f);
    return f == stdout ? 0 : 2;
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

/* What the command line asked for. */
struct request {
    cli_common_args args;
    const char *ivhex, *in_path, *out_path;
    int encrypt, in_place;
};

/* Output held back until the input is known to be whole (ECB/CBC to stdout
 * from a pipe). Grown by copying, so no freed block keeps a copy (realloc
 * could leave one); wiped on release. */
struct held {
    uint8_t *p;
    size_t len, cap;
};

static int hold(struct held *h, const uint8_t *data, size_t n)
{
    if (h->cap - h->len < n) {
        size_t cap = h->cap ? 2 * h->cap : CHUNK;
        while (cap - h->len < n) cap *= 2;
        uint8_t *p = malloc(cap);
        if (p == NULL)
            return cli_error("cipher: out of memory holding the output (ECB/CBC from a pipe to standard "
                             "output is held until the input ends: use -i FILE or -o FILE)");
        if (h->len) memcpy(p, h->p, h->len);
        if (h->p) sc_wipe(h->p, h->cap);
        free(h->p);
        h->p = p, h->cap = cap;
    }
    memcpy(h->p + h->len, data, n);
    h->len += n;
    return 0;
}

static int same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Refuse an output that is the input: writing it would destroy what is being
 * read. -o FILE with --in-place is fine (temporary file + rename); stdout
 * cannot be made safe. */
static int check_not_input(const struct request *r, const struct stat *in_st)
{
    struct stat st;
    if (r->out_path && strcmp(r->out_path, "-")) {
        if (stat(r->out_path, &st) == 0 && same_file(&st, in_st) && !r->in_place)
            return cli_error("cipher: -o '%s' is the input file: add --in-place to replace it", r->out_path);
    } else if (S_ISREG(in_st->st_mode) && fstat(STDOUT_FILENO, &st) == 0 && same_file(&st, in_st)) {
        return cli_error("cipher: standard output is the input file (use -o FILE --in-place)");
    }
    return 0;
}

/* Stream in through ctx into out (or into held when out is direct and the
 * input's length is unknown), then finish. 0 or 1 (message printed). */
static int run(sc_cipher_ctx *ctx, const struct request *r, FILE *in, cli_out *out, int hold_back,
               uint8_t *inbuf, uint8_t *outbuf, struct held *held)
{
    size_t n, wrote;
    int rc;
    while ((n = fread(inbuf, 1, CHUNK, in)) > 0) {
        if ((rc = sc_cipher_update(ctx, inbuf, n, outbuf, OUT_CAP, &wrote)) != SC_OK)
            return fail_status("cipher", rc, r->args.alg);
        if (hold_back ? hold(held, outbuf, wrote) : cli_out_write(out, "cipher", outbuf, wrote)) return 1;
    }
    if (ferror(in))
        return cli_error("cipher: cannot read %s: %s", r->in_path ? r->in_path : "standard input", strerror(errno));
    if ((rc = sc_cipher_final(ctx, outbuf, OUT_CAP, &wrote)) != SC_OK) return fail_status("cipher", rc, r->args.alg);
    if (cli_out_write(out, "cipher", held->p, held->len) || cli_out_write(out, "cipher", outbuf, wrote)) return 1;
    return cli_out_commit(out, "cipher");
}

/* Open the input, refuse what cannot be processed before any output exists:
 * a directory, the output file itself, a regular file that is not whole
 * blocks (ECB/CBC: *sized = 1 then). */
static FILE *open_input(const struct request *r, const sc_cipher_info *info, int *sized)
{
    FILE *in = stdin;
    const char *name = r->in_path ? r->in_path : "standard input";
    struct stat st;
    if (r->in_path && (in = fopen(r->in_path, "rb")) == NULL) {
        cli_error("cipher: cannot read '%s': %s", r->in_path, strerror(errno));
        return NULL;
    }
    int err = fstat(fileno(in), &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
    if (err) cli_error("cipher: cannot read %s: %s", name, strerror(err));
    else if (check_not_input(r, &st) == 0) {
        /* Where stdin already stands counts (a redirected, seeked file). */
        off_t at = !info->is_stream && S_ISREG(st.st_mode) ? lseek(fileno(in), 0, SEEK_CUR) : -1;
        *sized = at >= 0 && at <= st.st_size;
        if (!*sized || (uint64_t)(st.st_size - at) % info->block_size == 0) return in;
        fail_status("cipher", SC_ELENGTH, r->args.alg);
    }
    if (in != stdin) fclose(in);
    return NULL;
}

/* Key, IV and S-box into an initialised context. 0 or 1. */
static int start(sc_cipher_ctx *ctx, struct request *r, const sc_cipher_info *info, char *sbox_buf, size_t sbox_cap)
{
    uint8_t key[128], iv[128];
    long key_len = cli_key_read("cipher", &r->args.key, info->key_size, key, sizeof key);
    long iv_len = r->ivhex && key_len >= 0 ? cli_hex_arg("cipher: IV", r->ivhex, iv, sizeof iv) : 0;
    sc_cipher_opts opts = {.kernel = r->args.kernel, .sbox = NULL};
    int status = 1;
    if (key_len >= 0 && iv_len >= 0 && (!r->args.sbox || (opts.sbox = cli_sbox_arg(r->args.sbox, sbox_buf, sbox_cap)))) {
        int rc = sc_cipher_init_ex(ctx, r->args.alg, r->encrypt, key, (size_t)key_len, iv_len ? iv : NULL,
                                   (size_t)iv_len, &opts);
        status = rc == SC_OK ? 0 : fail_status("cipher", rc, r->args.alg);
    }
    sc_wipe(key, sizeof key);
    sc_wipe(iv, sizeof iv);
    return status;
}

static int parse(int argc, char **argv, struct request *r)
{
    static const struct option longopts[] = {CLI_COMMON_LONGOPTS,
                                             {"iv", required_argument, NULL, 'V'},
                                             {"in-place", no_argument, NULL, 'P'},
                                             {NULL, 0, NULL, 0}};
    int c;
    memset(r, 0, sizeof *r);
    r->encrypt = -1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, CLI_COMMON_SHORTOPTS "edi:o:", longopts, NULL)) != -1) {
        if (cli_common_option(c, optarg, &r->args)) continue;
        switch (c) {
        case 'L': cli_list_names(0); return 0;
        case 'h': return usage(stdout);
        case 'e':
        case 'd':
            if (r->encrypt >= 0 && r->encrypt != (c == 'e')) return cli_usage_error("cipher: -e and -d together");
            r->encrypt = c == 'e';
            break;
        case 'V': r->ivhex = optarg; break;
        case 'i': r->in_path = optarg; break;
        case 'o': r->out_path = optarg; break;
        case 'P': r->in_place = 1; break;
        default: return cli_bad_option("cipher", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("cipher: unexpected argument '%s' (input is -i FILE)", argv[optind]);
    if (r->args.alg == NULL || r->encrypt < 0 || cli_key_source_count(&r->args.key) != 1)
        return cli_usage_error("cipher: -a ALG, one of -e/-d and one key (-k, --key-file or --key-env) are required");
    if (r->in_place && (r->in_path == NULL || !strcmp(r->in_path, "-")))
        return cli_usage_error("cipher: --in-place needs -i FILE");
    if (r->args.key.file && !strcmp(r->args.key.file, "-") && (r->in_path == NULL || !strcmp(r->in_path, "-")))
        return cli_usage_error("cipher: --key-file - reads stdin: give the input as -i FILE");
    if (r->in_place && r->out_path == NULL) r->out_path = r->in_path;
    if (r->in_path && !strcmp(r->in_path, "-")) r->in_path = NULL;
    return -1; /* go on */
}

static int cipher(struct request *r)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(r->args.alg, &info) != SC_OK || info.tag_size != 0)
        return cli_error("cipher: unknown cipher '%s' (simdcrypt cipher --list)%s", r->args.alg,
                         info.tag_size ? "; it is a MAC: use simdcrypt mac" : "");
    int status = 1, sized = 0;
    char sbox_buf[512] = {0};
    cli_out out = {0};
    struct held held = {0};
    sc_cipher_ctx *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *ctx);
    uint8_t *inbuf = malloc(CHUNK), *outbuf = malloc(OUT_CAP);
    FILE *in = NULL;
    if (ctx == NULL || inbuf == NULL || outbuf == NULL) cli_error("cipher: out of memory");
    else if (start(ctx, r, &info, sbox_buf, sizeof sbox_buf) == 0 && (in = open_input(r, &info, &sized)) != NULL &&
             cli_out_open(&out, "cipher", r->out_path) == 0)
        status = run(ctx, r, in, &out, out.direct && !info.is_stream && !sized, inbuf, outbuf, &held);
    cli_out_abort(&out); /* a no-op after a commit */
    if (ctx) sc_cipher_wipe(ctx);
    if (inbuf) sc_wipe(inbuf, CHUNK);
    if (outbuf) sc_wipe(outbuf, OUT_CAP);
    if (held.p) sc_wipe(held.p, held.cap);
    sc_wipe(sbox_buf, sizeof sbox_buf);
    free(ctx), free(inbuf), free(outbuf), free(held.p);
    if (in && in != stdin) fclose(in);
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
