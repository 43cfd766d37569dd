/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeHash;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A JCA MessageDigest name and the native hash it runs, derived from the library's hash names
 * (sc_hash_name_at, sc_hash_info_get) by the per-family rules of {@link JcaNaming#HASHES}.
 *
 * @param jcaName e.g. "SHA3-256", "SHAKE128-256"
 * @param aliases further names (OIDs, Bouncy Castle's and the JDK's short XOF names)
 * @param nativeName e.g. "sha3-256", "shake128"
 * @param digestLength bytes returned: the hash's digest size, or for an XOF the fixed output
 *     length its rule gives
 * @param blockSize bytes absorbed per compression or permutation (sc_hash_info.block_size)
 * @param xof whether the native name is an XOF (its digest is its first digestLength bytes)
 */
record DigestAlgorithm(String jcaName, List<String> aliases, String nativeName, int digestLength, int blockSize,
        boolean xof) {

    /** The provider's digests for these native hash descriptions under these rules. */
    static List<DigestAlgorithm> derive(List<NativeHash.Info> hashes, List<JcaNaming.Hashes> rules) {
        List<DigestAlgorithm> out = new ArrayList<>();
        for (NativeHash.Info i : hashes) {
            JcaNaming.Hashes rule = JcaNaming.hashes(rules, i.algorithm());
            if (rule == null) continue;
            for (JcaNaming.Digest d : rule.digests()) {
                if (d.nativeName().equals(i.name())) out.add(of(d, i));
            }
        }
        Set<String> seen = new LinkedHashSet<>();
        for (DigestAlgorithm a : out) {
            List<String> names = new ArrayList<>(a.aliases());
            names.add(a.jcaName());
            for (String n : names) {
                if (!seen.add(n.toUpperCase(Locale.ROOT))) {
                    throw new IllegalStateException("JCA naming rules give two MessageDigest services the name " + n);
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * One rule applied to one native name: a fixed-size hash takes no output length (its
     * digest size is the library's), an XOF needs one.
     */
    private static DigestAlgorithm of(JcaNaming.Digest d, NativeHash.Info i) {
        if (i.isXof() != (d.xofBytes() > 0)) {
            throw new IllegalStateException("JCA naming rule for " + i.name() + (i.isXof()
                    ? " is an XOF: its rule must give an output length" : " gives an output length to a fixed-size hash"));
        }
        return new DigestAlgorithm(d.name(), d.aliases(), i.name(), i.isXof() ? d.xofBytes() : i.digestSize(),
                i.blockSize(), i.isXof());
    }
}
