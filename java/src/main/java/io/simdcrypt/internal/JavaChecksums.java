package io.simdcrypt.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Pure-Java checksums for single bytes and short arrays, where the ~3 ns of a downcall is a
 * large part of the work (see SHORT_INPUT in the checksum classes for the measured cut-over).
 *
 * <p>CRCs use slicing-by-8 (Kounavis and Berry, "A Systematic Approach to Building High
 * Performance Software-Based CRC Generators", ISCC 2005): table k maps a byte to its CRC
 * contribution k bytes further along, so eight bytes cost eight independent lookups.
 * Values follow zlib's convention (the register is kept inverted only inside a call).
 */
public final class JavaChecksums {
    /** CRC-32/ISO-HDLC, reflected polynomial 0xEDB88320 (ISO 3309, zlib, java.util.zip.CRC32). */
    private static final int[][] CRC32_TABLES = slicingTables(0xEDB88320);
    /** CRC-32C (Castagnoli), reflected polynomial 0x82F63B78 (RFC 3720 B.4). */
    private static final int[][] CRC32C_TABLES = slicingTables(0x82F63B78);

    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** RFC 1950: Adler-32 sums are taken modulo the largest prime below 2^16. */
    private static final int ADLER_BASE = 65521;
    /** RFC 1950 / zlib NMAX: the most bytes before the 32-bit sum b can overflow. */
    private static final int ADLER_NMAX = 5552;

    private JavaChecksums() {}

    private static int[][] slicingTables(int reflectedPoly) {
        int[][] t = new int[8][256];
        for (int n = 0; n < 256; n++) {
            int c = n;
            for (int k = 0; k < 8; k++) c = (c >>> 1) ^ (-(c & 1) & reflectedPoly);
            t[0][n] = c;
        }
        for (int n = 0; n < 256; n++) {
            for (int k = 1; k < 8; k++) t[k][n] = (t[k - 1][n] >>> 8) ^ t[0][t[k - 1][n] & 0xff];
        }
        return t;
    }

    private static int crcByte(int[][] tables, int value, int b) {
        int c = ~value;
        c = (c >>> 8) ^ tables[0][(c ^ b) & 0xff];
        return ~c;
    }

    private static int crc(int[][] tables, int value, byte[] b, int off, int len) {
        int[] t0 = tables[0], t1 = tables[1], t2 = tables[2], t3 = tables[3];
        int[] t4 = tables[4], t5 = tables[5], t6 = tables[6], t7 = tables[7];
        int c = ~value;
        int end = off + len;
        for (; end - off >= 8; off += 8) {
            long w = (long) LONG_LE.get(b, off) ^ (c & 0xffffffffL);
            int lo = (int) w, hi = (int) (w >>> 32);
            c = t7[lo & 0xff] ^ t6[(lo >>> 8) & 0xff] ^ t5[(lo >>> 16) & 0xff] ^ t4[lo >>> 24]
                    ^ t3[hi & 0xff] ^ t2[(hi >>> 8) & 0xff] ^ t1[(hi >>> 16) & 0xff] ^ t0[hi >>> 24];
        }
        for (; off < end; off++) c = (c >>> 8) ^ t0[(c ^ b[off]) & 0xff];
        return ~c;
    }

    public static int crc32Byte(int value, int b) {
        return crcByte(CRC32_TABLES, value, b);
    }

    public static int crc32(int value, byte[] b, int off, int len) {
        return crc(CRC32_TABLES, value, b, off, len);
    }

    public static int crc32cByte(int value, int b) {
        return crcByte(CRC32C_TABLES, value, b);
    }

    public static int crc32c(int value, byte[] b, int off, int len) {
        return crc(CRC32C_TABLES, value, b, off, len);
    }

    public static int adler32Byte(int value, int b) {
        int a = value & 0xffff, s = value >>> 16;
        a = (a + (b & 0xff)) % ADLER_BASE;
        s = (s + a) % ADLER_BASE;
        return (s << 16) | a;
    }

    public static int adler32(int value, byte[] b, int off, int len) {
        int a = value & 0xffff, s = value >>> 16;
        while (len > 0) {
            int n = Math.min(len, ADLER_NMAX);
            len -= n;
            for (int end = off + n; off < end; off++) {
                a += b[off] & 0xff;
                s += a;
            }
            a %= ADLER_BASE;
            s %= ADLER_BASE;
        }
        return (s << 16) | a;
    }
}
