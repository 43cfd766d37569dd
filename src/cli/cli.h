/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt command-line tool: one file per subcommand. */
#ifndef SC_CLI_H
#define SC_CLI_H
#include <simdcrypt.h>
#include <simdcrypt/aead.h> /* not (yet) in the umbrella header */
#include <stdio.h>

int cmd_info(int argc, char **argv);
int cmd_sum(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_speed(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_cipher(int argc, char **argv);
int cmd_mac(int argc, char **argv);
int cmd_aead(int argc, char **argv);

/* Exit status: 0 success, 1 runtime failure, 2 bad command line (main.c). */

/* Print "simdcrypt: <message>" on stderr; returns 1 (the failure exit code). */
int cli_error(const char *fmt, ...);
/* The same for a command line that cannot be parsed; returns 2. */
int cli_usage_error(const char *fmt, ...);
/* getopt_long returned '?' or ':' (opterr = 0): name the offending argument,
 * argv[optind_now - 1], on stderr; returns 2 (the usage exit code). */
int cli_bad_option(const char *cmd, char **argv, int optind_now);
/* A whole decimal number from lo to hi in text: 1 and *out, else 0. */
int cli_long_in(const char *text, long lo, long hi, long *out);
#endif
