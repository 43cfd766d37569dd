/* Shared by `simdcrypt cipher` and `simdcrypt mac`: hex arguments, the
 * --sbox argument, and the list of algorithm names. */
#ifndef SC_CLI_CIPHER_ARGS_H
#define SC_CLI_CIPHER_ARGS_H
#include <stddef.h>
#include <stdint.h>

/* Decode hex (upper or lower case, even length) into out[cap]; returns the
 * byte count, or -1 after printing "simdcrypt: <what>: ..." on stderr. */
long cli_hex_arg(const char *what, const char *hex, uint8_t *out, size_t cap);

/* --sbox: a name or 128 hex digits are passed through; a readable file's
 * content (its hex digits, blanks ignored) is read into buf. Returns the
 * string for sc_cipher_opts.sbox, or NULL after printing an error. */
const char *cli_sbox_arg(const char *arg, char *buf, size_t cap);

/* Print every cipher (mac = 0) or MAC (mac = 1) name, one per line. */
void cli_list_names(int mac);
#endif
