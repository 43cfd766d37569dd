/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.DefaultBufferedBlockCipher;
import org.bouncycastle.crypto.engines.DSTU7624Engine;
import org.bouncycastle.crypto.modes.KCTRBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Kalyna through the provider against Bouncy Castle as the oracle. */
class KalynaCipherTest {
    /** The five DSTU 7624:2014 variants: JCA name, block bytes, key bytes. */
    static Stream<Arguments> variants() {
        return Stream.of(Arguments.of("Kalyna-128", 16, 16), Arguments.of("Kalyna-128", 16, 32),
                Arguments.of("Kalyna-256", 32, 32), Arguments.of("Kalyna-256", 32, 64),
                Arguments.of("Kalyna-512", 64, 64));
    }

    private static String bcName(int block) {
        return "DSTU7624-" + block * 8;
    }

    @ParameterizedTest
    @MethodSource("variants")
    void blockModesMatchBouncyCastleInAnySplit(String name, int block, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(block * 100 + keyLen);
        for (String mode : new String[] {"ECB", "CBC"}) {
            for (String pad : new String[] {"NoPadding", "PKCS5Padding", "ISO7816-4Padding"}) {
                String t = "/" + mode + "/" + pad;
                Cipher ours = Cipher.getInstance(name + t, SIMD);
                Cipher bc = Cipher.getInstance(bcName(block) + t, BC);
                for (int trial = 0; trial < 25; trial++) {
                    SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "Kalyna");
                    IvParameterSpec iv = mode.equals("ECB") ? null : new IvParameterSpec(random(rnd, block));
                    int len = rnd.nextInt(5 * block);
                    if (pad.equals("NoPadding")) len -= len % block;
                    byte[] pt = random(rnd, len);
                    bc.init(Cipher.ENCRYPT_MODE, key, iv);
                    byte[] expected = bc.doFinal(pt);
                    ours.init(Cipher.ENCRYPT_MODE, key, iv);
                    String what = name + t + " key " + keyLen + " len " + len;
                    assertArrayEquals(expected, runSplit(ours, pt, rnd), what);
                    // Reuse after doFinal: the JCA resets to the state after init.
                    assertArrayEquals(expected, ours.doFinal(pt), what + " (reused)");
                    ours.init(Cipher.DECRYPT_MODE, key, iv);
                    assertArrayEquals(pt, runSplit(ours, expected, rnd), what + " decrypt");
                }
            }
        }
    }

    /** CTR of DSTU 7624 (the IV is encrypted to make the first counter): BC's KCTRBlockCipher. */
    @ParameterizedTest
    @MethodSource("variants")
    void ctrMatchesBouncyCastleKctr(String name, int block, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(block * 1000 + keyLen);
        Cipher ours = Cipher.getInstance(name + "/CTR/NoPadding", SIMD);
        for (int trial = 0; trial < 40; trial++) {
            byte[] key = random(rnd, keyLen);
            byte[] iv = random(rnd, block);
            byte[] pt = random(rnd, rnd.nextInt(6 * block));
            BufferedBlockCipher kctr = new DefaultBufferedBlockCipher(new KCTRBlockCipher(new DSTU7624Engine(block * 8)));
            kctr.init(true, new ParametersWithIV(new KeyParameter(key), iv));
            byte[] expected = new byte[pt.length];
            int w = kctr.processBytes(pt, 0, pt.length, expected, 0);
            kctr.doFinal(expected, w);
            ours.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "Kalyna"), new IvParameterSpec(iv));
            assertArrayEquals(expected, runSplit(ours, pt, rnd), name + " ctr len " + pt.length);
            ours.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "Kalyna"), new IvParameterSpec(iv));
            assertArrayEquals(pt, runSplit(ours, expected, rnd));
        }
    }

    /** Bouncy Castle's names select the same computation here, for the block modes. */
    @Test
    void bouncyCastleAliases() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7);
        String[][] pairs = {{"DSTU7624", "16"}, {"DSTU7624-128", "16"}, {"DSTU7624-256", "32"}, {"DSTU7624-512", "64"}};
        for (String[] p : pairs) {
            int block = Integer.parseInt(p[1]);
            String t = p[0] + "/CBC/PKCS5Padding";
            Cipher ours = Cipher.getInstance(t, SIMD);
            Cipher bc = Cipher.getInstance(t, BC);
            SecretKeySpec key = new SecretKeySpec(random(rnd, block == 16 ? 32 : block), "DSTU7624");
            IvParameterSpec iv = new IvParameterSpec(random(rnd, block));
            byte[] pt = random(rnd, 100);
            ours.init(Cipher.ENCRYPT_MODE, key, iv);
            bc.init(Cipher.ENCRYPT_MODE, key, iv);
            assertArrayEquals(bc.doFinal(pt), ours.doFinal(pt), t);
        }
        // Bouncy Castle's JCA CTR on DSTU7624 is another mode than DSTU 7624's: refused by name.
        assertThrows(java.security.NoSuchAlgorithmException.class,
                () -> Cipher.getInstance("DSTU7624/CTR/NoPadding", SIMD));
    }

    @Test
    void inPlaceAndOverlappingBuffers() throws Exception {
        SplittableRandom rnd = new SplittableRandom(8);
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "Kalyna");
        IvParameterSpec iv = new IvParameterSpec(random(rnd, 16));
        for (String t : new String[] {"Kalyna-128/CBC/PKCS5Padding", "Kalyna-128/CTR/NoPadding", "Kalyna-128/ECB/NoPadding"}) {
            for (int shift = -20; shift <= 20; shift += 5) {
                byte[] pt = random(rnd, 96);
                Cipher c = Cipher.getInstance(t, SIMD);
                c.init(Cipher.ENCRYPT_MODE, key, t.contains("ECB") ? null : iv);
                byte[] expected = c.doFinal(pt);
                byte[] buf = new byte[300];
                System.arraycopy(pt, 0, buf, 100, pt.length);
                c.init(Cipher.ENCRYPT_MODE, key, t.contains("ECB") ? null : iv);
                int w = c.doFinal(buf, 100, 96, buf, 100 + shift);
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(buf, 100 + shift, 100 + shift + w),
                        t + " shift " + shift);
                if (shift <= 0) {
                    // Two calls: output never runs ahead of the input still to be read.
                    System.arraycopy(pt, 0, buf, 100, pt.length);
                    c.init(Cipher.ENCRYPT_MODE, key, t.contains("ECB") ? null : iv);
                    w = c.update(buf, 100, 40, buf, 100 + shift);
                    w += c.doFinal(buf, 140, 56, buf, 100 + shift + w);
                    assertArrayEquals(expected, java.util.Arrays.copyOfRange(buf, 100 + shift, 100 + shift + w),
                            t + " split, shift " + shift);
                }
                // Decrypt in place too (padded decryption holds a block back).
                c.init(Cipher.DECRYPT_MODE, key, t.contains("ECB") ? null : iv);
                byte[] d = expected.clone();
                int n = c.update(d, 0, 33, d, 0);
                n += c.doFinal(d, 33, d.length - 33, d, n);
                assertArrayEquals(pt, java.util.Arrays.copyOf(d, n), t + " decrypt in place");
                // Heap ByteBuffer in place.
                c.init(Cipher.ENCRYPT_MODE, key, t.contains("ECB") ? null : iv);
                ByteBuffer bb = ByteBuffer.allocate(expected.length).put(pt).flip();
                ByteBuffer same = bb.duplicate().clear();
                c.doFinal(bb, same);
                assertArrayEquals(expected, java.util.Arrays.copyOf(same.array(), expected.length), t + " buffer");
            }
        }
    }

    @Test
    void badKeysIvsAndLengthsThrowTheStandardExceptions() throws Exception {
        Cipher cbc = Cipher.getInstance("Kalyna-128/CBC/PKCS5Padding", SIMD);
        Cipher ecb = Cipher.getInstance("Kalyna-256/ECB/NoPadding", SIMD);
        IvParameterSpec iv16 = new IvParameterSpec(new byte[16]);
        for (int len : new int[] {0, 8, 15, 17, 24, 64}) {
            assertThrows(InvalidKeyException.class,
                    () -> cbc.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[Math.max(len, 1)], 0, Math.max(len, 1), "K"), iv16),
                    "key " + len);
        }
        assertThrows(InvalidKeyException.class, () -> ecb.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "K")));
        SecretKeySpec k16 = new SecretKeySpec(new byte[16], "K");
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> cbc.init(Cipher.ENCRYPT_MODE, k16, new IvParameterSpec(new byte[8])));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> cbc.init(Cipher.DECRYPT_MODE, k16, (IvParameterSpec) null));
        assertThrows(InvalidKeyException.class, () -> cbc.init(Cipher.DECRYPT_MODE, k16));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> ecb.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "K"), new IvParameterSpec(new byte[32])));
        assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("Kalyna-128/CTR/PKCS5Padding", SIMD));
        assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("Kalyna-128/XTS/PKCS5Padding", SIMD));

        ecb.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "K"));
        assertThrows(IllegalBlockSizeException.class, () -> ecb.doFinal(new byte[33]));
        assertEquals(32, ecb.doFinal(new byte[32]).length, "usable again after the exception");

        cbc.init(Cipher.ENCRYPT_MODE, k16, iv16);
        byte[] ct = cbc.doFinal(new byte[20]);
        assertEquals(32, ct.length);
        cbc.init(Cipher.DECRYPT_MODE, k16, iv16);
        byte[] tampered = ct.clone();
        tampered[31] ^= 1;
        assertThrows(BadPaddingException.class, () -> cbc.doFinal(tampered));
        assertThrows(IllegalBlockSizeException.class, () -> cbc.doFinal(new byte[17]));
        assertEquals(0, cbc.doFinal(new byte[0]).length);
        // A too-short output leaves the cipher as it was: the same call then succeeds.
        byte[] small = new byte[19];
        assertThrows(ShortBufferException.class, () -> cbc.doFinal(ct, 0, ct.length, small, 0));
        byte[] exact = new byte[20];
        assertEquals(20, cbc.doFinal(ct, 0, ct.length, exact, 0));
        assertArrayEquals(new byte[20], exact);
        // Argument checks happen before any native call.
        assertThrows(IllegalArgumentException.class, () -> cbc.update(new byte[10], 5, 10));
        assertThrows(IllegalArgumentException.class, () -> cbc.update(null, 0, 1));
        assertThrows(ShortBufferException.class, () -> cbc.update(new byte[64], 0, 64, new byte[10], 0));
        assertThrows(ShortBufferException.class, () -> cbc.update(new byte[64], 0, 64, new byte[100], 99));
        assertThrows(IllegalStateException.class,
                () -> Cipher.getInstance("Kalyna-128/CBC/PKCS5Padding", SIMD).update(new byte[16]));
        assertThrows(java.nio.ReadOnlyBufferException.class,
                () -> cbc.update(ByteBuffer.allocate(32), ByteBuffer.allocate(64).asReadOnlyBuffer()));
    }

    @Test
    void generatedIvIsReportedThroughParameters() throws Exception {
        Cipher c = Cipher.getInstance("Kalyna-256/CBC/PKCS5Padding", SIMD);
        SecretKeySpec key = new SecretKeySpec(new byte[64], "K");
        c.init(Cipher.ENCRYPT_MODE, key);
        byte[] iv = c.getIV();
        assertEquals(32, iv.length);
        assertNotNull(c.getParameters());
        assertArrayEquals(iv, c.getParameters().getParameterSpec(IvParameterSpec.class).getIV());
        byte[] ct = c.doFinal(new byte[40]);
        c.init(Cipher.DECRYPT_MODE, key, c.getParameters());
        assertArrayEquals(new byte[40], c.doFinal(ct));
    }
}
