/* SPDX-License-Identifier: Apache-2.0 */
/* Generic streaming cipher API (include/simdcrypt/cipher.h): argument
 * checks, partial-block buffering and leftover keystream; the family does
 * the cryptography on whole blocks. */
#include <stdatomic.h>
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
    static const sc_cipher_opts defaults = {0};
    if (c == NULL) return SC_EINVAL;
    sc_cipher_state *s = state_of(c);
    sc_cipher_wipe(c);
    if ((key == NULL && key_len) || (iv == NULL && iv_len)) return SC_ENULL;
    int rc = sc_cipher_lookup(name, &s->spec);
    if (rc != SC_OK) return rc;
    const int padding = opts ? opts->padding : SC_PADDING_NONE;
    if (s->spec.info.tag_size != 0 || /* a MAC name */
        sc_cipher_opts_check(&s->spec, opts) != SC_OK ||
        (padding != SC_PADDING_NONE &&
         (padding != SC_PADDING_PKCS7 || s->spec.info.is_stream || s->spec.steals || s->spec.info.one_shot))) {
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
    s->padding = (uint32_t)padding;
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
    sc_cipher_opts opts = {.kernel = kernel};
    return sc_cipher_init_ex(c, name, encrypt, key, key_len, iv, iv_len, &opts);
}

/* n / bs as a shift for the block sizes of every family (8, 16, 32, 64:
 * powers of two), else a division: a 64-bit DIV costs 10-20 cycles on
 * Zen 3 and a short update did two or three of them (a 64-byte AES call
 * is ~50 cycles of work). bs is public and the branch always goes one way. */
static inline size_t whole_of(size_t n, size_t bs)
{
#if defined(__GNUC__)
    if ((bs & (bs - 1)) == 0) return n >> __builtin_ctzll((unsigned long long)bs);
#endif
    return n / bs;
}

/* The generic half of the short calls' path (issue 14): a context whose
 * update is its family's `blocks` alone (no padding, stealing, one shot or
 * family stream), nothing buffered, magic SC_CIPHER_MAGIC_CIPHER, and a
 * family pointer that registered() last found (so a garbage pointer is
 * never called): that family, else NULL. The flags and the magic or'ed into
 * one word, one branch; no call. The family's quick ops check the rest
 * (cipher_family.h). */
static inline const sc_cipher_ops *quick_family_with(const sc_cipher_state *s, size_t buffered)
{
    const sc_cipher_ops *f = s->spec.ops;
    const sc_cipher_info *i = &s->spec.info;
    const size_t zero = buffered | (size_t)s->padding | i->tag_size | i->min_tag_size | (size_t)i->one_shot |
                        (size_t)s->spec.steals | (size_t)s->spec.family_streams |
                        (size_t)(s->magic ^ SC_CIPHER_MAGIC_CIPHER);
    if (zero != 0 || f == NULL || f != atomic_load_explicit(&sc_cipher_last_registered, memory_order_relaxed))
        return NULL;
    return f;
}
static inline const sc_cipher_ops *quick_family(const sc_cipher_state *s) { return quick_family_with(s, s->buffered); }

/* quick_family and the family's quick_check (final): the state, or NULL
 * for the full checks, which decide the status. */
static inline sc_cipher_state *quick_state(void *opaque)
{
    sc_cipher_state *s = opaque;
    const sc_cipher_ops *f = quick_family(s);
    if (f == NULL || f->quick_check == NULL || s->spec.info.block_size - 1 >= SC_CIPHER_MAX_BLOCK) return NULL;
    return f->quick_check(s->family_state, &s->spec) == SC_OK ? s : NULL;
}

/* The general paths apart from the short calls' one: out of line, so that
 * the short calls save no registers and build no frame for them. Not cold:
 * gcc optimizes a cold function for size, and these are also the path of
 * every call that is not whole blocks (a 1420-byte CTR or ChaCha20 call
 * measured 3-7 % slower with it, Zen 3). Not static: the families' quick
 * ops return them (cipher_family.h). */
#if defined(__GNUC__)
#define COLD_PATH __attribute__((noinline))
#else
#define COLD_PATH
#endif

/* Stream modes: xor with keystream, using what is left in buf first. */
static void stream_update(sc_cipher_state *s, const uint8_t *in, size_t n, uint8_t *out)
{
    const size_t bs = s->spec.info.block_size;
    const sc_cipher_ops *f = s->spec.ops;
    while (n && s->buffered) {
        *out++ = *in++ ^ s->buf[bs - s->buffered];
        s->buffered--, n--;
    }
    size_t whole = whole_of(n, bs);
    if (whole) {
        f->blocks(s->family_state, in, out, whole);
        in += whole * bs, out += whole * bs, n -= whole * bs;
    }
    if (n) {
        memset(s->buf, 0, bs);
        f->blocks(s->family_state, s->buf, s->buf, 1); /* keystream of the next block */
        for (size_t i = 0; i < n; i++) out[i] = in[i] ^ s->buf[i];
        s->buffered = bs - n;
    } else if (s->buffered == 0) {
        sc_wipe_small(s->buf, sizeof s->buf); /* the keystream used up (see sc_cipher_reset) */
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
        size_t whole = whole_of(n, bs);
        if (whole) f->blocks(s->family_state, in, out, whole);
        if (n - whole * bs) memcpy(s->buf, in + whole * bs, n - whole * bs); /* else no libc call */
        s->buffered = n - whole * bs;
        return whole * bs;
    }
    size_t take = bs - s->buffered < n ? bs - s->buffered : n;
    memcpy(s->buf + s->buffered, in, take);
    s->buffered += take, in += take, n -= take;
    if (s->buffered < bs) return 0;
    uint8_t first[SC_CIPHER_MAX_BLOCK];
    f->blocks(s->family_state, s->buf, first, 1);
    size_t whole = whole_of(n, bs), rest = n - whole * bs;
    memcpy(s->buf, in + whole * bs, rest);
    if (whole) {
        f->blocks(s->family_state, in, out + take, whole);
        memmove(out + bs, out + take, whole * bs);
    }
    memcpy(out, first, bs);
    sc_wipe(first, sizeof first);
    s->buffered = rest;
    if (rest == 0) sc_wipe_small(s->buf, sizeof s->buf); /* the completed block (see sc_cipher_reset) */
    return (whole + 1) * bs;
}

/* Padded decryption cannot know which block is the last before final, so
 * it always keeps 1..bs input bytes buffered (a whole block when the input
 * so far is whole blocks). */
static int holds_last_block(const sc_cipher_state *s) { return s->padding == SC_PADDING_PKCS7 && !s->encrypt; }

static size_t held_update(sc_cipher_state *s, const uint8_t *in, size_t n, uint8_t *out, size_t held)
{
    if (s->buffered + n == held) { /* nothing to release yet */
        memcpy(s->buf + s->buffered, in, n);
        s->buffered += n;
        return 0;
    }
    /* buffered + n - held is >= bs and a multiple of bs, and n >= held: the
     * held bytes are the input's tail. Save them before an in-place update
     * overwrites them, release the rest, then buffer them. */
    uint8_t tail[SC_CIPHER_MAX_BLOCK];
    memcpy(tail, in + n - held, held);
    size_t written = block_update(s, in, n - held, out);
    memcpy(s->buf, tail, held);
    s->buffered = held;
    sc_wipe(tail, sizeof tail);
    return written;
}

/* Ciphertext stealing (spec.steals): of buf's `buffered` bytes followed by
 * in's n, release all but the last `held` (the last whole block and a
 * partial one; release is whole blocks) in message order. In place (out ==
 * in) the output runs ahead of the input by `buffered` bytes: the blocks
 * that start in buf (with the first bytes of in that complete them) go
 * through a local copy, the rest are processed where they lie and moved
 * into place, as block_update does. */
static size_t steal_update(sc_cipher_state *s, const uint8_t *in, size_t n, uint8_t *out, size_t held)
{
    const size_t bs = s->spec.info.block_size, b = s->buffered, total = b + n, release = total - held;
    const sc_cipher_ops *f = s->spec.ops;
    uint8_t tail[2 * SC_CIPHER_MAX_BLOCK], head[3 * SC_CIPHER_MAX_BLOCK];
    /* the held bytes: the end of buf and/or of in, saved before any write */
    size_t from_buf = b > release ? b - release : 0;
    memcpy(tail, s->buf + b - from_buf, from_buf);
    memcpy(tail + from_buf, in + n - (held - from_buf), held - from_buf);
    if (release <= b) { /* buf alone holds the released blocks */
        f->blocks(s->family_state, s->buf, out, release / bs);
    } else {
        size_t take = (bs - b % bs) % bs; /* bytes of in completing buf's last block */
        size_t whole = (release - b - take) / bs;
        memcpy(head, s->buf, b);
        memcpy(head + b, in, take);
        f->blocks(s->family_state, head, head, (b + take) / bs);
        if (whole) {
            f->blocks(s->family_state, in + take, out + take, whole);
            if (b) memmove(out + b + take, out + take, whole * bs);
        }
        memcpy(out, head, b + take);
        sc_wipe(head, sizeof head);
    }
    memcpy(s->buf, tail, held);
    s->buffered = held;
    sc_wipe(tail, sizeof tail);
    return release;
}

/* What spec.steals keeps of `total` bytes: all of them below a block, else
 * the last whole block and the partial one after it. */
static size_t steal_held(size_t total, size_t bs) { return total < bs ? total : bs + total % bs; }

/* Every check, then the general update (*out_len is 0 already). */
COLD_PATH int sc_cipher_update_full(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                                    size_t *out_len)
{
    sc_cipher_state *s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    if (s == NULL) return SC_ESTATE;
    if ((in == NULL && in_len) || (out == NULL && out_cap)) return SC_ENULL;
    if (in_len == 0) return SC_OK;
    if (s->spec.info.one_shot) { /* key wrap: buffered whole until final, bounded */
        /* wrapping adds at most a block (AES KW/KWP 8..15 bytes, Kalyna KW one
         * block): a key wrapped here can be unwrapped here too */
        const size_t room = sizeof s->buf - (s->encrypt ? s->spec.info.block_size : 0);
        if (in_len > room - s->buffered) return SC_ELENGTH;
        memcpy(s->buf + s->buffered, in, in_len);
        s->buffered += in_len;
        return SC_OK;
    }
    const size_t bs = s->spec.info.block_size;
    size_t will_write = in_len, held = 0; /* streams */
    if (!s->spec.info.is_stream) {
        if (in_len > SIZE_MAX - 2 * bs) return SC_ELENGTH; /* buffered + in_len must not wrap */
        will_write = whole_of(s->buffered + in_len, bs) * bs;
        if (holds_last_block(s)) { /* padded decryption keeps 1..bs bytes for final */
            size_t total = s->buffered + in_len;
            held = total % bs ? total % bs : bs;
            will_write = total - held;
        }
        if (s->spec.steals) {
            held = steal_held(s->buffered + in_len, bs);
            will_write = s->buffered + in_len - held;
        }
    }
    if (out_cap < will_write) return SC_ELENGTH;
    if (sc_overlap_refused(in, in_len, out, will_write)) return SC_EINVAL;
    if (s->spec.info.is_stream && s->spec.ops->blocks_left && in_len > s->buffered &&
        (in_len - s->buffered - 1) / bs + 1 > s->spec.ops->blocks_left(s->family_state))
        return SC_ELENGTH; /* the counter would repeat a keystream block */
    if (s->spec.family_streams) {
        s->spec.ops->stream(s->family_state, in, out, in_len);
        *out_len = in_len;
    } else if (s->spec.info.is_stream) {
        stream_update(s, in, in_len, out);
        *out_len = in_len;
    } else if (s->spec.steals) {
        *out_len = steal_update(s, in, in_len, out, held);
    } else if (held) {
        *out_len = held_update(s, in, in_len, out, held);
    } else {
        *out_len = block_update(s, in, in_len, out);
    }
    return SC_OK;
}

int sc_cipher_update(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                     size_t *out_len)
{
    if (c == NULL || out_len == NULL) return SC_EINVAL;
    *out_len = 0;
    /* The short calls (issue 14): the generic fields and the arguments
     * here, inline; the family's quick_update checks its own fields once
     * and runs the kernel, or returns sc_cipher_update_full. Tail calls
     * both: this function saves no register and builds no frame (it pushed
     * six and spilled around an indirect quick_check: 164 instructions for a
     * 64-byte ECB call whose kernel is 72). */
    const sc_cipher_ops *f = quick_family(state_of(c));
    if (f != NULL && f->quick_update != NULL && in != NULL && out != NULL && in_len != 0 && out_cap >= in_len &&
        !sc_overlap_refused(in, in_len, out, in_len))
        return f->quick_update(c, in, in_len, out, out_cap, out_len);
    return sc_cipher_update_full(c, in, in_len, out, out_cap, out_len);
}

/* PKCS#7 encryption: the buffered 0..bs-1 bytes and n = bs - buffered
 * bytes of value n make the last block. */
static int pad_final(sc_cipher_state *s, uint8_t *out, size_t out_cap, size_t *out_len)
{
    const size_t bs = s->spec.info.block_size;
    if (out_cap < bs) return SC_ELENGTH;
    if (out == NULL) return SC_ENULL;
    memset(s->buf + s->buffered, (int)(bs - s->buffered), bs - s->buffered);
    s->spec.ops->blocks(s->family_state, s->buf, out, 1);
    *out_len = bs;
    return SC_OK;
}

/* PKCS#7 decryption of the held last block, in constant time: the checks
 * and the copy touch every byte whatever the padding length n, and every
 * defect gives the same error. */
static int unpad_final(sc_cipher_state *s, uint8_t *out, size_t out_cap, size_t *out_len)
{
    const size_t bs = s->spec.info.block_size;
    if (s->buffered != bs) return SC_ELENGTH; /* not whole blocks: a public length */
    if (out_cap < bs - 1) return SC_ELENGTH;
    if (out == NULL && bs > 1) return SC_ENULL;
    uint8_t block[SC_CIPHER_MAX_BLOCK];
    s->spec.ops->blocks(s->family_state, s->buf, block, 1);
    const uint32_t n = block[bs - 1];
    /* bad = n == 0 or n > bs, or a byte among the last n differs from n */
    uint32_t bad = ((n - 1) >> 31) | (((uint32_t)bs - n) >> 31);
    for (size_t i = 0; i < bs; i++) {
        uint32_t in_pad = (uint32_t)((bs - 1 - i) - n) >> 31; /* 1 when i >= bs - n */
        bad |= in_pad & (((uint32_t)block[i] ^ n) + 0xffu) >> 8;
    }
    uint32_t ok = bad ^ 1u; /* 1 or 0 */
#if defined(__GNUC__)
    __asm__("" : "+r"(ok)); /* no branch on it (see sc_mask_if_zero) */
#endif
    for (size_t i = 0; i + 1 < bs; i++) {
        uint32_t keep = ((uint32_t)(i - (bs - n)) >> 31) & ok; /* i < bs - n, and the padding is good */
        out[i] = (uint8_t)(block[i] & (0u - keep));
    }
    *out_len = (size_t)((bs - n) & (0u - ok));
    sc_wipe(block, sizeof block);
    return (int)(0u - bad) & SC_EPADDING; /* no branch on the verdict */
}

/* spec.steals: an empty message is empty; a shorter one than a block has
 * nothing to steal from (SC_ELENGTH); else the family ends it. */
static int steal_final(sc_cipher_state *s, uint8_t *out, size_t out_cap, size_t *out_len)
{
    if (s->buffered == 0) return SC_OK;
    if (s->buffered < s->spec.info.block_size || out_cap < s->buffered) return SC_ELENGTH;
    if (out == NULL) return SC_ENULL;
    s->spec.ops->steal_final(s->family_state, s->buf, out, s->buffered);
    *out_len = s->buffered;
    return SC_OK;
}

int sc_cipher_final(sc_cipher_ctx *c, uint8_t *out, size_t out_cap, size_t *out_len)
{
    if (c == NULL) return SC_EINVAL;
    if (out_len) *out_len = 0;
    /* nothing buffered in a mode whose update is blocks alone: SC_OK below
     * (the one-shot calls of stream and whole-block modes end here) */
    sc_cipher_state *s = quick_state(c->opaque);
    if (s == NULL) s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    if (s == NULL) return SC_ESTATE;
    int rc;
    size_t dummy = 0;
    if (s->padding == SC_PADDING_PKCS7)
        rc = (s->encrypt ? pad_final : unpad_final)(s, out, out_cap, out_len ? out_len : &dummy);
    else if (s->spec.info.one_shot)
        rc = s->spec.ops->crypt(s->family_state, s->buf, s->buffered, out, out_cap, out_len ? out_len : &dummy);
    else if (s->spec.steals)
        rc = steal_final(s, out, out_cap, out_len ? out_len : &dummy);
    else
        rc = (!s->spec.info.is_stream && s->buffered) ? SC_ELENGTH : SC_OK;
    /* Whatever happened, the key stays usable only through a new init. */
    sc_wipe(s->buf, sizeof s->buf);
    s->buffered = 0;
    s->magic = SC_CIPHER_MAGIC_DONE;
    return rc;
}

/* An initialised cipher, in a message or past its final; NULL otherwise. */
static sc_cipher_state *resettable(void *opaque)
{
    sc_cipher_state *s = sc_cipher_state_checked(opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    return s ? s : sc_cipher_state_checked(opaque, SC_CIPHER_MAGIC_DONE, 0);
}

COLD_PATH int sc_cipher_reset_full(sc_cipher_ctx *c)
{
    sc_cipher_state *s = resettable(c->opaque);
    if (s == NULL) return SC_ESTATE;
    s->spec.ops->reset(s->family_state);
    sc_wipe_small(s->buf, sizeof s->buf);
    s->buffered = 0;
    s->magic = SC_CIPHER_MAGIC_CIPHER;
    return SC_OK;
}

/* sc_cipher_reset with bytes buffered: a stream mode's unused keystream
 * (a CTR call of whole blocks and a partial one leaves some: AES's
 * quick_update, stream_update) is wiped and dropped, then the quick reset
 * as with nothing buffered. Only a count the full reset accepts (under a
 * block of at most SC_CIPHER_MAX_BLOCK bytes, those wiped); the family's
 * quick_reset checks the rest, and its fallback, the full reset, wipes
 * the same bytes. Apart, so that the common path keeps its few
 * instructions. */
COLD_PATH static int reset_leftover(sc_cipher_ctx *c)
{
    sc_cipher_state *s = state_of(c);
    const sc_cipher_ops *f;
    if (s->buffered < s->spec.info.block_size && s->spec.info.block_size <= SC_CIPHER_MAX_BLOCK &&
        s->spec.info.is_stream && (f = quick_family_with(s, 0)) != NULL && f->quick_reset != NULL) {
        sc_wipe_small(s->buf, SC_CIPHER_MAX_BLOCK);
        s->buffered = 0;
        return f->quick_reset(c);
    }
    return sc_cipher_reset_full(c);
}

int sc_cipher_reset(sc_cipher_ctx *c)
{
    if (c == NULL) return SC_EINVAL;
    sc_cipher_state *s = state_of(c);
    /* In a message with nothing buffered (the reset + update of every short
     * CBC, CTR or ChaCha20 call): the family's quick_reset checks its
     * fields once and restores its mode state, as update's path does.
     * buffered is 0 and magic SC_CIPHER_MAGIC_CIPHER already, and buf holds
     * nothing: every path that brings buffered to 0 with data in buf (the
     * keystream used up in stream_update, a completed block in
     * block_update) wipes it then, and final, seek, reset_iv and the full
     * reset wipe it; so no wipe here (eight stores per short call). */
    const sc_cipher_ops *f = quick_family(s);
    if (f != NULL && f->quick_reset != NULL) return f->quick_reset(c);
    if (s->buffered != 0) return reset_leftover(c);
    return sc_cipher_reset_full(c);
}

/* The family moves its counter to the block; the generic layer keeps the
 * rest of that block's keystream, exactly what stream_update would have
 * left after the same number of bytes. */
int sc_cipher_seek(sc_cipher_ctx *c, uint64_t byte_offset)
{
    if (c == NULL) return SC_EINVAL;
    sc_cipher_state *s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    if (s == NULL) s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_DONE, 0);
    if (s == NULL) return SC_ESTATE;
    const sc_cipher_ops *f = s->spec.ops;
    if (f->seek == NULL || !s->spec.info.is_stream || s->spec.family_streams) return SC_EINVAL;
    const size_t bs = s->spec.info.block_size;
    const size_t within = (size_t)(byte_offset % bs);
    sc_wipe_small(s->buf, sizeof s->buf);
    s->buffered = 0;
    s->magic = SC_CIPHER_MAGIC_CIPHER;
    int rc = f->seek(s->family_state, byte_offset / bs);
    if (rc == SC_OK && within && f->blocks_left && f->blocks_left(s->family_state) == 0) rc = SC_ELENGTH;
    if (rc != SC_OK) {
        f->reset(s->family_state);
        return rc;
    }
    if (within) { /* the keystream of the block the offset falls in */
        memset(s->buf, 0, bs);
        f->blocks(s->family_state, s->buf, s->buf, 1);
        s->buffered = bs - within;
    }
    return SC_OK;
}

void sc_cipher_wipe(sc_cipher_ctx *c)
{
    if (c != NULL) sc_wipe(c->opaque, sizeof c->opaque);
}

/* info.one_shot (key wrap) on an initialised context: the family takes the
 * whole message and releases nothing on failure (cipher_family.h). */
static int one_shot(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                    size_t *out_len)
{
    sc_cipher_state *s = state_of(c);
    const size_t bs = s->spec.info.block_size;
    const size_t most = in_len < SIZE_MAX - bs ? in_len + bs : SIZE_MAX; /* what a wrap writes */
    int rc = SC_OK;
    *out_len = 0;
    if ((in == NULL && in_len) || (out == NULL && out_cap)) rc = SC_ENULL;
    else if (sc_overlap_refused(in, in_len, out, out_cap < most ? out_cap : most)) rc = SC_EINVAL;
    /* the family sets *out_len, 0 on failure, without branching on a verdict */
    else rc = s->spec.ops->crypt(s->family_state, in, in_len, out, out_cap, out_len);
    sc_cipher_wipe(c);
    return rc;
}

int sc_cipher_crypt(const char *name, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                    size_t iv_len, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len,
                    const sc_cipher_opts *opts)
{
    if (out_len == NULL) return SC_EINVAL;
    *out_len = 0;
    sc_cipher_ctx c;
    size_t n = 0, m = 0;
    int rc = sc_cipher_init_ex(&c, name, encrypt, key, key_len, iv, iv_len, opts);
    sc_cipher_state *s = state_of(&c);
    if (rc == SC_OK && s->spec.info.one_shot) return one_shot(&c, in, in_len, out, out_cap, out_len);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in, in_len, out, out_cap, &n);
    if (rc != SC_OK) { /* argument errors: public */
        sc_cipher_wipe(&c);
        if (out) sc_wipe(out, n);
        return rc;
    }
    rc = sc_cipher_final(&c, out ? out + n : NULL, out ? out_cap - n : 0, &m);
    sc_cipher_wipe(&c);
    /* rc may be a padding verdict on secret data: zero what was released
     * on failure without branching on it */
    const uint8_t keep = sc_mask_if_zero(rc);
    sc_mask_bytes(out, n, keep);
    *out_len = (n + m) & (size_t)(0 - (size_t)(keep & 1));
    return rc;
}

/* --- sc_cipher_reset_iv (issue 15) ----------------------------------------
 * A new IV under the key of the last init: the family rebuilds only its
 * IV-derived state (set_iv), so a JCA init with an unchanged key costs a
 * context check and a few dozen bytes instead of a 4 KiB wipe, a name lookup
 * and a key schedule. Kept apart from the whole-block path above. */
int sc_cipher_reset_iv(sc_cipher_ctx *c, const uint8_t *iv, size_t iv_len, uint64_t counter)
{
    if (c == NULL) return SC_EINVAL;
    sc_cipher_state *s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_CIPHER, 0);
    if (s == NULL) s = sc_cipher_state_checked(c->opaque, SC_CIPHER_MAGIC_DONE, 0);
    if (s == NULL) return SC_ESTATE;
    if (iv == NULL && iv_len) return SC_ENULL;
    if (counter != 0 && !s->spec.takes_counter) return SC_EINVAL;
    if (s->spec.ops->set_iv == NULL) return SC_EINVAL;
    const int rc = s->spec.ops->set_iv(s->family_state, &s->spec, iv, iv_len, counter);
    if (rc != SC_OK) return rc;
    sc_wipe_small(s->buf, sizeof s->buf);
    s->buffered = 0;
    s->magic = SC_CIPHER_MAGIC_CIPHER;
    return SC_OK;
}
