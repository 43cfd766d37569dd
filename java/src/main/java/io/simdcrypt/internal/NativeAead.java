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
 * Downcalls to the AEAD API of include/simdcrypt/aead.h (streaming form: the JCA's
 * init / updateAAD / update / doFinal map onto start / update_aad / *_update / *_final).
 *
 * <p>As in {@link NativeCipher}, data calls are critical (heap arrays in place) and callers
 * keep each one at most {@link NativeCipher#MAX_CALL_BYTES} long. The AEAD API has no
 * {@code _at} entry points: callers pass sliced segments.
 */
public final class NativeAead {
    /** sc_aead_info: name, algorithm, five size_t, three uint64_t, then int one_shot (padded to 8). */
    private static final StructLayout INFO = MemoryLayout.structLayout(
            ADDRESS.withName("name"), ADDRESS.withName("algorithm"), JAVA_LONG.withName("key_size"),
            JAVA_LONG.withName("nonce_size"), JAVA_LONG.withName("min_nonce_size"),
            JAVA_LONG.withName("max_nonce_size"), JAVA_LONG.withName("tag_size"), JAVA_LONG.withName("tag_sizes"),
            JAVA_LONG.withName("max_plaintext"), JAVA_LONG.withName("max_aad"),
            JAVA_INT.withName("one_shot"), MemoryLayout.paddingLayout(4));

    private static final MethodHandle CTX_SIZE =
            NativeLibrary.downcall("sc_aead_ctx_size", FunctionDescriptor.of(JAVA_LONG));
    private static final MethodHandle INFO_GET = NativeLibrary.downcall("sc_aead_info_get",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle NAME_AT = NativeLibrary.downcall("sc_aead_name_at",
            FunctionDescriptor.of(ADDRESS, JAVA_LONG));
    // int sc_aead_init(ctx, name, key, key_len, opts)
    private static final MethodHandle INIT = NativeLibrary.downcall("sc_aead_init",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS),
            Linker.Option.critical(true));
    // int sc_aead_start(ctx, encrypt, nonce, nonce_len)
    private static final MethodHandle START = NativeLibrary.downcall("sc_aead_start",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG), Linker.Option.critical(true));
    private static final MethodHandle UPDATE_AAD = NativeLibrary.downcall("sc_aead_update_aad",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG), Linker.Option.critical(true));
    // int sc_aead_{encrypt,decrypt}_update(ctx, in, in_len, out, out_cap, size_t *out_len)
    private static final FunctionDescriptor UPDATE_FD =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS);
    private static final MethodHandle ENCRYPT_UPDATE =
            NativeLibrary.downcall("sc_aead_encrypt_update", UPDATE_FD, Linker.Option.critical(true));
    private static final MethodHandle DECRYPT_UPDATE =
            NativeLibrary.downcall("sc_aead_decrypt_update_UNVERIFIED", UPDATE_FD, Linker.Option.critical(true));
    // int sc_aead_{encrypt,decrypt}_final(ctx, tag, tag_len)
    private static final FunctionDescriptor FINAL_FD = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG);
    private static final MethodHandle ENCRYPT_FINAL =
            NativeLibrary.downcall("sc_aead_encrypt_final", FINAL_FD, Linker.Option.critical(true));
    private static final MethodHandle DECRYPT_FINAL =
            NativeLibrary.downcall("sc_aead_decrypt_final", FINAL_FD, Linker.Option.critical(true));
    // int sc_aead_{seal,open}(ctx, nonce, nonce_len, aad, aad_len, in, in_len, out, out_cap, size_t *out_len,
    //                        tag_len): one shot (Kalyna CCM takes nothing else)
    private static final FunctionDescriptor ONE_SHOT_FD = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG,
            ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);
    private static final MethodHandle SEAL = NativeLibrary.downcall("sc_aead_seal", ONE_SHOT_FD,
            Linker.Option.critical(true));
    private static final MethodHandle OPEN = NativeLibrary.downcall("sc_aead_open", ONE_SHOT_FD,
            Linker.Option.critical(true));
    private static final MethodHandle WIPE = NativeLibrary.downcall("sc_aead_wipe",
            FunctionDescriptor.ofVoid(ADDRESS), Linker.Option.critical(true));

    public static final long CTX_BYTES;

    static {
        try {
            CTX_BYTES = (long) CTX_SIZE.invokeExact();
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    private NativeAead() {}

    /**
     * What sc_aead_info_get says about an AEAD name; {@code mode} is the name's last word
     * ("gcm" of "aes-128-gcm"), as for cipher names.
     *
     * @param tagSizes bit t - 1 set when a t-byte tag is accepted (t = 1..64)
     */
    public record Info(String name, String algorithm, String mode, int keySize, int nonceSize, long minNonceSize,
            long maxNonceSize, int tagSize, long tagSizes, long maxPlaintext, long maxAad) {
        public boolean acceptsTag(int bytes) {
            return bytes > 0 && bytes <= tagSize && bytes <= 64 && (tagSizes >>> (bytes - 1) & 1) != 0;
        }
    }

    /** The description of an AEAD name, or null when the library does not know it. */
    public static Info info(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment i = arena.allocate(INFO);
            int rc = (int) INFO_GET.invokeExact(arena.allocateFrom(name), i);
            if (rc != NativeCipher.SC_OK) return null;
            return new Info(name, NativeCipher.cString(i.get(ADDRESS, 8)), name.substring(name.lastIndexOf('-') + 1),
                    (int) i.get(JAVA_LONG, 16), (int) i.get(JAVA_LONG, 24), i.get(JAVA_LONG, 32), i.get(JAVA_LONG, 40),
                    (int) i.get(JAVA_LONG, 48), i.get(JAVA_LONG, 56), i.get(JAVA_LONG, 64), i.get(JAVA_LONG, 72));
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** Every AEAD name the library implements (sc_aead_name_at). */
    public static List<String> names() {
        return NativeCipher.names(NAME_AT);
    }

    public static int init(MemorySegment ctx, MemorySegment name, MemorySegment key, MemorySegment opts) {
        try {
            return (int) INIT.invokeExact(ctx, name, key, key.byteSize(), opts);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int start(MemorySegment ctx, boolean encrypt, MemorySegment nonce) {
        try {
            return (int) START.invokeExact(ctx, encrypt ? 1 : 0, nonce, nonce.byteSize());
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static int updateAad(MemorySegment ctx, MemorySegment aad) {
        try {
            return (int) UPDATE_AAD.invokeExact(ctx, aad, aad.byteSize());
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * sc_aead_encrypt_update, or sc_aead_decrypt_update_UNVERIFIED when {@code encrypt} is
     * false (its output must not be released before {@link #finish} verified the tag): all of
     * {@code in} to the start of {@code out}, written byte count in outLen.
     */
    public static int update(MemorySegment ctx, boolean encrypt, MemorySegment in, MemorySegment out,
            MemorySegment outLen) {
        try {
            return encrypt ? (int) ENCRYPT_UPDATE.invokeExact(ctx, in, in.byteSize(), out, out.byteSize(), outLen)
                    : (int) DECRYPT_UPDATE.invokeExact(ctx, in, in.byteSize(), out, out.byteSize(), outLen);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /** sc_aead_encrypt_final (writes the tag) or sc_aead_decrypt_final (SC_OK or SC_EAUTH). */
    public static int finish(MemorySegment ctx, boolean encrypt, MemorySegment tag) {
        try {
            return encrypt ? (int) ENCRYPT_FINAL.invokeExact(ctx, tag, tag.byteSize())
                    : (int) DECRYPT_FINAL.invokeExact(ctx, tag, tag.byteSize());
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    /**
     * sc_aead_seal (out = ciphertext || tag of tagLen bytes) or sc_aead_open (in = ciphertext ||
     * tag; SC_EAUTH: nothing released, out's plaintext bytes zeroed): one whole message, the
     * written byte count in outLen.
     */
    public static int oneShot(MemorySegment ctx, boolean seal, MemorySegment nonce, MemorySegment aad,
            MemorySegment in, MemorySegment out, MemorySegment outLen, int tagLen) {
        try {
            return seal ? (int) SEAL.invokeExact(ctx, nonce, nonce.byteSize(), aad, aad.byteSize(), in, in.byteSize(),
                    out, out.byteSize(), outLen, (long) tagLen)
                    : (int) OPEN.invokeExact(ctx, nonce, nonce.byteSize(), aad, aad.byteSize(), in, in.byteSize(),
                    out, out.byteSize(), outLen, (long) tagLen);
        } catch (Throwable t) {
            throw NativeChecksums.unexpected(t);
        }
    }

    public static void wipe(MemorySegment ctx) {
        NativeCipher.wipeWith(WIPE, ctx);
    }
}
