/* Internal: Kalyna modes on whole blocks with an explicit chaining value,
 * shared by the one-shot API (kalyna_modes.c) and the generic streaming API
 * (kalyna_family.c). n counts blocks; in == out allowed. */
#ifndef SC_KALYNA_MODES_H
#define SC_KALYNA_MODES_H
#include "kalyna_internal.h"

void sc_kalyna_cbc_enc_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);
void sc_kalyna_cbc_dec_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);
/* CTR: `counter` holds s + i of the last block done (s = E(IV) at start). */
void sc_kalyna_ctr_start(const sc_kalyna_key *k, const uint8_t *iv, uint8_t *counter);
void sc_kalyna_ctr_blocks(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n);
/* MAC (section 9.1): chain starts at zero; the last block is xored with
 * delta = E(0) (sc_kalyna_mac_delta) before its encryption. delta depends on
 * the key only, so callers compute it once per key or alongside the first
 * block, never on the chain's critical path. */
void sc_kalyna_mac_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t n);
void sc_kalyna_mac_delta(const sc_kalyna_key *k, uint8_t *delta);
void sc_kalyna_mac_last(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *last, const uint8_t *delta);

static inline const struct sc_kalyna_ops *sc_kalyna_ops_of(const sc_kalyna_key *k)
{
    return (const struct sc_kalyna_ops *)k->ops;
}
#endif
