/* Argument helpers for the cipher and mac commands. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

long cli_hex_arg(const char *what, const char *hex, uint8_t *out, size_t cap)
{
    size_t n = strlen(hex);
    if (n % 2) {
        cli_error("%s: odd number of hex digits (%zu)", what, n);
        return -1;
    }
    if (n / 2 > cap) {
        cli_error("%s: too long (%zu bytes, at most %zu)", what, n / 2, cap);
        return -1;
    }
    for (size_t i = 0; i < n; i += 2) {
        int hi = hex_digit((unsigned char)hex[i]), lo = hex_digit((unsigned char)hex[i + 1]);
        if (hi < 0 || lo < 0) {
            cli_error("%s: not a hex digit at position %zu: '%c'", what, hi < 0 ? i + 1 : i + 2,
                      hi < 0 ? hex[i] : hex[i + 1]);
            return -1;
        }
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
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
