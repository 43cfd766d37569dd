/* SPDX-License-Identifier: Apache-2.0 */
/* The generated bitsliced S-box circuits (src/kalyna/kalyna_bitsliced_circuits.h,
 * tools/gen_kalyna_sbox_circuits.py) against the S-box tables of
 * kalyna_tables.c, exhaustively: all 256 inputs of each of the eight
 * circuits, 64 at a time (lane j of batch q is input 64 q + j). */
#include "kalyna/kalyna_bitsliced_circuits.h"
#include "kalyna/kalyna_internal.h"
#include "test_util.h"

typedef void (*circuit)(const uint64_t x[8], uint64_t y[8]);

static void check(circuit f, const uint8_t table[256], const char *name)
{
    for (unsigned q = 0; q < 4; q++) {
        uint64_t x[8] = {0}, y[8];
        for (unsigned j = 0; j < 64; j++)
            for (unsigned b = 0; b < 8; b++) x[b] |= (uint64_t)(((64 * q + j) >> b) & 1) << j;
        f(x, y);
        for (unsigned j = 0; j < 64; j++) {
            unsigned got = 0;
            for (unsigned b = 0; b < 8; b++) got |= (unsigned)((y[b] >> j) & 1) << b;
            CHECK(got == table[64 * q + j], "%s(%u) = %02x, table %02x", name, 64 * q + j, got, table[64 * q + j]);
        }
    }
}

int main(void)
{
    const circuit forward[4] = {sc_kalyna_bs_pi0, sc_kalyna_bs_pi1, sc_kalyna_bs_pi2, sc_kalyna_bs_pi3};
    const circuit inverse[4] = {sc_kalyna_bs_pi0_inv, sc_kalyna_bs_pi1_inv, sc_kalyna_bs_pi2_inv,
                                sc_kalyna_bs_pi3_inv};
    const char *names[4] = {"pi0", "pi1", "pi2", "pi3"};
    for (int s = 0; s < 4; s++) {
        check(forward[s], sc_kalyna_sbox[s], names[s]);
        check(inverse[s], sc_kalyna_sbox_inv[s], names[s]);
    }
    return test_finish();
}
