/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import io.simdcrypt.internal.NativeLibrary;
import io.simdcrypt.internal.NativeInfo;
import java.util.List;
import java.util.Map;

/**
 * Facts about the loaded native library, for logs and diagnostics.
 *
 * <p>Loading: the bundled library for this platform is used unless the system property
 * {@code simdcrypt.library.path} names an installed {@code libsimdcrypt.so}; the bundled one
 * is extracted to a private directory under {@code simdcrypt.tmpdir} (default
 * {@code java.io.tmpdir}). Run with {@code --enable-native-access=ALL-UNNAMED} (or the
 * module's name) to allow the native calls without a warning.
 */
public final class SimdCrypt {
    private SimdCrypt() {}

    /** Whether the native library is loaded and usable on this platform. */
    public static boolean isAvailable() {
        return NativeLibrary.isAvailable();
    }

    /** Why the native library could not be loaded, or null when it was. */
    public static Throwable loadFailure() {
        return NativeLibrary.loadFailure();
    }

    /** This JVM's platform name, e.g. "linux-x86_64". */
    public static String platform() {
        return NativeLibrary.platform();
    }

    /** Where the library was loaded from, e.g. "bundled:linux-x86_64" or a path. */
    public static String librarySource() {
        return NativeLibrary.source();
    }

    /** The native library's version, e.g. "0.1.0". */
    public static String version() {
        return NativeInfo.version();
    }

    /** Name of the kernel the library uses for an algorithm ("crc32c" → "x86-avx512-vpclmul"). */
    public static String activeKernel(String algorithm) {
        return NativeInfo.activeKernel(algorithm);
    }

    /**
     * How each algorithm is dispatched on this CPU: kernel, short-message kernel and crossover,
     * and why ("rule" of the policy table, "generic" ranking, or "override" from the
     * {@code SIMDCRYPT_KERNEL} environment variable or {@link #forceKernel}). The same as
     * {@code simdcrypt info}.
     */
    public static Map<String, KernelChoice> dispatch() {
        return NativeInfo.dispatch();
    }

    /**
     * Forces {@code kernel} for {@code algorithm} in this process (null: back to the policy), like
     * {@code SIMDCRYPT_KERNEL=algorithm:kernel}. Cipher instances keep the kernel they were keyed
     * with.
     *
     * @throws IllegalArgumentException for an unknown algorithm or kernel, or one this CPU cannot run
     */
    public static void forceKernel(String algorithm, String kernel) {
        int rc = NativeInfo.forceKernel(algorithm, kernel);
        if (rc != 0) {
            throw new IllegalArgumentException("simdcrypt: cannot force kernel " + kernel + " for " + algorithm
                    + (rc == -7 ? ": this CPU cannot run it" : ": unknown algorithm or kernel"));
        }
    }

    /**
     * Runs the library's self test (sc_selftest, as {@code simdcrypt selftest}): every known
     * answer of every family (sc_kat_get) on every kernel this CPU runs, then longer inputs
     * against the portable kernel.
     *
     * @return the number of family/kernel pairs checked, all of which passed (kernels this CPU
     *     cannot run are not counted)
     * @throws IllegalStateException when any failed, naming each failing family and kernel
     */
    public static int selfTest() {
        NativeInfo.SelfTest result = NativeInfo.selfTest();
        return checked(result.failures(), result.reports());
    }

    /** The passing count of a self test's reports, or the exception naming its failures. */
    static int checked(int failures, List<NativeInfo.SelfTestReport> reports) {
        StringBuilder failed = new StringBuilder();
        int passed = 0;
        for (NativeInfo.SelfTestReport r : reports) {
            if (r.status() == 0) {
                passed++;
            } else if (r.status() != NOT_RUNNABLE) {
                failed.append(failed.isEmpty() ? "" : "; ").append(r.family()).append('/').append(r.kernel())
                        .append(": ").append(r.detail()).append(" (status ").append(r.status()).append(')');
            }
        }
        if (failures != 0 || !failed.isEmpty()) {
            throw new IllegalStateException("simdcrypt: self test failed on " + failures + " kernel(s): " + failed);
        }
        return passed;
    }

    /** SC_ENOKERNEL: sc_selftest's report of a kernel this CPU cannot run, not a failure. */
    private static final int NOT_RUNNABLE = -7;
}
