/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.bench;

import io.simdcrypt.jca.SimdCryptProvider;
import java.security.Provider;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
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
 * Encrypting one message of `size` bytes with Cipher.doFinal into a preallocated array,
 * simdcrypt's provider against Bouncy Castle's under the same transformation (for Kalyna CTR,
 * Bouncy Castle's JCA "CTR" is the plain counter mode, the same work per block as DSTU 7624's);
 * a "-dec" suffix decrypts.
 * {@code update} is the streaming case, for the allocation check with -prof gc.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CipherBench {
    /** ours|bc|keyBytes|ivBytes: our transformation, Bouncy Castle's, key and IV lengths. */
    @Param({"kalyna128-128-cbc", "kalyna128-128-cbc-dec", "kalyna128-128-ctr", "kalyna256-512-ecb",
            "kalyna512-512-ecb", "gost89-ecb", "gost89-cbc", "gost89-cbc-dec", "gost89-gofb"})
    public String cipher;

    @Param({"simdcrypt", "bc"})
    public String impl;

    @Param({"64", "1024", "16384", "262144"})
    public int size;

    private Cipher c;
    private byte[] in;
    private byte[] out;

    @Setup
    public void setup() throws Exception {
        // "-dec": the same transformation decrypting (CBC decryption is parallel, encryption a chain)
        boolean decrypt = cipher.endsWith("-dec");
        String[] t = switch (decrypt ? cipher.substring(0, cipher.length() - 4) : cipher) {
            case "kalyna128-128-cbc" -> new String[] {"Kalyna-128/CBC/NoPadding", "DSTU7624-128/CBC/NoPadding", "16", "16"};
            case "kalyna128-128-ctr" -> new String[] {"Kalyna-128/CTR/NoPadding", "DSTU7624-128/CTR/NoPadding", "16", "16"};
            case "kalyna256-512-ecb" -> new String[] {"Kalyna-256/ECB/NoPadding", "DSTU7624-256/ECB/NoPadding", "64", "0"};
            case "kalyna512-512-ecb" -> new String[] {"Kalyna-512/ECB/NoPadding", "DSTU7624-512/ECB/NoPadding", "64", "0"};
            case "gost89-ecb" -> new String[] {"GOST28147/ECB/NoPadding", "GOST28147/ECB/NoPadding", "32", "0"};
            case "gost89-cbc" -> new String[] {"GOST28147/CBC/NoPadding", "GOST28147/CBC/NoPadding", "32", "8"};
            case "gost89-gofb" -> new String[] {"GOST28147/GOFB/NoPadding", "GOST28147/GOFB/NoPadding", "32", "8"};
            default -> throw new IllegalArgumentException(cipher);
        };
        Provider p = impl.equals("bc") ? new org.bouncycastle.jce.provider.BouncyCastleProvider()
                : new SimdCryptProvider();
        c = Cipher.getInstance(impl.equals("bc") ? t[1] : t[0], p);
        SplittableRandom rnd = new SplittableRandom(1);
        byte[] key = new byte[Integer.parseInt(t[2])];
        rnd.nextBytes(key);
        int ivLen = Integer.parseInt(t[3]);
        byte[] iv = new byte[Math.max(ivLen, 1)];
        rnd.nextBytes(iv);
        int opmode = decrypt ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE;
        if (ivLen == 0) {
            c.init(opmode, new SecretKeySpec(key, "K"));
        } else {
            c.init(opmode, new SecretKeySpec(key, "K"), new IvParameterSpec(iv));
        }
        in = new byte[size];
        rnd.nextBytes(in);
        out = new byte[size + 64];
    }

    @Benchmark
    public int doFinal() throws Exception {
        return c.doFinal(in, 0, size, out, 0);
    }

    @Benchmark
    public int update() throws Exception {
        return c.update(in, 0, size, out, 0);
    }
}
