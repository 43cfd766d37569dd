/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Comparison of key and nonce bytes without a branch on their contents, eight bytes per step:
 * a re-init compares the new key with the one in use and, for the nonce-reuse rule, with the
 * last one (issue 15). {@code MessageDigest.isEqual} does the same byte by byte with an index
 * computation per byte, about four times the work for a 32-byte key.
 */
final class ConstantTime {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ConstantTime() {}

    /**
     * Whether {@code a} and {@code b} hold the same bytes; null equals nothing. The lengths are
     * not secret (a key's length is its algorithm's), so arrays of different lengths are unequal
     * at once; equal lengths are compared whole, whatever the first difference.
     */
    static boolean equal(byte[] a, byte[] b) {
        if (a == null || b == null || a.length != b.length) return false;
        long diff = 0;
        int n = a.length, i = 0;
        for (; i + 8 <= n; i += 8) diff |= (long) LONGS.get(a, i) ^ (long) LONGS.get(b, i);
        for (; i < n; i++) diff |= a[i] ^ b[i];
        return diff == 0;
    }
}
