/* SPDX-License-Identifier: Apache-2.0 */
/* The MD5 and Keccak families: their names in the hash API, their kernels
 * and their known answers (each naming its source; the long suites are in
 * tests/vectors/hash_*.txt). For hashes a known answer's `in` is the
 * message and `out` the digest or the first bytes of an XOF's output; `iv`
 * carries KangarooTwelve's customization string and TurboSHAKE's domain
 * byte. */
#include "../core/family.h"
#include "hash_ctx.h"

static const sc_hash_entry md5_entries[] = {
    {"md5", SC_HASH_MD, 16, SC_MD5_BLOCK, 0, 0, 0},
};

/* FIPS 202 6.1-6.2 (rate = 200 - 2 * digest bytes; SHAKE128/256: 168/136),
 * Keccak-256 (the 2011 submission's padding), RFC 9861 2.2 and 3. */
static const sc_hash_entry keccak_entries[] = {
    {"sha3-224", SC_HASH_SPONGE, 28, 144, 0x06, 24, 0},
    {"sha3-256", SC_HASH_SPONGE, 32, 136, 0x06, 24, 0},
    {"sha3-384", SC_HASH_SPONGE, 48, 104, 0x06, 24, 0},
    {"sha3-512", SC_HASH_SPONGE, 64, 72, 0x06, 24, 0},
    {"shake128", SC_HASH_SPONGE, 0, 168, 0x1F, 24, 0},
    {"shake256", SC_HASH_SPONGE, 0, 136, 0x1F, 24, 0},
    {"keccak-256", SC_HASH_SPONGE, 32, 136, 0x01, 24, 0},
    {"turboshake128", SC_HASH_SPONGE, 0, 168, 0x1F, 12, 1},
    {"turboshake256", SC_HASH_SPONGE, 0, 136, 0x1F, 12, 1},
    {"kangarootwelve", SC_HASH_KT, 0, 168, 0x07, 12, 0},
};

static const sc_hash_names md5_names = {&sc_alg_md5, md5_entries, SC_COUNT_OF(md5_entries)};
static const sc_hash_names keccak_names = {&sc_alg_keccak, keccak_entries, SC_COUNT_OF(keccak_entries)};

static const sc_kat_info md5_kats[] = {
    {"md5", "md5", NULL, "", "", "",
     "d41d8cd98f00b204e9800998ecf8427e",
     "RFC 1321 A.5 #1", NULL},
    {"md5", "md5", NULL, "", "", "61",
     "0cc175b9c0f1b6a831c399e269772661",
     "RFC 1321 A.5 #2", NULL},
    {"md5", "md5", NULL, "", "", "616263",
     "900150983cd24fb0d6963f7d28e17f72",
     "RFC 1321 A.5 #3", NULL},
    {"md5", "md5", NULL, "", "", "6d65737361676520646967657374",
     "f96b697d7cb7938d525a2f31aaf161d0",
     "RFC 1321 A.5 #4", NULL},
    {"md5", "md5", NULL, "", "", "6162636465666768696a6b6c6d6e6f707172737475767778797a",
     "c3fcd3d76192e4007dfb496cca67e13b",
     "RFC 1321 A.5 #5", NULL},
    {"md5", "md5", NULL, "", "", "4142434445464748494a4b4c4d4e4f505152535455565758595a6162636465666768696a6b6c6d6e6f70717273747576"
     "7778797a30313233343536373839",
     "d174ab98d277d9f5a5611c2c9f419d9f",
     "RFC 1321 A.5 #6", NULL},
    {"md5", "md5", NULL, "", "", "313233343536373839303132333435363738393031323334353637383930313233343536373839303132333435363738"
     "3930313233343536373839303132333435363738393031323334353637383930",
     "57edf4a22be3c955ac49da2e2107b67a",
     "RFC 1321 A.5 #7", NULL},
};

static const sc_kat_info keccak_kats[] = {
    {"keccak", "sha3-224", NULL, "", "", "",
     "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7",
     "FIPS 202 example values (NIST CSRC), SHA3-224 0-bit message", NULL},
    {"keccak", "sha3-224", NULL, "", "", "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3",
     "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0",
     "FIPS 202 example values (NIST CSRC), SHA3-224 1600-bit message of 0xA3", NULL},
    {"keccak", "sha3-256", NULL, "", "", "",
     "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
     "FIPS 202 example values (NIST CSRC), SHA3-256 0-bit message", NULL},
    {"keccak", "sha3-256", NULL, "", "", "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3",
     "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787",
     "FIPS 202 example values (NIST CSRC), SHA3-256 1600-bit message of 0xA3", NULL},
    {"keccak", "sha3-384", NULL, "", "", "",
     "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004",
     "FIPS 202 example values (NIST CSRC), SHA3-384 0-bit message", NULL},
    {"keccak", "sha3-384", NULL, "", "", "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3",
     "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd76197a31fd55ee989f2d7050dd473e8f",
     "FIPS 202 example values (NIST CSRC), SHA3-384 1600-bit message of 0xA3", NULL},
    {"keccak", "sha3-512", NULL, "", "", "",
     "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558"
     "f500199d95b6d3e301758586281dcd26",
     "FIPS 202 example values (NIST CSRC), SHA3-512 0-bit message", NULL},
    {"keccak", "sha3-512", NULL, "", "", "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3",
     "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca81b7c13c30adf52a3659584739a2df46b"
     "e589c51ca1a4a8416df6545a1ce8ba00",
     "FIPS 202 example values (NIST CSRC), SHA3-512 1600-bit message of 0xA3", NULL},
    {"keccak", "shake128", NULL, "", "", "",
     "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
     "FIPS 202 example values (NIST CSRC), SHAKE128 0-bit message, first 256 bits", NULL},
    {"keccak", "shake128", NULL, "", "", "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3",
     "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037cf232ef7164a6d1eb448c8908186ad85"
     "2d3f85a5cf28da1ab6fe3438171978467f1c05d58c7ef38c284c41f6c2221a76f12ab1c04082660250802294fb871802"
     "13fdef5b0ecb7df50ca1f8555be14d32e10f6edcde892c09424b29f597afc270c904556bfcb47a7d40778d390923642b"
     "3cbd0579e60908d5a000c1d08b98ef933f806445bf87f8b009ba9e94f7266122ed7ac24e5e266c42a82fa1bbefb7b8db"
     "0066e16a85e0493f07df4809aec084a593748ac3dde5a6d7aae1e8b6e5352b2d71efbb47d4caeed5e6d633805d2d323e"
     "6fd81b4684b93a2677d45e7421c2c6aea259b855a698fd7d13477a1fe53e5a4a6197dbec5ce95f505b520bcd9570c4a8"
     "265a7e01f89c0c002c59bfec6cd4a5c109258953ee5ee70cd577ee217af21fa70178f0946c9bf6ca8751793479f6b537"
     "737e40b6ed28511d8a2d7e73eb75f8daac912ff906e0ab955b083bac45a8e5e9b744c8506f37e9b4e749a184b30f43eb"
     "188d855f1b70d71ff3e50c537ac1b0f8974f0fe1a6ad295ba42f6aec74d123a7abedde6e2c0711cab36be5acb1a5a11a"
     "4b1db08ba6982efccd716929a7741cfc63aa4435e0b69a9063e880795c3dc5ef3272e11c497a91acf699fefee206227a"
     "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439",
     "FIPS 202 example values (NIST CSRC), SHAKE128 1600-bit message of 0xA3, 4096 bits", NULL},
    {"keccak", "shake256", NULL, "", "", "",
     "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6"
     "fc821c49479ab48640292eacb3b7c4be",
     "FIPS 202 example values (NIST CSRC), SHAKE256 0-bit message, first 512 bits", NULL},
    {"keccak", "shake256", NULL, "", "", "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3"
     "a3a3a3a3a3a3a3a3",
     "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d2d700caae7396ece96604440577da4f3"
     "aa22aeb8857f961c4cd8e06f0ae6610b1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628"
     "001a1099422468de726f1061d99eb9e93604d5aa7467d4b1bd6484582a384317d7f47d750b8f5499512bb85a226c4243"
     "556e696f6bd072c5aa2d9b69730244b56853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b"
     "61ef0e9114a92cdbb6cccb98615cfe76e3510dd88d1cc28ff99287512f24bfafa1a76877b6f37198e3a641c68a7c42d4"
     "5fa7acc10dae5f3cefb7b735f12d4e589f7a456e78c0f5e4c4471fffa5e4fa0514ae974d8c2648513b5db494cea84715"
     "6d277ad0e141c24c7839064cd08851bc2e7ca109fd4e251c35bb0a04fb05b364ff8c4d8b59bc303e25328c09a882e952"
     "518e1a8ae0ff265d61c465896973d7490499dc639fb8502b39456791b1b6ec5bcc5d9ac36a6df622a070d43fed781f5f"
     "149f7b62675e7d1a4d6dec48c1c7164586eae06a51208c0b791244d307726505c3ad4b26b6822377257aa152037560a7"
     "39714a3ca79bd605547c9b78dd1f596f2d4f1791bc689a0e9b799a37339c04275733740143ef5d2b58b96a363d4e0807"
     "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb",
     "FIPS 202 example values (NIST CSRC), SHAKE256 1600-bit message of 0xA3, 4096 bits", NULL},
    {"keccak", "keccak-256", NULL, "", "", "",
     "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
     "Keccak team KeccakKAT ShortMsgKAT_256 Len = 0 (Ethereum's empty-string hash)", NULL},
    {"keccak", "keccak-256", NULL, "", "", "616263",
     "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45",
     "Keccak-256 of \"abc\" (pre-FIPS padding; cross-checked with pycryptodome Crypto.Hash.keccak)", NULL},
    {"keccak", "turboshake128", NULL, "", "", "",
     "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c",
     "RFC 9861 5 TurboSHAKE128(M=`00`^0, D=`1F`, 32)", NULL},
    {"keccak", "turboshake128", NULL, "", "", "000102030405060708090a0b0c0d0e0f10",
     "9c97d036a3bac819db70ede0ca554ec6e4c2a1a4ffbfd9ec269ca6a111161233",
     "RFC 9861 5 TurboSHAKE128(M=ptn(17^1), D=`1F`, 32)", NULL},
    {"keccak", "turboshake128", NULL, "", "06", "ffffff",
     "3d03988bb59e681851a192f429ae03988e8f444bc06036a3f1a7d2ccd758d174",
     "RFC 9861 5 TurboSHAKE128(M=`FF FF FF`, D=`06`, 32)", NULL},
    {"keccak", "turboshake256", NULL, "", "", "",
     "367a329dafea871c7802ec67f905ae13c57695dc2c6663c61035f59a18f8e7db11edc0e12e91ea60eb6b32df06dd7f00"
     "2fbafabb6e13ec1cc20d995547600db0",
     "RFC 9861 5 TurboSHAKE256(M=`00`^0, D=`1F`, 64)", NULL},
    {"keccak", "kangarootwelve", NULL, "", "", "",
     "1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5",
     "RFC 9861 5 KT128(M=`00`^0, C=`00`^0, 32)", NULL},
    {"keccak", "kangarootwelve", NULL, "", "", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f"
     "303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
     "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f"
     "909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
     "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
     "f0f1f2f3f4f5f6f7f8f9fa000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021222324"
     "25",
     "0c315ebcdedbf61426de7dcf8fb725d1e74675d7f5327a5067f367b108ecb67c",
     "RFC 9861 5 KT128(M=ptn(17^2), C=`00`^0, 32)", NULL},
    {"keccak", "kangarootwelve", NULL, "", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728", "ff",
     "d848c5068ced736f4462159b9867fd4c20b808acc3d5bc48e0b06ba0a3762ec4",
     "RFC 9861 5 KT128(M=`FF`, C=ptn(41^1), 32)", NULL},
};

const sc_family sc_md5_family = {
    .name = "md5",
    .kind = SC_KIND_HASH,
    .kernels = &sc_alg_md5,
    .hash = &md5_names,
    .kats = md5_kats,
    .nkats = SC_COUNT_OF(md5_kats),
};

const sc_family sc_keccak_family = {
    .name = "keccak",
    .kind = SC_KIND_HASH,
    .kernels = &sc_alg_keccak,
    .hash = &keccak_names,
    .kats = keccak_kats,
    .nkats = SC_COUNT_OF(keccak_kats),
};
