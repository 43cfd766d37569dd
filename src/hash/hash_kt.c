/* SPDX-License-Identifier: Apache-2.0 */
/* KangarooTwelve (KT128, RFC 9861 3) streaming, over TurboSHAKE128
 * (Keccak-p[1600, 12], rate 168).
 *
 * S = M || C || length_encode(|C|) is cut into 8192-byte chunks. The first
 * chunk S_0 is absorbed into the final node as it arrives; if S ends within
 * it, the node is S itself with domain byte 0x07. Otherwise the node gets
 * 0x03 || 0^7 after S_0, then each later chunk's chaining value
 * CV_i = TurboSHAKE128(S_i, 0x0B, 32), then length_encode(n - 1) || FF FF,
 * and domain byte 0x06. Whole chunks are hashed several at once on the
 * kernel's multi-state lanes, straight from the caller's buffer; a chunk
 * split across updates goes through the single-state leaf sponge. */
#include "hash_ctx.h"

enum { RATE = 168, ROUNDS = 12, CV = 32, LEAF_BLOCKS = SC_KT_CHUNK / RATE, LEAF_REST = SC_KT_CHUNK % RATE };

void sc_kt_init(sc_hash_state *st)
{
    memset(&st->u.kt, 0, sizeof st->u.kt);
}

static void node_absorb(sc_hash_state *st, const uint8_t *in, size_t len)
{
    sc_sponge_absorb(&st->u.kt.node, st->ops, RATE, ROUNDS, in, len);
}

/* RFC 9861 3.3: x as big-endian bytes without leading zeros, then their
 * count (length_encode(0) = 0x00). Returns the encoding's length. */
static size_t length_encode(uint64_t x, uint8_t out[9])
{
    size_t n = 0;
    for (uint64_t v = x; v && n < 8; v >>= 8) n++; /* n <= 8: bounds it for gcc too */
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    out[n] = (uint8_t)n;
    return n + 1;
}

/* The chaining value of the leaf sponge (domain 0x0B) into the node. */
static void leaf_close(sc_hash_state *st)
{
    uint8_t cv[CV];
    sc_sponge_pad(&st->u.kt.leaf, st->ops, RATE, ROUNDS, 0x0B);
    sc_sponge_squeeze(&st->u.kt.leaf, st->ops, RATE, ROUNDS, cv, CV);
    node_absorb(st, cv, CV);
    st->u.kt.leaves++;
    memset(&st->u.kt.leaf, 0, sizeof st->u.kt.leaf);
    sc_wipe_small(cv, sizeof cv);
}

/* `count` (<= nlanes) whole chunks at `in` on the multi-state kernel: 48
 * blocks each straight from the input, then each chunk's last 128 bytes
 * with the 0x0B padding as one more block. */
static void leaves_lanes(sc_hash_state *st, const uint8_t *in, size_t count)
{
    const sc_keccak_ops *k = st->ops;
    const unsigned L = k->nlanes;
    uint64_t s[25 * SC_KECCAK_MAX_LANES];
    uint8_t tail[SC_KECCAK_MAX_LANES][RATE];
    const uint8_t *p[SC_KECCAK_MAX_LANES] = {0};
    memset(s, 0, 25 * L * sizeof s[0]);
    for (unsigned l = 0; l < L; l++) p[l] = in + SC_KT_CHUNK * (l < count ? l : 0); /* idle lanes repeat lane 0 */
    k->lanes(s, p, LEAF_BLOCKS, RATE, ROUNDS);
    for (unsigned l = 0; l < L; l++) {
        memset(tail[l], 0, RATE);
        memcpy(tail[l], p[l] + LEAF_BLOCKS * RATE, LEAF_REST);
        tail[l][LEAF_REST] = 0x0B, tail[l][RATE - 1] ^= 0x80;
        p[l] = tail[l];
    }
    k->lanes(s, p, 1, RATE, ROUNDS);
    for (size_t l = 0; l < count; l++) {
        uint8_t cv[CV];
        for (int i = 0; i < CV / 8; i++)
            for (int j = 0; j < 8; j++) cv[8 * i + j] = (uint8_t)(s[i * L + l] >> (8 * j));
        node_absorb(st, cv, CV);
        sc_wipe_small(cv, sizeof cv);
    }
    st->u.kt.leaves += count;
    sc_wipe_small(s, 25 * L * sizeof s[0]);
    sc_wipe_small(tail, sizeof tail);
}

void sc_kt_update(sc_hash_state *st, const uint8_t *in, size_t len)
{
    const sc_keccak_ops *k = st->ops;
    while (len) {
        uint64_t total = st->u.kt.total;
        if (total < SC_KT_CHUNK) { /* S_0 */
            size_t n = SC_KT_CHUNK - total < len ? (size_t)(SC_KT_CHUNK - total) : len;
            node_absorb(st, in, n);
            st->u.kt.total += n, in += n, len -= n;
            continue;
        }
        if (total == SC_KT_CHUNK && st->u.kt.leaves == 0 && st->u.kt.leaf.pos == 0) {
            /* more than one chunk: S_0 is followed by 0x03 || 0^7 */
            static const uint8_t sep[8] = {0x03};
            node_absorb(st, sep, sizeof sep);
        }
        size_t in_leaf = (size_t)((total - SC_KT_CHUNK) % SC_KT_CHUNK);
        if (in_leaf == 0 && k->lanes) {
            /* whole chunks on the lanes: by default worth it from half the
             * lanes busy (a multi-state permutation costs a few single
             * ones); a kernel measured otherwise says from how many */
            size_t chunks = len / SC_KT_CHUNK, take = chunks < k->nlanes ? chunks : k->nlanes;
            size_t from = k->lanes_from ? k->lanes_from : (k->nlanes + 1) / 2;
            if (take >= 2 && take >= from) {
                leaves_lanes(st, in, take);
                st->u.kt.total += take * SC_KT_CHUNK, in += take * SC_KT_CHUNK, len -= take * SC_KT_CHUNK;
                continue;
            }
        }
        size_t n = SC_KT_CHUNK - in_leaf < len ? SC_KT_CHUNK - in_leaf : len;
        sc_sponge_absorb(&st->u.kt.leaf, k, RATE, ROUNDS, in, n);
        st->u.kt.total += n, in += n, len -= n;
        if (in_leaf + n == SC_KT_CHUNK) leaf_close(st);
    }
}

void sc_kt_finish(sc_hash_state *st)
{
    uint8_t enc[9];
    if (st->custom_len) sc_kt_update(st, st->custom, st->custom_len);
    sc_kt_update(st, enc, length_encode(st->custom_len, enc));
    if (st->u.kt.total <= SC_KT_CHUNK) {
        sc_sponge_pad(&st->u.kt.node, st->ops, RATE, ROUNDS, 0x07);
        return;
    }
    if ((st->u.kt.total - SC_KT_CHUNK) % SC_KT_CHUNK) leaf_close(st); /* the last, partial chunk */
    size_t n = length_encode(st->u.kt.leaves, enc);
    node_absorb(st, enc, n);
    static const uint8_t ffff[2] = {0xFF, 0xFF};
    node_absorb(st, ffff, 2);
    sc_sponge_pad(&st->u.kt.node, st->ops, RATE, ROUNDS, 0x06);
}
