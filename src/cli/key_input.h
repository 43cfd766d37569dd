/* SPDX-License-Identifier: Apache-2.0 */
/* Where `simdcrypt cipher` and `simdcrypt mac` take their key from:
 *   -k HEX          the command line (visible to every local user in
 *                   /proc/PID/cmdline and ps: kept for tests and scripts;
 *                   the argument is wiped once read, which shortens but does
 *                   not close that window)
 *   --key-file F    a file ("-": stdin): exactly key-size bytes are the raw
 *                   key, anything else is hex text (whitespace around it ignored)
 *   --key-env VAR   hex text in an environment variable (wiped once read)
 * Every buffer that held key material here is wiped with sc_wipe before
 * returning, on every path. Hex goes through cli_hex_decode_ct, and no error
 * message contains a key character. */
#ifndef SC_CLI_KEY_INPUT_H
#define SC_CLI_KEY_INPUT_H
#include <stddef.h>
#include <stdint.h>

typedef struct cli_key_source {
    char *hex;        /* -k */
    const char *file; /* --key-file */
    const char *env;  /* --key-env */
} cli_key_source;

/* How many of the three were given (the commands want exactly one). */
int cli_key_source_count(const cli_key_source *s);

/* Read the key into key[cap]; key_size is the algorithm's (a file of exactly
 * that many bytes is the raw key). Returns the key length, or -1 after
 * printing "who: key...: <fact>" on stderr. */
long cli_key_read(const char *who, cli_key_source *s, size_t key_size, uint8_t *key, size_t cap);

/* Wipe the -k argument and the --key-env variable in place (idempotent):
 * called on every exit path, including those that never read the key. */
void cli_key_forget(cli_key_source *s);

/* Hex text (surrounding whitespace ignored) into out[cap] with
 * cli_hex_decode_ct: the byte count, or -1 after printing "what: <fact>"
 * (odd number of hex digits, too long, not a hex string: never a character
 * of text nor a position). */
long cli_hex_text(const char *what, const char *text, size_t len, uint8_t *out, size_t cap);
#endif
