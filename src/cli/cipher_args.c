/* Argument helpers for the cipher and mac commands. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"
#include "key_input.h"

long cli_hex_arg(const char *what, const char *hex, uint8_t *out, size_t cap)
{
    return cli_hex_text(what, hex, strlen(hex), out, cap);
}

long cli_hex_arg_alloc(const char *what, const char *hex, uint8_t **out)
{
    size_t cap = strlen(hex) / 2 + 1;
    if ((*out = malloc(cap)) == NULL) return -cli_error("%s: out of memory", what);
    return cli_hex_arg(what, hex, *out, cap);
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

int cli_tag_len_arg(const char *who, const char *arg, long max, long *out)
{
    char *end;
    *out = strtol(arg, &end, 10);
    if (*end || end == arg || *out <= 0 || *out > max)
        return cli_usage_error("%s: --tag-len wants a number of bytes from 1 to %ld", who, max);
    return 0;
}

void cli_list_names(const char *(*name_at)(size_t))
{
    const char *name;
    for (size_t i = 0; (name = name_at(i)) != NULL; i++) puts(name);
}
