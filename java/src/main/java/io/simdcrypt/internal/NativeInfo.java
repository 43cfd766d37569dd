/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import io.simdcrypt.KernelChoice;
import java.lang.foreign.Linker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Downcalls for the library's descriptive and dispatch entry points (sc_version,
 * sc_kernel_active, sc_algorithms, sc_dispatch_get, sc_kernel_force) and its known answers and
 * self test (sc_kat_get, sc_selftest).
 */
public final class NativeInfo {
    private static final MethodHandle VERSION =
            NativeLibrary.downcall("sc_version", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle KERNEL_ACTIVE =
            NativeLibrary.downcall("sc_kernel_active", FunctionDescriptor.of(ADDRESS, ADDRESS));

    private static final MethodHandle ALGORITHMS =
            NativeLibrary.downcall("sc_algorithms", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle DISPATCH_GET =
            NativeLibrary.downcall("sc_dispatch_get", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle KERNEL_FORCE =
            NativeLibrary.downcall("sc_kernel_force", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));

    /** include/simdcrypt/kernels.h: struct sc_dispatch_info (LP64; the offsets read below). */
    private static final StructLayout DISPATCH_INFO = MemoryLayout.structLayout(
            ADDRESS.withName("algorithm"), ADDRESS.withName("kernel"), ADDRESS.withName("short_kernel"),
            JAVA_LONG.withName("crossover"), JAVA_INT.withName("reason"), MemoryLayout.paddingLayout(4),
            ADDRESS.withName("evidence"));

    private static final MethodHandle KAT_GET =
            NativeLibrary.downcall("sc_kat_get", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
    /** include/simdcrypt/selftest.h: struct sc_kat_info, nine strings (the library writes all nine). */
    private static final StructLayout KAT_INFO = MemoryLayout.structLayout(
            ADDRESS.withName("family"), ADDRESS.withName("name"), ADDRESS.withName("sbox"), ADDRESS.withName("key"),
            ADDRESS.withName("iv"), ADDRESS.withName("in"), ADDRESS.withName("out"), ADDRESS.withName("source"),
            ADDRESS.withName("aad"));
    private static final MethodHandle SELFTEST =
            NativeLibrary.downcall("sc_selftest", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    /** sc_selftest_report_fn(void *arg, family, kernel, int status, detail, size_t vectors). */
    private static final FunctionDescriptor REPORT_FN =
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG);

    private static final String[] REASONS = {"rule", "generic", "override"};

    private NativeInfo() {}

    /** Every algorithm the library dispatches, in its registry order. */
    public static Map<String, KernelChoice> dispatch() {
        Map<String, KernelChoice> out = new LinkedHashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment names = ((MemorySegment) ALGORITHMS.invokeExact()).reinterpret(Long.MAX_VALUE);
            MemorySegment info = arena.allocate(DISPATCH_INFO);
            for (long i = 0; ; i++) {
                MemorySegment name = names.getAtIndex(ADDRESS, i);
                if (name.equals(MemorySegment.NULL)) break;
                int rc = (int) DISPATCH_GET.invokeExact(name, info);
                if (rc != 0) continue;
                int reason = info.get(JAVA_INT, 32);
                out.put(NativeCipher.cString(name), new KernelChoice(
                        NativeCipher.cString(info.get(ADDRESS, 8)), NativeCipher.cString(info.get(ADDRESS, 16)),
                        info.get(JAVA_LONG, 24), reason >= 0 && reason < REASONS.length ? REASONS[reason] : "?",
                        NativeCipher.cString(info.get(ADDRESS, 40))));
            }
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
        return out;
    }

    /** sc_kernel_force: 0, or the library's negative status (unknown or unrunnable kernel). */
    public static int forceKernel(String algorithm, String kernel) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment k = kernel == null ? MemorySegment.NULL : arena.allocateFrom(kernel);
            return (int) KERNEL_FORCE.invokeExact(arena.allocateFrom(algorithm), k);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static String version() {
        try {
            return NativeCipher.cString((MemorySegment) VERSION.invokeExact());
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** The active kernel's name, or null for an algorithm the library does not know. */
    public static String activeKernel(String algorithm) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = (MemorySegment) KERNEL_ACTIVE.invokeExact(arena.allocateFrom(algorithm));
            return NativeCipher.cString(name);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * One known answer of the library (sc_kat_info): hex strings ("" = none), sbox null unless
     * the vector names one; {@code out} is the ciphertext, the (possibly truncated) tag,
     * ciphertext || tag (AEADs), or a checksum as 8 hex digits; {@code aad} is an AEAD's
     * associated data, null for every other kind.
     */
    public record Kat(String family, String name, String sbox, String key, String iv, String in, String out,
            String source, String aad) {
        @Override
        public String toString() {
            return name + (sbox == null ? "" : " sbox " + sbox) + " (" + source + ")";
        }
    }

    /** Every known answer of every family, in the library's order (sc_kat_get). */
    public static List<Kat> kats() {
        List<Kat> out = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment k = arena.allocate(KAT_INFO);
            for (long i = 0; (int) KAT_GET.invokeExact(i, k) == 0; i++) {
                String[] f = new String[9];
                for (int j = 0; j < f.length; j++) f[j] = NativeCipher.cString(k.getAtIndex(ADDRESS, j));
                out.add(new Kat(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]));
            }
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
        return out;
    }

    /** What sc_selftest reported for one family and kernel (status 0: passed; -7: not runnable here). */
    public record SelfTestReport(String family, String kernel, int status, String detail, long vectors) {}

    /** sc_selftest's result: its failure count and every report it made. */
    public record SelfTest(int failures, List<SelfTestReport> reports) {}

    /** Runs sc_selftest, collecting its reports through an upcall. */
    @SuppressWarnings("restricted") // an upcall stub, freed with the arena when the call returns
    public static SelfTest selfTest() {
        List<SelfTestReport> reports = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MethodHandle collect = MethodHandles.lookup().findStatic(NativeInfo.class, "report",
                    MethodType.methodType(void.class, List.class, MemorySegment.class, MemorySegment.class,
                            MemorySegment.class, int.class, MemorySegment.class, long.class));
            MemorySegment fn = Linker.nativeLinker().upcallStub(MethodHandles.insertArguments(collect, 0, reports),
                    REPORT_FN, arena);
            int failures = (int) SELFTEST.invokeExact(fn, MemorySegment.NULL);
            return new SelfTest(failures, List.copyOf(reports));
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** The upcall: must not throw (the JVM would exit); copies the strings, valid only during the call. */
    private static void report(List<SelfTestReport> into, MemorySegment arg, MemorySegment family,
            MemorySegment kernel, int status, MemorySegment detail, long vectors) {
        into.add(new SelfTestReport(NativeCipher.cString(family), NativeCipher.cString(kernel), status,
                NativeCipher.cString(detail), vectors));
    }
}
