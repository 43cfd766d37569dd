/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum: algorithm options and digests (see sum_algo.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_args.h"
#include "cli.h"
#include "sum_algo.h"

enum { CHUNK = 1 << 17 };

static const struct {
    const char *name;
    uint32_t (*fn)(uint32_t, const void *, size_t);
    uint32_t (*combine)(uint32_t, uint32_t, uint64_t);
    uint32_t init;
} checksums[] = {{"adler32", sc_adler32, sc_adler32_combine, 1},
                 {"crc32", sc_crc32, sc_crc32_combine, 0},
                 {"crc32c", sc_crc32c, sc_crc32c_combine, 0}};

const char *sum_algo_name_at(size_t index)
{
    const size_t n = sizeof checksums / sizeof checksums[0];
    return index < n ? checksums[index].name : sc_hash_name_at(index - n);
}

/* --custom-file F: its bytes, whole (the customization string is data). */
static int read_custom_file(sum_algo *a, const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 0, len = 0, n;
    if (f == NULL) return cli_error("sum: cannot read --custom-file '%s': %s", path, strerror(errno));
    do {
        if (len == cap) {
            uint8_t *p = realloc(a->custom, cap = cap ? 2 * cap : CHUNK);
            if (p == NULL) {
                fclose(f);
                return cli_error("sum: out of memory reading --custom-file '%s'", path);
            }
            a->custom = p;
        }
        len += n = fread(a->custom + len, 1, cap - len, f);
    } while (n > 0);
    int err = ferror(f) ? errno : 0;
    fclose(f);
    if (err) return cli_error("sum: cannot read --custom-file '%s': %s", path, strerror(err));
    a->opts.custom = a->custom, a->opts.custom_len = len;
    return 0;
}

/* --length BYTES: a decimal number of bytes. 0 or 2. */
static int parse_length(const char *arg, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(arg, &end, 10);
    if (errno || end == arg || *end || arg[0] < '0' || arg[0] > '9' || v > SUM_MAX_LENGTH)
        return cli_usage_error("sum: --length takes a number of bytes from 0 to %u, not '%s'", SUM_MAX_LENGTH, arg);
    *out = v;
    return 0;
}

/* --domain 0xNN: TurboSHAKE's domain byte, 0x01..0x7F (RFC 9861 2.2). 0 or 2. */
static int parse_domain(const char *arg, unsigned *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(arg, &end, 0);
    if (errno || end == arg || *end || arg[0] == '-' || v < 1 || v > 0x7f)
        return cli_usage_error("sum: --domain takes a byte from 0x01 to 0x7f, not '%s'", arg);
    *out = (unsigned)v;
    return 0;
}

/* The hash options that belong to one name only. 0 or 2. */
static int check_name_options(const sum_algo *a, const sum_algo_args *args)
{
    int k12 = !strcmp(a->name, "kangarootwelve"), turbo = !strncmp(a->name, "turboshake", 10);
    if (args->custom_hex && args->custom_file) return cli_usage_error("sum: --custom and --custom-file together");
    if ((args->custom_hex || args->custom_file) && !k12)
        return cli_usage_error("sum: --custom/--custom-file is for kangarootwelve, not %s", a->name);
    if (args->domain && !turbo)
        return cli_usage_error("sum: --domain is for turboshake128 and turboshake256, not %s", a->name);
    return 0;
}

/* Digest size against --length. 0 or 2. */
static int set_size(sum_algo *a, const sum_algo_args *args, size_t fixed, int check_mode)
{
    size_t length = 0;
    if (args->length && parse_length(args->length, &length)) return 2;
    a->has_size = 1;
    if (!a->is_xof) {
        if (args->length && length != fixed)
            return cli_usage_error("sum: %s has a %zu-byte digest: --length %zu refused", a->name, fixed, length);
        a->size = fixed;
    } else if (args->length) {
        a->size = length;
    } else if (check_mode) {
        a->has_size = 0; /* each line's digest says it */
    } else {
        return cli_usage_error("sum: %s is an XOF: give the output size with --length BYTES", a->name);
    }
    return 0;
}

int sum_algo_setup(sum_algo *a, const sum_algo_args *args, int check_mode)
{
    memset(a, 0, sizeof *a);
    if (args->alg == NULL) return cli_usage_error("sum: -a ALG is required (simdcrypt sum --help: the names)");
    for (size_t i = 0; i < sizeof checksums / sizeof checksums[0]; i++)
        if (!strcmp(args->alg, checksums[i].name)) {
            a->name = checksums[i].name, a->checksum = checksums[i].fn, a->init = checksums[i].init;
            a->combine = checksums[i].combine;
            int status = check_name_options(a, args);
            return status ? status : set_size(a, args, 4, check_mode);
        }
    sc_hash_info info;
    if (sc_hash_info_get(args->alg, &info) != SC_OK)
        return cli_error("sum: unknown algorithm '%s' (simdcrypt sum --help: the names)", args->alg);
    a->name = info.name, a->is_xof = info.is_xof;
    int status = check_name_options(a, args);
    if (status == 0) status = set_size(a, args, info.digest_size, check_mode);
    if (status == 0 && args->domain) status = parse_domain(args->domain, &a->opts.domain);
    if (status == 0 && args->custom_hex) {
        long n = cli_hex_arg_alloc("sum: --custom", args->custom_hex, &a->custom);
        if (n < 0) return 2;
        a->opts.custom = a->custom, a->opts.custom_len = (size_t)n;
    }
    if (status == 0 && args->custom_file) status = read_custom_file(a, args->custom_file);
    return status;
}

void sum_algo_free(sum_algo *a)
{
    free(a->custom);
    a->custom = NULL;
}

void sum_algo_put_value(uint8_t *out, size_t out_len, uint32_t v)
{
    uint8_t be[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    memcpy(out, be, out_len < 4 ? out_len : 4);
}

/* One piece of the message into the running checksum or hash. */
static int feed(const sum_algo *a, sc_hash_ctx *ctx, uint32_t *value, const uint8_t *p, size_t n)
{
    if (!a->checksum) return sc_hash_update(ctx, p, n);
    *value = a->checksum(*value, p, n);
    return SC_OK;
}

int sum_algo_stream(const sum_algo *a, const uint8_t *head, size_t head_len, FILE *f, uint8_t *out, size_t out_len)
{
    uint8_t *buf = malloc(CHUNK); /* not static: threads stream files at once (parallel_sum.h) */
    if (buf == NULL) return ENOMEM;
    sc_hash_ctx ctx;
    uint32_t value = a->init;
    size_t n;
    int rc = a->checksum ? SC_OK : sc_hash_init_ex(&ctx, a->name, &a->opts);
    if (rc == SC_OK && head_len) rc = feed(a, &ctx, &value, head, head_len);
    while (rc == SC_OK && (n = fread(buf, 1, CHUNK, f)) > 0) rc = feed(a, &ctx, &value, buf, n);
    int err = ferror(f) ? errno : 0;
    if (rc == SC_OK && !err) {
        if (a->checksum) sum_algo_put_value(out, out_len, value);
        else rc = sc_hash_final(&ctx, out, out_len);
    }
    if (!a->checksum) sc_hash_wipe(&ctx);
    free(buf);
    return rc != SC_OK ? rc : err;
}

int sum_algo_many(const sum_algo *a, size_t n, const void *const msgs[], const size_t lens[], uint8_t *out,
                  size_t out_len)
{
    if (!a->checksum) return sc_hash_many(a->name, &a->opts, n, msgs, lens, out, out_len);
    for (size_t i = 0; i < n; i++) sum_algo_put_value(out + i * out_len, out_len, a->checksum(a->init, msgs[i], lens[i]));
    return 0;
}
