/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.bench;

import io.simdcrypt.jca.SimdCryptProvider;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
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
 * One AES message of `size` bytes through Cipher.doFinal into a preallocated array: simdcrypt's
 * provider against SunJCE (run twice by run.sh: with the JVM's AES/GHASH intrinsics, and
 * without them, as a JVM on a CPU without AES instructions runs) and Bouncy Castle, under the
 * same transformation.
 *
 * <p>GCM: every operation is an init with a new IV and a doFinal, since a GCM encryption may not
 * be repeated under one IV (both providers refuse it); the key stays the same, so this is the
 * cost of a message under an established key. "-dec" decrypts (and verifies) the same
 * message each time. CTR: init once; doFinal returns to the IV (what CipherBench measures).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AesBench {
    @Param({"aes128-gcm", "aes256-gcm", "aes128-gcm-dec", "aes256-gcm-dec", "aes128-ctr", "aes256-ctr"})
    public String cipher;

    @Param({"simdcrypt", "sunjce", "bc"})
    public String impl;

    @Param({"64", "1024", "16384", "262144"})
    public int size;

    private Cipher c;
    private SecretKeySpec key;
    private boolean gcm;
    private boolean decrypt;
    private byte[] iv;
    private byte[] in;
    private byte[] out;

    @Setup
    public void setup() throws Exception {
        decrypt = cipher.endsWith("-dec");
        gcm = cipher.contains("gcm");
        String t = gcm ? "AES/GCM/NoPadding" : "AES/CTR/NoPadding";
        Provider p = switch (impl) {
            case "simdcrypt" -> new SimdCryptProvider();
            case "sunjce" -> Security.getProvider("SunJCE");
            case "bc" -> new org.bouncycastle.jce.provider.BouncyCastleProvider();
            default -> throw new IllegalArgumentException(impl);
        };
        c = Cipher.getInstance(t, p);
        SplittableRandom rnd = new SplittableRandom(1);
        byte[] k = new byte[cipher.startsWith("aes128") ? 16 : 32];
        rnd.nextBytes(k);
        key = new SecretKeySpec(k, "AES");
        iv = new byte[gcm ? 12 : 16];
        rnd.nextBytes(iv);
        in = new byte[size];
        rnd.nextBytes(in);
        out = new byte[size + 16];
        if (decrypt) { // the message to open: encrypt it once under the IV every operation uses
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            in = c.doFinal(in);
        }
        c.init(decrypt ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE, key, params());
    }

    private AlgorithmParameterSpec params() {
        return gcm ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv);
    }

    @Benchmark
    public int doFinal() throws Exception {
        if (gcm) {
            if (!decrypt) iv[0]++; // a new IV per encryption (counting, as an application would)
            c.init(decrypt ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE, key, params());
        }
        return c.doFinal(in, 0, in.length, out, 0);
    }
}
