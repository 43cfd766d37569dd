/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.simdcrypt.internal.NativeInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** SimdCrypt.selfTest over sc_selftest, and how failures are reported. */
class SelfTestTest {
    @Test
    void everyFamilyPassesOnEveryKernelThisCpuRuns() {
        NativeInfo.SelfTest result = NativeInfo.selfTest();
        assertEquals(0, result.failures(), result.reports().toString());
        Map<String, Long> katsPerFamily = NativeInfo.kats().stream()
                .collect(Collectors.groupingBy(NativeInfo.Kat::family, Collectors.counting()));
        // A family whose kernels no API names (MGM's GF multipliers) tests them itself: no vectors.
        Set<String> reported = result.reports().stream().filter(r -> r.vectors() > 0)
                .map(NativeInfo.SelfTestReport::family).collect(Collectors.toSet());
        assertEquals(katsPerFamily.keySet(), reported, "one report per family at least");
        for (NativeInfo.SelfTestReport r : result.reports()) {
            assertEquals(katsPerFamily.getOrDefault(r.family(), 0L), r.vectors(), r.toString());
            assertTrue(r.status() == 0 || r.status() == -7, r.toString());
        }
        // Each family's portable kernel runs everywhere: at least one passing kernel per family.
        int passed = SimdCrypt.selfTest();
        assertTrue(passed >= katsPerFamily.size(), "passed " + passed);
        assertEquals(result.reports().stream().filter(r -> r.status() == 0).count(), passed);
    }

    @Test
    void failuresNameTheFamilyAndKernel() {
        List<NativeInfo.SelfTestReport> reports = List.of(
                new NativeInfo.SelfTestReport("kalyna", "portable", 0, null, 4),
                new NativeInfo.SelfTestReport("kalyna", "x86-avx2", -7, "not runnable on this CPU", 4),
                new NativeInfo.SelfTestReport("magma", "x86-avx2", -5, "magma-ctr: wrong output", 6));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> SimdCrypt.checked(1, reports));
        assertTrue(e.getMessage().contains("magma/x86-avx2: magma-ctr: wrong output"), e.getMessage());
        assertTrue(!e.getMessage().contains("kalyna"), "skipped and passing kernels are not failures: " + e.getMessage());
        assertEquals(1, SimdCrypt.checked(0, reports.subList(0, 2)));
        assertThrows(IllegalStateException.class, () -> SimdCrypt.checked(1, reports.subList(0, 1)),
                "the library's count alone is enough to fail");
    }
}
