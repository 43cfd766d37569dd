package io.simdcrypt.jca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import javax.crypto.Cipher;

/** Feeding a Cipher in random pieces through every update flavour the JCA offers. */
final class CipherTestSupport {
    static final Provider SIMD = SimdCryptProvider.instance();
    static final Provider BC = new org.bouncycastle.jce.provider.BouncyCastleProvider();

    private CipherTestSupport() {}

    static byte[] random(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    /** Run `input` through an initialised cipher in random splits, ending with doFinal. */
    static byte[] runSplit(Cipher c, byte[] input, SplittableRandom rnd) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int pos = 0;
        while (pos < input.length && rnd.nextInt(4) != 0) {
            int n = Math.min(input.length - pos, rnd.nextInt(1 << rnd.nextInt(10)) + 1);
            switch (rnd.nextInt(4)) {
                case 0 -> {
                    byte[] r = c.update(input, pos, n);
                    if (r != null) out.write(r);
                }
                case 1 -> {
                    byte[] o = new byte[c.getOutputSize(n) + 5];
                    int w = c.update(input, pos, n, o, 5);
                    out.write(o, 5, w);
                }
                case 2 -> {
                    ByteBuffer in = ByteBuffer.allocateDirect(n).put(input, pos, n).flip();
                    ByteBuffer o = ByteBuffer.allocateDirect(c.getOutputSize(n));
                    c.update(in, o);
                    o.flip();
                    byte[] w = new byte[o.remaining()];
                    o.get(w);
                    out.write(w);
                }
                default -> {
                    // In place: input and output the same array region.
                    byte[] buf = Arrays.copyOf(Arrays.copyOfRange(input, pos, pos + n), Math.max(n, c.getOutputSize(n)));
                    int w = c.update(buf, 0, n, buf, 0);
                    out.write(buf, 0, w);
                }
            }
            pos += n;
        }
        int rest = input.length - pos;
        switch (rnd.nextInt(3)) {
            case 0 -> out.write(c.doFinal(input, pos, rest));
            case 1 -> {
                byte[] o = new byte[c.getOutputSize(rest) + 3];
                int w = c.doFinal(input, pos, rest, o, 3);
                out.write(o, 3, w);
            }
            default -> {
                ByteBuffer in = ByteBuffer.wrap(input, pos, rest);
                ByteBuffer o = ByteBuffer.allocate(c.getOutputSize(rest));
                c.doFinal(in, o);
                out.write(o.array(), 0, o.position());
            }
        }
        return out.toByteArray();
    }

    static void assertSame(byte[] expected, byte[] actual, String what) {
        assertArrayEquals(expected, actual, what);
    }

    /**
     * Every transformation of the provider that runs a native cipher name, e.g. "kalyna-128-128-cbc":
     * "Kalyna-128/CBC/NoPadding", "DSTU7624/CBC/NoPadding", then the same under each alias.
     */
    static List<String> transformations(String nativeName) {
        List<String> out = new ArrayList<>();
        for (CipherAlgorithm alg : SimdCryptProvider.cipherAlgorithms()) {
            for (Map.Entry<Integer, String> key : alg.prefixByKeyLength().entrySet()) {
                for (String mode : alg.suffixByMode().keySet()) {
                    if (!nativeName.equals(alg.nativeName(key.getKey(), mode))) continue;
                    for (String name : namesOf(alg.jcaName(), alg.aliases())) {
                        // A fixed name ("AES_128/ECB/NoPadding", its OID) is a whole transformation.
                        out.add(alg.fixedOf() != null ? name : name + "/" + mode + "/NoPadding");
                    }
                }
            }
        }
        return out;
    }

    /** Every Cipher name and alias of the provider that runs a native AEAD name ("aes-128-gcm"). */
    static List<String> aeadTransformations(String nativeName) {
        List<String> out = new ArrayList<>();
        for (AeadAlgorithm alg : SimdCryptProvider.aeadAlgorithms()) {
            if (alg.nameByKeyLength().containsValue(nativeName)) out.addAll(namesOf(alg.jcaName(), alg.aliases()));
        }
        return out;
    }

    /** Every Mac name and alias of the provider that runs a native MAC name. */
    static List<String> macNames(String nativeName) {
        List<String> out = new ArrayList<>();
        for (MacAlgorithm alg : SimdCryptProvider.macAlgorithms()) {
            if (alg.prefixByKeyLength().containsValue(nativeName)) out.addAll(namesOf(alg.jcaName(), alg.aliases()));
        }
        return out;
    }

    private static List<String> namesOf(String name, List<String> aliases) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(aliases);
        return all;
    }
}
