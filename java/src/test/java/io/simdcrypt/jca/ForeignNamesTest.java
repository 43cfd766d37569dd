/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The names other providers give the algorithms this one implements: every alias SunJCE, SUN
 * and Bouncy Castle register for an algorithm registered here resolves here to the same service
 * (or is listed below with the reason it must not), the OIDs of the standards resolve, and every
 * alias this provider registers gives a working instance computing what its canonical name does.
 */
class ForeignNamesTest {
    /** "Provider Type alias" of the other providers deliberately not registered here, and why. */
    private static final Map<String, String> NOT_REGISTERED = Map.ofEntries(
            Map.entry("BC Cipher 2.16.840.1.101.3.4.2", "Bouncy Castle's \"wrong\" AES OIDs: 2.16.840.1.101.3.4.2 is"
                    + " NIST's hashAlgs arc, kept by Bouncy Castle for old encodings only"),
            Map.entry("BC Cipher 2.16.840.1.101.3.4.22", "as above (a mistyped id-aes192-CBC)"),
            Map.entry("BC Cipher 2.16.840.1.101.3.4.42", "as above (a mistyped id-aes256-CBC)"),
            Map.entry("BC AlgorithmParameters 2.16.840.1.101.3.4.2", "as above"),
            Map.entry("BC AlgorithmParameters 2.16.840.1.101.3.4.22", "as above"),
            Map.entry("BC AlgorithmParameters 2.16.840.1.101.3.4.42", "as above"),
            Map.entry("BC AlgorithmParameters 1.2.643.2.2.21", "Bouncy Castle's are Gost28147-89-Parameters (IV and"
                    + " S-box OID, RFC 4357 10.1), not this provider's IV encoding (JcaNaming.TYPE_ALIASES)"),
            Map.entry("BC Cipher CHACHA20", "Bouncy Castle's CHACHA20 is its CHACHA7539 (IvParameterSpec); here it"
                    + " is SunJCE's ChaCha20 (ChaCha20ParameterSpec), which the JDK's name takes first"),
            Map.entry("BC KeyGenerator CHACHA20", "as above: SunJCE's 256-bit ChaCha20 KeyGenerator"));

    private static final List<String> TYPES = List.of("Cipher", "Mac", "MessageDigest", "KeyGenerator",
            "AlgorithmParameters");

    /** NIST's AES OIDs: ECB, CBC, OFB, CFB, KW, GCM, CCM, KWP (RFC 3565, 5084, 5649) for 128, 192, 256 bits. */
    private static final String[] AES_OIDS = {"2.16.840.1.101.3.4.1.1", "2.16.840.1.101.3.4.1.2", "2.16.840.1.101.3.4.1.3",
                    "2.16.840.1.101.3.4.1.4", "2.16.840.1.101.3.4.1.5", "2.16.840.1.101.3.4.1.6",
                    "2.16.840.1.101.3.4.1.7", "2.16.840.1.101.3.4.1.8",
                    "2.16.840.1.101.3.4.1.21", "2.16.840.1.101.3.4.1.22", "2.16.840.1.101.3.4.1.23",
                    "2.16.840.1.101.3.4.1.24", "2.16.840.1.101.3.4.1.25", "2.16.840.1.101.3.4.1.26",
                    "2.16.840.1.101.3.4.1.27", "2.16.840.1.101.3.4.1.28",
                    "2.16.840.1.101.3.4.1.41", "2.16.840.1.101.3.4.1.42", "2.16.840.1.101.3.4.1.43",
                    "2.16.840.1.101.3.4.1.44", "2.16.840.1.101.3.4.1.45", "2.16.840.1.101.3.4.1.46",
                    "2.16.840.1.101.3.4.1.47", "2.16.840.1.101.3.4.1.48"};

    /** DSTU 7624 ecb, ctr, cfb, cbc, ofb, ccm, kw (UAObjectIdentifiers), 128/256/512 bits. */
    private static final String[] DSTU7624_OIDS = {"1.2.804.2.1.1.1.1.1.3.1.1", "1.2.804.2.1.1.1.1.1.3.1.2", "1.2.804.2.1.1.1.1.1.3.1.3",
                    "1.2.804.2.1.1.1.1.1.3.2.1", "1.2.804.2.1.1.1.1.1.3.2.2", "1.2.804.2.1.1.1.1.1.3.2.3",
                    "1.2.804.2.1.1.1.1.1.3.3.1", "1.2.804.2.1.1.1.1.1.3.3.2", "1.2.804.2.1.1.1.1.1.3.3.3",
                    "1.2.804.2.1.1.1.1.1.3.5.1", "1.2.804.2.1.1.1.1.1.3.5.2", "1.2.804.2.1.1.1.1.1.3.5.3",
                    "1.2.804.2.1.1.1.1.1.3.6.1", "1.2.804.2.1.1.1.1.1.3.6.2", "1.2.804.2.1.1.1.1.1.3.6.3",
                    "1.2.804.2.1.1.1.1.1.3.8.1", "1.2.804.2.1.1.1.1.1.3.8.2", "1.2.804.2.1.1.1.1.1.3.8.3",
                    "1.2.804.2.1.1.1.1.1.3.10.1", "1.2.804.2.1.1.1.1.1.3.10.2", "1.2.804.2.1.1.1.1.1.3.10.3"};

    /** The OIDs the standards give the algorithms implemented here, by service type. */
    private static final Map<String, List<String>> STANDARD_OIDS = Map.of(
            "Cipher", oids(concat(new String[] {"2.16.840.1.101.3.4.1", // NIST aes arc (SunJCE: AES)
                    "1.2.840.113549.1.9.16.3.18", // RFC 8103 id-alg-AEADChaCha20Poly1305
                    "1.2.643.2.2.21"}, // RFC 4357 id-Gost28147-89: CFB with CryptoPro key meshing (GCFB)
                    AES_OIDS, DSTU7624_OIDS)),
            "Mac", oids("1.2.804.2.1.1.1.1.1.3.7.1", "1.2.804.2.1.1.1.1.1.3.7.2", "1.2.804.2.1.1.1.1.1.3.7.3"),
            "MessageDigest", oids("1.2.840.113549.2.5", "2.16.840.1.101.3.4.2.7", "2.16.840.1.101.3.4.2.8",
                    "2.16.840.1.101.3.4.2.9", "2.16.840.1.101.3.4.2.10", "2.16.840.1.101.3.4.2.11",
                    "2.16.840.1.101.3.4.2.12"),
            // SunJCE's AES arc and id-Gost28147-89; one per fixed-length OID as Bouncy Castle
            "KeyGenerator", oids(concat(new String[] {"2.16.840.1.101.3.4.1", "1.2.643.2.2.21"}, AES_OIDS,
                    DSTU7624_OIDS)),
            "AlgorithmParameters", oids("2.16.840.1.101.3.4.1", "2.16.840.1.101.3.4.1.2", "2.16.840.1.101.3.4.1.6",
                    "2.16.840.1.101.3.4.1.22", "2.16.840.1.101.3.4.1.26", "2.16.840.1.101.3.4.1.42",
                    "2.16.840.1.101.3.4.1.46", "1.2.840.113549.1.9.16.3.18", "1.2.804.2.1.1.1.1.1.3.5.1",
                    "1.2.804.2.1.1.1.1.1.3.5.2", "1.2.804.2.1.1.1.1.1.3.5.3"));

    private static String[] concat(String[]... parts) {
        return java.util.Arrays.stream(parts).flatMap(java.util.Arrays::stream).toArray(String[]::new);
    }

    private static List<String> oids(String... oids) {
        List<String> all = new ArrayList<>();
        for (String o : oids) {
            all.add(o);
            all.add("OID." + o);
        }
        return List.copyOf(all);
    }

    @Test
    void everyForeignAliasOfAnAlgorithmHereResolvesToIt() {
        List<String> wrong = new ArrayList<>();
        TreeSet<String> excludedSeen = new TreeSet<>();
        int checked = 0;
        for (Provider p : List.of(Security.getProvider("SunJCE"), Security.getProvider("SUN"), BC)) {
            for (String key : new TreeSet<>(p.stringPropertyNames())) {
                if (!key.startsWith("Alg.Alias.")) continue;
                String rest = key.substring("Alg.Alias.".length());
                int dot = rest.indexOf('.');
                String type = rest.substring(0, dot);
                String alias = rest.substring(dot + 1);
                if (!TYPES.contains(type)) continue;
                Provider.Service target = SIMD.getService(type, p.getProperty(key));
                Provider.Service viaAlias = SIMD.getService(type, alias);
                if (target == null && viaAlias == null) continue; // an algorithm not implemented here
                String id = p.getName() + " " + type + " " + alias;
                if (NOT_REGISTERED.containsKey(id)) {
                    excludedSeen.add(id);
                    continue;
                }
                checked++;
                if (target == null || viaAlias != target) {
                    wrong.add(id + " -> " + p.getProperty(key) + ": here " + (viaAlias == null ? "none"
                            : viaAlias.getAlgorithm()) + ", target " + (target == null ? "none" : target.getAlgorithm()));
                }
            }
        }
        System.out.println("ForeignNamesTest: " + checked + " foreign aliases resolve here, " + excludedSeen.size()
                + " deliberately not registered");
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        assertTrue(checked > 40, "too few aliases checked: " + checked);
        // The exclusions must still describe something the other providers register.
        assertEquals(new TreeSet<>(NOT_REGISTERED.keySet()), excludedSeen);
    }

    @Test
    void theStandardOidsResolve() {
        List<String> missing = new ArrayList<>();
        STANDARD_OIDS.forEach((type, names) -> {
            for (String n : names) {
                if (SIMD.getService(type, n) == null) missing.add(type + " " + n);
            }
        });
        assertTrue(missing.isEmpty(), String.join("\n", missing));
    }

    /** Every alias registered here, by "Type", with its canonical name. */
    private static Map<String, Map<String, String>> ourAliases() {
        Map<String, Map<String, String>> byType = new TreeMap<>();
        for (String key : SIMD.stringPropertyNames()) {
            if (!key.startsWith("Alg.Alias.")) continue;
            String rest = key.substring("Alg.Alias.".length());
            int dot = rest.indexOf('.');
            byType.computeIfAbsent(rest.substring(0, dot), t -> new TreeMap<>())
                    .put(rest.substring(dot + 1), SIMD.getProperty(key));
        }
        return byType;
    }

    @Test
    void everyAliasHereGivesAWorkingInstanceOfItsAlgorithm() throws Exception {
        int n = 0;
        List<String> failed = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> t : ourAliases().entrySet()) {
            for (Map.Entry<String, String> a : t.getValue().entrySet()) {
                assertSame(SIMD.getService(t.getKey(), a.getValue()), SIMD.getService(t.getKey(), a.getKey()), a.getKey());
                try {
                    works(t.getKey(), a.getKey(), a.getValue());
                    n++;
                } catch (Exception e) {
                    failed.add(t.getKey() + " " + a.getKey() + " (" + a.getValue() + "): " + e);
                }
            }
        }
        System.out.println("ForeignNamesTest: " + n + " aliases give working instances");
        assertTrue(failed.isEmpty(), String.join("\n", failed));
        assertTrue(n > 100, "too few aliases: " + n);
    }

    private static final byte[] DATA = new byte[64];

    /** The instance under alias computes what the one under its canonical name does. */
    private static void works(String type, String alias, String canonical) throws Exception {
        switch (type) {
            case "MessageDigest" -> assertArrayEquals(MessageDigest.getInstance(canonical, SIMD).digest(DATA),
                    MessageDigest.getInstance(alias, SIMD).digest(DATA), alias);
            case "KeyGenerator" -> {
                KeyGenerator g = KeyGenerator.getInstance(alias, SIMD);
                assertSame(SIMD, g.getProvider());
                assertEquals(KeyGenerator.getInstance(canonical, SIMD).generateKey().getEncoded().length,
                        g.generateKey().getEncoded().length, alias);
            }
            case "AlgorithmParameters" -> {
                AlgorithmParameterSpec spec = canonical.equals("GCM")
                        ? new GCMParameterSpec(128, new byte[12]) : new IvParameterSpec(new byte[16]);
                AlgorithmParameters viaAlias = AlgorithmParameters.getInstance(alias, SIMD);
                viaAlias.init(spec);
                AlgorithmParameters direct = AlgorithmParameters.getInstance(canonical, SIMD);
                direct.init(spec);
                assertArrayEquals(direct.getEncoded(), viaAlias.getEncoded(), alias);
            }
            case "Mac" -> {
                Mac viaAlias = Mac.getInstance(alias, SIMD);
                Mac direct = Mac.getInstance(canonical, SIMD);
                initEither(viaAlias, direct);
                assertArrayEquals(direct.doFinal(DATA), viaAlias.doFinal(DATA), alias);
            }
            case "Cipher" -> {
                Cipher viaAlias = Cipher.getInstance(alias, SIMD);
                Cipher direct = Cipher.getInstance(canonical, SIMD);
                byte[] key = initEither(viaAlias, null);
                byte[] ct = viaAlias.doFinal(DATA);
                AlgorithmParameters params = viaAlias.getParameters();
                SecretKeySpec k = new SecretKeySpec(key, "RAW");
                if (params != null) {
                    direct.init(Cipher.DECRYPT_MODE, k, params);
                } else if (viaAlias.getIV() != null) {
                    direct.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(viaAlias.getIV()));
                } else {
                    direct.init(Cipher.DECRYPT_MODE, k);
                }
                assertArrayEquals(DATA, direct.doFinal(ct), alias);
            }
            default -> throw new AssertionError(type);
        }
    }

    /**
     * Initialises a Mac (also {@code same}, with the same key and nonce) or a Cipher for
     * encryption with the first key length it takes; returns the key.
     */
    private static byte[] initEither(Object engine, Mac same) throws GeneralSecurityException {
        SecureRandom rnd = new SecureRandom();
        GeneralSecurityException last = null;
        for (int len : new int[] {32, 16, 24, 64}) {
            byte[] key = new byte[len];
            rnd.nextBytes(key);
            SecretKeySpec k = new SecretKeySpec(key, "RAW");
            try {
                if (engine instanceof Mac m) {
                    try {
                        m.init(k);
                        if (same != null) same.init(k);
                    } catch (java.security.InvalidKeyException e) {
                        IvParameterSpec nonce = new IvParameterSpec(new byte[12]); // GMAC: a nonce
                        try {
                            m.init(k, nonce);
                        } catch (java.security.InvalidAlgorithmParameterException e2) {
                            throw e;
                        }
                        if (same != null) same.init(k, nonce);
                    }
                } else {
                    ((Cipher) engine).init(Cipher.ENCRYPT_MODE, k, rnd);
                }
                return key;
            } catch (java.security.InvalidKeyException e) {
                last = e;
            }
        }
        throw last;
    }

    /**
     * Each native name reaches a service actually registered (the derivation's own check,
     * AlgorithmTableTest and DigestTest, stops at the derived tables), unless its family's rule
     * leaves it out with a reason.
     */
    @Test
    void everyNativeNameHasARegisteredService() {
        java.util.Set<String> covered = new java.util.HashSet<>();
        JcaNaming.FAMILIES.forEach(f -> covered.addAll(f.unoffered().keySet()));
        JcaNaming.HASHES.forEach(h -> covered.addAll(h.unoffered().keySet()));
        for (CipherAlgorithm a : SimdCryptProvider.cipherAlgorithms()) {
            if (SIMD.getService("Cipher", a.jcaName()) != null) covered.addAll(a.nativeNames());
        }
        for (MacAlgorithm a : SimdCryptProvider.macAlgorithms()) {
            if (SIMD.getService("Mac", a.jcaName()) != null) covered.addAll(a.prefixByKeyLength().values());
        }
        for (AeadAlgorithm a : SimdCryptProvider.aeadAlgorithms()) {
            if (SIMD.getService("Cipher", a.jcaName()) != null) covered.addAll(a.nameByKeyLength().values());
        }
        for (DigestAlgorithm a : SimdCryptProvider.digestAlgorithms()) {
            if (SIMD.getService("MessageDigest", a.jcaName()) != null) covered.add(a.nativeName());
        }
        for (AlgorithmTable.WrapAlgorithm a : SimdCryptProvider.wrapAlgorithms()) {
            if (SIMD.getService("Cipher", a.jcaName()) != null) covered.addAll(a.nameByKeyLength().values());
        }
        List<String> all = new ArrayList<>(io.simdcrypt.internal.NativeCipher.names(false));
        all.addAll(io.simdcrypt.internal.NativeCipher.names(true));
        all.addAll(io.simdcrypt.internal.NativeAead.names());
        all.addAll(io.simdcrypt.internal.NativeHash.names());
        List<String> left = all.stream().filter(n -> !covered.contains(n)).toList();
        System.out.println("ForeignNamesTest: " + (all.size() - left.size()) + " native names registered or left out"
                + " with a reason");
        assertTrue(left.isEmpty(), "native names without a service: " + left);
        assertTrue(all.size() > 60, "too few native names: " + all.size());
    }
}
