#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate src/kalyna/kalyna_tables.c: the four S-boxes pi_0..pi_3 of
DSTU 7624:2014, their inverses, and the 8x8 bit matrices (vgf2p8affineqb
format) of multiplication by the MDS constants in GF(2^8) mod
x^8+x^4+x^3+x^2+1 (0x11D).  Run: python3 tools/gen_kalyna_tables.py > src/kalyna/kalyna_tables.c"""

PI_TEXT = """
a8 43 5f 06 6b 75 6c 59 71 df 87 95 17 f0 d8 09
6d f3 1d cb c9 4d 2c af 79 e0 97 fd 6f 4b 45 39
3e dd a3 4f b4 b6 9a 0e 1f bf 15 e1 49 d2 93 c6
92 72 9e 61 d1 63 fa ee f4 19 d5 ad 58 a4 bb a1
dc f2 83 37 42 e4 7a 32 9c cc ab 4a 8f 6e 04 27
2e e7 e2 5a 96 16 23 2b c2 65 66 0f bc a9 47 41
34 48 fc b7 6a 88 a5 53 86 f9 5b db 38 7b c3 1e
22 33 24 28 36 c7 b2 3b 8e 77 ba f5 14 9f 08 55
9b 4c fe 60 5c da 18 46 cd 7d 21 b0 3f 1b 89 ff
eb 84 69 3a 9d d7 d3 70 67 40 b5 de 5d 30 91 b1
78 11 01 e5 00 68 98 a0 c5 02 a6 74 2d 0b a2 76
b3 be ce bd ae e9 8a 31 1c ec f1 99 94 aa f6 26
2f ef e8 8c 35 03 d4 7f fb 05 c1 5e 90 20 3d 82
f7 ea 0a 0d 7e f8 50 1a c4 07 57 b8 3c 62 e3 c8
ac 52 64 10 d0 d9 13 0c 12 29 51 b9 cf d6 73 8d
81 54 c0 ed 4e 44 a7 2a 85 25 e6 ca 7c 8b 56 80
;
ce bb eb 92 ea cb 13 c1 e9 3a d6 b2 d2 90 17 f8
42 15 56 b4 65 1c 88 43 c5 5c 36 ba f5 57 67 8d
31 f6 64 58 9e f4 22 aa 75 0f 02 b1 df 6d 73 4d
7c 26 2e f7 08 5d 44 3e 9f 14 c8 ae 54 10 d8 bc
1a 6b 69 f3 bd 33 ab fa d1 9b 68 4e 16 95 91 ee
4c 63 8e 5b cc 3c 19 a1 81 49 7b d9 6f 37 60 ca
e7 2b 48 fd 96 45 fc 41 12 0d 79 e5 89 8c e3 20
30 dc b7 6c 4a b5 3f 97 d4 62 2d 06 a4 a5 83 5f
2a da c9 00 7e a2 55 bf 11 d5 9c cf 0e 0a 3d 51
7d 93 1b fe c4 47 09 86 0b 8f 9d 6a 07 b9 b0 98
18 32 71 4b ef 3b 70 a0 e4 40 ff c3 a9 e6 78 f9
8b 46 80 1e 38 e1 b8 a8 e0 0c 23 76 1d 25 24 05
f1 6e 94 28 9a 84 e8 a3 4f 77 d3 85 e2 52 f2 82
50 7a 2f 74 53 b3 61 af 39 35 de cd 1f 99 ac ad
72 2c dd d0 87 be 5e a6 ec 04 c6 03 34 fb db 59
b6 c2 01 f0 5a ed a7 66 21 7f 8a 27 c7 c0 29 d7
;
93 d9 9a b5 98 22 45 fc ba 6a df 02 9f dc 51 59
4a 17 2b c2 94 f4 bb a3 62 e4 71 d4 cd 70 16 e1
49 3c c0 d8 5c 9b ad 85 53 a1 7a c8 2d e0 d1 72
a6 2c c4 e3 76 78 b7 b4 09 3b 0e 41 4c de b2 90
25 a5 d7 03 11 00 c3 2e 92 ef 4e 12 9d 7d cb 35
10 d5 4f 9e 4d a9 55 c6 d0 7b 18 97 d3 36 e6 48
56 81 8f 77 cc 9c b9 e2 ac b8 2f 15 a4 7c da 38
1e 0b 05 d6 14 6e 6c 7e 66 fd b1 e5 60 af 5e 33
87 c9 f0 5d 6d 3f 88 8d c7 f7 1d e9 ec ed 80 29
27 cf 99 a8 50 0f 37 24 28 30 95 d2 3e 5b 40 83
b3 69 57 1f 07 1c 8a bc 20 eb ce 8e ab ee 31 a2
73 f9 ca 3a 1a fb 0d c1 fe fa f2 6f bd 96 dd 43
52 b6 08 f3 ae be 19 89 32 26 b0 ea 4b 64 84 82
6b f5 79 bf 01 5f 75 63 1b 23 3d 68 2a 65 e8 91
f6 ff 13 58 f1 47 0a 7f c5 a7 e7 61 5a 06 46 44
42 04 a0 db 39 86 54 aa 8c 34 21 8b f8 0c 74 67
;
68 8d ca 4d 73 4b 4e 2a d4 52 26 b3 54 1e 19 1f
22 03 46 3d 2d 4a 53 83 13 8a b7 d5 25 79 f5 bd
58 2f 0d 02 ed 51 9e 11 f2 3e 55 5e d1 16 3c 66
70 5d f3 45 40 cc e8 94 56 08 ce 1a 3a d2 e1 df
b5 38 6e 0e e5 f4 f9 86 e9 4f d6 85 23 cf 32 99
31 14 ae ee c8 48 d3 30 a1 92 41 b1 18 c4 2c 71
72 44 15 fd 37 be 5f aa 9b 88 d8 ab 89 9c fa 60
ea bc 62 0c 24 a6 a8 ec 67 20 db 7c 28 dd ac 5b
34 7e 10 f1 7b 8f 63 a0 05 9a 43 77 21 bf 27 09
c3 9f b6 d7 29 c2 eb c0 a4 8b 8c 1d fb ff c1 b2
97 2e f8 65 f6 75 07 04 49 33 e4 d9 b9 d0 42 c7
6c 90 00 8e 6f 50 01 c5 da 47 3f cd 69 a2 e2 7a
a7 c6 93 0f 0a 06 e6 2b 96 a3 1c af 6a 12 84 39
e7 b0 82 f7 fe 9d 87 5c 81 35 de b4 a5 fc 80 ef
cb bb 6b 76 ba 5a 7d 78 0b 95 e3 ad 74 98 3b 36
64 6d dc f0 59 a9 4c 17 7f 91 b8 c9 57 1b e0 61
"""

def parse():
    boxes = []
    for part in PI_TEXT.split(";"):
        vals = [int(t, 16) for t in part.split()]
        assert len(vals) == 256, len(vals)
        assert sorted(vals) == list(range(256)), "not a permutation"
        boxes.append(vals)
    return boxes

def gmul(a, b):
    r = 0
    while b:
        if b & 1: r ^= a
        a <<= 1
        if a & 0x100: a ^= 0x11D
        b >>= 1
    return r

def affine_matrix(c):
    """qword A for vgf2p8affineqb so that A*x = c*x in GF(2^8)/0x11D:
    output bit i = parity(byte[7-i] of A AND x)."""
    q = 0
    for i in range(8):
        row = 0
        for j in range(8):
            if (gmul(c, 1 << j) >> i) & 1: row |= 1 << j
        q |= row << (8 * (7 - i))
    return q

def emit_table(name, boxes):
    out = [f"const uint8_t {name}[4][256] __attribute__((aligned(64))) = {{"]
    for b in boxes:
        out.append("    {")
        for r in range(16):
            out.append("        " + " ".join(f"0x{v:02x}," for v in b[16 * r:16 * r + 16]))
        out.append("    },")
    out.append("};")
    return "\n".join(out)

def emit_table64(name, boxes):
    """The same tables as 32 little-endian 64-bit words each: the portable
    kernel scans all 32 words with masks (constant time)."""
    out = [f"const uint64_t {name}[4][32] = {{"]
    for b in boxes:
        out.append("    {")
        for r in range(8):
            words = [sum(b[8 * w + i] << (8 * i) for i in range(8)) for w in range(4 * r, 4 * r + 4)]
            out.append("        " + " ".join(f"UINT64_C(0x{w:016x})," for w in words))
        out.append("    },")
    out.append("};")
    return "\n".join(out)

def main():
    pi = parse()
    inv = []
    for b in pi:
        t = [0] * 256
        for x, y in enumerate(b): t[y] = x
        inv.append(t)
    consts = [0x01, 0x01, 0x05, 0x01, 0x08, 0x06, 0x07, 0x04]
    invc = [0xAD, 0x95, 0x76, 0xA8, 0x2F, 0x49, 0xD7, 0xCA]
    # Check that the two circulant rows are inverse: sum_d v[d] * w[(e - d)] = [e == 0].
    for e in range(8):
        acc = 0
        for d in range(8): acc ^= gmul(consts[d], invc[(e - d) % 8])
        assert acc == (1 if e == 0 else 0)
    print("/* SPDX-License-Identifier: Apache-2.0 */")
    print("/* Generated by tools/gen_kalyna_tables.py: DO NOT EDIT.\n"
          " * The S-boxes pi_0..pi_3 of DSTU 7624:2014 (byte in row r of the state goes\n"
          " * through pi_(r mod 4)), their inverses, and the GF(2)-matrices of\n"
          " * multiplication by constants in GF(2^8) mod x^8+x^4+x^3+x^2+1 in the\n"
          " * vgf2p8affineqb format. */\n#include \"kalyna_internal.h\"\n")
    print(emit_table("sc_kalyna_sbox", pi))
    print()
    print(emit_table("sc_kalyna_sbox_inv", inv))
    print()
    print(emit_table64("sc_kalyna_sbox64", pi))
    print()
    print(emit_table64("sc_kalyna_sbox_inv64", inv))

def divide_by_1_plus_x(p):
    """p / (1 + X) as plain polynomials over GF(2^8), p(1) = 0."""
    q = [0] * (len(p) - 1)
    carry = 0
    for i in range(len(p) - 1, 0, -1):
        carry ^= p[i]
        q[i - 1] = carry
    assert carry == p[0], "not divisible by 1 + X"
    return q

def invmc_expansion():
    """InvMixColumns w = lam (1 + (1 + X) h1 + (1 + X)^2 (h2 + h3 X) +
    (1 + X)^4 (g0 + g1 X + g2 X^2 + g3 X^3)), circulants being the ring
    GF(2^8)[X]/(X^8 + 1) and (1 + X)^2 = 1 + X^2, (1 + X)^4 = 1 + X^4 in
    characteristic 2. lam = w(1); the rest is w / lam - 1 written with digits
    in powers of (1 + X). Row r of the product is row r ^ h1 (row r ^ row
    r + 1) ^ ... : five multiplications per row (row i ^ row i + 4 serves rows
    i and i + 4), against seven for the plain row of coefficients."""
    w = [0xAD, 0x95, 0x76, 0xA8, 0x2F, 0x49, 0xD7, 0xCA]
    lam = 0
    for c in w: lam ^= c
    lam_inv = next(x for x in range(1, 256) if gmul(lam, x) == 1)
    p = [gmul(c, lam_inv) for c in w]
    p[0] ^= 1
    q = divide_by_1_plus_x(p)            # degree 6
    h1 = 0
    for c in q: h1 ^= c                  # q(1)
    q[0] ^= h1
    q = divide_by_1_plus_x(q)            # degree 5 = h2 + h3 X + (1 + X^2) g
    g = [0, 0, 0, 0]
    for i in range(5, 1, -1):            # divide by 1 + X^2
        g[i - 2] = q[i]
        q[i - 2] ^= q[i]
    h = [h1, q[0], q[1]]
    check = [1, 0, 0, 0, 0, 0, 0, 0]
    for d, e, a in [(1, h[0], 0), (2, h[1], 0), (2, h[2], 1)] + [(4, g[i], i) for i in range(4)]:
        check[a] ^= e
        check[(a + d) % 8] ^= e
    assert [gmul(c, lam) for c in check] == w, "InvMixColumns expansion"
    return lam, h, g

def header():
    consts = sorted(set([0x01, 0x02, 0x04, 0x05, 0x06, 0x07, 0x08, 0xAD, 0x95, 0x76, 0xA8, 0x2F, 0x49, 0xD7, 0xCA]))
    print("/* SPDX-License-Identifier: Apache-2.0 */")
    print("/* Generated by tools/gen_kalyna_tables.py --header: DO NOT EDIT.\n"
          " * SC_KALYNA_GF_xx: the 8x8 GF(2) matrix, in vgf2p8affineqb operand format, of\n"
          " * multiplication by 0xxx in GF(2^8) mod x^8+x^4+x^3+x^2+1 (DSTU 7624:2014's\n"
          " * field; multiplication by a constant is linear over GF(2), whatever the\n"
          " * field polynomial). */\n#ifndef SC_KALYNA_GF_MATRICES_H\n#define SC_KALYNA_GF_MATRICES_H")
    for c in consts:
        print(f"#define SC_KALYNA_GF_{c:02X} ((long long)0x{affine_matrix(c):016x}ULL)")
    lam, h, g = invmc_expansion()
    print("/* InvMixColumns = LAMBDA (1 + H1 (1 + X) + (1 + X^2)(H2 + H3 X) + (1 + X^4)(G0 +\n"
          " * G1 X + G2 X^2 + G3 X^3)), X shifting the rows of a column by one. */")
    print(f"#define SC_KALYNA_INVMC_LAMBDA ((long long)0x{affine_matrix(lam):016x}ULL) /* {lam:02x} */")
    for i, c in enumerate(h, start=1):
        print(f"#define SC_KALYNA_INVMC_H{i} ((long long)0x{affine_matrix(c):016x}ULL) /* {c:02x} */")
    for i, c in enumerate(g):
        print(f"#define SC_KALYNA_INVMC_G{i} ((long long)0x{affine_matrix(c):016x}ULL) /* {c:02x} */")
    print("#endif")

def nibbles():
    """mul(c, x) = lo[x & 15] ^ hi[x >> 4] for the constants of MixColumns and
    InvMixColumns: 16-entry tables for the pshufb kernels (no GFNI)."""
    consts = [0x04, 0x06, 0x08, 0xAD, 0x95, 0x76, 0xA8, 0x2F, 0x49, 0xD7]
    print("/* SPDX-License-Identifier: Apache-2.0 */")
    print("/* Generated by tools/gen_kalyna_tables.py --nibbles: DO NOT EDIT.\n"
          " * Multiplication by a constant c in GF(2^8) mod x^8+x^4+x^3+x^2+1 is linear,\n"
          " * so c * x = c * (x & 15) ^ c * (x & 0xf0): two 16-entry tables, one pshufb\n"
          " * each. sc_kalyna_gf_nibbles[SC_KALYNA_NIB_xx] = {low table, high table}. */\n"
          "#ifndef SC_KALYNA_GF_NIBBLES_H\n#define SC_KALYNA_GF_NIBBLES_H\n#include <stdint.h>\n")
    print("enum {")
    for i, c in enumerate(consts): print(f"    SC_KALYNA_NIB_{c:02X} = {i},")
    print("};")
    print("static const uint8_t sc_kalyna_gf_nibbles[%d][2][16] __attribute__((aligned(16))) = {" % len(consts))
    for c in consts:
        lo = ", ".join(f"0x{gmul(c, v):02x}" for v in range(16))
        hi = ", ".join(f"0x{gmul(c, v << 4):02x}" for v in range(16))
        print(f"    {{{{{lo}}},\n     {{{hi}}}}}, /* {c:02x} */")
    print("};\n#endif")

import sys
if "--header" in sys.argv: header()
elif "--nibbles" in sys.argv: nibbles()
else: main()
