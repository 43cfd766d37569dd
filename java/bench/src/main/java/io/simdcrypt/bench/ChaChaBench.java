/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.bench;

import io.simdcrypt.jca.SimdCryptProvider;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
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
 * One RFC 8439 message of `size` bytes through Cipher.doFinal into a preallocated array:
 * simdcrypt's provider against SunJCE (run twice by run.sh: with the JVM's ChaCha20 and
 * Poly1305 intrinsics, and without them, as a JVM on a CPU without AVX/ASIMD runs) and Bouncy
 * Castle, each under its own name for the same algorithm.
 *
 * <p>"chacha20-poly1305": every operation is an init with a new nonce and a doFinal (SunJCE, Bouncy
 * Castle and simdcrypt refuse to encrypt twice under one key and nonce); "-dec" opens (decrypts and
 * verifies) the same message each time, an init under the same nonce being allowed for decryption.
 * "chacha20" (the cipher alone): SunJCE refuses a repeated key and nonce on every init, and a
 * ChaCha20 Cipher needs an init after doFinal, so it takes a new nonce per message too.
 * SunJCE and simdcrypt take ChaCha20ParameterSpec (nonce, first block counter 1, as the AEAD's
 * encryption starts); Bouncy Castle's "ChaCha7539" takes an IvParameterSpec and starts at 0.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ChaChaBench {
    @Param({"chacha20-poly1305", "chacha20-poly1305-dec", "chacha20"})
    public String cipher;

    @Param({"simdcrypt", "sunjce", "bc"})
    public String impl;

    @Param({"64", "1024", "16384", "262144"})
    public int size;

    private Cipher c;
    private SecretKeySpec key;
    private boolean aead;
    private boolean decrypt;
    private byte[] nonce;
    private byte[] in;
    private byte[] out;

    @Setup
    public void setup() throws Exception {
        decrypt = cipher.endsWith("-dec");
        aead = cipher.startsWith("chacha20-poly1305");
        Provider p = switch (impl) {
            case "simdcrypt" -> new SimdCryptProvider();
            case "sunjce" -> Security.getProvider("SunJCE");
            case "bc" -> new org.bouncycastle.jce.provider.BouncyCastleProvider();
            default -> throw new IllegalArgumentException(impl);
        };
        String t = aead ? "ChaCha20-Poly1305" : impl.equals("bc") ? "ChaCha7539" : "ChaCha20";
        c = Cipher.getInstance(t, p);
        SplittableRandom rnd = new SplittableRandom(1);
        byte[] k = new byte[32];
        rnd.nextBytes(k);
        key = new SecretKeySpec(k, "ChaCha20");
        nonce = new byte[12];
        rnd.nextBytes(nonce);
        in = new byte[size];
        rnd.nextBytes(in);
        out = new byte[size + 16];
        if (decrypt) { // the message to open: sealed once under the nonce every operation uses
            c.init(Cipher.ENCRYPT_MODE, key, params());
            in = c.doFinal(in);
        }
    }

    private AlgorithmParameterSpec params() {
        if (aead || impl.equals("bc")) return new IvParameterSpec(nonce);
        return new ChaCha20ParameterSpec(nonce, 1);
    }

    @Benchmark
    public int doFinal() throws Exception {
        if (!decrypt) nonce[0]++; // a new nonce per encryption (counting, as an application would)
        c.init(decrypt ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE, key, params());
        return c.doFinal(in, 0, in.length, out, 0);
    }
}
