/* SPDX-License-Identifier: Apache-2.0 */
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
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;

/**
 * What this provider's Ciphers whose key and nonce must never encrypt twice share: the AEADs
 * (AES/GCM, ChaCha20-Poly1305, XChaCha20-Poly1305) over the library's streaming AEAD API
 * (sc_aead_start / update_aad / *_update / *_final), and ChaCha20, run as an AEAD without tag
 * or AAD over the cipher API ({@link ChaCha20CipherSpi}). The behaviour is SunJCE's:
 * <ul>
 *   <li>parameters and their defaults are the subclass's ({@link #parse}, {@link #defaults});
 *   <li>AAD before the data: {@code updateAAD} after an update is an IllegalStateException;
 *   <li>encryption streams out (an update writes as many bytes as it takes), doFinal appends the
 *       tag; then the instance refuses further use (IllegalStateException) until init, and an
 *       init for encryption with the key and nonce of the last encryption (GCM) or of the last
 *       init (ChaCha20, {@link #remembersEveryInit}) is refused ({@link #refuseReuse});
 *   <li>AEAD decryption holds everything until doFinal, verifies the tag, and only then writes
 *       the plaintext: on a bad tag it throws AEADBadTagException and releases nothing (the
 *       output is left as it was when input and output share memory or input was held; written
 *       and zeroed again otherwise, as SunJCE does). Without a tag (ChaCha20) decryption streams
 *       like encryption. After doFinal, decryption may be repeated with the same parameters.
 * </ul>
 * Buffers: direct and heap ByteBuffers go to the library in place (no copy) except AEAD
 * decryption updates, whose input must be held; input that partially overlaps the output is
 * copied first. Like SunJCE, the instance keeps a copy of the key of its last encryption for
 * the reuse check (and of the key in use, to skip an unchanged key schedule).
 */
abstract class NonceCipherSpi extends SegmentCipherSpi {
    /**
     * What init takes from the parameters: the nonce, the tag length, ChaCha20's first block.
     * One per instance, refilled by {@link #parse} and {@link #defaults} ({@link #parsed}): an
     * init allocates no holder, even where escape analysis does not run (issue 15).
     */
    static final class Params {
        private byte[] nonce;
        private int tagBits;
        private long counter;

        Params set(byte[] nonce, int tagBits, long counter) {
            this.nonce = nonce;
            this.tagBits = tagBits;
            this.counter = counter;
            return this;
        }

        byte[] nonce() {
            return nonce;
        }

        int tagBits() {
            return tagBits;
        }

        long counter() {
            return counter;
        }
    }

    /** The instance's {@link Params}, which parse and defaults fill and return. */
    final Params parsed = new Params();

    final AeadAlgorithm alg;
    final NativeContext nc;
    /** The tag of an encryption: up to a Kalyna-512 block (sc_aead_info.tag_sizes: at most 64 bytes). */
    private final MemorySegment tagOut = MemorySegment.ofArray(new byte[64]);

    private boolean initialized;
    private boolean encrypt;
    /** Encryption finished: the key and nonce must change before the next message. */
    private boolean spent;
    /** An update ran: AAD is closed. */
    private boolean dataStarted;
    int tagLen;
    /** The native name the key length chose. */
    String nativeName;
    /** The key in the native context (null: none), compared to skip an unchanged key schedule. */
    byte[] key;
    /** The key and nonce the reuse check compares with (SunJCE's). */
    private byte[] lastKey, lastIv;
    /** {@link #lastKey} holds the bytes of {@link #key} (both set by one successful init). */
    private boolean lastKeyInUse;
    /** Decryption (and one-shot encryption): the input held until doFinal. */
    private byte[] held = new byte[0];
    private int heldLen;
    /** One-shot names: the AAD held until doFinal. */
    private final java.io.ByteArrayOutputStream heldAad = new java.io.ByteArrayOutputStream();
    /** Whether {@link #heldAad} holds anything (its own size() and reset() take a lock). */
    private boolean aadHeld;
    /**
     * {@link #defersStart}: the message's sc_aead_start (direction {@link #pendingEncrypt},
     * nonce {@link #iv}) is still to be made; the first AAD or data call makes it, or doFinal
     * runs the whole message as one sc_aead_seal / sc_aead_open.
     */
    private boolean startPending;
    private boolean pendingEncrypt;

    NonceCipherSpi(AeadAlgorithm alg, NativeContext.Kind kind) {
        this.alg = alg;
        this.nc = new NativeContext(this, kind);
    }

    // ---- what subclasses decide ----------------------------------------------------------------

    /** The parameters of a spec (not null), or InvalidAlgorithmParameterException. */
    abstract Params parse(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException;

    /** The parameters of an init without any: drawn for encryption, refused for decryption. */
    abstract Params defaults(boolean encrypt, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException;

    /** The spec to take out of a provider's AlgorithmParameters. */
    abstract Class<? extends AlgorithmParameterSpec> specClass();

    /** Throws what an encryption init with the key and nonce the reuse check remembers gets. */
    abstract void refuseReuse() throws InvalidKeyException, InvalidAlgorithmParameterException;

    /** Whether every init (SunJCE's ChaCha20) or only encryption (its GCM) is remembered for the reuse check. */
    abstract boolean remembersEveryInit();

    /** The IllegalStateException message for use of a finished encryption. */
    abstract String spentMessage();

    /** The block size JCA callers see (GCM: 16, SunJCE's; ChaCha20: 0, a stream). */
    @Override
    protected abstract int engineGetBlockSize();

    /**
     * Whether the native name takes whole messages only (sc_aead_seal / sc_aead_open; Kalyna
     * CCM, whose first MAC block holds the lengths): AAD and data are then held until doFinal,
     * in both directions, and no native message is started.
     */
    boolean oneShot() {
        return false;
    }

    /**
     * Whether the AEAD API's sc_aead_start may wait for the message's first native call (issue
     * 15: an init with an unchanged key then costs no downcall, and a message given whole to
     * doFinal one, sc_aead_seal or sc_aead_open). Only for names whose start cannot refuse a
     * nonce {@link #parse} or {@link #defaults} accepted (the ChaCha AEADs: exact nonce lengths).
     */
    boolean defersStart() {
        return false;
    }

    /** Whether {@code updateAAD} is taken (ChaCha20 alone: no). */
    boolean takesAad() {
        return true;
    }

    // Native operations: the AEAD API; ChaCha20 runs the cipher API instead.

    /** Schedule {@link #key} for {@link #nativeName} (only when the key changed). */
    int nativeKey() {
        return NativeAead.init(nc.ctx, CipherAlgorithm.cName(nativeName), MemorySegment.ofArray(key), nc.opts);
    }

    /** Start a message under the scheduled key (one-shot names: nothing to start). */
    int nativeStart(boolean enc, byte[] nonce, long counter) {
        startPending = false;
        if (oneShot()) return NativeCipher.SC_OK;
        if (defersStart()) {
            startPending = true;
            pendingEncrypt = enc;
            return NativeCipher.SC_OK;
        }
        return NativeAead.start(nc.ctx, enc, MemorySegment.ofArray(nonce));
    }

    /** The deferred sc_aead_start ({@link #defersStart}), before a message's first AAD, data or final call. */
    private void startNow() {
        if (!startPending) return;
        startPending = false;
        int rc = NativeAead.start(nc.ctx, pendingEncrypt, MemorySegment.ofArray(iv));
        if (rc != NativeCipher.SC_OK) throw failed("start", rc);
    }

    /** {@code n} bytes of {@code in} from {@code inOff} to {@code out} from {@code outOff}. */
    int nativeUpdate(boolean enc, MemorySegment in, long inOff, long n, MemorySegment out, long outOff) {
        startNow();
        return NativeAead.update(nc.ctx, enc, in.asSlice(inOff, n), out.asSlice(outOff, n), nc.outLen);
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
    protected int engineGetOutputSize(int inputLen) {
        checkInitialized();
        if (inputLen < 0) throw new IllegalArgumentException("negative input length");
        long n = encrypt ? (long) heldLen + inputLen + tagLen : Math.max(0L, (long) heldLen + inputLen - tagLen);
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    /** Decryption holds its input when there is a tag to verify first; one-shot names always. */
    private boolean holds() {
        return oneShot() || (!encrypt && tagLen > 0);
    }

    // ---- init ---------------------------------------------------------------------------------

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
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
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(specClass());
            } catch (java.security.spec.InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException(specClass().getSimpleName() + " parameters expected", e);
            }
        }
        init(opmode, key, spec, random);
    }

    private void init(int opmode, Key k, AlgorithmParameterSpec spec, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean enc = switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new java.security.InvalidParameterException("Unknown operation mode " + opmode);
        };
        Params p = spec == null ? defaults(enc, random) : parse(spec);
        byte[] nonce = p.nonce();
        byte[] raw = rawKey(k);
        boolean keep = false; // raw becomes this.key
        try {
            String name = alg.nameByKeyLength().get(raw.length);
            if (name == null) {
                throw new InvalidKeyException(alg.jcaName() + " takes keys of " + alg.keyLengths() + ", not "
                        + raw.length);
            }
            // One key comparison where the last remembered key is the key in use (every init of
            // ChaCha20: the reuse check and the key schedule look at the same bytes).
            boolean sameKey = key != null && name.equals(nativeName) && ConstantTime.equal(raw, key);
            if (enc && (lastKeyInUse ? sameKey : ConstantTime.equal(raw, lastKey)) && ConstantTime.equal(nonce, lastIv)) {
                refuseReuse();
            }
            initialized = false;
            clearHeld();
            if (!sameKey) {
                forgetKey();
                key = raw;
                nativeName = name;
                int rc = nativeKey();
                if (rc != NativeCipher.SC_OK) {
                    key = null; // raw is zeroed below
                    nativeName = null;
                    if (rc == NativeCipher.SC_EKEYSIZE) throw new InvalidKeyException("Invalid key length " + raw.length);
                    throw failed("init", rc);
                }
                keep = true;
            }
            int rc = nativeStart(enc, nonce, p.counter());
            if (rc == NativeCipher.SC_EIVSIZE) throw new InvalidAlgorithmParameterException("Unsupported IV length "
                    + nonce.length);
            if (rc != NativeCipher.SC_OK) throw failed("start", rc);
            if (enc || remembersEveryInit()) {
                // Kept arrays when the length allows (no allocation per message); the nonce is
                // this instance's own copy (parse and defaults make it), never written after.
                if (lastKey != null && lastKey.length == key.length) {
                    System.arraycopy(key, 0, lastKey, 0, key.length);
                } else {
                    if (lastKey != null) Arrays.fill(lastKey, (byte) 0);
                    lastKey = key.clone();
                }
                lastIv = nonce;
                lastKeyInUse = true;
            }
            encrypt = enc;
            iv = nonce;
            tagLen = p.tagBits() / 8;
            spent = false;
            dataStarted = false;
            initialized = true;
        } finally {
            if (!keep) Arrays.fill(raw, (byte) 0);
        }
    }

    /** A fresh random nonce of {@code n} bytes (encryption without parameters). */
    static byte[] randomNonce(int n, SecureRandom random) {
        byte[] nonce = new byte[n];
        (random != null ? random : new SecureRandom()).nextBytes(nonce);
        return nonce;
    }

    /**
     * Wipe the native key schedule and the Java copy of the key; drop the kept array views of
     * the last user (kept across inits under one key: a ChaCha20 init + doFinal per message on
     * the same arrays then makes no segment).
     */
    private void forgetKey() {
        forgetViews();
        lastKeyInUse = false;
        nc.wipe();
        if (key != null) Arrays.fill(key, (byte) 0);
        key = null;
        nativeName = null;
    }

    private ProviderException failed(String what, int rc) {
        return new ProviderException("simdcrypt: " + alg.jcaName() + " " + what + " failed: "
                + NativeCipher.strerror(rc));
    }

    private void checkInitialized() {
        if (!initialized) throw new IllegalStateException("Cipher not initialized");
    }

    /** Initialised, and not an encryption that already ended (SunJCE's wording). */
    private void checkUsable() {
        checkInitialized();
        if (spent) throw new IllegalStateException(spentMessage());
    }

    /** Decryption: back to the start of a message with the same nonce (the JCA's state after init). */
    private void restartDecryption() {
        clearHeld();
        dataStarted = false;
        int rc = nativeStart(false, iv, counter());
        if (rc != NativeCipher.SC_OK) {
            initialized = false;
            throw failed("start", rc);
        }
    }

    /** The first block counter of the current message (ChaCha20's; 0 for the AEADs). */
    long counter() {
        return 0;
    }

    private void clearHeld() {
        Arrays.fill(held, 0, heldLen, (byte) 0);
        heldLen = 0;
        if (aadHeld) {
            heldAad.reset();
            aadHeld = false;
        }
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
        if (!takesAad()) throw new IllegalStateException("Cipher is running in non-AEAD mode");
        if (dataStarted) throw new IllegalStateException("Update has been called; no more AAD data");
        if (oneShot()) {
            if (heldAad.size() + aad.byteSize() > Integer.MAX_VALUE - 8) {
                throw new ProviderException("simdcrypt: AAD above 2 GiB");
            }
            heldAad.writeBytes(aad.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            aadHeld = true;
            return;
        }
        startNow();
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
        if (holds()) {
            hold(in);
            return new byte[0];
        }
        byte[] out = new byte[inputLen];
        streamData(in, MemorySegment.ofArray(out));
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkUsable();
        java.util.Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        checkOutputOffset(output, outputOffset);
        dataStarted = true;
        if (holds()) {
            hold(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen));
            return 0;
        }
        if (output.length - outputOffset < inputLen) throw shortBuffer(inputLen, output.length - outputOffset);
        if (arrayOverlap(input, inputOffset, inputLen, output, outputOffset, inputLen) != OVERLAP) {
            // The kept segments and offsets: no segment per call.
            crypt(encrypt, segment(input, false), inputOffset, inputLen, segment(output, true), outputOffset);
            return inputLen;
        }
        MemorySegment in = readable(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen), true);
        return streamData(in, MemorySegment.ofArray(output).asSlice(outputOffset, inputLen));
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        checkUsable();
        int n = input.remaining();
        MemorySegment in = MemorySegment.ofBuffer(input);
        dataStarted = true;
        if (holds()) {
            hold(in);
            input.position(input.limit());
            return 0;
        }
        checkOutputBuffer(output, n);
        MemorySegment out = MemorySegment.ofBuffer(output).asSlice(0, n);
        int w = streamData(readable(in, bufferOverlap(input, output, in, out) == OVERLAP), out);
        input.position(input.limit());
        output.position(output.position() + w);
        return w;
    }

    /** Encrypt (or, without a tag, decrypt) all of {@code in} to the start of {@code out} (room checked). */
    private int streamData(MemorySegment in, MemorySegment out) {
        crypt(encrypt, in, out);
        return (int) in.byteSize();
    }

    private void crypt(boolean enc, MemorySegment in, MemorySegment out) {
        crypt(enc, in, 0, in.byteSize(), out, 0);
    }

    /**
     * The library's data update over {@code n} bytes of {@code in} from {@code inOff} to
     * {@code out} from {@code outOff}, in pieces a GC need not wait long for.
     */
    private void crypt(boolean enc, MemorySegment in, long inOff, long n, MemorySegment out, long outOff) {
        for (long pos = 0; pos < n; pos += NativeCipher.MAX_CALL_BYTES) {
            long len = Math.min(n - pos, NativeCipher.MAX_CALL_BYTES);
            int rc = nativeUpdate(enc, in, inOff + pos, len, out, outOff + pos);
            // The library refuses a piece that would run past the message limit (the 32-bit
            // block counter of ChaCha20) whole: nothing of it was written.
            if (rc == NativeCipher.SC_ELENGTH) {
                throw new IllegalStateException(alg.jcaName() + ": message too long for the block counter");
            }
            if (rc != NativeCipher.SC_OK) throw failed("update", rc);
        }
    }

    /** Decryption input, held until doFinal. */
    private void hold(MemorySegment in) {
        long need = heldLen + in.byteSize();
        if (need > Integer.MAX_VALUE - 8) throw new ProviderException("simdcrypt: AEAD message above 2 GiB");
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
        if (oneShot()) return oneShotFinal(in, out);
        return holds() ? decryptFinal(in, out, overlap) : streamFinal(in, out, overlap);
    }

    /**
     * A one-shot name's doFinal: the held AAD and input (with {@code in}) sealed or opened at
     * once. Opening writes to a scratch copy and releases the plaintext only once the tag
     * verified; the caller's output is untouched on a bad tag.
     */
    private int oneShotFinal(MemorySegment in, MemorySegment out) throws ShortBufferException, AEADBadTagException {
        long total = heldLen + in.byteSize();
        if (!encrypt && total < tagLen) {
            restartDecryption();
            throw new AEADBadTagException("Input data too short to contain an expected tag length of " + tagLen
                    + "bytes");
        }
        long need = encrypt ? total + tagLen : total - tagLen;
        if (out.byteSize() < need) throw shortBuffer(need, out.byteSize());
        if (encrypt) spent = true; // whatever happens now, this key and nonce have been used
        hold(in);
        byte[] result = new byte[(int) need];
        try {
            MemorySegment h = MemorySegment.ofArray(held).asSlice(0, heldLen);
            int rc = NativeAead.oneShot(nc.ctx, encrypt, MemorySegment.ofArray(iv), MemorySegment.ofArray(
                    heldAad.toByteArray()), h, MemorySegment.ofArray(result), nc.outLen, tagLen);
            if (rc == NativeCipher.SC_EAUTH) throw new AEADBadTagException("Tag mismatch");
            if (rc == NativeCipher.SC_ELENGTH) throw emptyMessage();
            if (rc != NativeCipher.SC_OK) throw failed(encrypt ? "seal" : "open", rc);
            MemorySegment.copy(MemorySegment.ofArray(result), 0, out, 0, need);
            return (int) need;
        } finally {
            Arrays.fill(result, (byte) 0);
            if (encrypt) clearHeld();
            else restartDecryption();
        }
    }

    /**
     * ChaCha20 (no tag: nothing held, both directions stream) from array to array through the
     * kept segments and offsets: what {@link #streamFinal} does without a segment per call, so an
     * init + doFinal allocates no more than SunJCE's (issue 15). Partial overlap takes the
     * general path (its copy).
     */
    @Override
    int arrayDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        if (tagLen != 0 || oneShot()) return -1;
        java.util.Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        checkOutputOffset(output, outputOffset);
        if (output.length - outputOffset < inputLen) throw shortBuffer(inputLen, output.length - outputOffset);
        if (arrayOverlap(input, inputOffset, inputLen, output, outputOffset, inputLen) == OVERLAP) return -1;
        MemorySegment in = segment(input, false), out = segment(output, true);
        if (!encrypt) {
            try {
                crypt(false, in, inputOffset, inputLen, out, outputOffset);
                return inputLen;
            } finally {
                restartDecryption();
            }
        }
        spent = true; // whatever happens now, this key and nonce have been used
        crypt(true, in, inputOffset, inputLen, out, outputOffset);
        return inputLen;
    }

    /** Encryption (tag appended), or decryption without a tag (then ready for the same message again). */
    private int streamFinal(MemorySegment in, MemorySegment out, int overlap) throws ShortBufferException {
        long n = in.byteSize();
        int extra = encrypt ? tagLen : 0;
        if (out.byteSize() < n + extra) throw shortBuffer(n + extra, out.byteSize());
        if (!encrypt) {
            try {
                streamData(readable(in, overlap == OVERLAP), out);
                return (int) n;
            } finally {
                restartDecryption();
            }
        }
        spent = true; // whatever happens now, this key and nonce have been used
        if (startPending && tagLen > 0 && n <= NativeCipher.MAX_CALL_BYTES) {
            // Nothing of the message went to the library yet: all of it in one sc_aead_seal.
            startPending = false;
            int rc = NativeAead.oneShot(nc.ctx, true, MemorySegment.ofArray(iv), MemorySegment.NULL,
                    readable(in, overlap == OVERLAP), out.asSlice(0, n + tagLen), nc.outLen, tagLen);
            if (rc != NativeCipher.SC_OK) throw failed("seal", rc);
            return (int) n + tagLen;
        }
        streamData(readable(in, overlap == OVERLAP), out);
        if (tagLen == 0) return (int) n;
        startNow();
        MemorySegment tag = tagOut.asSlice(0, tagLen);
        int rc = NativeAead.finish(nc.ctx, true, tag);
        if (rc == NativeCipher.SC_ELENGTH) throw emptyMessage();
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
            if (startPending && heldLen == 0 && overlap == DISJOINT && total <= NativeCipher.MAX_CALL_BYTES) {
                // The whole message in one sc_aead_open, straight from the caller's input to its
                // output, which the library zeroes again on a bad tag (as below).
                startPending = false;
                int rc = NativeAead.oneShot(nc.ctx, false, MemorySegment.ofArray(iv), MemorySegment.NULL, in,
                        out.asSlice(0, ptLen), nc.outLen, tagLen);
                if (rc == NativeCipher.SC_OK) return ptLen;
                if (rc != NativeCipher.SC_EAUTH) throw failed("open", rc);
            } else if (heldLen == 0 && overlap == DISJOINT) {
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
        startNow();
        int rc = NativeAead.finish(nc.ctx, false, tag);
        if (rc == NativeCipher.SC_EAUTH) return false;
        if (rc == NativeCipher.SC_ELENGTH) throw emptyMessage();
        if (rc != NativeCipher.SC_OK) throw failed("final", rc);
        return true;
    }

    /** Kalyna GCM refuses a message with neither AAD nor data (its tag would be the hash key). */
    private IllegalStateException emptyMessage() {
        return new IllegalStateException(alg.jcaName() + " refuses a message with neither AAD nor data");
    }
}
