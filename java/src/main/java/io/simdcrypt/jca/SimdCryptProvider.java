package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeLibrary;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
 * <p>Only what the loaded library implements is registered (the provider asks it for each
 * native name), so nothing here is a stub. Bouncy Castle's names are registered where they
 * compute exactly the same thing (checked by the tests against Bouncy Castle), so switching
 * providers means changing the provider name only; where Bouncy Castle's name means
 * something else (its "DSTU7624/CTR", "GOST3412-2015" = Kuznyechik), it is not registered.
 *
 * <p>KeyGenerators under the ciphers' names (and Bouncy Castle's "DSTU7624", "GOST28147",
 * "GOST", "GOST-28147") make random RAW keys of the sizes the ciphers take.
 *
 * <p>Ciphers: Kalyna (DSTU 7624:2014) with 128-, 256- and 512-bit blocks, the key length
 * choosing the variant; Magma (GOST R 34.12-2015, big-endian) and GOST 28147-89
 * (little-endian), S-boxes via {@link GostParameterSpec}. Modes ECB and CBC take NoPadding,
 * PKCS5Padding (= PKCS7Padding) and ISO7816-4Padding; CTR-like modes take NoPadding.
 * Macs: the DSTU 7624 MAC of Kalyna, the CMAC of GOST R 34.13-2015 for Magma and GOST
 * 28147-89's MAC (imitovstavka, "GOST28147MAC", 4-byte tag, S-box CryptoPro-A unless a
 * {@link GostParameterSpec} names another, as in Bouncy Castle).
 */
public final class SimdCryptProvider extends Provider {
    private static final long serialVersionUID = 1L;

    /** The provider's name for Cipher.getInstance(transformation, "SimdCrypt"). */
    public static final String NAME = "SimdCrypt";

    private static volatile SimdCryptProvider instance;

    /** Every cipher this provider may offer; those the library lacks are skipped. */
    static List<CipherAlgorithm> cipherAlgorithms() {
        Map<String, String> kalynaModes = ordered("ECB", "ecb", "CBC", "cbc", "CTR", "ctr");
        List<CipherAlgorithm> list = new ArrayList<>();
        Map<Integer, String> k128 = Map.of(16, "kalyna-128-128", 32, "kalyna-128-256");
        Map<Integer, String> k256 = Map.of(32, "kalyna-256-256", 64, "kalyna-256-512");
        Map<Integer, String> k512 = Map.of(64, "kalyna-512-512");
        list.add(CipherAlgorithm.of("Kalyna-128", List.of(), 16, k128, kalynaModes, false, null));
        list.add(CipherAlgorithm.of("Kalyna-256", List.of(), 32, k256, kalynaModes, false, null));
        list.add(CipherAlgorithm.of("Kalyna-512", List.of(), 64, k512, kalynaModes, false, null));
        // Bouncy Castle's names, without CTR: its JCA "CTR" on DSTU7624 is the generic counter
        // mode, not DSTU 7624's, so that combination is refused rather than computed differently.
        Map<String, String> bcModes = ordered("ECB", "ecb", "CBC", "cbc");
        list.add(CipherAlgorithm.of("DSTU7624", List.of("DSTU7624-128"), 16, k128, bcModes, false, null));
        list.add(CipherAlgorithm.of("DSTU7624-256", List.of(), 32, k256, bcModes, false, null));
        list.add(CipherAlgorithm.of("DSTU7624-512", List.of(), 64, k512, bcModes, false, null));
        list.add(CipherAlgorithm.of("Magma", List.of("GOST-R-34.12-2015-Magma"), 8,
                Map.of(32, "magma"), implementedModes("magma", "ECB", "ecb", "CBC", "cbc", "CTR", "ctr"), true,
                null));
        // GOST 28147-89's counter mode is Bouncy Castle's "GOFB"; "CNT" names it too. Without a
        // GostParameterSpec the S-box is the test parameter set, Bouncy Castle's "Default".
        list.add(CipherAlgorithm.of("GOST28147", List.of("GOST", "GOST-28147", "GOST-28147-89"), 8,
                Map.of(32, "gost89"), implementedModes("gost89", "ECB", "ecb", "CBC", "cbc", "GOFB", "cnt",
                        "CNT", "cnt"), true, "test"));
        return list;
    }

    static List<MacAlgorithm> macAlgorithms() {
        List<MacAlgorithm> list = new ArrayList<>();
        // Bouncy Castle has the DSTU 7624 MAC only as a lightweight class (DSTU7624Mac; its JCA
        // "DSTU7624-nnnGMAC" names are GMAC, another algorithm): these aliases follow that name.
        list.add(MacAlgorithm.of("Kalyna-128-MAC", List.of("DSTU7624-128MAC"),
                Map.of(16, "kalyna-128-128-cmac", 32, "kalyna-128-256-cmac"), 16, false));
        list.add(MacAlgorithm.of("Kalyna-256-MAC", List.of("DSTU7624-256MAC"),
                Map.of(32, "kalyna-256-256-cmac", 64, "kalyna-256-512-cmac"), 32, false));
        list.add(MacAlgorithm.of("Kalyna-512-MAC", List.of("DSTU7624-512MAC"),
                Map.of(64, "kalyna-512-512-cmac"), 64, false));
        list.add(MacAlgorithm.of("Magma-CMAC", List.of("MagmaCMAC", "GOST3413-2015-Magma-CMAC"),
                Map.of(32, "magma-cmac"), 8, true));
        // GOST 28147-89's MAC (imitovstavka) under Bouncy Castle's names, with its default S-box
        // (E-A = CryptoPro-A) and its 4-byte tag, so that the bytes match.
        list.add(MacAlgorithm.of("GOST28147MAC", List.of("GOST28147", "GOST-28147-89-MAC"),
                Map.of(32, "gost89-mac"), 4, "cryptopro-a"));
        return list;
    }

    /**
     * KeyGenerators, one per cipher family, registered where the family's Cipher is. Default
     * sizes: Kalyna-n the smallest key of its block size; "DSTU7624" Bouncy Castle's 256 bits,
     * taking every Kalyna key size (Bouncy Castle has no generator named after its
     * "DSTU7624-128/-256/-512" ciphers: their users take keys from this one); Magma and GOST
     * 28147-89 their only size, 256 bits.
     */
    static List<RawKeyGeneratorSpi.Algorithm> keyGeneratorAlgorithms() {
        return List.of(
                new RawKeyGeneratorSpi.Algorithm("Kalyna-128", List.of(), List.of(128, 256), 128),
                new RawKeyGeneratorSpi.Algorithm("Kalyna-256", List.of(), List.of(256, 512), 256),
                new RawKeyGeneratorSpi.Algorithm("Kalyna-512", List.of(), List.of(512), 512),
                new RawKeyGeneratorSpi.Algorithm("DSTU7624", List.of(), List.of(128, 256, 512), 256),
                new RawKeyGeneratorSpi.Algorithm("Magma", List.of("GOST-R-34.12-2015-Magma"), List.of(256), 256),
                new RawKeyGeneratorSpi.Algorithm("GOST28147", List.of("GOST", "GOST-28147", "GOST-28147-89"),
                        List.of(256), 256));
    }

    /** "crc32c=x86-avx512-vpclmul, kalyna=x86-avx512-vbmi-gfni, ...": what each algorithm runs. */
    private static String kernelSummary() {
        StringBuilder b = new StringBuilder();
        io.simdcrypt.SimdCrypt.dispatch().forEach((alg, d) -> b.append(b.length() > 0 ? ", " : "").append(alg)
                .append('=').append(d.kernel()));
        return b.toString();
    }

    public SimdCryptProvider() {
        super(NAME, "0.1.0", "simdcrypt: Kalyna, Magma, GOST 28147-89 ciphers and MACs over SIMD kernels"
                + (NativeLibrary.isAvailable() ? "; kernels: " + kernelSummary() : " (native library unavailable: "
                        + NativeLibrary.loadFailure().getMessage() + ")"));
        if (!NativeLibrary.isAvailable()) return;
        for (CipherAlgorithm alg : cipherAlgorithms()) {
            if (alg.suffixByMode().isEmpty() || !alg.isImplemented()) continue;
            Map<String, String> attrs = new HashMap<>();
            attrs.put("SupportedModes", String.join("|", alg.suffixByMode().keySet()));
            attrs.put("SupportedPaddings", "NOPADDING|PKCS5PADDING|PKCS7PADDING|ISO7816-4PADDING");
            attrs.put("SupportedKeyFormats", "RAW");
            add("Cipher", alg.jcaName(), alg.aliases(), attrs, () -> new NativeCipherSpi(alg));
            add("AlgorithmParameters", alg.jcaName(), alg.aliases(), null, IvParametersSpi::new);
        }
        for (MacAlgorithm alg : macAlgorithms()) {
            if (!alg.isImplemented()) continue;
            add("Mac", alg.jcaName(), alg.aliases(), Map.of("SupportedKeyFormats", "RAW"),
                    () -> new NativeMacSpi(alg));
        }
        for (RawKeyGeneratorSpi.Algorithm alg : keyGeneratorAlgorithms()) {
            if (getService("Cipher", alg.jcaName()) == null) continue;
            add("KeyGenerator", alg.jcaName(), alg.aliases(), null, () -> new RawKeyGeneratorSpi(alg));
        }
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

    private void add(String type, String name, List<String> aliases, Map<String, String> attrs, Supplier<Object> factory) {
        putService(new NativeService(this, type, name, aliases, attrs, factory));
    }

    private static Map<String, String> ordered(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) m.put(pairs[i], pairs[i + 1]);
        return m;
    }

    /** The modes among the pairs whose native name exists for this prefix. */
    private static Map<String, String> implementedModes(String prefix, String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        if (!NativeLibrary.isAvailable()) return m;
        for (int i = 0; i < pairs.length; i += 2) {
            if (CipherAlgorithm.info(prefix + "-" + pairs[i + 1]) != null) m.put(pairs[i], pairs[i + 1]);
        }
        return m;
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
