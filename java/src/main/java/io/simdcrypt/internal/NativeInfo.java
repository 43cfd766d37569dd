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
import io.simdcrypt.KernelChoice;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Downcalls for the library's descriptive and dispatch entry points (sc_version,
 * sc_kernel_active, sc_algorithms, sc_dispatch_get, sc_kernel_force).
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

}
