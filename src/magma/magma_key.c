/* SPDX-License-Identifier: Apache-2.0 */
/* Magma / GOST 28147-89 key contexts: round-key schedule, S-box, and the
 * S-box tables of the kernel that will run. */
#include "../cipher/ctx_check.h"
#include "magma_internal.h"

/* Default S-box (param-Z), looked up once per init; never fails. */
static void default_sbox(uint8_t sbox[8][16]) { (void)sc_magma_sbox_named("param-z", sbox); }

/* Is sbox one of the published S-boxes of sc_magma_sbox_names() (param-Z,
 * CryptoPro-A, ...)? Those are public, so their kernel tables need no stack
 * burning (sc_magma_burn); any other may be secret. Compared in constant
 * time: all that leaks is which public S-box, if any, it is. */
static int is_named_sbox(const uint8_t sbox[8][16])
{
    int named = 0;
    uint8_t known[8][16];
    sc_magma_sbox_info info;
    for (size_t i = 0; sc_magma_sbox_info_at(i, &info) == SC_OK; i++) {
        sc_magma_sbox_named(info.name, known);
        named |= sc_memeq(sbox, known, sizeof known);
    }
    return named;
}

void sc_magma_schedule(sc_magma_key *k, const uint8_t key[SC_MAGMA_KEY_SIZE])
{
    /* Subkeys K1..K8 are the key's 32-bit words in its byte order
     * (GOST R 34.12-2015 5.4: K1 = k255..k224; RFC 5830 5: K0 = bytes 0..3 LE).
     * Encryption uses K1..K8 three times, then K8..K1; decryption the
     * reverse sequence. */
    uint32_t sub[8];
    for (int i = 0; i < 8; i++) sub[i] = sc_magma_load32(key + 4 * i, k->little_endian);
    for (int r = 0; r < 32; r++) {
        int enc = r < 24 ? r % 8 : 7 - r % 8;
        k->round_keys[0][r] = sub[enc];
        k->round_keys[1][31 - r] = sub[enc];
    }
    sc_wipe(sub, sizeof sub);
}

/* The key setup proper on a wiped context; sbox is never NULL here. */
static int setup(sc_magma_key *k, const uint8_t *key, size_t key_len, const uint8_t *sbox, int little_endian)
{
    if (key == NULL || key_len != SC_MAGMA_KEY_SIZE) return key == NULL && key_len ? SC_ENULL : SC_EKEYSIZE;
    /* Every row a permutation of 0..15, checked in constant time. */
    if (!sc_magma_sbox_valid(sbox)) return SC_EINVAL;
    k->little_endian = little_endian;
    memcpy(k->sbox, sbox, sizeof k->sbox);

    sc_magma_schedule(k, key);

    const struct sc_magma_ops *ops = sc_select_kernel(&sc_alg_magma)->impl.ops;
    k->kernel = ops;
    ops->prepare(k);
    k->magic = SC_MAGMA_MAGIC;
    return SC_OK;
}

/* Wipe first, whatever happens next: a failed init must not leave the
 * previous key usable. The S-box is copied before that wipe (a caller may
 * re-key with the context's own k->sbox) and the copy wiped on every path,
 * since the S-box may be secret. */
static int init(sc_magma_key *k, const uint8_t *key, size_t key_len, const uint8_t *sbox, int little_endian)
{
    uint8_t box[8][16];
    if (k == NULL) return SC_EINVAL;
    if (sbox)
        memcpy(box, sbox, sizeof box);
    else
        default_sbox(box);
    sc_wipe(k, sizeof *k);
    int rc = setup(k, key, key_len, &box[0][0], little_endian);
    if (rc == SC_OK) k->custom_sbox = !is_named_sbox(box);
    sc_wipe(box, sizeof box);
    if (rc != SC_OK) sc_wipe(k, sizeof *k);
    if (sbox) sc_burn_stack(SC_MAGMA_BURN); /* what prepare and the copies left, on every path */
    return rc;
}

int sc_magma_check(const sc_magma_key *k)
{
    if (k == NULL) return SC_EINVAL;
    if (k->magic != SC_MAGMA_MAGIC || (k->little_endian != 0 && k->little_endian != 1) ||
        (k->custom_sbox != 0 && k->custom_sbox != 1))
        return SC_ESTATE;
    return sc_ops_runnable(&sc_alg_magma, k->kernel) ? SC_OK : SC_ESTATE;
}

int sc_magma_init(sc_magma_key *k, const uint8_t *key, size_t key_len, const uint8_t *sbox)
{
    return init(k, key, key_len, sbox, 0);
}

int sc_gost89_init(sc_magma_key *k, const uint8_t *key, size_t key_len, const uint8_t *sbox)
{
    return init(k, key, key_len, sbox, 1);
}

int sc_magma_use_kernel(sc_magma_key *k, const char *kernel_name)
{
    int status = sc_magma_check(k);
    if (status != SC_OK) return status;
    const sc_kernel *kern = sc_find_kernel(&sc_alg_magma, kernel_name, &status);
    if (kern == NULL) return status;
    const struct sc_magma_ops *ops = kern->impl.ops;
    sc_wipe(k->tables, sizeof k->tables);
    k->kernel = ops;
    ops->prepare(k);
    sc_magma_burn(k);
    return SC_OK;
}

void sc_magma_wipe(sc_magma_key *k)
{
    if (k) sc_wipe(k, sizeof *k);
}
