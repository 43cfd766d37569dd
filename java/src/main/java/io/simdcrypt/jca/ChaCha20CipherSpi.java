/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeContext;
import java.lang.foreign.MemorySegment;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.ChaCha20ParameterSpec;

/**
 * SunJCE's "ChaCha20" (RFC 8439 section 2.4) over the library's cipher API (sc_cipher_init_ex
 * with the 12-byte nonce as IV and opts.counter as the first block): a
 * {@link ChaCha20ParameterSpec} whose counter is read as unsigned 32-bit; encryption without
 * parameters draws a random nonce and starts at block 1, as SunJCE does. It runs as an AEAD
 * without tag or AAD ({@link NonceCipherSpi}): SunJCE's refusal of a key and nonce reused for
 * encryption, whatever the counter, and its end of an encryption at doFinal, are the AEADs'.
 * No AlgorithmParameters (getParameters() is null, as in SunJCE). A message that would run the
 * counter past 2^32 - 1 is refused whole (IllegalStateException; SunJCE lets the counter go on).
 */
final class ChaCha20CipherSpi extends ChaChaSpi {
    private static final int NONCE_BYTES = 12;
    private long counter;
    /** The native context holds {@link #key} from a successful init (reset_iv may move it on). */
    private boolean keyed;
    /**
     * The nonce of the current message, not yet in the native context: an init under the key
     * the context holds only records it, and the message's first data call moves the context
     * there (sc_cipher_reset_iv_update_at), so init + doFinal is one downcall (issue 15). A
     * kept array and segment: nothing is allocated per message for it.
     */
    private final byte[] nextNonce = new byte[NONCE_BYTES];
    private final MemorySegment nextNonceSegment = MemorySegment.ofArray(nextNonce);
    private boolean ivPending;

    ChaCha20CipherSpi(AeadAlgorithm alg) {
        super(alg, NativeContext.Kind.CIPHER);
    }

    @Override
    Params parse(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof ChaCha20ParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException("ChaCha20 algorithm requires ChaCha20ParameterSpec");
        }
        return parsed.set(spec.getNonce(), 0, Integer.toUnsignedLong(spec.getCounter()));
    }

    @Override
    Params defaults(boolean encrypt, SecureRandom random) throws InvalidKeyException {
        requireEncryption(encrypt);
        return parsed.set(randomNonce(NONCE_BYTES, random), 0, 1);
    }

    @Override
    Class<ChaCha20ParameterSpec> specClass() {
        return ChaCha20ParameterSpec.class;
    }

    @Override
    boolean takesAad() {
        return false;
    }

    /**
     * Nothing to schedule here: the cipher API takes key and nonce together, so the next
     * {@link #nativeStart} runs a full init with the new key.
     */
    @Override
    int nativeKey() {
        keyed = false;
        ivPending = false;
        return NativeCipher.SC_OK;
    }

    /**
     * A message under {@link #key}: once the context holds that key, the nonce and counter are
     * only recorded for the first data call ({@link #nativeUpdate}: sc_cipher_reset_iv with it,
     * no key setup, no 4 KiB wipe and name lookup); otherwise a full init. A 12-byte nonce
     * (ChaCha20ParameterSpec's only length) and an unsigned 32-bit counter are what reset_iv
     * takes on a keyed context, so nothing it could refuse is left for later. The direction init
     * took stays, which for a stream cipher is the same either way.
     */
    @Override
    int nativeStart(boolean enc, byte[] nonce, long first) {
        if (keyed && nonce.length == NONCE_BYTES) {
            System.arraycopy(nonce, 0, nextNonce, 0, NONCE_BYTES);
            counter = first;
            ivPending = true;
            return NativeCipher.SC_OK;
        }
        ivPending = false;
        nc.setCounter(first);
        int rc = NativeCipher.cipherInit(nc.ctx, CipherAlgorithm.cName(nativeName), enc, MemorySegment.ofArray(key),
                MemorySegment.ofArray(nonce), nc.opts);
        keyed = rc == NativeCipher.SC_OK;
        if (rc == NativeCipher.SC_OK) counter = first;
        return rc;
    }

    @Override
    long counter() {
        return counter;
    }

    @Override
    int nativeUpdate(boolean enc, MemorySegment in, long inOff, long n, MemorySegment out, long outOff) {
        if (!ivPending) return NativeCipher.cipherUpdate(nc.ctx, in, inOff, n, out, outOff, n, nc.outLen);
        int rc = NativeCipher.cipherResetIvUpdate(nc.ctx, nextNonceSegment, counter, in, inOff, n, out, outOff, n,
                nc.outLen);
        // SC_ELENGTH (the counter would wrap) comes from the update: the new nonce is in place.
        if (rc == NativeCipher.SC_OK || rc == NativeCipher.SC_ELENGTH) ivPending = false;
        return rc;
    }

    /** None: SunJCE's ChaCha20 has no AlgorithmParameters. */
    @Override
    AlgorithmParameters newParameters() {
        return null;
    }

    @Override
    AlgorithmParameterSpec parameterSpec() {
        return new ChaCha20ParameterSpec(iv, (int) counter);
    }
}
