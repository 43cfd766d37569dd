/* SPDX-License-Identifier: Apache-2.0 */
// Oracle for tests/vectors/checksums_long.txt: computes Adler-32, CRC-32 and
// CRC-32C of the generated long inputs with java.util.zip (JDK 9+), an
// implementation independent of simdcrypt.
// Run: java tools/ChecksumOracle.java > tests/vectors/checksums_long.txt
import java.util.zip.*;

public class ChecksumOracle {
    // Same generators as tests/test_checksum_kat.c (input_spec).
    static byte[] gen(String spec) {
        String[] p = spec.split(":");
        int n = Integer.parseInt(p[2]);
        byte[] b = new byte[n];
        switch (p[0]) {
            case "fill": for (int i = 0; i < n; i++) b[i] = (byte) Integer.parseInt(p[1], 16); break;
            case "seq": for (int i = 0; i < n; i++) b[i] = (byte) (Integer.parseInt(p[1]) + i); break;
            case "prng": {
                long s = Long.parseUnsignedLong(p[1]) | 1;
                for (int i = 0; i < n; i++) {
                    s ^= s >>> 12; s ^= s << 25; s ^= s >>> 27;
                    b[i] = (byte) ((s * 0x2545F4914F6CDD1DL) >>> 56);
                }
                break;
            }
            default: throw new IllegalArgumentException(spec);
        }
        return b;
    }

    public static void main(String[] args) {
        String[] specs = {"prng:1:1000000", "prng:42:1048576", "prng:7:65537", "fill:ff:100000",
                          "fill:ff:5552", "fill:ff:5553", "fill:00:1048576", "seq:0:300000"};
        System.out.println("# algorithm input expected source");
        System.out.println("# Long inputs; expected values computed by java.util.zip (Adler32, CRC32, CRC32C)");
        System.out.println("# of " + System.getProperty("java.vendor") + " " + System.getProperty("java.version") + ", tools/ChecksumOracle.java.");
        for (String s : specs) {
            byte[] b = gen(s);
            Checksum[] cs = {new Adler32(), new CRC32(), new CRC32C()};
            String[] names = {"adler32", "crc32", "crc32c"};
            for (int i = 0; i < 3; i++) {
                cs[i].update(b, 0, b.length);
                System.out.printf("%s %s %08x java.util.zip%n", names[i], s, cs[i].getValue());
            }
        }
    }
}
