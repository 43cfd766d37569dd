/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

/** Run in a child JVM by LoaderTest: prints how loading went and one CRC-32C. */
public final class LoaderProbe {
    private LoaderProbe() {}

    public static void main(String[] args) {
        if (SimdCrypt.isAvailable()) {
            Crc32c c = new Crc32c();
            c.update(new byte[100], 0, 100);
            System.out.println("loaded " + SimdCrypt.librarySource() + " " + Long.toHexString(c.getValue()));
        } else {
            System.out.println("failed " + SimdCrypt.loadFailure().getMessage());
            try {
                new Crc32c().update(new byte[100], 0, 100);
                System.out.println("no exception");
            } catch (Throwable t) {
                System.out.println("threw " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
    }
}
