/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.ArrayView;
import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeContext;
import io.simdcrypt.internal.NativeHash;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;
import java.security.ProviderException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A JCA MessageDigest over sc_hash_* (MD5, SHA-3, SHAKE and the other Keccak names; an XOF
 * returns a fixed number of bytes, {@link DigestAlgorithm#digestLength()}).
 *
 * <p>Small updates stay in Java: those under {@link #COPY_BELOW} bytes, and any update while
 * the whole message still fits, are copied into a {@link #BUFFER_BYTES}-byte array that goes to
 * the library when full, so {@code update(byte)} and short updates cost a copy instead of a
 * downcall; longer ones go to the library directly (after what is buffered), in place for heap
 * arrays and direct buffers. A digest of a message all in the buffer is one downcall
 * (sc_hash_message: reset, update, final); otherwise it sends what is buffered and calls final,
 * and the context's reset is deferred to the next message's first call.
 *
 * <p>One native context per instance ({@link NativeContext}, kind HASH), initialised once;
 * {@code clone()} copies it with sc_hash_copy, {@code reset()} uses sc_hash_reset. The context
 * and the Java buffer are wiped after each digest and reset (they may hold secret input), the
 * context freed once the instance is unreachable. Not thread-safe, as every JCA engine.
 */
final class NativeDigestSpi extends MessageDigestSpi implements Cloneable {
    /**
     * Updates shorter than {@link #COPY_BELOW} bytes are copied into a buffer of this size,
     * which goes to the library when full. Measured (Temurin 25, Zen 4, portable kernels): a
     * critical downcall to sc_hash_update costs about 16 ns before any hashing (10 for the call,
     * the rest the library's context check), System.arraycopy about 5 ns + 0.01 ns per byte.
     * A copied update of L bytes then costs copy(L) plus L/512 of a flush: less than its own
     * downcall up to L of about 300, hence 256.
     */
    static final int BUFFER_BYTES = 512;
    static final int COPY_BELOW = 256;

    /** The native context has absorbed nothing since init or reset. */
    private static final int FRESH = 0;
    /** It has absorbed input of the current message. */
    private static final int ABSORBING = 1;
    /** A final left it finished: reset it before its next update. */
    private static final int FINISHED = 2;

    private final DigestAlgorithm alg;
    private final MemorySegment name;
    private final NativeContext nc;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private final MemorySegment bufferSegment = MemorySegment.ofArray(buffer);
    /** The last array updated from, with its segment. */
    private ArrayView view;
    /** Where the library writes the digest (then copied out): no segment per digest. */
    private final byte[] result;
    private final MemorySegment resultSegment;
    private int buffered;
    private int state;

    NativeDigestSpi(DigestAlgorithm alg) {
        this.alg = alg;
        this.name = CipherAlgorithm.cName(alg.nativeName());
        this.result = new byte[alg.digestLength()];
        this.resultSegment = MemorySegment.ofArray(result);
        this.nc = new NativeContext(this, NativeContext.Kind.HASH);
        check(NativeHash.init(nc.ctx, name, MemorySegment.NULL), "init");
        nc.markInitialised();
    }

    private void check(int rc, String what) {
        if (rc != NativeCipher.SC_OK) {
            throw new ProviderException("simdcrypt: " + alg.nativeName() + " " + what + " failed: "
                    + NativeCipher.strerror(rc));
        }
    }

    @Override
    protected int engineGetDigestLength() {
        return alg.digestLength();
    }

    @Override
    protected void engineUpdate(byte input) {
        if (buffered == BUFFER_BYTES) flush();
        buffer[buffered++] = input;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        Objects.checkFromIndexSize(offset, len, input.length);
        if (len < COPY_BELOW || wholeMessageFits(len)) {
            buffer(input, offset, len);
        } else {
            flush();
            absorb(segment(input), offset, len);
        }
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        int len = input.remaining();
        if (len < COPY_BELOW || wholeMessageFits(len)) {
            int room = BUFFER_BYTES - buffered;
            if (len > room) {
                input.get(buffer, buffered, room);
                buffered = BUFFER_BYTES;
                len -= room;
                flush();
            }
            input.get(buffer, buffered, len);
            buffered += len;
            return;
        }
        flush();
        if (input.hasArray()) {
            absorb(segment(input.array()), input.arrayOffset() + input.position(), len);
        } else {
            absorb(MemorySegment.ofBuffer(input), 0, len); // direct, or a read-only heap buffer
        }
        input.position(input.limit());
    }

    /**
     * Whether the message so far is all in the buffer and {@code len} more bytes fit there: the
     * digest is then one downcall (sc_hash_message) where sending the update would make it
     * three (reset, update, final); copying up to 512 bytes costs less than one downcall.
     */
    private boolean wholeMessageFits(int len) {
        return state != ABSORBING && len <= BUFFER_BYTES - buffered;
    }

    /** Copies a short update, sending the buffer to the library each time it fills. */
    private void buffer(byte[] input, int offset, int len) {
        int room = BUFFER_BYTES - buffered;
        if (len > room) {
            System.arraycopy(input, offset, buffer, buffered, room);
            buffered = BUFFER_BYTES;
            offset += room;
            len -= room;
            flush();
        }
        System.arraycopy(input, offset, buffer, buffered, len);
        buffered += len;
    }

    /** The buffered bytes to the library. */
    private void flush() {
        if (buffered == 0) return;
        absorb(bufferSegment, 0, buffered);
        buffered = 0;
    }

    /** A context a final left finished is reset (deferred to here: a digest used once never pays it). */
    private void startMessage() {
        if (state == FINISHED) check(NativeHash.reset(nc.ctx), "reset");
        state = ABSORBING;
    }

    /** The kept whole-array segment of {@code b} (see {@link ArrayView}). */
    private MemorySegment segment(byte[] b) {
        ArrayView v = ArrayView.of(view, b);
        if (v != view && v.keep()) view = v;
        return v.segment();
    }

    /**
     * {@code len} bytes of {@code in} from {@code off} into the native context, in pieces. From
     * offset 0 the segment goes as it is (the library reads len bytes of it: the buffer, whole
     * arrays); elsewhere it needs a slice (hash.h has no _at entry point).
     */
    private void absorb(MemorySegment in, long off, long len) {
        startMessage();
        if (off == 0 && len <= NativeHash.MAX_CALL_BYTES) {
            check(NativeHash.update(nc.ctx, in, len), "update");
            return;
        }
        for (long pos = 0; pos < len; pos += NativeHash.MAX_CALL_BYTES) {
            long n = Math.min(len - pos, NativeHash.MAX_CALL_BYTES);
            check(NativeHash.update(nc.ctx, in.asSlice(off + pos, n), n), "update");
        }
    }

    @Override
    protected byte[] engineDigest() {
        byte[] out = new byte[alg.digestLength()];
        digestInto(out, 0);
        return out;
    }

    /** As the JDK's digests: too short a length or buffer is a DigestException. */
    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        int n = alg.digestLength();
        if (len < n) {
            throw new DigestException("Length must be at least " + n + " for " + alg.jcaName() + " digests");
        }
        if (offset < 0 || len < 0 || offset > buf.length - len) throw new DigestException("Buffer too short to store digest");
        digestInto(buf, offset);
        return n;
    }

    /**
     * The digest of the message into out at offset (digestLength bytes); then ready for a new
     * message. A message still all in the buffer (every message of up to {@link #BUFFER_BYTES}
     * bytes) is one sc_hash_message call on the kept context: reset, update and final at once,
     * where the three calls cost MD5 at 16-64 bytes 0.7x SUN's speed (issue 16). The one-shot
     * sc_hash would be one call too, but it looks the name up and sets up a state each time
     * (measured with MD5: init 71 ns against reset 27 ns). A longer message: update + final.
     */
    private void digestInto(byte[] out, int offset) {
        try {
            if (state != ABSORBING) {
                check(NativeHash.message(nc.ctx, bufferSegment, buffered, resultSegment, result.length), "digest");
            } else {
                flush();
                check(NativeHash.finish(nc.ctx, resultSegment, result.length), "final");
            }
            state = FINISHED;
            System.arraycopy(result, 0, out, offset, result.length);
        } finally {
            clearBuffer();
        }
    }

    private void clearBuffer() {
        Arrays.fill(buffer, 0, buffered, (byte) 0);
        buffered = 0;
    }

    @Override
    protected void engineReset() {
        clearBuffer();
        if (state == ABSORBING) { // (a FINISHED context is reset at its next update)
            nc.reset();
            state = FRESH;
        }
    }

    /** An independent copy mid-message: the buffer and, when it holds input, the native context. */
    @Override
    public Object clone() throws CloneNotSupportedException {
        NativeDigestSpi copy = new NativeDigestSpi(alg);
        System.arraycopy(buffer, 0, copy.buffer, 0, buffered);
        copy.buffered = buffered;
        if (state == ABSORBING) {
            check(NativeHash.copy(copy.nc.ctx, nc.ctx), "copy");
            copy.state = ABSORBING;
        }
        return copy;
    }
}
