/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.simdcrypt.internal.NativeAead;
import io.simdcrypt.internal.NativeCipher;
import java.security.Provider;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The table the provider derives from the library's names and the per-family naming rules. */
class AlgorithmTableTest {
    private static List<NativeCipher.Info> infos(boolean mac) {
        return NativeCipher.names(mac).stream().map(CipherAlgorithm::info).toList();
    }

    private static CipherAlgorithm cipher(AlgorithmTable t, String jcaName) {
        return t.ciphers().stream().filter(a -> a.jcaName().equals(jcaName)).findFirst().orElseThrow();
    }

    /** Every native cipher, MAC and AEAD name is reachable through a JCA name, unless its family's
     * rule leaves it out with a reason: a family without a naming rule (or a rule that misses a
     * line) fails here. */
    @Test
    void everyNativeNameHasAJcaName() {
        Set<String> unoffered = new HashSet<>();
        JcaNaming.FAMILIES.forEach(f -> unoffered.addAll(f.unoffered().keySet()));
        Set<String> ciphers = new HashSet<>(unoffered);
        SimdCryptProvider.cipherAlgorithms().forEach(a -> ciphers.addAll(a.nativeNames()));
        // Cipher names run as nonce-once Ciphers (ChaCha20).
        SimdCryptProvider.aeadAlgorithms().stream().filter(a -> !a.kind().nativeAead)
                .forEach(a -> ciphers.addAll(a.nameByKeyLength().values()));
        // Key wraps (aes-128-kw, kalyna-128-128-kw) as wrap Ciphers.
        SimdCryptProvider.wrapAlgorithms().forEach(a -> ciphers.addAll(a.nameByKeyLength().values()));
        assertTrue(ciphers.containsAll(NativeCipher.names(false)), ciphers.toString());
        Set<String> macs = new HashSet<>(unoffered);
        SimdCryptProvider.macAlgorithms().forEach(a -> macs.addAll(a.prefixByKeyLength().values()));
        assertTrue(macs.containsAll(NativeCipher.names(true)), macs.toString());
        Set<String> aeads = new HashSet<>(unoffered);
        SimdCryptProvider.aeadAlgorithms().forEach(a -> aeads.addAll(a.nameByKeyLength().values()));
        assertTrue(aeads.containsAll(NativeAead.names()), aeads.toString());
        Set<String> all = new HashSet<>(NativeCipher.names(false));
        all.addAll(NativeCipher.names(true));
        all.addAll(NativeAead.names());
        assertTrue(all.containsAll(unoffered), "a rule leaves out a name the library does not have: " + unoffered);
        for (String n : unoffered) {
            assertTrue(SimdCryptProvider.cipherAlgorithms().stream().noneMatch(a -> a.nativeNames().contains(n))
                    && SimdCryptProvider.macAlgorithms().stream().noneMatch(a -> a.prefixByKeyLength().containsValue(n)),
                    n + " is left out and offered");
        }
        for (CipherAlgorithm a : SimdCryptProvider.cipherAlgorithms()) {
            for (String n : a.nativeNames()) assertEquals(a.blockSize(), CipherAlgorithm.info(n).blockSize(), n);
        }
    }

    /** The services and modes of the hand-written table this derivation replaced, all still there. */
    @Test
    void servicesOfTheFormerTableRemain() {
        // Kalyna's CFB, OFB and XTS came later (docs/kalyna-modes.md); key wrap is a wrap Cipher
        Map<String, String> modes = Map.of("Kalyna-128", "ECB|CBC|CTR|CFB|OFB", "Kalyna-256", "ECB|CBC|CTR|CFB|OFB",
                "Kalyna-512", "ECB|CBC|CTR|CFB|OFB", "DSTU7624", "ECB|CBC", "DSTU7624-256", "ECB|CBC",
                "DSTU7624-512", "ECB|CBC", "Magma", "ECB|CBC|CTR", "GOST28147", "ECB|CBC|GOFB|CNT");
        modes.forEach((name, m) -> {
            Provider.Service s = SIMD.getService("Cipher", name);
            assertNotNull(s, name);
            // Still there; new native modes (GOST R 34.13 OFB/CFB, ...) may follow them.
            String supported = s.getAttribute("SupportedModes");
            assertTrue(supported.equals(m) || supported.startsWith(m + "|"), name + ": " + supported);
            assertNotNull(SIMD.getService("AlgorithmParameters", name), name);
        });
        for (String alias : List.of("DSTU7624-128", "GOST-R-34.12-2015-Magma", "GOST", "GOST-28147", "GOST-28147-89")) {
            assertNotNull(SIMD.getService("Cipher", alias), alias);
        }
        for (String mac : List.of("Kalyna-128-MAC", "DSTU7624-128MAC", "Kalyna-256-MAC", "DSTU7624-256MAC",
                "Kalyna-512-MAC", "DSTU7624-512MAC", "Magma-CMAC", "MagmaCMAC", "GOST3413-2015-Magma-CMAC",
                "GOST28147MAC", "GOST28147", "GOST-28147-89-MAC")) {
            assertNotNull(SIMD.getService("Mac", mac), mac);
        }
        AlgorithmTable t = AlgorithmTable.load();
        assertEquals(Map.of(16, "kalyna-128-128", 32, "kalyna-128-256"), cipher(t, "Kalyna-128").prefixByKeyLength());
        assertEquals(Map.of(64, "kalyna-512-512"), cipher(t, "DSTU7624-512").prefixByKeyLength());
        assertEquals("test", cipher(t, "GOST28147").defaultSbox());
        assertEquals("gost89-cnt", cipher(t, "GOST28147").nativeName(32, "gofb"));
        assertNull(cipher(t, "Magma").defaultSbox());
        assertTrue(cipher(t, "Magma").hasSbox() && !cipher(t, "Kalyna-256").hasSbox());
        MacAlgorithm imit = t.macs().stream().filter(m -> m.jcaName().equals("GOST28147MAC")).findFirst().orElseThrow();
        assertEquals("cryptopro-a", imit.defaultSbox());
        assertEquals(4, imit.tagSize());
        Map<Boolean, Set<String>> byOid = t.keyGenerators().stream().map(RawKeyGeneratorSpi.Algorithm::jcaName)
                .collect(Collectors.partitioningBy(n -> n.matches("[0-9]+(\\.[0-9]+)+"), Collectors.toSet()));
        assertEquals(Set.of("Kalyna-128", "Kalyna-256", "Kalyna-512", "DSTU7624", "Magma", "GOST28147", "AES",
                "ChaCha20"), byOid.get(false));
        // and one per fixed-length OID, as Bouncy Castle: NIST AES 8 modes x 3 key lengths, DSTU 7624
        // 7 modes x 3 block sizes; and DSTU 7624 XTS's 3 OIDs (Bouncy Castle defines them, registers
        // no Cipher or KeyGenerator for them)
        assertEquals(24 + 21 + 3, byOid.get(true).size(), byOid.get(true).toString());
    }

    /** AES under SunJCE's names: the general one, GCM as a whole transformation, the fixed names with OIDs. */
    @Test
    void aesNamesFollowSunJce() {
        AlgorithmTable t = AlgorithmTable.load();
        CipherAlgorithm aes = cipher(t, "AES");
        assertEquals(Map.of(16, "aes-128", 24, "aes-192", 32, "aes-256"), aes.prefixByKeyLength());
        assertEquals(Map.of("ECB", "ecb", "CBC", "cbc", "CTR", "ctr", "CFB", "cfb", "CFB128", "cfb", "CFB8", "cfb8",
                "OFB", "ofb", "OFB128", "ofb"), aes.suffixByMode());
        AeadAlgorithm gcm = t.aeads().stream().filter(a -> a.jcaName().equals("AES/GCM/NoPadding")).findFirst()
                .orElseThrow();
        assertEquals(Map.of(16, "aes-128-gcm", 24, "aes-192-gcm", 32, "aes-256-gcm"), gcm.nameByKeyLength());
        Map<String, String> oids = new java.util.TreeMap<>();
        t.ciphers().stream().filter(a -> "AES".equals(a.fixedOf())).forEach(a -> oids.put(a.jcaName(), a.aliases().get(0)));
        t.aeads().stream().filter(a -> a.jcaName().startsWith("AES_"))
                .forEach(a -> oids.put(a.jcaName(), a.aliases().get(0)));
        // The wraps' first alias is SunJCE's AESWrap_n / AESWrapPad_n, then the OID.
        t.wraps().stream().filter(a -> a.jcaName().startsWith("AES_")).forEach(a -> oids.put(a.jcaName(), a.aliases().get(1)));
        String arc = "2.16.840.1.101.3.4.1.";
        Map<String, String> expected = new java.util.TreeMap<>();
        String[] modes = {"ECB", "CBC", "OFB", "CFB", "KW", "GCM", "CCM", "KWP"}; // arcs 1..8 (RFC 3565, 5084, 5649)
        for (int k = 0; k < 3; k++) {
            for (int m = 0; m < modes.length; m++) {
                expected.put("AES_" + (128 + 64 * k) + "/" + modes[m] + "/NoPadding", arc + (20 * k + m + 1));
            }
        }
        assertEquals(expected, oids);
        assertNull(JcaNaming.aesOid(128, "cfb8"), "no OID, no AES_128/CFB8 name (as in SunJCE)");
        assertNull(JcaNaming.aesOid(128, "ctr"), "no OID, no AES_128/CTR name (as in SunJCE)");
        CipherAlgorithm fixed = cipher(t, "AES_192/CBC/NoPadding");
        assertEquals("aes-192-cbc", fixed.nativeName(24, "CBC"));
        assertNull(fixed.nativeName(16, "CBC"));
        assertEquals("AES", fixed.parametersName());
    }

    /** A new native name of a known family appears with no Java change, where its rule allows it. */
    @Test
    void aNewNativeModeNeedsNoJavaChange() {
        // the library's CFB names left out, one of them added back as if new
        List<NativeCipher.Info> ciphers = new ArrayList<>(infos(false));
        ciphers.removeIf(i -> i.mode().equals("cfb"));
        ciphers.add(new NativeCipher.Info("kalyna-128-128-cfb", "kalyna", "cfb", 16, 16, 16, 0, 0, true));
        AlgorithmTable t = AlgorithmTable.derive(ciphers, infos(true), JcaNaming.FAMILIES);
        CipherAlgorithm k128 = cipher(t, "Kalyna-128");
        assertEquals("kalyna-128-128-cfb", k128.nativeName(16, "CFB"));
        assertNull(k128.nativeName(32, "CFB"), "no kalyna-128-256-cfb: not offered");
        assertTrue(k128.isStream("cfb"));
        assertTrue(cipher(t, "DSTU7624").hasMode("CFB") && !cipher(t, "DSTU7624").hasMode("CTR")
                && !cipher(t, "DSTU7624").hasMode("XTS"), "Bouncy Castle's names: checked modes only");
    }

    /** A new family needs only its rule; without one it has no JCA name. */
    @Test
    void aNewFamilyNeedsOnlyItsRule() {
        List<NativeCipher.Info> ciphers = new ArrayList<>(infos(false));
        ciphers.add(new NativeCipher.Info("sm4-128-ctr", "sm4", "ctr", 16, 16, 16, 0, 0, true));
        ciphers.add(new NativeCipher.Info("sm4-256-ctr", "sm4", "ctr", 16, 32, 16, 0, 0, true));
        List<JcaNaming.Family> rules = new ArrayList<>(JcaNaming.FAMILIES);
        AlgorithmTable without = AlgorithmTable.derive(ciphers, infos(true), rules);
        assertTrue(without.ciphers().stream().noneMatch(a -> a.nativeNames().contains("sm4-128-ctr")));
        rules.add(new JcaNaming.Family("sm4", false, List.of(new JcaNaming.Ciphers("sm4", b -> "SM4", b -> List.of(),
                JcaNaming.ALL_MODES, Map.of(), null, true)), List.of(), List.of()));
        AlgorithmTable with = AlgorithmTable.derive(ciphers, infos(true), rules);
        CipherAlgorithm sm4 = cipher(with, "SM4");
        assertEquals("sm4-256-ctr", sm4.nativeName(32, "CTR"));
        assertEquals(List.of(128, 256), with.keyGenerators().stream().filter(k -> k.jcaName().equals("SM4"))
                .findFirst().orElseThrow().bits());
    }

    /** Rules that would merge distinct native names, or give two services one name, are refused. */
    @Test
    void conflictingRulesAreRefused() {
        List<JcaNaming.Family> clash = List.of(new JcaNaming.Family("magma", true, List.of(
                new JcaNaming.Ciphers("magma", b -> "Magma", b -> List.of(), JcaNaming.ALL_MODES, Map.of(), null, false),
                new JcaNaming.Ciphers("gost89", b -> "GOST28147", b -> List.of("Magma"), JcaNaming.ALL_MODES, Map.of(),
                        null, false)), List.of(), List.of()));
        assertThrows(IllegalStateException.class, () -> AlgorithmTable.derive(infos(false), infos(true), clash));
        List<JcaNaming.Family> merge = List.of(new JcaNaming.Family("magma", true, List.of(
                new JcaNaming.Ciphers("magma", b -> "Magma", b -> List.of(), JcaNaming.ALL_MODES,
                        Map.of("ecb", List.of("X"), "cbc", List.of("X")), null, false)), List.of(), List.of()));
        assertThrows(IllegalStateException.class, () -> AlgorithmTable.derive(infos(false), infos(true), merge));
    }
}
