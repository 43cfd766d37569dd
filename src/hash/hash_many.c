/* SPDX-License-Identifier: Apache-2.0 */
/* sc_hash_many: n messages over a kernel's SIMD lanes, as a job manager
 * (isa-l_crypto's and ipsec-mb's multi-buffer managers are the model).
 *
 * Each lane holds one message. A message is two segments: its whole blocks,
 * read in place from the caller's buffer, then its padded tail (MD5: one or
 * two blocks, RFC 1321 3.1-3.2; sponge: one block, FIPS 202 5.1). Every
 * round runs the lanes kernel for the fewest blocks any busy lane has left
 * in its segment; lanes whose segment ends move to their tail or hand in
 * their digest and take the next message. Idle lanes read a busy lane's
 * data and their state is ignored. When the queue is empty and only a few
 * lanes are busy, they finish on the single-stream kernel, which is faster
 * per message than a mostly idle multi-lane call. */
#include "../core/family.h"
#include "hash_ctx.h"

enum { TAIL_BYTES = 168 }; /* the largest rate; MD5's two tail blocks are 128 */

typedef struct batch {
    const sc_hash_entry *e;
    const void *ops;
    unsigned L;   /* lanes */
    size_t block; /* bytes per block */
    uint8_t pad;
    size_t out_len;
    uint8_t *out;
    const void *const *msgs;
    const size_t *lens;
    /* per lane: job, segment (1 body, 2 tail, 0 idle), position, blocks left */
    size_t job[SC_KECCAK_MAX_LANES];
    int seg[SC_KECCAK_MAX_LANES];
    const uint8_t *p[SC_KECCAK_MAX_LANES];
    size_t left[SC_KECCAK_MAX_LANES];
    size_t tail_blocks[SC_KECCAK_MAX_LANES];
    _Alignas(64) uint8_t tail[SC_KECCAK_MAX_LANES][TAIL_BYTES];
    _Alignas(64) union {
        uint32_t md[4 * SC_MD5_MAX_LANES];
        uint64_t keccak[25 * SC_KECCAK_MAX_LANES];
    } st;
} batch;

static int is_md(const batch *b) { return b->e->construction == SC_HASH_MD; }

static void run_lanes(batch *b, size_t nblocks)
{
    if (is_md(b))
        ((const sc_md5_ops *)b->ops)->lanes(b->st.md, b->p, nblocks);
    else
        ((const sc_keccak_ops *)b->ops)->lanes(b->st.keccak, b->p, nblocks, b->block, b->e->rounds);
}

/* Lane l takes message j: its state starts, its body is the whole blocks. */
static void load(batch *b, unsigned l, size_t j)
{
    const uint8_t *m = b->msgs[j];
    size_t len = b->lens[j], whole = len / b->block, rest = len % b->block;
    if (is_md(b)) {
        static const uint32_t iv[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}; /* RFC 1321 3.3 */
        for (int w = 0; w < 4; w++) b->st.md[w * b->L + l] = iv[w];
        b->tail_blocks[l] = sc_md_tail(b->tail[l], rest ? m + whole * b->block : m, rest, len); /* m may be NULL */
    } else {
        for (int w = 0; w < 25; w++) b->st.keccak[w * b->L + l] = 0;
        memset(b->tail[l], 0, b->block);
        if (rest) memcpy(b->tail[l], m + whole * b->block, rest);
        b->tail[l][rest] ^= b->pad, b->tail[l][b->block - 1] ^= 0x80;
        b->tail_blocks[l] = 1;
    }
    b->job[l] = j;
    if (whole) {
        b->seg[l] = 1, b->p[l] = m, b->left[l] = whole;
    } else {
        b->seg[l] = 2, b->p[l] = b->tail[l], b->left[l] = b->tail_blocks[l];
    }
}

/* Lane l's message is absorbed: its digest out. */
static void hand_in(batch *b, unsigned l)
{
    uint8_t *out = b->out + b->job[l] * b->out_len;
    if (is_md(b)) {
        uint32_t h[4];
        for (int w = 0; w < 4; w++) h[w] = b->st.md[w * b->L + l];
        sc_md_digest(h, out);
        sc_wipe_small(h, sizeof h);
    } else {
        sc_sponge sp = {.pos = 0};
        for (int w = 0; w < 25; w++) sp.s[w] = b->st.keccak[w * b->L + l];
        sc_sponge_squeeze(&sp, b->ops, b->block, b->e->rounds, out, b->out_len);
        sc_wipe_small(&sp, sizeof sp);
    }
    b->seg[l] = 0;
}

/* Lane l finishes on the single-stream kernel. */
static void finish_single(batch *b, unsigned l)
{
    if (is_md(b)) {
        const sc_md5_ops *k = b->ops;
        uint32_t h[4];
        for (int w = 0; w < 4; w++) h[w] = b->st.md[w * b->L + l];
        if (b->seg[l] == 1) k->blocks(h, b->p[l], b->left[l]), b->p[l] = b->tail[l], b->left[l] = b->tail_blocks[l];
        k->blocks(h, b->p[l], b->left[l]);
        for (int w = 0; w < 4; w++) b->st.md[w * b->L + l] = h[w];
        sc_wipe_small(h, sizeof h);
    } else {
        const sc_keccak_ops *k = b->ops;
        uint64_t s[25];
        for (int w = 0; w < 25; w++) s[w] = b->st.keccak[w * b->L + l];
        if (b->seg[l] == 1) {
            k->absorb(s, b->p[l], b->left[l], b->block, b->e->rounds);
            b->p[l] = b->tail[l], b->left[l] = b->tail_blocks[l];
        }
        k->absorb(s, b->p[l], b->left[l], b->block, b->e->rounds);
        for (int w = 0; w < 25; w++) b->st.keccak[w * b->L + l] = s[w];
        sc_wipe_small(s, sizeof s);
    }
    hand_in(b, l);
}

static void schedule(batch *b, size_t n)
{
    size_t next = 0;
    unsigned single_below = b->L / 8 > 1 ? b->L / 8 : 1; /* busy lanes at which single-stream wins */
    for (;;) {
        unsigned busy = 0, first = 0;
        for (unsigned l = 0; l < b->L; l++) {
            if (b->seg[l] == 0 && next < n) load(b, l, next++);
            if (b->seg[l] && busy++ == 0) first = l;
        }
        if (busy == 0) return;
        if (next == n && busy <= single_below) {
            for (unsigned l = 0; l < b->L; l++)
                if (b->seg[l]) finish_single(b, l);
            return;
        }
        size_t m = SIZE_MAX;
        for (unsigned l = 0; l < b->L; l++)
            if (b->seg[l] && b->left[l] < m) m = b->left[l];
        for (unsigned l = 0; l < b->L; l++)
            if (b->seg[l] == 0) b->p[l] = b->p[first];
        run_lanes(b, m);
        for (unsigned l = 0; l < b->L; l++) {
            if (b->seg[l] == 0) continue;
            b->p[l] += m * b->block, b->left[l] -= m;
            if (b->left[l]) continue;
            if (b->seg[l] == 1)
                b->seg[l] = 2, b->p[l] = b->tail[l], b->left[l] = b->tail_blocks[l];
            else
                hand_in(b, l);
        }
    }
}

int sc_hash_many(const char *name, const sc_hash_opts *opts, size_t n, const void *const msgs[], const size_t lens[],
                 uint8_t *out, size_t out_len)
{
    const sc_hash_names *fam;
    const sc_hash_entry *e = sc_hash_lookup(name, &fam);
    if (e == NULL) return SC_EINVAL;
    if (n == 0) return SC_OK;
    if (msgs == NULL || lens == NULL) return SC_ENULL;
    if (e->digest_size && out_len != e->digest_size) return SC_ELENGTH;
    if (out == NULL && out_len) return SC_ENULL;
    if (out_len && n > SIZE_MAX / out_len) return SC_ELENGTH;
    for (size_t i = 0; i < n; i++)
        if (msgs[i] == NULL && lens[i]) return SC_ENULL;
    /* One context checks the options and picks the kernel, as sc_hash_ex. */
    sc_hash_ctx c;
    int status = sc_hash_init_ex(&c, name, opts);
    if (status != SC_OK) return status;
    const sc_hash_state *st = (const sc_hash_state *)(const void *)c.opaque;
    const void *ops = st->ops;
    uint8_t pad = st->pad;
    sc_hash_wipe(&c);
    unsigned L = e->construction == SC_HASH_MD ? ((const sc_md5_ops *)ops)->nlanes
                 : e->construction == SC_HASH_SPONGE ? ((const sc_keccak_ops *)ops)->nlanes
                                                      : 0;
    if (L < 2) { /* no lanes (or KangarooTwelve, whose lanes are its leaves): one at a time */
        for (size_t i = 0; i < n && status == SC_OK; i++)
            status = sc_hash_ex(name, opts, msgs[i], lens[i], out + i * out_len, out_len);
        return status;
    }
    batch b;
    memset(&b.seg, 0, sizeof b.seg);
    b.e = e, b.ops = ops, b.L = L, b.block = e->block, b.pad = pad;
    b.out = out, b.out_len = out_len, b.msgs = msgs, b.lens = lens;
    schedule(&b, n);
    sc_wipe(b.tail, sizeof b.tail);
    sc_wipe(&b.st, sizeof b.st);
    return SC_OK;
}
