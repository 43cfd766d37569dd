/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Set;

/**
 * Finds and loads libsimdcrypt once per JVM, and makes downcall handles to it.
 *
 * <p>Where the library comes from, in order:
 * <ol>
 *   <li>the system property {@value #LIBRARY_PATH_PROPERTY}: the path of an installed
 *       {@code libsimdcrypt.so} (e.g. a distribution package, or a build with other flags);
 *   <li>the resource {@code /native/<platform>/libsimdcrypt.so} bundled in the jar, copied to
 *       a fresh owner-only directory under {@value #TMPDIR_PROPERTY} (default
 *       {@code java.io.tmpdir}; point it elsewhere when /tmp is mounted noexec), loaded, and
 *       deleted at once: Linux keeps a mapped file alive, so nothing is left behind even when
 *       the JVM is killed;
 *   <li>when that copy cannot be extracted or mapped (a noexec extraction directory, no copy
 *       for this platform): {@code System.loadLibrary("simdcrypt")}, i.e. libsimdcrypt.so in
 *       a directory of {@code java.library.path}.
 * </ol>
 * When every way fails, the error names each attempt and the properties to set.
 * The library is mapped into the global arena: it stays for the life of the JVM, which
 * is what static downcall handles need.
 */
public final class NativeLibrary {
    /** System property naming an installed libsimdcrypt to load instead of the bundled one. */
    public static final String LIBRARY_PATH_PROPERTY = "simdcrypt.library.path";
    /** System property naming the directory where the bundled library is extracted. */
    public static final String TMPDIR_PROPERTY = "simdcrypt.tmpdir";

    private static final String LIBRARY_FILE = "libsimdcrypt.so";
    private static final String[] BUNDLED_PLATFORMS = {"linux-x86_64", "linux-aarch64", "linux-riscv64"};

    /** The loaded library, or null with {@link #FAILURE} set. */
    private static final SymbolLookup LOOKUP;
    private static final Throwable FAILURE;
    private static final String SOURCE;

    static {
        SymbolLookup lookup = null;
        Throwable failure = null;
        String[] source = new String[1];
        try {
            lookup = load(source);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            failure = e;
        }
        LOOKUP = lookup;
        FAILURE = failure;
        SOURCE = source[0];
    }

    private NativeLibrary() {}

    /** Whether the library could be loaded on this platform. */
    public static boolean isAvailable() {
        return LOOKUP != null;
    }

    /** Why the library could not be loaded, or null when it was. */
    public static Throwable loadFailure() {
        return FAILURE;
    }

    /** Where the library was loaded from (a path, or "bundled:linux-x86_64"), or null. */
    public static String source() {
        return SOURCE;
    }

    /** This JVM's platform in the bundle's naming, e.g. "linux-x86_64". */
    public static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osPart = os.startsWith("linux") ? "linux" : os.replace(' ', '_');
        String archPart = switch (arch) {
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            case "riscv64" -> "riscv64";
            default -> arch;
        };
        return osPart + "-" + archPart;
    }

    /**
     * A downcall handle to {@code name}. Throws {@link UnsatisfiedLinkError} with the reason
     * when the library is not loaded or lacks the symbol.
     */
    @SuppressWarnings("restricted") // the point of this class; see --enable-native-access in README
    public static MethodHandle downcall(String name, FunctionDescriptor fd, Linker.Option... options) {
        MemorySegment symbol = lookup().find(name).orElseThrow(() -> new UnsatisfiedLinkError(
                "simdcrypt: symbol " + name + " not found in " + SOURCE
                        + " (library older than this jar?)"));
        // Asked only now: on a platform the JDK cannot link for, this throws, and load() has
        // already explained the failure by then.
        return Linker.nativeLinker().downcallHandle(symbol, fd, options);
    }

    /** Whether the loaded library exports {@code name} (false when no library is loaded). */
    public static boolean hasSymbol(String name) {
        return LOOKUP != null && LOOKUP.find(name).isPresent();
    }

    private static SymbolLookup lookup() {
        if (LOOKUP == null) {
            UnsatisfiedLinkError e = new UnsatisfiedLinkError(FAILURE.getMessage());
            e.initCause(FAILURE);
            throw e;
        }
        return LOOKUP;
    }

    @SuppressWarnings("restricted")
    private static SymbolLookup load(String[] source) {
        String installed = System.getProperty(LIBRARY_PATH_PROPERTY);
        if (installed != null && !installed.isEmpty()) {
            Path path = Path.of(installed);
            try {
                SymbolLookup lookup = SymbolLookup.libraryLookup(path, Arena.global());
                source[0] = path.toString();
                return lookup;
            } catch (IllegalArgumentException e) {
                throw failure("cannot load " + path + " named by -D" + LIBRARY_PATH_PROPERTY
                        + " (" + e.getMessage() + ")", e);
            }
        }
        String platform = platform();
        Exception bundled;
        try {
            SymbolLookup lookup = loadBundled(platform);
            source[0] = "bundled:" + platform;
            return lookup;
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            bundled = e;
        }
        // The bundled copy could not be used: most often the extraction directory is on a
        // file system mounted noexec (mmap of the file fails with EPERM, "failed to map
        // segment"). An installed library on java.library.path needs no extraction.
        try {
            SymbolLookup lookup = loadFromLibraryPath();
            source[0] = "java.library.path:" + findOnLibraryPath();
            return lookup;
        } catch (UnsatisfiedLinkError | SecurityException e) {
            UnsatisfiedLinkError f = failure(bundled.getMessage() + "; then System.loadLibrary(\"simdcrypt\")"
                    + " found no usable " + System.mapLibraryName("simdcrypt") + " in java.library.path="
                    + System.getProperty("java.library.path") + " (" + e.getMessage() + "). Set -D"
                    + TMPDIR_PROPERTY + " to a directory on a file system that allows executables (not"
                    + " mounted noexec), add the directory of an installed " + LIBRARY_FILE + " to -Djava.library.path,"
                    + " or set -D" + LIBRARY_PATH_PROPERTY + "=/path/to/" + LIBRARY_FILE, bundled);
            f.addSuppressed(e);
            throw f;
        }
    }

    /**
     * The jar's copy for this platform, extracted and mapped. IOException: it could not be
     * extracted; IllegalArgumentException: the JDK could not map it (noexec, wrong ELF);
     * IllegalStateException: none is bundled for this platform.
     */
    @SuppressWarnings("restricted")
    private static SymbolLookup loadBundled(String platform) throws IOException {
        String resource = "/native/" + platform + "/" + LIBRARY_FILE;
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no native library bundled for platform " + platform
                        + " (os.name=" + System.getProperty("os.name") + ", os.arch="
                        + System.getProperty("os.arch") + "); this jar bundles " + bundledPlatforms());
            }
            Path dir = privateTempDirectory();
            Path file = dir.resolve(LIBRARY_FILE);
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                // rwx for the owner, as an installed library; it also lets access(X_OK) tell a
                // noexec mount (the kernel refuses both for a regular file there).
                file.toFile().setExecutable(true, true);
                return SymbolLookup.libraryLookup(file, Arena.global());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cannot load the bundled " + platform
                        + " library extracted to " + dir + " (" + e.getMessage() + ")"
                        + (Files.isExecutable(file) ? "" : ": that file system does not allow executables"
                                + " (mounted noexec)"), e);
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new IOException("cannot extract the bundled library for " + platform + " (" + e + ")", e);
        }
    }

    /**
     * libsimdcrypt.so from java.library.path, through the JDK's own search
     * (System.loadLibrary binds it to this class's loader, whose symbols loaderLookup sees).
     */
    @SuppressWarnings("restricted")
    private static SymbolLookup loadFromLibraryPath() {
        System.loadLibrary("simdcrypt");
        return SymbolLookup.loaderLookup();
    }

    /** Which java.library.path entry holds the library (for {@link #source()}), or "?". */
    private static String findOnLibraryPath() {
        String name = System.mapLibraryName("simdcrypt");
        for (String dir : System.getProperty("java.library.path", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isRegularFile(Path.of(dir, name))) return Path.of(dir, name).toString();
        }
        return "?";
    }

    /** A new directory readable and writable by this user only, so no one can swap the library. */
    private static Path privateTempDirectory() throws IOException {
        String base = System.getProperty(TMPDIR_PROPERTY);
        Path parent = Path.of(base != null && !base.isEmpty() ? base : System.getProperty("java.io.tmpdir"));
        Files.createDirectories(parent);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            FileAttribute<Set<PosixFilePermission>> ownerOnly =
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
            return Files.createTempDirectory(parent, "simdcrypt-", ownerOnly);
        }
        return Files.createTempDirectory(parent, "simdcrypt-");
    }

    private static String bundledPlatforms() {
        String list = String.join(", ", java.util.Arrays.stream(BUNDLED_PLATFORMS)
                .filter(p -> NativeLibrary.class.getResource("/native/" + p + "/" + LIBRARY_FILE) != null)
                .toList());
        return list.isEmpty() ? "no platform" : list;
    }

    private static UnsatisfiedLinkError failure(String message, Throwable cause) {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError("simdcrypt: " + message);
        if (cause != null) e.initCause(cause);
        return e;
    }
}
