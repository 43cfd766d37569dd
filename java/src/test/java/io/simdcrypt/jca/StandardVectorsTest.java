/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The repository's known-answer files (tests/vectors: DSTU 7624:2014 Annex B, GOST R 34.13-2015
 * Annex A, RFC 8891, RFC 5830 usage), run through the JCA names instead of the C API (the
 * provider's first name for each native name; {@link KnownAnswerTest} runs the library's own
 * vectors under every name).
 */
class StandardVectorsTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final Path VECTORS = Path.of("..", "tests", "vectors");

    record Vector(String file, String nativeName, String sbox, String key, String iv, String input, String output) {
        @Override
        public String toString() {
            return file + ": " + nativeName + " " + (sbox == null ? "" : sbox + " ") + key;
        }
    }

    static Stream<Vector> vectors() throws Exception {
        List<Vector> out = new ArrayList<>();
        // kalyna: NAME KEY IV INPUT OUTPUT; magma: MODE SBOX KEY IV INPUT OUTPUT.
        for (String line : Files.readAllLines(VECTORS.resolve("kalyna_dstu7624.txt"))) {
            String[] f = line.strip().split("\\s+");
            if (f.length == 5 && !f[0].startsWith("#")) out.add(new Vector("kalyna", f[0], null, f[1], f[2], f[3], f[4]));
        }
        for (String line : Files.readAllLines(VECTORS.resolve("magma_kat.txt"))) {
            String[] f = line.strip().split("\\s+");
            if (f.length == 6 && !f[0].startsWith("#")) out.add(new Vector("magma", f[0], f[1], f[2], f[3], f[4], f[5]));
        }
        assertTrue(out.size() > 20, "vector files found and parsed: " + out.size());
        return out.stream();
    }

    private static byte[] hex(String s) {
        return s.equals("-") ? new byte[0] : HEX.parseHex(s.toLowerCase());
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void knownAnswer(Vector v) throws Exception {
        SecretKeySpec key = new SecretKeySpec(hex(v.key()), "K");
        byte[] iv = v.iv().equals("-") ? null : hex(v.iv());
        byte[] input = hex(v.input());
        byte[] expected = hex(v.output());
        if (v.nativeName().endsWith("-cmac") || v.nativeName().endsWith("-mac")) {
            Mac mac = Mac.getInstance(CipherTestSupport.macNames(v.nativeName()).get(0), SIMD);
            mac.init(key, v.sbox() == null ? null : new GostParameterSpec(v.sbox(), null));
            byte[] tag = mac.doFinal(input);
            assertArrayEquals(expected, Arrays.copyOf(tag, expected.length), v.toString());
            return;
        }
        AlgorithmParameterSpec params = v.sbox() != null ? new GostParameterSpec(v.sbox(), iv)
                : iv == null ? null : new IvParameterSpec(iv);
        Cipher c = Cipher.getInstance(CipherTestSupport.transformations(v.nativeName()).get(0), SIMD);
        c.init(Cipher.ENCRYPT_MODE, key, params);
        assertArrayEquals(expected, c.doFinal(input), v + " encrypt");
        c.init(Cipher.DECRYPT_MODE, key, params);
        assertArrayEquals(input, c.doFinal(expected), v + " decrypt");
    }
}
