/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.simdcrypt.jca.SimdCryptProvider;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.Xof;
import org.bouncycastle.crypto.digests.Kangaroo;
import org.bouncycastle.crypto.digests.SHAKEDigest;
import org.junit.jupiter.api.Test;

/**
 * SimdXof against Bouncy Castle's XOFs (SHAKEDigest, Kangaroo.KangarooTwelve with a
 * personalisation string) on random messages and output lengths, both squeezed in random pieces;
 * its refusals; and the MessageDigest XOF names as its prefixes. TurboSHAKE's domain bytes are
 * held to RFC 9861's vectors in KnownAnswerTest (no Java provider has TurboSHAKE).
 */
class XofTest {
    private static byte[] random(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    /** Output of {@code len} bytes squeezed in random pieces. */
    private static byte[] squeezeInPieces(SimdXof x, int len, SplittableRandom rnd) {
        byte[] out = new byte[len];
        for (int pos = 0; pos < len; ) {
            int n = Math.min(len - pos, rnd.nextInt(300));
            x.squeeze(out, pos, n);
            pos += n;
        }
        return out;
    }

    private static byte[] bcOutput(Xof bc, int len, SplittableRandom rnd) {
        byte[] out = new byte[len];
        for (int pos = 0; pos < len; ) {
            int n = Math.min(len - pos, rnd.nextInt(300) + 1);
            bc.doOutput(out, pos, n);
            pos += n;
        }
        return out;
    }

    /** Absorb in random pieces from arrays and heap and direct buffers. */
    private static void absorbInPieces(SimdXof x, byte[] msg, SplittableRandom rnd) {
        for (int pos = 0; pos < msg.length; ) {
            int n = Math.min(msg.length - pos, rnd.nextInt(3000) + 1);
            switch (rnd.nextInt(3)) {
                case 0 -> x.update(msg, pos, n);
                case 1 -> x.update(ByteBuffer.wrap(msg, pos, n));
                default -> x.update(ByteBuffer.allocateDirect(n).put(msg, pos, n).flip());
            }
            pos += n;
        }
    }

    @Test
    void shakeAsBouncyCastle() {
        SplittableRandom rnd = new SplittableRandom(21);
        for (int bits : new int[] {128, 256}) {
            for (int trial = 0; trial < 40; trial++) {
                byte[] msg = random(rnd, rnd.nextInt(2000));
                int len = rnd.nextInt(1000);
                SHAKEDigest bc = new SHAKEDigest(bits);
                bc.update(msg, 0, msg.length);
                SimdXof x = bits == 128 ? SimdXof.shake128() : SimdXof.shake256();
                absorbInPieces(x, msg, rnd);
                assertArrayEquals(bcOutput(bc, len, rnd), squeezeInPieces(x, len, rnd), "SHAKE" + bits + " " + trial);
            }
        }
    }

    @Test
    void kangarooTwelveWithCustomizationAsBouncyCastle() {
        SplittableRandom rnd = new SplittableRandom(22);
        for (int trial = 0; trial < 30; trial++) {
            byte[] msg = random(rnd, rnd.nextInt(20000)), custom = random(rnd, rnd.nextInt(3) * rnd.nextInt(300));
            int len = rnd.nextInt(600);
            Kangaroo.KangarooTwelve bc = new Kangaroo.KangarooTwelve();
            bc.init(new Kangaroo.KangarooParameters.Builder().setPersonalisation(custom).build());
            bc.update(msg, 0, msg.length);
            SimdXof x = SimdXof.kangarooTwelve(custom);
            absorbInPieces(x, msg, rnd);
            // Bouncy Castle's KangarooTwelve (1.80) refuses a second doOutput ("attempt to absorb
            // while squeezing"): its output in one call.
            byte[] expected = new byte[len];
            bc.doFinal(expected, 0, len);
            assertArrayEquals(expected, squeezeInPieces(x, len, rnd), "trial " + trial);
            // reset: the same customization, a new message.
            x.reset();
            x.update(msg);
            assertArrayEquals(expected, x.squeeze(len), "after reset, trial " + trial);
        }
    }

    /** The MessageDigest names of the XOFs are their first 32 or 64 bytes. */
    @Test
    void messageDigestsArePrefixes() throws Exception {
        byte[] msg = random(new SplittableRandom(23), 777);
        String[][] cases = {{"SHAKE128", "shake128"}, {"SHAKE256", "shake256"}, {"TurboSHAKE128", "turboshake128"},
                {"TurboSHAKE256", "turboshake256"}, {"KangarooTwelve", "kangarootwelve"}};
        for (String[] c : cases) {
            byte[] d = MessageDigest.getInstance(c[0], SimdCryptProvider.instance()).digest(msg);
            SimdXof x = SimdXof.of(c[1], new byte[0], 0);
            x.update(msg);
            assertArrayEquals(x.squeeze(d.length), d, c[0]);
        }
        // TurboSHAKE's default domain byte is 0x1F: of(..., 0) = turboShake128(0x1F).
        SimdXof a = SimdXof.turboShake128(0x1F), b = SimdXof.of("turboshake128", new byte[0], 0);
        a.update(msg);
        b.update(msg);
        assertArrayEquals(a.squeeze(100), b.squeeze(100));
    }

    @Test
    void refusals() {
        SimdXof x = SimdXof.shake128();
        x.update(new byte[3]);
        byte[] first = x.squeeze(10);
        assertThrows(IllegalStateException.class, () -> x.update(new byte[1]), "update after squeeze");
        x.reset();
        x.update(new byte[3]);
        assertArrayEquals(first, x.squeeze(10), "reset starts again");
        assertThrows(IllegalArgumentException.class, () -> SimdXof.turboShake128(0));
        assertThrows(IllegalArgumentException.class, () -> SimdXof.turboShake256(0x80));
        assertThrows(IllegalArgumentException.class, () -> SimdXof.of("sha3-256", new byte[0], 0), "not an XOF");
        assertThrows(IllegalArgumentException.class, () -> SimdXof.of("nope", new byte[0], 0));
        assertThrows(IllegalArgumentException.class, () -> SimdXof.of("shake128", new byte[] {1}, 0),
                "a customization string for SHAKE");
        assertThrows(IllegalArgumentException.class, () -> SimdXof.of("kangarootwelve", new byte[0], 6),
                "a domain byte for KangarooTwelve");
        assertThrows(IndexOutOfBoundsException.class, () -> x.squeeze(new byte[4], 2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> SimdXof.shake256().update(new byte[4], -1, 2));
        // An empty squeeze reads nothing: the output stream is unchanged after it.
        SimdXof y = SimdXof.shake256();
        y.squeeze(0);
        assertArrayEquals(SimdXof.shake256().squeeze(16), y.squeeze(16));
    }
}
