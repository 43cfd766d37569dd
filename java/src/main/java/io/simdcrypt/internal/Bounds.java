/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

/** Argument checks with the exceptions java.util.zip's checksums throw for the same misuse. */
public final class Bounds {
    private Bounds() {}

    /**
     * Throws NullPointerException for a null array and ArrayIndexOutOfBoundsException when
     * [off, off+len) is not inside it, exactly as {@code java.util.zip.CRC32.update} does.
     * Written so that off+len cannot overflow.
     */
    public static void checkArrayRange(byte[] b, int off, int len) {
        if (off < 0 || len < 0 || off > b.length - len) {
            throw new ArrayIndexOutOfBoundsException(
                    "Range [" + off + ", " + off + " + " + len + ") out of bounds for length " + b.length);
        }
    }
}
