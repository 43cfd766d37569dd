/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * KeyGenerator for the provider's ciphers: a key is {@code bits / 8} bytes from the given
 * {@link SecureRandom} (a new default one if none was given), as a RAW {@link SecretKeySpec}
 * named after the algorithm. Kalyna and Magma keys have no structure or weak keys to avoid
 * (DSTU 7624:2014 and GOST R 34.12-2015 take any bit string of the key length).
 *
 * <p>Unlike Bouncy Castle's generators, which accept any size (e.g. 100 bits, a key no cipher
 * takes), {@code init(int)} accepts only the sizes the algorithm's ciphers take and throws
 * {@link InvalidParameterException} otherwise, as the JCA specifies.
 */
final class RawKeyGeneratorSpi extends KeyGeneratorSpi {
    /**
     * A generator's registration.
     *
     * @param jcaName the provider's name, also the generated keys' algorithm name
     * @param aliases further names (Bouncy Castle's among them)
     * @param bits the key sizes in bits the algorithm's ciphers take, ascending
     * @param defaultBits the size without {@code init(int)}
     */
    record Algorithm(String jcaName, List<String> aliases, List<Integer> bits, int defaultBits) {
        Algorithm {
            if (!bits.contains(defaultBits)) throw new IllegalArgumentException("default size not allowed");
        }
    }

    private final Algorithm alg;
    private int bits;
    private SecureRandom random;

    RawKeyGeneratorSpi(Algorithm alg) {
        this.alg = alg;
        this.bits = alg.defaultBits();
    }

    @Override
    protected void engineInit(SecureRandom random) {
        this.random = random;
        this.bits = alg.defaultBits();
    }

    @Override
    protected void engineInit(int keysize, SecureRandom random) {
        if (!alg.bits().contains(keysize)) {
            throw new InvalidParameterException(alg.jcaName() + " keys are " + alg.bits() + " bits, not " + keysize);
        }
        this.random = random;
        this.bits = keysize;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(
                alg.jcaName() + " key generation takes no parameters: use init(int) for the key size");
    }

    @Override
    protected SecretKey engineGenerateKey() {
        if (random == null) random = new SecureRandom();
        byte[] key = new byte[bits / 8];
        try {
            random.nextBytes(key);
            return new SecretKeySpec(key, alg.jcaName()); // copies: the local is wiped below
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }
}
