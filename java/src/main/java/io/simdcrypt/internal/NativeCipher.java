/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Downcalls to the generic cipher and MAC API of include/simdcrypt/cipher.h.
 *
 * <p>Data calls (update) are critical so heap arrays are read and written in place; callers
 * keep each call short (see {@link #MAX_CALL_BYTES}) because a critical call delays
 * safepoints. Setup calls are ordinary downcalls.
 */
public final class NativeCipher {
    /** Longest piece handed to one critical call: bounds the time a GC may wait for it. */
    public static final int MAX_CALL_BYTES = 256 * 1024;

    /** sc_cipher_info: name, algorithm, mode, then six size_t fields and an int. */
    private static final StructLayout INFO = MemoryLayout.structLayout(
            ADDRESS.withName("name"), ADDRESS.withName("algorithm"), ADDRESS.withName("mode"),
            JAVA_LONG.withName("block_size"), JAVA_LONG.withName("key_size"),
            JAVA_LONG.withName("iv_size"), JAVA_LONG.withName("tag_size"),
            JAVA_LONG.withName("min_tag_size"), JAVA_INT.withName("is_stream"),
            MemoryLayout.paddingLayout(4));
    /**
     * sc_cipher_opts: const char *kernel, const char *sbox, int padding (left 0: Java pads),
     * uint64_t counter (ChaCha20's first block; allocated zeroed).
     */
    public static final StructLayout OPTS = MemoryLayout.structLayout(
            ADDRESS.withName("kernel"), ADDRESS.withName("sbox"), JAVA_INT.withName("padding"),
            MemoryLayout.paddingLayout(4), JAVA_LONG.withName("counter"), JAVA_INT.withName("segment_bits"),
            JAVA_INT.withName("key_meshing"), JAVA_INT.withName("short_mac"), MemoryLayout.paddingLayout(4));

    private static final MethodHandle INFO_GET = NativeLibrary.downcall("sc_cipher_info_get",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle CIPHER_NAME_AT = NativeLibrary.downcall("sc_cipher_name_at",
            FunctionDescriptor.of(ADDRESS, JAVA_LONG));
    private static final MethodHandle MAC_NAME_AT = NativeLibrary.downcall("sc_mac_name_at",
            FunctionDescriptor.of(ADDRESS, JAVA_LONG));
    private static final MethodHandle STRERROR = NativeLibrary.downcall("sc_strerror",
            FunctionDescriptor.of(ADDRESS, JAVA_INT));

    // int sc_cipher_init_ex(ctx, name, encrypt, key, key_len, iv, iv_len, opts)
    private static final MethodHandle CIPHER_CRYPT = NativeLibrary.downcall("sc_cipher_crypt",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS,
                    JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
    private static final MethodHandle CIPHER_INIT = NativeLibrary.downcall("sc_cipher_init_ex",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS,
                    JAVA_LONG, ADDRESS),
            Linker.Option.critical(true));
    // int sc_cipher_update_at(ctx, in, in_off, in_len, out, out_off, out_cap, size_t *out_len)
    // (binding.h: sc_cipher_update at in + in_off, out + out_off)
    private static final MethodHandle CIPHER_UPDATE = NativeLibrary.downcall("sc_cipher_update_at",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG,
                    ADDRESS),
            Linker.Option.critical(true));
    // int sc_cipher_final(ctx, out, out_cap, size_t *out_len)
    private static final MethodHandle CIPHER_FINAL = NativeLibrary.downcall("sc_cipher_final",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS),
            Linker.Option.critical(true));
    private static final MethodHandle CIPHER_RESET = NativeLibrary.downcall("sc_cipher_reset",
            FunctionDescriptor.of(JAVA_INT, ADDRESS), Linker.Option.critical(true));
    // int sc_cipher_reset_iv(ctx, iv, iv_len, counter): a new IV under the key of the last init
    private static final MethodHandle CIPHER_RESET_IV = NativeLibrary.downcall("sc_cipher_reset_iv",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG), Linker.Option.critical(true));
    // int sc_cipher_reset_iv_update_at(ctx, iv, iv_len, counter, in, in_off, in_len, out, out_off, out_cap,
    // size_t *out_len) (binding.h: reset_iv, then update_at; one downcall per message)
    private static final MethodHandle CIPHER_RESET_IV_UPDATE = NativeLibrary.downcall("sc_cipher_reset_iv_update_at",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG,
                    ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS),
            Linker.Option.critical(true));
    private static final MethodHandle CIPHER_WIPE = NativeLibrary.downcall("sc_cipher_wipe",
            FunctionDescriptor.ofVoid(ADDRESS), Linker.Option.critical(true));
    // int sc_mac_init_ex(ctx, name, key, key_len, opts)
    private static final MethodHandle MAC_INIT = NativeLibrary.downcall("sc_mac_init_ex",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS),
            Linker.Option.critical(true));
    // int sc_mac_update_at(ctx, in, in_off, in_len)
    // int sc_mac_init_nonce(ctx, name, key, key_len, nonce, nonce_len, opts)
    private static final MethodHandle MAC_INIT_NONCE = NativeLibrary.downcall("sc_mac_init_nonce",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS),
            Linker.Option.critical(true));
    private static final MethodHandle MAC_UPDATE = NativeLibrary.downcall("sc_mac_update_at",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG), Linker.Option.critical(true));
    private static final MethodHandle MAC_FINAL = NativeLibrary.downcall("sc_mac_final",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG), Linker.Option.critical(true));
    private static final MethodHandle MAC_RESET = NativeLibrary.downcall("sc_mac_reset",
            FunctionDescriptor.of(JAVA_INT, ADDRESS), Linker.Option.critical(true));
    private static final MethodHandle MAC_WIPE = NativeLibrary.downcall("sc_mac_wipe",
            FunctionDescriptor.ofVoid(ADDRESS), Linker.Option.critical(true));

    public static final long CTX_BYTES = sizeOf("sc_cipher_ctx_size");
    public static final long CTX_ALIGNMENT = sizeOf("sc_cipher_ctx_align");

    /** The value of a {@code size_t f(void)} entry point (context sizes and alignments). */
    static long sizeOf(String symbol) {
        try {
            return (long) NativeLibrary.downcall(symbol, FunctionDescriptor.of(JAVA_LONG)).invokeExact();
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    // Status codes of include/simdcrypt/common.h.
    public static final int SC_OK = 0;
    public static final int SC_ENULL = -1;
    public static final int SC_EKEYSIZE = -2;
    public static final int SC_EIVSIZE = -3;
    public static final int SC_ELENGTH = -4;
    public static final int SC_EINVAL = -6;
    public static final int SC_ETAGSIZE = -8;
    public static final int SC_ESTATE = -9;
    public static final int SC_EAUTH = -5;

    private NativeCipher() {}

    /** What sc_cipher_info_get says about a cipher or MAC name. */
    public record Info(String name, String algorithm, String mode, int blockSize, int keySize,
            int ivSize, int tagSize, int minTagSize, boolean isStream) {}

    /** The description of a name, or null when the library does not know it. */
    public static Info info(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(INFO);
            int rc = (int) INFO_GET.invokeExact(arena.allocateFrom(name), info);
            if (rc != SC_OK) return null;
            return new Info(name, cString(info.get(ADDRESS, 8)), cString(info.get(ADDRESS, 16)),
                    (int) info.get(JAVA_LONG, 24), (int) info.get(JAVA_LONG, 32),
                    (int) info.get(JAVA_LONG, 40), (int) info.get(JAVA_LONG, 48),
                    (int) info.get(JAVA_LONG, 56), info.get(JAVA_INT, 64) != 0);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** Every cipher (mac=false) or MAC name the library implements. */
    public static List<String> names(boolean mac) {
        return names(mac ? MAC_NAME_AT : CIPHER_NAME_AT);
    }

    /** Every name a {@code const char *sc_<kind>_name_at(size_t)} lists: indices up to its NULL. */
    static List<String> names(MethodHandle nameAt) {
        List<String> out = new ArrayList<>();
        try {
            for (long i = 0; ; i++) {
                MemorySegment p = (MemorySegment) nameAt.invokeExact(i);
                if (p.equals(MemorySegment.NULL)) return out;
                out.add(cString(p));
            }
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static String strerror(int status) {
        try {
            return cString((MemorySegment) STRERROR.invokeExact(status));
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * sc_cipher_crypt without an IV or options (key wrap, a one-shot name): the output, or
     * null with the status in {@code status[0]} (nothing is released on failure).
     */
    public static byte[] crypt(String name, boolean encrypt, byte[] key, byte[] in, int[] status) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment k = arena.allocate(Math.max(1, key.length));
            MemorySegment.copy(key, 0, k, JAVA_BYTE, 0, key.length);
            long cap = in.length + 64L; // at most in_len + block_size
            MemorySegment buf = arena.allocate(Math.max(cap, 1));
            MemorySegment.copy(in, 0, buf, JAVA_BYTE, 0, in.length);
            MemorySegment outLen = arena.allocate(JAVA_LONG);
            int rc;
            try {
                rc = (int) CIPHER_CRYPT.invokeExact(arena.allocateFrom(name), encrypt ? 1 : 0, k, (long) key.length,
                        MemorySegment.NULL, 0L, buf, (long) in.length, buf, cap, outLen, MemorySegment.NULL);
            } catch (Throwable t) {
                throw NativeChecksums.unexpected(t);
            } finally {
                k.fill((byte) 0);
            }
            status[0] = rc;
            byte[] out = rc == SC_OK ? buf.asSlice(0, outLen.get(JAVA_LONG, 0)).toArray(JAVA_BYTE) : null;
            buf.fill((byte) 0);
            return out;
        }
    }

    public static int cipherInit(MemorySegment ctx, MemorySegment name, boolean encrypt, MemorySegment key,
            MemorySegment iv, MemorySegment opts) {
        try {
            return (int) CIPHER_INIT.invokeExact(ctx, name, encrypt ? 1 : 0, key, key.byteSize(), iv,
                    iv.byteSize(), opts);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * Status of sc_cipher_update on {@code inLen} bytes of {@code in} from {@code inOff}, writing
     * to {@code out} from {@code outOff}, at most {@code outCap} bytes (the caller checked both
     * ranges against the segments); the byte count written is left in outLen.
     */
    public static int cipherUpdate(MemorySegment ctx, MemorySegment in, long inOff, long inLen, MemorySegment out,
            long outOff, long outCap, MemorySegment outLen) {
        try {
            return (int) CIPHER_UPDATE.invokeExact(ctx, in, inOff, inLen, out, outOff, outCap, outLen);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int cipherFinal(MemorySegment ctx, MemorySegment outLen) {
        try {
            return (int) CIPHER_FINAL.invokeExact(ctx, MemorySegment.NULL, 0L, outLen);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * Status of sc_cipher_final writing to {@code out} (at most all of it): what a stealing mode
     * (XTS) kept back, the byte count in outLen.
     */
    public static int cipherFinal(MemorySegment ctx, MemorySegment out, MemorySegment outLen) {
        try {
            return (int) CIPHER_FINAL.invokeExact(ctx, out, out.byteSize(), outLen);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** Status of sc_cipher_reset: the state init left, without a new key schedule. */
    public static int cipherReset(MemorySegment ctx) {
        return onContext(CIPHER_RESET, ctx);
    }

    /**
     * Status of sc_cipher_reset_iv: the context as an init with the same key, direction and
     * options but this IV (all of {@code iv}; NULL for none) and first block {@code counter}
     * would leave it, without a key schedule. Refused (SC_EIVSIZE, SC_EINVAL, SC_ESTATE): the
     * context as it was.
     */
    public static int cipherResetIv(MemorySegment ctx, MemorySegment iv, long counter) {
        try {
            return (int) CIPHER_RESET_IV.invokeExact(ctx, iv, iv.byteSize(), counter);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * Status of sc_cipher_reset_iv_update_at: {@link #cipherResetIv} with all of {@code iv}, then
     * {@link #cipherUpdate} (ranges checked by the caller); refused: the context as it was.
     */
    public static int cipherResetIvUpdate(MemorySegment ctx, MemorySegment iv, long counter, MemorySegment in,
            long inOff, long inLen, MemorySegment out, long outOff, long outCap, MemorySegment outLen) {
        try {
            return (int) CIPHER_RESET_IV_UPDATE.invokeExact(ctx, iv, iv.byteSize(), counter, in, inOff, inLen, out,
                    outOff, outCap, outLen);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static void cipherWipe(MemorySegment ctx) {
        wipeWith(CIPHER_WIPE, ctx);
    }

    public static int macInit(MemorySegment ctx, MemorySegment name, MemorySegment key, MemorySegment opts) {
        try {
            return (int) MAC_INIT.invokeExact(ctx, name, key, key.byteSize(), opts);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** sc_mac_init_nonce: MACs that take a nonce (GMAC). */
    public static int macInitNonce(MemorySegment ctx, MemorySegment name, MemorySegment key, MemorySegment nonce,
            MemorySegment opts) {
        try {
            return (int) MAC_INIT_NONCE.invokeExact(ctx, name, key, key.byteSize(), nonce, nonce.byteSize(), opts);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** Status of sc_mac_update on {@code len} bytes of {@code in} from {@code off} (range checked). */
    public static int macUpdate(MemorySegment ctx, MemorySegment in, long off, long len) {
        try {
            return (int) MAC_UPDATE.invokeExact(ctx, in, off, len);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int macFinal(MemorySegment ctx, MemorySegment tag) {
        try {
            return (int) MAC_FINAL.invokeExact(ctx, tag, tag.byteSize());
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** Status of sc_mac_reset. */
    public static int macReset(MemorySegment ctx) {
        return onContext(MAC_RESET, ctx);
    }

    public static void macWipe(MemorySegment ctx) {
        wipeWith(MAC_WIPE, ctx);
    }

    /** The status of an {@code int f(ctx)} entry point (the resets). */
    static int onContext(MethodHandle f, MemorySegment ctx) {
        try {
            return (int) f.invokeExact(ctx);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** Calls a {@code void f(ctx)} entry point (the wipes). */
    static void wipeWith(MethodHandle f, MemorySegment ctx) {
        try {
            f.invokeExact(ctx);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * A C string from the library, or null for NULL. The library returns only static,
     * NUL-terminated strings, so reading up to the NUL is safe (hence the unbounded size).
     */
    @SuppressWarnings("restricted")
    static String cString(MemorySegment p) {
        return p.equals(MemorySegment.NULL) ? null : p.reinterpret(Long.MAX_VALUE).getString(0);
    }

}
