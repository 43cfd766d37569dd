#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes src/arch/x86/crc_fold_constants.h: the carry-less multiplication
constants of the x86 CRC-32 / CRC-32C kernels (src/arch/x86/crc*.c).

Usage: tools/gen_crc_fold_constants.py src/arch/x86/crc_fold_constants.h

Bit order. Both CRCs are reflected: in a 32-bit value bit 31 is x^0 (the
order of src/checksum/crc_portable.h); in a 64-bit lane bit 63 is x^0; in a
128-bit register bit 127 is x^0, so the first message byte sits in the low
byte and carries the highest powers. PCLMULQDQ multiplies two 64-bit lanes;
read in this order the 127-bit product comes out one place short, i.e. it is
the true product times x (Intel, "Fast CRC Computation for Generic Polynomials
Using PCLMULQDQ", 2009, section "bit-reflection").

Folding (same paper, "folding"). A 128-bit accumulator X = H*x^64 + L (H the
low lane) that has to move D bits further down the message is replaced by
  clmul(H, x^(D+31) mod P) xor clmul(L, x^(D-33) mod P)
with each constant stored as a 32-bit reflected value in the low half of its
lane: such a lane reads as c*x^32, the product gains x^33 and
H*x^(D+31)*x^33 = H*x^64*x^D, L*x^(D-33)*x^33 = L*x^D (mod P). The result
has degree <= 127, so it fits, and is xored with the data found D bits later.

Final reduction of X (128 bits) to crc = X*x^32 mod P. Split X into 32-bit
pieces, X = H1*x^96 + H0*x^64 + L1*x^32 + L0 (H1 the lowest dword), so
  X*x^32 = H1*x^128 + H0*x^96 + L1*x^64 + L0*x^32
         = H1*(x^128 mod P) + H0*(x^96 mod P) + L1*(x^64 mod P) + L0*x^32 (mod P),
a 64-bit V from three independent 32x32 multiplies. With both factors in the
low dwords the product's low lane reads as a*c*x, so the constants are
x^127, x^95 and x^63. Then Barrett:
             q = floor(V_hi * mu / x^32) with mu = floor(x^64 / P);
             crc = V_lo xor (q * P mod x^32). mu and P have 33 bits and are
             stored reflected over bits 32..0 so that q lands in bits 0..31 and
             q*P's low 32 coefficients in bits 32..63 (next to V_lo).

Shifting a 32-bit CRC-32C state by d bytes (the streams of the 3-way and the
fused kernels): crc32q(0, clmul(s, x^(8d-33) mod P)). The product lane reads
as s*k*x; crc32q of a lane v with state 0 is v*x^32 mod P (the instruction
is a raw CRC update), so the result is s*x^(8d) mod P.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from crc_gf2 import mulmod, reflect, xpow_mod  # noqa: E402

POLYS = {"crc32": 0xEDB88320, "crc32c": 0x82F63B78}  # reflected 32-bit forms

# Fold distances (bytes) used by the templates.
FOLD_DISTANCES = [16, 32, 48, 64, 80, 96, 112, 128, 256]

# Geometry of the CRC-32C kernels that merge independent crc32q streams; the C
# code static-asserts that it agrees with these.
THREEWAY_BLOCKS = [2048, 256, 32]  # bytes per stream, three streams per block
FUSED_VEC_STEP = 256               # bytes of vector folding per iteration
FUSED_STREAMS = 8                  # scalar crc32q streams
FUSED_STREAM_STEP = 32             # bytes per stream per iteration
# Iterations per chunk: 8 gives 4 KiB chunks for long messages, 4 and 2 give
# 2 KiB and 1 KiB chunks so that shorter messages fuse too (a 512-byte chunk
# measured slower than plain folding on Zen 5: the merges outweigh the gain).
# 16 gives the 8 KiB chunks of the AVX2 kernel (fewer merges per byte).
FUSED_ITERS = [16, 8, 4, 2]
# The AVX2 kernel's longest chunks fold seven ymm (224 bytes) per step
# against the same eight streams of 32 bytes: on Zen 3 a loop of 16 ymm
# multiplies and 32 crc32q takes ~36 cycles, one of 14 and 32 ~33 (see
# crc32c_fused256.c). 34 steps make 16320-byte chunks, one per 16 KiB
# message (the 64 bytes left go through plain folding).
FUSED7_VEC_STEP = 224
FUSED7_ITERS = [34]


def normal_poly(reflected):
    """The polynomial with its x^32 term, as an int with bit i = x^i."""
    n = 1 << 32
    for i in range(32):
        if reflected & (1 << (31 - i)):
            n |= 1 << i
    return n








def r32(e, poly_n):
    """x^e mod P in the reflected 32-bit order (bit 31 = x^0)."""
    return reflect(xpow_mod(e, poly_n), 32)


def floor_div(num, den):
    """Quotient of GF(2)[x] division, ints with bit i = x^i."""
    q = 0
    dl = den.bit_length()
    while num.bit_length() >= dl:
        s = num.bit_length() - dl
        q |= 1 << s
        num ^= den << s
    return q


def emit_poly(out, name, refl):
    pn = normal_poly(refl)
    out.write(f"/* {name}: reflected polynomial 0x{refl:08X} */\n")
    out.write(f"static const struct sc_crc_fold_consts sc_{name}_fold_consts = {{\n")
    for d in FOLD_DISTANCES:
        lo, hi = r32(8 * d + 31, pn), r32(8 * d - 33, pn)
        out.write(f"    .fold_{d}b = {{0x{lo:08x}, 0x{hi:08x}}}, "
                  f"/* x^{8 * d + 31}, x^{8 * d - 33} mod P */\n")
    lanes = []
    for d in (48, 32, 16):
        lanes += [f"0x{r32(8 * d + 31, pn):08x}", f"0x{r32(8 * d - 33, pn):08x}"]
    out.write(f"    .fold_lanes_64b = {{{', '.join(lanes)}, 0, 0}}, /* 48, 32, 16 B, then lane 3 stays */\n")
    out.write(f"    .reduce_x127 = 0x{r32(127, pn):08x},\n")
    out.write(f"    .reduce_x95 = 0x{r32(95, pn):08x},\n")
    out.write(f"    .reduce_x63 = 0x{r32(63, pn):08x},\n")
    out.write(f"    .reduce_x31 = 0x{r32(31, pn):08x},\n")
    mu = floor_div(1 << 64, pn)
    assert mu.bit_length() == 33
    out.write(f"    .barrett_mu = 0x{reflect(mu, 33):09x}, /* floor(x^64 / P), 33 bits reflected */\n")
    out.write(f"    .barrett_poly = 0x{reflect(pn, 33):09x}, /* P, 33 bits reflected */\n")
    out.write("};\n\n")


def emit_shift(out, macro, nbytes, pn):
    out.write(f"#define {macro} 0x{r32(8 * nbytes - 33, pn):08x}u /* x^(8*{nbytes}-33) mod P */\n")


def emit_fused(out, iters, pn, vec=FUSED_VEC_STEP):
    stream = FUSED_STREAM_STEP * iters
    chunk = vec * iters + FUSED_STREAMS * stream
    tag = f"SC_CRC32C_FUSED{chunk}"
    out.write(f"\n/* {chunk}-byte chunks: {iters} vector steps of {vec} bytes, streams of {stream} bytes. */\n")
    out.write(f"#define {tag}_ITERS {iters}\n")
    out.write(f"#define {tag}_STREAM {stream}\n")
    if vec != FUSED_VEC_STEP:
        out.write(f"/* Folds the accumulators over one vector step: {vec} bytes. */\n")
        out.write(f"#define {tag}_STEP_LO 0x{r32(8 * vec + 31, pn):08x}u\n")
        out.write(f"#define {tag}_STEP_HI 0x{r32(8 * vec - 33, pn):08x}u\n")
    out.write(f"/* Entry i < STREAMS-1 moves stream i's CRC (STREAMS-1-i)*STREAM bytes to\n"
              f" * the chunk end (the last stream ends there); the last entry moves the\n"
              f" * running CRC over the whole chunk. */\n")
    out.write(f"static const uint32_t sc_crc32c_fused{chunk}_shift[SC_CRC32C_FUSED_STREAMS] = {{\n")
    for i in range(FUSED_STREAMS - 1):
        d = (FUSED_STREAMS - 1 - i) * stream
        out.write(f"    0x{r32(8 * d - 33, pn):08x}, /* x^(8*{d}-33) mod P */\n")
    out.write(f"    0x{r32(8 * chunk - 33, pn):08x}, /* x^(8*{chunk}-33) mod P */\n")
    out.write("};\n")
    jump = vec + FUSED_STREAMS * stream
    lo, hi = r32(8 * jump + 31, pn), r32(8 * jump - 33, pn)
    out.write("/* Folds the vector accumulators over the scalar streams to the next chunk:\n"
              f" * {jump} bytes, x^{8 * jump + 31} and x^{8 * jump - 33} mod P. */\n")
    out.write(f"#define {tag}_JUMP_LO 0x{lo:08x}u\n#define {tag}_JUMP_HI 0x{hi:08x}u\n")
    streams = FUSED_STREAMS * stream
    lanes = vec // 16
    out.write(f"/* The last chunk's window: pair i folds lane i of its last {vec} vector bytes\n"
              f" * onto the chunk's last lane, i.e. also over the {streams} stream bytes. */\n")
    out.write(f"static const uint64_t sc_crc32c_fused{chunk}_window[{lanes}][2] = {{\n")
    for i in range(lanes):
        d = 16 * (lanes - 1 - i) + streams
        out.write(f"    {{0x{r32(8 * d + 31, pn):08x}, 0x{r32(8 * d - 33, pn):08x}}}, /* {d} B */\n")
    out.write("};\n")


def main():
    out = open(sys.argv[1], "w") if len(sys.argv) > 1 else sys.stdout
    out.write("/* SPDX-License-Identifier: Apache-2.0 */\n")
    out.write("/* Generated by tools/gen_crc_fold_constants.py; do not edit.\n"
              " * The derivation of every constant is in that script's docstring. */\n")
    out.write("#ifndef SC_CRC_FOLD_CONSTANTS_H\n#define SC_CRC_FOLD_CONSTANTS_H\n#include <stdint.h>\n\n")
    out.write("/* A pair {k_lo, k_hi} folds a 128-bit lane D bytes forward: k_lo multiplies\n"
              " * its low 64 bits, k_hi its high 64 bits. */\n")
    out.write("struct sc_crc_fold_consts {\n")
    for d in FOLD_DISTANCES:
        out.write(f"    uint64_t fold_{d}b[2];\n")
    out.write("    /* Lanes 0..3 of a 64-byte register folded onto its last lane, in lane\n"
              "     * order (one load, no lane shuffles): the pairs of 48, 32, 16 bytes, zero. */\n"
              "    uint64_t fold_lanes_64b[8];\n")
    out.write("    uint64_t reduce_x127, reduce_x95, reduce_x63, reduce_x31, barrett_mu, barrett_poly;\n};\n\n")
    for name, refl in POLYS.items():
        emit_poly(out, name, refl)

    pn = normal_poly(POLYS["crc32c"])
    out.write("/* CRC-32C state shifts for the 3-way kernel: blocks of three streams of\n"
              " * SC_CRC32C_3WAY_<n> bytes each; stream a moves 2n bytes, stream b n. */\n")
    for n in THREEWAY_BLOCKS:
        out.write(f"#define SC_CRC32C_3WAY_{n} {n}\n")
        emit_shift(out, f"SC_CRC32C_SHIFT_{n}", n, pn)
        emit_shift(out, f"SC_CRC32C_SHIFT_{2 * n}", 2 * n, pn)
    out.write("\n")

    out.write("/* Geometry of the fused CRC-32C kernel: a chunk is ITERS vector steps of\n"
              " * FUSED_VEC_STEP bytes followed by FUSED_STREAMS scalar streams of\n"
              " * FUSED_STREAM_STEP * ITERS bytes; all run in the same loop. One set of\n"
              " * constants per chunk size (SC_CRC32C_FUSED<chunk>_...). */\n")
    out.write(f"#define SC_CRC32C_FUSED_VEC_STEP {FUSED_VEC_STEP}\n")
    out.write(f"#define SC_CRC32C_FUSED_STREAMS {FUSED_STREAMS}\n")
    out.write(f"#define SC_CRC32C_FUSED_STREAM_STEP {FUSED_STREAM_STEP}\n")
    for iters in FUSED_ITERS:
        emit_fused(out, iters, pn)
    out.write(f"\n#define SC_CRC32C_FUSED7_VEC_STEP {FUSED7_VEC_STEP}\n")
    for iters in FUSED7_ITERS:
        emit_fused(out, iters, pn, FUSED7_VEC_STEP)
    out.write("\n#endif\n")


if __name__ == "__main__":
    main()
