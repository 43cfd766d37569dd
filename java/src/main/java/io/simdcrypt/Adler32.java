/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import io.simdcrypt.internal.JavaChecksums;
import io.simdcrypt.internal.NativeChecksums;
import java.lang.foreign.MemorySegment;

/**
 * Adler-32 (RFC 1950) over simdcrypt's SIMD kernels: the same values as {@code java.util.zip.Adler32}, a drop-in
 * {@link java.util.zip.Checksum}. Not thread-safe, like the JDK's class; see
 * {@link SimdChecksum} for how arrays and buffers are read.
 */
public final class Adler32 extends SimdChecksum {
    /**
     * Below this many bytes the Java code is used. ShortInputBench on Zen 5 (min of 8 runs):
     * the Java loop took 6.4 ns at 8 bytes and 8.1 ns at 16, a downcall ~5 ns.
     */
    static final int SHORT_INPUT = 16;

    /** A checksum at its initial value. */
    public Adler32() {
        super(1, SHORT_INPUT);
    }

    @Override
    int javaByte(int value, int b) {
        return JavaChecksums.adler32Byte(value, b);
    }

    @Override
    int javaRange(int value, byte[] b, int off, int len) {
        return JavaChecksums.adler32(value, b, off, len);
    }

    @Override
    int nativeRange(int value, MemorySegment segment, long off, long len) {
        return NativeChecksums.adler32(value, segment, off, len);
    }
}
