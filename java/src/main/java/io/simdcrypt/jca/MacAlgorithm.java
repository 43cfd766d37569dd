/* SPDX-License-Identifier: Apache-2.0 */
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
 * @param nonceSize 0, or the recommended nonce length of a MAC that takes one (GMAC: init needs
 *     an {@link javax.crypto.spec.IvParameterSpec}, sc_mac_init_nonce)
 */
record MacAlgorithm(String jcaName, List<String> aliases, Map<Integer, String> prefixByKeyLength, int tagSize,
        boolean hasSbox, String defaultSbox, int nonceSize) {

    String keyLengths() {
        return CipherAlgorithm.keyLengths(prefixByKeyLength.keySet());
    }
}
