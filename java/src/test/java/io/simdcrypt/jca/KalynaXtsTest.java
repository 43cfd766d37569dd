/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.DSTU7624Engine;
import org.bouncycastle.crypto.modes.KXTSBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kalyna XTS (DSTU 7624:2014 section 8, "Kalyna-n/XTS/NoPadding") against Bouncy Castle's
 * KXTSBlockCipher, which has no JCA name and takes whole blocks only: whole-block messages
 * are compared byte for byte; longer partial messages (ciphertext stealing, which Bouncy
 * Castle lacks) agree with it on every block before the last two and decrypt back.
 */
class KalynaXtsTest {
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> variants() {
        return KalynaCipherTest.variants();
    }

    /** Bouncy Castle's XTS of whole blocks. */
    private static byte[] bcXts(boolean encrypt, int block, byte[] key, byte[] iv, byte[] in) {
        KXTSBlockCipher xts = new KXTSBlockCipher(new DSTU7624Engine(block * 8));
        xts.init(encrypt, new ParametersWithIV(new KeyParameter(key), iv));
        byte[] out = new byte[in.length];
        int w = xts.processBytes(in, 0, in.length, out, 0);
        w += xts.doFinal(out, w);
        assertEquals(in.length, w);
        return out;
    }

    /**
     * Even trials: whole blocks, byte for byte against Bouncy Castle both ways. Odd trials: a
     * partial last block (stealing), whose blocks before the last whole one are plain XTS.
     */
    @ParameterizedTest
    @MethodSource("variants")
    void matchesBouncyCastleInAnySplit(String name, int block, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(block * 77 + keyLen);
        Cipher ours = Cipher.getInstance(name + "/XTS/NoPadding", SIMD);
        for (int trial = 0; trial < 80; trial++) {
            boolean whole = trial % 2 == 0;
            byte[] key = random(rnd, keyLen);
            byte[] iv = random(rnd, block);
            byte[] pt = random(rnd, whole ? (1 + rnd.nextInt(12)) * block : block + 1 + rnd.nextInt(8 * block));
            SecretKeySpec k = new SecretKeySpec(key, "Kalyna");
            String what = name + " key " + keyLen + " len " + pt.length;
            ours.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(iv));
            byte[] ct = ours.doFinal(pt);
            assertEquals(pt.length, ct.length, what);
            int plain = whole ? pt.length : (pt.length / block - 1) * block; // blocks before the stolen ones
            if (plain > 0) {
                assertArrayEquals(bcXts(true, block, key, iv, Arrays.copyOf(pt, plain)), Arrays.copyOf(ct, plain),
                        what + " (Bouncy Castle)");
            }
            if (whole) assertArrayEquals(pt, bcXts(false, block, key, iv, ct), what + " Bouncy Castle decrypts");
            ours.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(iv));
            assertArrayEquals(ct, runSplit(ours, pt, rnd), what + " split");
            assertArrayEquals(ct, ours.doFinal(pt), what + " (again after doFinal)");
            ours.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(iv));
            assertArrayEquals(pt, runSplit(ours, ct, rnd), what + " decrypt");
        }
    }

    /** Bouncy Castle's XTS OIDs (UAObjectIdentifiers.dstu7624xts_128..512; key = block) name the same. */
    @Test
    void oidNamesAreXtsOfTheBlockSizedKey() throws Exception {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int v = 1; v <= 3; v++) {
            int block = 8 << v;
            byte[] key = random(rnd, block);
            byte[] iv = random(rnd, block);
            byte[] pt = random(rnd, 3 * block);
            byte[] expected = bcXts(true, block, key, iv, pt);
            String oid = "1.2.804.2.1.1.1.1.1.3.9." + v;
            for (String n : new String[] {oid, "OID." + oid, "DSTU7624-" + block * 8 + "-XTS"}) {
                Cipher c = Cipher.getInstance(n, SIMD);
                c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "DSTU7624"), new IvParameterSpec(iv));
                assertArrayEquals(expected, c.doFinal(pt), n);
            }
        }
    }

    @Test
    void lengthsPaddingsAndSizes() throws Exception {
        assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("Kalyna-128/XTS/PKCS5Padding", SIMD));
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance("DSTU7624/XTS/NoPadding", SIMD));
        Cipher c = Cipher.getInstance("Kalyna-128/XTS/NoPadding", SIMD);
        SecretKeySpec k = new SecretKeySpec(new byte[16], "Kalyna");
        IvParameterSpec iv = new IvParameterSpec(new byte[16]);
        c.init(Cipher.ENCRYPT_MODE, k, iv);
        assertEquals(0, c.doFinal(new byte[0]).length, "empty message");
        for (int len = 1; len < 16; len++) {
            int n = len;
            assertThrows(IllegalBlockSizeException.class, () -> c.doFinal(new byte[n]), "len " + len);
        }
        // Updates release all but the last whole block and the partial one after it.
        c.init(Cipher.ENCRYPT_MODE, k, iv);
        assertEquals(0, c.update(new byte[16]).length);
        assertEquals(0, c.update(new byte[5]).length);
        assertEquals(16, c.update(new byte[11]).length); // 32 bytes: one released, one kept
        assertEquals(16 + 20, c.getOutputSize(20));
        assertEquals(36, c.doFinal(new byte[20]).length);
        // In place, one call.
        byte[] pt = new byte[50];
        new SplittableRandom(1).nextBytes(pt);
        c.init(Cipher.ENCRYPT_MODE, k, iv);
        byte[] expected = c.doFinal(pt);
        byte[] buf = pt.clone();
        assertEquals(50, c.doFinal(buf, 0, 50, buf, 0));
        assertArrayEquals(expected, buf);
    }
}
