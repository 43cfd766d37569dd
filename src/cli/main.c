/* simdcrypt: the command-line front end. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *help;
} commands[] = {
    {"info", cmd_info, "detected CPU features and the kernel chosen per algorithm"},
    {"sum", cmd_sum, "-a adler32|crc32|crc32c [FILE...|-]: checksum files or stdin"},
    {"selftest", cmd_selftest, "known-answer tests on every kernel this CPU can run"},
    {"cipher", cmd_cipher,
     "-a ALG -e|-d -k KEYHEX [--iv HEX] [--sbox S] [-i FILE] [-o FILE]: raw encrypt/decrypt"},
    {"mac", cmd_mac, "-a ALG -k KEYHEX [FILE]: MAC of a file or stdin (--list: names)"},
    {"speed", cmd_speed,
     "[-a ALG] [--sizes LIST] [--peers] [--latency] [--json FILE]: benchmark"},
    {"tune", cmd_tune, "[-a ALG]: rank the kernels on this CPU, propose dispatch rules"},
};

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("simdcrypt: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

static int usage(FILE *f)
{
    fprintf(f, "simdcrypt %s: fast constant-time checksums and ciphers\n\nusage: simdcrypt COMMAND [ARGS]\n\n",
            sc_version());
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].help);
    fprintf(f, "\nSIMDCRYPT_DISABLE=feature,... makes CPU features count as absent;\n"
               "SIMDCRYPT_KERNEL=alg:kernel,... forces kernels (simdcrypt info shows what was ignored).\n");
    return f == stdout ? 0 : 2;
}

int main(int argc, char **argv)
{
    /* Line-buffered even into a pipe, so a run killed by a signal (SIGILL
     * under an emulated CPU lacking an instruction) keeps what it printed. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 2) return usage(stderr);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help"))
        return usage(stdout);
    if (!strcmp(argv[1], "--version")) {
        printf("simdcrypt %s\n", sc_version());
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    cli_error("unknown command '%s'", argv[1]);
    return usage(stderr);
}
