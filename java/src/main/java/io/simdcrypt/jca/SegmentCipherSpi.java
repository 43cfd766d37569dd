/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.Regions.DISJOINT;
import static io.simdcrypt.jca.Regions.arrayOverlap;
import static io.simdcrypt.jca.Regions.bufferOverlap;
import static io.simdcrypt.jca.Regions.inputSlice;
import static io.simdcrypt.jca.Regions.outputSlice;

import io.simdcrypt.internal.ArrayView;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * What this provider's Cipher SPIs share: the JCA's doFinal flavours (arrays, ByteBuffers,
 * heap or direct) reduced to one doFinal over memory segments that knows how input and
 * output overlap ({@link Regions}), and key wrapping through that doFinal.
 */
abstract class SegmentCipherSpi extends CipherSpi {
    /** The IV of the last init, null when none. */
    byte[] iv;
    private byte[] scratch = new byte[0];
    /** The last input and output arrays of a call, with their segments ({@link #segment}). */
    private ArrayView inView, outView;

    /**
     * The whole-array segment of a call's input or output array, kept for the next call: calls
     * on the same arrays then pass these and offsets (binding.h's _at entry points) and make no
     * segment, whatever the JIT's escape analysis does.
     */
    final MemorySegment segment(byte[] b, boolean output) {
        ArrayView mine = output ? outView : inView;
        if (mine != null && mine.array() == b) return mine.segment();
        ArrayView other = output ? inView : outView; // in place: the input's segment
        if (other != null && other.array() == b) return other.segment();
        ArrayView v = ArrayView.of(null, b);
        if (v.keep()) {
            if (output) outView = v;
            else inView = v;
        }
        return v.segment();
    }

    /** Keep no array of an earlier user (a new init or key). */
    final void forgetViews() {
        inView = outView = null;
    }

    /**
     * doFinal from one array into another (or the same region) without the general path's
     * segments: bytes written, or -1 where the cipher takes the general path (the default).
     * Called after {@link #checkReady}; input is not null.
     */
    int arrayDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        return -1;
    }

    /**
     * The input itself, or a copy when the output would overwrite it before it is read: the
     * library handles in == out exactly, but no other overlap (padded decryption, whose output
     * lags its input by the held bytes, asks for the copy on any overlap).
     */
    final MemorySegment readable(MemorySegment in, boolean copy) {
        if (!copy) return in;
        int n = (int) in.byteSize();
        if (scratch.length < n) scratch = new byte[n];
        MemorySegment c = MemorySegment.ofArray(scratch).asSlice(0, n);
        c.copyFrom(in);
        return c;
    }

    /** IllegalStateException unless the cipher may run now. */
    abstract void checkReady();

    /** The cipher's doFinal: all of {@code in} to the start of {@code out}; bytes written. */
    abstract int doFinal(MemorySegment in, MemorySegment out, int overlap)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException;

    /** The name in messages. */
    abstract String jcaName();

    /**
     * An uninitialised AlgorithmParameters object of this cipher's kind (null: it has none), and
     * its spec for {@link #iv}.
     */
    abstract AlgorithmParameters newParameters() throws NoSuchAlgorithmException;

    abstract AlgorithmParameterSpec parameterSpec();

    @Override
    protected final byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected final AlgorithmParameters engineGetParameters() {
        if (iv == null) return null;
        try {
            AlgorithmParameters params = newParameters();
            if (params == null) return null;
            params.init(parameterSpec());
            return params;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new ProviderException("simdcrypt: cannot encode the parameters of " + jcaName(), e);
        }
    }

    @Override
    protected final int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] k = rawKey(key);
        Arrays.fill(k, (byte) 0);
        return k.length * 8;
    }

    /** A copy of a RAW key's bytes (the caller zeroes it). */
    static byte[] rawKey(Key key) throws InvalidKeyException {
        if (key == null) throw new InvalidKeyException("No key given");
        if (key.getFormat() != null && !"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("Key format must be RAW, not " + key.getFormat());
        }
        byte[] k = key.getEncoded();
        if (k == null) throw new InvalidKeyException("Key has no encoding");
        return k;
    }

    @Override
    protected final byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        checkReady();
        byte[] out = new byte[engineGetOutputSize(inputLen)];
        try {
            int n = doFinal(inputSlice(input, inputOffset, inputLen), MemorySegment.ofArray(out), DISJOINT);
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected final int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkReady();
        if (input != null) {
            int n = arrayDoFinal(input, inputOffset, inputLen, output, outputOffset);
            if (n >= 0) return n;
        }
        MemorySegment out = outputSlice(output, outputOffset);
        int overlap = input == null ? DISJOINT
                : arrayOverlap(input, inputOffset, inputLen, output, outputOffset, engineGetOutputSize(inputLen));
        return doFinal(inputSlice(input, inputOffset, inputLen), out, overlap);
    }

    @Override
    protected final int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkReady();
        if (output.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
        MemorySegment in = MemorySegment.ofBuffer(input);
        MemorySegment out = MemorySegment.ofBuffer(output);
        int n = doFinal(in, out, bufferOverlap(input, output, in, out));
        input.position(input.limit());
        output.position(output.position() + n);
        return n;
    }

    @Override
    protected final byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key.getEncoded();
        if (encoded == null) throw new InvalidKeyException("Key has no encoding");
        try {
            return engineDoFinal(encoded, 0, encoded.length);
        } catch (BadPaddingException e) {
            throw new ProviderException(e);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    /** A SecretKeySpec of the unwrapped bytes; any failure (bad padding, bad tag) is an InvalidKeyException. */
    @Override
    protected final Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException {
        if (wrappedKeyType != Cipher.SECRET_KEY) {
            throw new InvalidKeyException("Only secret keys can be unwrapped by " + jcaName());
        }
        byte[] encoded = null;
        try {
            encoded = engineDoFinal(wrappedKey, 0, wrappedKey.length);
            return new javax.crypto.spec.SecretKeySpec(encoded, wrappedKeyAlgorithm);
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new InvalidKeyException("Unwrapping failed", e);
        } finally {
            if (encoded != null) Arrays.fill(encoded, (byte) 0);
        }
    }
}
