/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeContext;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * SunJCE's "ChaCha20-Poly1305" (RFC 8439; and "XChaCha20-Poly1305" with its 24-byte nonce)
 * over the library's AEAD API: the nonce from an {@link IvParameterSpec} of exactly the nonce
 * length, a 16-byte tag; encryption without parameters draws a random nonce. Parameters are
 * this provider's AlgorithmParameters of the same name (the nonce as a DER OCTET STRING, as
 * SunJCE encodes it).
 */
final class ChaChaPolyCipherSpi extends ChaChaSpi {
    private static final int TAG_BITS = 128;
    private final int nonceSize;

    ChaChaPolyCipherSpi(AeadAlgorithm alg) {
        super(alg, NativeContext.Kind.AEAD);
        this.nonceSize = alg.nonceSize();
    }

    @Override
    Params parse(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof IvParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException(alg.jcaName() + " requires IvParameterSpec");
        }
        byte[] nonce = spec.getIV();
        if (nonce.length != nonceSize) {
            throw new InvalidAlgorithmParameterException(alg.jcaName() + " nonce must be " + nonceSize
                    + " bytes in length");
        }
        return parsed.set(nonce, TAG_BITS, 0);
    }

    @Override
    Params defaults(boolean encrypt, SecureRandom random) throws InvalidKeyException {
        requireEncryption(encrypt);
        return parsed.set(randomNonce(nonceSize, random), TAG_BITS, 0);
    }

    @Override
    Class<IvParameterSpec> specClass() {
        return IvParameterSpec.class;
    }

    @Override
    AlgorithmParameters newParameters() throws NoSuchAlgorithmException {
        return AlgorithmParameters.getInstance(alg.jcaName(), SimdCryptProvider.instance());
    }

    @Override
    AlgorithmParameterSpec parameterSpec() {
        return new IvParameterSpec(iv);
    }
}
