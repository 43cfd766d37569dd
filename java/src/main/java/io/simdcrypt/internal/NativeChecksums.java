/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Downcalls to the checksum entry points of include/simdcrypt/binding.h:
 * {@code int64_t sc_crc32_at(uint32_t value, const void *buf, size_t off, size_t len)} and its
 * siblings, each {@code sc_crc32(value, buf + off, len)} for a range that can exist; a negative
 * result is the library refusing the range (a NULL buffer with a length, an offset that wraps).
 *
 * <p>The handles are critical ({@link Linker.Option#critical(boolean) critical(true)}): no
 * thread-state transition (the kernels neither block nor call back into Java), and heap
 * segments are passed by address, so a {@code byte[]} is read in place without a copy. The GC
 * cannot move the array meanwhile, and a safepoint waits for the call, so inputs above
 * {@link #MAX_CALL_BYTES} are passed in pieces. The offset argument lets callers pass a
 * whole-array segment they keep ({@link ArrayView}) instead of a new slice per call.
 *
 * <p>Callers check bounds first and never pass an empty range (zlib's rule for a null array is
 * theirs to apply), so a refusal here is a bug in this module: it throws
 * {@link IllegalStateException} instead of returning a wrong checksum.
 */
public final class NativeChecksums {
    private static final FunctionDescriptor CHECKSUM_AT_FN =
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG);

    /**
     * Longest piece for one critical call: about 30 us at the SIMD kernels' speed, a few ms
     * with the portable code, so a GC never waits long for a checksum.
     */
    public static final long MAX_CALL_BYTES = 1 << 20;

    private static final MethodHandle CRC32 = handle("sc_crc32_at");
    private static final MethodHandle CRC32C = handle("sc_crc32c_at");
    private static final MethodHandle ADLER32 = handle("sc_adler32_at");

    private NativeChecksums() {}

    private static MethodHandle handle(String name) {
        return NativeLibrary.downcall(name, CHECKSUM_AT_FN, Linker.Option.critical(true));
    }

    /** CRC-32 of {@code len} bytes of {@code data} from {@code off} (the caller checked the range). */
    public static int crc32(int value, MemorySegment data, long off, long len) {
        try {
            if (len > MAX_CALL_BYTES) return inPieces(CRC32, value, data, off, len);
            return checked((long) CRC32.invokeExact(value, data, off, len));
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public static int crc32c(int value, MemorySegment data, long off, long len) {
        try {
            if (len > MAX_CALL_BYTES) return inPieces(CRC32C, value, data, off, len);
            return checked((long) CRC32C.invokeExact(value, data, off, len));
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public static int adler32(int value, MemorySegment data, long off, long len) {
        try {
            if (len > MAX_CALL_BYTES) return inPieces(ADLER32, value, data, off, len);
            return checked((long) ADLER32.invokeExact(value, data, off, len));
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /**
     * Inputs above {@link #MAX_CALL_BYTES} in pieces: a GC safepoint waits for a critical call
     * to return. The handle is a parameter here (one loop for the three checksums); a call
     * through it costs a few ns more than through a constant, noise next to 1 MiB.
     */
    private static int inPieces(MethodHandle checksum, int value, MemorySegment data, long off, long len)
            throws Throwable {
        for (long pos = 0; pos < len; pos += MAX_CALL_BYTES) {
            long piece = Math.min(MAX_CALL_BYTES, len - pos);
            value = checked((long) checksum.invokeExact(value, data, off + pos, piece));
        }
        return value;
    }

    /** The checksum in a non-negative result; a negative one is a status (binding.h). */
    private static int checked(long result) {
        if (result < 0) throw new IllegalStateException("simdcrypt: checksum range refused, status " + result);
        return (int) result;
    }

    /** A downcall cannot throw a checked exception; anything else is rethrown unchanged. */
    static RuntimeException unexpected(Throwable t) {
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException("simdcrypt: unexpected exception from a downcall", t);
    }
}
