/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.GOST28147Engine;
import org.bouncycastle.jcajce.spec.GOST28147ParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** GOST 28147-89 through the provider against Bouncy Castle's GOST28147; Magma's S-box handling. */
class GostCipherTest {
    /**
     * Every name a GostParameterSpec takes for one RFC 4357 / TC26 parameter set ('|'-separated:
     * ours, the RFC identifier, the OID, Bouncy Castle's name in another case) against Bouncy
     * Castle's name; modes ECB, CBC, GOFB (counter) and CFB (GOST 28147's gamma with feedback =
     * Bouncy Castle's 64-bit CFB over GOST28147).
     */
    @ParameterizedTest
    @CsvSource({"test|id-GostR3411-94-TestParamSet|1.2.643.2.2.30.0|d-test|Default, D-TEST",
            "cryptopro-a|id-Gost28147-89-CryptoPro-A-ParamSet|1.2.643.2.2.31.1|e-a, E-A",
            "cryptopro-b|id-Gost28147-89-CryptoPro-B-ParamSet|1.2.643.2.2.31.2|e-b, E-B",
            "cryptopro-c|id-Gost28147-89-CryptoPro-C-ParamSet|1.2.643.2.2.31.3|e-c, E-C",
            "cryptopro-d|id-Gost28147-89-CryptoPro-D-ParamSet|1.2.643.2.2.31.4|e-d, E-D",
            "test-28147|id-Gost28147-89-TestParamSet|1.2.643.2.2.31.0|e-test, E-TEST",
            "cryptopro-hash|id-GostR3411-94-CryptoProParamSet|1.2.643.2.2.30.1|d-a, D-A",
            "param-z|id-tc26-gost-28147-param-Z|1.2.643.7.1.2.5.1.1|PARAM-Z, Param-Z"})
    void matchesBouncyCastleWithNamedAndExplicitSboxes(String names, String bcName) throws Exception {
        for (String ours : names.split("\\|")) matchesBouncyCastle(ours, bcName);
    }

    private static void matchesBouncyCastle(String ours, String bcName) throws Exception {
        SplittableRandom rnd = new SplittableRandom(ours.hashCode());
        for (String mode : new String[] {"ECB", "CBC", "GOFB", "CFB"}) {
            String t = "GOST28147/" + mode + "/NoPadding";
            Cipher simd = Cipher.getInstance(t, SIMD);
            Cipher bc = Cipher.getInstance(t, BC);
            for (int trial = 0; trial < 8; trial++) {
                SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "GOST28147");
                byte[] iv = mode.equals("ECB") ? null : random(rnd, 8);
                // Past 1024 bytes once: Bouncy Castle has no key meshing, nor do these names.
                int len = trial == 7 ? 1100 : rnd.nextInt(100);
                if (mode.equals("ECB") || mode.equals("CBC")) len -= len % 8;
                byte[] pt = random(rnd, len);
                bc.init(Cipher.ENCRYPT_MODE, key, iv == null ? new GOST28147ParameterSpec(bcName) : new GOST28147ParameterSpec(bcName, iv));
                byte[] expected = bc.doFinal(pt);
                GostParameterSpec named = new GostParameterSpec(ours, iv);
                GostParameterSpec explicit = new GostParameterSpec(GOST28147Engine.getSBox(bcName), iv);
                for (GostParameterSpec spec : new GostParameterSpec[] {named, explicit}) {
                    simd.init(Cipher.ENCRYPT_MODE, key, spec);
                    assertArrayEquals(expected, runSplit(simd, pt, rnd), t + " " + ours + " len " + len);
                    simd.init(Cipher.DECRYPT_MODE, key, spec);
                    assertArrayEquals(pt, runSplit(simd, expected, rnd), t + " decrypt");
                }
            }
        }
    }

    /** Without parameters both providers use the same default S-box, so the name alone switches. */
    @Test
    void defaultSboxIsBouncyCastlesDefault() throws Exception {
        SplittableRandom rnd = new SplittableRandom(3);
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "GOST28147");
        byte[] pt = random(rnd, 64);
        Cipher simd = Cipher.getInstance("GOST28147/ECB/NoPadding", SIMD);
        Cipher bc = Cipher.getInstance("GOST28147/ECB/NoPadding", BC);
        simd.init(Cipher.ENCRYPT_MODE, key);
        bc.init(Cipher.ENCRYPT_MODE, key);
        assertArrayEquals(bc.doFinal(pt), simd.doFinal(pt));
        IvParameterSpec iv = new IvParameterSpec(random(rnd, 8));
        simd = Cipher.getInstance("GOST28147/GOFB/NoPadding", SIMD);
        bc = Cipher.getInstance("GOST28147/GOFB/NoPadding", BC);
        simd.init(Cipher.ENCRYPT_MODE, key, iv);
        bc.init(Cipher.ENCRYPT_MODE, key, iv);
        assertArrayEquals(bc.doFinal(pt, 0, 61), simd.doFinal(pt, 0, 61));
        // Bouncy Castle's other names for the cipher.
        for (String alias : new String[] {"GOST", "GOST-28147"}) {
            simd = Cipher.getInstance(alias + "/CBC/PKCS5Padding", SIMD);
            bc = Cipher.getInstance(alias + "/CBC/PKCS5Padding", BC);
            simd.init(Cipher.ENCRYPT_MODE, key, iv);
            bc.init(Cipher.ENCRYPT_MODE, key, iv);
            assertArrayEquals(bc.doFinal(pt, 0, 61), simd.doFinal(pt, 0, 61), alias);
        }
    }

    @Test
    void badSboxesKeysAndIvs() throws Exception {
        Cipher magma = Cipher.getInstance("Magma/CTR/NoPadding", SIMD);
        SecretKeySpec key = new SecretKeySpec(new byte[32], "Magma");
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> magma.init(Cipher.ENCRYPT_MODE, key, new GostParameterSpec("no-such-sbox", new byte[4])));
        assertThrows(IllegalArgumentException.class, () -> new GostParameterSpec(new byte[127], null));
        byte[] bad = new byte[128];
        bad[5] = 16;
        assertThrows(IllegalArgumentException.class, () -> new GostParameterSpec(bad, null));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> magma.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[8])));
        assertThrows(InvalidKeyException.class,
                () -> magma.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "Magma"), new IvParameterSpec(new byte[4])));
        // Kalyna has fixed S-boxes: a GostParameterSpec is not its parameter.
        Cipher kalyna = Cipher.getInstance("Kalyna-128/ECB/NoPadding", SIMD);
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> kalyna.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "K"), new GostParameterSpec("test", null)));
    }
}
