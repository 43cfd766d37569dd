/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: the parsers of untrusted text.
 *
 * Input: [selector byte], then by its low bit:
 *   0  S-boxes: the rest as a string, given to sc_magma_sbox_from_hex,
 *      sc_magma_sbox_named and (as --sbox) to a Magma init through the
 *      generic API. Anything accepted must be 8 rows of entries 0..15 that
 *      print back to hex and parse again to the same S-box; a name must be
 *      accepted exactly when sc_magma_sbox_names lists it; the generic init
 *      accepts only what one of the two parsers accepts.
 *   1  the command line: [stdin length byte][stdin bytes][arguments, each
 *      ended by a NUL byte]. The first argument names the command (cipher,
 *      mac, sum, info: the command functions of src/cli/cli.h, built into
 *      this target), which runs with stdout and stderr going to /dev/null,
 *      in a private directory holding the regular file "in" (the stdin
 *      bytes, also its standard input) and the directory "d". Arguments
 *      with a '/' are not run (nothing outside that directory is touched).
 *      Afterwards every file left there must be "in", "d" or named by an
 *      argument (its end: -oFILE, --output=FILE count): no temporary file
 *      may be left behind. The directory is then restored for the next run.
 * A command that calls exit() would end the fuzzer ("fuzz target exited"):
 * the commands return their status instead. */
#define _GNU_SOURCE /* getopt's optind */
#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <simdcrypt.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_ARGS = 24 };

static void sbox_to_hex(uint8_t box[8][16], char hex[129])
{
    for (int i = 0; i < 128; i++) hex[i] = "0123456789abcdef"[box[i / 16][i % 16]];
    hex[128] = 0;
}

static int ascii_case_equal(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z') y += 'a' - 'A';
        if (x != y) return 0;
        if (x == 0) return 1;
    }
}

static void fuzz_sbox(const char *s)
{
    uint8_t box[8][16], again[8][16];
    char hex[129];
    int from_hex = sc_magma_sbox_from_hex(s, box) == SC_OK;
    if (from_hex) {
        for (int i = 0; i < 128; i++) FZ_ASSERT(box[i / 16][i % 16] <= 15, "entry %d above 15 from '%s'", i, s);
        sbox_to_hex(box, hex);
        FZ_ASSERT(sc_magma_sbox_from_hex(hex, again) == SC_OK && !memcmp(box, again, sizeof box),
                  "'%s' does not parse back from '%s'", hex, s);
    }
    /* names match ignoring ASCII case, OIDs exactly (magma.h) */
    int listed = 0;
    for (const char *const *n = sc_magma_sbox_names(); *n; n++) listed |= ascii_case_equal(*n, s);
    sc_magma_sbox_info info;
    for (size_t i = 0; sc_magma_sbox_info_at(i, &info) == SC_OK; i++) listed |= !strcmp(info.oid, s);
    int named = sc_magma_sbox_named(s, box) == SC_OK;
    FZ_ASSERT(named == listed, "sc_magma_sbox_named('%s') %s", s, named ? "accepted, not listed" : "refused, listed");
    if (named) {
        sbox_to_hex(box, hex);
        FZ_ASSERT(sc_magma_sbox_from_hex(hex, again) == SC_OK && !memcmp(box, again, sizeof box),
                  "named '%s' does not parse back", s);
    }
    static const uint8_t key[SC_MAGMA_KEY_SIZE];
    sc_cipher_ctx c;
    sc_cipher_opts o = {.kernel = NULL, .sbox = s};
    if (sc_cipher_init_ex(&c, "magma-ecb", 1, key, sizeof key, NULL, 0, &o) == SC_OK)
        FZ_ASSERT(from_hex || named, "generic init took S-box '%s' that neither parser accepts", s);
    sc_cipher_wipe(&c);
}

/* ---- the command line ---------------------------------------------------- */

static const struct {
    const char *name;
    int (*run)(int, char **);
} commands[] = {{"cipher", cmd_cipher}, {"mac", cmd_mac}, {"sum", cmd_sum}, {"info", cmd_info}};

static char workdir[64];
static int home = -1; /* the fuzzer's own working directory */
static FILE *devnull;

static void write_file(const char *name, const uint8_t *p, size_t n)
{
    FILE *f = fopen(name, "wb");
    FZ_ASSERT(f && fwrite(p, 1, n, f) == n && fclose(f) == 0, "cannot write %s/%s", workdir, name);
}

static int is_fixture(const char *name)
{
    return !strcmp(name, ".") || !strcmp(name, "..") || !strcmp(name, "in") || !strcmp(name, "d");
}

/* Remove what a run left (after checking that each file was asked for). */
static void clean_dir(int argc, char **argv)
{
    DIR *dir = opendir(".");
    FZ_ASSERT(dir, "cannot list %s", workdir);
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        if (is_fixture(e->d_name)) continue;
        /* named: an argument ends with it (FILE, -oFILE, --output=FILE) */
        int named = 0;
        size_t len = strlen(e->d_name);
        for (int i = 0; i < argc; i++) {
            size_t alen = strlen(argv[i]);
            named |= alen >= len && !strcmp(argv[i] + alen - len, e->d_name);
        }
        if (!named) {
            fprintf(stderr, "fuzz mismatch: '%s' left behind by simdcrypt", e->d_name);
            for (int i = 0; i < argc; i++) fprintf(stderr, " '%s'", argv[i]);
            fputc('\n', stderr);
            abort();
        }
        if (unlink(e->d_name) != 0) rmdir(e->d_name);
    }
    closedir(dir);
}

static void remove_workdir(void)
{
    if (!workdir[0] || chdir(workdir) != 0) return;
    clean_dir(0, NULL);
    unlink("in"), rmdir("d");
    if (fchdir(home) == 0) rmdir(workdir);
}

static void setup_once(void)
{
    if (home >= 0) return;
    home = open(".", O_RDONLY | O_DIRECTORY);
    /* tmpfs when there is one: outputs are fsync'ed */
    strcpy(workdir, access("/dev/shm", W_OK) == 0 ? "/dev/shm/sc-fuzz-cli.XXXXXX" : "/tmp/sc-fuzz-cli.XXXXXX");
    FZ_ASSERT(home >= 0 && mkdtemp(workdir) && (devnull = fopen("/dev/null", "w")), "cannot set up %s", workdir);
    atexit(remove_workdir);
}

static void fuzz_cli(fuzz_in *in)
{
    size_t stdin_len, n;
    const uint8_t *stdin_bytes = fz_take(in, fz_byte(in), &stdin_len);
    const uint8_t *text = fz_take(in, in->n, &n);
    /* argv: NUL-ended strings (an unended tail counts as one more). */
    char *copy = malloc(n + 1), *argv[MAX_ARGS + 1];
    memcpy(copy, text, n), copy[n] = 0;
    int argc = 0;
    for (size_t pos = 0; pos < n && argc < MAX_ARGS; pos += strlen(copy + pos) + 1) argv[argc++] = copy + pos;
    argv[argc] = NULL;
    int (*run)(int, char **) = NULL;
    for (size_t i = 0; argc && i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[0], commands[i].name)) run = commands[i].run;
    for (int i = 0; i < argc; i++)
        if (strchr(argv[i], '/')) run = NULL;
    if (run == NULL) {
        free(copy);
        return;
    }
    setup_once();
    FZ_ASSERT(chdir(workdir) == 0, "cannot enter %s", workdir);
    write_file("in", stdin_bytes, stdin_len);
    mkdir("d", 0700);
    FZ_ASSERT(freopen("in", "rb", stdin), "cannot reopen stdin");
    FILE *out = stdout, *err = stderr;
    stdout = stderr = devnull;
    optind = 0; /* getopt starts afresh */
    run(argc, argv);
    fflush(devnull);
    stdout = out, stderr = err;
    clean_dir(argc, argv);
    FZ_ASSERT(fchdir(home) == 0, "cannot return from %s", workdir);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    if (fz_byte(&in) & 1) {
        fuzz_cli(&in);
        return 0;
    }
    char *s = malloc(in.n + 1);
    memcpy(s, in.p, in.n), s[in.n] = 0;
    fuzz_sbox(s);
    free(s);
    return 0;
}
