/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum: coreutils' name escaping and hex (see sum_name.h). */
#include <string.h>

#include "sum_name.h"

int sum_name_needs_escape(const char *name, int check_output)
{
    return strchr(name, '\n') != NULL || (!check_output && strchr(name, '\\') != NULL);
}

void sum_name_put(FILE *f, const char *name, int escape)
{
    if (!escape) {
        fputs(name, f);
        return;
    }
    for (const char *p = name; *p; p++) {
        if (*p == '\\') fputs("\\\\", f);
        else if (*p == '\n') fputs("\\n", f);
        else putc(*p, f);
    }
}

int sum_name_unescape(char *name)
{
    char *w = name;
    for (const char *r = name; *r; r++) {
        if (*r != '\\') {
            *w++ = *r;
            continue;
        }
        if (r[1] == '\\') *w++ = '\\';
        else if (r[1] == 'n') *w++ = '\n';
        else return -1;
        r++;
    }
    *w = 0;
    return 0;
}

void sum_hex_put(FILE *f, const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        putc(digits[p[i] >> 4], f);
        putc(digits[p[i] & 15], f);
    }
}
