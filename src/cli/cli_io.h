/* SPDX-License-Identifier: Apache-2.0 */
/* Input and output of the commands that transform a stream (cipher, aead):
 * the -e/-d, -i FILE, -o FILE, --in-place options, opening the input safely
 * (never a directory, never the file the output replaces), and output held
 * in memory until nothing can fail any more (for outputs that cannot be
 * replaced atomically: stdout, devices, FIFOs). -o FILE itself goes through
 * output_file.h. */
#ifndef SC_CLI_IO_H
#define SC_CLI_IO_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include "cipher_args.h"

typedef struct cli_io_args {
    const char *in_path, *out_path; /* NULL: stdin / stdout */
    int encrypt;                    /* 1 -e, 0 -d, -1 neither yet */
    int in_place;
} cli_io_args;
/* Append to the command's optstring / getopt_long table. */
#define CLI_IO_SHORTOPTS "edi:o:"
#define CLI_IO_LONGOPTS {"in-place", no_argument, NULL, 'P'}

/* Before parsing: nothing given. */
void cli_io_args_init(cli_io_args *io);
/* Store getopt_long's c/arg if it is one of these options: 1 if it was, 0 if
 * not, 2 after printing a usage error (-e and -d together). */
int cli_io_option(const char *who, int c, char *arg, cli_io_args *io);
/* After parsing (argv[optind..argc) unparsed): the checks both commands
 * make (no stray argument, -a, -e/-d and one key given, --in-place with a
 * file, --key-file - only when stdin is not the input), then --in-place
 * without -o targets -i FILE and "-i -" becomes NULL. 0, or 2 after printing
 * a usage error. */
int cli_io_args_check(const char *who, int argc, char **argv, int optind_now, const cli_common_args *common,
                      cli_io_args *io);

/* Open the input (stdin when io->in_path is NULL) and refuse, before any
 * output exists, a directory and an input that is the output (-o naming it
 * without --in-place; stdout redirected into it). *st receives its fstat.
 * The stream, or NULL after printing "who: ...". */
FILE *cli_in_open(const char *who, const cli_io_args *io, struct stat *st);
/* Close what cli_in_open returned (stdin stays open). NULL is fine. */
void cli_in_close(FILE *in);

/* Output held in memory. Grown by copying, so no freed block keeps a copy
 * (realloc could leave one); wiped on release. Zero-initialise. */
typedef struct cli_held {
    uint8_t *p;
    size_t len, cap;
} cli_held;
/* Append n bytes: 0, or 1 after printing "who: out of memory ... hint". */
int cli_hold(cli_held *h, const char *who, const char *hint, const uint8_t *data, size_t n);
/* Wipe and free (the struct is zeroed: reusable). */
void cli_held_release(cli_held *h);
/* Read what is left of `in` (path: its name, NULL for stdin) into *h, for
 * the one-shot modes that need the whole input at once: 0; 1 after printing
 * "who: cannot read ..." or "out of memory"; -1, printing nothing (the
 * caller says why it has a limit), once more than max bytes are in *h. */
int cli_read_all(const char *who, FILE *in, const char *path, size_t max, cli_held *h);
#endif
