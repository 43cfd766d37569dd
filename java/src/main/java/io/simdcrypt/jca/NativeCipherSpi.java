package io.simdcrypt.jca;

import io.simdcrypt.internal.ArrayView;
import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeContext;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * A JCA Cipher over sc_cipher_* (ECB, CBC, CTR and GOST 28147-89's counter mode).
 *
 * <p>Memory: one {@link NativeContext} per instance, made in the constructor; updates pass the
 * caller's arrays or buffers to the library in place. An update from one array into another
 * (or the same) allocates nothing once the arrays have been seen: the downcall takes the kept
 * whole-array segments ({@link ArrayView}) and offsets, so this does not depend on the JIT's
 * escape analysis (direct buffers still get a transient segment per call). doFinal ends with
 * sc_cipher_reset, the JCA's "reset to the state after init": the library restores the mode
 * state init left (chain, counter) without a second key schedule.
 *
 * <p>Buffering: the library keeps the partial block of raw block modes; this class only counts
 * it ({@code buffered}). Decryption with padding must not release the last block before
 * doFinal, so there Java holds back 1..blockSize bytes ({@code held}) and hands the library
 * whole blocks only.
 */
final class NativeCipherSpi extends CipherSpi {
    private final CipherAlgorithm alg;
    private final NativeContext nc;
    private final int bs;
    private final byte[] held;
    private final byte[] lastBlock;
    private final byte[] heldSaved;
    private byte[] scratch = new byte[0];
    /** The last input and output arrays of an update, with their segments. */
    private ArrayView inView, outView;

    private String mode = "ECB";
    /** null until set: block modes then default to PKCS5, streams to none. */
    private BlockPadding padding;

    private NativeCipher.Info info;
    private boolean initialized;
    private boolean encrypt;
    private BlockPadding activePadding = BlockPadding.NONE;
    private byte[] iv;
    private int buffered;
    private int heldLen;

    NativeCipherSpi(CipherAlgorithm alg) {
        this.alg = alg;
        this.bs = alg.blockSize();
        this.held = new byte[bs];
        this.lastBlock = new byte[bs];
        this.heldSaved = new byte[bs];
        this.nc = new NativeContext(this, false);
    }

    // ---- mode, padding, sizes --------------------------------------------------------------

    @Override
    protected void engineSetMode(String m) throws NoSuchAlgorithmException {
        if (!alg.hasMode(m)) {
            throw new NoSuchAlgorithmException(alg.jcaName() + " has no mode " + m + " (modes: "
                    + String.join(", ", alg.suffixByMode().keySet()) + ")");
        }
        mode = m.toUpperCase(Locale.ROOT);
    }

    @Override
    protected void engineSetPadding(String p) throws NoSuchPaddingException {
        BlockPadding bp = BlockPadding.forName(p);
        if (bp == null) throw new NoSuchPaddingException("Unsupported padding " + p);
        if (bp != BlockPadding.NONE && isStreamMode()) {
            throw new NoSuchPaddingException(mode + " mode must be used with NoPadding");
        }
        padding = bp;
    }

    private boolean isStreamMode() {
        return alg.isStream(mode);
    }

    @Override
    protected int engineGetBlockSize() {
        return bs;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        if (inputLen < 0) throw new IllegalArgumentException("negative input length");
        long total = (long) buffered + heldLen + inputLen;
        if (encrypt && activePadding != BlockPadding.NONE) total = (total / bs + 1) * bs;
        return (int) Math.min(Integer.MAX_VALUE, total);
    }

    /** Bytes an update of n input bytes writes. */
    private int updateOutputSize(int n) {
        if (info.isStream()) return n;
        if (padDecrypt()) {
            int total = heldLen + n;
            return total > bs ? (total - 1) / bs * bs : 0;
        }
        return (int) (((long) buffered + n) / bs * bs);
    }

    private boolean padDecrypt() {
        return !encrypt && activePadding != BlockPadding.NONE;
    }

    @Override
    protected byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (iv == null) return null;
        try {
            AlgorithmParameters params = AlgorithmParameters.getInstance(alg.jcaName(), SimdCryptProvider.instance());
            params.init(new IvParameterSpec(iv));
            return params;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new ProviderException("simdcrypt: cannot encode the IV", e);
        }
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] k = rawKey(key);
        Arrays.fill(k, (byte) 0);
        return k.length * 8;
    }

    // ---- init ---------------------------------------------------------------------------------

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            init(opmode, key, null, random, true);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        init(opmode, key, params, random, false);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(IvParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException("IV parameters expected", e);
            }
        }
        init(opmode, key, spec, random, false);
    }

    private void init(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random, boolean noParams)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        initialized = false;
        nc.wipe();
        boolean enc = switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new java.security.InvalidParameterException("Unknown operation mode " + opmode);
        };
        byte[] k = rawKey(key);
        try {
            String nativeName = alg.nativeName(k.length, mode);
            if (nativeName == null) {
                throw new InvalidKeyException(alg.jcaName() + " takes keys of " + alg.keyLengths() + ", not "
                        + k.length);
            }
            NativeCipher.Info inf = CipherAlgorithm.info(nativeName);
            byte[] ivBytes = null;
            String sbox = alg.defaultSbox();
            if (params instanceof IvParameterSpec ivSpec) {
                ivBytes = ivSpec.getIV();
            } else if (params instanceof GostParameterSpec gost && alg.hasSbox()) {
                ivBytes = gost.getIV();
                sbox = gost.getSbox();
            } else if (params != null) {
                throw new InvalidAlgorithmParameterException("Unsupported parameters for " + alg.jcaName() + ": "
                        + params.getClass().getName());
            }
            if (inf.ivSize() == 0 && ivBytes != null) {
                throw new InvalidAlgorithmParameterException(mode + " mode cannot use IV");
            }
            if (inf.ivSize() != 0 && ivBytes == null) {
                if (!enc) {
                    if (noParams) throw new InvalidKeyException("Parameters missing");
                    throw new InvalidAlgorithmParameterException("Parameters missing");
                }
                ivBytes = new byte[inf.ivSize()];
                (random != null ? random : new SecureRandom()).nextBytes(ivBytes);
            }
            // The library has the last word on IV lengths (Magma's CBC takes any whole number
            // of blocks, GOST R 34.13-2015 section 5.4); this only catches the obvious.
            if (ivBytes != null && (ivBytes.length == 0 || ivBytes.length % inf.ivSize() != 0)) {
                throw new InvalidAlgorithmParameterException("Wrong IV length: must be " + inf.ivSize()
                        + " bytes long");
            }
            try {
                nc.setSbox(sbox);
            } catch (IllegalArgumentException e) {
                throw new InvalidAlgorithmParameterException("Invalid S-box: " + e.getMessage());
            }
            int rc = NativeCipher.cipherInit(nc.ctx, CipherAlgorithm.cName(nativeName), enc,
                    MemorySegment.ofArray(k), ivBytes == null ? MemorySegment.NULL : MemorySegment.ofArray(ivBytes),
                    nc.opts);
            nc.clearSbox();
            switch (rc) {
                case NativeCipher.SC_OK -> { }
                case NativeCipher.SC_EKEYSIZE -> throw new InvalidKeyException(alg.jcaName() + ": wrong key length "
                        + k.length);
                case NativeCipher.SC_EIVSIZE -> throw new InvalidAlgorithmParameterException("Wrong IV length: must be "
                        + inf.ivSize() + " bytes long");
                // Never echo the S-box: GOST 28147-89 S-boxes may be secret.
                case NativeCipher.SC_EINVAL -> throw new InvalidAlgorithmParameterException("Invalid parameters"
                        + (sbox != null ? " (unknown S-box name or malformed S-box)" : "") + ": "
                        + NativeCipher.strerror(rc));
                default -> throw new ProviderException("simdcrypt: " + nativeName + " init failed: "
                        + NativeCipher.strerror(rc));
            }
            nc.markInitialised();
            info = inf;
            encrypt = enc;
            iv = ivBytes;
            activePadding = padding != null ? padding : (inf.isStream() ? BlockPadding.NONE : BlockPadding.PKCS5);
            buffered = 0;
            heldLen = 0;
            inView = outView = null; // keep no array of an earlier user past a new init
            initialized = true;
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }

    private byte[] rawKey(Key key) throws InvalidKeyException {
        if (key == null) throw new InvalidKeyException("No key given");
        if (key.getFormat() != null && !"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("Key format must be RAW, not " + key.getFormat());
        }
        byte[] k = key.getEncoded();
        if (k == null) throw new InvalidKeyException("Key has no encoding");
        return k;
    }

    private void checkInitialized() {
        if (!initialized) throw new IllegalStateException("Cipher not initialized");
    }

    /** Back to the state right after init (JCA: every doFinal ends there). */
    private void reset() {
        nc.reset();
        buffered = 0;
        if (heldLen != 0 || activePadding != BlockPadding.NONE) {
            // Plaintext or padding may be left in the Java-side blocks.
            Arrays.fill(held, (byte) 0);
            Arrays.fill(lastBlock, (byte) 0);
        }
        heldLen = 0;
    }

    // ---- update -----------------------------------------------------------------------------

    /** How input and output regions relate; the library takes SAME (in == out) only. */
    private static final int DISJOINT = 0;
    private static final int SAME = 1;
    private static final int OVERLAP = 2;

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkInitialized();
        byte[] out = new byte[updateOutputSize(inputLen)];
        try {
            int n = update(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen), MemorySegment.ofArray(out),
                    DISJOINT);
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkInitialized();
        checkOutputOffset(output, outputOffset);
        return updateArrays(input, inputOffset, inputLen, output, outputOffset, output.length - outputOffset);
    }

    /**
     * The allocation-free path: array to array through the kept segments and offsets, unless
     * the regions overlap partially or padded decryption holds bytes back (then the general
     * path, whose copies allocate anyway).
     */
    private int updateArrays(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset,
            int outputCap) throws ShortBufferException {
        java.util.Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        int need = updateOutputSize(inputLen);
        int overlap = arrayOverlap(input, inputOffset, inputLen, output, outputOffset, need);
        if (overlap == OVERLAP || padDecrypt()) {
            return update(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen),
                    MemorySegment.ofArray(output).asSlice(outputOffset, outputCap), overlap);
        }
        if (outputCap < need) throw shortBuffer(need, outputCap);
        if (inputLen == 0) return 0;
        return raw(segment(input, false), inputOffset, inputLen, segment(output, true), outputOffset, outputCap);
    }

    /** The whole-array segment of an update's input or output array, kept for the next call. */
    private MemorySegment segment(byte[] b, boolean output) {
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

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        checkInitialized();
        checkOutputBuffer(output, updateOutputSize(input.remaining()));
        if (input.hasArray() && output.hasArray()) {
            int n = updateArrays(input.array(), input.arrayOffset() + input.position(), input.remaining(),
                    output.array(), output.arrayOffset() + output.position(), output.remaining());
            input.position(input.limit());
            output.position(output.position() + n);
            return n;
        }
        MemorySegment in = MemorySegment.ofBuffer(input);
        MemorySegment out = MemorySegment.ofBuffer(output);
        int n = update(in, out, bufferOverlap(input, output, in, out));
        input.position(input.limit());
        output.position(output.position() + n);
        return n;
    }

    /** Overlap of two array regions, the output's being as long as what will be written. */
    private static int arrayOverlap(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        if (in != out) return DISJOINT;
        if (inOff == outOff) return SAME;
        return inOff < outOff + outLen && outOff < inOff + inLen ? OVERLAP : DISJOINT;
    }

    /** Overlap of two buffers' remaining bytes, without allocating in the common cases. */
    private static int bufferOverlap(ByteBuffer inBuf, ByteBuffer outBuf, MemorySegment in, MemorySegment out) {
        if (in.isNative() != out.isNative()) return DISJOINT;
        if (in.isNative()) {
            long a = in.address(), b = out.address();
            if (a == b) return SAME;
            return a < b + out.byteSize() && b < a + in.byteSize() ? OVERLAP : DISJOINT;
        }
        if (inBuf.hasArray() && outBuf.hasArray()) {
            return arrayOverlap(inBuf.array(), inBuf.arrayOffset() + inBuf.position(), inBuf.remaining(),
                    outBuf.array(), outBuf.arrayOffset() + outBuf.position(), outBuf.remaining());
        }
        // A read-only heap buffer hides its array: ask the segments (allocates, rare).
        if (in.asOverlappingSlice(out).isEmpty()) return DISJOINT;
        return in.address() == out.address() ? SAME : OVERLAP;
    }

    private static void checkOutputOffset(byte[] output, int outputOffset) throws ShortBufferException {
        if (output == null) throw new IllegalArgumentException("Null output buffer");
        if (outputOffset < 0) throw new IllegalArgumentException("Negative output offset");
        if (outputOffset > output.length) throw new ShortBufferException("Output offset beyond the buffer");
    }

    private static MemorySegment outputSlice(byte[] output, int outputOffset) throws ShortBufferException {
        checkOutputOffset(output, outputOffset);
        return MemorySegment.ofArray(output).asSlice(outputOffset);
    }

    private static void checkOutputBuffer(ByteBuffer output, int needed) throws ShortBufferException {
        if (output.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
        if (output.remaining() < needed) throw shortBuffer(needed, output.remaining());
    }

    private static ShortBufferException shortBuffer(long needed, long have) {
        return new ShortBufferException("Need " + needed + " bytes of output space, have " + have);
    }

    private int update(MemorySegment in, MemorySegment out, int overlap) throws ShortBufferException {
        int n = (int) in.byteSize();
        int need = updateOutputSize(n);
        if (out.byteSize() < need) throw shortBuffer(need, out.byteSize());
        if (n == 0) return 0;
        if (padDecrypt()) return heldUpdate(readable(in, overlap != DISJOINT), out);
        return raw(readable(in, overlap == OVERLAP), out);
    }

    /**
     * The input itself, or a copy when the output would overwrite it before it is read: the
     * library handles in == out exactly, but not other overlaps, and padded decryption's
     * output lags its input by the held bytes, so there any overlap needs the copy.
     */
    private MemorySegment readable(MemorySegment in, boolean copy) {
        if (!copy) return in;
        int n = (int) in.byteSize();
        if (scratch.length < n) scratch = new byte[n];
        MemorySegment c = MemorySegment.ofArray(scratch).asSlice(0, n);
        c.copyFrom(in);
        return c;
    }

    /** Hand everything to the library. */
    private int raw(MemorySegment in, MemorySegment out) {
        return raw(in, 0, in.byteSize(), out, 0, out.byteSize());
    }

    /**
     * {@code n} bytes of {@code in} from {@code inOff} to {@code out} from {@code outOff}, at
     * most {@code outCap} bytes written (ranges checked by the callers); kept small so the JIT
     * inlines it whole.
     */
    private int raw(MemorySegment in, long inOff, long n, MemorySegment out, long outOff, long outCap) {
        if (n > NativeCipher.MAX_CALL_BYTES) return rawPieces(in, inOff, n, out, outOff, outCap);
        int rc = NativeCipher.cipherUpdate(nc.ctx, in, inOff, n, out, outOff, outCap, nc.outLen);
        if (rc != NativeCipher.SC_OK) throw updateFailed(rc);
        if (!info.isStream()) buffered = (int) ((buffered + n) % bs);
        return (int) nc.outLen();
    }

    /** Long inputs in pieces: a GC safepoint waits for a critical call to return. */
    private int rawPieces(MemorySegment in, long inOff, long n, MemorySegment out, long outOff, long outCap) {
        long written = 0;
        for (long pos = 0; pos < n; pos += NativeCipher.MAX_CALL_BYTES) {
            long chunk = Math.min(n - pos, NativeCipher.MAX_CALL_BYTES);
            written += raw(in, inOff + pos, chunk, out, outOff + written, outCap - written);
        }
        return (int) written;
    }

    private static ProviderException updateFailed(int rc) {
        return new ProviderException("simdcrypt: update failed: " + NativeCipher.strerror(rc));
    }

    /** Padded decryption: keep the last 1..bs bytes in Java, give the library whole blocks. */
    private int heldUpdate(MemorySegment in, MemorySegment out) {
        int n = (int) in.byteSize();
        int total = heldLen + n;
        MemorySegment heldSeg = MemorySegment.ofArray(held);
        if (total <= bs) {
            heldSeg.asSlice(heldLen, n).copyFrom(in);
            heldLen = total;
            return 0;
        }
        int outCount = (total - 1) / bs * bs;
        int keep = total - outCount;
        int written = 0;
        if (heldLen > 0) written = raw(heldSeg, 0, heldLen, out, 0, out.byteSize());
        written += raw(in, 0, n - keep, out, written, out.byteSize() - written);
        heldSeg.asSlice(0, keep).copyFrom(in.asSlice(n - keep, keep));
        heldLen = keep;
        return written;
    }

    // ---- doFinal ----------------------------------------------------------------------------

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        checkInitialized();
        byte[] out = new byte[engineGetOutputSize(inputLen)];
        try {
            int n = doFinal(inputSlice(input, inputOffset, inputLen), MemorySegment.ofArray(out), DISJOINT);
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInitialized();
        MemorySegment out = outputSlice(output, outputOffset);
        int overlap = input == null ? DISJOINT
                : arrayOverlap(input, inputOffset, inputLen, output, outputOffset, engineGetOutputSize(inputLen));
        return doFinal(inputSlice(input, inputOffset, inputLen), out, overlap);
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInitialized();
        if (output.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
        MemorySegment in = MemorySegment.ofBuffer(input);
        MemorySegment out = MemorySegment.ofBuffer(output);
        int n = doFinal(in, out, bufferOverlap(input, output, in, out));
        input.position(input.limit());
        output.position(output.position() + n);
        return n;
    }

    private static final MemorySegment NO_INPUT = MemorySegment.ofArray(new byte[0]);

    private static MemorySegment inputSlice(byte[] input, int offset, int len) {
        return input == null ? NO_INPUT : MemorySegment.ofArray(input).asSlice(offset, len);
    }

    private int doFinal(MemorySegment in, MemorySegment out, int overlap)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (padDecrypt()) return paddedDecryptFinal(in, out, overlap);
        int n = (int) in.byteSize();
        int total = buffered + n;
        int need = engineGetOutputSize(n);
        if (out.byteSize() < need) throw shortBuffer(need, out.byteSize());
        try {
            if (!info.isStream() && activePadding == BlockPadding.NONE && total % bs != 0) {
                throw new IllegalBlockSizeException("Input length not multiple of " + bs + " bytes");
            }
            int written = n == 0 ? 0 : raw(readable(in, overlap == OVERLAP), out);
            if (encrypt && activePadding != BlockPadding.NONE) written += pad(out.asSlice(written));
            finish();
            return written;
        } finally {
            reset();
        }
    }

    /** Encrypt the padding that completes the last block. */
    private int pad(MemorySegment out) {
        int padLen = bs - buffered;
        activePadding.fill(lastBlock, padLen);
        return raw(MemorySegment.ofArray(lastBlock).asSlice(0, padLen), out);
    }

    private int paddedDecryptFinal(MemorySegment in, MemorySegment out, int overlap)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        int n = (int) in.byteSize();
        int total = heldLen + n;
        if (total == 0) {
            reset();
            return 0;
        }
        if (total % bs != 0) {
            reset();
            throw new IllegalBlockSizeException("Input length must be multiple of " + bs
                    + " when decrypting with padded cipher");
        }
        if (out.byteSize() < total - bs) {
            throw new ShortBufferException("Need at least " + (total - bs) + " bytes of output space");
        }
        // The plaintext's exact length is known only after unpadding: save the state so a
        // too-short output can be reported and the call repeated.
        boolean mayBeShort = out.byteSize() < total;
        if (mayBeShort) {
            nc.save();
            System.arraycopy(held, 0, heldSaved, 0, heldLen);
        }
        int heldBefore = heldLen;
        boolean keepState = false;
        try {
            int written = heldUpdate(readable(in, overlap != DISJOINT), out); // leaves one block held
            raw(MemorySegment.ofArray(held).asSlice(0, bs), MemorySegment.ofArray(lastBlock));
            int dataLen = activePadding.unpad(lastBlock, bs);
            if (written + dataLen > out.byteSize()) {
                nc.undo();
                System.arraycopy(heldSaved, 0, held, 0, heldBefore);
                heldLen = heldBefore;
                buffered = 0;
                keepState = true;
                throw shortBuffer(written + dataLen, out.byteSize());
            }
            MemorySegment.copy(MemorySegment.ofArray(lastBlock), 0, out, written, dataLen);
            finish();
            return written + dataLen;
        } finally {
            if (mayBeShort) Arrays.fill(heldSaved, (byte) 0);
            if (!keepState) reset();
        }
    }

    /**
     * What sc_cipher_final would report, without the downcall: the context is reset right
     * after anyway, and {@code buffered} mirrors the library's count of bytes waiting for a
     * whole block.
     */
    private void finish() throws IllegalBlockSizeException {
        if (!info.isStream() && buffered != 0) throw new IllegalBlockSizeException("Partial block left");
    }

    // ---- wrap / unwrap ----------------------------------------------------------------------

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
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

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        if (wrappedKeyType != Cipher.SECRET_KEY) {
            throw new InvalidKeyException("Only secret keys can be unwrapped by " + alg.jcaName());
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
