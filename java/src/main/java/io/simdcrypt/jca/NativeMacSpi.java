/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.ArrayView;
import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeContext;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.ProviderException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.MacSpi;
import javax.crypto.spec.IvParameterSpec;

/**
 * A JCA Mac over sc_mac_* (the DSTU 7624 MAC of Kalyna, the GOST R 34.13-2015 CMAC of Magma,
 * AES-GMAC with its nonce from an IvParameterSpec; reset keeps the nonce, as Bouncy Castle's).
 * Like the Cipher, one native context per instance, sc_mac_reset for the JCA's reset, and heap
 * arrays passed in place: the kept whole-array segment of the last array ({@link ArrayView})
 * and an offset, so repeated updates from an array allocate nothing.
 */
final class NativeMacSpi extends MacSpi {
    private final MacAlgorithm alg;
    private final NativeContext nc;
    private final byte[] oneByte = new byte[1];
    private final MemorySegment oneByteSegment = MemorySegment.ofArray(oneByte);
    /** The last array updated from, with its segment. */
    private ArrayView view;
    private NativeCipher.Info info;
    private boolean initialized;

    NativeMacSpi(MacAlgorithm alg) {
        this.alg = alg;
        this.nc = new NativeContext(this, true);
    }

    @Override
    protected int engineGetMacLength() {
        return info != null ? info.tagSize() : alg.tagSize();
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        initialized = false;
        nc.wipe();
        if (key == null) throw new InvalidKeyException("No key given");
        byte[] k = key.getEncoded();
        if (k == null) throw new InvalidKeyException("Key has no encoding");
        try {
            String nativeName = alg.prefixByKeyLength().get(k.length);
            if (nativeName == null) {
                throw new InvalidKeyException(alg.jcaName() + " takes keys of " + alg.keyLengths() + ", not " + k.length);
            }
            String sbox = alg.defaultSbox();
            byte[] nonce = null;
            if (alg.nonceSize() > 0) { // GMAC: the nonce is the IV, as in Bouncy Castle's AES-GMAC
                if (!(params instanceof IvParameterSpec ivSpec)) {
                    throw new InvalidAlgorithmParameterException(alg.jcaName() + " needs an IvParameterSpec (nonce, "
                            + alg.nonceSize() + " bytes recommended)");
                }
                nonce = ivSpec.getIV();
                if (nonce.length == 0) throw new InvalidAlgorithmParameterException("Empty nonce");
            } else if (params instanceof GostParameterSpec gost && alg.hasSbox()) {
                if (gost.getIV() != null) throw new InvalidAlgorithmParameterException("A MAC takes no IV");
                sbox = gost.getSbox();
            } else if (params instanceof IvParameterSpec && nativeName.endsWith("-gmac")) {
                // A GMAC without a nonce (DSTU 7624 section 10: the tag does not depend on one):
                // Bouncy Castle's KGMac ("DSTU7624-128GMAC") demands an IV and ignores it; so does this.
            } else if (params != null) {
                throw new InvalidAlgorithmParameterException(alg.jcaName() + " takes no parameters of type "
                        + params.getClass().getName());
            }
            try {
                nc.setSbox(sbox);
            } catch (IllegalArgumentException e) {
                throw new InvalidAlgorithmParameterException("Invalid S-box: " + e.getMessage());
            }
            nc.setGostConventions(nativeName);
            int rc = nonce == null
                    ? NativeCipher.macInit(nc.ctx, CipherAlgorithm.cName(nativeName), MemorySegment.ofArray(k), nc.opts)
                    : NativeCipher.macInitNonce(nc.ctx, CipherAlgorithm.cName(nativeName), MemorySegment.ofArray(k),
                            MemorySegment.ofArray(nonce), nc.opts);
            nc.clearSbox();
            switch (rc) {
                case NativeCipher.SC_OK -> { }
                case NativeCipher.SC_EKEYSIZE -> throw new InvalidKeyException(alg.jcaName() + ": wrong key length "
                        + k.length);
                case NativeCipher.SC_EIVSIZE -> throw new InvalidAlgorithmParameterException("Wrong nonce length "
                        + (nonce == null ? 0 : nonce.length));
                case NativeCipher.SC_EINVAL -> throw new InvalidAlgorithmParameterException("Invalid parameters: "
                        + NativeCipher.strerror(rc));
                default -> throw new ProviderException("simdcrypt: " + nativeName + " init failed: "
                        + NativeCipher.strerror(rc));
            }
            info = CipherAlgorithm.info(nativeName);
            view = null; // keep no array of an earlier user past a new init
            nc.markInitialised();
            initialized = true;
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }

    private void checkInitialized() {
        if (!initialized) throw new IllegalStateException("MAC not initialized");
    }

    @Override
    protected void engineUpdate(byte input) {
        oneByte[0] = input;
        update(oneByteSegment, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        java.util.Objects.checkFromIndexSize(offset, len, input.length);
        update(segment(input), offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        int len = input.remaining();
        if (input.hasArray()) {
            update(segment(input.array()), input.arrayOffset() + input.position(), len);
        } else {
            update(MemorySegment.ofBuffer(input), 0, len);
        }
        input.position(input.limit());
    }

    private MemorySegment segment(byte[] b) {
        ArrayView v = ArrayView.of(view, b);
        if (v != view && v.keep()) view = v;
        return v.segment();
    }

    /** {@code n} bytes of {@code in} from {@code off} (range checked by the callers). */
    private void update(MemorySegment in, long off, long n) {
        checkInitialized();
        for (long pos = 0; pos < n; pos += NativeCipher.MAX_CALL_BYTES) {
            int rc = NativeCipher.macUpdate(nc.ctx, in, off + pos, Math.min(n - pos, NativeCipher.MAX_CALL_BYTES));
            if (rc != NativeCipher.SC_OK) throw new ProviderException("simdcrypt: MAC update failed: "
                    + NativeCipher.strerror(rc));
        }
    }

    @Override
    protected byte[] engineDoFinal() {
        checkInitialized();
        byte[] tag = new byte[info.tagSize()];
        try {
            int rc = NativeCipher.macFinal(nc.ctx, MemorySegment.ofArray(tag));
            if (rc == NativeCipher.SC_ELENGTH) {
                throw new IllegalStateException(alg.jcaName() + " cannot authenticate this message length"
                        + " (the DSTU 7624 MAC takes a non-empty whole number of blocks)");
            }
            if (rc != NativeCipher.SC_OK) throw new ProviderException("simdcrypt: MAC final failed: "
                    + NativeCipher.strerror(rc));
            return tag;
        } finally {
            nc.reset();
        }
    }

    @Override
    protected void engineReset() {
        if (initialized) nc.reset();
    }
}
