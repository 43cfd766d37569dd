/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;

/**
 * AES CCM (SP 800-38C, RFC 3610; native aes-n-ccm, one-shot) as Bouncy Castle's
 * "AES/CCM/NoPadding": a {@link javax.crypto.spec.GCMParameterSpec} with a nonce of 7 to 13
 * bytes and a tag of 32, 48, .. 128 bits; an {@link javax.crypto.spec.IvParameterSpec} gives a
 * 64-bit tag and encryption without parameters a random 12-byte nonce with a 64-bit tag, as
 * Bouncy Castle's CCMBlockCipher does for a bare IV. The block size reported is AES's. AAD and
 * data wait for doFinal (B_0 holds the payload length); a bad tag is an AEADBadTagException that
 * releases nothing. Unlike Bouncy Castle, and as SunJCE's GCM, an encryption init with the key and
 * nonce of the last encryption is refused (a repeated CCM nonce leaks the plaintexts' xor).
 */
final class CcmCipherSpi extends BlockAeadCipherSpi {
    private static final int AES_BLOCK = 16;
    /** Bouncy Castle's: a 12-byte nonce when none is given, a 64-bit tag with a bare IV. */
    private static final int DEFAULT_NONCE_BYTES = 12;
    private static final int DEFAULT_TAG_BITS = 64;

    CcmCipherSpi(AeadAlgorithm alg) {
        super(alg);
    }

    @Override
    protected int engineGetBlockSize() {
        return AES_BLOCK;
    }

    @Override
    int ivSpecTagBits() {
        return DEFAULT_TAG_BITS;
    }

    @Override
    Params defaults(boolean encrypt, SecureRandom random) throws InvalidKeyException {
        if (!encrypt) throw new InvalidKeyException("No GCMParameterSpec specified");
        return parsed.set(randomNonce(DEFAULT_NONCE_BYTES, random), DEFAULT_TAG_BITS, 0);
    }

    @Override
    void refuseReuse() throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException("Cannot reuse iv for CCM encryption");
    }

    @Override
    String spentMessage() {
        return "Must use either different key or iv for CCM encryption";
    }
}
