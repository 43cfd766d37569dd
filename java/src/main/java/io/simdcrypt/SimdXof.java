/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeContext;
import io.simdcrypt.internal.NativeHash;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * An extendable-output function of the library (include/simdcrypt/hash.h): SHAKE128, SHAKE256
 * (FIPS 202), TurboSHAKE128/256 with a domain byte and KangarooTwelve with a customization
 * string (RFC 9861), with output of any length read in any number of {@link #squeeze} calls,
 * what a MessageDigest cannot give (the provider's "SHAKE128" is this XOF's first 32 bytes).
 * Bouncy Castle's lightweight {@code Xof} interface is the model: absorb, then squeeze.
 *
 * <pre>{@code
 * SimdXof x = SimdXof.kangarooTwelve("my app".getBytes(UTF_8));
 * x.update(message, 0, message.length);
 * byte[] first = x.squeeze(64), next = x.squeeze(64);   // = the first 128 bytes, in two parts
 * }</pre>
 *
 * <p>After the first squeeze the input is closed ({@code update} is an IllegalStateException)
 * until {@link #reset()}, which starts a new message with the same parameters. The native
 * context is wiped and freed once the instance is unreachable. Not thread-safe.
 */
public final class SimdXof {
    private final String name;
    private final NativeContext nc;
    /** KangarooTwelve's customization string: the context points at it (hash.h), so it lives here. */
    private final MemorySegment custom;
    private boolean squeezing;

    private SimdXof(String name, byte[] customization, int domain) {
        this.name = name;
        NativeHash.Info info = NativeHash.info(name);
        if (info == null || !info.isXof()) throw new IllegalArgumentException("simdcrypt: no XOF named " + name);
        this.nc = new NativeContext(this, NativeContext.Kind.HASH);
        Arena auto = Arena.ofAuto();
        this.custom = customization.length == 0 ? MemorySegment.NULL : auto.allocateFrom(
                java.lang.foreign.ValueLayout.JAVA_BYTE, customization);
        MemorySegment opts = auto.allocate(NativeHash.OPTS);
        opts.set(java.lang.foreign.ValueLayout.ADDRESS, 8, custom);
        opts.set(java.lang.foreign.ValueLayout.JAVA_LONG, 16, customization.length);
        opts.set(java.lang.foreign.ValueLayout.JAVA_INT, 24, domain);
        int rc = NativeHash.init(nc.ctx, auto.allocateFrom(name), opts);
        if (rc == NativeCipher.SC_EINVAL) {
            throw new IllegalArgumentException("simdcrypt: " + name + " refuses these parameters (domain " + domain
                    + ", customization of " + customization.length + " bytes)");
        }
        check(rc, "init");
        nc.markInitialised();
    }

    /**
     * The XOF of that library name (sc_hash_name_at: "shake128", "turboshake256", ...), with a
     * customization string (KangarooTwelve only; may be empty) and a domain byte (TurboSHAKE
     * only; 0 = the default 0x1F).
     *
     * @throws IllegalArgumentException for a name that is not an XOF, or parameters it refuses
     */
    public static SimdXof of(String name, byte[] customization, int domain) {
        if (domain != 0) checkDomain(domain);
        return new SimdXof(name, customization.clone(), domain);
    }

    /** SHAKE128 (FIPS 202). */
    public static SimdXof shake128() {
        return new SimdXof("shake128", new byte[0], 0);
    }

    /** SHAKE256 (FIPS 202). */
    public static SimdXof shake256() {
        return new SimdXof("shake256", new byte[0], 0);
    }

    /**
     * TurboSHAKE128 (RFC 9861 2.2) with domain separation byte {@code domain}, 0x01..0x7F (0x1F
     * is the default of the MessageDigest "TurboSHAKE128").
     *
     * @throws IllegalArgumentException for a domain byte outside 0x01..0x7F
     */
    public static SimdXof turboShake128(int domain) {
        return new SimdXof("turboshake128", new byte[0], checkDomain(domain));
    }

    /** TurboSHAKE256 (RFC 9861 2.2), as {@link #turboShake128(int)}. */
    public static SimdXof turboShake256(int domain) {
        return new SimdXof("turboshake256", new byte[0], checkDomain(domain));
    }

    /** KangarooTwelve, KT128 (RFC 9861 3), with customization string C (empty: none). */
    public static SimdXof kangarooTwelve(byte[] customization) {
        return new SimdXof("kangarootwelve", customization.clone(), 0);
    }

    private static int checkDomain(int domain) {
        if (domain < 1 || domain > 0x7F) throw new IllegalArgumentException("domain byte must be 0x01..0x7F: " + domain);
        return domain;
    }

    /** The library's name of this XOF ("shake128", "kangarootwelve"). */
    public String name() {
        return name;
    }

    private void check(int rc, String what) {
        if (rc != NativeCipher.SC_OK) {
            throw new IllegalStateException("simdcrypt: " + name + " " + what + " failed: " + NativeCipher.strerror(rc));
        }
    }

    private void checkAbsorbing() {
        if (squeezing) throw new IllegalStateException("simdcrypt: " + name + " is squeezing; reset() to start again");
    }

    /** Absorbs {@code len} bytes of {@code b} from {@code off}. */
    public void update(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        checkAbsorbing();
        absorb(MemorySegment.ofArray(b), off, len);
    }

    public void update(byte[] b) {
        update(b, 0, b.length);
    }

    /** Absorbs the buffer's remaining bytes (heap or direct); its position moves to its limit. */
    public void update(ByteBuffer buffer) {
        checkAbsorbing();
        absorb(MemorySegment.ofBuffer(buffer), 0, buffer.remaining());
        buffer.position(buffer.limit());
    }

    private void absorb(MemorySegment in, long off, long len) {
        for (long pos = 0; pos < len; pos += NativeHash.MAX_CALL_BYTES) {
            long n = Math.min(len - pos, NativeHash.MAX_CALL_BYTES);
            check(NativeHash.update(nc.ctx, in.asSlice(off + pos, n), n), "update");
        }
    }

    /** The next {@code len} bytes of output into {@code out} from {@code off}. */
    public void squeeze(byte[] out, int off, int len) {
        Objects.checkFromIndexSize(off, len, out.length);
        squeezing = true;
        MemorySegment s = MemorySegment.ofArray(out);
        for (long pos = 0; pos < len; pos += NativeHash.MAX_CALL_BYTES) {
            long n = Math.min(len - pos, NativeHash.MAX_CALL_BYTES);
            check(NativeHash.squeeze(nc.ctx, s.asSlice(off + pos, n), n), "squeeze");
        }
    }

    /** The next {@code len} bytes of output. */
    public byte[] squeeze(int len) {
        byte[] out = new byte[len];
        squeeze(out, 0, len);
        return out;
    }

    /** Starts a new message with the same parameters (sc_hash_reset). */
    public void reset() {
        nc.reset();
        squeezing = false;
    }
}
