/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static io.simdcrypt.jca.CipherTestSupport.runSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.Provider;
import java.security.Security;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Registration, lookup by name and alias, and every registered transformation in random splits. */
class ProviderTest {
    @Test
    void registersWhatTheLibraryImplements() {
        for (String name : new String[] {"Kalyna-128", "Kalyna-256", "Kalyna-512", "Magma", "GOST28147",
                "DSTU7624", "DSTU7624-128", "DSTU7624-256", "DSTU7624-512", "AES", "AES/GCM/NoPadding",
                "AES_128/ECB/NoPadding", "AES_256/GCM/NoPadding", "2.16.840.1.101.3.4.1.46"}) {
            assertNotNull(SIMD.getService("Cipher", name), name);
        }
        for (String name : new String[] {"Kalyna-128-MAC", "Kalyna-256-MAC", "Kalyna-512-MAC", "Magma-CMAC",
                "GOST28147MAC", "GOST28147", "AES-GMAC", "AESGMAC"}) {
            assertNotNull(SIMD.getService("Mac", name), name);
        }
        assertEquals("SimdCrypt", SIMD.getName());
    }

    @Test
    void foundThroughSecurityAndServiceLoader() throws Exception {
        boolean viaLoader = ServiceLoader.load(Provider.class).stream()
                .anyMatch(p -> p.type() == SimdCryptProvider.class);
        assertTrue(viaLoader, "META-INF/services registration");
        Security.addProvider(new SimdCryptProvider());
        try {
            Cipher c = Cipher.getInstance("DSTU7624-256/CBC/PKCS5Padding", "SimdCrypt");
            assertEquals("SimdCrypt", c.getProvider().getName());
        } finally {
            Security.removeProvider("SimdCrypt");
        }
    }

    /** Splits, in-place and buffers against the one-shot result, for every cipher and mode. */
    @Test
    void everyTransformationRoundTripsInAnySplit() throws Exception {
        SplittableRandom rnd = new SplittableRandom(11);
        for (CipherAlgorithm alg : SimdCryptProvider.cipherAlgorithms()) {
            for (String mode : alg.suffixByMode().keySet()) {
                boolean stream = !mode.equals("ECB") && !mode.equals("CBC");
                boolean fixed = alg.fixedOf() != null; // "AES_128/ECB/NoPadding": a whole transformation
                for (String pad : stream || fixed ? new String[] {"NoPadding"}
                        : new String[] {"NoPadding", "PKCS5Padding", "ISO7816-4Padding"}) {
                    String t = fixed ? alg.jcaName() : alg.jcaName() + "/" + mode + "/" + pad;
                    Cipher c = Cipher.getInstance(t, SIMD);
                    for (int keyLen : alg.prefixByKeyLength().keySet()) {
                        for (int trial = 0; trial < 10; trial++) {
                            SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "K");
                            int ivLen = CipherAlgorithm.info(alg.nativeName(keyLen, mode)).ivSize();
                            IvParameterSpec iv = ivLen == 0 ? null : new IvParameterSpec(random(rnd, ivLen));
                            int len = rnd.nextInt(4 * alg.blockSize() + 3);
                            if (pad.equals("NoPadding") && !stream) len -= len % alg.blockSize();
                            // XTS (ciphertext stealing): any length from one block on, or none
                            if (mode.equals("XTS") && len > 0 && len < alg.blockSize()) len += alg.blockSize();
                            byte[] pt = random(rnd, len);
                            c.init(Cipher.ENCRYPT_MODE, key, iv);
                            byte[] ct = c.doFinal(pt);
                            c.init(Cipher.ENCRYPT_MODE, key, iv);
                            assertArrayEquals(ct, runSplit(c, pt, rnd), t + " len " + len);
                            c.init(Cipher.DECRYPT_MODE, key, iv);
                            assertArrayEquals(pt, runSplit(c, ct, rnd), t + " decrypt len " + len);
                        }
                    }
                }
            }
        }
    }

    /**
     * One update longer than a critical call takes (NativeCipher.MAX_CALL_BYTES, 256 KiB) goes
     * to the library in pieces at moving offsets: from an offset into another array at an
     * offset, and in place, against the same message fed in small updates. MACs likewise.
     */
    @Test
    void longUpdatesGoInPiecesAtTheRightOffsets() throws Exception {
        SplittableRandom rnd = new SplittableRandom(21);
        int len = 3 * io.simdcrypt.internal.NativeCipher.MAX_CALL_BYTES + 4096; // whole blocks of every size
        byte[] msg = random(rnd, len + 7);
        for (String t : new String[] {"Kalyna-128/CBC/NoPadding", "Kalyna-256/CTR/NoPadding", "Magma/ECB/NoPadding"}) {
            int bs = t.startsWith("Kalyna-128") ? 16 : t.startsWith("Kalyna-256") ? 32 : 8;
            SecretKeySpec key = new SecretKeySpec(random(rnd, 32), "raw");
            IvParameterSpec iv = t.contains("ECB") ? null : new IvParameterSpec(random(rnd, bs));
            Cipher small = Cipher.getInstance(t, SIMD);
            small.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] want = new byte[len];
            for (int pos = 0; pos < len; pos += 4096) small.update(msg, 7 + pos, 4096, want, pos);
            Cipher big = Cipher.getInstance(t, SIMD);
            big.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] got = new byte[len + 5];
            assertEquals(len, big.update(msg, 7, len, got, 5), t);
            assertArrayEquals(want, java.util.Arrays.copyOfRange(got, 5, len + 5), t);
            big.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] inPlace = java.util.Arrays.copyOfRange(msg, 0, len + 7);
            assertEquals(len, big.update(inPlace, 7, len, inPlace, 7), t + " in place");
            assertArrayEquals(want, java.util.Arrays.copyOfRange(inPlace, 7, len + 7), t + " in place");
        }
        for (String[] m : new String[][] {{"Kalyna-128-MAC", "16"}, {"Magma-CMAC", "32"}}) {
            SecretKeySpec key = new SecretKeySpec(random(rnd, Integer.parseInt(m[1])), "raw");
            javax.crypto.Mac small = javax.crypto.Mac.getInstance(m[0], SIMD), big = javax.crypto.Mac.getInstance(m[0], SIMD);
            small.init(key);
            big.init(key);
            for (int pos = 0; pos < len; pos += 4096) small.update(msg, 7 + pos, 4096);
            big.update(msg, 7, len);
            assertArrayEquals(small.doFinal(), big.doFinal(), m[0]);
        }
    }
}
