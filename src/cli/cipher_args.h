/* SPDX-License-Identifier: Apache-2.0 */
/* Shared by `simdcrypt cipher` and `simdcrypt mac`: hex arguments, the
 * --sbox argument, and the list of algorithm names. */
#ifndef SC_CLI_CIPHER_ARGS_H
#define SC_CLI_CIPHER_ARGS_H
#include <stddef.h>
#include <stdint.h>

#include <simdcrypt/cipher.h>

#include "key_input.h"

/* Options both commands take: -a ALG, -k/--key-file/--key-env, --sbox,
 * --kernel, --list, --help. Their getopt_long entries (append the command's
 * own, then {NULL, 0, NULL, 0}) and short letters (start the command's
 * optstring with CLI_COMMON_SHORTOPTS). */
typedef struct cli_common_args {
    const char *alg, *sbox, *kernel;
    cli_key_source key;
} cli_common_args;
#define CLI_COMMON_SHORTOPTS ":a:k:h"
#define CLI_COMMON_LONGOPTS                                                                                        \
    {"list", no_argument, NULL, 'L'}, {"sbox", required_argument, NULL, 'S'},                                      \
        {"kernel", required_argument, NULL, 'K'}, {"key-file", required_argument, NULL, 'F'},                      \
        {"key-env", required_argument, NULL, 'E'}, { "help", no_argument, NULL, 'h' }
/* The KEY part of both usage texts. */
#define CLI_KEY_HELP                                                                                               \
    "KEY, exactly one of:\n"                                                                                        \
    "  -k KEYHEX          on the command line: visible to every local user (ps, /proc)\n"                          \
    "  --key-file FILE    exactly key-size raw bytes, or hex text (whitespace around\n"                            \
    "                     it ignored); - reads stdin (the input must then be a FILE)\n"                            \
    "  --key-env VAR      hex text in the environment variable VAR\n"
/* Store getopt_long's c/optarg if it is a common value option: 1 if it
 * was, 0 if not. */
int cli_common_option(int c, char *arg, cli_common_args *a);

/* Decode hex (upper or lower case, even length) into out[cap] in constant
 * time (cli_hex_text: secrets such as IVs and tags go through it too);
 * returns the byte count, or -1 after printing "simdcrypt: <what>: ..." on
 * stderr, which never quotes the text. */
long cli_hex_arg(const char *what, const char *hex, uint8_t *out, size_t cap);
/* The same into a buffer of its own (*out: free it, even on failure), for
 * arguments of any length (nonces, AAD). */
long cli_hex_arg_alloc(const char *what, const char *hex, uint8_t **out);

/* --sbox: a name or 128 hex digits are passed through; a readable file's
 * content (its hex digits, blanks ignored) is read into buf. Returns the
 * string for sc_cipher_opts.sbox, or NULL after printing an error. */
const char *cli_sbox_arg(const char *arg, char *buf, size_t cap);

/* --tag-len N: *out = N, a number of bytes from 1 to max. 0, or 2 after
 * printing a usage error. */
int cli_tag_len_arg(const char *who, const char *arg, long max, long *out);

/* Options of particular modes, shared by cipher and mac: --segment BITS
 * (CFB / GOST OFB segment size), --key-meshing cryptopro|none (GOST
 * 28147-89 CNT, CFB, MAC), --short-mac cryptopro|bc (gost89-mac), into the
 * sc_cipher_opts fields of the same names (0 = the algorithm's default). */
typedef struct cli_mode_args {
    uint32_t segment_bits;
    int32_t key_meshing, short_mac;
} cli_mode_args;
#define CLI_MODE_LONGOPTS                                                                                          \
    {"segment", required_argument, NULL, 'G'}, {"key-meshing", required_argument, NULL, 'M'},                     \
    {                                                                                                              \
        "short-mac", required_argument, NULL, 'W'                                                                  \
    }
#define CLI_MODE_HELP                                                                                              \
    "--segment BITS: CFB (and GOST R 34.13 OFB) segment size s, a multiple of 8 up to\n"                           \
    "the block size (default: the block size); for magma-ofb/magma-cfb the IV length\n"                            \
    "gives the register size m. --key-meshing cryptopro|none (gost89-cnt, gost89-cfb,\n"                           \
    "gost89-mac): CryptoPro key meshing every 1024 bytes, RFC 4357 2.3; default\n"                                 \
    "cryptopro, as gost-engine. --short-mac cryptopro|bc (gost89-mac): messages of\n"                              \
    "0..8 bytes padded to two blocks, 00000000 when empty (cryptopro, default, as\n"                              \
    "gost-engine) or as Bouncy Castle (bc). See docs/gost-modes.md.\n"
/* Store getopt_long's c/arg if it is one of these: 1 if it was, 0 if not,
 * 2 after a usage error (a value out of its set). */
int cli_mode_option(const char *who, int c, const char *arg, cli_mode_args *m);
/* Copy the values into opts. */
void cli_mode_apply(const cli_mode_args *m, sc_cipher_opts *opts);
/* Does `alg` (a cipher, mac = 0, or a MAC, mac = 1) take the values given?
 * Tried on a throwaway context with a dummy key and IV, before the real key
 * is read: 0, or 2 after a usage error naming the options. */
int cli_mode_args_check(const char *who, const char *alg, int mac, const cli_mode_args *m);

/* Print every name of a list (sc_cipher_name_at, sc_mac_name_at,
 * sc_aead_name_at), one per line. */
void cli_list_names(const char *(*name_at)(size_t));
#endif
