/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidKeyException;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bouncy Castle's DSTU 7624 JCA names and OIDs (1.2.804.2.1.1.1.1.1.3.M.V) through this provider,
 * cross-checked against Bouncy Castle on random keys, IVs and messages: what code written
 * against Bouncy Castle gets when only the provider changes.
 */
class Dstu7624BcNamesTest {
    /** The per-OID ciphers: OID mode arc, JCA mode, whether it takes an IV, whether any length. */
    static Stream<Arguments> oidCiphers() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (int v = 1; v <= 3; v++) {
            b.add(Arguments.of(1, "ECB", v, false, false));
            b.add(Arguments.of(5, "CBC", v, true, false));
            b.add(Arguments.of(2, "CTR", v, true, true));
            b.add(Arguments.of(6, "OFB", v, true, true));
            b.add(Arguments.of(3, "CFB", v, true, true));
        }
        return b.build();
    }

    @ParameterizedTest
    @MethodSource("oidCiphers")
    void perOidCipherMatchesBouncyCastle(int arc, String mode, int v, boolean takesIv, boolean anyLength)
            throws Exception {
        String oid = "1.2.804.2.1.1.1.1.1.3." + arc + "." + v;
        int block = 8 << v; // 16, 32, 64 bytes
        assertNotNull(SIMD.getService("Cipher", oid), oid + " (" + mode + ")");
        assertEquals(JcaNaming.dstu7624Oid(block * 8, block * 8, mode.toLowerCase()), oid);
        assertNull(JcaNaming.dstu7624Oid(block * 8, block * 16, mode.toLowerCase()), "OIDs only for key = block");
        SplittableRandom rnd = new SplittableRandom(oid.hashCode());
        for (int trial = 0; trial < 24; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, block), "DSTU7624");
            IvParameterSpec iv = takesIv ? new IvParameterSpec(random(rnd, block)) : null;
            int len = trial == 23 ? 1024 : rnd.nextInt(3 * block + 2);
            byte[] pt = random(rnd, len);
            for (String name : new String[] {oid, "OID." + oid}) {
                // Bouncy Castle's default: PKCS7 padding in ECB and CBC, none in the stream modes.
                Cipher ours = Cipher.getInstance(name, SIMD);
                Cipher bc = Cipher.getInstance(oid, BC);
                ours.init(Cipher.ENCRYPT_MODE, key, iv);
                bc.init(Cipher.DECRYPT_MODE, key, iv);
                byte[] ct = ours.doFinal(pt);
                assertArrayEquals(pt, bc.doFinal(ct), name + " ours -> Bouncy Castle, " + len + " bytes");
                bc.init(Cipher.ENCRYPT_MODE, key, iv);
                assertArrayEquals(ct, bc.doFinal(pt), name + " same ciphertext");
                ours.init(Cipher.DECRYPT_MODE, key, iv);
                assertArrayEquals(pt, runSplit(ours, ct, rnd), name + " Bouncy Castle -> ours (split)");
            }
            if (!anyLength) { // explicitly unpadded (Bouncy Castle's OID with a mode would chain twice: its general name)
                byte[] whole = random(rnd, block * rnd.nextInt(4));
                Cipher ours = Cipher.getInstance(oid + "/" + mode + "/NoPadding", SIMD);
                Cipher bc = Cipher.getInstance("DSTU7624-" + block * 8 + "/" + mode + "/NoPadding", BC);
                ours.init(Cipher.ENCRYPT_MODE, key, iv);
                bc.init(Cipher.ENCRYPT_MODE, key, iv);
                assertArrayEquals(bc.doFinal(whole), ours.doFinal(whole), oid + "/" + mode + "/NoPadding");
            }
        }
        // Key = block only: the OID fixes the key length.
        Cipher c = Cipher.getInstance(oid, SIMD);
        SecretKeySpec longer = new SecretKeySpec(new byte[block == 64 ? 32 : block * 2], "DSTU7624");
        IvParameterSpec iv = takesIv ? new IvParameterSpec(new byte[block]) : null;
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, longer, iv));
    }

    /** DSTU7624-nGMAC and its OID (gmac arc 7) against Bouncy Castle's KGMac, IV given as BC wants it. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void gmacMatchesBouncyCastle(int v) throws Exception {
        int block = 8 << v;
        String oid = "1.2.804.2.1.1.1.1.1.3.7." + v;
        String name = "DSTU7624-" + block * 8 + "GMAC";
        SplittableRandom rnd = new SplittableRandom(v);
        for (int trial = 0; trial < 24; trial++) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, block), "DSTU7624");
            IvParameterSpec iv = new IvParameterSpec(random(rnd, block));
            // Bouncy Castle 1.87's KGCMBlockCipher reads past a partial last AAD block of a 256- or
            // 512-bit block (ArrayIndexOutOfBoundsException): whole blocks there; and the native
            // GMAC takes no empty message (see emptyGmac).
            int len = trial == 23 ? 1024 : 1 + rnd.nextInt(3 * block + 2);
            byte[] msg = random(rnd, v == 1 ? len : Math.max(block, len - len % block));
            Mac bc = Mac.getInstance(name, BC);
            bc.init(key, iv);
            byte[] expected = bc.doFinal(msg);
            for (String n : v == 1 ? new String[] {name, oid, "OID." + oid, "DSTU7624GMAC"}
                    : new String[] {name, oid, "OID." + oid}) {
                Mac ours = Mac.getInstance(n, SIMD);
                ours.init(key, iv); // Bouncy Castle's KGMac takes an IV; DSTU 7624's GMAC tag does not depend on it
                assertArrayEquals(expected, ours.doFinal(msg), n + ", " + msg.length + " bytes");
                ours.init(key);
                assertArrayEquals(expected, ours.doFinal(msg), n + " without IV");
            }
        }
    }

    /**
     * An empty message: Bouncy Castle gives a tag, the native generic MAC layer refuses it
     * (SC_ELENGTH, reported to the lead as a C-side gap): refused loudly, never a wrong tag.
     */
    @Test
    void emptyGmacIsRefused() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[16], "DSTU7624");
        IvParameterSpec iv = new IvParameterSpec(new byte[16]);
        Mac bc = Mac.getInstance("DSTU7624-128GMAC", BC);
        bc.init(key, iv);
        assertEquals(16, bc.doFinal().length);
        Mac ours = Mac.getInstance("DSTU7624-128GMAC", SIMD);
        ours.init(key, iv);
        assertThrows(IllegalStateException.class, ours::doFinal);
    }

    /** The key-wrap variants: block bits, key bytes. */
    static Stream<Arguments> wraps() {
        return Stream.of(Arguments.of(128, 16), Arguments.of(128, 32), Arguments.of(256, 32), Arguments.of(256, 64),
                Arguments.of(512, 64));
    }

    /**
     * DSTU7624-nKW (and its WRAP name and kw OID) against Bouncy Castle's DSTU7624WrapEngine:
     * encrypt/decrypt of bytes and wrap/unwrap of a key, both ways, whole blocks (Bouncy
     * Castle's domain); a flipped bit fails.
     */
    @ParameterizedTest
    @MethodSource("wraps")
    void keyWrapMatchesBouncyCastle(int blockBits, int keyLen) throws Exception {
        int block = blockBits / 8;
        String name = "DSTU7624-" + blockBits + "KW";
        String oid = JcaNaming.dstu7624Arc(10, blockBits);
        SplittableRandom rnd = new SplittableRandom(blockBits * 31 + keyLen);
        for (int trial = 0; trial < 12; trial++) {
            SecretKeySpec kek = new SecretKeySpec(random(rnd, keyLen), "DSTU7624");
            byte[] data = random(rnd, trial == 11 ? 1024 : block * (1 + rnd.nextInt(3)));
            for (String n : blockBits == 128 ? new String[] {name, "DSTU7624-128WRAP", "DSTU7624KW", oid, "OID." + oid}
                    : new String[] {name, "DSTU7624-" + blockBits + "WRAP", oid}) {
                Cipher ours = Cipher.getInstance(n, SIMD);
                Cipher bc = Cipher.getInstance(name, BC);
                ours.init(Cipher.ENCRYPT_MODE, kek);
                bc.init(Cipher.ENCRYPT_MODE, kek);
                byte[] wrapped = ours.doFinal(data);
                assertArrayEquals(bc.doFinal(data), wrapped, n + " wrap, " + data.length + " bytes");
                assertEquals(data.length + block, wrapped.length);
                bc.init(Cipher.DECRYPT_MODE, kek);
                assertArrayEquals(data, bc.doFinal(wrapped), n + " ours -> Bouncy Castle");
                ours.init(Cipher.DECRYPT_MODE, kek);
                ours.update(wrapped, 0, 5);
                assertArrayEquals(data, ours.doFinal(wrapped, 5, wrapped.length - 5), n + " unwrap (split)");
                byte[] bad = wrapped.clone();
                bad[rnd.nextInt(bad.length)] ^= (byte) (1 << rnd.nextInt(8));
                assertThrows(javax.crypto.BadPaddingException.class, () -> ours.doFinal(bad), n + " flipped bit");
                // Keys: WRAP_MODE / UNWRAP_MODE.
                SecretKeySpec secret = new SecretKeySpec(data, "AES");
                ours.init(Cipher.WRAP_MODE, kek);
                byte[] w = ours.wrap(secret);
                assertArrayEquals(wrapped, w, n + " wrap(key)");
                bc.init(Cipher.UNWRAP_MODE, kek);
                assertArrayEquals(data, bc.unwrap(w, "AES", Cipher.SECRET_KEY).getEncoded(), n + " BC unwrap");
                ours.init(Cipher.UNWRAP_MODE, kek);
                assertArrayEquals(data, ours.unwrap(w, "AES", Cipher.SECRET_KEY).getEncoded(), n + " unwrap(key)");
                assertThrows(InvalidKeyException.class, () -> ours.unwrap(bad, "AES", Cipher.SECRET_KEY));
            }
        }
        Cipher c = Cipher.getInstance(name, SIMD);
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[8], "K")));
    }

    /**
     * Bouncy Castle's general names with its full-block CFB and OFB ("DSTU7624-256/CFB/NoPadding":
     * its generic CFBBlockCipher/OFBBlockCipher over DSTU7624Engine, any length) compute DSTU 7624's
     * CFB and OFB, so they are offered under those names; every key length of the block size.
     */
    @ParameterizedTest
    @MethodSource("io.simdcrypt.jca.KalynaCipherTest#variants")
    void generalNamesCfbOfbMatchBouncyCastle(String kalynaName, int block, int keyLen) throws Exception {
        SplittableRandom rnd = new SplittableRandom(block * 13 + keyLen);
        String bcName = block == 16 ? "DSTU7624" : "DSTU7624-" + block * 8;
        for (String mode : new String[] {"CFB", "OFB"}) {
            String t = bcName + "/" + mode + "/NoPadding";
            Cipher ours = Cipher.getInstance(t, SIMD);
            Cipher bc = Cipher.getInstance(t, BC);
            for (int trial = 0; trial < 20; trial++) {
                SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "DSTU7624");
                IvParameterSpec iv = new IvParameterSpec(random(rnd, block));
                byte[] pt = random(rnd, rnd.nextInt(5 * block + 3));
                bc.init(Cipher.ENCRYPT_MODE, key, iv);
                byte[] expected = bc.doFinal(pt);
                ours.init(Cipher.ENCRYPT_MODE, key, iv);
                assertArrayEquals(expected, runSplit(ours, pt, rnd), t + " key " + keyLen + " len " + pt.length);
                ours.init(Cipher.DECRYPT_MODE, key, iv);
                assertArrayEquals(pt, runSplit(ours, expected, rnd), t + " decrypt");
            }
        }
    }
}
