/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import javax.crypto.ShortBufferException;

/**
 * The checks every Cipher SPI of this provider makes on its callers' input and output regions:
 * how they overlap (the library takes in == out exactly, no other overlap), and the JCA's
 * exceptions for bad or short output.
 */
final class Regions {
    /** How input and output regions relate; the library takes SAME (in == out) only. */
    static final int DISJOINT = 0;
    static final int SAME = 1;
    static final int OVERLAP = 2;

    private static final MemorySegment NO_INPUT = MemorySegment.ofArray(new byte[0]);

    private Regions() {}

    /** Overlap of two array regions, the output's being as long as what will be written. */
    static int arrayOverlap(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        if (in != out) return DISJOINT;
        if (inOff == outOff) return SAME;
        return inOff < outOff + outLen && outOff < inOff + inLen ? OVERLAP : DISJOINT;
    }

    /** Overlap of two buffers' remaining bytes, without allocating in the common cases. */
    static int bufferOverlap(ByteBuffer inBuf, ByteBuffer outBuf, MemorySegment in, MemorySegment out) {
        if (in.isNative() != out.isNative()) return DISJOINT;
        if (in.isNative()) {
            long a = in.address(), b = out.address();
            if (a == b) return SAME;
            return a < b + out.byteSize() && b < a + in.byteSize() ? OVERLAP : DISJOINT;
        }
        if (inBuf.hasArray() && outBuf.hasArray()) {
            return arrayOverlap(inBuf.array(), inBuf.arrayOffset() + inBuf.position(), inBuf.remaining(),
                    outBuf.array(), outBuf.arrayOffset() + outBuf.position(), outBuf.remaining());
        }
        // A read-only heap buffer hides its array: ask the segments (allocates, rare).
        if (in.asOverlappingSlice(out).isEmpty()) return DISJOINT;
        return in.address() == out.address() ? SAME : OVERLAP;
    }

    static void checkOutputOffset(byte[] output, int outputOffset) throws ShortBufferException {
        if (output == null) throw new IllegalArgumentException("Null output buffer");
        if (outputOffset < 0) throw new IllegalArgumentException("Negative output offset");
        if (outputOffset > output.length) throw new ShortBufferException("Output offset beyond the buffer");
    }

    static MemorySegment outputSlice(byte[] output, int outputOffset) throws ShortBufferException {
        checkOutputOffset(output, outputOffset);
        return MemorySegment.ofArray(output).asSlice(outputOffset);
    }

    /** A doFinal's input: null is no input, as the JCA allows. */
    static MemorySegment inputSlice(byte[] input, int offset, int len) {
        return input == null ? NO_INPUT : MemorySegment.ofArray(input).asSlice(offset, len);
    }

    static void checkOutputBuffer(ByteBuffer output, int needed) throws ShortBufferException {
        if (output.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
        if (output.remaining() < needed) throw shortBuffer(needed, output.remaining());
    }

    static ShortBufferException shortBuffer(long needed, long have) {
        return new ShortBufferException("Need " + needed + " bytes of output space, have " + have);
    }
}
