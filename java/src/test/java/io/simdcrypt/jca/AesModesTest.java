/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AES's other NIST modes (docs/aes-modes.md) under the JCA names: CFB, CFB8, OFB and their
 * fixed-length OID names (SunJCE), AESWrap / AESWrapPad (SunJCE's RFC 3394 / 5649), AES/CCM
 * (Bouncy Castle's), AESCMAC (Bouncy Castle's). Each against SunJCE and Bouncy Castle on random
 * keys, IVs and messages of 0..1000 bytes fed in random splits (in place among them), the
 * standards' example vectors, and the failure cases.
 */
class AesModesTest {
    private static final String SUNJCE = "SunJCE";
    private static final HexFormat HEX = HexFormat.of();

    private static byte[] hex(String s) {
        return HEX.parseHex(s.replace(" ", ""));
    }

    private static SecretKeySpec aesKey(SplittableRandom rnd, int len) {
        return new SecretKeySpec(random(rnd, len), "AES");
    }

    // ---- CFB, CFB8, OFB ------------------------------------------------------------------------

    /** Random keys of every size, IVs, lengths 0..1000 and update splits: = SunJCE = Bouncy Castle, both ways. */
    @ParameterizedTest
    @ValueSource(strings = {"AES/CFB/NoPadding", "AES/CFB128/NoPadding", "AES/CFB8/NoPadding", "AES/OFB/NoPadding",
            "AES/OFB128/NoPadding"})
    void feedbackModesMatchSunJceAndBouncyCastle(String t) throws Exception {
        SplittableRandom rnd = new SplittableRandom(t.hashCode());
        Cipher ours = Cipher.getInstance(t, SIMD);
        Cipher sun = Cipher.getInstance(t, SUNJCE);
        Cipher bc = Cipher.getInstance(t, BC);
        for (int trial = 0; trial < 100; trial++) {
            int keyLen = 16 + 8 * rnd.nextInt(3);
            SecretKeySpec key = aesKey(rnd, keyLen);
            byte[] pt = random(rnd, trial < 17 ? trial : rnd.nextInt(1001));
            IvParameterSpec iv = new IvParameterSpec(random(rnd, 16));
            sun.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = sun.doFinal(pt);
            bc.init(Cipher.ENCRYPT_MODE, key, iv);
            String what = t + " key " + keyLen + " len " + pt.length;
            assertArrayEquals(expected, bc.doFinal(pt), what + ": SunJCE and Bouncy Castle agree");
            ours.init(Cipher.ENCRYPT_MODE, key, iv);
            assertArrayEquals(expected, runSplit(ours, pt, rnd), what);
            assertArrayEquals(expected, runSplit(ours, pt, rnd), what + " after doFinal (reset to init)");
            ours.init(Cipher.DECRYPT_MODE, key, iv);
            assertArrayEquals(pt, runSplit(ours, expected, rnd), what + " decrypt");
            assertEquals(pt.length, ours.getOutputSize(pt.length), "a stream: output = input");
        }
    }

    /**
     * Full-block CFB and OFB with a padding, as SunJCE pads them (the padded plaintext through
     * the stream) and Bouncy Castle too: random keys, lengths 0..1000, random splits; a bad
     * padding or a partial block at decryption is refused. CFB8 and CTR take NoPadding only.
     */
    @ParameterizedTest
    @ValueSource(strings = {"AES/CFB/PKCS5Padding", "AES/OFB/PKCS5Padding", "AES/CFB128/PKCS5Padding"})
    void paddedFeedbackModesMatchSunJceAndBouncyCastle(String t) throws Exception {
        SplittableRandom rnd = new SplittableRandom(t.hashCode());
        Cipher ours = Cipher.getInstance(t, SIMD);
        Cipher sun = Cipher.getInstance(t, SUNJCE);
        Cipher bc = Cipher.getInstance(t, BC);
        for (int trial = 0; trial < 100; trial++) {
            SecretKeySpec key = aesKey(rnd, 16 + 8 * rnd.nextInt(3));
            byte[] pt = random(rnd, trial < 33 ? trial : rnd.nextInt(1001));
            IvParameterSpec iv = new IvParameterSpec(random(rnd, 16));
            sun.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = sun.doFinal(pt);
            bc.init(Cipher.ENCRYPT_MODE, key, iv);
            String what = t + " len " + pt.length;
            assertArrayEquals(expected, bc.doFinal(pt), what + ": SunJCE and Bouncy Castle agree");
            ours.init(Cipher.ENCRYPT_MODE, key, iv);
            assertEquals(expected.length, ours.getOutputSize(pt.length), what + " output size");
            assertArrayEquals(expected, runSplit(ours, pt, rnd), what);
            ours.init(Cipher.DECRYPT_MODE, key, iv);
            assertArrayEquals(pt, runSplit(ours, expected, rnd), what + " decrypt");
            assertThrows(IllegalBlockSizeException.class, () -> ours.doFinal(expected, 0, expected.length - 1));
        }
        // A wrong last block: the padding check fails (SunJCE's BadPaddingException), nothing released.
        SecretKeySpec key = aesKey(rnd, 16);
        IvParameterSpec iv = new IvParameterSpec(random(rnd, 16));
        ours.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] ct = ours.doFinal(new byte[31]); // one byte of padding: 0x01
        ct[31] ^= 0x02; // now 0x03 after a zero byte: invalid
        ours.init(Cipher.DECRYPT_MODE, key, iv);
        byte[] out = new byte[32];
        assertThrows(BadPaddingException.class, () -> ours.doFinal(ct, 0, 32, out, 0));
        for (byte b : out) assertEquals(0, b, "nothing released");
        for (String refused : new String[] {"AES/CFB8/PKCS5Padding", "AES/CTR/PKCS5Padding"}) {
            assertThrows(javax.crypto.NoSuchPaddingException.class, () -> Cipher.getInstance(refused, SIMD), refused);
        }
    }

    /**
     * Every line's full-block CFB and OFB (JcaNaming.PADDED_STREAMS: Kalyna, Magma, GOST 28147-89
     * too) with PKCS5Padding is its NoPadding stream over the PKCS #7-padded plaintext, in random
     * splits, and decrypts back.
     */
    @Test
    void everyPaddedStreamIsThePaddedPlaintextThroughTheStream() throws Exception {
        SplittableRandom rnd = new SplittableRandom(5);
        int checked = 0;
        for (CipherAlgorithm alg : SimdCryptProvider.cipherAlgorithms()) {
            if (alg.fixedOf() != null) continue;
            for (String mode : alg.suffixByMode().keySet()) {
                if (!alg.isStream(mode) || !alg.takesPadding(mode)) continue;
                int bs = alg.blockSize();
                for (int keyLen : alg.prefixByKeyLength().keySet()) {
                    String nativeName = alg.nativeName(keyLen, mode);
                    if (nativeName == null) continue;
                    SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "RAW");
                    IvParameterSpec iv = new IvParameterSpec(random(rnd, CipherAlgorithm.info(nativeName).ivSize()));
                    byte[] pt = random(rnd, rnd.nextInt(300));
                    byte[] padded = Arrays.copyOf(pt, (pt.length / bs + 1) * bs);
                    Arrays.fill(padded, pt.length, padded.length, (byte) (padded.length - pt.length));
                    String base = alg.jcaName() + "/" + mode + "/";
                    Cipher plain = Cipher.getInstance(base + "NoPadding", SIMD);
                    plain.init(Cipher.ENCRYPT_MODE, key, iv);
                    byte[] expected = plain.doFinal(padded);
                    Cipher c = Cipher.getInstance(base + "PKCS5Padding", SIMD);
                    c.init(Cipher.ENCRYPT_MODE, key, iv);
                    assertArrayEquals(expected, runSplit(c, pt, rnd), base + " key " + keyLen + " len " + pt.length);
                    c.init(Cipher.DECRYPT_MODE, key, iv);
                    assertArrayEquals(pt, runSplit(c, expected, rnd), base + " decrypt");
                    checked++;
                }
            }
        }
        assertTrue(checked >= 20, "padded streams checked: " + checked);
    }

    /** SunJCE's fixed names and their NIST OIDs: that key length, mode and NoPadding only. */
    @ParameterizedTest
    @CsvSource({"AES_128/CFB/NoPadding, 2.16.840.1.101.3.4.1.4, 16", "AES_192/CFB/NoPadding, 2.16.840.1.101.3.4.1.24, 24",
            "AES_256/CFB/NoPadding, 2.16.840.1.101.3.4.1.44, 32", "AES_128/OFB/NoPadding, 2.16.840.1.101.3.4.1.3, 16",
            "AES_192/OFB/NoPadding, 2.16.840.1.101.3.4.1.23, 24", "AES_256/OFB/NoPadding, 2.16.840.1.101.3.4.1.43, 32"})
    void fixedNamesMatchSunJce(String name, String oid, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(name.hashCode());
        Cipher sun = Cipher.getInstance(name, SUNJCE);
        for (String ours : new String[] {name, oid, "OID." + oid}) {
            Cipher c = Cipher.getInstance(ours, SIMD);
            SecretKeySpec key = aesKey(rnd, keyLen);
            IvParameterSpec iv = new IvParameterSpec(random(rnd, 16));
            byte[] pt = random(rnd, rnd.nextInt(200));
            sun.init(Cipher.ENCRYPT_MODE, key, iv);
            c.init(Cipher.ENCRYPT_MODE, key, iv);
            assertArrayEquals(sun.doFinal(pt), runSplit(c, pt, rnd), ours);
            assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, aesKey(rnd, keyLen == 16 ? 32 : 16),
                    iv), ours + ": another key length");
        }
        String padded = name.replace("NoPadding", "PKCS5Padding");
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance(padded, SUNJCE), "SunJCE's behaviour");
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance(padded, SIMD), padded);
    }

    /**
     * SP 800-38A's examples: F.3.13 (CFB128-AES128.Encrypt), F.3.7 (CFB8-AES128.Encrypt, the
     * first 18 segments), F.4.1 (OFB-AES128.Encrypt); the decryption examples (F.3.14, F.3.8,
     * F.4.2) are the same vectors read backwards.
     */
    @ParameterizedTest
    @CsvSource({
        "AES/CFB/NoPadding, 6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710,"
                + " 3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6",
        "AES/CFB8/NoPadding, 6bc1bee22e409f96e93d7e117393172aae2d, 3b79424c9c0dd436bace9e0ed4586a4f32b9",
        "AES/OFB/NoPadding, 6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710,"
                + " 3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed8259740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e"})
    void sp80038aExamples(String t, String pt, String ct) throws Exception {
        SecretKeySpec key = new SecretKeySpec(hex("2b7e151628aed2a6abf7158809cf4f3c"), "AES");
        IvParameterSpec iv = new IvParameterSpec(hex("000102030405060708090a0b0c0d0e0f"));
        Cipher c = Cipher.getInstance(t, SIMD);
        c.init(Cipher.ENCRYPT_MODE, key, iv);
        assertArrayEquals(hex(ct), c.doFinal(hex(pt)), t);
        c.init(Cipher.DECRYPT_MODE, key, iv);
        assertArrayEquals(hex(pt), c.doFinal(hex(ct)), t + " decrypt");
    }

    /** CFB1, CFB16 or OFB8 are no name here (SunJCE's CFBn/OFBn with n < 128 other than CFB8). */
    @Test
    void otherSegmentSizesAreRefused() {
        for (String t : new String[] {"AES/CFB1/NoPadding", "AES/CFB16/NoPadding", "AES/OFB8/NoPadding", "AES/XTS/NoPadding"}) {
            assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance(t, SIMD), t);
        }
    }

    // ---- KW, KWP -------------------------------------------------------------------------------

    /**
     * RFC 3394 section 4 (4.1: 128-bit KEK, 128-bit key data; 4.6: 256 and 256) and RFC 5649
     * section 6 (192-bit KEK, 20 and 7 octets), under every name: bytes through
     * ENCRYPT/DECRYPT_MODE, and the key data as a SecretKey through WRAP/UNWRAP_MODE.
     */
    @ParameterizedTest
    @CsvSource({
        "AES/KW/NoPadding AESWrap AESKW AES_128/KW/NoPadding AESWrap_128 2.16.840.1.101.3.4.1.5, 000102030405060708090a0b0c0d0e0f,"
                + " 00112233445566778899aabbccddeeff, 1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5",
        "AES/KW/NoPadding AESWrap AES_256/KW/NoPadding AESWrap_256 OID.2.16.840.1.101.3.4.1.45,"
                + " 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f,"
                + " 00112233445566778899aabbccddeeff000102030405060708090a0b0c0d0e0f,"
                + " 28c9f404c4b810f4cbccb35cfb87f8263f5786e2d80ed326cbc7f0e71a99f43bfb988b9b7a02dd21",
        "AES/KWP/NoPadding AESWrapPad AESKWP AES_192/KWP/NoPadding AESWrapPad_192 2.16.840.1.101.3.4.1.28,"
                + " 5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8, c37b7e6492584340bed12207808941155068f738,"
                + " 138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a",
        "AES/KWP/NoPadding AESWrapPad AES_192/KWP/NoPadding, 5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8,"
                + " 466f7250617369, afbeb0f07dfbf5419200f2ccb50bb24f"})
    void rfcExamples(String names, String kek, String keyData, String wrapped) throws Exception {
        SecretKeySpec k = new SecretKeySpec(hex(kek), "AES");
        for (String name : names.split(" ")) {
            Cipher c = Cipher.getInstance(name, SIMD);
            c.init(Cipher.ENCRYPT_MODE, k);
            assertArrayEquals(hex(wrapped), c.doFinal(hex(keyData)), name);
            c.init(Cipher.DECRYPT_MODE, k);
            assertArrayEquals(hex(keyData), c.doFinal(hex(wrapped)), name + " decrypt");
            c.init(Cipher.WRAP_MODE, k);
            assertArrayEquals(hex(wrapped), c.wrap(new SecretKeySpec(hex(keyData), "HmacSHA256")), name + " wrap");
            c.init(Cipher.UNWRAP_MODE, k);
            Key unwrapped = c.unwrap(hex(wrapped), "HmacSHA256", Cipher.SECRET_KEY);
            assertEquals("HmacSHA256", unwrapped.getAlgorithm());
            assertArrayEquals(hex(keyData), unwrapped.getEncoded(), name + " unwrap");
        }
    }

    /**
     * Random KEKs of every size and key data of every length the mode takes up to 1000 bytes,
     * fed in random update splits: = SunJCE = Bouncy Castle; SecretKeys wrapped here unwrap
     * there and back.
     */
    @ParameterizedTest
    @CsvSource({"AES/KW/NoPadding, AESWRAP", "AES/KWP/NoPadding, AESWRAPPAD"})
    void keyWrapMatchesSunJceAndBouncyCastle(String name, String bcName) throws Exception {
        SplittableRandom rnd = new SplittableRandom(name.hashCode());
        boolean padded = name.contains("KWP");
        Cipher ours = Cipher.getInstance(name, SIMD);
        Cipher sun = Cipher.getInstance(name, SUNJCE);
        Cipher bc = Cipher.getInstance(bcName, BC);
        for (int trial = 0; trial < 100; trial++) {
            SecretKeySpec kek = aesKey(rnd, 16 + 8 * rnd.nextInt(3));
            int len = padded ? 1 + rnd.nextInt(1000) : 16 + 8 * rnd.nextInt(123);
            byte[] data = random(rnd, len);
            sun.init(Cipher.ENCRYPT_MODE, kek);
            byte[] expected = sun.doFinal(data);
            bc.init(Cipher.WRAP_MODE, kek);
            SecretKey asKey = new SecretKeySpec(data, "AES");
            String what = name + " kek " + kek.getEncoded().length + " len " + len;
            assertArrayEquals(expected, bc.wrap(asKey), what + ": SunJCE and Bouncy Castle agree");
            ours.init(Cipher.ENCRYPT_MODE, kek);
            assertEquals(expected.length, ours.getOutputSize(len), what + " output size (SunJCE's, exact)");
            assertEquals(sun.getOutputSize(len), ours.getOutputSize(len), what + " output size");
            assertEquals(8, ours.getBlockSize(), "SunJCE's: the semiblock");
            assertArrayEquals(expected, runSplit(ours, data, rnd), what);
            ours.init(Cipher.DECRYPT_MODE, kek);
            assertArrayEquals(data, runSplit(ours, expected, rnd), what + " decrypt");
            ours.init(Cipher.WRAP_MODE, kek);
            assertArrayEquals(expected, ours.wrap(asKey), what + " wrap");
            ours.init(Cipher.UNWRAP_MODE, kek);
            assertArrayEquals(data, ours.unwrap(expected, "AES", Cipher.SECRET_KEY).getEncoded(), what + " unwrap");
            sun.init(Cipher.UNWRAP_MODE, kek);
            assertArrayEquals(data, sun.unwrap(expected, "AES", Cipher.SECRET_KEY).getEncoded(), what + " SunJCE unwraps");
        }
    }

    /**
     * A wrapped key with any bit flipped (or cut short) is refused: InvalidKeyException on
     * unwrap, BadPaddingException (or IllegalBlockSizeException for a length no wrap has) on
     * decryption, and no key data released; lengths the mode cannot wrap are refused.
     */
    @ParameterizedTest
    @ValueSource(strings = {"AESWrap", "AESWrapPad"})
    void badWrapsAreRefused(String name) throws Exception {
        SplittableRandom rnd = new SplittableRandom(name.hashCode());
        Cipher c = Cipher.getInstance(name, SIMD);
        for (int trial = 0; trial < 40; trial++) {
            SecretKeySpec kek = aesKey(rnd, 16 + 8 * rnd.nextInt(3));
            byte[] data = random(rnd, 16 + 8 * rnd.nextInt(10));
            c.init(Cipher.ENCRYPT_MODE, kek);
            byte[] wrapped = c.doFinal(data);
            byte[] bad = wrapped.clone();
            int bit = rnd.nextInt(bad.length * 8);
            bad[bit / 8] ^= (byte) (1 << (bit % 8));
            c.init(Cipher.UNWRAP_MODE, kek);
            assertThrows(InvalidKeyException.class, () -> c.unwrap(bad, "AES", Cipher.SECRET_KEY), "bit " + bit);
            c.init(Cipher.DECRYPT_MODE, kek);
            byte[] out = new byte[wrapped.length];
            Arrays.fill(out, (byte) 0x55);
            assertThrows(BadPaddingException.class, () -> c.doFinal(bad, 0, bad.length, out, 0), "bit " + bit);
            for (byte b : out) assertEquals((byte) 0x55, b, "nothing released");
            c.init(Cipher.UNWRAP_MODE, aesKey(rnd, kek.getEncoded().length));
            assertThrows(InvalidKeyException.class, () -> c.unwrap(wrapped, "AES", Cipher.SECRET_KEY), "another KEK");
            c.init(Cipher.DECRYPT_MODE, kek);
            assertThrows(IllegalBlockSizeException.class, () -> c.doFinal(Arrays.copyOf(wrapped, wrapped.length - 3)));
        }
        Cipher wrap = Cipher.getInstance(name, SIMD);
        wrap.init(Cipher.ENCRYPT_MODE, aesKey(rnd, 16));
        assertThrows(IllegalBlockSizeException.class, () -> wrap.doFinal(new byte[0]), "nothing to wrap");
        if (name.equals("AESWrap")) {
            for (int len : new int[] {8, 17, 23}) {
                assertThrows(IllegalBlockSizeException.class, () -> wrap.doFinal(new byte[len]), "KW of " + len);
            }
        }
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> wrap.init(Cipher.ENCRYPT_MODE, aesKey(rnd, 16), new IvParameterSpec(new byte[8])));
        assertThrows(InvalidKeyException.class, () -> Cipher.getInstance(name.equals("AESWrap") ? "AESWrap_128"
                : "AESWrapPad_128", SIMD).init(Cipher.WRAP_MODE, aesKey(rnd, 32)), "fixed KEK length");
    }

    // ---- CCM -----------------------------------------------------------------------------------

    /**
     * Random keys, nonces of 7..13 bytes, tags of 4..16 bytes (even), AAD of 0..50 and messages
     * of 0..1000 bytes, AAD and data in random pieces: = Bouncy Castle's AES/CCM/NoPadding, and
     * a tampered message opens to AEADBadTagException releasing nothing.
     */
    @Test
    void ccmMatchesBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7);
        Cipher ours = Cipher.getInstance("AES/CCM/NoPadding", SIMD);
        Cipher bc = Cipher.getInstance("AES/CCM/NoPadding", BC);
        for (int trial = 0; trial < 100; trial++) {
            SecretKeySpec key = aesKey(rnd, 16 + 8 * rnd.nextInt(3));
            int tagLen = 4 + 2 * rnd.nextInt(7);
            GCMParameterSpec spec = new GCMParameterSpec(tagLen * 8, random(rnd, 7 + rnd.nextInt(7)));
            byte[] aad = random(rnd, rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(51));
            byte[] pt = random(rnd, trial < 10 ? trial : rnd.nextInt(1001));
            String what = "key " + key.getEncoded().length + " nonce " + spec.getIV().length + " tag " + tagLen
                    + " aad " + aad.length + " len " + pt.length;
            CipherTestSupport.sameAsReference(bc, ours, key, spec, aad, pt, rnd, what);
            bc.init(Cipher.ENCRYPT_MODE, key, spec);
            bc.updateAAD(aad);
            byte[] ct = bc.doFinal(pt);
            // CCM is one-shot: the tag is checked before anything is written, so a tampered
            // message leaves every kind of output untouched.
            if (trial % 4 == 0) {
                CipherTestSupport.tamperingReleasesNothing(ours, key, spec, tagLen, aad, pt, ct, rnd, true);
            }
        }
    }

    /**
     * SP 800-38C appendix C, examples 1..3 (key 404142..4f; nonces of 7, 8 and 12 bytes, tags of
     * 4, 6 and 8 bytes), under the general name and the fixed AES_128/CCM/NoPadding (id-aes128-CCM).
     */
    @ParameterizedTest
    @CsvSource({
        "10111213141516, 0001020304050607, 20212223, 32, 7162015b4dac255d",
        "1011121314151617, 000102030405060708090a0b0c0d0e0f, 202122232425262728292a2b2c2d2e2f, 48,"
                + " d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd",
        "101112131415161718191a1b, 000102030405060708090a0b0c0d0e0f10111213,"
                + " 202122232425262728292a2b2c2d2e2f3031323334353637, 64,"
                + " e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951"})
    void sp80038cExamples(String nonce, String aad, String pt, int tagBits, String ct) throws Exception {
        SecretKeySpec key = new SecretKeySpec(hex("404142434445464748494a4b4c4d4e4f"), "AES");
        GCMParameterSpec spec = new GCMParameterSpec(tagBits, hex(nonce));
        for (String name : new String[] {"AES/CCM/NoPadding", "AES_128/CCM/NoPadding", "2.16.840.1.101.3.4.1.7"}) {
            Cipher c = Cipher.getInstance(name, SIMD);
            c.init(Cipher.ENCRYPT_MODE, key, spec);
            c.updateAAD(hex(aad));
            assertArrayEquals(hex(ct), c.doFinal(hex(pt)), name);
            c.init(Cipher.DECRYPT_MODE, key, spec);
            c.updateAAD(hex(aad));
            assertArrayEquals(hex(pt), c.doFinal(hex(ct)), name + " decrypt");
        }
    }

    /**
     * Bouncy Castle's parameter rules: an IvParameterSpec means a 64-bit tag, no parameters a
     * random 12-byte nonce (getIV) with a 64-bit tag; nonces outside 7..13 bytes, odd or
     * out-of-range tags refused; a repeated key and nonce for encryption refused (stricter than
     * Bouncy Castle); the block size is AES's.
     */
    @Test
    void ccmParameters() throws Exception {
        SplittableRandom rnd = new SplittableRandom(13);
        SecretKeySpec key = aesKey(rnd, 16);
        byte[] nonce = random(rnd, 11), pt = random(rnd, 40);
        Cipher ours = Cipher.getInstance("AES/CCM/NoPadding", SIMD);
        Cipher bc = Cipher.getInstance("AES/CCM/NoPadding", BC);
        assertEquals(16, ours.getBlockSize());
        ours.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
        bc.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
        byte[] ct = ours.doFinal(pt);
        assertEquals(pt.length + 8, ct.length, "64-bit tag");
        assertArrayEquals(bc.doFinal(pt), ct, "IvParameterSpec as Bouncy Castle's");
        ours.init(Cipher.ENCRYPT_MODE, key);
        byte[] drawn = ours.getIV();
        assertEquals(12, drawn.length);
        byte[] ct2 = ours.doFinal(pt);
        ours.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(64, drawn));
        assertArrayEquals(pt, ours.doFinal(ct2), "default: 64-bit tag");
        assertThrows(InvalidKeyException.class, () -> ours.init(Cipher.DECRYPT_MODE, key), "decryption needs parameters");
        // Bouncy Castle's AEADParameterSpec (an IvParameterSpec subclass): its MAC size, not a bare IV's.
        var aeadSpec = new org.bouncycastle.jcajce.spec.AEADParameterSpec(random(rnd, 13), 96);
        ours.init(Cipher.ENCRYPT_MODE, key, aeadSpec);
        bc.init(Cipher.ENCRYPT_MODE, key, aeadSpec);
        byte[] ct3 = ours.doFinal(pt);
        assertEquals(pt.length + 12, ct3.length);
        assertArrayEquals(bc.doFinal(pt), ct3, "AEADParameterSpec as Bouncy Castle's");
        assertThrows(InvalidAlgorithmParameterException.class, () -> ours.init(Cipher.ENCRYPT_MODE, key,
                new org.bouncycastle.jcajce.spec.AEADParameterSpec(random(rnd, 13), 96, new byte[3])),
                "associated text in the parameters");
        for (int n : new int[] {0, 6, 14, 16}) {
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> ours.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[n])), "nonce " + n);
        }
        for (int t : new int[] {0, 24, 40, 72, 136, 127}) {
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> ours.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(t, nonce)), "tag bits " + t);
        }
        GCMParameterSpec spec = new GCMParameterSpec(128, nonce);
        ours.init(Cipher.ENCRYPT_MODE, key, spec);
        ours.doFinal(pt);
        assertThrows(InvalidAlgorithmParameterException.class, () -> ours.init(Cipher.ENCRYPT_MODE, key, spec),
                "the key and nonce of the last encryption");
        assertThrows(InvalidKeyException.class, () -> ours.init(Cipher.ENCRYPT_MODE, aesKey(rnd, 20), spec));
        // A message ending in a direct buffer, and a bad tag there, release nothing either.
        ours.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, random(rnd, 13)));
        byte[] sealed = ours.doFinal(pt);
        ours.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, nonce));
        ByteBuffer out = ByteBuffer.allocateDirect(pt.length);
        assertThrows(AEADBadTagException.class, () -> ours.doFinal(ByteBuffer.wrap(sealed), out));
        assertEquals(0, out.position());
    }

    // ---- CMAC ----------------------------------------------------------------------------------

    /**
     * SP 800-38B appendix D: D.1 (AES-128) examples 1..4 (0, 16, 40, 64 bytes), D.2 and D.3
     * example 2 (AES-192, AES-256, 16 bytes), under both names.
     */
    @ParameterizedTest
    @CsvSource({
        "2b7e151628aed2a6abf7158809cf4f3c, 0, bb1d6929e95937287fa37d129b756746",
        "2b7e151628aed2a6abf7158809cf4f3c, 16, 070a16b46b4d4144f79bdd9dd04a287c",
        "2b7e151628aed2a6abf7158809cf4f3c, 40, dfa66747de9ae63030ca32611497c827",
        "2b7e151628aed2a6abf7158809cf4f3c, 64, 51f0bebf7e3b9d92fc49741779363cfe",
        "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b, 16, 9e99a7bf31e710900662f65e617c5184",
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4, 16, 28a7023f452e8f82bd4bf28d8c37c35c"})
    void sp80038bExamples(String key, int len, String tag) throws Exception {
        byte[] msg = Arrays.copyOf(hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"), len);
        for (String name : new String[] {"AESCMAC", "AES-CMAC"}) {
            Mac mac = Mac.getInstance(name, SIMD);
            mac.init(new SecretKeySpec(hex(key), "AES"));
            assertEquals(16, mac.getMacLength());
            assertArrayEquals(hex(tag), mac.doFinal(msg), name + " " + len);
        }
    }

    /** Random keys of every size and messages of 0..1000 bytes in random pieces: = Bouncy Castle's AESCMAC. */
    @Test
    void cmacMatchesBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(38);
        Mac ours = Mac.getInstance("AESCMAC", SIMD);
        Mac bc = Mac.getInstance("AESCMAC", BC);
        for (int trial = 0; trial < 150; trial++) {
            SecretKeySpec key = aesKey(rnd, 16 + 8 * rnd.nextInt(3));
            byte[] msg = random(rnd, trial < 40 ? trial : rnd.nextInt(1001));
            bc.init(key);
            byte[] expected = bc.doFinal(msg);
            ours.init(key);
            for (int round = 0; round < 2; round++) { // doFinal resets: the same again
                CipherTestSupport.macInPieces(ours, msg, 200, rnd);
                assertArrayEquals(expected, ours.doFinal(), "key " + key.getEncoded().length + " len " + msg.length);
            }
        }
        assertThrows(InvalidKeyException.class, () -> ours.init(aesKey(rnd, 20)));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> ours.init(aesKey(rnd, 16), new IvParameterSpec(new byte[16])), "CMAC takes no IV");
    }
}
