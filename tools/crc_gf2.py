# SPDX-License-Identifier: Apache-2.0
"""GF(2)[x] arithmetic shared by the CRC constant generators
(gen_crc_fold_constants.py for x86, gen_crc_arm_constants.py for AArch64,
gen_crc_clmul_constants.py for RISC-V). Polynomials are ints with bit i =
the coefficient of x^i; a CRC-32 modulus P includes its x^32 term."""


def reflect(v, bits):
    """v with its low `bits` bits in reverse order."""
    return int(format(v, f"0{bits}b")[::-1], 2)


def clmul(a, b):
    """Carry-less product a*b (no reduction)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
    return r


def mulmod(a, b, p):
    """a*b mod p for a CRC-32 modulus p (degree 32), a of degree < 32."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> 32:
            a ^= p
    return r


def xpow_mod(e, p):
    """x^e mod p by square-and-multiply (e >= 0)."""
    assert e >= 0
    result, base = 1, 2
    while e:
        if e & 1:
            result = mulmod(result, base, p)
        base = mulmod(base, base, p)
        e >>= 1
    return result
