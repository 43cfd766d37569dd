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
                "DSTU7624", "DSTU7624-128", "DSTU7624-256", "DSTU7624-512"}) {
            assertNotNull(SIMD.getService("Cipher", name), name);
        }
        for (String name : new String[] {"Kalyna-128-MAC", "Kalyna-256-MAC", "Kalyna-512-MAC", "Magma-CMAC",
                "GOST28147MAC", "GOST28147"}) {
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
                for (String pad : stream ? new String[] {"NoPadding"}
                        : new String[] {"NoPadding", "PKCS5Padding", "ISO7816-4Padding"}) {
                    String t = alg.jcaName() + "/" + mode + "/" + pad;
                    Cipher c = Cipher.getInstance(t, SIMD);
                    for (int keyLen : alg.prefixByKeyLength().keySet()) {
                        for (int trial = 0; trial < 10; trial++) {
                            SecretKeySpec key = new SecretKeySpec(random(rnd, keyLen), "K");
                            int ivLen = CipherAlgorithm.info(alg.nativeName(keyLen, mode)).ivSize();
                            IvParameterSpec iv = ivLen == 0 ? null : new IvParameterSpec(random(rnd, ivLen));
                            int len = rnd.nextInt(4 * alg.blockSize() + 3);
                            if (pad.equals("NoPadding") && !stream) len -= len % alg.blockSize();
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
}
