/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna key schedule (DSTU 7624:2014 section 6.3), constant time: it runs
 * the key's own kernel (constant-time, as every kernel) or the portable
 * round (no secret index or branch) on the key material. */
#include <string.h>

#include "../cipher/ctx_check.h"
#include "../cipher/stack_burn.h"
#include "kalyna_internal.h"

/* Rounds for a key of key_len bytes (section 6: 10, 14 or 18). */
static uint32_t rounds_for(size_t key_len) { return key_len == 16 ? 10 : key_len == 32 ? 14 : 18; }

static void add(uint64_t *s, const uint64_t *k, unsigned nb)
{
    for (unsigned c = 0; c < nb; c++) s[c] += k[c];
}
static void xor_into(uint64_t *s, const uint64_t *k, unsigned nb)
{
    for (unsigned c = 0; c < nb; c++) s[c] ^= k[c];
}

/* The schedule's keyed steps are Kalyna encryptions of one block with two
 * rounds: x + ka, round, ^ kb, round, + kc (section 6.3: K_sigma's first
 * two rounds with ka = kc = k0, kb = k1; each even round key with
 * ka = kb = kc = kt + tmv). They run on the kernel the key is bound to,
 * through a two-round key of its own, since every kernel is constant-time
 * and its rounds loop over k->rounds in pairs: on x86-avx2 (Zen 3) a
 * kalyna-128-128 setkey goes from ~26,000 to ~3,000 core cycles (the
 * portable round's table scans cost ~1,700 a round). The bitsliced kernel
 * costs as much for one block as for 64, so it keeps the portable rounds. */
typedef struct {
    const struct sc_kalyna_ops *ops; /* NULL: the portable rounds */
    sc_kalyna_key two;               /* rounds = 2; only rk[0..2] used */
} schedule_engine;

static void engine_init(schedule_engine *e, const sc_kalyna_key *k)
{
    const struct sc_kalyna_ops *ops = k->ops;
    e->ops = ops == &sc_kalyna_bitsliced || ops == &sc_kalyna_portable ? NULL : ops;
    e->two.ops = ops;
    e->two.block_size = k->block_size;
    e->two.key_size = k->block_size;
    e->two.nb = k->nb;
    e->two.rounds = 2;
    e->two.magic = SC_KALYNA_MAGIC;
}

static void engine_wipe(schedule_engine *e) { sc_wipe(e->two.rk, 3 * sizeof e->two.rk[0]); }

/* s = ((s + ka) round ^ kb) round + kc on nb columns. */
static void encrypt2(schedule_engine *e, uint64_t *s, const uint64_t *ka, const uint64_t *kb, const uint64_t *kc,
                     unsigned nb)
{
    if (e->ops == NULL) {
        add(s, ka, nb);
        sc_kalyna_round_portable(s, nb);
        xor_into(s, kb, nb);
        sc_kalyna_round_portable(s, nb);
        add(s, kc, nb);
        return;
    }
    uint8_t b[64] = {0}; /* nb columns used */
    memcpy(e->two.rk[0], ka, 8 * nb);
    memcpy(e->two.rk[1], kb, 8 * nb);
    memcpy(e->two.rk[2], kc, 8 * nb);
    for (unsigned c = 0; c < nb; c++) sc_kalyna_store64(b + 8 * c, s[c]);
    e->ops->encrypt(&e->two, b, b, 1);
    for (unsigned c = 0; c < nb; c++) s[c] = sc_kalyna_load64(b + 8 * c);
    sc_wipe(b, sizeof b);
}

/* K_sigma: three rounds over the constant (nb + nk + 1) keyed by the two
 * halves of the key (the whole key twice when nk == nb); the third round
 * has no key after it. */
static void intermediate_key(schedule_engine *e, const uint64_t *key, unsigned nb, unsigned nk, uint64_t *kt)
{
    const uint64_t *k0 = key, *k1 = nk == nb ? key : key + nb;
    memset(kt, 0, 8 * nb);
    kt[0] = nb + nk + 1;
    encrypt2(e, kt, k0, k1, k0, nb);
    sc_kalyna_round_portable(kt, nb);
}

/* One even round key: the key words `data` encrypted by two rounds under
 * kt + tmv. */
static void even_key(schedule_engine *e, const uint64_t *kt, const uint64_t *tmv, const uint64_t *data, unsigned nb,
                     uint64_t *rk)
{
    uint64_t ktr[8];
    for (unsigned c = 0; c < nb; c++) ktr[c] = kt[c] + tmv[c];
    memcpy(rk, data, 8 * nb);
    encrypt2(e, rk, ktr, ktr, ktr, nb);
    sc_wipe(ktr, sizeof ktr);
}

static void expand(sc_kalyna_key *k, const uint64_t *key, unsigned nk)
{
    const unsigned nb = k->nb, nr = k->rounds;
    uint64_t kt[8], tmv[8], data[8];
    schedule_engine e;
    engine_init(&e, k);
    intermediate_key(&e, key, nb, nk, kt);
    memcpy(data, key, 8 * nk);
    for (unsigned c = 0; c < nb; c++) tmv[c] = UINT64_C(0x0001000100010001);
    for (unsigned r = 0;;) {
        even_key(&e, kt, tmv, data, nb, k->rk[r]);
        if (r == nr) break;
        if (nk != nb) { /* a double-length key: the second half gives the next even key */
            r += 2;
            for (unsigned c = 0; c < nb; c++) tmv[c] <<= 1;
            even_key(&e, kt, tmv, data + nb, nb, k->rk[r]);
            if (r == nr) break;
        }
        r += 2;
        for (unsigned c = 0; c < nb; c++) tmv[c] <<= 1;
        /* rotate the key words by one */
        uint64_t first = data[0];
        memmove(data, data + 1, 8 * (nk - 1));
        data[nk - 1] = first;
    }
    /* Odd round keys: the previous even key rotated left by 2 * nb + 3 bytes. */
    const unsigned n = 8 * nb, rot = 2 * nb + 3;
    for (unsigned r = 1; r < nr; r += 2) {
        uint8_t b[64], o[64];
        for (unsigned c = 0; c < nb; c++) sc_kalyna_store64(b + 8 * c, k->rk[r - 1][c]);
        for (unsigned j = 0; j < n; j++) o[j] = b[(j + rot) % n];
        for (unsigned c = 0; c < nb; c++) k->rk[r][c] = sc_kalyna_load64(o + 8 * c);
        sc_wipe(b, sizeof b);
        sc_wipe(o, sizeof o);
    }
    engine_wipe(&e);
    sc_wipe(kt, sizeof kt);
    sc_wipe(data, sizeof data);
}

int sc_kalyna_setkey_kernel(sc_kalyna_key *k, size_t block_size, const uint8_t *key, size_t key_len,
                            const char *kernel)
{
    if (k == NULL) return SC_EINVAL;
    sc_wipe(k, sizeof *k); /* a failed setkey leaves no key behind and magic 0 */
    if (block_size != 16 && block_size != 32 && block_size != 64) return SC_EINVAL;
    if (key_len != block_size && (key_len != 2 * block_size || key_len > 64)) return SC_EKEYSIZE;
    if (key == NULL) return SC_ENULL;
    const sc_kernel *kern;
    if (kernel == NULL) {
        kern = sc_select_kernel(&sc_alg_kalyna);
    } else {
        int status;
        kern = sc_find_kernel(&sc_alg_kalyna, kernel, &status);
        if (kern == NULL) return status;
    }
    k->ops = kern->impl.ops;
    k->block_size = (uint32_t)block_size;
    k->key_size = (uint32_t)key_len;
    k->nb = (uint32_t)(block_size / 8);
    k->rounds = rounds_for(key_len);
    uint64_t words[8];
    for (unsigned i = 0; i < key_len / 8; i++) words[i] = sc_kalyna_load64(key + 8 * i);
    expand(k, words, (unsigned)(key_len / 8));
    sc_wipe(words, sizeof words);
    /* The kernel's frames of the schedule's two-round encryptions hold
     * derived keys (test_stack_residue found one 2.6 KiB down, clang):
     * once per key, as AES's setkey. */
    sc_burn_stack(SC_BURN_MAX);
    k->magic = SC_KALYNA_MAGIC;
    return SC_OK;
}

int sc_kalyna_check(const sc_kalyna_key *k)
{
    if (k == NULL) return SC_EINVAL;
    if (k->magic != SC_KALYNA_MAGIC) return SC_ESTATE;
    const uint32_t bs = k->block_size, ks = k->key_size;
    if ((bs != 16 && bs != 32 && bs != 64) || k->nb != bs / 8) return SC_ESTATE;
    if ((ks != bs && ks != 2 * bs) || ks > 64 || k->rounds != rounds_for(ks)) return SC_ESTATE;
    return sc_ops_runnable(&sc_alg_kalyna, k->ops) ? SC_OK : SC_ESTATE;
}

int sc_kalyna_setkey(sc_kalyna_key *k, size_t block_size, const uint8_t *key, size_t key_len)
{
    return sc_kalyna_setkey_kernel(k, block_size, key, key_len, NULL);
}

void sc_kalyna_wipe(sc_kalyna_key *k)
{
    if (k) sc_wipe(k, sizeof *k);
}
