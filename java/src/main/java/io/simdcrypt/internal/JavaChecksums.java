/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

/**
 * Pure-Java checksums for single bytes and inputs of a few bytes, where the ~5 ns of a
 * downcall is most of the work (SHORT_INPUT in the checksum classes is the measured cut-over).
 * CRCs are the classic byte-at-a-time table lookup (reflected, zlib's convention: the register
 * is inverted only inside a call).
 */
public final class JavaChecksums {
    /** CRC-32/ISO-HDLC, reflected polynomial 0xEDB88320 (ISO 3309, zlib, java.util.zip.CRC32). */
    private static final int[] CRC32_TABLE = table(0xEDB88320);
    /** CRC-32C (Castagnoli), reflected polynomial 0x82F63B78 (RFC 3720 B.4). */
    private static final int[] CRC32C_TABLE = table(0x82F63B78);

    /** RFC 1950: Adler-32 sums are taken modulo the largest prime below 2^16. */
    private static final int ADLER_BASE = 65521;
    /** RFC 1950 / zlib NMAX: the most bytes before the 32-bit sum b can overflow. */
    private static final int ADLER_NMAX = 5552;

    private JavaChecksums() {}

    private static int[] table(int reflectedPoly) {
        int[] t = new int[256];
        for (int n = 0; n < 256; n++) {
            int c = n;
            for (int k = 0; k < 8; k++) c = (c >>> 1) ^ (-(c & 1) & reflectedPoly);
            t[n] = c;
        }
        return t;
    }

    private static int crcByte(int[] t, int value, int b) {
        int c = ~value;
        c = (c >>> 8) ^ t[(c ^ b) & 0xff];
        return ~c;
    }

    private static int crc(int[] t, int value, byte[] b, int off, int len) {
        int c = ~value;
        for (int end = off + len; off < end; off++) c = (c >>> 8) ^ t[(c ^ b[off]) & 0xff];
        return ~c;
    }

    public static int crc32Byte(int value, int b) {
        return crcByte(CRC32_TABLE, value, b);
    }

    public static int crc32(int value, byte[] b, int off, int len) {
        return crc(CRC32_TABLE, value, b, off, len);
    }

    public static int crc32cByte(int value, int b) {
        return crcByte(CRC32C_TABLE, value, b);
    }

    public static int crc32c(int value, byte[] b, int off, int len) {
        return crc(CRC32C_TABLE, value, b, off, len);
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
