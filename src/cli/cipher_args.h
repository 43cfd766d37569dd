/* Shared by `simdcrypt cipher` and `simdcrypt mac`: hex arguments, the
 * --sbox argument, and the list of algorithm names. */
#ifndef SC_CLI_CIPHER_ARGS_H
#define SC_CLI_CIPHER_ARGS_H
#include <stddef.h>
#include <stdint.h>

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

/* Print every name of a list (sc_cipher_name_at, sc_mac_name_at,
 * sc_aead_name_at), one per line. */
void cli_list_names(const char *(*name_at)(size_t));
#endif
