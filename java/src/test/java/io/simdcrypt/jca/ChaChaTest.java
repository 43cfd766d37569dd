/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.sameAsReference;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.function.Function;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ChaCha20, ChaCha20-Poly1305, XChaCha20-Poly1305 and Poly1305: the RFC 8439 (and XChaCha
 * draft) vectors, SunJCE's ChaCha20 and ChaCha20-Poly1305 (Bouncy Castle's Poly1305) on random
 * inputs, and SunJCE's rules run as the same calls on both providers.
 */
class ChaChaTest {
    private static final String SUNJCE = "SunJCE";
    private static final String AEAD = "ChaCha20-Poly1305";
    private static final String XAEAD = "XChaCha20-Poly1305";
    private static final String CHACHA20 = "ChaCha20";
    private static final HexFormat HEX = HexFormat.of();
    /** RFC 8439's sample plaintext (2.4.2, 2.8.2). */
    private static final byte[] LADIES = ("Ladies and Gentlemen of the class of '99: If I could offer you only one"
            + " tip for the future, sunscreen would be it.").getBytes(StandardCharsets.US_ASCII);
    /** 80 81 .. 9f: the AEAD key of RFC 8439 2.8.2 and of the XChaCha draft A.3.1. */
    private static final SecretKeySpec KEY_80 = key("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
    private static final byte[] AAD_282 = HEX.parseHex("50515253c0c1c2c3c4c5c6c7");

    private static SecretKeySpec key(String hex) {
        return new SecretKeySpec(HEX.parseHex(hex), CHACHA20);
    }

    private static Cipher cipher(String provider, String name) throws Exception {
        return Cipher.getInstance(name, provider.equals(SUNJCE) ? Security.getProvider(SUNJCE) : SIMD);
    }

    // ---- known answers ------------------------------------------------------------------------

    /** RFC 8439 2.4.2: ChaCha20 from block 1; SunJCE gives the same bytes (the vector's transcription). */
    @ParameterizedTest
    @ValueSource(strings = {SUNJCE, SimdCryptProvider.NAME})
    void rfc8439Section242(String provider) throws Exception {
        SecretKeySpec key = key("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(HEX.parseHex("000000000000004a00000000"), 1);
        byte[] expected = HEX.parseHex("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c552"
                + "4733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf8"
                + "06818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d");
        Cipher c = cipher(provider, CHACHA20);
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        assertArrayEquals(expected, c.doFinal(LADIES));
        c.init(Cipher.DECRYPT_MODE, key, spec);
        assertArrayEquals(LADIES, c.doFinal(expected));
    }

    /** RFC 8439 2.5.2: Poly1305 under its one-time key r || s, ours and Bouncy Castle's. */
    @Test
    void rfc8439Section252() throws Exception {
        SecretKeySpec key = new SecretKeySpec(
                HEX.parseHex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"), "Poly1305");
        byte[] msg = "Cryptographic Forum Research Group".getBytes(StandardCharsets.US_ASCII);
        byte[] tag = HEX.parseHex("a8061dc1305136c6c22b8baf0c0127a9");
        for (Provider p : new Provider[] {BC, SIMD}) {
            Mac mac = Mac.getInstance("Poly1305", p);
            mac.init(key);
            assertEquals(16, mac.getMacLength());
            assertArrayEquals(tag, mac.doFinal(msg), p.getName());
        }
    }

    /** RFC 8439 2.8.2: ChaCha20-Poly1305 seal and open, on both providers. */
    @ParameterizedTest
    @ValueSource(strings = {SUNJCE, SimdCryptProvider.NAME})
    void rfc8439Section282(String provider) throws Exception {
        IvParameterSpec nonce = new IvParameterSpec(HEX.parseHex("070000004041424344454647"));
        byte[] expected = HEX.parseHex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8c"
                + "a9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675"
                + "945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116" + "1ae10b594f09e26a7e902ecbd0600691");
        Cipher c = cipher(provider, AEAD);
        c.init(Cipher.ENCRYPT_MODE, KEY_80, nonce);
        c.updateAAD(AAD_282);
        assertArrayEquals(expected, c.doFinal(LADIES));
        c.init(Cipher.DECRYPT_MODE, KEY_80, nonce);
        c.updateAAD(AAD_282);
        assertArrayEquals(LADIES, c.doFinal(expected));
    }

    /** draft-irtf-cfrg-xchacha-03 A.3.1 (no JDK provider has XChaCha20-Poly1305); its 24-byte nonce only. */
    @Test
    void xchachaDraftA31() throws Exception {
        IvParameterSpec nonce = new IvParameterSpec(HEX.parseHex("404142434445464748494a4b4c4d4e4f5051525354555657"));
        byte[] expected = HEX.parseHex("bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b"
                + "4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc36948"
                + "8f76b2383565d3fff921f9664c97637da9768812f615c68b13b52ec0875924c1c7987947deafd8780acf49");
        Cipher c = Cipher.getInstance(XAEAD, SIMD);
        c.init(Cipher.ENCRYPT_MODE, KEY_80, nonce);
        c.updateAAD(AAD_282);
        assertArrayEquals(expected, c.doFinal(LADIES));
        c.init(Cipher.DECRYPT_MODE, KEY_80, nonce);
        c.updateAAD(AAD_282);
        assertArrayEquals(LADIES, c.doFinal(expected));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, KEY_80, new IvParameterSpec(new byte[12])));
        c.init(Cipher.ENCRYPT_MODE, KEY_80);
        assertEquals(24, c.getIV().length, "a drawn nonce has XChaCha's length");
    }

    // ---- against SunJCE -----------------------------------------------------------------------

    /** Random keys, nonces, AAD and lengths 0..1000 (and one past a native call) in random splits, both ways. */
    @Test
    void aeadMatchesSunJce() throws Exception {
        SplittableRandom rnd = new SplittableRandom(8439);
        Cipher sun = Cipher.getInstance(AEAD, SUNJCE);
        Cipher ours = Cipher.getInstance(AEAD, SIMD);
        for (int trial = 0; trial < 300; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, 32), CHACHA20);
            IvParameterSpec nonce = new IvParameterSpec(random(rnd, 12));
            byte[] aad = random(rnd, rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(100));
            byte[] pt = random(rnd, trial == 0 ? 256 * 1024 + 77 : rnd.nextInt(1001));
            sameAsReference(sun, ours, key, nonce, aad, pt, rnd, "aad " + aad.length + " len " + pt.length);
        }
        // A nonce drawn by init: SunJCE opens what we sealed with it.
        drawnNonceOpensOnSunJce(ours, sun, rnd, c -> new IvParameterSpec(c.getIV()));
    }

    /** What init draws itself (no parameters): SunJCE decrypts with the parameters it then reports. */
    private static void drawnNonceOpensOnSunJce(Cipher ours, Cipher sun, SplittableRandom rnd,
            Function<Cipher, AlgorithmParameterSpec> reported) throws Exception {
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), CHACHA20);
        ours.init(Cipher.ENCRYPT_MODE, key);
        byte[] ct = ours.doFinal(LADIES);
        sun.init(Cipher.DECRYPT_MODE, key, reported.apply(ours));
        assertArrayEquals(LADIES, sun.doFinal(ct));
    }

    /**
     * Random keys, nonces, counters (any unsigned 32-bit value that leaves room for the message,
     * and right up to the last block) and lengths in random splits, both ways.
     */
    @Test
    void chaCha20MatchesSunJce() throws Exception {
        SplittableRandom rnd = new SplittableRandom(20);
        Cipher sun = Cipher.getInstance(CHACHA20, SUNJCE);
        Cipher ours = Cipher.getInstance(CHACHA20, SIMD);
        for (int trial = 0; trial < 300; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, 32), CHACHA20);
            byte[] pt = random(rnd, trial == 0 ? 256 * 1024 + 77 : rnd.nextInt(1001));
            long blocks = (pt.length + 63) / 64;
            long room = (1L << 32) - blocks; // first counters that reach no further than block 2^32 - 1
            long counter = switch (trial % 3) {
                case 0 -> rnd.nextLong(Math.min(room + 1, 1 << 20));
                case 1 -> rnd.nextLong(room + 1);
                default -> room; // ends at the last block
            };
            ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(random(rnd, 12), (int) counter);
            sameAsReference(sun, ours, key, spec, new byte[0], pt, rnd, "counter " + counter + " len " + pt.length);
        }
        // No parameters: a drawn nonce, block counter 1 (SunJCE's default).
        drawnNonceOpensOnSunJce(ours, sun, rnd, c -> new ChaCha20ParameterSpec(c.getIV(), 1));
        // Past block 2^32 - 1 the message is refused (SunJCE lets the counter run on).
        SecretKeySpec key = new SecretKeySpec(random(rnd, 32), CHACHA20);
        ours.init(Cipher.ENCRYPT_MODE, key, new ChaCha20ParameterSpec(new byte[12], -1));
        assertThrows(IllegalStateException.class, () -> ours.doFinal(new byte[65]));
    }

    // ---- SunJCE's rules, the same calls on both providers ------------------------------------

    /** A flipped bit anywhere: AEADBadTagException, nothing released, the genuine message still opens. */
    @ParameterizedTest
    @ValueSource(strings = {AEAD, XAEAD})
    void tamperingIsRefusedAndReleasesNothing(String name) throws Exception {
        SplittableRandom rnd = new SplittableRandom(name.length());
        Cipher ours = Cipher.getInstance(name, SIMD);
        int nonceLen = name.equals(AEAD) ? 12 : 24;
        for (int trial = 0; trial < 40; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, 32), CHACHA20);
            IvParameterSpec nonce = new IvParameterSpec(random(rnd, nonceLen));
            byte[] aad = random(rnd, rnd.nextInt(30));
            byte[] pt = random(rnd, 1 + rnd.nextInt(200));
            ours.init(Cipher.ENCRYPT_MODE, key, nonce);
            ours.updateAAD(aad);
            byte[] ct = ours.doFinal(pt);
            CipherTestSupport.tamperingReleasesNothing(ours, key, nonce, 16, aad, pt, ct, rnd);
        }
    }

    /**
     * SunJCE refuses to encrypt under the key and nonce of the previous init, whatever its
     * direction (and for ChaCha20 whatever the counter), and any use of a finished encryption.
     */
    @ParameterizedTest
    @ValueSource(strings = {SUNJCE, SimdCryptProvider.NAME})
    void nonceReuseIsRefused(String provider) throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], CHACHA20);
        SecretKeySpec key2 = new SecretKeySpec(new byte[32], CHACHA20); // equal bytes, another object
        SecretKeySpec other = new SecretKeySpec(HEX.parseHex("01".repeat(32)), CHACHA20);
        IvParameterSpec n1 = new IvParameterSpec(new byte[12]);
        IvParameterSpec n2 = new IvParameterSpec(HEX.parseHex("000000000000000000000002"));
        Cipher c = cipher(provider, AEAD);
        c.init(Cipher.ENCRYPT_MODE, key, n1);
        c.updateAAD(new byte[3]);
        assertEquals(26, c.doFinal(new byte[10]).length);
        assertThrows(IllegalStateException.class, () -> c.update(new byte[1]), "after doFinal, no update");
        assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[1]), "nor AAD");
        assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[1]), "nor doFinal");
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, key2, n1), "same key and nonce");
        c.init(Cipher.DECRYPT_MODE, key, n1); // decryption with them is fine
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, key, n1), "still refused");
        c.init(Cipher.ENCRYPT_MODE, key, n2); // another nonce: a new message
        c.init(Cipher.ENCRYPT_MODE, other, n1); // another key too
        // The previous init counts even when it was a decryption.
        c.init(Cipher.DECRYPT_MODE, key, n2);
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, key, n2), "after decryption");
        // AAD before data only.
        c.init(Cipher.ENCRYPT_MODE, other, n2);
        c.update(new byte[4]);
        assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[1]));

        Cipher s = cipher(provider, CHACHA20);
        s.init(Cipher.ENCRYPT_MODE, key, new ChaCha20ParameterSpec(new byte[12], 1));
        assertThrows(IllegalStateException.class, () -> s.updateAAD(new byte[1]), "ChaCha20 takes no AAD");
        assertEquals(5, s.doFinal(new byte[5]).length);
        assertThrows(IllegalStateException.class, () -> s.update(new byte[1]), "after doFinal, no update");
        assertThrows(InvalidKeyException.class,
                () -> s.init(Cipher.ENCRYPT_MODE, key, new ChaCha20ParameterSpec(new byte[12], 7)), "other counter");
        s.init(Cipher.DECRYPT_MODE, key, new ChaCha20ParameterSpec(new byte[12], 7));
        byte[] once = s.doFinal(new byte[5]);
        assertArrayEquals(once, s.doFinal(new byte[5]), "decryption repeats after doFinal");
    }

    /** Parameters, sizes, names and what is refused: as SunJCE, the same calls on both providers. */
    @ParameterizedTest
    @ValueSource(strings = {SUNJCE, SimdCryptProvider.NAME})
    void parametersAndRefusals(String provider) throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], CHACHA20);
        byte[] nonce = HEX.parseHex("0102030405060708090a0b0c");
        Cipher c = cipher(provider, AEAD);
        assertEquals(0, c.getBlockSize());
        c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
        assertArrayEquals(nonce, c.getIV());
        AlgorithmParameters params = c.getParameters();
        assertEquals(AEAD, params.getAlgorithm());
        assertArrayEquals(HEX.parseHex("040c0102030405060708090a0b0c"), params.getEncoded(), "DER OCTET STRING");
        assertEquals(21, c.getOutputSize(5));
        // The other provider's parameters are taken.
        Cipher d = cipher(provider, AEAD);
        Cipher e = Cipher.getInstance(AEAD, provider.equals(SUNJCE) ? SIMD : Security.getProvider(SUNJCE));
        e.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
        d.init(Cipher.DECRYPT_MODE, key, e.getParameters());
        assertArrayEquals(nonce, d.getIV());
        assertEquals(0, d.getOutputSize(10));
        assertEquals(4, d.getOutputSize(20));
        // Refused: other specs, nonce lengths, key lengths, decryption without parameters.
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> d.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce)));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> d.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[8])));
        assertThrows(InvalidKeyException.class, () -> d.init(Cipher.ENCRYPT_MODE,
                new SecretKeySpec(new byte[16], CHACHA20), new IvParameterSpec(nonce)));
        assertThrows(InvalidKeyException.class, () -> d.init(Cipher.DECRYPT_MODE, key));
        d.init(Cipher.ENCRYPT_MODE, key);
        assertEquals(12, d.getIV().length);

        Cipher s = cipher(provider, CHACHA20);
        assertEquals(0, s.getBlockSize());
        s.init(Cipher.ENCRYPT_MODE, key, new ChaCha20ParameterSpec(nonce, 3));
        assertArrayEquals(nonce, s.getIV());
        assertNull(s.getParameters(), "ChaCha20 has no AlgorithmParameters");
        assertEquals(5, s.getOutputSize(5));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> s.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce)));
        assertThrows(InvalidKeyException.class, () -> s.init(Cipher.DECRYPT_MODE, key));
        assertThrows(InvalidKeyException.class, () -> s.init(Cipher.ENCRYPT_MODE,
                new SecretKeySpec(new byte[31], CHACHA20), new ChaCha20ParameterSpec(nonce, 0)));

        // Names: mode None and NoPadding only; the OID of RFC 8103.
        for (String t : new String[] {"ChaCha20/None/NoPadding", "ChaCha20-Poly1305/None/NoPadding",
                "1.2.840.113549.1.9.16.3.18"}) {
            assertNotNull(cipher(provider, t), t);
        }
        for (String t : new String[] {"ChaCha20/ECB/NoPadding", "ChaCha20-Poly1305/GCM/NoPadding"}) {
            assertThrows(NoSuchAlgorithmException.class, () -> cipher(provider, t), t);
        }
        assertThrows(javax.crypto.NoSuchPaddingException.class, () -> cipher(provider, "ChaCha20/None/PKCS5Padding"));
        assertEquals(32, KeyGenerator.getInstance(CHACHA20, provider.equals(SUNJCE)
                ? Security.getProvider(SUNJCE) : SIMD).generateKey().getEncoded().length);
    }

    // ---- Poly1305 -----------------------------------------------------------------------------

    /** Random keys and messages (lengths 0..600) fed in random pieces: Bouncy Castle's tags. */
    @Test
    void poly1305MatchesBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(1305);
        Mac bc = Mac.getInstance("POLY1305", BC);
        Mac ours = Mac.getInstance("Poly1305", SIMD);
        for (int trial = 0; trial < 300; trial++) {
            byte[] k = random(rnd, 32);
            if (trial < 4) java.util.Arrays.fill(k, trial < 2 ? 0 : (byte) 0xff); // edge keys
            SecretKeySpec key = new SecretKeySpec(k, "Poly1305");
            byte[] msg = random(rnd, rnd.nextInt(601));
            if (trial % 7 == 0) java.util.Arrays.fill(msg, (byte) 0xff); // carries through every limb
            bc.init(key);
            byte[] expected = bc.doFinal(msg);
            ours.init(key);
            int pos = 0;
            while (pos < msg.length) {
                int n = Math.min(msg.length - pos, rnd.nextInt(80) + 1);
                switch (rnd.nextInt(3)) {
                    case 0 -> ours.update(msg, pos, n);
                    case 1 -> ours.update(ByteBuffer.allocateDirect(n).put(msg, pos, n).flip());
                    default -> {
                        for (int i = pos; i < pos + n; i++) ours.update(msg[i]);
                    }
                }
                pos += n;
            }
            assertArrayEquals(expected, ours.doFinal(), "len " + msg.length);
            assertArrayEquals(expected, ours.doFinal(msg), "after doFinal: the same key again");
        }
        assertThrows(InvalidKeyException.class, () -> ours.init(new SecretKeySpec(new byte[16], "Poly1305")));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> ours.init(new SecretKeySpec(new byte[32], "Poly1305"), new IvParameterSpec(new byte[12])));
    }

    /** The names the table derives for the ChaCha family, and XChaCha20 left out with its reason. */
    @Test
    void namesOfTheFamily() {
        AlgorithmTable t = AlgorithmTable.load();
        AeadAlgorithm aead = t.aeads().stream().filter(a -> a.jcaName().equals(AEAD)).findFirst().orElseThrow();
        assertEquals(java.util.Map.of(32, "chacha20-poly1305"), aead.nameByKeyLength());
        assertEquals(java.util.List.of("1.2.840.113549.1.9.16.3.18", "OID.1.2.840.113549.1.9.16.3.18"), aead.aliases());
        assertEquals(AeadAlgorithm.Kind.NONCE_IV, aead.kind());
        AeadAlgorithm plain = t.aeads().stream().filter(a -> a.jcaName().equals(CHACHA20)).findFirst().orElseThrow();
        assertEquals(java.util.Map.of(32, "chacha20"), plain.nameByKeyLength());
        assertEquals(AeadAlgorithm.Kind.CHACHA20, plain.kind());
        assertEquals("NONE", plain.mode());
        assertEquals(24, t.aeads().stream().filter(a -> a.jcaName().equals(XAEAD)).findFirst().orElseThrow()
                .nonceSize());
        assertFalse(JcaNaming.family("chacha").unoffered().get("xchacha20").isEmpty());
        assertNotNull(SIMD.getService("AlgorithmParameters", AEAD));
        assertNotNull(SIMD.getService("Mac", "Poly1305"));
    }

    /** Key wrapping runs as encryption and decryption of the key's bytes (SunJCE refuses it for ChaCha). */
    @ParameterizedTest
    @ValueSource(strings = {AEAD, CHACHA20})
    void wrapAndUnwrap(String name) throws Exception {
        SecretKeySpec kek = new SecretKeySpec(HEX.parseHex("42".repeat(32)), CHACHA20);
        AlgorithmParameterSpec spec = name.equals(AEAD) ? new IvParameterSpec(new byte[12])
                : new ChaCha20ParameterSpec(new byte[12], 1);
        SecretKeySpec aes = new SecretKeySpec(HEX.parseHex("00112233445566778899aabbccddeeff"), "AES");
        Cipher c = Cipher.getInstance(name, SIMD);
        c.init(Cipher.WRAP_MODE, kek, spec);
        byte[] wrapped = c.wrap(aes);
        assertEquals(16 + (name.equals(AEAD) ? 16 : 0), wrapped.length);
        c.init(Cipher.UNWRAP_MODE, kek, spec);
        assertEquals(aes, c.unwrap(wrapped, "AES", Cipher.SECRET_KEY));
        if (name.equals(AEAD)) {
            wrapped[0] ^= 1;
            assertThrows(InvalidKeyException.class, () -> c.unwrap(wrapped, "AES", Cipher.SECRET_KEY), "forged");
        }
    }

    /** Unused spec types are refused with the JCA's exception, not a ClassCastException. */
    @Test
    void foreignParametersAreRefused() throws Exception {
        AlgorithmParameterSpec gcm = new GCMParameterSpec(128, new byte[12]);
        Cipher s = Cipher.getInstance(CHACHA20, SIMD);
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> s.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], CHACHA20), gcm));
        AlgorithmParameters gcmParams = AlgorithmParameters.getInstance("GCM", SIMD);
        gcmParams.init(gcm);
        Cipher c = Cipher.getInstance(AEAD, SIMD);
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], CHACHA20), gcmParams));
    }
}
