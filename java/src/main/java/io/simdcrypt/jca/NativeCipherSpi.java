/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.Regions.DISJOINT;
import static io.simdcrypt.jca.Regions.OVERLAP;
import static io.simdcrypt.jca.Regions.arrayOverlap;
import static io.simdcrypt.jca.Regions.bufferOverlap;
import static io.simdcrypt.jca.Regions.checkOutputBuffer;
import static io.simdcrypt.jca.Regions.checkOutputOffset;
import static io.simdcrypt.jca.Regions.shortBuffer;

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
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * A JCA Cipher over sc_cipher_* (ECB, CBC, CTR, CFB, OFB, GOST 28147-89's counter mode, and
 * DSTU 7624 XTS with its ciphertext stealing).
 *
 * <p>Memory: one {@link NativeContext} per instance, made in the constructor; updates pass the
 * caller's arrays or buffers to the library in place. An update from one array into another
 * (or the same) allocates nothing once the arrays have been seen: the downcall takes the kept
 * whole-array segments ({@link SegmentCipherSpi#segment}) and offsets, so this does not depend on the JIT's
 * escape analysis (direct buffers still get a transient segment per call). doFinal ends with
 * sc_cipher_reset, the JCA's "reset to the state after init": the library restores the mode
 * state init left (chain, counter) without a second key schedule.
 *
 * <p>Buffering: the library keeps the partial block of raw block modes; this class only counts
 * it ({@code buffered}). Decryption with padding must not release the last block before
 * doFinal, so there Java holds back 1..blockSize bytes ({@code held}) and hands the library
 * whole blocks only.
 */
final class NativeCipherSpi extends SegmentCipherSpi {
    private final CipherAlgorithm alg;
    private final NativeContext nc;
    private final int bs;
    private final byte[] held;
    private final byte[] lastBlock;
    private final byte[] heldSaved;
    /**
     * What the native context was last initialised with (null: nothing usable): an init with
     * the same key, name, direction and S-box moves it to the new IV (sc_cipher_reset_iv)
     * instead of scheduling the key again. Like SunJCE, the instance keeps a copy of its key.
     */
    private byte[] keptKey;
    private String keptName, keptSbox;
    private boolean keptEncrypt, keptMeshing;
    private String mode = "ECB";
    /** null until set: block modes then default to PKCS5, streams to none. */
    private BlockPadding padding;

    private NativeCipher.Info info;
    private boolean initialized;
    private boolean encrypt;
    private BlockPadding activePadding = BlockPadding.NONE;
    private int buffered;
    private int heldLen;
    /**
     * A stealing mode (XTS, {@link JcaNaming#STEALING_MODES}): the library keeps the last whole
     * block and the partial one after it until sc_cipher_final, and {@code buffered} counts them.
     */
    private boolean steals;

    NativeCipherSpi(CipherAlgorithm alg) {
        this.alg = alg;
        if (alg.fixedOf() != null) { // "AES_128/ECB/NoPadding": one mode, no padding (unless fixedPadded)
            mode = alg.suffixByMode().keySet().iterator().next();
            if (!alg.fixedPadded()) padding = BlockPadding.NONE;
        }
        this.bs = alg.blockSize();
        this.held = new byte[bs];
        this.lastBlock = new byte[bs];
        this.heldSaved = new byte[bs];
        this.nc = new NativeContext(this, false);
    }

    // ---- mode, padding, sizes --------------------------------------------------------------

    @Override
    protected void engineSetMode(String m) throws NoSuchAlgorithmException {
        if (alg.fixedOf() != null && !mode.equalsIgnoreCase(m)) {
            throw new NoSuchAlgorithmException(alg.jcaName() + ": mode must be " + mode);
        }
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
        if (alg.fixedOf() != null && !alg.fixedPadded() && bp != BlockPadding.NONE) {
            throw new NoSuchPaddingException(alg.jcaName() + ": padding must be NoPadding");
        }
        if (bp != BlockPadding.NONE && !alg.takesPadding(mode)) {
            throw new NoSuchPaddingException(mode + " mode must be used with NoPadding");
        }
        padding = bp;
    }

    /**
     * A stream mode with a padding (CFB/PKCS5Padding): encryption streams and {@code buffered}
     * counts the bytes since the last block boundary (already written), the padding completing
     * the block at doFinal; decryption holds its last block back as a padded block mode does.
     */
    private boolean paddedStream() {
        return info.isStream() && activePadding != BlockPadding.NONE;
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
        // A padded stream has written its buffered bytes already.
        if (encrypt && info != null && paddedStream()) total -= buffered;
        return (int) Math.min(Integer.MAX_VALUE, total);
    }

    /** Bytes an update of n input bytes writes. */
    private int updateOutputSize(int n) {
        if (steals) {
            long total = (long) buffered + n;
            return (int) (total - stealHeld(total));
        }
        if (info.isStream() && !padDecrypt()) return n;
        if (padDecrypt()) {
            int total = heldLen + n;
            return total > bs ? (total - 1) / bs * bs : 0;
        }
        return (int) (((long) buffered + n) / bs * bs);
    }

    /**
     * What a stealing mode keeps back of {@code total} bytes (sc_cipher_update's rule): all of
     * them below a block, else the last whole block and the partial one after it.
     */
    private long stealHeld(long total) {
        return total < bs ? total : bs + total % bs;
    }

    private boolean padDecrypt() {
        return !encrypt && activePadding != BlockPadding.NONE;
    }

    @Override
    AlgorithmParameters newParameters() throws NoSuchAlgorithmException {
        return AlgorithmParameters.getInstance(alg.parametersName(), SimdCryptProvider.instance());
    }

    @Override
    AlgorithmParameterSpec parameterSpec() {
        return new IvParameterSpec(iv);
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
        boolean enc = switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new java.security.InvalidParameterException("Unknown operation mode " + opmode);
        };
        byte[] k = rawKey(key);
        boolean done = false;
        try {
            String nativeName = alg.nativeName(k.length, mode);
            if (nativeName == null) {
                throw new InvalidKeyException(alg.jcaName() + " takes keys of " + alg.keyLengths() + ", not "
                        + k.length);
            }
            NativeCipher.Info inf = CipherAlgorithm.info(nativeName);
            boolean meshing = alg.keyMeshing(mode); // GCFB: gost89-cfb with CryptoPro key meshing
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
            MemorySegment ivSeg = ivBytes == null ? MemorySegment.NULL : MemorySegment.ofArray(ivBytes);
            int rc = NativeCipher.SC_ESTATE;
            if (keptKey != null && nativeName.equals(keptName) && enc == keptEncrypt && Objects.equals(sbox, keptSbox)
                    && meshing == keptMeshing && ConstantTime.equal(k, keptKey)) {
                // The context holds this key's schedule for this name, direction and S-box: only
                // the IV-derived state changes (issue 15: a full init costs a 4 KiB wipe, a name
                // lookup and the key schedule per message).
                rc = NativeCipher.cipherResetIv(nc.ctx, ivSeg, 0);
            }
            if (rc == NativeCipher.SC_ESTATE) {
                forgetKey();
                try {
                    nc.setSbox(sbox);
                } catch (IllegalArgumentException e) {
                    throw new InvalidAlgorithmParameterException("Invalid S-box: " + e.getMessage());
                }
                nc.setGostConventions(nativeName, meshing);
                rc = NativeCipher.cipherInit(nc.ctx, CipherAlgorithm.cName(nativeName), enc, MemorySegment.ofArray(k),
                        ivSeg, nc.opts);
                nc.clearSbox();
                if (rc == NativeCipher.SC_OK) {
                    keptKey = k.clone();
                    keptName = nativeName;
                    keptEncrypt = enc;
                    keptSbox = sbox;
                    keptMeshing = meshing;
                }
            }
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
            steals = JcaNaming.STEALING_MODES.contains(inf.mode());
            activePadding = padding != null ? padding
                    : (inf.isStream() || steals ? BlockPadding.NONE : BlockPadding.PKCS5);
            buffered = 0;
            heldLen = 0;
            forgetViews(); // keep no array of an earlier user past a new init
            initialized = true;
            done = true;
        } finally {
            Arrays.fill(k, (byte) 0);
            if (!done) forgetKey(); // a failed init leaves no key schedule behind
        }
    }

    /** Wipe the native key schedule and the kept copy of its key. */
    private void forgetKey() {
        nc.wipe();
        if (keptKey != null) Arrays.fill(keptKey, (byte) 0);
        keptKey = null;
        keptName = null;
        keptSbox = null;
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

    private int update(MemorySegment in, MemorySegment out, int overlap) throws ShortBufferException {
        int n = (int) in.byteSize();
        int need = updateOutputSize(n);
        if (out.byteSize() < need) throw shortBuffer(need, out.byteSize());
        if (n == 0) return 0;
        if (padDecrypt()) return heldUpdate(readable(in, overlap != DISJOINT), out);
        return raw(readable(in, overlap == OVERLAP), out);
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
        if (steals) buffered = (int) stealHeld(buffered + n);
        else if (!info.isStream() || activePadding != BlockPadding.NONE) buffered = (int) ((buffered + n) % bs);
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
    void checkReady() {
        checkInitialized();
    }

    @Override
    String jcaName() {
        return alg.jcaName();
    }

    @Override
    int doFinal(MemorySegment in, MemorySegment out, int overlap)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (padDecrypt()) return paddedDecryptFinal(in, out, overlap);
        if (steals) return stealingFinal(in, out, overlap);
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

    /**
     * XTS: the rest of the input, then sc_cipher_final for what the library kept (the last
     * block and a partial one, stolen from each other). A message shorter than a block (but not
     * empty) has nothing to steal from: IllegalBlockSizeException, nothing released.
     */
    private int stealingFinal(MemorySegment in, MemorySegment out, int overlap)
            throws ShortBufferException, IllegalBlockSizeException {
        int n = (int) in.byteSize();
        long total = (long) buffered + n;
        if (out.byteSize() < total) throw shortBuffer(total, out.byteSize());
        try {
            if (total > 0 && total < bs) {
                throw new IllegalBlockSizeException(alg.jcaName() + " XTS needs at least one block (" + bs
                        + " bytes), not " + total);
            }
            int written = n == 0 ? 0 : raw(readable(in, overlap == OVERLAP), out);
            int rc = NativeCipher.cipherFinal(nc.ctx, out.asSlice(written), nc.outLen);
            if (rc != NativeCipher.SC_OK) throw updateFailed(rc);
            return written + (int) nc.outLen();
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
            int dataLen;
            try {
                dataLen = activePadding.unpad(lastBlock, bs);
            } catch (BadPaddingException e) {
                // Release nothing of a message with bad padding (SunJCE writes none of it): zero
                // the blocks before the last that this call wrote.
                out.asSlice(0, written).fill((byte) 0);
                throw e;
            }
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
}
