/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One Cipher instance initialised over and over, mostly with the key it already holds (then the
 * provider moves the native context to the new IV with sc_cipher_reset_iv instead of a new key
 * schedule: issue 15), sometimes with another key, the other direction, a refused init in
 * between: every message equals what a fresh instance of this provider and (ChaCha20, AES)
 * of SunJCE give.
 */
class ReinitTest {
    private static final Provider SUNJCE = Security.getProvider("SunJCE");

    private static byte[] fresh(String transformation, Provider p, int mode, SecretKeySpec key,
            AlgorithmParameterSpec spec, byte[] in) throws Exception {
        Cipher c = Cipher.getInstance(transformation, p);
        c.init(mode, key, spec);
        return c.doFinal(in);
    }

    /**
     * ChaCha20: the same key (mostly), random nonces and counters, both directions; the reuse
     * refusal of SunJCE (key and nonce of the last init) still holds on the re-init path.
     */
    @Test
    void chaCha20ReinitMatchesFreshInstances() throws Exception {
        SplittableRandom rnd = new SplittableRandom(15);
        SecretKeySpec[] keys = {new SecretKeySpec(random(rnd, 32), "ChaCha20"),
                new SecretKeySpec(random(rnd, 32), "ChaCha20")};
        Cipher ours = Cipher.getInstance("ChaCha20", SIMD);
        for (int trial = 0; trial < 400; trial++) {
            SecretKeySpec key = keys[rnd.nextInt(8) == 0 ? 1 : 0];
            int mode = rnd.nextBoolean() ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
            byte[] in = random(rnd, rnd.nextInt(300));
            int counter = switch (trial % 3) {
                case 0 -> rnd.nextInt(5);
                case 1 -> rnd.nextInt();
                default -> -1 - (in.length + 63) / 64; // the message ends at the last block
            };
            ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(random(rnd, 12), counter);
            if (trial % 17 == 5) { // a refused init (wrong parameters) in between
                assertThrows(InvalidAlgorithmParameterException.class,
                        () -> ours.init(mode, key, new IvParameterSpec(new byte[12])));
            }
            ours.init(mode, key, spec);
            byte[] got = ours.doFinal(in);
            String what = "trial " + trial + " counter " + Integer.toUnsignedString(counter) + " len " + in.length;
            assertArrayEquals(fresh("ChaCha20", SUNJCE, mode, key, spec, in), got, what + " (SunJCE)");
            assertArrayEquals(fresh("ChaCha20", SIMD, mode, key, spec, in), got, what + " (fresh instance)");
            if (mode == Cipher.DECRYPT_MODE) {
                assertArrayEquals(got, ours.doFinal(in), what + ": decryption repeats");
            }
            // SunJCE's refusal of the key and nonce of the last init, whatever the counter.
            ChaCha20ParameterSpec again = new ChaCha20ParameterSpec(spec.getNonce(), counter + 1);
            assertThrows(InvalidKeyException.class, () -> ours.init(Cipher.ENCRYPT_MODE, key, again), what);
        }
    }

    /** ChaCha20-Poly1305 (the AEAD context keeps its key; each init starts a message). */
    @Test
    void chaChaPolyReinitMatchesSunJce() throws Exception {
        SplittableRandom rnd = new SplittableRandom(16);
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "ChaCha20");
        Cipher ours = Cipher.getInstance("ChaCha20-Poly1305", SIMD);
        for (int trial = 0; trial < 100; trial++) {
            IvParameterSpec nonce = new IvParameterSpec(random(rnd, 12));
            byte[] pt = random(rnd, rnd.nextInt(200));
            ours.init(Cipher.ENCRYPT_MODE, key, nonce);
            byte[] ct = ours.doFinal(pt);
            assertArrayEquals(fresh("ChaCha20-Poly1305", SUNJCE, Cipher.ENCRYPT_MODE, key, nonce, pt), ct);
            ours.init(Cipher.DECRYPT_MODE, key, nonce);
            assertArrayEquals(pt, ours.doFinal(ct));
            assertThrows(InvalidKeyException.class, () -> ours.init(Cipher.ENCRYPT_MODE, key, nonce));
        }
    }

    /**
     * The block and counter modes of the cipher API (NativeCipherSpi): one instance, one key
     * mostly, new IVs, both directions, sometimes another key or a refused IV; against fresh
     * instances of this provider and of the reference.
     */
    @ParameterizedTest
    @ValueSource(strings = {"AES/CTR/NoPadding", "AES/CBC/PKCS5Padding", "AES/CBC/NoPadding", "AES/OFB/NoPadding",
            "AES/CFB/NoPadding", "AES/CFB8/NoPadding", "AES/ECB/PKCS5Padding", "GOST28147/GOFB/NoPadding",
            "GOST28147/CBC/PKCS5Padding", "Magma/CTR/NoPadding", "Kalyna-128/CTR/NoPadding"})
    void cipherReinitMatchesFreshInstances(String transformation) throws Exception {
        SplittableRandom rnd = new SplittableRandom(transformation.hashCode());
        String family = transformation.substring(0, transformation.indexOf('/'));
        boolean aes = family.equals("AES");
        int keyLen = aes ? 16 : 32;
        Cipher ours = Cipher.getInstance(transformation, SIMD);
        // GOST R 34.13's CTR takes half a block
        int ivLen = transformation.contains("ECB") ? 0
                : family.equals("Magma") && transformation.contains("CTR") ? 4 : ours.getBlockSize();
        SecretKeySpec[] keys = {new SecretKeySpec(random(rnd, keyLen), family),
                new SecretKeySpec(random(rnd, keyLen), family)};
        boolean padded = transformation.endsWith("PKCS5Padding");
        boolean blocks = transformation.contains("CBC") || transformation.contains("ECB");
        for (int trial = 0; trial < 120; trial++) {
            SecretKeySpec key = keys[rnd.nextInt(6) == 0 ? 1 : 0];
            IvParameterSpec iv = ivLen == 0 ? null : new IvParameterSpec(random(rnd, ivLen));
            int n = rnd.nextInt(200);
            if (blocks && !padded) n -= n % ours.getBlockSize();
            byte[] pt = random(rnd, n);
            if (trial % 13 == 4 && ivLen != 0) { // a refused IV in between
                assertThrows(InvalidAlgorithmParameterException.class,
                        () -> ours.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[ivLen + 1])));
            }
            ours.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] ct = ours.doFinal(pt);
            String what = transformation + " trial " + trial + " len " + n;
            assertArrayEquals(fresh(transformation, SIMD, Cipher.ENCRYPT_MODE, key, iv, pt), ct, what);
            if (aes) { // (the GOST and Kalyna names are compared with Bouncy Castle in their own tests)
                assertArrayEquals(fresh(transformation, SUNJCE, Cipher.ENCRYPT_MODE, key, iv, pt), ct, what + " (SunJCE)");
            }
            assertArrayEquals(ct, ours.doFinal(pt), what + ": doFinal resets to the IV of init");
            ours.init(Cipher.DECRYPT_MODE, key, iv);
            assertArrayEquals(pt, ours.doFinal(ct), what + ": decryption");
        }
    }
}
