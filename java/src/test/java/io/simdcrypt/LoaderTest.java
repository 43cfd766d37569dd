/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoaderTest {
    /** CRC-32C of 100 zero bytes (java.util.zip.CRC32C). */
    private static final String CRC_OF_ZEROS = Long.toHexString(crc32cOfZeros());

    private static long crc32cOfZeros() {
        java.util.zip.CRC32C c = new java.util.zip.CRC32C();
        c.update(new byte[100]);
        return c.getValue();
    }

    @Test
    void bundledLibraryLoads() {
        assertTrue(SimdCrypt.isAvailable(), () -> String.valueOf(SimdCrypt.loadFailure()));
        assertNull(SimdCrypt.loadFailure());
        assertEquals("linux-x86_64", SimdCrypt.platform());
        assertTrue(SimdCrypt.version().matches("\\d+\\.\\d+\\.\\d+"), SimdCrypt.version());
        assertNotNull(SimdCrypt.activeKernel("crc32c"));
        assertNull(SimdCrypt.activeKernel("no-such-algorithm"));
    }

    @Test
    void extractsIntoTheConfiguredDirectoryAndLeavesNothingBehind(@TempDir Path dir) throws Exception {
        String out = runProbe("-Dsimdcrypt.tmpdir=" + dir);
        assertEquals("loaded bundled:linux-x86_64 " + CRC_OF_ZEROS, out);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "extracted files must be removed once mapped");
        }
    }

    @Test
    void loadsAnInstalledLibraryNamedByTheProperty(@TempDir Path dir) throws Exception {
        Path lib = dir.resolve("libsimdcrypt-copy.so");
        try (var in = LoaderTest.class.getResourceAsStream("/native/linux-x86_64/libsimdcrypt.so")) {
            Files.copy(in, lib);
        }
        String out = runProbe("-Dsimdcrypt.library.path=" + lib);
        assertEquals("loaded " + lib + " " + CRC_OF_ZEROS, out);
    }

    @Test
    void anUnloadableLibraryGivesAClearError(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("nope.so");
        String out = runProbe("-Dsimdcrypt.library.path=" + missing);
        assertTrue(out.startsWith("failed simdcrypt: cannot load " + missing), out);
        assertTrue(out.contains("simdcrypt.library.path"), out);
        assertTrue(out.contains("threw java.lang.UnsatisfiedLinkError: simdcrypt: cannot load"), out);
    }

    @Test
    void anUnsupportedPlatformNamesItselfBothAttemptsAndTheProperties(@TempDir Path empty) throws Exception {
        String out = runProbe("-Dos.arch=sparcv9", "-Djava.library.path=" + empty);
        assertTrue(out.startsWith("failed simdcrypt: no native library bundled for platform linux-sparcv9"), out);
        assertTrue(out.contains("this jar bundles linux-x86_64"), out);
        assertTrue(out.contains("System.loadLibrary(\"simdcrypt\") found no usable libsimdcrypt.so in"
                + " java.library.path=" + empty), out);
        assertTrue(out.contains("-Dsimdcrypt.library.path="), out);
        assertTrue(out.contains("-Dsimdcrypt.tmpdir"), out);
        assertTrue(out.contains("-Djava.library.path"), out);
    }

    /**
     * Without a usable bundled copy (here: the extraction directory cannot be made, under a
     * regular file; scripts/java-install-test.sh checks one mounted noexec) the library comes
     * from java.library.path, and without it there the error names both attempts.
     */
    @Test
    void fallsBackToJavaLibraryPath(@TempDir Path dir) throws Exception {
        Path lib = dir.resolve("libsimdcrypt.so");
        try (var in = LoaderTest.class.getResourceAsStream("/native/linux-x86_64/libsimdcrypt.so")) {
            Files.copy(in, lib);
        }
        Path unusable = dir.resolve("a-file");
        Files.writeString(unusable, "not a directory");
        String out = runProbe("-Dsimdcrypt.tmpdir=" + unusable.resolve("x"), "-Djava.library.path=/nonexistent:" + dir);
        assertEquals("loaded java.library.path:" + lib + " " + CRC_OF_ZEROS, out);

        out = runProbe("-Dsimdcrypt.tmpdir=" + unusable.resolve("x"), "-Djava.library.path=/nonexistent");
        assertTrue(out.startsWith("failed simdcrypt: cannot extract the bundled library for linux-x86_64"), out);
        assertTrue(out.contains("found no usable libsimdcrypt.so in java.library.path=/nonexistent"), out);
    }

    private static String runProbe(String... properties) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(List.of(properties));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(LoaderProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out.strip().replace("\n", " | ");
    }
}
