/* SPDX-License-Identifier: Apache-2.0 */
/* The self test of a GF kernel of MGM (no API names these kernels: the
 * family checks them itself, src/core/family.h): the tag sums of RFC 9058
 * Appendix A from the RFC's own hash keys H_i, one example per field, and
 * the kernel against the portable one on every batch length up to 17. */
#include "../core/family.h"
#include "mgm.h"

typedef struct gf_known {
    size_t block;
    const char *h, *x, *sum; /* hex: the H_i, the blocks (A, C zero-padded, lengths), the final sum */
    const char *source;
} gf_known;

static const gf_known known[] = {
    {8,
     "708a78191cdd22aa6f02cc464b2fa0a39f81f226fd196f05b9c2ac9be5b5dff974b5ec96551bf8887eb021a4035b04c3"
     "c2a9c3a8704d9bb0f5d505a87b8383b5f795e75fdeb8933c65a1a3e680f081451c74a5764cb0d595dc8447a514e783e7"
     "a7e3afe004ee16e3a5aabb0b7980d0716e104cc933525c5d8311b6024aa966c1",
     "0101010101010101020202020202020203030303030303030404040404040404" "0505050505050505ea00000000000000"
     "c795066c5f9ea03b85113342459185ae1f2e00d6bf2b785d940470b8bb9c8e7d9a5dd3731f7ddc70ec27cb0ace6fa576"
     "70f65c646abb75d547aa37c3bcb5c34e03bb9c00000000000000014800000218",
     "73cef44bae6bdb61", "RFC 9058 A.2 (Magma), example 1"},
    {16,
     "8db187d653830ea4bc446476952c300b7a24f72630e3763721c8f3cdb1da0e314411962117d20635c525e0a24db4b90a"
     "d8c9623c4dbfe814ce7c1c0ceaa959dba5e1f195333e1482969931bfbe6dfd43b4ca808caccfb3f91724e48a2c7ee9d2"
     "72908fc074e469e8901bd188ea91c33123ca2715b02c68313bfdacb39e4d0fb8bcbce6c41aa355a4148862bf64bd830d",
     "0202020202020202010101010101010104040404040404040303030303030303ea050505050505050500000000000000"
     "a9757b8147956e9055b8a33de89f42fc8075d2212bf9fd5bd3f7069aadc16b39497ab15915a6ba85936b5d0ea9f6851c"
     "c60c14d4d3f883d0ab94420695c76deb" "2c7552" "00000000000000000000000000" "00000000000001480000000000000218",
     "c0c722db5e0bd6db257673833d567128", "RFC 9058 A.1 (Kuznyechik), example 1"},
};

static size_t unhex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    for (; s[0] && s[1] && n < cap; s += 2) {
        int v = 0;
        for (int i = 0; i < 2; i++) {
            char c = s[i];
            v = v << 4 | (c <= '9' ? c - '0' : c - 'a' + 10);
        }
        out[n++] = (uint8_t)v;
    }
    return n;
}

static void run(const sc_mgm_gf_ops *gf, size_t block, uint64_t acc[2], const uint8_t *h, const uint8_t *x,
                size_t n)
{
    if (block == 16) gf->sum128(acc, h, x, n);
    else gf->sum64(&acc[1], h, x, n);
}

int sc_mgm_selftest_kernel(const sc_kernel *k, const char **detail)
{
    const sc_mgm_gf_ops *gf = k->impl.ops;
    uint8_t h[17 * 16], x[17 * 16], want[16];
    for (size_t i = 0; i < SC_COUNT_OF(known); i++) {
        const gf_known *v = &known[i];
        size_t nb = unhex(v->h, h, sizeof h) / v->block;
        uint64_t acc[2] = {0, 0};
        unhex(v->x, x, sizeof x);
        unhex(v->sum, want, sizeof want);
        run(gf, v->block, acc, h, x, nb);
        if ((v->block == 16 && (acc[0] != sc_mgm_load64(want))) || acc[1] != sc_mgm_load64(want + v->block - 8))
            return *detail = v->source, SC_EAUTH;
    }
    /* every batch length (the kernels' loops and tails) against portable */
    uint64_t s = UINT64_C(0x9e3779b97f4a7c15);
    for (size_t i = 0; i < sizeof h; i++) s = s * 6364136223846793005u + 1442695040888963407u, h[i] = (uint8_t)(s >> 56), x[i] = (uint8_t)(s >> 48);
    for (size_t block = 8; block <= 16; block += 8)
        for (size_t n = 1; n <= 17 * 16 / block; n++) {
            uint64_t a[2] = {s, s >> 7}, b[2] = {s, s >> 7};
            if (block == 8) a[0] = b[0] = 0;
            run(gf, block, a, h, x, n);
            run(&sc_mgm_gf_portable, block, b, h, x, n);
            if (a[0] != b[0] || a[1] != b[1]) return *detail = "differs from portable", SC_EAUTH;
        }
    return SC_OK;
}
