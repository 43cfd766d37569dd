/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.Key;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
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

    /** Feed AAD in random pieces from arrays, heap and direct buffers. */
    static void aadInPieces(Cipher c, byte[] aad, SplittableRandom rnd) {
        int pos = 0;
        while (pos < aad.length) {
            int n = Math.min(aad.length - pos, rnd.nextInt(40) + 1);
            switch (rnd.nextInt(3)) {
                case 0 -> c.updateAAD(aad, pos, n);
                case 1 -> c.updateAAD(ByteBuffer.wrap(aad, pos, n));
                default -> c.updateAAD(ByteBuffer.allocateDirect(n).put(aad, pos, n).flip());
            }
            pos += n;
        }
    }

    /**
     * The reference cipher's one-shot output for (key, spec, aad, pt), then ours on the same in
     * random splits and AAD pieces: equal, and back to pt, twice (doFinal leaves decryption
     * ready for the same message again). Empty AAD is never passed (ChaCha20 takes none).
     */
    static void sameAsReference(Cipher reference, Cipher ours, Key key, AlgorithmParameterSpec spec, byte[] aad,
            byte[] pt, SplittableRandom rnd, String what) throws Exception {
        reference.init(Cipher.ENCRYPT_MODE, key, spec);
        if (aad.length > 0) reference.updateAAD(aad);
        byte[] expected = reference.doFinal(pt);
        ours.init(Cipher.ENCRYPT_MODE, key, spec);
        aadInPieces(ours, aad, rnd);
        assertArrayEquals(expected, runSplit(ours, pt, rnd), what);
        ours.init(Cipher.DECRYPT_MODE, key, spec);
        aadInPieces(ours, aad, rnd);
        assertArrayEquals(pt, runSplit(ours, expected, rnd), what + " decrypt");
        aadInPieces(ours, aad, rnd);
        assertArrayEquals(pt, runSplit(ours, expected, rnd), what + " decrypt again");
    }

    /**
     * A flipped bit anywhere in a sealed message (ciphertext, tag, AAD), opened every way the
     * JCA offers: AEADBadTagException and no plaintext released (output untouched when input was
     * held or shared with the output; written and zeroed again straight from another array, as
     * SunJCE does); input shorter than the tag refused; then the genuine message still opens.
     */
    static void tamperingReleasesNothing(Cipher ours, Key key, AlgorithmParameterSpec spec, int tagLen, byte[] aad,
            byte[] pt, byte[] ct, SplittableRandom rnd) throws Exception {
        tamperingReleasesNothing(ours, key, spec, tagLen, aad, pt, ct, rnd, false);
    }

    /**
     * As above; oneShot: the cipher checks the tag before writing anything (CCM), so the output
     * is left untouched in every case, straight from another array too.
     */
    static void tamperingReleasesNothing(Cipher ours, Key key, AlgorithmParameterSpec spec, int tagLen, byte[] aad,
            byte[] pt, byte[] ct, SplittableRandom rnd, boolean oneShot) throws Exception {
        byte[] badCt = ct.clone();
        byte[] badAad = aad.clone();
        if (rnd.nextBoolean() || aad.length == 0) {
            int bit = rnd.nextInt(ct.length * 8);
            badCt[bit / 8] ^= (byte) (1 << (bit % 8));
        } else {
            badAad[rnd.nextInt(aad.length)] ^= 1;
        }
        ours.init(Cipher.DECRYPT_MODE, key, spec);
        // One shot into a new array.
        ours.updateAAD(badAad);
        assertThrows(AEADBadTagException.class, () -> ours.doFinal(badCt));
        // Held input (an update first): the output is left exactly as it was.
        byte[] out = new byte[pt.length + 8];
        Arrays.fill(out, (byte) 0x77);
        ours.updateAAD(badAad);
        assertEquals(0, ours.update(badCt, 0, 5, out, 0), "decryption holds its input");
        assertThrows(AEADBadTagException.class, () -> ours.doFinal(badCt, 5, badCt.length - 5, out, 3));
        for (byte b : out) assertEquals((byte) 0x77, b, "output untouched");
        // In place: the ciphertext stays.
        byte[] inPlace = badCt.clone();
        ours.updateAAD(badAad);
        assertThrows(AEADBadTagException.class, () -> ours.doFinal(inPlace, 0, inPlace.length, inPlace, 0));
        assertArrayEquals(badCt, inPlace, "in place: untouched");
        // Straight from another array (SunJCE's behaviour): written, then zeroed again.
        Arrays.fill(out, (byte) 0x77);
        ours.updateAAD(badAad);
        assertThrows(AEADBadTagException.class, () -> ours.doFinal(badCt, 0, badCt.length, out, 3));
        for (int i = 0; i < out.length; i++) {
            assertTrue(out[i] == (!oneShot && i >= 3 && i < 3 + pt.length ? 0 : (byte) 0x77), "no plaintext at " + i);
        }
        // Direct buffers.
        ByteBuffer dIn = ByteBuffer.allocateDirect(badCt.length).put(badCt).flip();
        ByteBuffer dOut = ByteBuffer.allocateDirect(pt.length);
        ours.updateAAD(badAad);
        assertThrows(AEADBadTagException.class, () -> ours.doFinal(dIn, dOut));
        assertEquals(0, dOut.position());
        for (int i = 0; i < pt.length; i++) assertEquals(0, dOut.get(i), "no plaintext in the direct buffer");
        // Too short to hold a tag.
        ours.updateAAD(aad);
        assertThrows(AEADBadTagException.class, () -> ours.doFinal(ct, 0, tagLen - 1));
        // The genuine message still opens.
        ours.updateAAD(aad);
        assertArrayEquals(pt, ours.doFinal(ct));
    }

    /** Feed a Mac {@code msg} in random pieces of 1..maxPiece bytes: arrays, direct buffers, single bytes. */
    static void macInPieces(javax.crypto.Mac mac, byte[] msg, int maxPiece, SplittableRandom rnd) {
        int pos = 0;
        while (pos < msg.length) {
            int n = Math.min(msg.length - pos, rnd.nextInt(maxPiece) + 1);
            switch (rnd.nextInt(3)) {
                case 0 -> mac.update(msg, pos, n);
                case 1 -> mac.update(ByteBuffer.allocateDirect(n).put(msg, pos, n).flip());
                default -> {
                    for (int i = 0; i < n; i++) mac.update(msg[pos + i]);
                }
            }
            pos += n;
        }
    }

    static void assertSame(byte[] expected, byte[] actual, String what) {
        assertArrayEquals(expected, actual, what);
    }

    /**
     * Every transformation of the provider that runs a native cipher name, e.g. "kalyna-128-128-cbc":
     * "Kalyna-128/CBC/NoPadding", "DSTU7624/CBC/NoPadding", then the same under each alias; a
     * key-wrap name ("aes-128-kw") its wrap Ciphers' names.
     */
    static List<String> transformations(String nativeName) {
        List<String> out = new ArrayList<>();
        for (CipherAlgorithm alg : SimdCryptProvider.cipherAlgorithms()) {
            for (Map.Entry<Integer, String> key : alg.prefixByKeyLength().entrySet()) {
                for (String mode : alg.suffixByMode().keySet()) {
                    if (!nativeName.equals(alg.nativeName(key.getKey(), mode))) continue;
                    for (String name : namesOf(alg.jcaName(), alg.aliases())) {
                        // A fixed name ("AES_128/ECB/NoPadding", its OID) is a whole transformation.
                        // One taking a padding ("DSTU7624-128-CBC", its OID) gets its mode and NoPadding.
                        out.add(alg.fixedOf() != null && !alg.fixedPadded() ? name : name + "/" + mode + "/NoPadding");
                    }
                }
            }
        }
        // Key wraps ("AES/KW/NoPadding", "AESWrap", "DSTU7624-128KW"): whole transformations.
        for (AlgorithmTable.WrapAlgorithm alg : SimdCryptProvider.wrapAlgorithms()) {
            if (alg.nameByKeyLength().containsValue(nativeName)) out.addAll(namesOf(alg.jcaName(), alg.aliases()));
        }
        return out;
    }

    /**
     * Every Cipher name and alias of the provider that runs a native AEAD name ("aes-128-gcm"),
     * or a native cipher name through a {@link NonceCipherSpi} ("chacha20").
     */
    static List<String> aeadTransformations(String nativeName) {
        List<String> out = new ArrayList<>();
        for (AeadAlgorithm alg : SimdCryptProvider.aeadAlgorithms()) {
            if (alg.nameByKeyLength().containsValue(nativeName)) out.addAll(aeadTransformations(alg));
        }
        return out;
    }

    /** The names and aliases of one such Cipher. */
    static List<String> aeadTransformations(AeadAlgorithm alg) {
        return namesOf(alg.jcaName(), alg.aliases());
    }

    /** Every Mac name and alias of the provider that runs a native MAC name. */
    static List<String> macNames(String nativeName) {
        List<String> out = new ArrayList<>();
        for (MacAlgorithm alg : SimdCryptProvider.macAlgorithms()) {
            if (alg.prefixByKeyLength().containsValue(nativeName)) out.addAll(namesOf(alg.jcaName(), alg.aliases()));
        }
        return out;
    }

    static List<String> namesOf(String name, List<String> aliases) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(aliases);
        return all;
    }
}
