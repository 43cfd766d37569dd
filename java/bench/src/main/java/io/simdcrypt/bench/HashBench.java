/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.bench;

import io.simdcrypt.jca.SimdCryptProvider;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
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

/**
 * The digest of one message of `size` bytes (update + digest into a preallocated array) through
 * MessageDigest: simdcrypt's provider against SUN (run twice by run.sh: with the JVM's MD5 and
 * SHA-3 intrinsics, and with -XX:-UseMD5Intrinsics -XX:-UseSHA3Intrinsics, as a JVM without
 * them runs) and Bouncy Castle, under the same name.
 *
 * <p>{@link #smallUpdates}: the same message fed in `chunk`-byte updates, where the provider's
 * Java-side buffer (NativeDigestSpi.BUFFER_BYTES) decides how many downcalls there are.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HashBench {
    @Param({"MD5", "SHA3-256"})
    public String digest;

    @Param({"simdcrypt", "sun", "bc"})
    public String impl;

    @Param({"16", "64", "256", "1024", "16384", "262144"})
    public int size;

    /** Update length of {@link #smallUpdates}. */
    @Param({"16"})
    public int chunk;

    private MessageDigest md;
    private byte[] in;
    private byte[] out;

    @Setup
    public void setup() throws Exception {
        Provider p = switch (impl) {
            case "simdcrypt" -> new SimdCryptProvider();
            case "sun" -> Security.getProvider("SUN");
            case "bc" -> new org.bouncycastle.jce.provider.BouncyCastleProvider();
            default -> throw new IllegalArgumentException(impl);
        };
        md = MessageDigest.getInstance(digest, p);
        in = new byte[size];
        new SplittableRandom(3).nextBytes(in);
        out = new byte[md.getDigestLength()];
    }

    @Benchmark
    public byte[] digest() throws Exception {
        md.update(in, 0, size);
        md.digest(out, 0, out.length);
        return out;
    }

    @Benchmark
    public byte[] smallUpdates() throws Exception {
        for (int pos = 0; pos < size; pos += chunk) md.update(in, pos, Math.min(chunk, size - pos));
        md.digest(out, 0, out.length);
        return out;
    }
}
