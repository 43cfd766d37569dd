package io.simdcrypt.jca;

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
 * caller's arrays or buffers to the library in place and allocate nothing. The context is
 * snapshotted after init, and doFinal restores the snapshot, which is the JCA's "reset to the
 * state after init" without a second key schedule.
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
        if (padding != null && padding != BlockPadding.NONE && isStreamMode()) padding = null;
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
        // Every native mode of these families except ECB and CBC is a stream (CTR, CNT).
        return !mode.equals("ECB") && !mode.equals("CBC");
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
            nc.setSbox(sbox);
            int rc = NativeCipher.cipherInit(nc.ctx, CipherAlgorithm.cName(nativeName), enc,
                    MemorySegment.ofArray(k), ivBytes == null ? MemorySegment.NULL : MemorySegment.ofArray(ivBytes),
                    nc.opts);
            switch (rc) {
                case NativeCipher.SC_OK -> { }
                case NativeCipher.SC_EKEYSIZE -> throw new InvalidKeyException(alg.jcaName() + ": wrong key length "
                        + k.length);
                case NativeCipher.SC_EIVSIZE -> throw new InvalidAlgorithmParameterException("Wrong IV length: must be "
                        + inf.ivSize() + " bytes long");
                case NativeCipher.SC_EINVAL -> throw new InvalidAlgorithmParameterException("Invalid parameters"
                        + (sbox != null ? " (S-box " + sbox + ")" : "") + ": " + NativeCipher.strerror(rc));
                default -> throw new ProviderException("simdcrypt: " + nativeName + " init failed: "
                        + NativeCipher.strerror(rc));
            }
            nc.takeSnapshot();
            info = inf;
            encrypt = enc;
            iv = ivBytes;
            activePadding = padding != null ? padding : (inf.isStream() ? BlockPadding.NONE : BlockPadding.PKCS5);
            buffered = 0;
            heldLen = 0;
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
        nc.restoreSnapshot();
        buffered = 0;
        heldLen = 0;
        Arrays.fill(held, (byte) 0);
        Arrays.fill(lastBlock, (byte) 0);
    }

    // ---- update -----------------------------------------------------------------------------

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkInitialized();
        byte[] out = new byte[updateOutputSize(inputLen)];
        try {
            int n = update(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen), MemorySegment.ofArray(out));
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkInitialized();
        return update(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen), outputSlice(output, outputOffset));
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        checkInitialized();
        checkOutputBuffer(output, updateOutputSize(input.remaining()));
        int n = update(MemorySegment.ofBuffer(input), MemorySegment.ofBuffer(output));
        input.position(input.limit());
        output.position(output.position() + n);
        return n;
    }

    private static MemorySegment outputSlice(byte[] output, int outputOffset) throws ShortBufferException {
        if (output == null) throw new IllegalArgumentException("Null output buffer");
        if (outputOffset < 0) throw new IllegalArgumentException("Negative output offset");
        if (outputOffset > output.length) throw new ShortBufferException("Output offset beyond the buffer");
        return MemorySegment.ofArray(output).asSlice(outputOffset);
    }

    private static void checkOutputBuffer(ByteBuffer output, int needed) throws ShortBufferException {
        if (output.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
        if (output.remaining() < needed) {
            throw new ShortBufferException("Need " + needed + " bytes of output space, have " + output.remaining());
        }
    }

    private int update(MemorySegment in, MemorySegment out) throws ShortBufferException {
        int n = (int) in.byteSize();
        int need = updateOutputSize(n);
        if (out.byteSize() < need) {
            throw new ShortBufferException("Need " + need + " bytes of output space, have " + out.byteSize());
        }
        if (n == 0) return 0;
        in = unaliased(in, out);
        return padDecrypt() ? heldUpdate(in, out) : raw(in, out);
    }

    /**
     * The library allows in == out exactly; any other overlap (and, for padded decryption,
     * any overlap at all, since output lags input by the held bytes) reads from a copy.
     */
    private MemorySegment unaliased(MemorySegment in, MemorySegment out) {
        if (in.asOverlappingSlice(out).isEmpty()) return in;
        boolean same = in.address() == out.address() && in.heapBase().equals(out.heapBase());
        if (same && !padDecrypt()) return in;
        int n = (int) in.byteSize();
        if (scratch.length < n) scratch = new byte[n];
        MemorySegment copy = MemorySegment.ofArray(scratch).asSlice(0, n);
        copy.copyFrom(in);
        return copy;
    }

    /** Hand everything to the library, in pieces short enough for critical calls. */
    private int raw(MemorySegment in, MemorySegment out) {
        long n = in.byteSize();
        long written = 0;
        for (long pos = 0; pos < n; ) {
            long chunk = Math.min(n - pos, NativeCipher.MAX_CALL_BYTES);
            int rc = NativeCipher.cipherUpdate(nc.ctx, in.asSlice(pos, chunk), out.asSlice(written), nc.outLen);
            if (rc != NativeCipher.SC_OK) {
                throw new ProviderException("simdcrypt: update failed: " + NativeCipher.strerror(rc));
            }
            written += nc.outLen();
            pos += chunk;
        }
        if (!info.isStream()) buffered = (int) ((buffered + n) % bs);
        return (int) written;
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
        if (heldLen > 0) written = raw(heldSeg.asSlice(0, heldLen), out);
        written += raw(in.asSlice(0, n - keep), out.asSlice(written));
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
            MemorySegment in = input == null ? MemorySegment.ofArray(new byte[0])
                    : MemorySegment.ofArray(input).asSlice(inputOffset, inputLen);
            int n = doFinal(in, MemorySegment.ofArray(out));
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInitialized();
        MemorySegment in = input == null ? MemorySegment.ofArray(new byte[0])
                : MemorySegment.ofArray(input).asSlice(inputOffset, inputLen);
        return doFinal(in, outputSlice(output, outputOffset));
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInitialized();
        if (output.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
        int n = doFinal(MemorySegment.ofBuffer(input), MemorySegment.ofBuffer(output));
        input.position(input.limit());
        output.position(output.position() + n);
        return n;
    }

    private int doFinal(MemorySegment in, MemorySegment out)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        int n = (int) in.byteSize();
        if (padDecrypt()) return paddedDecryptFinal(in, out);
        int total = buffered + n;
        int need = engineGetOutputSize(n);
        if (out.byteSize() < need) {
            throw new ShortBufferException("Need " + need + " bytes of output space, have " + out.byteSize());
        }
        try {
            if (!info.isStream() && activePadding == BlockPadding.NONE && total % bs != 0) {
                throw new IllegalBlockSizeException("Input length not multiple of " + bs + " bytes");
            }
            in = unaliased(in, out);
            int written = raw(in, out);
            if (encrypt && activePadding != BlockPadding.NONE) {
                int padLen = bs - buffered;
                activePadding.fill(lastBlock, padLen);
                written += raw(MemorySegment.ofArray(lastBlock).asSlice(0, padLen), out.asSlice(written));
            }
            finish();
            return written;
        } finally {
            reset();
        }
    }

    private int paddedDecryptFinal(MemorySegment in, MemorySegment out)
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
            in = unaliased(in, out);
            int written = heldUpdate(in, out); // leaves exactly one block held
            raw(MemorySegment.ofArray(held).asSlice(0, bs), MemorySegment.ofArray(lastBlock));
            int dataLen = activePadding.unpad(lastBlock, bs);
            if (written + dataLen > out.byteSize()) {
                nc.undo();
                System.arraycopy(heldSaved, 0, held, 0, heldBefore);
                heldLen = heldBefore;
                buffered = 0;
                keepState = true;
                throw new ShortBufferException("Need " + (written + dataLen) + " bytes of output space, have "
                        + out.byteSize());
            }
            MemorySegment.copy(MemorySegment.ofArray(lastBlock), 0, out, written, dataLen);
            finish();
            return written + dataLen;
        } finally {
            if (mayBeShort) Arrays.fill(heldSaved, (byte) 0);
            if (!keepState) reset();
        }
    }

    private void finish() throws IllegalBlockSizeException {
        int rc = NativeCipher.cipherFinal(nc.ctx, nc.outLen);
        if (rc == NativeCipher.SC_ELENGTH) throw new IllegalBlockSizeException("Partial block left");
        if (rc != NativeCipher.SC_OK) throw new ProviderException("simdcrypt: final failed: " + NativeCipher.strerror(rc));
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
