/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every simdcrypt checksum against java.util.zip's as the oracle. */
class ChecksumTest {
    enum Kind {
        CRC32(io.simdcrypt.Crc32::new, java.util.zip.CRC32::new),
        CRC32C(io.simdcrypt.Crc32c::new, java.util.zip.CRC32C::new),
        ADLER32(io.simdcrypt.Adler32::new, java.util.zip.Adler32::new);

        final Supplier<Checksum> ours;
        final Supplier<Checksum> jdk;

        Kind(Supplier<Checksum> ours, Supplier<Checksum> jdk) {
            this.ours = ours;
            this.jdk = jdk;
        }

        long expected(byte[] b, int off, int len) {
            Checksum c = jdk.get();
            c.update(b, off, len);
            return c.getValue();
        }
    }

    private static final int MAX_LEN = 4096;

    private static byte[] random(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyLengthAtRandomOffsetsHeapArray(Kind kind) {
        SplittableRandom rnd = new SplittableRandom(1);
        byte[] data = random(rnd, MAX_LEN + 64);
        Checksum c = kind.ours.get();
        for (int len = 0; len <= MAX_LEN; len++) {
            int off = rnd.nextInt(64);
            c.reset();
            c.update(data, off, len);
            assertEquals(kind.expected(data, off, len), c.getValue(), () -> kind + " len " + c);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyLengthThroughByteBuffers(Kind kind) {
        SplittableRandom rnd = new SplittableRandom(2);
        byte[] data = random(rnd, MAX_LEN + 64);
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).clear();
        ByteBuffer heap = ByteBuffer.wrap(data);
        ByteBuffer readOnly = heap.asReadOnlyBuffer();
        // A heap buffer whose array offset is not zero.
        ByteBuffer sliced = ByteBuffer.wrap(data, 7, data.length - 7).slice();
        Checksum c = kind.ours.get();
        for (int len = 0; len <= MAX_LEN; len++) {
            int off = 7 + rnd.nextInt(57);
            long expected = kind.expected(data, off, len);
            for (ByteBuffer buf : new ByteBuffer[] {direct, heap, readOnly}) {
                buf.limit(off + len).position(off);
                c.reset();
                c.update(buf);
                assertEquals(expected, c.getValue(), kind + " len " + len + " " + buf);
                assertEquals(off + len, buf.position());
                assertEquals(off + len, buf.limit());
            }
            sliced.limit(off - 7 + len).position(off - 7);
            c.reset();
            c.update(sliced);
            assertEquals(expected, c.getValue(), kind + " sliced len " + len);
        }
    }

    /** Random splits mixing every update flavour, continuing from running values. */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void randomSplitsMixingUpdateKinds(Kind kind) {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int trial = 0; trial < 300; trial++) {
            byte[] data = random(rnd, rnd.nextInt(1 << (1 + rnd.nextInt(17))));
            ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).clear();
            Checksum ours = kind.ours.get();
            Checksum jdk = kind.jdk.get();
            int pos = 0;
            while (pos < data.length) {
                int n = Math.min(data.length - pos, rnd.nextInt(1 << rnd.nextInt(14)) + 1);
                switch (rnd.nextInt(5)) {
                    case 0 -> {
                        for (int i = pos; i < pos + n; i++) ours.update(data[i]);
                    }
                    case 1 -> ours.update(data, pos, n);
                    case 2 -> ours.update(ByteBuffer.wrap(data, pos, n));
                    case 3 -> ours.update(direct.limit(pos + n).position(pos));
                    default -> ours.update(java.util.Arrays.copyOfRange(data, pos, pos + n));
                }
                jdk.update(data, pos, n);
                pos += n;
                assertEquals(jdk.getValue(), ours.getValue(), kind + " trial " + trial + " at " + pos);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void largeInputsAndRunningValue(Kind kind) {
        SplittableRandom rnd = new SplittableRandom(4);
        byte[] data = random(rnd, (3 << 20) + 17);
        Checksum ours = kind.ours.get();
        Checksum jdk = kind.jdk.get();
        for (int i = 0; i < 3; i++) {
            ours.update(data, i, data.length - i);
            jdk.update(data, i, data.length - i);
            assertEquals(jdk.getValue(), ours.getValue(), kind + " pass " + i);
        }
        // All-0xff bytes maximise Adler-32's sums: the deferred modulo must still hold.
        byte[] ones = new byte[1 << 20];
        java.util.Arrays.fill(ones, (byte) -1);
        ours.update(ones);
        jdk.update(ones);
        assertEquals(jdk.getValue(), ours.getValue());
        ours.reset();
        jdk.reset();
        assertEquals(jdk.getValue(), ours.getValue());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void singleBytesUseOnlyTheLowEightBits(Kind kind) {
        Checksum ours = kind.ours.get();
        Checksum jdk = kind.jdk.get();
        for (int b : new int[] {0, 1, 0x7f, 0x80, 0xff, 0x100, -1, 0x12345678, Integer.MIN_VALUE}) {
            ours.update(b);
            jdk.update(b);
            assertEquals(jdk.getValue(), ours.getValue(), kind + " byte " + b);
        }
    }

    /** The JDK's exception types for the same misuse; the running value stays untouched. */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void badArgumentsThrowLikeTheJdk(Kind kind) {
        Checksum ours = kind.ours.get();
        Checksum jdk = kind.jdk.get();
        byte[] b = new byte[100];
        int[][] ranges = {
            {-1, 10}, {0, -1}, {0, 101}, {101, 0}, {50, 51}, {Integer.MAX_VALUE, 2},
            {2, Integer.MAX_VALUE}, {Integer.MIN_VALUE, 0}, {100, Integer.MIN_VALUE}
        };
        for (int[] r : ranges) {
            Class<? extends Throwable> expected =
                    assertThrows(Throwable.class, () -> jdk.update(b, r[0], r[1])).getClass();
            assertThrows(expected, () -> ours.update(b, r[0], r[1]), kind + " " + r[0] + "," + r[1]);
            // JDK 25 throws ArrayIndexOutOfBoundsException; pin it so a change is noticed.
            assertEquals(ArrayIndexOutOfBoundsException.class, expected);
        }
        assertThrows(NullPointerException.class, () -> jdk.update((byte[]) null, 0, 0));
        assertThrows(NullPointerException.class, () -> ours.update((byte[]) null, 0, 0));
        assertThrows(NullPointerException.class, () -> ours.update((byte[]) null));
        assertThrows(NullPointerException.class, () -> ours.update((ByteBuffer) null));
        // Edge ranges that are valid.
        ours.update(b, 100, 0);
        ours.update(b, 0, 0);
        ours.update(new byte[0]);
        ours.update(ByteBuffer.allocateDirect(0));
        assertEquals(kind.jdk.get().getValue(), ours.getValue());
    }
}
