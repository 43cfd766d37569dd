package io.simdcrypt.jca;

import java.util.List;
import java.util.Map;

/**
 * A JCA Mac name and the native MAC names its key lengths select (derived by {@link AlgorithmTable}).
 *
 * @param jcaName e.g. "Kalyna-128-MAC"
 * @param aliases further names
 * @param prefixByKeyLength key length in bytes to the full native name
 * @param tagSize bytes of the tag before init (sc_cipher_info.tag_size)
 * @param hasSbox whether a {@link GostParameterSpec} S-box applies
 * @param defaultSbox the S-box without a {@link GostParameterSpec} (null: the library's, param-Z)
 */
record MacAlgorithm(String jcaName, List<String> aliases, Map<Integer, String> prefixByKeyLength, int tagSize,
        boolean hasSbox, String defaultSbox) {

    String keyLengths() {
        StringBuilder sb = new StringBuilder();
        for (int k : prefixByKeyLength.keySet()) {
            if (!sb.isEmpty()) sb.append(" or ");
            sb.append(k);
        }
        return sb.append(" bytes").toString();
    }
}
