package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeAead;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JCA Cipher name over native AEAD names (sc_aead_*), derived by {@link AlgorithmTable}:
 * "AES/GCM/NoPadding" with its key lengths choosing aes-128-gcm, aes-192-gcm or aes-256-gcm,
 * or "AES_128/GCM/NoPadding" with one.
 *
 * @param jcaName the provider's name, a whole transformation as in SunJCE
 * @param aliases further names (OIDs)
 * @param mode the JCA mode ("GCM"): the only one engineSetMode takes
 * @param nameByKeyLength key length in bytes to the native AEAD name
 */
record AeadAlgorithm(String jcaName, List<String> aliases, String mode, Map<Integer, String> nameByKeyLength) {
    private static final Map<String, NativeAead.Info> INFOS = new ConcurrentHashMap<>();

    String keyLengths() {
        return CipherAlgorithm.keyLengths(nameByKeyLength.keySet());
    }

    static NativeAead.Info info(String nativeName) {
        NativeAead.Info info = INFOS.get(nativeName);
        if (info == null) {
            info = NativeAead.info(nativeName);
            if (info != null) INFOS.put(nativeName, info);
        }
        return info;
    }
}
