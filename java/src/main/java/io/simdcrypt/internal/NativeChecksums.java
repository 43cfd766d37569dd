package io.simdcrypt.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Downcalls to the checksum entry points of include/simdcrypt/checksum.h:
 * {@code uint32_t sc_crc32(uint32_t value, const void *buf, size_t len)} and its siblings.
 *
 * <p>The handles are critical ({@link Linker.Option#critical(boolean) critical(true)}): no
 * thread-state transition (the kernels neither block nor call back into Java), and heap
 * segments are passed by address, so a {@code byte[]} is read in place without a copy. The GC
 * cannot move the array meanwhile, and a safepoint waits for the call, so inputs above
 * {@link #MAX_CALL_BYTES} are passed in pieces.
 *
 * <p>Callers check bounds first and never pass an empty range: the C entry points return the
 * initial value for a NULL buffer (zlib's convention) and an empty heap segment may be NULL.
 */
public final class NativeChecksums {
    private static final FunctionDescriptor CHECKSUM_FN =
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG);

    /**
     * Longest piece for one critical call: about 30 us at the SIMD kernels' speed, a few ms
     * with the portable code, so a GC never waits long for a checksum.
     */
    public static final long MAX_CALL_BYTES = 1 << 20;

    private static final MethodHandle CRC32 = handle("sc_crc32");
    private static final MethodHandle CRC32C = handle("sc_crc32c");
    private static final MethodHandle ADLER32 = handle("sc_adler32");

    private NativeChecksums() {}

    private static MethodHandle handle(String name) {
        return NativeLibrary.downcall(name, CHECKSUM_FN, Linker.Option.critical(true));
    }

    public static int crc32(int value, MemorySegment data) {
        try {
            long n = data.byteSize();
            if (n > MAX_CALL_BYTES) return crc32Pieces(value, data);
            return (int) CRC32.invokeExact(value, data, n);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public static int crc32c(int value, MemorySegment data) {
        try {
            long n = data.byteSize();
            if (n > MAX_CALL_BYTES) return crc32cPieces(value, data);
            return (int) CRC32C.invokeExact(value, data, n);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    public static int adler32(int value, MemorySegment data) {
        try {
            long n = data.byteSize();
            if (n > MAX_CALL_BYTES) return adler32Pieces(value, data);
            return (int) ADLER32.invokeExact(value, data, n);
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    // Large inputs go in pieces: a GC safepoint waits for a critical call to return.

    private static int crc32Pieces(int value, MemorySegment data) throws Throwable {
        long n = data.byteSize();
        for (long pos = 0; pos < n; pos += MAX_CALL_BYTES) {
            long len = Math.min(MAX_CALL_BYTES, n - pos);
            value = (int) CRC32.invokeExact(value, data.asSlice(pos, len), len);
        }
        return value;
    }

    private static int crc32cPieces(int value, MemorySegment data) throws Throwable {
        long n = data.byteSize();
        for (long pos = 0; pos < n; pos += MAX_CALL_BYTES) {
            long len = Math.min(MAX_CALL_BYTES, n - pos);
            value = (int) CRC32C.invokeExact(value, data.asSlice(pos, len), len);
        }
        return value;
    }

    private static int adler32Pieces(int value, MemorySegment data) throws Throwable {
        long n = data.byteSize();
        for (long pos = 0; pos < n; pos += MAX_CALL_BYTES) {
            long len = Math.min(MAX_CALL_BYTES, n - pos);
            value = (int) ADLER32.invokeExact(value, data.asSlice(pos, len), len);
        }
        return value;
    }

    /** A downcall cannot throw a checked exception; anything else is rethrown unchanged. */
    static RuntimeException unexpected(Throwable t) {
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException("simdcrypt: unexpected exception from a downcall", t);
    }
}
