/* Generic streaming cipher API (include/simdcrypt/cipher.h): argument
 * checks, partial-block buffering and leftover keystream; the family does
 * the cryptography on whole blocks. */
#include <string.h>

#include "cipher_family.h"
#include "ctx_check.h"

size_t sc_cipher_ctx_size(void) { return SC_CIPHER_CTX_SIZE; }
size_t sc_cipher_ctx_align(void) { return SC_CIPHER_CTX_ALIGN; }

int sc_cipher_info_get(const char *name, sc_cipher_info *info)
{
    sc_cipher_spec spec;
    if (info == NULL) return SC_EINVAL;
    int rc = sc_cipher_lookup(name, &spec);
    if (rc == SC_OK) *info = spec.info;
    else memset(info, 0, sizeof *info);
    return rc;
}

size_t sc_cipher_block_size(const char *name)
{
    sc_cipher_spec spec;
    return sc_cipher_lookup(name, &spec) == SC_OK ? spec.info.block_size : 0;
}

size_t sc_cipher_key_size(const char *name)
{
    sc_cipher_spec spec;
    return sc_cipher_lookup(name, &spec) == SC_OK ? spec.info.key_size : 0;
}

size_t sc_cipher_iv_size(const char *name)
{
    sc_cipher_spec spec;
    return sc_cipher_lookup(name, &spec) == SC_OK ? spec.info.iv_size : 0;
}

static sc_cipher_state *state_of(sc_cipher_ctx *c) { return (sc_cipher_state *)(void *)c->opaque; }

int sc_cipher_init_ex(sc_cipher_ctx *c, const char *name, int encrypt, const uint8_t *key, size_t key_len,
                      const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    static const sc_cipher_opts defaults = {NULL, NULL};
    if (c == NULL) return SC_EINVAL;
    sc_cipher_state *s = state_of(c);
    sc_cipher_wipe(c);
    if ((key == NULL && key_len) || (iv == NULL && iv_len)) return SC_ENULL;
    int rc = sc_cipher_lookup(name, &s->spec);
    if (rc != SC_OK) return rc;
    if (s->spec.info.tag_size != 0) { /* a MAC name */
        sc_cipher_wipe(c);
        return SC_EINVAL;
    }
    rc = s->spec.ops->init(s->family_state, &s->spec, encrypt != 0, key, key_len, iv, iv_len,
                              opts ? opts : &defaults);
    if (rc != SC_OK) {
        sc_cipher_wipe(c);
        return rc;
    }
    s->encrypt = encrypt != 0;
    s->magic = SC_CIPHER_MAGIC_CIPHER;
    return SC_OK;
}

int sc_cipher_init(sc_cipher_ctx *c, const char *name, int encrypt, const uint8_t *key, size_t key_len,
                   const uint8_t *iv, size_t iv_len)
{
    return sc_cipher_init_ex(c, name, encrypt, key, key_len, iv, iv_len, NULL);
}

int sc_cipher_init_kernel(sc_cipher_ctx *c, const char *name, const char *kernel, int encrypt,
                          const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len)
{
    sc_cipher_opts opts = {kernel, NULL};
    return sc_cipher_init_ex(c, name, encrypt, key, key_len, iv, iv_len, &opts);
}

/* Stream modes: xor with keystream, using what is left in buf first. */
static void stream_update(sc_cipher_state *s, const uint8_t *in, size_t n, uint8_t *out)
{
    const size_t bs = s->spec.info.block_size;
    const sc_cipher_ops *f = s->spec.ops;
    while (n && s->buffered) {
        *out++ = *in++ ^ s->buf[bs - s->buffered];
        s->buffered--, n--;
    }
    size_t whole = n / bs;
    if (whole) {
        f->blocks(s->family_state, in, out, whole);
        in += whole * bs, out += whole * bs, n -= whole * bs;
    }
    if (n) {
        memset(s->buf, 0, bs);
        f->blocks(s->family_state, s->buf, s->buf, 1); /* keystream of the next block */
        for (size_t i = 0; i < n; i++) out[i] = in[i] ^ s->buf[i];
        s->buffered = bs - n;
    }
}

/* ECB/CBC: complete the buffered block, process whole blocks, keep the
 * rest. With a block pending, output runs (bs - take) bytes ahead of the
 * input, so for in-place calls (out == in) the whole blocks are first
 * processed where they lie (out + take) and then moved into place; the
 * leftover input is saved before that move can overwrite it. */
static size_t block_update(sc_cipher_state *s, const uint8_t *in, size_t n, uint8_t *out)
{
    const size_t bs = s->spec.info.block_size;
    const sc_cipher_ops *f = s->spec.ops;
    if (s->buffered == 0) {
        size_t whole = n / bs;
        if (whole) f->blocks(s->family_state, in, out, whole);
        memcpy(s->buf, in + whole * bs, n - whole * bs);
        s->buffered = n - whole * bs;
        return whole * bs;
    }
    size_t take = bs - s->buffered < n ? bs - s->buffered : n;
    memcpy(s->buf + s->buffered, in, take);
    s->buffered += take, in += take, n -= take;
    if (s->buffered < bs) return 0;
    uint8_t first[SC_CIPHER_MAX_BLOCK];
    f->blocks(s->family_state, s->buf, first, 1);
    size_t whole = n / bs, rest = n - whole * bs;
    memcpy(s->buf, in + whole * bs, rest);
    if (whole) {
        f->blocks(s->family_state, in, out + take, whole);
        memmove(out + bs, out + take, whole * bs);
    }
    memcpy(out, first, bs);
    sc_wipe(first, sizeof first);
    s->buffered = rest;
    return (whole + 1) * bs;
}

int sc_cipher_update(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                     size_t *out_len)
{
    if (c == NULL || out_len == NULL) return SC_EINVAL;
    *out_len = 0;
    sc_cipher_state *s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    if (s == NULL) return SC_ESTATE;
    if ((in == NULL && in_len) || (out == NULL && out_cap)) return SC_ENULL;
    if (in_len == 0) return SC_OK;
    const size_t bs = s->spec.info.block_size;
    size_t will_write = in_len; /* streams */
    if (!s->spec.info.is_stream) {
        if (in_len > SIZE_MAX - bs) return SC_ELENGTH; /* buffered + in_len must not wrap */
        will_write = (s->buffered + in_len) / bs * bs;
    }
    if (out_cap < will_write) return SC_ELENGTH;
    if (sc_overlap_refused(in, in_len, out, will_write)) return SC_EINVAL;
    if (s->spec.info.is_stream) {
        stream_update(s, in, in_len, out);
        *out_len = in_len;
    } else {
        *out_len = block_update(s, in, in_len, out);
    }
    return SC_OK;
}

int sc_cipher_final(sc_cipher_ctx *c, uint8_t *out, size_t out_cap, size_t *out_len)
{
    (void)out, (void)out_cap;
    if (c == NULL) return SC_EINVAL;
    if (out_len) *out_len = 0;
    sc_cipher_state *s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    if (s == NULL) return SC_ESTATE;
    int rc = (!s->spec.info.is_stream && s->buffered) ? SC_ELENGTH : SC_OK;
    /* Whatever happened, the key stays usable only through a new init. */
    sc_wipe(s->buf, sizeof s->buf);
    s->buffered = 0;
    s->magic = SC_CIPHER_MAGIC_DONE;
    return rc;
}

int sc_cipher_reset(sc_cipher_ctx *c)
{
    if (c == NULL) return SC_EINVAL;
    /* an initialised cipher, in a message or past its final */
    sc_cipher_state *s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    if (s == NULL) s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_DONE, 0);
    if (s == NULL) return SC_ESTATE;
    s->spec.ops->reset(s->family_state);
    sc_wipe(s->buf, sizeof s->buf);
    s->buffered = 0;
    s->magic = SC_CIPHER_MAGIC_CIPHER;
    return SC_OK;
}

void sc_cipher_wipe(sc_cipher_ctx *c)
{
    if (c != NULL) sc_wipe(c->opaque, sizeof c->opaque);
}
