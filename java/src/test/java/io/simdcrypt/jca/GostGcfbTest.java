/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.GOST28147Engine;
import org.bouncycastle.jcajce.spec.GOST28147ParameterSpec;
import org.junit.jupiter.api.Test;

/**
 * "GOST28147/GCFB/NoPadding" (gost89-cfb with CryptoPro key meshing, RFC 4357 section 2.3)
 * against Bouncy Castle's GCFB (GCFBBlockCipher over GOST28147Engine) and its Cipher of
 * id-Gost28147-89 (1.2.643.2.2.21): messages on both sides of the 1024-byte meshing
 * boundaries, in random pieces, under the default S-box and named or explicit ones.
 */
class GostGcfbTest {
    /** Around the first and later meshing steps (every 1024 bytes), and short ones. */
    private static final int[] LENGTHS = {0, 1, 7, 8, 1023, 1024, 1025, 2047, 2048, 2049, 3000};

    private static final String[] OUR_NAMES = {"GOST28147/GCFB/NoPadding", "GOST/GCFB/NoPadding",
            "GOST-28147/GCFB/NoPadding", "GOST-28147-89/GCFB/NoPadding", "1.2.643.2.2.21", "OID.1.2.643.2.2.21"};

    @Test
    void defaultSboxMatchesBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(28147);
        for (String name : OUR_NAMES) {
            Cipher simd = Cipher.getInstance(name, SIMD);
            // Bouncy Castle's by its mode name and by its OID: the same GCFB.
            String bcName = name.contains("1.2.643") ? "1.2.643.2.2.21" : "GOST28147/GCFB/NoPadding";
            Cipher bc = Cipher.getInstance(bcName, BC);
            for (int len : LENGTHS) {
                for (int trial = 0; trial < 3; trial++) {
                    SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "GOST28147");
                    IvParameterSpec iv = new IvParameterSpec(random(rnd, 8));
                    byte[] pt = random(rnd, len);
                    bc.init(Cipher.ENCRYPT_MODE, key, iv);
                    byte[] expected = bc.doFinal(pt);
                    simd.init(Cipher.ENCRYPT_MODE, key, iv);
                    assertArrayEquals(expected, runSplit(simd, pt, rnd), name + " len " + len);
                    // Again on the same instance: doFinal restored the key of init (meshing changed it).
                    assertArrayEquals(expected, simd.doFinal(pt), name + " again, len " + len);
                    simd.init(Cipher.DECRYPT_MODE, key, iv);
                    assertArrayEquals(pt, runSplit(simd, expected, rnd), name + " decrypt, len " + len);
                }
            }
        }
    }

    /** A GostParameterSpec's S-box (a name or 128 bytes) as Bouncy Castle's GOST28147ParameterSpec's. */
    @Test
    void selectedSboxesMatchBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(4357);
        String[][] sboxes = {{"cryptopro-a", "E-A"}, {"param-z", "Param-Z"}, {"test", "D-TEST"},
                {"cryptopro-b", "E-B"}};
        Cipher simd = Cipher.getInstance("GOST28147/GCFB/NoPadding", SIMD);
        Cipher bc = Cipher.getInstance("GOST28147/GCFB/NoPadding", BC);
        for (String[] s : sboxes) {
            for (int len : LENGTHS) {
                SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "GOST28147");
                byte[] iv = random(rnd, 8);
                byte[] pt = random(rnd, len);
                bc.init(Cipher.ENCRYPT_MODE, key, new GOST28147ParameterSpec(s[1], iv));
                byte[] expected = bc.doFinal(pt);
                for (GostParameterSpec spec : new GostParameterSpec[] {new GostParameterSpec(s[0], iv),
                        new GostParameterSpec(GOST28147Engine.getSBox(s[1]), iv)}) {
                    simd.init(Cipher.ENCRYPT_MODE, key, spec);
                    assertArrayEquals(expected, runSplit(simd, pt, rnd), s[0] + " len " + len);
                    simd.init(Cipher.DECRYPT_MODE, key, spec);
                    assertArrayEquals(pt, runSplit(simd, expected, rnd), s[0] + " decrypt, len " + len);
                }
            }
        }
    }

    /**
     * An init with the key the instance holds only moves it to the new IV (sc_cipher_reset_iv),
     * which must start from the key of init again, not the meshed one; CFB and GCFB of one key
     * differ past 1024 bytes only.
     */
    @Test
    void reinitAndPlainCfbDiffer() throws Exception {
        SplittableRandom rnd = new SplittableRandom(21);
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "GOST28147");
        Cipher simd = Cipher.getInstance("GOST28147/GCFB/NoPadding", SIMD);
        Cipher bc = Cipher.getInstance("GOST28147/GCFB/NoPadding", BC);
        Cipher cfb = Cipher.getInstance("GOST28147/CFB/NoPadding", SIMD);
        for (int trial = 0; trial < 5; trial++) {
            IvParameterSpec iv = new IvParameterSpec(random(rnd, 8));
            byte[] pt = random(rnd, 2500 + trial);
            simd.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] half = simd.update(pt, 0, 1500); // meshed once, then a new IV under the same key
            assertFalse(half == null);
            simd.init(Cipher.ENCRYPT_MODE, key, iv);
            bc.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = bc.doFinal(pt);
            assertArrayEquals(expected, simd.doFinal(pt), "trial " + trial);
            cfb.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] plain = cfb.doFinal(pt);
            assertArrayEquals(Arrays.copyOf(expected, 1024), Arrays.copyOf(plain, 1024));
            assertFalse(Arrays.equals(expected, plain));
        }
    }

    /**
     * A padding runs through the stream as CFB/PKCS5Padding does, as Bouncy Castle's; the fixed
     * OID name is NoPadding only and "GCFB" only.
     */
    @Test
    void paddingAndFixedName() throws Exception {
        SplittableRandom rnd = new SplittableRandom(5);
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "GOST28147");
        IvParameterSpec iv = new IvParameterSpec(random(rnd, 8));
        Cipher simd = Cipher.getInstance("GOST28147/GCFB/PKCS5Padding", SIMD);
        Cipher bc = Cipher.getInstance("GOST28147/GCFB/PKCS5Padding", BC);
        for (int len : LENGTHS) {
            byte[] pt = random(rnd, len);
            bc.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = bc.doFinal(pt);
            simd.init(Cipher.ENCRYPT_MODE, key, iv);
            assertArrayEquals(expected, runSplit(simd, pt, rnd), "padded len " + len);
            simd.init(Cipher.DECRYPT_MODE, key, iv);
            assertArrayEquals(pt, runSplit(simd, expected, rnd), "padded decrypt, len " + len);
        }
        assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("1.2.643.2.2.21/GCFB/PKCS5Padding", SIMD));
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance("1.2.643.2.2.21/CFB/NoPadding", SIMD));
        // Not Bouncy Castle's Gost28147-89-Parameters: no AlgorithmParameters of that OID here.
        assertNull(SIMD.getService("AlgorithmParameters", "1.2.643.2.2.21"));
        assertSame(SIMD.getService("Cipher", "GOST28147/GCFB/NoPadding"), SIMD.getService("Cipher", "1.2.643.2.2.21"));
    }
}
