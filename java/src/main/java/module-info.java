/* SPDX-License-Identifier: Apache-2.0 */
/**
 * simdcrypt for the JVM: the checksums ({@code io.simdcrypt}) and the JCA provider
 * {@code SimdCrypt} ({@code io.simdcrypt.jca}), over libsimdcrypt through the Foreign Function
 * &amp; Memory API. {@code io.simdcrypt.internal} (the downcalls) is not exported.
 *
 * <p>On the module path, run with {@code --enable-native-access=io.simdcrypt}; the provider is
 * found by {@code ServiceLoader.load(java.security.Provider.class)} (and by a
 * {@code security.provider.N=SimdCrypt} line in {@code java.security}). On the class path the
 * same jar is used through {@code META-INF/services/java.security.Provider}.
 */
module io.simdcrypt {
    // Everything used (FFM, JCA, java.util.zip) is in java.base.
    exports io.simdcrypt;
    exports io.simdcrypt.jca;

    provides java.security.Provider with io.simdcrypt.jca.SimdCryptProvider;
}
