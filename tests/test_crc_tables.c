/* SPDX-License-Identifier: Apache-2.0 */
/* The generated slice-by-8 tables (src/checksum/crc_tables.h) against a
 * bit-at-a-time definition of the reflected CRC. */
#include "checksum/crc_tables.h"
#include "test_util.h"

static uint32_t bitwise(uint32_t c, uint32_t poly)
{
    for (int i = 0; i < 8; i++) c = (c & 1) ? (c >> 1) ^ poly : c >> 1;
    return c;
}

static void check(const uint32_t t[8][256], uint32_t poly, const char *name)
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = bitwise(n, poly);
        CHECK_EQ_U32(t[0][n], c, "%s[0][%u]", name, n);
        for (int k = 1; k < 8; k++) {
            c = (c >> 8) ^ bitwise(c & 0xff, poly);
            CHECK_EQ_U32(t[k][n], c, "%s[%d][%u]", name, k, n);
        }
    }
}

int main(void)
{
    check(sc_crc32_table, 0xEDB88320u, "crc32");
    check(sc_crc32c_table, 0x82F63B78u, "crc32c");
    return test_finish();
}
