/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum: checksums, hashes and XOFs of files (or stdin) in the
 * format of coreutils' md5sum, and --check of such lists.
 *
 *   simdcrypt sum -a ALG [--length BYTES] [--custom HEX|--custom-file F]
 *                 [--domain 0xNN] [--tag] [-z] [--threads N] [FILE...|-]
 *   simdcrypt sum -a ALG -c [--quiet|--status] [--strict] [-w]
 *                 [--ignore-missing] [--threads N] [LIST...|-]
 *
 * Files are read whole into batches hashed by sc_hash_many (sum_files.c),
 * large files and stdin streamed; --threads spreads batches and pieces of
 * large files over threads (parallel_sum.c); sum_algo.c knows the names and options,
 * sum_check.c the --check mode, sum_name.c coreutils' name escaping.
 */
#include <ctype.h>
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "parallel.h"
#include "sum_algo.h"
#include "sum_check.h"
#include "sum_files.h"
#include "sum_name.h"

static int usage(FILE *f)
{
    fputs("usage: simdcrypt sum -a ALG [--length BYTES] [--custom HEX|--custom-file FILE]\n"
          "                     [--domain 0xNN] [--tag] [-z] [--threads N] [FILE...|-]\n"
          "       simdcrypt sum -a ALG -c [--quiet|--status] [--strict] [-w] [--ignore-missing]\n"
          "                     [--threads N] [LIST...|-]\n"
          "ALG: adler32 crc32 crc32c (checksums), md5 sha3-224 sha3-256 sha3-384 sha3-512\n"
          "keccak-256 (hashes), shake128 shake256 turboshake128 turboshake256\n"
          "kangarootwelve (XOFs).\n"
          "Prints \"DIGEST  FILE\" per file, as md5sum (stdin when none or -); a name with\n"
          "a backslash or newline is escaped (\\\\, \\n) and its line starts with \\.\n"
          "  --length BYTES    output size in bytes: required for XOFs (0 prints an empty\n"
          "                    digest), for the others only their own size is accepted\n"
          "  --custom HEX, --custom-file FILE\n"
          "                    kangarootwelve's customization string (RFC 9861 3.2)\n"
          "  --domain 0xNN     turboshake128/256's domain byte, 0x01..0x7f (default 0x1f)\n"
          "  --tag             BSD lines: \"ALG (FILE) = DIGEST\"\n"
          "  -z, --zero        end lines with NUL instead of newline, names unescaped\n"
          "  -c, --check       read \"DIGEST  FILE\" lines (or --tag lines) from each LIST\n"
          "                    and print \"FILE: OK\" or \"FILE: FAILED\"; XOFs take the\n"
          "                    digest length of each line unless --length is given\n"
          "  --quiet           (-c) no OK lines      --status  (-c) nothing on stdout\n"
          "  --strict          (-c) a malformed line fails\n"
          "  -w, --warn        (-c) name every malformed line on stderr\n"
          "  --ignore-missing  (-c) skip listed files that do not exist\n"
          "  --threads N       use N threads (default: the online cores; 1 = one thread).\n"
          "                    A checksum of a regular file of 16 MiB or more is computed\n"
          "                    in pieces of 8 MiB or more on the threads and joined\n"
          "                    (sc_*_combine); hashes and XOFs cannot be split: batches\n"
          "                    of small files and files above 8 MiB are spread over the\n"
          "                    threads, a single file or stdin/pipe takes one. The\n"
          "                    output (order included) never depends on N.\n"
          "Several files are hashed together over the SIMD lanes (sc_hash_many).\n"
          "An unreadable FILE is reported and the others are still summed.\n"
          "Exit status: 0 success, 1 a file could not be read, a digest did not match,\n"
          "an unknown ALG or the output was lost, 2 bad command line.\n",
          f);
    return f == stdout ? 0 : 2;
}

typedef struct request {
    sum_algo_args algo;
    sum_check_opts check;
    int checking, tag, zero;
    unsigned threads;
} request;

/* Options that belong to one mode: exactly coreutils' refusals. 0 or 2. */
static int check_modes(const request *r)
{
    const sum_check_opts *c = &r->check;
    if (!r->checking && (c->quiet || c->status || c->strict || c->warn || c->ignore_missing))
        return cli_usage_error("sum: --quiet, --status, --strict, --warn and --ignore-missing are for --check");
    if (r->checking && r->tag) return cli_usage_error("sum: --tag is for writing sums, not --check");
    if (r->checking && r->zero) return cli_usage_error("sum: --zero is for writing sums, not --check");
    return 0;
}

/* -1 parsed (optind: the files), or the exit status (--help, usage error). */
static int parse(int argc, char **argv, request *r)
{
    enum { LENGTH = 256, CUSTOM, CUSTOM_FILE, DOMAIN, TAG, QUIET, STATUS, STRICT, IGNORE_MISSING, THREADS };
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'}, {"length", required_argument, NULL, LENGTH},
        {"custom", required_argument, NULL, CUSTOM}, {"custom-file", required_argument, NULL, CUSTOM_FILE},
        {"domain", required_argument, NULL, DOMAIN}, {"tag", no_argument, NULL, TAG},
        {"zero", no_argument, NULL, 'z'},            {"check", no_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, QUIET},         {"status", no_argument, NULL, STATUS},
        {"strict", no_argument, NULL, STRICT},       {"warn", no_argument, NULL, 'w'},
        {"ignore-missing", no_argument, NULL, IGNORE_MISSING}, {"help", no_argument, NULL, 'h'},
        {"threads", required_argument, NULL, THREADS},
        {NULL, 0, NULL, 0}};
    int c;
    memset(r, 0, sizeof *r);
    r->threads = cli_threads_default();
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:czwh", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': r->algo.alg = optarg; break;
        case LENGTH: r->algo.length = optarg; break;
        case CUSTOM: r->algo.custom_hex = optarg; break;
        case CUSTOM_FILE: r->algo.custom_file = optarg; break;
        case DOMAIN: r->algo.domain = optarg; break;
        case TAG: r->tag = 1; break;
        case 'z': r->zero = 1; break;
        case 'c': r->checking = 1; break;
        case QUIET: r->check.quiet = 1; break;
        case STATUS: r->check.status = 1; break;
        case STRICT: r->check.strict = 1; break;
        case 'w': r->check.warn = 1; break;
        case IGNORE_MISSING: r->check.ignore_missing = 1; break;
        case THREADS:
            if (cli_threads_arg("sum", optarg, &r->threads)) return 2;
            break;
        case 'h': return usage(stdout);
        default: return cli_bad_option("sum", argv, optind);
        }
    }
    int status = check_modes(r);
    return status ? status : -1;
}

typedef struct printer {
    const sum_algo *a;
    const request *r;
    int status;
} printer;

/* One "DIGEST  NAME" (or --tag) line, or the file's error. */
static int print_one(void *ctx, size_t index, const char *name, const uint8_t *digest, int err)
{
    printer *p = ctx;
    (void)index;
    if (digest == NULL) {
        p->status = cli_error("%s: %s", name, sum_err_text(err));
        return 0;
    }
    int escape = !p->r->zero && sum_name_needs_escape(name, 0);
    if (escape) putchar('\\');
    if (p->r->tag) {
        for (const char *s = p->a->name; *s; s++) putchar(toupper((unsigned char)*s));
        fputs(" (", stdout);
        sum_name_put(stdout, name, escape);
        fputs(") = ", stdout);
        sum_hex_put(stdout, digest, p->a->size);
    } else {
        sum_hex_put(stdout, digest, p->a->size);
        fputs("  ", stdout);
        sum_name_put(stdout, name, escape);
    }
    putchar(p->r->zero ? '\0' : '\n');
    /* Output lost: main() reports it; no point reading on. */
    return ferror(stdout);
}

int cmd_sum(int argc, char **argv)
{
    request r;
    int status = parse(argc, argv, &r);
    if (status >= 0) return status;
    sum_algo a;
    status = sum_algo_setup(&a, &r.algo, r.checking);
    a.threads = r.threads;
    if (status == 0 && r.checking) {
        status = sum_check(&a, &r.check, argc - optind, argv + optind);
    } else if (status == 0) {
        static char *stdin_only[] = {"-"};
        printer p = {&a, &r, 0};
        int nfiles = argc - optind;
        if (sum_files(&a, a.size, nfiles ? (size_t)nfiles : 1, nfiles ? argv + optind : stdin_only, print_one, &p))
            p.status = 1;
        status = p.status;
    }
    sum_algo_free(&a);
    /* Lost output stopped the run: main() says so and exits 1 (only for a
     * status of 0 does it report), the exit status any other failure gives. */
    return ferror(stdout) ? 0 : status;
}
