/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeLibrary;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The JCA provider "SimdCrypt": Ciphers, Macs and KeyGenerators over simdcrypt's native kernels.
 *
 * <pre>{@code
 * Security.addProvider(new SimdCryptProvider());
 * Cipher c = Cipher.getInstance("Kalyna-128/CBC/PKCS5Padding", "SimdCrypt");
 * }</pre>
 *
 * <p>The services are derived from the loaded library's own name list (sc_cipher_name_at,
 * sc_mac_name_at, sc_cipher_info_get: {@link AlgorithmTable}); only the JCA spelling of each
 * family's names is written here ({@link JcaNaming}), so nothing is a stub and a native name
 * needs no Java change. Bouncy Castle's names are registered where they
 * compute exactly the same thing (checked by the tests against Bouncy Castle), so switching
 * providers means changing the provider name only; where Bouncy Castle's name means
 * something else (its "DSTU7624/CTR", "GOST3412-2015" = Kuznyechik), it is not registered.
 *
 * <p>KeyGenerators under the ciphers' names (and Bouncy Castle's "DSTU7624", "GOST28147",
 * "GOST", "GOST-28147") make random RAW keys of the sizes the ciphers take; as in Bouncy Castle,
 * every fixed-length cipher OID (NIST's id-aesNNN-*, DSTU 7624's) also names a KeyGenerator of
 * that OID's key length.
 *
 * <p>Ciphers: AES under SunJCE's names ("AES" with ECB, CBC, CTR, CFB, CFB8, OFB and the key
 * length choosing AES-128/192/256; "AES/GCM/NoPadding" with SunJCE's GCM behaviour; the key wraps
 * "AESWrap" = "AES/KW/NoPadding" and "AESWrapPad" = "AES/KWP/NoPadding"; "AES_128/ECB/NoPadding"
 * and the other fixed-length names with their NIST OIDs), Bouncy Castle's "AES/CCM/NoPadding" and
 * "AESCMAC" Mac, Kalyna (DSTU 7624:2014) with 128-, 256- and 512-bit blocks, the key length
 * choosing the variant; Magma (GOST R 34.12-2015, big-endian) and GOST 28147-89
 * (little-endian), S-boxes via {@link GostParameterSpec}. Modes ECB and CBC take NoPadding,
 * PKCS5Padding (= PKCS7Padding) and ISO7816-4Padding; CTR-like modes take NoPadding.
 * ChaCha20, ChaCha20-Poly1305 and XChaCha20-Poly1305 under SunJCE's names and semantics, and
 * Bouncy Castle's Poly1305 Mac.
 * MessageDigests: MD5 and SHA3-224/256/384/512 under the JDK's names and OIDs, SHAKE128-256 and
 * SHAKE256-512 (aliases SHAKE128, SHAKE256: the first 32 and 64 bytes of the XOF, as the JDK and
 * Bouncy Castle), Bouncy Castle's KECCAK-256, TurboSHAKE128-256, TurboSHAKE256-512 and
 * KangarooTwelve (32 bytes); see {@link JcaNaming#HASHES}.
 * Macs: the DSTU 7624 MAC of Kalyna, the CMAC of GOST R 34.13-2015 for Magma and GOST
 * 28147-89's MAC (imitovstavka, "GOST28147MAC", 4-byte tag, S-box CryptoPro-A unless a
 * {@link GostParameterSpec} names another, as in Bouncy Castle).
 */
public final class SimdCryptProvider extends Provider {
    private static final long serialVersionUID = 1L;

    /** The provider's name for Cipher.getInstance(transformation, "SimdCrypt"). */
    public static final String NAME = "SimdCrypt";

    private static volatile SimdCryptProvider instance;

    /** Derived once per JVM from the library's names (see {@link AlgorithmTable}). */
    private static volatile AlgorithmTable table;

    private static AlgorithmTable table() {
        AlgorithmTable t = table;
        if (t == null) table = t = AlgorithmTable.load(); // idempotent: a race derives it twice
        return t;
    }

    /** Every cipher the library implements, under its JCA names. */
    static List<CipherAlgorithm> cipherAlgorithms() {
        return table().ciphers();
    }

    static List<MacAlgorithm> macAlgorithms() {
        return table().macs();
    }

    /** Key-wrap Ciphers ("AES/KW/NoPadding", "DSTU7624-128KW"). */
    static List<AlgorithmTable.WrapAlgorithm> wrapAlgorithms() {
        return table().wraps();
    }

    /** Ciphers over the library's AEADs ("AES/GCM/NoPadding"). */
    static List<AeadAlgorithm> aeadAlgorithms() {
        return table().aeads();
    }

    /**
     * KeyGenerators, as the naming rules ask: one under a cipher's names taking its key sizes,
     * the smallest by default (Kalyna-n; Magma and GOST28147, 256 bits), and line-wide ones:
     * "DSTU7624", Bouncy Castle's 256 bits by default, taking every Kalyna key size (Bouncy
     * Castle has no generator named after its "DSTU7624-128/-256/-512" ciphers: their users
     * take keys from this one).
     */
    static List<RawKeyGeneratorSpi.Algorithm> keyGeneratorAlgorithms() {
        return table().keyGenerators();
    }

    private static volatile List<DigestAlgorithm> digests;

    /**
     * MessageDigests, derived from the library's hash names (sc_hash_name_at) by the rules of
     * {@link JcaNaming#HASHES} (empty without a library).
     */
    static List<DigestAlgorithm> digestAlgorithms() {
        List<DigestAlgorithm> d = digests;
        if (d == null) {
            d = !NativeLibrary.isAvailable() ? List.of() : DigestAlgorithm.derive(
                    io.simdcrypt.internal.NativeHash.names().stream().map(io.simdcrypt.internal.NativeHash::info)
                            .toList(), JcaNaming.HASHES);
            digests = d; // idempotent, as table()
        }
        return d;
    }

    /** "crc32c=x86-avx512-vpclmul, kalyna=x86-avx512-vbmi-gfni, ...": what each algorithm runs. */
    private static String kernelSummary() {
        StringBuilder b = new StringBuilder();
        io.simdcrypt.SimdCrypt.dispatch().forEach((alg, d) -> b.append(b.length() > 0 ? ", " : "").append(alg)
                .append('=').append(d.kernel()));
        return b.toString();
    }

    public SimdCryptProvider() {
        super(NAME, "0.1.0", "simdcrypt: AES (ECB, CBC, CTR, CFB, CFB8, OFB, GCM, CCM, KW, KWP, GMAC, CMAC), ChaCha20(-Poly1305), Poly1305, Kalyna,"
                + " Magma, GOST 28147-89 ciphers"
                + " and MACs, MD5, SHA-3, SHAKE, Keccak-256, TurboSHAKE and KangarooTwelve digests over SIMD kernels"
                + (NativeLibrary.isAvailable() ? "; kernels: " + kernelSummary() : " (native library unavailable: "
                        + NativeLibrary.loadFailure().getMessage() + ")"));
        if (!NativeLibrary.isAvailable()) return;
        Map<String, List<String>> parameterOids = parameterOids();
        for (CipherAlgorithm alg : cipherAlgorithms()) {
            Map<String, String> attrs = new HashMap<>();
            attrs.put("SupportedModes", String.join("|", alg.suffixByMode().keySet()));
            attrs.put("SupportedPaddings", alg.fixedOf() != null && !alg.fixedPadded() ? "NOPADDING"
                    : "NOPADDING|PKCS5PADDING|PKCS7PADDING|ISO7816-4PADDING");
            attrs.put("SupportedKeyFormats", "RAW");
            add("Cipher", alg.jcaName(), alg.aliases(), attrs, () -> new NativeCipherSpi(alg));
            // A fixed name ("AES_128/CBC/NoPadding") uses its general name's IV parameters.
            if (alg.fixedOf() == null) {
                add("AlgorithmParameters", alg.jcaName(), concat(alg.aliases(), parameterOids.get(alg.jcaName())), null,
                        IvParametersSpi::new);
            }
        }
        addKeyWraps();
        boolean gcm = false;
        for (AeadAlgorithm alg : aeadAlgorithms()) {
            add("Cipher", alg.jcaName(), alg.aliases(), Map.of("SupportedModes", alg.mode(), "SupportedPaddings",
                    "NOPADDING", "SupportedKeyFormats", "RAW"), () -> alg.kind().spi.apply(alg));
            gcm |= alg.kind().takesGcmSpec();
            // SunJCE's "ChaCha20-Poly1305" parameters: the nonce as a DER OCTET STRING.
            if (alg.kind() == AeadAlgorithm.Kind.NONCE_IV) {
                add("AlgorithmParameters", alg.jcaName(), alg.aliases(), null, IvParametersSpi::new);
            }
        }
        if (gcm) add("AlgorithmParameters", "GCM", parameterOids.getOrDefault("GCM", List.of()), null, GcmParametersSpi::new);
        for (MacAlgorithm alg : macAlgorithms()) {
            add("Mac", alg.jcaName(), alg.aliases(), Map.of("SupportedKeyFormats", "RAW"),
                    () -> new NativeMacSpi(alg));
        }
        for (DigestAlgorithm alg : digestAlgorithms()) {
            add("MessageDigest", alg.jcaName(), alg.aliases(), null, () -> new NativeDigestSpi(alg));
        }
        for (RawKeyGeneratorSpi.Algorithm alg : keyGeneratorAlgorithms()) {
            if (getService("Cipher", alg.jcaName()) == null) continue;
            add("KeyGenerator", alg.jcaName(), alg.aliases(), null, () -> new RawKeyGeneratorSpi(alg));
        }
    }

    /**
     * The OIDs of the fixed names that take parameters, by the AlgorithmParameters that read
     * them, as Bouncy Castle registers them: "AES_128/CBC/NoPadding" = 2.16.840.1.101.3.4.1.2
     * names the IV parameters of "AES", "AES_128/GCM/NoPadding" = ...1.6 the "GCM" parameters,
     * "DSTU7624-128-CBC" = 1.2.804.2.1.1.1.1.1.3.5.1 those of "DSTU7624". ECB takes none; the
     * one-block-IV AEADs (Kalyna CCM) have no AlgorithmParameters (getParameters() is null).
     * Nor does GCFB's OID (1.2.643.2.2.21) name parameters here: Bouncy Castle's of that OID
     * are Gost28147-89-Parameters (IV and S-box OID), not the IV encoding of "GOST28147".
     */
    private static Map<String, List<String>> parameterOids() {
        Map<String, List<String>> oids = new HashMap<>();
        for (CipherAlgorithm alg : cipherAlgorithms()) {
            if (alg.fixedOf() != null && !alg.suffixByMode().containsKey("ECB") && alg.meshedModes().isEmpty()) {
                oids.computeIfAbsent(alg.fixedOf(), k -> new java.util.ArrayList<>()).addAll(alg.aliases());
            }
        }
        for (AeadAlgorithm alg : aeadAlgorithms()) {
            if (alg.kind() == AeadAlgorithm.Kind.GCM) {
                oids.computeIfAbsent("GCM", k -> new java.util.ArrayList<>()).addAll(alg.aliases());
            }
        }
        return oids;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        if (b == null || b.isEmpty()) return a;
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The shared instance (used internally, e.g. for AlgorithmParameters of an IV). */
    public static SimdCryptProvider instance() {
        SimdCryptProvider p = instance;
        if (p == null) {
            synchronized (SimdCryptProvider.class) {
                if (instance == null) instance = new SimdCryptProvider();
                p = instance;
            }
        }
        return p;
    }

    /** Key wraps (Kalyna's under Bouncy Castle's DSTU7624-nKW names, AES KW/KWP under SunJCE's; JcaNaming.WRAPS). */
    private void addKeyWraps() {
        for (AlgorithmTable.WrapAlgorithm alg : wrapAlgorithms()) {
            add("Cipher", alg.jcaName(), alg.aliases(), Map.of("SupportedKeyFormats", "RAW"),
                    () -> new KeyWrapCipherSpi(alg));
        }
    }

    private void add(String type, String name, List<String> aliases, Map<String, String> attrs, Supplier<Object> factory) {
        putService(new NativeService(this, type, name, concat(aliases, JcaNaming.TYPE_ALIASES.get(type + "." + name)),
                attrs, factory));
    }

    /** A service that constructs its SPI directly, without reflection. */
    private static final class NativeService extends Service {
        private final transient Supplier<Object> factory;

        NativeService(Provider p, String type, String name, List<String> aliases, Map<String, String> attrs,
                Supplier<Object> factory) {
            super(p, type, name, NativeService.class.getName(), aliases, attrs);
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
            if (constructorParameter != null) {
                throw new java.security.InvalidParameterException("constructorParameter not used with " + getType());
            }
            return factory.get();
        }
    }
}
