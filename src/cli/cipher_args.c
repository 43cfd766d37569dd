/* Argument helpers for the cipher and mac commands. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"
#include "key_input.h"

long cli_hex_arg(const char *what, const char *hex, uint8_t *out, size_t cap)
{
    return cli_hex_text(what, hex, strlen(hex), out, cap);
}

int cli_common_option(int c, char *arg, cli_common_args *a)
{
    switch (c) {
    case 'a': a->alg = arg; return 1;
    case 'k': a->key.hex = arg; return 1;
    case 'F': a->key.file = arg; return 1;
    case 'E': a->key.env = arg; return 1;
    case 'S': a->sbox = arg; return 1;
    case 'K': a->kernel = arg; return 1;
    default: return 0;
    }
}

const char *cli_sbox_arg(const char *arg, char *buf, size_t cap)
{
    FILE *f = strchr(arg, '/') || strchr(arg, '.') ? fopen(arg, "r") : NULL;
    if (f == NULL) {
        if (strchr(arg, '/') || strchr(arg, '.')) {
            cli_error("--sbox: cannot read file '%s'", arg);
            return NULL;
        }
        return arg; /* a name or hex: the cipher checks it */
    }
    size_t n = 0;
    int c;
    while ((c = fgetc(f)) != EOF)
        if (!isspace(c)) {
            if (n + 1 >= cap) {
                fclose(f);
                cli_error("--sbox: file '%s' is too long for an S-box", arg);
                return NULL;
            }
            buf[n++] = (char)c;
        }
    fclose(f);
    buf[n] = 0;
    return buf;
}

void cli_list_names(int mac)
{
    const char *name;
    for (size_t i = 0; (name = mac ? sc_mac_name_at(i) : sc_cipher_name_at(i)) != NULL; i++) puts(name);
}
