/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: benchmark every kernel, peer and the memory-read limit.
 *
 *   simdcrypt speed [-a ALG[,ALG...]] [--sizes LIST] [--peers] [--latency]
 *                   [--batch N] [--json FILE] [--trials N]
 *
 * ALG: a checksum, a cipher, MAC or AEAD speed name (bench.h:
 * "kalyna-128-128-ecb" encrypts, "kalyna-128-128-ecb-dec" decrypts,
 * "aes-128-gcm" seals, "aes-128-gcm-open" opens), a hash or XOF name
 * ("md5", "sha3-256", "shake128"), or a family ("kalyna", "magma", "aes",
 * "md5", "keccak") for all of its names. The default is everything:
 * checksums, then every cipher in both directions, the MACs, the AEADs in
 * both directions, then the hashes and XOFs. --batch N adds the hashes'
 * multi-buffer rows (bench_hash.c).
 *
 * Cases come from providers (bench.h explains how to add one); this file
 * parses options, runs every case at every size on one hot buffer and prints
 * the tables (stdout; stderr when --json - takes stdout) and progress
 * (stderr, on a terminal only).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <getopt.h>

#include "bench_harness.h"
#include "cli.h"
#include "output_file.h"

/* Where the tables go: stdout, or stderr when the JSON takes stdout
 * (--json -), so that the two never interleave. */
static FILE *report;

enum { MAX_SIZES = 32, MAX_ALGS = 256, DEFAULT_TRIALS = 20, MAX_BATCH = 256 };
static const size_t default_sizes[] = {64, 1024, 16384, 262144};
#define MAX_SIZE ((size_t)1 << 28)
/* What a batch case copies its messages into (bench_hash.c): N x the
 * largest size. */
#define MAX_BATCH_BYTES ((size_t)1 << 30)

static int usage(FILE *to)
{
    fputs("usage: simdcrypt speed [-a ALG[,ALG...]] [--sizes 64,1K,16K,256K] [--peers] [--latency]\n"
          "                       [--batch N] [--json FILE] [--trials N]\n"
          "  -a ALG       algorithms to measure (default: every checksum, every cipher in both\n"
          "               directions, every MAC, every AEAD both ways, every hash). ALG is one of:\n"
          "                 a checksum: crc32, crc32c, adler32\n"
          "                 a cipher name (encrypts): kalyna-128-128-ecb, magma-cbc, gost89-ecb, ...\n"
          "                 the same + \"-dec\" to decrypt (ECB, CBC): kalyna-128-128-cbc-dec, magma-ecb-dec\n"
          "                 a counter mode (one case): kalyna-256-512-ctr, magma-ctr, gost89-cnt\n"
          "                 a MAC: kalyna-128-256-cmac, magma-cmac, gost89-mac, ghash, aes-128-gmac\n"
          "                 an AEAD (one-shot seal; 12-byte nonce, no AAD, 16-byte tag): aes-256-gcm\n"
          "                 the same + \"-open\" to decrypt and verify: aes-256-gcm-open\n"
          "                 a hash or XOF (one-shot, one message per call): md5, sha3-224, sha3-256,\n"
          "                 sha3-384, sha3-512, keccak-256, shake128, shake256, turboshake128,\n"
          "                 turboshake256, kangarootwelve (XOFs: 32 bytes of output for the\n"
          "                 *128 names and kangarootwelve, 64 for the *256 ones)\n"
          "                 a family, all of its names: kalyna, magma, aes, md5, keccak\n"
          "               CBC encryption and the MACs are serial chains: they measure latency.\n"
          "  --sizes LIST bytes per call; K = 1024, M = 1048576 (default 64,1K,16K,256K)\n"
          "  --peers      also measure other libraries (zlib, isa-l, libdeflate, ipsec-mb, crypto++,\n"
          "               botan, libgcrypt, openssl and its gost engine, nettle, libsodium) where they\n"
          "               compute the same thing, from the peers plug-in simdcrypt-peers.so (next to\n"
          "               the binary, in <prefix>/lib/simdcrypt/, or $SIMDCRYPT_PEERS)\n"
          "  --latency    feed each result into the next call (serial) instead of back-to-back calls\n"
          "  --batch N    hashes also as N messages of each size per call through the batch API\n"
          "               (sc_hash_many: multi-buffer over the SIMD lanes), per kernel and\n"
          "               dispatched; rows of kind \"batch\", whose GB/s and cpb count all N x size\n"
          "               bytes (the aggregate, beside the single-stream rows). N: 1..256\n"
          "  --json FILE  also write every measurement as JSON (tools/bench_report.py and\n"
          "               tools/plot_bench.py read it; - for standard output)\n"
          "  --trials N   timed trials per case and size, the minimum counts (default 20)\n"
          "With --json -, the JSON goes to standard output and the tables to standard error.\n"
          "Exit status: 0 success, 1 an implementation disagreed with the reference or the JSON\n"
          "could not be written, 2 bad command line.\n",
          to);
    return to == stdout ? 0 : 2;
}

/* "64,1K,16K,256K" -> sizes[]. */
static int parse_sizes(const char *text, size_t *sizes, size_t *count)
{
    *count = 0;
    while (*text) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(text, &end, 10);
        if (end == text || errno) return -1;
        if (*end == 'K' || *end == 'k') v <<= 10, end++;
        else if (*end == 'M' || *end == 'm') v <<= 20, end++;
        if (v == 0 || v > MAX_SIZE || *count == MAX_SIZES) return -1;
        sizes[(*count)++] = (size_t)v;
        if (*end == ',') end++;
        else if (*end) return -1;
        text = end;
    }
    return *count ? 0 : -1;
}

/* Append every speed name of a cipher or hash family ("kalyna", "magma",
 * "aes", "md5", "keccak": the registry's name) to algs; returns how many. */
static size_t add_family(const char *family, const char **algs, size_t *count)
{
    size_t added = 0;
    for (size_t i = 0; bench_speed_name_at(i) && *count < MAX_ALGS; i++) {
        const char *of = bench_speed_family(bench_speed_name_at(i));
        if (of && !strcmp(of, family)) {
            algs[(*count)++] = bench_speed_name_at(i);
            added++;
        }
    }
    return added;
}

static void list_known(void)
{
    for (const char *const *a = sc_algorithms(); *a; a++) fprintf(stderr, " %s", *a);
    for (size_t i = 0; bench_speed_name_at(i); i++) fprintf(stderr, " %s", bench_speed_name_at(i));
    fputc('\n', stderr);
}

/* -a list -> algorithm names: a checksum of sc_algorithms(), a cipher or
 * hash family (all its names), or a cipher/MAC/AEAD/hash speed name
 * (bench.h). */
static int parse_algorithms(char *list, const char **algs, size_t *count)
{
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        if (add_family(name, algs, count)) continue;
        const char *known = NULL;
        for (const char *const *a = sc_algorithms(); *a; a++)
            if (!strcmp(*a, name)) known = *a;
        for (size_t i = 0; known == NULL && bench_speed_name_at(i); i++)
            if (!strcmp(bench_speed_name_at(i), name)) known = bench_speed_name_at(i);
        if (known == NULL) {
            cli_error("speed: unknown algorithm '%s'; known:", name);
            list_known();
            return -1;
        }
        if (*count == MAX_ALGS) return -1;
        algs[(*count)++] = known;
    }
    return 0;
}

/* The default: every checksum, then every cipher name in both directions,
 * the MACs, the AEADs and the hashes (bench_speed_name_at's order). */
static void default_algorithms(const char **algs, size_t *count)
{
    for (const char *const *a = sc_algorithms(); *a && *count < MAX_ALGS; a++) {
        sc_checksum_fn probe;
        if (sc_checksum_kernel(*a, "portable", &probe) == SC_OK) algs[(*count)++] = *a;
    }
    for (size_t i = 0; bench_speed_name_at(i) && *count < MAX_ALGS; i++) algs[(*count)++] = bench_speed_name_at(i);
}

/* Append `name` to the ", "-separated list unless it is already there. */
static void list_add_once(char *list, size_t len, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || (p - list >= 2 && p[-2] == ',' && p[-1] == ' ')) && (p[n] == '\0' || p[n] == ',')) return;
    snprintf(list + strlen(list), len - strlen(list), "%s%s", list[0] ? ", " : "", name);
}

/* The peers line lists the peer cases the providers registered for this run
 * (measured ones, then absent ones), so a new peer file needs no edit here. */
static void peer_line(const bench_set *sets, size_t nsets, char *line, size_t len)
{
    char present[4096] = "", absent[1024] = "", versions[256];
    for (size_t a = 0; a < nsets; a++)
        for (size_t i = 0; i < sets[a].count; i++) {
            const bench_case *c = &sets[a].cases[i];
            if (c->kind != BENCH_PEER) continue;
            if (c->run) list_add_once(present, sizeof present, c->implementation);
            else list_add_once(absent, sizeof absent, c->implementation);
        }
    bench_peer_summary(versions, sizeof versions);
    snprintf(line, len, "%s; absent: %s; library versions: %s", present[0] ? present : "none",
             absent[0] ? absent : "none", versions);
}

/* What the hash rows time, when any hash name is measured. */
static void hash_note(const bench_set *sets, size_t nsets)
{
    sc_hash_info info;
    size_t batch = 0;
    int any = 0;
    for (size_t a = 0; a < nsets; a++)
        if (sc_hash_info_get(sets[a].algorithm, &info) == SC_OK) any = 1, batch = bench_batch(&sets[a]);
    if (!any) return;
    fprintf(report, "- hashes: one message per call, one-shot sc_hash_ex (kernel named) or sc_hash (\"dispatched (public "
           "API)\"), peers likewise; bytes of output of the XOFs:");
    for (size_t i = 0; sc_hash_name_at(i); i++)
        if (sc_hash_info_get(sc_hash_name_at(i), &info) == SC_OK && info.is_xof)
            fprintf(report, " %s %zu,", info.name, bench_hash_out_len(&info));
    fprintf(report, " kangarootwelve without customization\n");
    if (batch)
        fprintf(report, "- batch rows (--batch %zu): %zu distinct messages of the size per sc_hash_many call; GB/s and cpb "
               "count all %zu x size bytes: the aggregate throughput\n",
               batch, batch, batch);
}

static void print_header(const bench_options *opt, const bench_set *sets, size_t nsets, int peers)
{
    char model[128], peers_text[6144], sizes[256] = "";
    bench_cpu_model(model, sizeof model);
    for (size_t i = 0; i < opt->nsizes; i++) {
        char one[32];
        bench_format_size(one, sizeof one, opt->sizes[i]);
        snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), "%s%s", i ? ", " : "", one);
    }
    fprintf(report, "## simdcrypt %s speed: %s\n\n", sc_version(),
           opt->latency ? "latency (each result is the next call's input)"
                        : "throughput (back-to-back calls on one hot buffer)");
    fprintf(report, "- CPU: %s; features used:", model[0] ? model : "unknown");
    uint64_t on = sc_cpu_features();
    for (int f = 0; f < SC_F_COUNT; f++)
        if (on & SC_FEAT(f)) fprintf(report, " %s", sc_feature_name(f));
    fprintf(report, "\n- core clock: %.2f GHz (calibrated with a dependent-add chain); cpb = core cycles per byte\n",
           opt->core_ghz);
    fprintf(report, "- GB/s = 10^9 bytes/s; each figure is the minimum of %d trials of >= %.0f ms (a call longer than a "
           "trial: as many as fit in the same time, at least %d); sizes: %s\n",
           opt->trials, (double)opt->trial_ns / 1e6, BENCH_MIN_TRIALS, sizes);
    fprintf(report, "- %% of limit: speed relative to a plain SIMD read (load + xor) of the same buffer%s\n",
           opt->latency ? "; in latency mode that is the read loop's own latency (load + reduction), "
                          "which short serial kernels can beat"
                        : "");
    const char *disabled = getenv("SIMDCRYPT_DISABLE"), *forced = getenv("SIMDCRYPT_KERNEL");
    if (disabled) fprintf(report, "- SIMDCRYPT_DISABLE=%s\n", disabled);
    if (forced) fprintf(report, "- SIMDCRYPT_KERNEL=%s\n", forced);
    const sc_cpu_id *id = sc_cpu_identity();
    fprintf(report, "- CPU identity: %s %s family 0x%x model 0x%x stepping %u; MIDR %x/%x; marchid 0x%llx\n", id->arch,
           id->vendor, id->family, id->model, id->stepping, id->midr_implementer, id->midr_part,
           (unsigned long long)id->marchid);
    fprintf(report, "- dispatched (marked in the tables; \"dispatched (...)\" rows call the public API):");
    for (const char *const *a = sc_algorithms(); *a; a++) {
        sc_dispatch_info d;
        if (sc_dispatch_get(*a, &d) != SC_OK) continue;
        fprintf(report, " %s %s", *a, d.kernel);
        if (d.crossover) fprintf(report, " (< %zu B: %s)", d.crossover, d.short_kernel);
        fprintf(report, " [%s];", d.reason == SC_REASON_RULE ? "rule" : d.reason == SC_REASON_OVERRIDE ? "override" : "generic");
    }
    fprintf(report, "\n");
    hash_note(sets, nsets);
    if (peers) {
        peer_line(sets, nsets, peers_text, sizeof peers_text);
        fprintf(report, "- peers: %s\n", peers_text);
    }
    fflush(report);
}

/* Is case c timed at n bytes per call? (A block cipher mode skips sizes
 * that are not a whole number of blocks.) */
static int timed_at(const bench_case *c, size_t n)
{
    return c->run != NULL && (c->block <= 1 || n % c->block == 0);
}

/* Does any provider other than the limit know this algorithm? */
static int has_own_cases(const bench_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (set->cases[i].kind != BENCH_LIMIT) return 1;
    return 0;
}

static void *alloc_buffer(size_t len)
{
    void *p = NULL;
    /* 64-byte aligned, like a cache line and a zmm register. */
    if (posix_memalign(&p, 64, len) != 0) return NULL;
    return p;
}

int cmd_speed(int argc, char **argv)
{
    size_t sizes[MAX_SIZES], nsizes = 0;
    const char *algs[MAX_ALGS];
    size_t nalgs = 0;
    const char *json_path = NULL;
    int peers = 0;
    size_t batch = 0;
    bench_options opt = {.latency = 0, .trials = DEFAULT_TRIALS, .trial_ns = 2000000};

    enum { OPT_SIZES = 256, OPT_JSON, OPT_TRIALS, OPT_BATCH, OPT_PEERS, OPT_LATENCY };
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'}, {"sizes", required_argument, NULL, OPT_SIZES},
        {"json", required_argument, NULL, OPT_JSON},  {"trials", required_argument, NULL, OPT_TRIALS},
        {"batch", required_argument, NULL, OPT_BATCH}, {"peers", no_argument, NULL, OPT_PEERS},
        {"latency", no_argument, NULL, OPT_LATENCY},  {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    report = stdout;
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, ":a:h", longopts, NULL)) != -1) {
        long v;
        switch (o) {
        case 'a':
            if (parse_algorithms(optarg, algs, &nalgs)) return 2;
            break;
        case OPT_SIZES:
            if (parse_sizes(optarg, sizes, &nsizes))
                return cli_usage_error("speed: bad --sizes '%s' (e.g. 64,1K,16K,256K; 1 B to 256 MiB)", optarg);
            break;
        case OPT_JSON:
            json_path = optarg;
            break;
        case OPT_TRIALS:
            if (!cli_long_in(optarg, 1, 1000, &v))
                return cli_usage_error("speed: bad --trials '%s' (1..1000)", optarg);
            opt.trials = (int)v;
            break;
        case OPT_BATCH:
            if (!cli_long_in(optarg, 1, MAX_BATCH, &v))
                return cli_usage_error("speed: bad --batch '%s' (1..%d messages per call)", optarg, MAX_BATCH);
            batch = (size_t)v;
            break;
        case OPT_PEERS:
            peers = 1;
            break;
        case OPT_LATENCY:
            opt.latency = 1;
            break;
        case 'h':
            return usage(stdout);
        default: /* '?' or ':' */
            return cli_bad_option("speed", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("speed: unexpected argument '%s'", argv[optind]);
    /* The JSON file is opened now (fail before minutes of timing) and
     * appears whole at the end or not at all (output_file.h). */
    cli_out json = {0};
    if (json_path) {
        if (cli_out_open(&json, "speed", json_path)) return 1;
        if (json.f == stdout) report = stderr;
    }
    if (nsizes == 0) {
        nsizes = sizeof default_sizes / sizeof default_sizes[0];
        memcpy(sizes, default_sizes, sizeof default_sizes);
    }
    if (nalgs == 0) default_algorithms(algs, &nalgs);
    size_t max_size = 0;
    for (size_t i = 0; i < nsizes; i++)
        if (sizes[i] > max_size) max_size = sizes[i];
    if (batch && opt.latency) return cli_error("speed: --batch and --latency: a batch of messages has no serial chain");
    if (batch && (max_size + 128) * batch > MAX_BATCH_BYTES)
        return cli_error("speed: --batch %zu x %zu B is more than 1 GiB of messages", batch, max_size);
    opt.sizes = sizes;
    opt.nsizes = nsizes;

    /* Collect and verify every case first, so the progress line knows the
     * total and a wrong peer is reported before minutes of timing. */
    bench_set *sets = calloc(nalgs, sizeof *sets);
    if (sets == NULL) return cli_error("speed: out of memory");
    int mismatches = 0;
    size_t total = 0;
    if (peers && !bench_peers_load()) /* our kernels are still measured */
        fprintf(stderr, "simdcrypt: speed --peers: no peers available: %s\n", bench_peers_load_error());
    for (size_t a = 0; a < nalgs; a++) {
        bench_collect_batch(&sets[a], algs[a], peers, batch);
        mismatches += bench_verify(&sets[a], max_size);
        if (!has_own_cases(&sets[a])) continue;
        for (size_t i = 0; i < sets[a].count; i++)
            for (size_t s = 0; s < nsizes; s++) total += timed_at(&sets[a].cases[i], sizes[s]);
    }

    uint8_t *in = alloc_buffer(max_size + 64), *out = alloc_buffer(max_size + 64);
    bench_result *results = calloc(total ? total : 1, sizeof *results);
    if (in == NULL || out == NULL || results == NULL) return cli_error("speed: out of memory");
    bench_fill(in, max_size + 64, 0xb0b);
    memset(out, 0, max_size + 64);

    opt.core_ghz = bench_calibrate_core_ghz();
    print_header(&opt, sets, nalgs, peers);

    int progress = isatty(fileno(stderr));
    size_t done = 0;
    for (size_t a = 0; a < nalgs; a++) {
        const bench_set *set = &sets[a];
        if (!has_own_cases(set)) {
            fprintf(report, "\n### %s\n\nno benchmark cases for %s yet\n", set->algorithm, set->algorithm);
            continue;
        }
        size_t first = done;
        for (size_t i = 0; i < set->count; i++) {
            const bench_case *c = &set->cases[i];
            for (size_t s = 0; s < nsizes; s++) {
                if (!timed_at(c, sizes[s])) continue;
                if (progress) {
                    fprintf(stderr, "\r\033[K[%zu/%zu] %s %s %zu", done + 1, total, set->algorithm,
                            c->implementation, sizes[s]);
                    fflush(stderr);
                }
                bench_measure(c, in, out, sizes[s], &opt, &results[done++]);
            }
        }
        if (progress) fputs("\r\033[K", stderr);
        bench_print_algorithm(report, set, results + first, done - first, &opt);
        fflush(report);
    }

    /* The clock the cpb figures assume must have held for the whole run. */
    double ghz_after = bench_calibrate_core_ghz();
    if (ghz_after < opt.core_ghz * 0.97 || ghz_after > opt.core_ghz * 1.03)
        cli_error("speed: warning: core clock moved from %.2f to %.2f GHz during the run; cpb figures are approximate",
                  opt.core_ghz, ghz_after);

    int status = 0;
    if (json_path) {
        if (bench_write_json(json.f, results, done, &opt) != 0) {
            status = cli_error("speed: cannot write %s: %s", json.name, strerror(errno));
            cli_out_abort(&json);
        } else if (cli_out_commit(&json, "speed")) {
            status = 1;
        }
    }
    if (mismatches) status = cli_error("speed: %d implementation(s) disagreed with the reference (see above)", mismatches);
    for (size_t a = 0; a < nalgs; a++) bench_set_free(&sets[a]);
    free(sets);
    free(results);
    free(in);
    free(out);
    return status;
}
