package io.simdcrypt.jca;

import static io.simdcrypt.jca.Regions.DISJOINT;
import static io.simdcrypt.jca.Regions.OVERLAP;
import static io.simdcrypt.jca.Regions.arrayOverlap;
import static io.simdcrypt.jca.Regions.bufferOverlap;
import static io.simdcrypt.jca.Regions.checkOutputBuffer;
import static io.simdcrypt.jca.Regions.checkOutputOffset;
import static io.simdcrypt.jca.Regions.shortBuffer;

import io.simdcrypt.internal.NativeAead;
import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeContext;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;

/**
 * A JCA Cipher over the library's AEAD API (sc_aead_start / update_aad / *_update / *_final)
 * with SunJCE's "AES/GCM/NoPadding" behaviour:
 * <ul>
 *   <li>{@link GCMParameterSpec} with tag lengths 96, 104, 112, 120 or 128 bits and any
 *       non-empty IV; encryption without parameters draws a 12-byte IV and uses a 128-bit tag;
 *   <li>AAD before the data: {@code updateAAD} after an update is an IllegalStateException;
 *   <li>encryption streams out (an update writes as many bytes as it takes), doFinal appends the
 *       tag; then the instance refuses further use (IllegalStateException) until init, and an
 *       init for encryption with the key and IV of the last encryption is refused with
 *       InvalidAlgorithmParameterException ("Cannot reuse iv for GCM encryption");
 *   <li>decryption holds everything until doFinal, verifies the tag, and only then writes the
 *       plaintext: on a bad tag it throws AEADBadTagException and releases nothing (the output
 *       is left as it was when input and output share memory or input was held; written and
 *       zeroed again otherwise, as SunJCE does). After doFinal, decryption may be repeated
 *       with the same parameters.
 * </ul>
 * Buffers: direct and heap ByteBuffers go to the library in place (no copy) except decryption
 * updates, whose input must be held; input that partially overlaps the output is copied first.
 * Like SunJCE, the instance keeps a copy of the key of its last encryption for the reuse check
 * (and of the key in use, to skip an unchanged key schedule).
 */
final class GcmCipherSpi extends SegmentCipherSpi {
    /** GCM works on 128-bit blocks (SP 800-38D); SunJCE reports that as the block size. */
    private static final int BLOCK = 16;
    private static final int DEFAULT_IV_BYTES = 12;
    private static final int DEFAULT_TAG_BITS = 128;

    private final AeadAlgorithm alg;
    private final NativeContext nc;
    private final MemorySegment tagOut = MemorySegment.ofArray(new byte[16]);

    private boolean initialized;
    private boolean encrypt;
    /** Encryption finished: the key and IV must change before the next message. */
    private boolean spent;
    /** An update ran: AAD is closed. */
    private boolean dataStarted;
    private int tagLen;
    /** The key in the native context (null: none), compared to skip an unchanged key schedule. */
    private byte[] key;
    /** The key and IV of the last encryption init (SunJCE's reuse check). */
    private byte[] lastEncKey, lastEncIv;
    /** Decryption: ciphertext || tag held until doFinal. */
    private byte[] held = new byte[0];
    private int heldLen;

    GcmCipherSpi(AeadAlgorithm alg) {
        this.alg = alg;
        this.nc = new NativeContext(this, NativeContext.Kind.AEAD);
    }

    // ---- mode, padding, sizes --------------------------------------------------------------

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!alg.mode().equalsIgnoreCase(mode)) throw new NoSuchAlgorithmException("Mode must be " + alg.mode());
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!"NoPadding".equalsIgnoreCase(padding)) throw new NoSuchPaddingException("Padding must be NoPadding");
    }

    @Override
    protected int engineGetBlockSize() {
        return BLOCK;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        checkInitialized();
        if (inputLen < 0) throw new IllegalArgumentException("negative input length");
        long n = encrypt ? (long) inputLen + tagLen : Math.max(0L, (long) heldLen + inputLen - tagLen);
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    /** "GCM" parameters (DER GCMParameters of RFC 5084, {@link GcmParametersSpi}), as SunJCE's. */
    @Override
    AlgorithmParameters newParameters() throws NoSuchAlgorithmException {
        return AlgorithmParameters.getInstance("GCM", SimdCryptProvider.instance());
    }

    @Override
    AlgorithmParameterSpec parameterSpec() {
        return new GCMParameterSpec(tagLen * 8, iv);
    }

    // ---- init ---------------------------------------------------------------------------------

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        if (opmode == Cipher.DECRYPT_MODE || opmode == Cipher.UNWRAP_MODE) {
            throw new InvalidKeyException("No GCMParameterSpec specified");
        }
        try {
            init(opmode, key, null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        init(opmode, key, params, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        GCMParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(GCMParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException("GCM parameters expected", e);
            }
        }
        init(opmode, key, spec, random);
    }

    private void init(int opmode, Key k, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean enc = switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new java.security.InvalidParameterException("Unknown operation mode " + opmode);
        };
        byte[] nonce;
        int tagBits;
        if (params == null) {
            if (!enc) throw new InvalidAlgorithmParameterException("GCMParameterSpec required for decryption");
            nonce = new byte[DEFAULT_IV_BYTES];
            (random != null ? random : new SecureRandom()).nextBytes(nonce);
            tagBits = DEFAULT_TAG_BITS;
        } else if (params instanceof GCMParameterSpec spec) {
            nonce = spec.getIV();
            tagBits = spec.getTLen();
            if (nonce == null) throw new InvalidAlgorithmParameterException("IV is null");
            if (nonce.length == 0) throw new InvalidAlgorithmParameterException("IV is empty");
        } else {
            throw new InvalidAlgorithmParameterException("AlgorithmParameterSpec not of GCMParameterSpec");
        }
        if (tagBits < 96 || tagBits > 128 || (tagBits & 7) != 0) {
            throw new InvalidAlgorithmParameterException("Unsupported TLen value. Must be one of "
                    + "{128, 120, 112, 104, 96}");
        }
        byte[] raw = rawKey(k);
        boolean keep = false; // raw becomes this.key
        try {
            String nativeName = alg.nameByKeyLength().get(raw.length);
            if (nativeName == null) {
                throw new InvalidKeyException(alg.jcaName() + " takes keys of " + alg.keyLengths() + ", not "
                        + raw.length);
            }
            if (enc && MessageDigest.isEqual(raw, lastEncKey) && MessageDigest.isEqual(nonce, lastEncIv)) {
                throw new InvalidAlgorithmParameterException("Cannot reuse iv for GCM encryption");
            }
            initialized = false;
            clearHeld();
            boolean sameKey = key != null && MessageDigest.isEqual(raw, key);
            if (!sameKey) {
                forgetKey();
                int rc = NativeAead.init(nc.ctx, CipherAlgorithm.cName(nativeName), MemorySegment.ofArray(raw),
                        nc.opts);
                if (rc == NativeCipher.SC_EKEYSIZE) throw new InvalidKeyException("Invalid key length " + raw.length);
                if (rc != NativeCipher.SC_OK) throw failed("init", rc);
                key = raw;
                keep = true;
            }
            int rc = NativeAead.start(nc.ctx, enc, MemorySegment.ofArray(nonce));
            if (rc == NativeCipher.SC_EIVSIZE) throw new InvalidAlgorithmParameterException("Unsupported IV length "
                    + nonce.length);
            if (rc != NativeCipher.SC_OK) throw failed("start", rc);
            if (enc) {
                if (lastEncKey != null) Arrays.fill(lastEncKey, (byte) 0);
                lastEncKey = key.clone();
                lastEncIv = nonce.clone();
            }
            encrypt = enc;
            iv = nonce;
            tagLen = tagBits / 8;
            spent = false;
            dataStarted = false;
            initialized = true;
        } finally {
            if (!keep) Arrays.fill(raw, (byte) 0);
        }
    }

    /** Wipe the native key schedule and the Java copy of the key. */
    private void forgetKey() {
        nc.wipe();
        if (key != null) Arrays.fill(key, (byte) 0);
        key = null;
    }

    private static ProviderException failed(String what, int rc) {
        return new ProviderException("simdcrypt: GCM " + what + " failed: " + NativeCipher.strerror(rc));
    }

    private void checkInitialized() {
        if (!initialized) throw new IllegalStateException("Cipher not initialized");
    }

    /** Initialised, and not an encryption that already ended (SunJCE's wording). */
    private void checkUsable() {
        checkInitialized();
        if (spent) throw new IllegalStateException("Must use either different key or iv for GCM encryption");
    }

    /** Decryption: back to the start of a message with the same IV (the JCA's state after init). */
    private void restartDecryption() {
        clearHeld();
        dataStarted = false;
        int rc = NativeAead.start(nc.ctx, false, MemorySegment.ofArray(iv));
        if (rc != NativeCipher.SC_OK) {
            initialized = false;
            throw failed("start", rc);
        }
    }

    private void clearHeld() {
        Arrays.fill(held, 0, heldLen, (byte) 0);
        heldLen = 0;
    }

    // ---- AAD ----------------------------------------------------------------------------------

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        java.util.Objects.checkFromIndexSize(offset, len, src.length);
        updateAad(MemorySegment.ofArray(src).asSlice(offset, len));
    }

    @Override
    protected void engineUpdateAAD(ByteBuffer src) {
        updateAad(MemorySegment.ofBuffer(src));
        src.position(src.limit());
    }

    private void updateAad(MemorySegment aad) {
        checkUsable();
        if (dataStarted) throw new IllegalStateException("Update has been called; no more AAD data");
        for (long pos = 0; pos < aad.byteSize(); pos += NativeCipher.MAX_CALL_BYTES) {
            int rc = NativeAead.updateAad(nc.ctx, aad.asSlice(pos, Math.min(aad.byteSize() - pos,
                    NativeCipher.MAX_CALL_BYTES)));
            if (rc != NativeCipher.SC_OK) throw failed("AAD", rc);
        }
    }

    // ---- update -------------------------------------------------------------------------------

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkUsable();
        java.util.Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        MemorySegment in = MemorySegment.ofArray(input).asSlice(inputOffset, inputLen);
        dataStarted = true;
        if (!encrypt) {
            hold(in);
            return new byte[0];
        }
        byte[] out = new byte[inputLen];
        encryptData(in, MemorySegment.ofArray(out));
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkUsable();
        java.util.Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        checkOutputOffset(output, outputOffset);
        MemorySegment in = MemorySegment.ofArray(input).asSlice(inputOffset, inputLen);
        dataStarted = true;
        if (!encrypt) {
            hold(in);
            return 0;
        }
        if (output.length - outputOffset < inputLen) throw shortBuffer(inputLen, output.length - outputOffset);
        int overlap = arrayOverlap(input, inputOffset, inputLen, output, outputOffset, inputLen);
        MemorySegment out = MemorySegment.ofArray(output).asSlice(outputOffset, inputLen);
        return encryptData(readable(in, overlap == OVERLAP), out);
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        checkUsable();
        int n = input.remaining();
        MemorySegment in = MemorySegment.ofBuffer(input);
        dataStarted = true;
        if (!encrypt) {
            hold(in);
            input.position(input.limit());
            return 0;
        }
        checkOutputBuffer(output, n);
        MemorySegment out = MemorySegment.ofBuffer(output).asSlice(0, n);
        int w = encryptData(readable(in, bufferOverlap(input, output, in, out) == OVERLAP), out);
        input.position(input.limit());
        output.position(output.position() + w);
        return w;
    }

    /** Encrypt all of {@code in} to the start of {@code out} (room checked), in pieces. */
    private int encryptData(MemorySegment in, MemorySegment out) {
        crypt(true, in, out);
        return (int) in.byteSize();
    }

    /** The library's data update over all of {@code in}, in pieces a GC need not wait long for. */
    private void crypt(boolean enc, MemorySegment in, MemorySegment out) {
        long n = in.byteSize();
        for (long pos = 0; pos < n; pos += NativeCipher.MAX_CALL_BYTES) {
            long len = Math.min(n - pos, NativeCipher.MAX_CALL_BYTES);
            int rc = NativeAead.update(nc.ctx, enc, in.asSlice(pos, len), out.asSlice(pos, len), nc.outLen);
            if (rc != NativeCipher.SC_OK) throw failed("update", rc);
        }
    }

    /** Decryption input, held until doFinal. */
    private void hold(MemorySegment in) {
        long need = heldLen + in.byteSize();
        if (need > Integer.MAX_VALUE - 8) throw new ProviderException("simdcrypt: GCM message above 2 GiB");
        if (need > held.length) {
            byte[] bigger = Arrays.copyOf(held, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * held.length)));
            Arrays.fill(held, (byte) 0);
            held = bigger;
        }
        MemorySegment.copy(in, 0, MemorySegment.ofArray(held), heldLen, in.byteSize());
        heldLen = (int) need;
    }

    // ---- doFinal ------------------------------------------------------------------------------

    @Override
    void checkReady() {
        checkUsable();
    }

    @Override
    String jcaName() {
        return alg.jcaName();
    }

    @Override
    int doFinal(MemorySegment in, MemorySegment out, int overlap)
            throws ShortBufferException, AEADBadTagException {
        return encrypt ? encryptFinal(in, out, overlap) : decryptFinal(in, out, overlap);
    }

    private int encryptFinal(MemorySegment in, MemorySegment out, int overlap) throws ShortBufferException {
        long n = in.byteSize();
        if (out.byteSize() < n + tagLen) throw shortBuffer(n + tagLen, out.byteSize());
        spent = true; // whatever happens now, this key and IV have been used
        crypt(true, readable(in, overlap == OVERLAP), out);
        MemorySegment tag = tagOut.asSlice(0, tagLen);
        int rc = NativeAead.finish(nc.ctx, true, tag);
        if (rc != NativeCipher.SC_OK) throw failed("final", rc);
        MemorySegment.copy(tag, 0, out, n, tagLen);
        return (int) n + tagLen;
    }

    private int decryptFinal(MemorySegment in, MemorySegment out, int overlap)
            throws ShortBufferException, AEADBadTagException {
        long total = heldLen + in.byteSize();
        if (total < tagLen) {
            restartDecryption();
            throw new AEADBadTagException("Input data too short to contain an expected tag length of " + tagLen
                    + "bytes");
        }
        int ptLen = (int) (total - tagLen);
        if (out.byteSize() < ptLen) throw shortBuffer(ptLen, out.byteSize());
        try {
            if (heldLen == 0 && overlap == DISJOINT) {
                // Straight from the caller's input to its output; zeroed again on a bad tag.
                crypt(false, in.asSlice(0, ptLen), out);
                if (verify(in.asSlice(ptLen, tagLen))) return ptLen;
                out.asSlice(0, ptLen).fill((byte) 0);
            } else {
                // Held input, or output sharing the input's memory: decrypt in the held copy and
                // release the plaintext only once the tag verified.
                hold(in);
                MemorySegment h = MemorySegment.ofArray(held);
                crypt(false, h.asSlice(0, ptLen), h);
                if (verify(h.asSlice(ptLen, tagLen))) {
                    MemorySegment.copy(h, 0, out, 0, ptLen);
                    return ptLen;
                }
            }
            throw new AEADBadTagException("Tag mismatch");
        } finally {
            restartDecryption();
        }
    }

    /** Finish the decryption: whether the tag verified (constant-time comparison in the library). */
    private boolean verify(MemorySegment tag) {
        int rc = NativeAead.finish(nc.ctx, false, tag);
        if (rc == NativeCipher.SC_EAUTH) return false;
        if (rc != NativeCipher.SC_OK) throw failed("final", rc);
        return true;
    }
}
