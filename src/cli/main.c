/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: the command-line front end.
 *
 * Exit status of every command: 0 success, 1 a runtime failure (unreadable
 * input, refused key or data, lost output, mismatching tag), 2 a command line
 * that cannot be parsed (unknown option, missing value or required option,
 * conflicting options). */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output_file.h"

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *help;
} commands[] = {
    {"info", cmd_info, "detected CPU features and the kernel chosen per algorithm"},
    {"sum", cmd_sum,
     "-a ALG [--length BYTES] [-c] [FILE...|-]: checksums, hashes and XOFs\n"
     "            of files or stdin, md5sum's format; -c checks a list"},
    {"selftest", cmd_selftest, "known-answer tests on every kernel this CPU can run"},
    {"cipher", cmd_cipher,
     "-a ALG -e|-d KEY [--iv HEX] [--padding pkcs7] [-i FILE] [-o FILE]: encrypt/decrypt\n"
     "            (unauthenticated; --list: names)"},
    {"aead", cmd_aead,
     "-a ALG -e|-d KEY --nonce HEX [--aad HEX] [-i FILE] [-o FILE]: authenticated\n"
     "            encryption, e.g. aes-256-gcm (--list: names)"},
    {"mac", cmd_mac,
     "-a ALG KEY [--nonce HEX] [--verify TAGHEX] [FILE]: MAC of a file or stdin\n"
     "            (--list: names)"},
    {"speed", cmd_speed,
     "[-a ALG] [--sizes LIST] [--peers] [--latency] [--json FILE]: benchmark"},
    {"tune", cmd_tune, "[-a ALG]: rank the kernels on this CPU, propose dispatch rules"},
};

static void message(const char *fmt, va_list ap)
{
    fputs("simdcrypt: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message(fmt, ap);
    va_end(ap);
    return 1;
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message(fmt, ap);
    va_end(ap);
    return 2;
}

int cli_long_in(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end || end == text || errno || v < lo || v > hi) return 0;
    *out = v;
    return 1;
}

int cli_bad_option(const char *cmd, char **argv, int optind_now)
{
    return cli_usage_error("%s: unknown option or missing value: '%s' (simdcrypt %s --help)", cmd,
                           argv[optind_now - 1], cmd);
}

static int usage(FILE *f)
{
    fprintf(f, "simdcrypt %s: fast constant-time checksums and ciphers\n\nusage: simdcrypt COMMAND [ARGS]\n\n",
            sc_version());
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].help);
    fprintf(f, "\nKEY: -k KEYHEX (visible to other local users), --key-file FILE|- or --key-env VAR.\n"
               "simdcrypt COMMAND --help: its options. Exit status: 0 success, 1 failure,\n"
               "2 bad command line.\n"
               "SIMDCRYPT_DISABLE=feature,... makes CPU features count as absent;\n"
               "SIMDCRYPT_KERNEL=alg:kernel,... forces kernels (simdcrypt info shows what was ignored).\n");
    return f == stdout ? 0 : 2;
}

int main(int argc, char **argv)
{
    /* Line-buffered even into a pipe, so a run killed by a signal (SIGILL
     * under an emulated CPU lacking an instruction) keeps what it printed. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    cli_occupy_std_fds();
    if (argc < 2) return usage(stderr);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return cli_close_stdout(1);
    }
    if (!strcmp(argv[1], "--version")) {
        printf("simdcrypt %s\n", sc_version());
        return cli_close_stdout(1);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) {
            /* A broken pipe becomes a failed write (EPIPE) that the command
             * and cli_close_stdout report, not a silent death. speed keeps
             * the signal: `simdcrypt speed | head` stops the benchmark. */
            if (commands[i].run != cmd_speed) signal(SIGPIPE, SIG_IGN);
            int status = commands[i].run(argc - 1, argv + 1);
            /* Whatever a command printed must have arrived: a full disk or a
             * closed stdout turns success into failure. */
            if (cli_close_stdout(status == 0) != 0 && status == 0) status = 1;
            return status;
        }
    cli_error("unknown command '%s'", argv[1]);
    return usage(stderr);
}
