/* simdcrypt command-line tool: one file per subcommand. */
#ifndef SC_CLI_H
#define SC_CLI_H
#include <simdcrypt.h>
#include <stdio.h>

int cmd_info(int argc, char **argv);
int cmd_sum(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
/* Cipher/MAC part of selftest (selftest_ciphers.c): adds one count per
 * algorithm and kernel. */
void selftest_ciphers(int *passed, int *failed, int *skipped);
int cmd_speed(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_cipher(int argc, char **argv);
int cmd_mac(int argc, char **argv);

/* Print "simdcrypt: <message>" on stderr; returns 1 (the failure exit code). */
int cli_error(const char *fmt, ...);
#endif
