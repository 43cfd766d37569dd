/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.aadInPieces;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static io.simdcrypt.jca.CipherTestSupport.sameAsReference;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** AES/GCM/NoPadding (and AES-GMAC) against SunJCE (and Bouncy Castle), with SunJCE's rules. */
class AesGcmTest {
    private static final String GCM = "AES/GCM/NoPadding";
    private static final String SUNJCE = "SunJCE";

    /**
     * Random keys of every size, IVs (12 bytes and other lengths), tag lengths, AAD and
     * lengths 0..1000 in random splits: the same bytes as SunJCE both ways.
     */
    @Test
    void matchesSunJce() throws Exception {
        SplittableRandom rnd = new SplittableRandom(2026);
        Cipher sun = Cipher.getInstance(GCM, SUNJCE);
        Cipher ours = Cipher.getInstance(GCM, SIMD);
        for (int trial = 0; trial < 300; trial++) {
            int keyLen = 16 + 8 * rnd.nextInt(3);
            SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "AES");
            byte[] iv = random(rnd, rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(64) : 12);
            GCMParameterSpec spec = new GCMParameterSpec(96 + 8 * rnd.nextInt(5), iv);
            byte[] aad = random(rnd, rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(100));
            byte[] pt = random(rnd, rnd.nextInt(1001));
            String what = "key " + keyLen + " iv " + iv.length + " tag " + spec.getTLen() + " aad " + aad.length
                    + " len " + pt.length;
            sameAsReference(sun, ours, key, spec, aad, pt, rnd, what);
        }
    }

    /** Beyond one native call (256 KiB pieces), heap and direct buffers. */
    @Test
    void longMessagesAndDirectBuffers() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7);
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "AES");
        GCMParameterSpec spec = new GCMParameterSpec(128, random(rnd, 12));
        byte[] pt = random(rnd, 256 * 1024 + 33); // the temporary portable AES is slow: just over one call
        Cipher sun = Cipher.getInstance(GCM, SUNJCE);
        sun.init(Cipher.ENCRYPT_MODE, key, spec);
        byte[] expected = sun.doFinal(pt);
        Cipher ours = Cipher.getInstance(GCM, SIMD);
        ours.init(Cipher.ENCRYPT_MODE, key, spec);
        ByteBuffer in = ByteBuffer.allocateDirect(pt.length).put(pt).flip();
        ByteBuffer out = ByteBuffer.allocateDirect(ours.getOutputSize(pt.length));
        assertEquals(expected.length, ours.doFinal(in, out));
        byte[] got = new byte[expected.length];
        out.flip().get(got);
        assertArrayEquals(expected, got);
        ours.init(Cipher.DECRYPT_MODE, key, spec);
        ByteBuffer ctIn = ByteBuffer.allocateDirect(expected.length).put(expected).flip();
        ByteBuffer ptOut = ByteBuffer.allocateDirect(pt.length);
        assertEquals(pt.length, ours.doFinal(ctIn, ptOut));
        byte[] back = new byte[pt.length];
        ptOut.flip().get(back);
        assertArrayEquals(pt, back);
        // Heap arrays: one update longer than a native call, then doFinal.
        GCMParameterSpec spec2 = new GCMParameterSpec(120, random(rnd, 12));
        sun.init(Cipher.ENCRYPT_MODE, key, spec2);
        byte[] expected2 = sun.doFinal(pt);
        ours.init(Cipher.ENCRYPT_MODE, key, spec2);
        byte[] got2 = new byte[expected2.length + 1];
        int n = ours.update(pt, 0, pt.length, got2, 1);
        assertEquals(pt.length, n, "encryption streams out all it takes");
        assertEquals(15, ours.doFinal(got2, 1 + n));
        assertArrayEquals(expected2, Arrays.copyOfRange(got2, 1, got2.length));
    }

    /**
     * A flipped bit anywhere (ciphertext, tag, AAD): AEADBadTagException and no plaintext
     * released; the cipher then decrypts the genuine message.
     */
    @Test
    void tamperingIsRefusedAndReleasesNothing() throws Exception {
        SplittableRandom rnd = new SplittableRandom(99);
        Cipher ours = Cipher.getInstance(GCM, SIMD);
        for (int trial = 0; trial < 60; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, 16), "AES");
            GCMParameterSpec spec = new GCMParameterSpec(96 + 8 * rnd.nextInt(5), random(rnd, 12));
            byte[] aad = random(rnd, 1 + rnd.nextInt(30));
            byte[] pt = random(rnd, 1 + rnd.nextInt(200));
            ours.init(Cipher.ENCRYPT_MODE, key, spec);
            ours.updateAAD(aad);
            byte[] ct = ours.doFinal(pt);
            CipherTestSupport.tamperingReleasesNothing(ours, key, spec, spec.getTLen() / 8, aad, pt, ct, rnd);
        }
    }

    /** SunJCE's reuse rules, checked on both providers with the same calls. */
    @ParameterizedTest
    @ValueSource(strings = {SUNJCE, SimdCryptProvider.NAME})
    void ivReuseIsRefused(String provider) throws Exception {
        Cipher c = cipher(provider, GCM);
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        c.doFinal(new byte[10]);
        assertThrows(IllegalStateException.class, () -> c.update(new byte[1]), "after doFinal, no update");
        assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[1]), "nor AAD");
        assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[1]), "nor doFinal");
        InvalidAlgorithmParameterException e = assertThrows(InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, key, spec), "same key and IV");
        assertTrue(e.getMessage().contains("Cannot reuse iv for GCM encryption"), e.getMessage());
        // Decryption with them is fine; then encryption with them is still refused.
        c.init(Cipher.DECRYPT_MODE, key, spec);
        assertThrows(InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, key, spec));
        // Another IV, or another key, is a new message.
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
        c.doFinal(new byte[3]);
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[24], "AES"), spec);
        c.doFinal(new byte[3]);
        // Without parameters a fresh IV is drawn each time.
        c.init(Cipher.ENCRYPT_MODE, key);
        byte[] iv = c.getIV();
        assertEquals(12, iv.length);
        c.doFinal(new byte[3]);
        c.init(Cipher.ENCRYPT_MODE, key);
        assertTrue(!Arrays.equals(iv, c.getIV()));
    }

    /** AAD after data is refused, encrypting or decrypting (both providers). */
    @ParameterizedTest
    @CsvSource({"SunJCE, 1", "SunJCE, 2", "SimdCrypt, 1", "SimdCrypt, 2"})
    void aadComesFirst(String provider, int opmode) throws Exception {
        Cipher c = cipher(provider, GCM);
        c.init(opmode, new SecretKeySpec(new byte[16], "AES"), new GCMParameterSpec(128, new byte[12]));
        c.updateAAD(new byte[3]);
        c.update(new byte[20]);
        assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[3]));
    }

    private static Cipher cipher(String provider, String t) throws Exception {
        return provider.equals(SUNJCE) ? Cipher.getInstance(t, SUNJCE) : Cipher.getInstance(t, SIMD);
    }

    /** Tag lengths 96..128 in steps of 8 only, IVs non-empty, keys 16/24/32, GCMParameterSpec only. */
    @ParameterizedTest
    @ValueSource(strings = {SUNJCE, SimdCryptProvider.NAME})
    void parametersAsSunJce(String provider) throws Exception {
        Cipher c = cipher(provider, GCM);
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        int iv = 1;
        for (int bits = 0; bits <= 136; bits += 8) {
            GCMParameterSpec spec = new GCMParameterSpec(bits, new byte[] {(byte) iv++});
            if (bits >= 96 && bits <= 128) {
                c.init(Cipher.ENCRYPT_MODE, key, spec);
                assertEquals(10 + bits / 8, c.doFinal(new byte[10]).length);
            } else {
                assertThrows(InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, key, spec),
                        "tag bits " + bits);
            }
        }
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[0])));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[12])));
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[20], "AES"),
                new GCMParameterSpec(128, new byte[12])));
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.DECRYPT_MODE, key), "decryption needs the IV");
        // Neither provider has AES/GCM with a padding (SunJCE's "AES" takes no GCM either).
        assertThrows(NoSuchAlgorithmException.class, () -> cipher(provider, "AES/GCM/PKCS5Padding"));
        assertEquals(16, c.getBlockSize());
    }

    /** getIV and getParameters give back what init took; AlgorithmParameters init works. */
    @Test
    void parametersRoundTrip() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], "AES");
        Cipher c = Cipher.getInstance(GCM, SIMD);
        byte[] iv = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8};
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(104, iv));
        assertArrayEquals(iv, c.getIV());
        AlgorithmParameters p = c.getParameters();
        GCMParameterSpec spec = p.getParameterSpec(GCMParameterSpec.class);
        assertEquals(104, spec.getTLen());
        assertArrayEquals(iv, spec.getIV());
        byte[] ct = c.doFinal(new byte[33]);
        Cipher sun = Cipher.getInstance(GCM, SUNJCE);
        sun.init(Cipher.DECRYPT_MODE, key, p);
        assertArrayEquals(new byte[33], sun.doFinal(ct));
        c.init(Cipher.DECRYPT_MODE, key, p);
        assertArrayEquals(new byte[33], c.doFinal(ct));
    }

    /** AlgorithmParameters "GCM": the JDK's encoding byte for byte, both ways; malformed input refused. */
    @Test
    void gcmParametersEncodeAsTheJdk() throws Exception {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int ivLen : new int[] {1, 12, 16, 127, 128, 255, 256, 300, 70_000}) {
            for (int bits = 96; bits <= 128; bits += 8) {
                GCMParameterSpec spec = new GCMParameterSpec(bits, random(rnd, ivLen));
                AlgorithmParameters jdk = AlgorithmParameters.getInstance("GCM", SUNJCE);
                jdk.init(spec);
                AlgorithmParameters ours = AlgorithmParameters.getInstance("GCM", SIMD);
                ours.init(spec);
                assertArrayEquals(jdk.getEncoded(), ours.getEncoded(), "iv " + ivLen + " tag " + bits);
                AlgorithmParameters back = AlgorithmParameters.getInstance("GCM", SIMD);
                back.init(jdk.getEncoded());
                GCMParameterSpec got = back.getParameterSpec(GCMParameterSpec.class);
                assertEquals(bits, got.getTLen());
                assertArrayEquals(spec.getIV(), got.getIV());
            }
        }
        java.util.HexFormat hex = java.util.HexFormat.of();
        // Empty; short; extra data after the sequence; tag lengths 11 and 17; truncated; not a
        // SEQUENCE; non-minimal length; content past its sequence; a two-byte INTEGER.
        for (String bad : new String[] {"", "30", "300304010102", "300604010102010b", "3006040101020111", "3004040101",
                "310304010102", "30810304010102", "3003040201", "30070401010202000c"}) {
            AlgorithmParameters p = AlgorithmParameters.getInstance("GCM", SIMD);
            assertThrows(java.io.IOException.class, () -> p.init(hex.parseHex(bad)), bad);
        }
    }

    /** A short output is a ShortBufferException that leaves the message intact for a retry. */
    @Test
    void shortBufferThenRetry() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
        Cipher c = Cipher.getInstance(GCM, SIMD);
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        byte[] pt = new byte[40];
        byte[] ct = new byte[56];
        c.updateAAD(new byte[5]);
        assertThrows(ShortBufferException.class, () -> c.doFinal(pt, 0, 40, new byte[55], 0));
        assertEquals(56, c.doFinal(pt, 0, 40, ct, 0));
        c.init(Cipher.DECRYPT_MODE, key, spec);
        c.updateAAD(new byte[5]);
        c.update(ct, 0, 20);
        assertThrows(ShortBufferException.class, () -> c.doFinal(ct, 20, 36, new byte[39], 0));
        byte[] back = new byte[40];
        assertEquals(40, c.doFinal(ct, 20, 36, back, 0));
        assertArrayEquals(pt, back);
    }

    /** The fixed-length names and their OIDs (2.16.840.1.101.3.4.1.6, .26, .46). */
    @ParameterizedTest
    @CsvSource({"AES_128/GCM/NoPadding, 2.16.840.1.101.3.4.1.6, 16", "AES_192/GCM/NoPadding, 2.16.840.1.101.3.4.1.26, 24",
            "AES_256/GCM/NoPadding, 2.16.840.1.101.3.4.1.46, 32"})
    void fixedNamesAndOids(String name, String oid, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(keyLen);
        SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "AES");
        byte[] pt = random(rnd, 77);
        int iv = 0;
        for (String n : new String[] {name, oid, "OID." + oid}) {
            GCMParameterSpec spec = new GCMParameterSpec(128, random(rnd, 12));
            Cipher sun = Cipher.getInstance(name, SUNJCE);
            sun.init(Cipher.ENCRYPT_MODE, key, spec);
            Cipher c = Cipher.getInstance(n, SIMD);
            c.init(Cipher.ENCRYPT_MODE, key, spec);
            assertArrayEquals(sun.doFinal(pt), c.doFinal(pt), n);
            SecretKeySpec other = new SecretKeySpec(new byte[keyLen == 16 ? 32 : 16], "AES");
            assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, other,
                    new GCMParameterSpec(128, new byte[12])), n);
            iv++;
        }
        assertEquals(3, iv);
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance(oid + "/CBC/NoPadding", SIMD));
    }

    /** AES-GMAC (GCM over AAD only) against Bouncy Castle's AES-GMAC, nonce from an IvParameterSpec. */
    @Test
    void gmacMatchesBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(5);
        Mac ours = Mac.getInstance("AES-GMAC", SIMD);
        Mac bc = Mac.getInstance("AES-GMAC", CipherTestSupport.BC);
        for (int trial = 0; trial < 60; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, 16 + 8 * rnd.nextInt(3)), "AES");
            IvParameterSpec nonce = new IvParameterSpec(random(rnd, 12));
            byte[] msg = random(rnd, rnd.nextInt(300));
            bc.init(key, nonce);
            ours.init(key, nonce);
            byte[] expected = bc.doFinal(msg);
            int split = msg.length == 0 ? 0 : rnd.nextInt(msg.length);
            ours.update(msg, 0, split);
            ours.update(ByteBuffer.allocateDirect(msg.length - split).put(msg, split, msg.length - split).flip());
            assertArrayEquals(expected, ours.doFinal(), "len " + msg.length);
            assertArrayEquals(expected, ours.doFinal(msg), "doFinal keeps the nonce, as Bouncy Castle's reset");
        }
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        assertThrows(InvalidAlgorithmParameterException.class, () -> ours.init(key, null), "a nonce is required");
        assertThrows(InvalidKeyException.class, () -> ours.init(key), "Mac.init(key) reports it so");
        assertEquals(16, Mac.getInstance("AESGMAC", SIMD).getMacLength());
    }
}
