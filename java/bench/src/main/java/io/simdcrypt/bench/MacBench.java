/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.bench;

import io.simdcrypt.jca.SimdCryptProvider;
import java.security.Provider;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The tag of one message of `size` bytes (update + doFinal into a preallocated array),
 * simdcrypt's provider against Bouncy Castle: through its JCA provider where it has the MAC
 * ("GOST28147MAC"), through its lightweight class where it has only that (DSTU7624Mac: its
 * JCA "DSTU7624...GMAC" names are GMAC, another algorithm). The tags are equal, which the
 * JUnit suite checks. Both MACs are serial chains of block encryptions, like CBC encryption.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MacBench {
    @Param({"kalyna128-mac", "gost89-mac"})
    public String mac;

    @Param({"simdcrypt", "bc"})
    public String impl;

    @Param({"64", "1024", "16384", "262144"})
    public int size;

    private Mac m;
    private org.bouncycastle.crypto.Mac light;
    private byte[] in;
    private byte[] tag;

    @Setup
    public void setup() throws Exception {
        SplittableRandom rnd = new SplittableRandom(2);
        byte[] key = new byte[mac.startsWith("kalyna") ? 16 : 32];
        rnd.nextBytes(key);
        in = new byte[size];
        rnd.nextBytes(in);
        if (mac.equals("kalyna128-mac") && impl.equals("bc")) {
            light = new org.bouncycastle.crypto.macs.DSTU7624Mac(128, 128);
            light.init(new org.bouncycastle.crypto.params.KeyParameter(key));
            tag = new byte[light.getMacSize()];
            return;
        }
        String name = switch (mac) {
            case "kalyna128-mac" -> "Kalyna-128-MAC";
            case "gost89-mac" -> "GOST28147MAC";
            default -> throw new IllegalArgumentException(mac);
        };
        Provider p = impl.equals("bc") ? new org.bouncycastle.jce.provider.BouncyCastleProvider()
                : new SimdCryptProvider();
        m = Mac.getInstance(name, p);
        m.init(new SecretKeySpec(key, "K"));
        tag = new byte[m.getMacLength()];
    }

    @Benchmark
    public byte[] doFinal() throws Exception {
        if (light != null) {
            light.update(in, 0, size);
            light.doFinal(tag, 0);
        } else {
            m.update(in, 0, size);
            m.doFinal(tag, 0);
        }
        return tag;
    }

    /** Streaming: one update of `size` bytes (the message grows), for -prof gc. */
    @Benchmark
    public byte[] update() throws Exception {
        if (light != null) light.update(in, 0, size);
        else m.update(in, 0, size);
        return tag;
    }
}
