/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import io.simdcrypt.internal.Bounds;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.zip.Checksum;

/**
 * The shared body of {@link Crc32}, {@link Crc32c} and {@link Adler32}: argument checks, the
 * short-input cut-over to Java and the zero-copy paths. Arrays and buffers are read in place:
 * heap arrays (and heap buffers' arrays) through a critical downcall that passes the array's
 * address and the offset (no copy), direct buffers through their native address. Subclasses
 * are final, so each call site stays monomorphic and the JIT inlines the three hooks.
 *
 * <p>Allocation: each native call makes one whole-array segment, which C2's escape analysis
 * removes (JMH -prof gc: ~0 B per update). The ciphers keep their segments instead
 * ({@code ArrayView}) so that they allocate nothing even without escape analysis; here that
 * was measured 1-4 ns slower per call in C2 code (the downcall then reads the kept segment's
 * fields instead of constants: crc32c at 1 KiB 15.4 -> 19.5 ns), a quarter of a 1 KiB
 * checksum, so checksums keep the fresh segment: 72 B per call where escape analysis is off
 * or absent (C1 only), a third less than the slice this replaced.
 */
abstract sealed class SimdChecksum implements Checksum permits Adler32, Crc32, Crc32c {
    private final int initial;
    private final int shortInput;
    private int value;

    SimdChecksum(int initial, int shortInput) {
        this.initial = initial;
        this.shortInput = shortInput;
        this.value = initial;
    }

    /** Java code for one byte. */
    abstract int javaByte(int value, int b);

    /** Java code for short ranges, where a downcall's fixed cost would dominate. */
    abstract int javaRange(int value, byte[] b, int off, int len);

    /** The native kernel over {@code len} bytes of a heap or native segment from {@code off}. */
    abstract int nativeRange(int value, MemorySegment segment, long off, long len);

    @Override
    public final void update(int b) {
        value = javaByte(value, b);
    }

    /**
     * Adds {@code len} bytes of {@code b} from {@code off}.
     *
     * @throws NullPointerException if {@code b} is null
     * @throws ArrayIndexOutOfBoundsException if the range is not inside {@code b}
     */
    @Override
    public final void update(byte[] b, int off, int len) {
        Bounds.checkArrayRange(b, off, len);
        value = len < shortInput ? javaRange(value, b, off, len) : nativeArray(value, b, off, len);
    }

    /** Range checked by the caller; the offset goes to the native side, not into a slice. */
    private int nativeArray(int value, byte[] b, int off, int len) {
        return nativeRange(value, MemorySegment.ofArray(b), off, len);
    }

    /**
     * Adds the bytes from the buffer's position to its limit, then moves the position to the
     * limit (heap, direct and read-only buffers alike).
     *
     * @throws NullPointerException if {@code buffer} is null
     */
    @Override
    public final void update(ByteBuffer buffer) {
        int pos = buffer.position();
        int limit = buffer.limit();
        int len = limit - pos;
        if (len <= 0) return;
        if (buffer.hasArray()) {
            int off = buffer.arrayOffset() + pos;
            value = len < shortInput ? javaRange(value, buffer.array(), off, len)
                                     : nativeArray(value, buffer.array(), off, len);
        } else {
            value = nativeRange(value, MemorySegment.ofBuffer(buffer), 0, len);
        }
        buffer.position(limit);
    }

    @Override
    public final long getValue() {
        return value & 0xffffffffL;
    }

    @Override
    public final void reset() {
        value = initial;
    }
}
