/* SPDX-License-Identifier: Apache-2.0 */
/* cli_hex_decode_ct (src/cli/key_hex.c), the CLI's hex decoder for keys,
 * IVs and tags: every byte value as the high and as the low digit (the 22
 * hex digits decode to their value, the other 234 values are refused), the
 * length rules, and that a failure leaves no partial key behind. Its
 * constant-time property is for the constant-time tools; this checks that the
 * arithmetic version decodes what strtol would. */
#include <ctype.h>
#include <stdlib.h>

#include "cli/key_hex.h"
#include "test_util.h"

int main(void)
{
    uint8_t out[4];
    size_t n;
    for (int c = 0; c < 256; c++) {
        int valid = isxdigit(c) != 0;
        char one[2] = {(char)c, 0};
        long value = valid ? strtol(one, NULL, 16) : -1;
        char hi[2] = {(char)c, '5'}, lo[2] = {'a', (char)c};
        out[0] = 0x77;
        int rc = cli_hex_decode_ct(hi, 2, out, sizeof out, &n);
        CHECK(valid ? rc == 0 && n == 1 && out[0] == (uint8_t)(value << 4 | 5) : rc == -2 && n == 0 && out[0] == 0,
              "high digit 0x%02x: rc %d, byte %02x", c, rc, out[0]);
        out[0] = 0x77;
        rc = cli_hex_decode_ct(lo, 2, out, sizeof out, &n);
        CHECK(valid ? rc == 0 && n == 1 && out[0] == (uint8_t)(0xa0 | value) : rc == -2 && n == 0 && out[0] == 0,
              "low digit 0x%02x: rc %d, byte %02x", c, rc, out[0]);
    }
    /* A bad digit anywhere wipes every byte decoded before it. */
    CHECK(cli_hex_decode_ct("0011223g", 8, out, sizeof out, &n) == -2 && n == 0 && !out[0] && !out[1] && !out[2],
          "bad last digit: nothing kept");
    CHECK(cli_hex_decode_ct("0011\0" "033", 8, out, sizeof out, &n) == -2, "NUL inside the length refused");
    CHECK(cli_hex_decode_ct("DEADbeef", 8, out, sizeof out, &n) == 0 && n == 4 && out[0] == 0xde && out[3] == 0xef,
          "mixed case");
    CHECK(cli_hex_decode_ct("", 0, out, sizeof out, &n) == 0 && n == 0, "empty is zero bytes");
    CHECK(cli_hex_decode_ct("001", 3, out, sizeof out, &n) == -1 && n == 0, "odd length");
    CHECK(cli_hex_decode_ct("0011223344", 10, out, sizeof out, &n) == -1 && n == 0, "longer than cap");
    CHECK(cli_hex_decode_ct("zz11223344", 10, out, sizeof out, &n) == -1, "length checked before digits");
    return test_finish();
}
