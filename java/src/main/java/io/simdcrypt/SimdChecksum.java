package io.simdcrypt;

import io.simdcrypt.internal.Bounds;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.zip.Checksum;

/**
 * The shared body of {@link Crc32}, {@link Crc32c} and {@link Adler32}: argument checks, the
 * short-input cut-over to Java and the zero-copy paths. Arrays and buffers are read in place:
 * heap arrays through a critical downcall that passes the array's address (no copy, no
 * allocation), direct buffers through their native address. Subclasses are final, so each
 * call site stays monomorphic and the JIT inlines the three hooks.
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

    /** The native kernel over a heap or native segment. */
    abstract int nativeSegment(int value, MemorySegment segment);

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
        value = len < shortInput ? javaRange(value, b, off, len)
                                 : nativeSegment(value, MemorySegment.ofArray(b).asSlice(off, len));
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
        if (len < shortInput && buffer.hasArray()) {
            value = javaRange(value, buffer.array(), buffer.arrayOffset() + pos, len);
        } else {
            value = nativeSegment(value, MemorySegment.ofBuffer(buffer));
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
