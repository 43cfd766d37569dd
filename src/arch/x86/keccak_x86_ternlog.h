/* SPDX-License-Identifier: Apache-2.0 */
/* The kk_* lane operations of keccak_x86_round.h on AVX-512 registers of
 * any width: vpternlogq makes theta's five-way xor two instructions and
 * chi (0xD2: a ^ (~b & c)) one, vprolq a rotation one. The includer
 * defines kk_t and KT(op), the intrinsic prefix (_mm_##op for xmm lanes,
 * needing AVX-512 VL; _mm512_##op for zmm). */
#ifndef SC_KECCAK_X86_TERNLOG_H
#define SC_KECCAK_X86_TERNLOG_H

static inline kk_t kk_xor(kk_t a, kk_t b) { return KT(xor_epi64)(a, b); }
static inline kk_t kk_xor5(kk_t a, kk_t b, kk_t c, kk_t d, kk_t e)
{
    return KT(ternarylogic_epi64)(KT(ternarylogic_epi64)(a, b, c, 0x96), d, e, 0x96);
}
static inline kk_t kk_chi(kk_t a, kk_t b, kk_t c) { return KT(ternarylogic_epi64)(a, b, c, 0xD2); }
#define kk_rol(a, n) KT(rol_epi64)((a), (n)) /* an immediate: a macro */
#endif
