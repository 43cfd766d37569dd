/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum --check (see sum_check.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "key_hex.h"
#include "sum_check.h"
#include "sum_files.h"
#include "sum_name.h"

/* Lines, and bytes of expected digests, verified per sum_files run: bound
 * the memory a long list takes. */
enum { RUN_LINES = 256, RUN_BYTES = 16 << 20 };

typedef struct counts {
    size_t lines, malformed, mismatched, unreadable, matched, formatted;
} counts;

typedef struct run {
    const sum_algo *a;
    const sum_check_opts *o;
    counts *n;
    size_t count, bytes;
    char *names[RUN_LINES];
    uint8_t *want[RUN_LINES];
    size_t want_len[RUN_LINES];
} run;

static int result_line(const char *name, const char *what)
{
    int escape = sum_name_needs_escape(name, 1);
    if (escape) putchar('\\');
    sum_name_put(stdout, name, escape);
    printf(": %s\n", what);
    return ferror(stdout);
}

static int compare(void *ctx, size_t i, const char *name, const uint8_t *digest, int err)
{
    run *r = ctx;
    if (digest == NULL) {
        if (r->o->ignore_missing && err == ENOENT) return 0;
        cli_error("%s: %s", name, sum_err_text(err));
        r->n->unreadable++;
        return r->o->status ? 0 : result_line(name, "FAILED open or read");
    }
    int ok = sc_memeq(digest, r->want[i], r->want_len[i]);
    if (ok) r->n->matched++;
    else r->n->mismatched++;
    if (r->o->status || (ok && r->o->quiet)) return 0;
    return result_line(name, ok ? "OK" : "FAILED");
}

/* A --tag line's "ALG (NAME) = HEX" after the ALG: *hex and the name (cut
 * off in place), or NULL when the line is not one. */
static char *tag_line(const sum_algo *a, char *p, char **hex)
{
    for (const char *s = a->name; *s; s++, p++)
        if (*p != toupper((unsigned char)*s)) return NULL;
    if (strncmp(p, " (", 2) != 0) return NULL;
    char *name = p + 2, *end = NULL;
    for (char *q = name; (q = strstr(q, ") = ")) != NULL; q++) end = q; /* the last: names may hold it */
    if (end == NULL) return NULL;
    *end = 0, *hex = end + 4;
    return name;
}

/* "[\]HEX  NAME", "[\]HEX *NAME" or "[\]ALG (NAME) = HEX" (leading blanks
 * and a CR before the newline allowed, as md5sum -c): the name and the
 * digest into r's next slot. 0, or -1 for a malformed line. */
static int parse_line(run *r, char *line)
{
    const sum_algo *a = r->a;
    size_t len = strlen(line);
    if (len && line[len - 1] == '\n') line[--len] = 0;
    if (len && line[len - 1] == '\r') line[--len] = 0;
    char *p = line;
    /* An empty digest (--length 0) starts the line with its two blanks. */
    if (!(a->has_size && a->size == 0))
        while (*p == ' ' || *p == '\t') p++;
    int escaped = *p == '\\';
    p += escaped;
    char *hex = p, *name = tag_line(a, p, &hex);
    size_t hexlen;
    if (name == NULL) {
        while (isxdigit((unsigned char)*p)) p++;
        hexlen = (size_t)(p - hex);
        if (p[0] != ' ' || (p[1] != ' ' && p[1] != '*') || p[2] == 0) return -1;
        name = p + 2;
    } else {
        hexlen = strlen(hex);
        for (size_t i = 0; i < hexlen; i++)
            if (!isxdigit((unsigned char)hex[i])) return -1;
    }
    if (escaped && sum_name_unescape(name)) return -1;
    if (hexlen % 2 || (a->has_size ? hexlen != 2 * a->size : hexlen == 0 || hexlen > 2 * SUM_MAX_LENGTH)) return -1;
    size_t n;
    uint8_t *want = malloc(hexlen / 2 + 1);
    char *copy = strdup(name);
    if (want == NULL || copy == NULL || cli_hex_decode_ct(hex, hexlen, want, hexlen / 2, &n) != 0) {
        free(want), free(copy);
        return -1;
    }
    r->names[r->count] = copy, r->want[r->count] = want, r->want_len[r->count++] = n;
    r->bytes += n;
    return 0;
}

/* Verify the lines gathered so far, then forget them. 0 or 1 (stop). */
static int verify(run *r)
{
    size_t out_len = r->a->size;
    if (!r->a->has_size)
        for (size_t i = 0; i < r->count; i++)
            if (r->want_len[i] > out_len) out_len = r->want_len[i];
    int stop = r->count ? sum_files(r->a, out_len, r->count, r->names, compare, r) : 0;
    for (size_t i = 0; i < r->count; i++) free(r->names[i]), free(r->want[i]);
    r->count = r->bytes = 0;
    return stop;
}

static const char *plural(size_t n, const char *one, const char *many) { return n == 1 ? one : many; }

/* The verdict on one list, with coreutils' warnings. 0 or 1. */
static int summary(const char *list, const counts *n, const sum_check_opts *o)
{
    if (n->formatted == 0) return cli_error("%s: no properly formatted checksum lines found", list);
    if (!o->status) {
        if (n->malformed)
            cli_error("WARNING: %zu %s improperly formatted", n->malformed, plural(n->malformed, "line is", "lines are"));
        if (n->unreadable)
            cli_error("WARNING: %zu listed %s could not be read", n->unreadable, plural(n->unreadable, "file", "files"));
        if (n->mismatched)
            cli_error("WARNING: %zu computed %s did NOT match", n->mismatched,
                      plural(n->mismatched, "checksum", "checksums"));
    }
    if (o->ignore_missing && n->matched == 0) return cli_error("%s: no file was verified", list);
    return n->mismatched || n->unreadable || (o->strict && n->malformed);
}

/* One check list. 0, 1 (failed), or -1 (output lost: stop). */
static int check_list(run *r, const char *path)
{
    int is_stdin = !strcmp(path, "-");
    const char *list = is_stdin ? "standard input" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "r");
    if (f == NULL) return cli_error("%s: %s", path, strerror(errno));
    counts n = {0};
    r->n = &n;
    char *line = NULL;
    size_t cap = 0;
    int stop = 0;
    while (!stop && getline(&line, &cap, f) != -1) {
        n.lines++;
        if (parse_line(r, line) == 0) {
            n.formatted++;
            if (r->count == RUN_LINES || r->bytes >= RUN_BYTES) stop = verify(r);
        } else {
            n.malformed++;
            if (r->o->warn) cli_error("%s: %zu: improperly formatted %s checksum line", list, n.lines, r->a->name);
        }
    }
    int err = ferror(f) ? errno : 0;
    free(line);
    if (!stop) stop = verify(r); /* (a stop came from verify, which left nothing) */
    if (!is_stdin) fclose(f);
    if (stop) return -1;
    if (err) return cli_error("%s: read error: %s", list, strerror(err));
    return summary(list, &n, r->o);
}

int sum_check(const sum_algo *a, const sum_check_opts *o, int nfiles, char **lists)
{
    static char *stdin_only[] = {"-"};
    run *r = calloc(1, sizeof *r);
    if (r == NULL) return cli_error("sum: out of memory");
    r->a = a, r->o = o;
    if (nfiles == 0) nfiles = 1, lists = stdin_only;
    int status = 0;
    for (int i = 0; i < nfiles; i++) {
        int s = check_list(r, lists[i]);
        if (s < 0) {
            status = 1;
            break;
        }
        status |= s;
    }
    free(r);
    return status;
}
