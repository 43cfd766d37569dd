/* Magma / GOST 28147-89 key contexts: round-key schedule, S-box, and the
 * S-box tables of the kernel that will run. */
#include "magma_internal.h"

/* Default S-box (param-Z), looked up once per init; never fails. */
static void default_sbox(uint8_t sbox[8][16]) { (void)sc_magma_sbox_named("param-z", sbox); }

static int init(sc_magma_key *k, const uint8_t *key, size_t key_len, const uint8_t *sbox,
                int little_endian)
{
    uint32_t sub[8];
    if (k == NULL) return SC_EINVAL;
    if (key == NULL || key_len != SC_MAGMA_KEY_SIZE) return key == NULL && key_len ? SC_ENULL : SC_EKEYSIZE;
    /* Every row a permutation of 0..15, checked in constant time. */
    if (sbox && !sc_magma_sbox_valid(sbox)) return SC_EINVAL;
    memset(k, 0, sizeof *k);
    k->little_endian = little_endian;
    if (sbox)
        memcpy(k->sbox, sbox, sizeof k->sbox);
    else
        default_sbox(k->sbox);

    /* Subkeys K1..K8 are the key's 32-bit words in its byte order
     * (GOST R 34.12-2015 5.4: K1 = k255..k224; RFC 5830 5: K0 = bytes 0..3 LE).
     * Encryption uses K1..K8 three times, then K8..K1; decryption the
     * reverse sequence. */
    for (int i = 0; i < 8; i++) sub[i] = sc_magma_load32(key + 4 * i, little_endian);
    for (int r = 0; r < 32; r++) {
        int enc = r < 24 ? r % 8 : 7 - r % 8;
        k->round_keys[0][r] = sub[enc];
        k->round_keys[1][31 - r] = sub[enc];
    }
    sc_wipe(sub, sizeof sub);

    const struct sc_magma_ops *ops = sc_select_kernel(&sc_alg_magma)->impl.ops;
    k->kernel = ops;
    ops->prepare(k);
    return SC_OK;
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
    int status;
    if (k == NULL || k->kernel == NULL) return SC_EINVAL;
    const sc_kernel *kern = sc_find_kernel(&sc_alg_magma, kernel_name, &status);
    if (kern == NULL) return status;
    const struct sc_magma_ops *ops = kern->impl.ops;
    sc_wipe(k->tables, sizeof k->tables);
    k->kernel = ops;
    ops->prepare(k);
    return SC_OK;
}

void sc_magma_wipe(sc_magma_key *k)
{
    if (k) sc_wipe(k, sizeof *k);
}
