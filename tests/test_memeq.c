/* SPDX-License-Identifier: Apache-2.0 */
/* sc_memeq: the constant-time comparison every tag check uses. Equality over
 * every length 0..64 and a difference at every position and in every bit. */
#include <simdcrypt.h>

#include "test_util.h"

int main(void)
{
    uint8_t a[64], b[64];
    test_fill(a, sizeof a, 7);
    CHECK(sc_memeq(NULL, NULL, 0) == 1, "NULL, NULL, 0 compares equal");
    CHECK(sc_memeq(a, NULL, 0) == 1, "len 0 compares equal");
    CHECK(sc_memeq(a, NULL, 1) == 0, "NULL with a length never equals");
    for (size_t n = 0; n <= sizeof a; n++) {
        memcpy(b, a, sizeof b);
        CHECK(sc_memeq(a, b, n) == 1, "equal, len %zu", n);
        for (size_t i = 0; i < n; i++)
            for (int bit = 0; bit < 8; bit++) {
                b[i] ^= (uint8_t)(1u << bit);
                CHECK(sc_memeq(a, b, n) == 0, "differ at byte %zu bit %d, len %zu", i, bit, n);
                b[i] ^= (uint8_t)(1u << bit);
            }
        if (n < sizeof a) {
            b[n] ^= 0xff; /* a difference past len does not count */
            CHECK(sc_memeq(a, b, n) == 1, "difference past len %zu ignored", n);
        }
    }
    return test_finish();
}
