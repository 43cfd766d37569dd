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

    ChaCha20CipherSpi(AeadAlgorithm alg) {
        super(alg, NativeContext.Kind.CIPHER);
    }

    @Override
    Params parse(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof ChaCha20ParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException("ChaCha20 algorithm requires ChaCha20ParameterSpec");
        }
        return new Params(spec.getNonce(), 0, Integer.toUnsignedLong(spec.getCounter()));
    }

    @Override
    Params defaults(boolean encrypt, SecureRandom random) throws InvalidKeyException {
        requireEncryption(encrypt);
        return new Params(randomNonce(NONCE_BYTES, random), 0, 1);
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
        return NativeCipher.SC_OK;
    }

    /**
     * A message under {@link #key}: once the context holds that key, sc_cipher_reset_iv (the
     * new nonce and counter, no key setup, no 4 KiB wipe and name lookup: issue 15); otherwise,
     * or if the library refuses the context, a full init. The direction init took stays, which
     * for a stream cipher is the same either way.
     */
    @Override
    int nativeStart(boolean enc, byte[] nonce, long first) {
        int rc = NativeCipher.SC_ESTATE;
        if (keyed) rc = NativeCipher.cipherResetIv(nc.ctx, MemorySegment.ofArray(nonce), first);
        if (rc == NativeCipher.SC_ESTATE) {
            nc.setCounter(first);
            rc = NativeCipher.cipherInit(nc.ctx, CipherAlgorithm.cName(nativeName), enc, MemorySegment.ofArray(key),
                    MemorySegment.ofArray(nonce), nc.opts);
            keyed = rc == NativeCipher.SC_OK;
        }
        if (rc == NativeCipher.SC_OK) counter = first;
        return rc;
    }

    @Override
    long counter() {
        return counter;
    }

    @Override
    int nativeUpdate(boolean enc, MemorySegment in, MemorySegment out) {
        return NativeCipher.cipherUpdate(nc.ctx, in, 0, in.byteSize(), out, 0, out.byteSize(), nc.outLen);
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
