/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.simdcrypt.jca.SimdCryptProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The dispatched kernel as Java sees it, and the overrides from Java and the environment. */
class DispatchTest {
    @Test
    void reportsTheDispatchedKernelOfEveryAlgorithm() {
        Map<String, KernelChoice> d = SimdCrypt.dispatch();
        for (String alg : List.of("adler32", "crc32", "crc32c", "kalyna", "magma")) {
            KernelChoice k = d.get(alg);
            assertTrue(k != null, alg);
            assertEquals(SimdCrypt.activeKernel(alg), k.kernel(), alg);
            assertTrue(List.of("rule", "generic", "override").contains(k.reason()), k.toString());
            assertTrue(new SimdCryptProvider().getInfo().contains(alg + "=" + k.kernel()),
                    new SimdCryptProvider().getInfo());
        }
    }

    @Test
    void forcedKernelsRunAndUnknownOnesAreRefused() {
        byte[] data = new byte[3000];
        new Random(5).nextBytes(data);
        java.util.zip.CRC32C want = new java.util.zip.CRC32C();
        want.update(data);
        try {
            SimdCrypt.forceKernel("crc32c", "portable");
            KernelChoice k = SimdCrypt.dispatch().get("crc32c");
            assertEquals("portable", k.kernel());
            assertEquals("override", k.reason());
            Crc32c c = new Crc32c();
            c.update(data, 0, data.length);
            assertEquals(want.getValue(), c.getValue());
            assertThrows(IllegalArgumentException.class, () -> SimdCrypt.forceKernel("crc32c", "no-such-kernel"));
            assertThrows(IllegalArgumentException.class, () -> SimdCrypt.forceKernel("no-such-alg", "portable"));
            assertEquals("portable", SimdCrypt.dispatch().get("crc32c").kernel(), "a refused force changes nothing");
        } finally {
            SimdCrypt.forceKernel("crc32c", null);
        }
        assertTrue(!"override".equals(SimdCrypt.dispatch().get("crc32c").reason()));
    }

    @Test
    void followsSimdcryptKernelFromTheEnvironment() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                DispatchProbe.class.getName());
        pb.environment().put("SIMDCRYPT_KERNEL", "crc32c:portable,kalyna:portable,bogus:nope");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        assertEquals("crc32c=portable [override] kalyna=portable [override]", out);
    }
}
