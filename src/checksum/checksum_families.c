/* SPDX-License-Identifier: Apache-2.0 */
/* The checksum families of the registry (src/core/registry.c): kernels
 * (the <alg>_kernels.c lists), the running value's start, known answers. */
#include "../core/family.h"

#define KAT(fam, in, out, source) {fam, fam, NULL, "", "", in, out, source, NULL}

static const sc_kat_info adler32_kats[] = {
    KAT("adler32", "57696b697065646961", "11e60398", "Adler-32 article example (\"Wikipedia\")"),
    KAT("adler32", "313233343536373839", "091e01de", "zlib adler32(\"123456789\")"),
};

static const sc_kat_info crc32_kats[] = {
    KAT("crc32", "313233343536373839", "cbf43926", "CRC catalogue CRC-32/ISO-HDLC check (\"123456789\")"),
};

static const sc_kat_info crc32c_kats[] = {
    KAT("crc32c", "313233343536373839", "e3069283", "CRC catalogue CRC-32/ISCSI check (\"123456789\")"),
    KAT("crc32c", "0000000000000000000000000000000000000000000000000000000000000000", "8a9136aa", "RFC 3720 B.4, 32 bytes of zeros"),
    KAT("crc32c", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "62a8ab43", "RFC 3720 B.4, 32 bytes of ones"),
    KAT("crc32c", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "46dd794e", "RFC 3720 B.4, incrementing 00..1f"),
    KAT("crc32c", "1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100", "113fdb5c", "RFC 3720 B.4, decrementing 1f..00"),
};

#define CHECKSUM_FAMILY(alg, initial)                                                                     \
    const sc_family sc_##alg##_family = {.name = #alg,                                                     \
                                         .kind = SC_KIND_CHECKSUM,                                         \
                                         .kernels = &sc_alg_##alg,                                         \
                                         .checksum_initial = (initial),                                    \
                                         .kats = alg##_kats,                                               \
                                         .nkats = sizeof alg##_kats / sizeof alg##_kats[0]};

CHECKSUM_FAMILY(adler32, 1)
CHECKSUM_FAMILY(crc32, 0)
CHECKSUM_FAMILY(crc32c, 0)
