/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.macs.DSTU7624Mac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The Macs: Kalyna's DSTU 7624 MAC against Bouncy Castle's DSTU7624Mac; splits; misuse. */
class MacTest {
    @ParameterizedTest
    @CsvSource({"Kalyna-128-MAC, 16, 16", "Kalyna-128-MAC, 16, 32", "Kalyna-256-MAC, 32, 32",
            "Kalyna-256-MAC, 32, 64", "Kalyna-512-MAC, 64, 64"})
    void kalynaMacMatchesBouncyCastleInAnySplit(String name, int block, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(block + keyLen);
        Mac mac = Mac.getInstance(name, SIMD);
        assertEquals(block, mac.getMacLength());
        for (int trial = 0; trial < 40; trial++) {
            byte[] key = random(rnd, keyLen);
            byte[] msg = random(rnd, block * (1 + rnd.nextInt(8)));
            DSTU7624Mac bc = new DSTU7624Mac(block * 8, block * 8);
            bc.init(new KeyParameter(key));
            bc.update(msg, 0, msg.length);
            byte[] expected = new byte[block];
            bc.doFinal(expected, 0);
            mac.init(new SecretKeySpec(key, name));
            CipherTestSupport.macInPieces(mac, msg, 40, rnd);
            assertArrayEquals(expected, mac.doFinal(), name + " len " + msg.length);
            // doFinal resets: the same message again gives the same tag.
            assertArrayEquals(expected, mac.doFinal(msg));
            mac.update(msg, 0, block);
            mac.reset();
            assertArrayEquals(expected, mac.doFinal(msg), "after reset");
        }
    }

    @Test
    void magmaCmacSplitsAgree() throws Exception {
        SplittableRandom rnd = new SplittableRandom(5);
        Mac mac = Mac.getInstance("Magma-CMAC", SIMD);
        for (int trial = 0; trial < 50; trial++) {
            mac.init(new SecretKeySpec(random(rnd, 32), "Magma"));
            byte[] msg = random(rnd, rnd.nextInt(100));
            byte[] whole = mac.doFinal(msg);
            int cut = msg.length == 0 ? 0 : rnd.nextInt(msg.length);
            mac.update(msg, 0, cut);
            mac.update(ByteBuffer.wrap(msg, cut, msg.length - cut));
            assertArrayEquals(whole, mac.doFinal());
        }
    }

    /** GOST 28147-89's MAC under Bouncy Castle's name: the same tags for its default S-box (E-A)
     * and the named ones, any length (0, one block, block boundaries), any split. */
    @ParameterizedTest
    @CsvSource({", E-A", "cryptopro-a, E-A", "test, D-TEST", "param-z, Param-Z"})
    void gost28147MacMatchesBouncyCastle(String ours, String bcName) throws Exception {
        SplittableRandom rnd = new SplittableRandom(bcName.hashCode());
        Mac mac = Mac.getInstance("GOST28147MAC", SIMD);
        Mac bc = Mac.getInstance("GOST28147MAC", CipherTestSupport.BC);
        assertEquals(4, mac.getMacLength());
        for (int trial = 0; trial < 60; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "GOST28147");
            byte[] msg = random(rnd, trial < 20 ? trial : rnd.nextInt(200));
            // Bouncy Castle's JCA Mac takes no S-box parameter: its engine does.
            org.bouncycastle.crypto.macs.GOST28147Mac engine = new org.bouncycastle.crypto.macs.GOST28147Mac();
            engine.init(new org.bouncycastle.crypto.params.ParametersWithSBox(new KeyParameter(key.getEncoded()),
                    org.bouncycastle.crypto.engines.GOST28147Engine.getSBox(bcName)));
            engine.update(msg, 0, msg.length);
            byte[] expected = new byte[4];
            engine.doFinal(expected, 0);
            if (ours == null) {
                mac.init(key);
                bc.init(key);
                assertArrayEquals(expected, bc.doFinal(msg), "Bouncy Castle's own default");
            } else {
                mac.init(key, new GostParameterSpec(ours, null));
            }
            int cut = msg.length == 0 ? 0 : rnd.nextInt(msg.length + 1);
            mac.update(msg, 0, cut);
            mac.update(ByteBuffer.wrap(msg, cut, msg.length - cut));
            assertArrayEquals(expected, mac.doFinal(), "GOST28147MAC " + bcName + " len " + msg.length);
        }
    }

    @Test
    void misuse() throws Exception {
        Mac mac = Mac.getInstance("Kalyna-128-MAC", SIMD);
        assertThrows(IllegalStateException.class, () -> mac.update(new byte[16]));
        assertThrows(InvalidKeyException.class, () -> mac.init(new SecretKeySpec(new byte[24], "K")));
        mac.init(new SecretKeySpec(new byte[16], "K"));
        assertThrows(IllegalArgumentException.class, () -> mac.update(new byte[16], 8, 16));
        // The DSTU 7624 MAC takes whole blocks only, as the standard defines it.
        mac.update(new byte[17]);
        assertThrows(IllegalStateException.class, mac::doFinal);
        assertEquals(16, mac.doFinal(new byte[32]).length, "usable after the failure");
    }
}
