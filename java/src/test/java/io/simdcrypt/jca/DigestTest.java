/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.BC;
import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static io.simdcrypt.jca.CipherTestSupport.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.simdcrypt.internal.NativeHash;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.Kangaroo;
import org.junit.jupiter.api.Test;

/**
 * The MessageDigests against the JDK's own (SUN: MD5, SHA3-n, SHAKE128-256, SHAKE256-512) and
 * Bouncy Castle's (KECCAK-256, KangarooTwelve) on random lengths and update splits through every
 * update flavour, plus clone, reset, the digest(buf, off, len) rules and the derived names. The
 * known answers are in {@link KnownAnswerTest}.
 */
class DigestTest {
    private static final Provider SUN = Security.getProvider("SUN");
    /** Our name to the reference provider's (same name) for the names both providers have. */
    private static final Map<String, Provider> REFERENCE = Map.of("MD5", SUN, "SHA3-224", SUN, "SHA3-256", SUN,
            "SHA3-384", SUN, "SHA3-512", SUN, "SHAKE128-256", SUN, "SHAKE256-512", SUN, "KECCAK-256", BC);

    private static MessageDigest ours(String name) throws Exception {
        return MessageDigest.getInstance(name, SIMD);
    }

    /** Feeds {@code input} to md in random pieces through every update method, then digests. */
    static byte[] digestInPieces(MessageDigest md, byte[] input, SplittableRandom rnd) throws Exception {
        int pos = 0;
        while (pos < input.length) {
            // Mostly short pieces (the Java buffer), sometimes past it (direct native updates).
            int n = Math.min(input.length - pos, rnd.nextInt(1 << rnd.nextInt(11)) + 1);
            switch (rnd.nextInt(6)) {
                case 0 -> {
                    for (int i = 0; i < n; i++) md.update(input[pos + i]);
                }
                case 1 -> {
                    // At an offset in a larger array.
                    byte[] b = new byte[n + 7];
                    System.arraycopy(input, pos, b, 3, n);
                    md.update(b, 3, n);
                }
                case 2 -> md.update(ByteBuffer.wrap(input, pos, n));
                case 3 -> md.update(ByteBuffer.allocateDirect(n + 4).position(2).put(input, pos, n).flip().position(2));
                case 4 -> md.update(ByteBuffer.wrap(input, pos, n).slice().asReadOnlyBuffer());
                default -> md.update(Arrays.copyOfRange(input, pos, pos + n));
            }
            pos += n;
        }
        if (rnd.nextBoolean()) return md.digest();
        byte[] out = new byte[md.getDigestLength() + 5];
        assertEquals(md.getDigestLength(), md.digest(out, 5, md.getDigestLength()));
        return Arrays.copyOfRange(out, 5, out.length);
    }

    @Test
    void sameAsReferenceOnRandomLengthsAndSplits() throws Exception {
        SplittableRandom rnd = new SplittableRandom(16);
        for (Map.Entry<String, Provider> e : REFERENCE.entrySet()) {
            MessageDigest ref = MessageDigest.getInstance(e.getKey(), e.getValue());
            MessageDigest md = ours(e.getKey());
            assertEquals(ref.getDigestLength(), md.getDigestLength(), e.getKey());
            for (int trial = 0; trial < 150; trial++) {
                byte[] msg = random(rnd, trial < 20 ? trial * 13 : rnd.nextInt(5001));
                byte[] expected = ref.digest(msg);
                // The same instance over and over: each digest leaves it ready for the next.
                assertArrayEquals(expected, digestInPieces(md, msg, rnd), e.getKey() + " length " + msg.length);
                assertArrayEquals(expected, md.digest(msg), e.getKey() + " one shot, length " + msg.length);
            }
        }
    }

    /** Every length around the Java buffer and the block sizes, as one update and byte by byte. */
    @Test
    void everyLengthAroundTheBuffer() throws Exception {
        SplittableRandom rnd = new SplittableRandom(5);
        byte[] msg = random(rnd, 3 * NativeDigestSpi.BUFFER_BYTES + 200);
        for (String name : List.of("MD5", "SHA3-256", "SHAKE128-256")) {
            MessageDigest ref = MessageDigest.getInstance(name, SUN);
            MessageDigest md = ours(name);
            for (int len = 0; len <= msg.length; len++) {
                ref.update(msg, 0, len);
                byte[] expected = ref.digest();
                md.update(msg, 0, len);
                assertArrayEquals(expected, md.digest(), name + " length " + len);
                for (int i = 0; i < len; i++) md.update(msg[i]);
                assertArrayEquals(expected, md.digest(), name + " byte by byte, length " + len);
            }
        }
    }

    /**
     * Short messages (0..300 bytes: one native call at digest, issue 16) in every split pattern
     * (one update; pieces of 1, 7, 64 bytes; the three mixed; ByteBuffers), a clone taken in
     * the middle of each and a reset in the middle, against SUN, on one instance used over and
     * over (its context finished by the previous digest).
     */
    @Test
    void shortMessagesInEverySplit() throws Exception {
        SplittableRandom rnd = new SplittableRandom(300);
        byte[] msg = random(rnd, 300);
        int[][] patterns = {{1}, {7}, {64}, {1, 7, 64}, {64, 7, 1}, {7, 64}};
        for (String name : List.of("MD5", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128-256")) {
            MessageDigest ref = MessageDigest.getInstance(name, SUN);
            MessageDigest md = ours(name);
            for (int len = 0; len <= msg.length; len++) {
                byte[] expected = ref.digest(Arrays.copyOf(msg, len));
                md.update(msg, 0, len);
                assertArrayEquals(expected, md.digest(), name + " one update, length " + len);
                md.update(ByteBuffer.wrap(msg, 0, len));
                assertArrayEquals(expected, md.digest(), name + " ByteBuffer, length " + len);
                for (int[] pattern : patterns) {
                    String what = name + " pieces " + Arrays.toString(pattern) + ", length " + len;
                    int half = len / 2;
                    feed(md, msg, 0, half, pattern);
                    MessageDigest copy = (MessageDigest) md.clone();
                    feed(md, msg, half, len, pattern);
                    assertArrayEquals(expected, md.digest(), what);
                    // the clone goes on with the same rest, then with another
                    feed(copy, msg, half, len, pattern);
                    assertArrayEquals(expected, copy.digest(), what + " (clone)");
                    // a reset in the middle discards what came before it
                    feed(md, msg, 0, half, pattern);
                    md.reset();
                    feed(md, msg, 0, len, pattern);
                    assertArrayEquals(expected, md.digest(), what + " (after reset)");
                }
            }
        }
    }

    /** msg[from, to) into md in pieces whose sizes cycle through {@code pattern}. */
    private static void feed(MessageDigest md, byte[] msg, int from, int to, int[] pattern) {
        for (int pos = from, i = 0; pos < to; i++) {
            int n = Math.min(pattern[i % pattern.length], to - pos);
            if (n == 1) md.update(msg[pos]);
            else md.update(msg, pos, n);
            pos += n;
        }
    }

    /** A clone mid-stream is independent: both finish their own messages, whatever was buffered. */
    @Test
    void cloneMidStream() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7);
        for (DigestAlgorithm alg : SimdCryptProvider.digestAlgorithms()) {
            for (int prefixLen : new int[] {0, 1, 100, NativeDigestSpi.BUFFER_BYTES, 1000, 3000}) {
                byte[] prefix = random(rnd, prefixLen), a = random(rnd, rnd.nextInt(600)), b = random(rnd, 700);
                MessageDigest md = ours(alg.jcaName());
                md.update(prefix);
                MessageDigest copy = (MessageDigest) md.clone();
                md.update(a);
                copy.update(b);
                assertArrayEquals(oneShot(alg.jcaName(), prefix, b), copy.digest(), alg.jcaName() + " clone");
                assertArrayEquals(oneShot(alg.jcaName(), prefix, a), md.digest(), alg.jcaName() + " original");
                // A clone of a finished digest (context left finished) works too.
                MessageDigest again = (MessageDigest) md.clone();
                again.update(a);
                assertArrayEquals(oneShot(alg.jcaName(), a), again.digest(), alg.jcaName() + " clone after digest");
            }
        }
    }

    private static byte[] oneShot(String name, byte[]... parts) throws Exception {
        MessageDigest md = ours(name);
        for (byte[] p : parts) md.update(p);
        return md.digest();
    }

    @Test
    void resetDiscardsTheMessage() throws Exception {
        SplittableRandom rnd = new SplittableRandom(9);
        for (String name : List.of("MD5", "SHA3-512", "SHAKE256-512", "KangarooTwelve")) {
            for (int junkLen : new int[] {5, 5000}) {
                byte[] msg = random(rnd, 300);
                MessageDigest md = ours(name);
                byte[] expected = md.digest(msg);
                md.update(random(rnd, junkLen));
                md.reset();
                assertArrayEquals(expected, md.digest(msg), name + " after reset of " + junkLen);
                md.reset(); // twice, and on a finished context
                md.reset();
                md.update(random(rnd, junkLen));
                md.digest();
                md.reset();
                assertArrayEquals(expected, md.digest(msg), name + " reset after digest");
            }
        }
    }

    /** digest(buf, off, len): too short a length or buffer is a DigestException, as SUN's. */
    @Test
    void digestIntoAShortBuffer() throws Exception {
        for (Provider p : List.of(SUN, SIMD)) {
            MessageDigest md = MessageDigest.getInstance("SHA3-256", p);
            md.update(new byte[10]);
            assertThrows(DigestException.class, () -> md.digest(new byte[40], 0, 31), p.getName());
            // The JCA checks the array bounds first (IllegalArgumentException), then the SPI.
            assertThrows(IllegalArgumentException.class, () -> md.digest(new byte[40], 20, 32), p.getName());
            byte[] out = new byte[40];
            assertEquals(32, md.digest(out, 8, 32), p.getName());
            assertArrayEquals(MessageDigest.getInstance("SHA3-256", SUN).digest(new byte[10]),
                    Arrays.copyOfRange(out, 8, 40), p.getName() + ": the failed calls kept the message");
        }
    }

    /** KangarooTwelve against Bouncy Castle's lightweight class (no JCA provider has it). */
    @Test
    void kangarooTwelveAsBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(12);
        MessageDigest md = ours("KangarooTwelve");
        for (int trial = 0; trial < 60; trial++) {
            // Past 8 KiB: KangarooTwelve's tree (leaves of 8192 bytes).
            byte[] msg = random(rnd, trial < 10 ? 8192 * trial / 3 : rnd.nextInt(20000));
            Kangaroo.KangarooTwelve bc = new Kangaroo.KangarooTwelve();
            bc.update(msg, 0, msg.length);
            byte[] expected = new byte[32];
            bc.doFinal(expected, 0, expected.length);
            assertArrayEquals(expected, digestInPieces(md, msg, rnd), "length " + msg.length);
        }
    }

    /** Every derived name and alias is registered and runs the same digest; the OIDs are the JDK's. */
    @Test
    void namesAndAliases() throws Exception {
        Set<String> natives = new HashSet<>();
        byte[] msg = "abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (DigestAlgorithm alg : SimdCryptProvider.digestAlgorithms()) {
            natives.add(alg.nativeName());
            byte[] expected = ours(alg.jcaName()).digest(msg);
            assertEquals(alg.digestLength(), expected.length, alg.jcaName());
            for (String alias : alg.aliases()) {
                assertArrayEquals(expected, ours(alias).digest(msg), alias);
            }
        }
        // Every native hash name has a MessageDigest, or its family's rule says why not.
        for (String n : NativeHash.names()) {
            JcaNaming.Hashes rule = JcaNaming.hashes(JcaNaming.HASHES, NativeHash.info(n).algorithm());
            assertNotNull(rule, "no hash naming rule for the family of " + n);
            assertTrue(natives.contains(n) || rule.unoffered().containsKey(n), n + " has no MessageDigest");
        }
        // The JDK's names and OIDs resolve here as in SUN.
        for (String name : List.of("MD5", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128-256",
                "SHAKE256-512", "SHAKE128", "SHAKE256", "1.2.840.113549.2.5", "OID.1.2.840.113549.2.5",
                "2.16.840.1.101.3.4.2.7", "2.16.840.1.101.3.4.2.8", "2.16.840.1.101.3.4.2.9",
                "2.16.840.1.101.3.4.2.10", "2.16.840.1.101.3.4.2.11", "2.16.840.1.101.3.4.2.12")) {
            assertArrayEquals(MessageDigest.getInstance(name, SUN).digest(msg), ours(name).digest(msg), name);
        }
        // Bouncy Castle's names.
        for (String name : List.of("MD5", "SHA3-256", "SHAKE128", "SHAKE256", "SHAKE128-256", "SHAKE256-512",
                "KECCAK-256")) {
            assertArrayEquals(MessageDigest.getInstance(name, BC).digest(msg), ours(name).digest(msg), name);
        }
    }

    /** A rule that gives an XOF no output length, or two digests one name, is refused. */
    @Test
    void badRulesAreRefused() {
        List<NativeHash.Info> infos = NativeHash.names().stream().map(NativeHash::info).toList();
        List<JcaNaming.Hashes> noLength = List.of(new JcaNaming.Hashes("keccak",
                List.of(new JcaNaming.Digest("shake128", "SHAKE128", List.of())), Map.of()));
        assertThrows(IllegalStateException.class, () -> DigestAlgorithm.derive(infos, noLength));
        List<JcaNaming.Hashes> clash = List.of(new JcaNaming.Hashes("keccak",
                List.of(new JcaNaming.Digest("sha3-256", "X", List.of()),
                        new JcaNaming.Digest("sha3-512", "x", List.of())), Map.of()));
        assertThrows(IllegalStateException.class, () -> DigestAlgorithm.derive(infos, clash));
        assertFalse(DigestAlgorithm.derive(infos, JcaNaming.HASHES).isEmpty());
    }
}
