package io.simdcrypt.jca;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A JCA Mac name and the native MAC names its key lengths select.
 *
 * @param jcaName e.g. "Kalyna-128-MAC"
 * @param aliases further names
 * @param prefixByKeyLength key length in bytes to the full native name
 * @param tagSize bytes of the tag before init
 * @param hasSbox whether a {@link GostParameterSpec} S-box applies
 * @param defaultSbox the S-box without a {@link GostParameterSpec} (null: the library's, param-Z)
 */
record MacAlgorithm(String jcaName, List<String> aliases, Map<Integer, String> prefixByKeyLength, int tagSize,
        boolean hasSbox, String defaultSbox) {

    static MacAlgorithm of(String jcaName, List<String> aliases, Map<Integer, String> names, int tagSize,
            boolean hasSbox) {
        return new MacAlgorithm(jcaName, aliases, new TreeMap<>(names), tagSize, hasSbox, null);
    }

    static MacAlgorithm of(String jcaName, List<String> aliases, Map<Integer, String> names, int tagSize,
            String defaultSbox) {
        return new MacAlgorithm(jcaName, aliases, new TreeMap<>(names), tagSize, true, defaultSbox);
    }

    boolean isImplemented() {
        return prefixByKeyLength.values().stream().allMatch(n -> CipherAlgorithm.info(n) != null);
    }

    String keyLengths() {
        StringBuilder sb = new StringBuilder();
        for (int k : prefixByKeyLength.keySet()) {
            if (!sb.isEmpty()) sb.append(" or ");
            sb.append(k);
        }
        return sb.append(" bytes").toString();
    }
}
