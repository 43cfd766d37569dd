/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import io.simdcrypt.internal.JavaChecksums;
import io.simdcrypt.internal.NativeChecksums;
import java.lang.foreign.MemorySegment;

/**
 * CRC-32 (ISO-HDLC: zlib, gzip, PNG) over simdcrypt's SIMD kernels: the same values as {@code java.util.zip.CRC32}, a drop-in
 * {@link java.util.zip.Checksum}. Not thread-safe, like the JDK's class; see
 * {@link SimdChecksum} for how arrays and buffers are read.
 */
public final class Crc32 extends SimdChecksum {
    /**
     * Below this many bytes the Java code is used. ShortInputBench on Zen 5 (min of 8 runs,
     * measured with CRC-32C, the same code): a critical downcall with the SIMD kernel took ~5 ns from 8 bytes up, a Java
     * slicing-by-8 loop 7.8 ns at 8 bytes and 11 ns at 16, so only 1..7 bytes stay in Java.
     */
    static final int SHORT_INPUT = 8;

    /** A checksum at its initial value. */
    public Crc32() {
        super(0, SHORT_INPUT);
    }

    @Override
    int javaByte(int value, int b) {
        return JavaChecksums.crc32Byte(value, b);
    }

    @Override
    int javaRange(int value, byte[] b, int off, int len) {
        return JavaChecksums.crc32(value, b, off, len);
    }

    @Override
    int nativeRange(int value, MemorySegment segment, long off, long len) {
        return NativeChecksums.crc32(value, segment, off, len);
    }
}
