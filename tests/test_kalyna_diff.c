/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna: every kernel against the portable reference, for every variant,
 * every length from 0 to 70 blocks and lengths around two and three 64-block
 * chunks (the bulk paths work on 64 blocks), several alignments, in place and
 * out of place, both directions; and decrypt(encrypt(x)) == x. Under qemu
 * (SC_TEST_QUICK) three alignments per length and fewer serial-mode lengths:
 * the portable reference and the kernels without a serial path of their own
 * (bitsliced) cost thousands of guest instructions a byte there. */
#include <simdcrypt.h>

#include "test_util.h"

enum { MAX_BLOCKS = 200, MAX_BYTES = MAX_BLOCKS * 64 + 64 };

/* 79/80: one chunk and a tail either side of the kernels' padding threshold
 * (a tail of >= 16 blocks may run as a padded sliced chunk) */
static size_t next_length(size_t n)
{
    return n < 70 ? n + 1 : n < 79 ? 79 : n < 80 ? 80 : n < 127 ? 127 : n < 131 ? n + 1 : n < 191 ? 191 : n + 1;
}

static const size_t variants[][2] = {{16, 16}, {16, 32}, {32, 32}, {32, 64}, {64, 64}};

int main(void)
{
    const int quick = test_quick();
    static uint8_t key[64], src[MAX_BYTES + 64], data[MAX_BYTES + 64], ref[MAX_BYTES], refdec[MAX_BYTES],
        got[MAX_BYTES + 64], back[MAX_BYTES + 64];
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        const size_t bs = variants[v][0], klen = variants[v][1];
        test_fill(key, klen, 1000 + v);
        sc_kalyna_key kref;
        CHECK(sc_kalyna_setkey_kernel(&kref, bs, key, klen, "portable") == SC_OK, "portable setkey");
        for (size_t ki = 1; ki < sc_kernel_count("kalyna"); ki++) {
            sc_kernel_info info;
            sc_kernel_get("kalyna", ki, &info);
            if (!test_kernel_selected(info.runnable, info.name)) {
                printf("skip kernel %s (not runnable here)\n", info.name);
                continue;
            }
            sc_kalyna_key k;
            CHECK(sc_kalyna_setkey_kernel(&k, bs, key, klen, info.name) == SC_OK, "setkey %s", info.name);
            CHECK(!memcmp(k.rk, kref.rk, sizeof k.rk), "%s schedule differs", info.name);
            for (size_t n = 0; n <= 193; n = next_length(n)) {
                const size_t len = n * bs;
                /* the reference once per length, then every alignment */
                test_fill(src, len, n * 131 + v);
                sc_kalyna_ecb_encrypt(&kref, src, ref, len);
                sc_kalyna_ecb_decrypt(&kref, src, refdec, len);
                for (size_t align = 0; align < 64; align += (!quick && n % 3 == 0 && n < 70 ? 1 : 21)) {
                    uint8_t *in = data + align, *out = got + (align * 7) % 64;
                    memcpy(in, src, len);
                    /* encrypt, out of place */
                    sc_kalyna_ecb_encrypt(&k, in, out, len);
                    CHECK(!memcmp(ref, out, len), "%s %zu/%zu enc n=%zu align=%zu", info.name, bs, klen, n, align);
                    /* decrypt, in place, back to the input */
                    memcpy(back + align, out, len);
                    sc_kalyna_ecb_decrypt(&k, back + align, back + align, len);
                    CHECK(!memcmp(back + align, in, len), "%s %zu/%zu dec(enc) n=%zu align=%zu", info.name, bs,
                          klen, n, align);
                    /* decrypt random data against the reference */
                    sc_kalyna_ecb_decrypt(&k, in, out, len);
                    CHECK(!memcmp(refdec, out, len), "%s %zu/%zu dec n=%zu align=%zu", info.name, bs, klen, n,
                          align);
                }
            }
            /* the modes through this kernel against the reference, over the
             * lengths of both paths (natural, sliced, and their seams), out
             * of place and in place */
            static const size_t mode_blocks[] = {1, 3, 4, 5, 15, 16, 31, 37, 63, 64, 65, 79, 80, 96, 127, 128, 129, 143, 193};
            uint8_t iv[64];
            test_fill(iv, bs, 77);
            for (size_t li = 0; li < sizeof mode_blocks / sizeof mode_blocks[0]; li++) {
                const size_t len = mode_blocks[li] * bs;
                if (len + 5 > MAX_BYTES) continue;
                test_fill(src, len + 5, 99 + li);
                sc_kalyna_ctr(&kref, iv, bs, src, ref, len + 5);
                sc_kalyna_ctr(&k, iv, bs, src, got, len + 5);
                CHECK(!memcmp(ref, got, len + 5), "%s ctr %zu blocks", info.name, mode_blocks[li]);
                memcpy(got, src, len + 5);
                sc_kalyna_ctr(&k, iv, bs, got, got, len + 5);
                CHECK(!memcmp(ref, got, len + 5), "%s ctr in place %zu blocks", info.name, mode_blocks[li]);
                sc_kalyna_cbc_encrypt(&kref, iv, bs, src, ref, len);
                sc_kalyna_cbc_encrypt(&k, iv, bs, src, got, len);
                CHECK(!memcmp(ref, got, len), "%s cbc enc %zu blocks", info.name, mode_blocks[li]);
                sc_kalyna_cbc_decrypt(&k, iv, bs, ref, back, len);
                CHECK(!memcmp(src, back, len), "%s cbc dec %zu blocks", info.name, mode_blocks[li]);
                sc_kalyna_cbc_decrypt(&k, iv, bs, got, got, len);
                CHECK(!memcmp(src, got, len), "%s cbc dec in place %zu blocks", info.name, mode_blocks[li]);
            }
            /* CTR counters whose carries cross 64-bit words (s = E(IV) is
             * chosen, IV = D(s)): word 0 near 2^64 with 0, 1 or all of the
             * higher words all ones (the last wraps modulo 2^(8 bs)) */
            for (size_t ones = 0; ones < bs / 8; ones++) { /* words 1 .. ones all ones */
                uint8_t s[64], civ[64];
                memset(s, 0x5a, sizeof s);
                memset(s, 0xff, 8 * (ones + 1));
                s[0] = (uint8_t)(0x100 - 70); /* word 0 carries out after 70 blocks: inside a sliced chunk */
                sc_kalyna_ecb_decrypt(&kref, s, civ, bs);
                const size_t len = (bs == 64 ? 100 : 150) * bs + 3;
                test_fill(src, len, 4242);
                sc_kalyna_ctr(&kref, civ, bs, src, ref, len);
                sc_kalyna_ctr(&k, civ, bs, src, got, len);
                CHECK(!memcmp(ref, got, len), "%s ctr carry through %zu words", info.name, ones);
            }
            /* the serial modes (CBC encryption, the MAC: one block at a time,
             * the chain kept in a register by kernels that can) at every
             * length from 1 to 70 blocks, CBC also in place */
            for (size_t n = 1; n <= 70; n = quick && n >= 5 ? 2 * n + 1 : n + 1) {
                const size_t len = n * bs;
                uint8_t t1[64], t2[64];
                test_fill(src, len, 5000 + n);
                sc_kalyna_cbc_encrypt(&kref, iv, bs, src, ref, len);
                sc_kalyna_cbc_encrypt(&k, iv, bs, src, got, len);
                CHECK(!memcmp(ref, got, len), "%s cbc enc n=%zu", info.name, n);
                memcpy(got, src, len);
                sc_kalyna_cbc_encrypt(&k, iv, bs, got, got, len);
                CHECK(!memcmp(ref, got, len), "%s cbc enc in place n=%zu", info.name, n);
                sc_kalyna_mac(&kref, src, len, t1, bs);
                sc_kalyna_mac(&k, src, len, t2, bs);
                CHECK(!memcmp(t1, t2, bs), "%s mac n=%zu", info.name, n);
            }
            sc_kalyna_wipe(&k);
        }
        sc_kalyna_wipe(&kref);
    }
    return test_finish();
}
