package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeCipher;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JCA cipher name and how it maps onto native names: which native prefix a key length
 * selects ("Kalyna-128" with a 32-byte key is "kalyna-128-256"), which JCA modes exist and
 * their native suffix, and whether an S-box parameter applies.
 *
 * @param jcaName the provider's name, e.g. "Kalyna-128"
 * @param aliases further names, among them Bouncy Castle's where they compute the same thing
 * @param blockSize bytes
 * @param prefixByKeyLength key length in bytes to native name prefix
 * @param suffixByMode upper-case JCA mode to native suffix ("CBC" to "cbc")
 * @param hasSbox whether a {@link GostParameterSpec} S-box applies
 * @param defaultSbox the S-box without a GostParameterSpec (null: the library's, param-Z)
 */
record CipherAlgorithm(String jcaName, List<String> aliases, int blockSize,
        Map<Integer, String> prefixByKeyLength, Map<String, String> suffixByMode, boolean hasSbox,
        String defaultSbox) {

    /** Native C strings of the names, made once per JVM (a handful of short strings). */
    private static final Map<String, MemorySegment> C_NAMES = new ConcurrentHashMap<>();
    private static final Map<String, NativeCipher.Info> INFOS = new ConcurrentHashMap<>();

    static CipherAlgorithm of(String jcaName, List<String> aliases, int blockSize, Map<Integer, String> prefixes,
            Map<String, String> modes, boolean hasSbox, String defaultSbox) {
        return new CipherAlgorithm(jcaName, aliases, blockSize, new TreeMap<>(prefixes),
                new LinkedHashMap<>(modes), hasSbox, defaultSbox);
    }

    /** The native name for a key length and mode, or null if there is none. */
    String nativeName(int keyLength, String mode) {
        String prefix = prefixByKeyLength.get(keyLength);
        String suffix = suffixByMode.get(mode.toUpperCase(Locale.ROOT));
        return prefix == null || suffix == null ? null : prefix + "-" + suffix;
    }

    boolean hasMode(String mode) {
        return suffixByMode.containsKey(mode.toUpperCase(Locale.ROOT));
    }

    /** Whether the loaded library implements every (key length, mode) this algorithm names. */
    boolean isImplemented() {
        for (int keyLength : prefixByKeyLength.keySet()) {
            for (String mode : suffixByMode.keySet()) {
                if (info(nativeName(keyLength, mode)) == null) return false;
            }
        }
        return true;
    }

    String keyLengths() {
        StringBuilder sb = new StringBuilder();
        for (int k : prefixByKeyLength.keySet()) {
            if (!sb.isEmpty()) sb.append(" or ");
            sb.append(k);
        }
        return sb.append(" bytes").toString();
    }

    static NativeCipher.Info info(String nativeName) {
        NativeCipher.Info info = INFOS.get(nativeName);
        if (info == null) {
            info = NativeCipher.info(nativeName);
            if (info != null) INFOS.put(nativeName, info);
        }
        return info;
    }

    static MemorySegment cName(String nativeName) {
        return C_NAMES.computeIfAbsent(nativeName, n -> Arena.global().allocateFrom(n));
    }
}
