/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** AES/ECB, CBC, CTR under SunJCE's names, against SunJCE itself. */
class AesCipherTest {
    private static final String SUNJCE = "SunJCE";

    /** Random keys of every size, IVs, lengths 0..1000 and update splits; both directions. */
    @ParameterizedTest
    @ValueSource(strings = {"AES/ECB/NoPadding", "AES/ECB/PKCS5Padding", "AES/CBC/NoPadding", "AES/CBC/PKCS5Padding",
            "AES/CTR/NoPadding", "AES/CBC/PKCS7Padding"})
    void matchesSunJce(String t) throws Exception {
        SplittableRandom rnd = new SplittableRandom(t.hashCode());
        String sunName = t.replace("PKCS7", "PKCS5"); // SunJCE's spelling
        boolean wholeBlocks = t.endsWith("NoPadding") && !t.contains("CTR");
        Cipher ours = Cipher.getInstance(t, SIMD);
        Cipher sun = Cipher.getInstance(sunName, SUNJCE);
        for (int trial = 0; trial < 120; trial++) {
            int keyLen = 16 + 8 * rnd.nextInt(3);
            SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "AES");
            int len = rnd.nextInt(1001);
            if (wholeBlocks) len -= len % 16;
            byte[] pt = random(rnd, len);
            IvParameterSpec iv = t.contains("ECB") ? null : new IvParameterSpec(random(rnd, 16));
            sun.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = sun.doFinal(pt);
            ours.init(Cipher.ENCRYPT_MODE, key, iv);
            String what = t + " key " + keyLen + " len " + len;
            assertArrayEquals(expected, runSplit(ours, pt, rnd), what);
            assertArrayEquals(expected, runSplit(ours, pt, rnd), what + " after doFinal (reset to init)");
            ours.init(Cipher.DECRYPT_MODE, key, iv);
            assertArrayEquals(pt, runSplit(ours, expected, rnd), what + " decrypt");
        }
    }

    /** The counter is one 128-bit big-endian number, carrying across all 16 bytes, as SunJCE's. */
    @ParameterizedTest
    @ValueSource(strings = {"ffffffffffffffffffffffffffffffff", "00000000000000fffffffffffffffffe",
            "000000000000000000000000fffffffe", "0123456789abcdefffffffffffffffff"})
    void ctrCarriesLikeSunJce(String ivHex) throws Exception {
        byte[] iv = java.util.HexFormat.of().parseHex(ivHex);
        SecretKeySpec key = new SecretKeySpec(new byte[32], "AES");
        byte[] pt = new byte[100];
        Cipher sun = Cipher.getInstance("AES/CTR/NoPadding", SUNJCE);
        sun.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        Cipher ours = Cipher.getInstance("AES/CTR/NoPadding", SIMD);
        ours.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        assertArrayEquals(sun.doFinal(pt), ours.doFinal(pt), ivHex);
    }

    /** "AES" alone is AES/ECB/PKCS5Padding, as in SunJCE. */
    @Test
    void defaultTransformation() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        Cipher sun = Cipher.getInstance("AES", SUNJCE);
        Cipher ours = Cipher.getInstance("AES", SIMD);
        sun.init(Cipher.ENCRYPT_MODE, key);
        ours.init(Cipher.ENCRYPT_MODE, key);
        byte[] pt = new byte[37];
        assertArrayEquals(sun.doFinal(pt), ours.doFinal(pt));
    }

    /** The fixed-length names and their OIDs: one key length, one mode, NoPadding. */
    @ParameterizedTest
    @CsvSource({"AES_128/ECB/NoPadding, 2.16.840.1.101.3.4.1.1, 16", "AES_128/CBC/NoPadding, 2.16.840.1.101.3.4.1.2, 16",
            "AES_192/ECB/NoPadding, 2.16.840.1.101.3.4.1.21, 24", "AES_192/CBC/NoPadding, 2.16.840.1.101.3.4.1.22, 24",
            "AES_256/ECB/NoPadding, 2.16.840.1.101.3.4.1.41, 32", "AES_256/CBC/NoPadding, 2.16.840.1.101.3.4.1.42, 32"})
    void fixedNamesAndOids(String name, String oid, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(oid.hashCode());
        SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "AES");
        IvParameterSpec iv = name.contains("CBC") ? new IvParameterSpec(random(rnd, 16)) : null;
        byte[] pt = random(rnd, 160);
        Cipher sun = Cipher.getInstance(name, SUNJCE);
        sun.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] expected = sun.doFinal(pt);
        for (String n : new String[] {name, oid, "OID." + oid}) {
            Cipher c = Cipher.getInstance(n, SIMD);
            c.init(Cipher.ENCRYPT_MODE, key, iv);
            assertArrayEquals(expected, c.doFinal(pt), n);
            c.init(Cipher.DECRYPT_MODE, key, iv);
            assertArrayEquals(pt, runSplit(c, expected, rnd), n + " decrypt");
            Cipher wrongKey = Cipher.getInstance(n, SIMD);
            SecretKeySpec other = new SecretKeySpec(new byte[keyLen == 16 ? 32 : 16], "AES");
            assertThrows(InvalidKeyException.class, () -> wrongKey.init(Cipher.ENCRYPT_MODE, other, iv), n);
            assertThrows(IllegalBlockSizeException.class, () -> {
                c.init(Cipher.ENCRYPT_MODE, key, iv);
                c.doFinal(new byte[17]);
            }, n + " takes whole blocks only");
        }
        // The OID with another mode or a padding: refused as SunJCE refuses it.
        String otherMode = name.contains("ECB") ? "CBC" : "ECB";
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance(oid + "/" + otherMode + "/NoPadding", SIMD));
        String mode = name.contains("ECB") ? "ECB" : "CBC";
        assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance(oid + "/" + mode + "/PKCS5Padding", SIMD));
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance(name.replace("NoPadding", "PKCS5Padding"),
                SIMD));
    }

    /**
     * Bad padding: BadPaddingException, and no plaintext of what doFinal took released (not
     * the last block, nor the held one before it), as with SunJCE.
     */
    @ParameterizedTest
    @ValueSource(strings = {"AES/ECB/PKCS5Padding", "AES/CBC/PKCS5Padding"})
    void badPaddingReleasesNothingOfTheLastBlock(String t) throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[24], "AES");
        IvParameterSpec iv = t.contains("CBC") ? new IvParameterSpec(new byte[16]) : null;
        // Three blocks whose last decrypts to a last byte of 0 or 17: never valid PKCS #7.
        for (int lastByte : new int[] {0, 17}) {
            byte[] pt = new byte[48];
            Arrays.fill(pt, (byte) 0x5a);
            pt[47] = (byte) lastByte;
            Cipher raw = Cipher.getInstance(t.replace("PKCS5Padding", "NoPadding"), SIMD);
            raw.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] ct = raw.doFinal(pt);
            for (String provider : new String[] {SUNJCE, SimdCryptProvider.NAME}) {
                Cipher c = provider.equals(SUNJCE) ? Cipher.getInstance(t, SUNJCE) : Cipher.getInstance(t, SIMD);
                c.init(Cipher.DECRYPT_MODE, key, iv);
                assertThrows(BadPaddingException.class, () -> c.doFinal(ct), provider);
                byte[] out = new byte[64];
                Arrays.fill(out, (byte) 0xee);
                int first = c.update(ct, 0, 32, out, 0);
                assertThrows(BadPaddingException.class, () -> c.doFinal(ct, 32, 16, out, first), provider);
                // Nothing of the blocks doFinal had (the last one included) is released: SunJCE
                // leaves the output as it was, this provider zeroes what it wrote before the last.
                for (int i = first; i < out.length; i++) {
                    assertTrue(out[i] == (byte) 0xee || out[i] == 0, provider + " byte " + i + ": " + out[i]);
                }
            }
        }
    }

    @Test
    void badKeysAndIvs() throws Exception {
        Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding", SIMD);
        for (int len : new int[] {1, 8, 15, 17, 20, 31, 33, 64}) {
            SecretKeySpec bad = new SecretKeySpec(new byte[len], "AES");
            assertThrows(InvalidKeyException.class,
                    () -> c.init(Cipher.ENCRYPT_MODE, bad, new IvParameterSpec(new byte[16])), "key " + len);
        }
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[8])));
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.DECRYPT_MODE, key), "decryption needs the IV");
        Cipher ecb = Cipher.getInstance("AES/ECB/NoPadding", SIMD);
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> ecb.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16])));
        assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("AES/CTR/PKCS5Padding", SIMD));
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance("AES/XTS/NoPadding", SIMD));
        // Encryption without an IV draws one, as SunJCE does; getParameters carries it.
        c.init(Cipher.ENCRYPT_MODE, key);
        assertEquals(16, c.getIV().length);
        assertArrayEquals(c.getIV(), c.getParameters().getParameterSpec(IvParameterSpec.class).getIV());
        ecb.init(Cipher.ENCRYPT_MODE, key);
        assertNull(ecb.getIV());
        assertEquals(16, Cipher.getInstance("AES", SIMD).getBlockSize());
    }

    @Test
    void keyGeneratorTakesTheAesSizes() throws Exception {
        javax.crypto.KeyGenerator g = javax.crypto.KeyGenerator.getInstance("AES", SIMD);
        for (int bits : new int[] {128, 192, 256}) {
            g.init(bits);
            assertEquals(bits / 8, g.generateKey().getEncoded().length);
        }
        assertThrows(java.security.InvalidParameterException.class, () -> g.init(512));
    }
}
