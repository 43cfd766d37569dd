/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

/** Run in a child JVM by DispatchTest: prints what crc32c and kalyna are dispatched to. */
public final class DispatchProbe {
    private DispatchProbe() {}

    public static void main(String[] args) {
        var d = SimdCrypt.dispatch();
        System.out.println("crc32c=" + d.get("crc32c").kernel() + " [" + d.get("crc32c").reason() + "] kalyna="
                + d.get("kalyna").kernel() + " [" + d.get("kalyna").reason() + "]");
    }
}
