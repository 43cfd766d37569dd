/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * Downcalls to the hash and XOF API of include/simdcrypt/hash.h (MD5, SHA-3, SHAKE, Keccak-256,
 * TurboSHAKE, KangarooTwelve).
 *
 * <p>Data calls are critical, as the cipher ones ({@link NativeCipher}): heap arrays are read
 * and written in place, and callers cut inputs into pieces of at most {@link #MAX_CALL_BYTES}
 * so that a GC never waits long for one call. hash.h has no {@code _at} entry points (binding.h
 * offers them for checksums, ciphers and MACs only), so a heap range is passed as a slice.
 */
public final class NativeHash {
    /** Longest piece handed to one critical call (as {@link NativeCipher#MAX_CALL_BYTES}). */
    public static final int MAX_CALL_BYTES = NativeCipher.MAX_CALL_BYTES;

    /** sc_hash_info: name, algorithm, digest_size, block_size, is_xof. */
    private static final StructLayout INFO = MemoryLayout.structLayout(
            ADDRESS.withName("name"), ADDRESS.withName("algorithm"), JAVA_LONG.withName("digest_size"),
            JAVA_LONG.withName("block_size"), JAVA_INT.withName("is_xof"), MemoryLayout.paddingLayout(4));
    /** sc_hash_opts: kernel, custom, custom_len, domain. */
    public static final StructLayout OPTS = MemoryLayout.structLayout(
            ADDRESS.withName("kernel"), ADDRESS.withName("custom"), JAVA_LONG.withName("custom_len"),
            JAVA_INT.withName("domain"), MemoryLayout.paddingLayout(4));

    private static final MethodHandle NAME_AT =
            NativeLibrary.downcall("sc_hash_name_at", FunctionDescriptor.of(ADDRESS, JAVA_LONG));
    private static final MethodHandle INFO_GET =
            NativeLibrary.downcall("sc_hash_info_get", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final Linker.Option CRITICAL = Linker.Option.critical(true);
    // int sc_hash_init_ex(ctx, name, opts); opts' custom may be a heap array (critical)
    private static final MethodHandle INIT = NativeLibrary.downcall("sc_hash_init_ex",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS), CRITICAL);
    private static final MethodHandle UPDATE = NativeLibrary.downcall("sc_hash_update",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG), CRITICAL);
    private static final MethodHandle FINAL = NativeLibrary.downcall("sc_hash_final",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG), CRITICAL);
    private static final MethodHandle SQUEEZE = NativeLibrary.downcall("sc_hash_squeeze",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG), CRITICAL);
    private static final MethodHandle COPY = NativeLibrary.downcall("sc_hash_copy",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS), CRITICAL);
    private static final MethodHandle RESET = NativeLibrary.downcall("sc_hash_reset",
            FunctionDescriptor.of(JAVA_INT, ADDRESS), CRITICAL);
    // int sc_hash_message(ctx, data, len, out, out_len): reset + update + final in one call
    private static final MethodHandle MESSAGE = NativeLibrary.downcall("sc_hash_message",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG), CRITICAL);
    private static final MethodHandle WIPE = NativeLibrary.downcall("sc_hash_wipe",
            FunctionDescriptor.ofVoid(ADDRESS), CRITICAL);

    public static final long CTX_BYTES = NativeCipher.sizeOf("sc_hash_ctx_size");
    public static final long CTX_ALIGNMENT = NativeCipher.sizeOf("sc_hash_ctx_align");

    private NativeHash() {}

    /** What sc_hash_info_get says about a name: digestSize 0 for an XOF. */
    public record Info(String name, String algorithm, int digestSize, int blockSize, boolean isXof) {}

    /** The description of a name, or null when the library does not know it. */
    public static Info info(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(INFO);
            int rc = (int) INFO_GET.invokeExact(arena.allocateFrom(name), info);
            if (rc != NativeCipher.SC_OK) return null;
            return new Info(name, NativeCipher.cString(info.get(ADDRESS, 8)), (int) info.get(JAVA_LONG, 16),
                    (int) info.get(JAVA_LONG, 24), info.get(JAVA_INT, 32) != 0);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** Every hash and XOF name the library implements (sc_hash_name_at), in its order. */
    public static List<String> names() {
        return NativeCipher.names(NAME_AT);
    }

    /** sc_hash_init_ex; opts may be NULL. */
    public static int init(MemorySegment ctx, MemorySegment name, MemorySegment opts) {
        try {
            return (int) INIT.invokeExact(ctx, name, opts);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** sc_hash_update on the whole of {@code data} (at most {@link #MAX_CALL_BYTES}: the caller cuts). */
    public static int update(MemorySegment ctx, MemorySegment data, long len) {
        try {
            return (int) UPDATE.invokeExact(ctx, data, len);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int finish(MemorySegment ctx, MemorySegment out, long len) {
        try {
            return (int) FINAL.invokeExact(ctx, out, len);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int squeeze(MemorySegment ctx, MemorySegment out, long len) {
        try {
            return (int) SQUEEZE.invokeExact(ctx, out, len);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int copy(MemorySegment dst, MemorySegment src) {
        try {
            return (int) COPY.invokeExact(dst, src);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * sc_hash_message: the digest of the first {@code len} bytes of {@code data} (at most
     * {@link #MAX_CALL_BYTES}) into {@code out} ({@code outLen} bytes) as one message on the
     * kept context, whatever its state; the context is then finished.
     */
    public static int message(MemorySegment ctx, MemorySegment data, long len, MemorySegment out, long outLen) {
        try {
            return (int) MESSAGE.invokeExact(ctx, data, len, out, outLen);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int reset(MemorySegment ctx) {
        return NativeCipher.onContext(RESET, ctx);
    }

    public static void wipe(MemorySegment ctx) {
        NativeCipher.wipeWith(WIPE, ctx);
    }
}
