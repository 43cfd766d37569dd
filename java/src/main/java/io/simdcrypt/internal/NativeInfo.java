package io.simdcrypt.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** Downcalls for the library's descriptive entry points (sc_version, sc_kernel_active). */
public final class NativeInfo {
    private static final MethodHandle VERSION =
            NativeLibrary.downcall("sc_version", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle KERNEL_ACTIVE =
            NativeLibrary.downcall("sc_kernel_active", FunctionDescriptor.of(ADDRESS, ADDRESS));

    private NativeInfo() {}

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
