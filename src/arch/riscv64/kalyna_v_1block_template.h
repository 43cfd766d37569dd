/* SPDX-License-Identifier: Apache-2.0 */
/* One block of Kalyna in one vector register group, for one block size:
 * included by kalyna_v_1block.c once per size with
 *   NB  the 64-bit columns of a block (2, 4, 8; bs = 8 NB bytes), and
 *   M   the register group size that holds bs bytes at VLEN 128 (m1, m2,
 *       m4): every operation below runs at vl = bs, whatever VLEN is;
 * and PASTE, PASTE3, INDEX64, sboxes, sub_bytes_m8, wide_tables and
 * rotate_index from there. Every name it defines ends in _NB. (No include
 * guard: by design.) */

#define BS (8 * NB)
#define STATE PASTE3(vuint8, M, _t)
#define FN(name) PASTE(name, NB)

/* ShiftRows and its inverse as byte permutations of the block (section
 * 6.2.2): output byte i = 8 c + r reads byte 8 ((c -/+ s) mod nb) + r, s =
 * r nb / 8 (row r moves s columns right when encrypting). */
#define SHIFT_SOURCE(dir, i) (8 * (((i) / 8 % NB + NB + (dir) * ((i) % 8 * NB / 8)) % NB) + (i) % 8)
#define SHIFT_ENCRYPT(i) SHIFT_SOURCE(-1, i)
#define SHIFT_DECRYPT(i) SHIFT_SOURCE(1, i)
static const uint8_t FN(shift_index_)[2][64] = {INDEX64(SHIFT_ENCRYPT), INDEX64(SHIFT_DECRYPT)};
#undef SHIFT_ENCRYPT
#undef SHIFT_DECRYPT
#undef SHIFT_SOURCE

AI STATE FN(load_)(const void *p) { return PASTE(__riscv_vle8_v_u8, M)((const uint8_t *)p, BS); }
AI void FN(store_)(uint8_t *p, STATE s) { PASTE(__riscv_vse8_v_u8, M)(p, s, BS); }
AI STATE FN(xor_)(STATE a, STATE b) { return __riscv_vxor(a, b, BS); }

/* A constant byte permutation, the index from memory. */
AI STATE FN(permute_)(STATE s, const uint8_t *index)
{
    return __riscv_vrgather(s, FN(load_)(index), BS);
}

/* Round keys 0 and `rounds`: added (subtracted) modulo 2^64 per column,
 * section 6.2.1, at e64 on the same registers. */
AI STATE FN(add_key64_)(STATE s, const uint64_t *key, const int subtract)
{
    const PASTE3(vuint64, M, _t) w = PASTE(__riscv_vreinterpret_u64, M)(s),
                                 kw = PASTE(__riscv_vle64_v_u64, M)(key, NB);
    return PASTE(__riscv_vreinterpret_u8, M)(subtract ? __riscv_vsub(w, kw, NB) : __riscv_vadd(w, kw, NB));
}

/* (Inverse) SubBytes on the e8 m8 view of the block. */
AI STATE FN(sub_bytes_)(STATE s, sboxes *t, const int wide)
{
    return PASTE(__riscv_vlmul_trunc_u8, M)(sub_bytes_m8(__riscv_vlmul_ext_u8m8(s), t, wide));
}

/* MixColumns, out = XOR_d v_d * rot_d(u), v = 01 01 05 01 08 06 07 04,
 * rot_d moving row r + d of each column to row r (section 6.2.3). With
 * pair = u ^ rot_1(u) (d = 0, 1) and 5 = 4 ^ 1 (d = 2, 3 are rot_2 of
 * pair ^ 4u), the rest by Horner's rule in rot_1:
 *   out = pair ^ rot_2(pair ^ 4u ^ rot_2(8u ^ rot_1(6u ^ rot_1(7u ^ rot_1(4u)))))
 * six gathers, nine xors, three xtimes (2u, 4u, 8u). */
AI STATE FN(mix_columns_)(STATE u)
{
    const STATE u2 = PASTE(xtime_, M)(u, BS), u4 = PASTE(xtime_, M)(u2, BS), u8 = PASTE(xtime_, M)(u4, BS);
    const STATE u6 = FN(xor_)(u4, u2), pair = FN(xor_)(u, FN(permute_)(u, rotate_index[0]));
    STATE acc = FN(xor_)(FN(xor_)(u6, u), FN(permute_)(u4, rotate_index[0]));
    acc = FN(xor_)(u6, FN(permute_)(acc, rotate_index[0]));
    acc = FN(xor_)(u8, FN(permute_)(acc, rotate_index[0]));
    acc = FN(xor_)(FN(xor_)(pair, u4), FN(permute_)(acc, rotate_index[1]));
    return FN(xor_)(pair, FN(permute_)(acc, rotate_index[1]));
}

/* c * x from the two 16-entry nibble tables of c (kalyna_gf_nibbles.h, at
 * gf), x given as its low and high nibbles; a table is loaded at vl 16. */
AI STATE FN(gf_mul_)(STATE lo, STATE hi, const uint8_t (*gf)[2][16], int c)
{
    const uint8_t(*t)[16] = gf[c];
    const STATE tl = PASTE(__riscv_vle8_v_u8, M)(t[0], 16), th = PASTE(__riscv_vle8_v_u8, M)(t[1], 16);
    return FN(xor_)(__riscv_vrgather(tl, lo, BS), __riscv_vrgather(th, hi, BS));
}

/* InvMixColumns, w = ad 95 76 a8 2f 49 d7 ca, by Horner's rule in rot_1
 * from d = 7 down; ca = 1 ^ ad ^ 2f ^ 49 costs xors only (as in the NEON
 * kernel). */
AI STATE FN(inv_mix_columns_)(STATE u, sboxes *t)
{
    __asm__ volatile("" : "+r"(t->gf)); /* see sboxes */
    const uint8_t(*gf)[2][16] = t->gf;
    const STATE lo = __riscv_vand(u, 0x0f, BS), hi = __riscv_vsrl(u, 4, BS);
    const STATE ad = FN(gf_mul_)(lo, hi, gf, SC_KALYNA_NIB_AD), x2f = FN(gf_mul_)(lo, hi, gf, SC_KALYNA_NIB_2F),
                x49 = FN(gf_mul_)(lo, hi, gf, SC_KALYNA_NIB_49);
    STATE acc = FN(xor_)(FN(xor_)(u, ad), FN(xor_)(x2f, x49));
    acc = FN(xor_)(FN(permute_)(acc, rotate_index[0]), FN(gf_mul_)(lo, hi, gf, SC_KALYNA_NIB_D7));
    acc = FN(xor_)(FN(permute_)(acc, rotate_index[0]), x49);
    acc = FN(xor_)(FN(permute_)(acc, rotate_index[0]), x2f);
    acc = FN(xor_)(FN(permute_)(acc, rotate_index[0]), FN(gf_mul_)(lo, hi, gf, SC_KALYNA_NIB_A8));
    acc = FN(xor_)(FN(permute_)(acc, rotate_index[0]), FN(gf_mul_)(lo, hi, gf, SC_KALYNA_NIB_76));
    acc = FN(xor_)(FN(permute_)(acc, rotate_index[0]), FN(gf_mul_)(lo, hi, gf, SC_KALYNA_NIB_95));
    return FN(xor_)(FN(permute_)(acc, rotate_index[0]), ad);
}

/* A round without its key: ShiftRows first (it keeps every byte in its
 * row, so it commutes with SubBytes), SubBytes, MixColumns. */
AI STATE FN(round_)(STATE s, sboxes *t, const int wide)
{
    s = FN(permute_)(s, FN(shift_index_)[0]);
    return FN(mix_columns_)(FN(sub_bytes_)(s, t, wide));
}

/* The inverse round without its key: InvMixColumns, InvShiftRows,
 * InvSubBytes. */
AI STATE FN(inverse_round_)(STATE s, sboxes *t, const int wide)
{
    s = FN(permute_)(FN(inv_mix_columns_)(s, t), FN(shift_index_)[1]);
    return FN(sub_bytes_)(s, t, wide);
}

AI STATE FN(encrypt_)(const sc_kalyna_key *k, STATE s, sboxes *t, const int wide)
{
    const unsigned rounds = k->rounds;
    s = FN(add_key64_)(s, k->rk[0], 0);
    for (unsigned r = 1; r < rounds; r++) s = FN(xor_)(FN(round_)(s, t, wide), FN(load_)(k->rk[r]));
    return FN(add_key64_)(FN(round_)(s, t, wide), k->rk[rounds], 0);
}

AI STATE FN(decrypt_)(const sc_kalyna_key *k, STATE s, sboxes *t, const int wide)
{
    const unsigned rounds = k->rounds;
    s = FN(inverse_round_)(FN(add_key64_)(s, k->rk[rounds], 1), t, wide);
    for (unsigned r = rounds - 1; r >= 1; r--) s = FN(inverse_round_)(FN(xor_)(s, FN(load_)(k->rk[r])), t, wide);
    return FN(add_key64_)(s, k->rk[0], 1);
}

/* c = E(c ^ in_i) for each block, c starting at chain (zero if NULL) and
 * left there; each c also to out_i unless out is NULL. So: one block (chain
 * NULL), CBC encryption, the MAC chain (out NULL). */
AI void FN(chain_blocks_)(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n,
                          const int wide)
{
    sboxes t = sboxes_of(sc_kalyna_sbox);
    STATE c = chain ? FN(load_)(chain) : PASTE(__riscv_vmv_v_x_u8, M)(0, BS);
    for (size_t i = 0; i < n; i++) {
        c = FN(encrypt_)(k, FN(xor_)(c, FN(load_)(in + i * BS)), &t, wide);
        if (out) FN(store_)(out + i * BS, c);
    }
    if (chain) FN(store_)(chain, c);
}

/* The entry points of this size: the table width (wide: VLEN >= 256, see
 * sub_bytes_m8) is fixed per machine, so each body is inlined for both. */
static __attribute__((noinline)) void FN(chain_)(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in,
                                                 uint8_t *out, size_t n)
{
    if (wide_tables()) FN(chain_blocks_)(k, chain, in, out, n, 1);
    else FN(chain_blocks_)(k, chain, in, out, n, 0);
}

static __attribute__((noinline)) void FN(decrypt1_)(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)
{
    const STATE s = FN(load_)(in);
    sboxes t = sboxes_of(sc_kalyna_sbox_inv);
    FN(store_)(out, wide_tables() ? FN(decrypt_)(k, s, &t, 1) : FN(decrypt_)(k, s, &t, 0));
}

#undef FN
#undef STATE
#undef BS
