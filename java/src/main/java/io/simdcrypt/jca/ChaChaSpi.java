/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeContext;
import java.security.InvalidKeyException;

/**
 * What SunJCE's ChaCha20 and ChaCha20-Poly1305 (one class there, ChaCha20Cipher) do alike, on
 * top of {@link NonceCipherSpi}: block size 0, a random nonce only for encryption, and the
 * reuse check against the key and nonce of the previous init, whatever its direction
 * (InvalidKeyException "Matching key and nonce from previous initialization").
 */
abstract class ChaChaSpi extends NonceCipherSpi {
    ChaChaSpi(AeadAlgorithm alg, NativeContext.Kind kind) {
        super(alg, kind);
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    /** Decryption needs its parameters (SunJCE's words). */
    static void requireEncryption(boolean encrypt) throws InvalidKeyException {
        if (!encrypt) throw new InvalidKeyException("Default parameter generation disallowed in DECRYPT and UNWRAP modes");
    }

    @Override
    void refuseReuse() throws InvalidKeyException {
        throw new InvalidKeyException("Matching key and nonce from previous initialization");
    }

    /** ChaCha nonces have one exact length (checked by parse/defaults): sc_aead_start may wait. */
    @Override
    boolean defersStart() {
        return true;
    }

    @Override
    boolean remembersEveryInit() {
        return true;
    }

    @Override
    String spentMessage() {
        return "Must use either a different key or iv.";
    }
}
