/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeCipher;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JCA cipher name and how it maps onto native names: which native prefix a key length
 * selects ("Kalyna-128" with a 32-byte key is "kalyna-128-256"), which JCA modes exist and
 * their native suffix, and whether an S-box parameter applies. Derived from the library's
 * names by {@link AlgorithmTable}.
 *
 * @param jcaName the provider's name, e.g. "Kalyna-128"
 * @param aliases further names, among them Bouncy Castle's where they compute the same thing
 * @param blockSize bytes
 * @param prefixByKeyLength key length in bytes to native name prefix
 * @param suffixByMode upper-case JCA mode to native suffix ("CBC" to "cbc")
 * @param nativeNames the native names behind this JCA name (not every key length need have
 *     every mode)
 * @param streamModes the JCA modes that take any length (sc_cipher_info.is_stream)
 * @param hasSbox whether a {@link GostParameterSpec} S-box applies
 * @param defaultSbox the S-box without a GostParameterSpec (null: the library's, param-Z)
 * @param fixedOf null, or for a name of one key length, mode and NoPadding
 *     ("AES_128/ECB/NoPadding", {@link JcaNaming.Oids}) the general name it narrows ("AES")
 * @param fixedPadded for a fixed name: whether it takes a padding (PKCS5 by default in a block
 *     mode, as Bouncy Castle's per-OID DSTU 7624 ciphers) rather than NoPadding only (SunJCE's)
 * @param meshedModes the JCA modes run with CryptoPro key meshing ({@link JcaNaming.MeshedMode}:
 *     "GCFB"); the others of a GOST 28147-89 name run without, as Bouncy Castle's
 */
record CipherAlgorithm(String jcaName, List<String> aliases, int blockSize,
        Map<Integer, String> prefixByKeyLength, Map<String, String> suffixByMode, Set<String> nativeNames,
        Set<String> streamModes, boolean hasSbox, String defaultSbox, String fixedOf,
        boolean fixedPadded, Set<String> meshedModes) {

    CipherAlgorithm(String jcaName, List<String> aliases, int blockSize, Map<Integer, String> prefixByKeyLength,
            Map<String, String> suffixByMode, Set<String> nativeNames, Set<String> streamModes, boolean hasSbox,
            String defaultSbox, String fixedOf, boolean fixedPadded) {
        this(jcaName, aliases, blockSize, prefixByKeyLength, suffixByMode, nativeNames, streamModes, hasSbox,
                defaultSbox, fixedOf, fixedPadded, Set.of());
    }

    /** Whether a JCA mode runs with CryptoPro key meshing. */
    boolean keyMeshing(String mode) {
        return meshedModes.contains(mode.toUpperCase(Locale.ROOT));
    }

    /** The AlgorithmParameters name of this cipher's IV. */
    String parametersName() {
        return fixedOf != null ? fixedOf : jcaName;
    }

    /** Native C strings of the names, made once per JVM (a handful of short strings). */
    private static final Map<String, MemorySegment> C_NAMES = new ConcurrentHashMap<>();
    private static final Map<String, NativeCipher.Info> INFOS = new ConcurrentHashMap<>();

    /** The native name for a key length and mode, or null if there is none. */
    String nativeName(int keyLength, String mode) {
        String prefix = prefixByKeyLength.get(keyLength);
        String suffix = suffixByMode.get(mode.toUpperCase(Locale.ROOT));
        String name = prefix == null || suffix == null ? null : prefix + "-" + suffix;
        return name != null && nativeNames.contains(name) ? name : null;
    }

    boolean hasMode(String mode) {
        return suffixByMode.containsKey(mode.toUpperCase(Locale.ROOT));
    }

    /** Whether a JCA mode of this algorithm takes any length (CTR, CNT) rather than whole blocks. */
    boolean isStream(String mode) {
        return streamModes.contains(mode.toUpperCase(Locale.ROOT));
    }

    /**
     * Whether a JCA mode takes a padding: the block modes, and the streams whose native mode
     * {@link JcaNaming#PADDED_STREAMS} lists (full-block CFB and OFB, as SunJCE pads them).
     */
    boolean takesPadding(String mode) {
        String suffix = suffixByMode.get(mode.toUpperCase(Locale.ROOT));
        if (JcaNaming.STEALING_MODES.contains(suffix)) return false;
        return !isStream(mode) || JcaNaming.PADDED_STREAMS.contains(suffix);
    }

    String keyLengths() {
        return keyLengths(prefixByKeyLength.keySet());
    }

    /** "16 or 32 bytes". */
    static String keyLengths(Set<Integer> lengths) {
        StringBuilder sb = new StringBuilder();
        for (int k : lengths) {
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
