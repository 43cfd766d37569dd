/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeAead;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.crypto.CipherSpi;

/**
 * A JCA Cipher name run by a {@link NonceCipherSpi}, derived by {@link AlgorithmTable}: over
 * native AEAD names (sc_aead_*), "AES/GCM/NoPadding" with its key lengths choosing aes-128-gcm,
 * aes-192-gcm or aes-256-gcm, "AES_128/GCM/NoPadding" with one, "ChaCha20-Poly1305"; or over
 * a native stream cipher whose key and nonce must never encrypt twice ("ChaCha20").
 *
 * @param jcaName the provider's name, a whole transformation as in SunJCE
 * @param aliases further names (OIDs)
 * @param mode the JCA mode ("GCM", "NONE"): the only one engineSetMode takes
 * @param nameByKeyLength key length in bytes to the native name
 * @param kind which parameters and SPI
 */
record AeadAlgorithm(String jcaName, List<String> aliases, String mode, Map<Integer, String> nameByKeyLength,
        Kind kind) {
    private static final Map<String, NativeAead.Info> INFOS = new ConcurrentHashMap<>();

    /** How a name takes its parameters, as SunJCE's Cipher of that name does. */
    enum Kind {
        /** GCMParameterSpec; the JCA mode is the native one ("GCM"). */
        GCM(GcmCipherSpi::new, true),
        /**
         * GCMParameterSpec (or Bouncy Castle's IvParameterSpec: a full-block tag) with DSTU 7624's
         * rules (Kalyna GCM and CCM): the IV exactly one block, tag lengths those the native name
         * accepts; the JCA mode is the native one ("GCM", "CCM"; CCM one-shot).
         */
        BLOCK_AEAD(BlockAeadCipherSpi::new, true),
        /**
         * AES CCM as Bouncy Castle's "AES/CCM/NoPadding" ({@link CcmCipherSpi}): GCMParameterSpec
         * with a 7..13-byte nonce, an IvParameterSpec meaning a 64-bit tag; one-shot.
         */
        CCM(CcmCipherSpi::new, true),
        /** IvParameterSpec of the exact nonce length, 16-byte tag (ChaCha20-Poly1305); mode "NONE". */
        NONCE_IV(ChaChaPolyCipherSpi::new, true),
        /** ChaCha20ParameterSpec over the native cipher API, no tag (ChaCha20); mode "NONE". */
        CHACHA20(ChaCha20CipherSpi::new, false);

        final Function<AeadAlgorithm, CipherSpi> spi;
        /** Whether the native names are AEAD names (else cipher names). */
        final boolean nativeAead;

        Kind(Function<AeadAlgorithm, CipherSpi> spi, boolean nativeAead) {
            this.spi = spi;
            this.nativeAead = nativeAead;
        }

        /** The JCA mode of a native mode: GCM's own, "NONE" for the ChaCha names (SunJCE's). */
        String jcaMode(String nativeMode) {
            return takesGcmSpec() ? nativeMode.toUpperCase(Locale.ROOT) : "NONE";
        }

        /** Whether the names take a GCMParameterSpec (IV and tag length). */
        boolean takesGcmSpec() {
            return this == GCM || this == BLOCK_AEAD || this == CCM;
        }
    }

    String keyLengths() {
        return CipherAlgorithm.keyLengths(nameByKeyLength.keySet());
    }

    /** The nonce length of the (first) native name: the AEAD's nonce_size or the cipher's iv_size. */
    int nonceSize() {
        String name = nameByKeyLength.values().iterator().next();
        return kind.nativeAead ? info(name).nonceSize() : CipherAlgorithm.info(name).ivSize();
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
