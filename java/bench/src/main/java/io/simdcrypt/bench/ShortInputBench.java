/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.bench;

import io.simdcrypt.internal.JavaChecksums;
import io.simdcrypt.internal.NativeChecksums;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Where the pure-Java path stops beating a downcall: sets SHORT_INPUT in the checksum classes. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ShortInputBench {
    @Param({"4", "8", "16", "24", "32", "48", "64"})
    public int size;

    private byte[] data;
    private int value;

    @Setup
    public void setup() {
        data = new byte[size];
        new SplittableRandom(42).nextBytes(data);
    }

    @Benchmark
    public int crc32cJava() {
        return value = JavaChecksums.crc32c(value, data, 0, size);
    }

    @Benchmark
    public int crc32cNative() {
        return value = NativeChecksums.crc32c(value, MemorySegment.ofArray(data), 0, size);
    }

    @Benchmark
    public int adler32Java() {
        return value = JavaChecksums.adler32(value, data, 0, size);
    }

    @Benchmark
    public int adler32Native() {
        return value = NativeChecksums.adler32(value, MemorySegment.ofArray(data), 0, size);
    }
}
