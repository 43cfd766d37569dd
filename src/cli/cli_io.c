/* SPDX-License-Identifier: Apache-2.0 */
/* Stream commands' input and held output (see cli_io.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_io.h"

void cli_io_args_init(cli_io_args *io)
{
    memset(io, 0, sizeof *io);
    io->encrypt = -1;
}

int cli_io_option(const char *who, int c, char *arg, cli_io_args *io)
{
    switch (c) {
    case 'e':
    case 'd':
        if (io->encrypt >= 0 && io->encrypt != (c == 'e')) return cli_usage_error("%s: -e and -d together", who);
        io->encrypt = c == 'e';
        return 1;
    case 'i': io->in_path = arg; return 1;
    case 'o': io->out_path = arg; return 1;
    case 'P': io->in_place = 1; return 1;
    default: return 0;
    }
}

int cli_io_args_check(const char *who, int argc, char **argv, int optind_now, const cli_common_args *common,
                      cli_io_args *io)
{
    int stdin_input = io->in_path == NULL || !strcmp(io->in_path, "-");
    if (optind_now < argc)
        return cli_usage_error("%s: unexpected argument '%s' (input is -i FILE)", who, argv[optind_now]);
    if (common->alg == NULL || io->encrypt < 0 || cli_key_source_count(&common->key) != 1)
        return cli_usage_error("%s: -a ALG, one of -e/-d and one key (-k, --key-file or --key-env) are required",
                               who);
    if (io->in_place && stdin_input) return cli_usage_error("%s: --in-place needs -i FILE", who);
    if (common->key.file && !strcmp(common->key.file, "-") && stdin_input)
        return cli_usage_error("%s: --key-file - reads stdin: give the input as -i FILE", who);
    if (io->in_place && io->out_path == NULL) io->out_path = io->in_path;
    if (stdin_input) io->in_path = NULL;
    return 0;
}

static int same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Refuse an output that is the input: writing it would destroy what is being
 * read. -o FILE with --in-place is fine (temporary file + rename); stdout
 * cannot be made safe. */
static int check_not_input(const char *who, const cli_io_args *io, const struct stat *in_st)
{
    struct stat st;
    if (io->out_path && strcmp(io->out_path, "-")) {
        if (stat(io->out_path, &st) == 0 && same_file(&st, in_st) && !io->in_place)
            return cli_error("%s: -o '%s' is the input file: add --in-place to replace it", who, io->out_path);
    } else if (S_ISREG(in_st->st_mode) && fstat(STDOUT_FILENO, &st) == 0 && same_file(&st, in_st)) {
        return cli_error("%s: standard output is the input file (use -o FILE --in-place)", who);
    }
    return 0;
}

FILE *cli_in_open(const char *who, const cli_io_args *io, struct stat *st)
{
    FILE *in = stdin;
    const char *name = io->in_path ? io->in_path : "standard input";
    if (io->in_path && (in = fopen(io->in_path, "rb")) == NULL) {
        cli_error("%s: cannot read '%s': %s", who, io->in_path, strerror(errno));
        return NULL;
    }
    int err = fstat(fileno(in), st) != 0 ? errno : S_ISDIR(st->st_mode) ? EISDIR : 0;
    if (err) cli_error("%s: cannot read %s: %s", who, name, strerror(err));
    else if (check_not_input(who, io, st) == 0) return in;
    cli_in_close(in);
    return NULL;
}

void cli_in_close(FILE *in)
{
    if (in && in != stdin) fclose(in);
}

int cli_hold(cli_held *h, const char *who, const char *hint, const uint8_t *data, size_t n)
{
    if (n == 0) return 0; /* h->p may still be NULL: no pointer arithmetic on it */
    if (h->cap - h->len < n) {
        size_t cap = h->cap ? 2 * h->cap : 1 << 16;
        while (cap - h->len < n) cap *= 2;
        uint8_t *p = malloc(cap);
        if (p == NULL) return cli_error("%s: out of memory holding the output (%s)", who, hint);
        size_t len = h->len;
        if (len) memcpy(p, h->p, len);
        cli_held_release(h);
        h->p = p, h->cap = cap, h->len = len;
    }
    memcpy(h->p + h->len, data, n);
    h->len += n;
    return 0;
}

void cli_held_release(cli_held *h)
{
    if (h->p) sc_wipe(h->p, h->cap);
    free(h->p);
    h->p = NULL, h->cap = 0, h->len = 0;
}

int cli_read_all(const char *who, FILE *in, const char *path, size_t max, cli_held *h)
{
    uint8_t buf[1 << 14];
    size_t n;
    int status = 0;
    while (status == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        status = h->len > max || n > max - h->len ? -1 : cli_hold(h, who, "the whole input", buf, n);
    if (status == 0 && ferror(in))
        status = cli_error("%s: cannot read %s: %s", who, path ? path : "standard input", strerror(errno));
    sc_wipe(buf, sizeof buf);
    return status;
}
