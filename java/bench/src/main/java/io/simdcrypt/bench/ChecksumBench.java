/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.bench;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.Checksum;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One update of `size` bytes plus getValue, simdcrypt vs java.util.zip. Each parameter
 * combination runs in its own fork, so the Checksum call site stays monomorphic. The JDK rows
 * with intrinsics off come from a second run with
 * -XX:-UseCRC32Intrinsics -XX:-UseCRC32CIntrinsics -XX:-UseAdler32Intrinsics.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ChecksumBench {
    @Param({"crc32c", "crc32", "adler32"})
    public String algorithm;

    @Param({"simdcrypt", "jdk"})
    public String impl;

    @Param({"64", "1024", "16384", "262144"})
    public int size;

    private Checksum checksum;
    private byte[] data;
    private ByteBuffer direct;

    @Setup
    public void setup() {
        checksum = switch (impl + "/" + algorithm) {
            case "simdcrypt/crc32c" -> new io.simdcrypt.Crc32c();
            case "simdcrypt/crc32" -> new io.simdcrypt.Crc32();
            case "simdcrypt/adler32" -> new io.simdcrypt.Adler32();
            case "jdk/crc32c" -> new java.util.zip.CRC32C();
            case "jdk/crc32" -> new java.util.zip.CRC32();
            case "jdk/adler32" -> new java.util.zip.Adler32();
            default -> throw new IllegalArgumentException(impl + "/" + algorithm);
        };
        data = new byte[size];
        new SplittableRandom(42).nextBytes(data);
        direct = ByteBuffer.allocateDirect(size).put(data).clear();
    }

    @Benchmark
    public long heapArray() {
        checksum.update(data, 0, data.length);
        return checksum.getValue();
    }

    @Benchmark
    public long directBuffer() {
        checksum.update(direct.clear());
        return checksum.getValue();
    }
}
