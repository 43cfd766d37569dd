/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeContext;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.GCMParameterSpec;

/**
 * SunJCE's "AES/GCM/NoPadding" over the library's AEAD API ({@link NonceCipherSpi} has the
 * shared behaviour): {@link GCMParameterSpec} with tag lengths 96, 104, 112, 120 or 128 bits and
 * any non-empty IV; encryption without parameters draws a 12-byte IV and uses a 128-bit tag;
 * an encryption init with the key and IV of the last encryption is refused with
 * InvalidAlgorithmParameterException ("Cannot reuse iv for GCM encryption").
 */
class GcmCipherSpi extends NonceCipherSpi {
    /** GCM works on 128-bit blocks (SP 800-38D); SunJCE reports that as the block size. */
    private static final int BLOCK = 16;
    private static final int DEFAULT_IV_BYTES = 12;
    private static final int DEFAULT_TAG_BITS = 128;

    GcmCipherSpi(AeadAlgorithm alg) {
        super(alg, NativeContext.Kind.AEAD);
    }

    @Override
    protected int engineGetBlockSize() {
        return BLOCK;
    }

    @Override
    Params parse(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof GCMParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException("AlgorithmParameterSpec not of GCMParameterSpec");
        }
        byte[] nonce = spec.getIV();
        int tagBits = spec.getTLen();
        if (nonce == null) throw new InvalidAlgorithmParameterException("IV is null");
        if (nonce.length == 0) throw new InvalidAlgorithmParameterException("IV is empty");
        if (tagBits < 96 || tagBits > 128 || (tagBits & 7) != 0) {
            throw new InvalidAlgorithmParameterException("Unsupported TLen value. Must be one of "
                    + "{128, 120, 112, 104, 96}");
        }
        return parsed.set(nonce, tagBits, 0);
    }

    @Override
    Params defaults(boolean encrypt, SecureRandom random) throws InvalidKeyException {
        if (!encrypt) throw new InvalidKeyException("No GCMParameterSpec specified");
        return parsed.set(randomNonce(DEFAULT_IV_BYTES, random), DEFAULT_TAG_BITS, 0);
    }

    @Override
    Class<GCMParameterSpec> specClass() {
        return GCMParameterSpec.class;
    }

    @Override
    void refuseReuse() throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException("Cannot reuse iv for GCM encryption");
    }

    @Override
    boolean remembersEveryInit() {
        return false;
    }

    @Override
    String spentMessage() {
        return "Must use either different key or iv for GCM encryption";
    }

    /** "GCM" parameters (DER GCMParameters of RFC 5084, {@link GcmParametersSpi}), as SunJCE's. */
    @Override
    AlgorithmParameters newParameters() throws NoSuchAlgorithmException {
        return AlgorithmParameters.getInstance("GCM", SimdCryptProvider.instance());
    }

    @Override
    AlgorithmParameterSpec parameterSpec() {
        return new GCMParameterSpec(tagLen * 8, iv);
    }
}
