/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;

/** KeyGenerators: sizes, defaults, the caller's randomness, and keys every matching cipher takes. */
class KeyGeneratorTest {
    /** A SecureRandom that returns a counter: generated keys are predictable, so checkable. */
    private static final class CountingRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;
        private byte next;

        CountingRandom(int start) {
            next = (byte) start;
        }

        @Override
        public void nextBytes(byte[] bytes) {
            for (int i = 0; i < bytes.length; i++) bytes[i] = next++;
        }
    }

    private static byte[] counting(int start, int n) {
        byte[] b = new byte[n];
        new CountingRandom(start).nextBytes(b);
        return b;
    }

    @Test
    void everyNameAndAliasIsRegistered() throws Exception {
        for (String name : List.of("Kalyna-128", "Kalyna-256", "Kalyna-512", "DSTU7624", "Magma",
                "GOST-R-34.12-2015-Magma", "GOST28147", "GOST", "GOST-28147", "GOST-28147-89")) {
            assertNotNull(SIMD.getService("KeyGenerator", name), name);
            assertEquals(SIMD, KeyGenerator.getInstance(name, SIMD).getProvider());
        }
    }

    /** Default sizes; Bouncy Castle's where the name is Bouncy Castle's. */
    @Test
    void defaultSizes() throws Exception {
        String[][] expected = {{"Kalyna-128", "16"}, {"Kalyna-256", "32"}, {"Kalyna-512", "64"},
                {"DSTU7624", "32"}, {"Magma", "32"}, {"GOST28147", "32"}, {"GOST", "32"}};
        for (String[] e : expected) {
            SecretKey k = KeyGenerator.getInstance(e[0], SIMD).generateKey();
            assertEquals(Integer.parseInt(e[1]), k.getEncoded().length, e[0]);
            assertEquals("RAW", k.getFormat());
        }
        for (String name : List.of("DSTU7624", "GOST28147", "GOST")) {
            assertEquals(KeyGenerator.getInstance(name, BC).generateKey().getEncoded().length,
                    KeyGenerator.getInstance(name, SIMD).generateKey().getEncoded().length, name);
        }
        // An alias yields keys named after the algorithm, as in Bouncy Castle.
        assertEquals("GOST28147", KeyGenerator.getInstance("GOST", SIMD).generateKey().getAlgorithm());
    }

    /** The key is the caller's random bytes, for every allowed size; re-init restores the default. */
    @Test
    void keysComeFromTheGivenRandom() throws Exception {
        for (RawKeyGeneratorSpi.Algorithm alg : SimdCryptProvider.keyGeneratorAlgorithms()) {
            KeyGenerator g = KeyGenerator.getInstance(alg.jcaName(), SIMD);
            for (int bits : alg.bits()) {
                g.init(bits, new CountingRandom(bits));
                SecretKey k = g.generateKey();
                assertArrayEquals(counting(bits, bits / 8), k.getEncoded(), alg.jcaName() + " " + bits);
                assertEquals(alg.jcaName(), k.getAlgorithm());
            }
            g.init(new CountingRandom(7));
            assertArrayEquals(counting(7, alg.defaultBits() / 8), g.generateKey().getEncoded());
        }
    }

    @Test
    void defaultRandomGivesDistinctKeys() throws Exception {
        KeyGenerator g = KeyGenerator.getInstance("Kalyna-512", SIMD);
        byte[] a = g.generateKey().getEncoded(), b = g.generateKey().getEncoded();
        assertFalse(Arrays.equals(a, b));
        assertFalse(Arrays.equals(a, new byte[a.length]));
    }

    /** Sizes no cipher of the family takes are refused (Bouncy Castle accepts them). */
    @Test
    void badSizesAndParametersAreRefused() throws Exception {
        int[][] bad = {{0, 64, 100, 192, 512}, {128, 384, 1024}, {128, 256}, {64, 100, 192, 1024}, {128, 512}};
        String[] names = {"Kalyna-128", "Kalyna-256", "Kalyna-512", "DSTU7624", "GOST28147"};
        for (int i = 0; i < names.length; i++) {
            KeyGenerator g = KeyGenerator.getInstance(names[i], SIMD);
            for (int bits : bad[i]) {
                assertThrows(InvalidParameterException.class, () -> g.init(bits), names[i] + " " + bits);
            }
        }
        KeyGenerator g = KeyGenerator.getInstance("Magma", SIMD);
        assertThrows(InvalidAlgorithmParameterException.class, () -> g.init(new IvParameterSpec(new byte[8])));
    }

    /**
     * A KeyGenerator under every fixed-length cipher OID, as Bouncy Castle registers them (NIST's
     * id-aesNNN-* and DSTU 7624's dstu7624*_NNN): its keys have the length Bouncy Castle's
     * KeyGenerator of the same OID gives.
     */
    @Test
    void everyFixedCipherOidHasAKeyGeneratorOfItsLength() throws Exception {
        int checked = 0;
        for (String key : new java.util.TreeSet<>(BC.stringPropertyNames())) {
            if (!key.startsWith("KeyGenerator.")) continue;
            String oid = key.substring("KeyGenerator.".length());
            if (!oid.matches("[0-9]+(\\.[0-9]+)+") || SIMD.getService("Cipher", oid) == null) continue;
            KeyGenerator ours = KeyGenerator.getInstance(oid, SIMD);
            assertEquals(SIMD, ours.getProvider(), oid);
            SecretKey k = ours.generateKey();
            assertEquals(KeyGenerator.getInstance(oid, BC).generateKey().getEncoded().length, k.getEncoded().length,
                    oid);
            assertEquals(k.getEncoded().length,
                    KeyGenerator.getInstance("OID." + oid, SIMD).generateKey().getEncoded().length, "OID." + oid);
            checked++;
        }
        // 24 NIST AES OIDs (8 modes x 3 lengths) and 21 DSTU 7624 OIDs (7 modes x 3 block sizes)
        assertTrue(checked >= 45, "only " + checked + " cipher OIDs have a KeyGenerator");
    }

    /** Every generated size works with the ciphers of the family, here and in Bouncy Castle. */
    @Test
    void generatedKeysWorkWithTheCiphers() throws Exception {
        String[][] uses = {{"Kalyna-128", "Kalyna-128/CBC/PKCS5Padding", "16"},
                {"Kalyna-256", "Kalyna-256/CTR/NoPadding", "32"}, {"Kalyna-512", "Kalyna-512/CBC/ISO7816-4Padding", "64"},
                {"DSTU7624", "DSTU7624/CBC/PKCS5Padding", "16"}, {"Magma", "Magma/CBC/PKCS5Padding", "8"},
                {"GOST", "GOST/CBC/PKCS5Padding", "8"}};
        byte[] msg = "generated keys, one cipher each".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (String[] u : uses) {
            KeyGenerator g = KeyGenerator.getInstance(u[0], SIMD);
            SecretKey key = g.generateKey();
            IvParameterSpec iv = new IvParameterSpec(new byte[Integer.parseInt(u[2])]);
            Cipher enc = Cipher.getInstance(u[1], SIMD);
            enc.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] ct = enc.doFinal(msg);
            Cipher dec = Cipher.getInstance(u[1], SIMD);
            dec.init(Cipher.DECRYPT_MODE, key, iv);
            assertArrayEquals(msg, dec.doFinal(ct), u[1]);
            if (u[1].startsWith("DSTU7624") || u[1].startsWith("GOST")) { // Bouncy Castle's names
                Cipher bc = Cipher.getInstance(u[1], BC);
                bc.init(Cipher.DECRYPT_MODE, key, iv);
                assertArrayEquals(msg, bc.doFinal(ct), u[1] + " decrypted by Bouncy Castle");
            }
        }
    }
}
