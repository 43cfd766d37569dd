package io.simdcrypt;

import io.simdcrypt.internal.Bounds;
import io.simdcrypt.internal.JavaChecksums;
import io.simdcrypt.internal.NativeChecksums;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.zip.Checksum;

/**
 * CRC-32 (ISO-HDLC: zlib, gzip, PNG) over simdcrypt's SIMD kernels: the same values as {@code java.util.zip.CRC32}, a drop-in
 * {@link Checksum}.
 *
 * <p>Arrays and buffers are read in place: heap arrays through a critical downcall that
 * passes the array's address (no copy, no allocation), direct buffers through their native
 * address. Inputs shorter than a few bytes are computed in Java, where the
 * downcall's fixed cost would dominate. Not thread-safe, like the JDK's class.
 */
public final class Crc32 implements Checksum {
    /**
     * Below this many bytes the Java code is used. ShortInputBench on Zen 5 (min of 8 runs,
     * measured with CRC-32C, the same code): a critical downcall with the SIMD kernel took ~5 ns from 8 bytes up, a Java
     * slicing-by-8 loop 7.8 ns at 8 bytes and 11 ns at 16, so only 1..7 bytes stay in Java.
     */
    static final int SHORT_INPUT = 8;

    private int value = 0;

    /** A checksum at its initial value. */
    public Crc32() {}

    @Override
    public void update(int b) {
        value = JavaChecksums.crc32Byte(value, b);
    }

    /**
     * Adds {@code len} bytes of {@code b} from {@code off}.
     *
     * @throws NullPointerException if {@code b} is null
     * @throws ArrayIndexOutOfBoundsException if the range is not inside {@code b}
     */
    @Override
    public void update(byte[] b, int off, int len) {
        Bounds.checkArrayRange(b, off, len);
        if (len < SHORT_INPUT) {
            value = JavaChecksums.crc32(value, b, off, len);
        } else {
            value = NativeChecksums.crc32(value, MemorySegment.ofArray(b).asSlice(off, len));
        }
    }

    /**
     * Adds the bytes from the buffer's position to its limit, then moves the position to the
     * limit (heap, direct and read-only buffers alike).
     *
     * @throws NullPointerException if {@code buffer} is null
     */
    @Override
    public void update(ByteBuffer buffer) {
        int pos = buffer.position();
        int limit = buffer.limit();
        int len = limit - pos;
        if (len <= 0) return;
        if (len < SHORT_INPUT && buffer.hasArray()) {
            value = JavaChecksums.crc32(value, buffer.array(), buffer.arrayOffset() + pos, len);
        } else {
            value = NativeChecksums.crc32(value, MemorySegment.ofBuffer(buffer));
        }
        buffer.position(limit);
    }

    @Override
    public long getValue() {
        return value & 0xffffffffL;
    }

    @Override
    public void reset() {
        value = 0;
    }
}
