/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import javax.crypto.BadPaddingException;

/**
 * Paddings for the block modes (ECB, CBC). The native modes are raw, so padding is added and
 * removed here, on one block held in Java.
 *
 * <p>Removal looks at every byte of the last block with masks, so its running time does not
 * depend on where the padding starts (the usual padding-oracle hygiene; the exception itself
 * is of course observable, as with every JCA provider).
 */
enum BlockPadding {
    /** No padding: the input must be a whole number of blocks. */
    NONE("NoPadding") {
        @Override
        void fill(byte[] block, int len) {
            throw new AssertionError();
        }

        @Override
        int unpad(byte[] block, int bs) {
            throw new AssertionError();
        }
    },
    /** PKCS #7 (RFC 5652 section 6.3; "PKCS5Padding" in the JCA): n bytes of value n. */
    PKCS5("PKCS5Padding") {
        @Override
        void fill(byte[] block, int len) {
            java.util.Arrays.fill(block, 0, len, (byte) len);
        }

        @Override
        int unpad(byte[] block, int bs) throws BadPaddingException {
            int pad = block[bs - 1] & 0xff;
            // bad != 0 when pad is 0 or above bs, or any of the last pad bytes differs from it.
            int bad = ((pad - 1) | (bs - pad)) >>> 31;
            for (int i = 0; i < bs; i++) {
                int inPad = (bs - 1 - i - pad) >>> 31; // 1 when i >= bs - pad
                bad |= inPad & (((block[i] & 0xff) ^ pad) + 0xff) >>> 8;
            }
            if (bad != 0) throw new BadPaddingException("Given final block not properly padded");
            return bs - pad;
        }
    },
    /** ISO/IEC 7816-4 (and ISO/IEC 9797-1 method 2): one 0x80 byte, then zeros. */
    ISO7816_4("ISO7816-4Padding") {
        @Override
        void fill(byte[] block, int len) {
            java.util.Arrays.fill(block, 0, len, (byte) 0);
            block[0] = (byte) 0x80;
        }

        @Override
        int unpad(byte[] block, int bs) throws BadPaddingException {
            // Scan from the end: position of the last non-zero byte, and whether it is 0x80.
            int found = 0; // becomes 1 once the last non-zero byte was passed
            int marker = -1;
            int bad = 0;
            for (int i = bs - 1; i >= 0; i--) {
                int b = block[i] & 0xff;
                int nonZero = ((b | -b) >>> 31) & (found ^ 1); // first non-zero from the end
                int mask = -nonZero;
                marker = (marker & ~mask) | (i & mask);
                bad |= nonZero & (((b ^ 0x80) + 0xff) >>> 8);
                found |= nonZero;
            }
            bad |= found ^ 1;
            if (bad != 0) throw new BadPaddingException("Given final block not properly padded");
            return marker;
        }
    };

    final String jcaName;

    BlockPadding(String jcaName) {
        this.jcaName = jcaName;
    }

    /** Write the padding for a final block that needs {@code len} (1..bs) more bytes. */
    abstract void fill(byte[] block, int len);

    /** The data length in a decrypted last block of {@code bs} bytes. */
    abstract int unpad(byte[] block, int bs) throws BadPaddingException;

    static BlockPadding forName(String name) {
        return switch (name.toUpperCase(java.util.Locale.ROOT)) {
            case "NOPADDING" -> NONE;
            case "PKCS5PADDING", "PKCS7PADDING" -> PKCS5;
            case "ISO7816-4PADDING", "ISO9797-1PADDING" -> ISO7816_4;
            default -> null;
        };
    }
}
