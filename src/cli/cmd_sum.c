/* simdcrypt sum: stream files (or stdin) through a checksum.
 *
 *   simdcrypt sum -a adler32|crc32|crc32c [FILE...|-]
 */
#include <errno.h>
#include <getopt.h>
#include <string.h>

#include "cli.h"

typedef uint32_t (*checksum_entry)(uint32_t, const void *, size_t);

static int sum_stream(FILE *f, checksum_entry fn, uint32_t *value)
{
    static unsigned char buf[1 << 17];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) *value = fn(*value, buf, n);
    return ferror(f) ? -1 : 0;
}

static int usage(FILE *f)
{
    fputs("usage: simdcrypt sum -a adler32|crc32|crc32c [FILE...|-]\n"
          "Prints \"VALUE  FILE\" per file (stdin when none or -). An unreadable FILE is\n"
          "reported and the others are still summed.\n"
          "Exit status: 0 success, 1 a file could not be read or the output was lost,\n"
          "2 bad command line.\n",
          f);
    return f == stdout ? 0 : 2;
}

int cmd_sum(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    const char *alg = NULL;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:h", longopts, NULL)) != -1) {
        if (c == 'a') alg = optarg;
        else if (c == 'h') return usage(stdout);
        else return cli_bad_option("sum", argv, optind);
    }
    int first = optind;
    checksum_entry fn;
    uint32_t init;
    if (alg == NULL) return cli_usage_error("sum: -a adler32|crc32|crc32c is required");
    if (!strcmp(alg, "adler32")) fn = sc_adler32, init = 1;
    else if (!strcmp(alg, "crc32")) fn = sc_crc32, init = 0;
    else if (!strcmp(alg, "crc32c")) fn = sc_crc32c, init = 0;
    else return cli_error("sum: unknown algorithm '%s' (adler32, crc32, crc32c)", alg);

    int status = 0;
    char *stdin_only[] = {"-"};
    char **files = first < argc ? argv + first : stdin_only;
    int nfiles = first < argc ? argc - first : 1;
    for (int i = 0; i < nfiles; i++) {
        int is_stdin = !strcmp(files[i], "-");
        FILE *f = is_stdin ? stdin : fopen(files[i], "rb");
        if (f == NULL) {
            status = cli_error("%s: %s", files[i], strerror(errno));
            continue;
        }
        uint32_t value = init;
        if (sum_stream(f, fn, &value) != 0) status = cli_error("%s: read error: %s", files[i], strerror(errno));
        else printf("%08x  %s\n", value, files[i]);
        if (!is_stdin) fclose(f);
        if (ferror(stdout)) break; /* output lost: main() reports it, no point reading on */
    }
    return status;
}
