/* SPDX-License-Identifier: Apache-2.0 */
/* Key sources of the cipher and mac commands (see key_input.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "key_hex.h"
#include "key_input.h"

/* Longest key file read: hex of the largest key with room for whitespace. */
enum { KEY_FILE_MAX = 1024 };

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

long cli_hex_text(const char *what, const char *text, size_t len, uint8_t *out, size_t cap)
{
    /* Trimming looks at the characters around the key only: a branch on
     * "is it blank" says nothing about a hex digit's value. */
    while (len && is_blank(text[0])) text++, len--;
    while (len && is_blank(text[len - 1])) len--;
    size_t n;
    switch (cli_hex_decode_ct(text, len, out, cap, &n)) {
    case 0: return (long)n;
    case -1:
        if (len % 2) return -cli_error("%s: odd number of hex digits", what);
        return -cli_error("%s: too long (at most %zu bytes)", what, cap);
    default: return -cli_error("%s: not a hex string", what);
    }
}

int cli_key_source_count(const cli_key_source *s) { return (s->hex != NULL) + (s->file != NULL) + (s->env != NULL); }

/* Read at most KEY_FILE_MAX bytes of fd into buf; the count, or -1 (errno
 * set; EFBIG when the file is longer). */
static long read_all(int fd, char *buf)
{
    size_t n = 0;
    for (;;) {
        ssize_t r = read(fd, buf + n, KEY_FILE_MAX + 1 - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0) return (long)n;
        n += (size_t)r;
        if (n > KEY_FILE_MAX) {
            errno = EFBIG;
            return -1;
        }
    }
}

static long key_from_file(const char *who, const char *path, size_t key_size, uint8_t *key, size_t cap)
{
    int is_stdin = !strcmp(path, "-");
    int fd = is_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -cli_error("%s: cannot read key file '%s': %s", who, path, strerror(errno));
    char buf[KEY_FILE_MAX + 1];
    struct stat st;
    long n = -1, len;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) errno = EISDIR;
    else n = read_all(fd, buf);
    if (n < 0) {
        len = -cli_error("%s: cannot read key file '%s': %s", who, path, strerror(errno));
    } else if ((size_t)n == key_size && key_size <= cap) {
        memcpy(key, buf, key_size); /* raw: hex text of a key is twice as long */
        len = (long)key_size;
    } else {
        char what[64];
        snprintf(what, sizeof what, "%s: key file", who);
        len = cli_hex_text(what, buf, (size_t)n, key, cap);
    }
    sc_wipe(buf, sizeof buf);
    if (!is_stdin) close(fd);
    return len;
}

long cli_key_read(const char *who, cli_key_source *s, size_t key_size, uint8_t *key, size_t cap)
{
    if (s->file) return key_from_file(who, s->file, key_size, key, cap);
    char *text = s->hex;
    if (s->env && (text = getenv(s->env)) == NULL)
        return -cli_error("%s: --key-env: environment variable %s is not set", who, s->env);
    char what[64];
    snprintf(what, sizeof what, "%s: key%s", who, s->env ? " from the environment" : "");
    long len = cli_hex_text(what, text, strlen(text), key, cap);
    cli_key_forget(s);
    return len;
}

void cli_key_forget(cli_key_source *s)
{
    /* Our copy of the argument or variable: ps and /proc/PID/cmdline or
     * environ show zeros from now on. */
    char *env = s->env ? getenv(s->env) : NULL;
    if (s->hex) sc_wipe(s->hex, strlen(s->hex));
    if (env) sc_wipe(env, strlen(env));
}
