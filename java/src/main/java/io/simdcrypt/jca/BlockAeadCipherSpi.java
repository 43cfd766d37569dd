/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeAead;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * DSTU 7624's GCM and CCM (Kalyna: "Kalyna-256/GCM/NoPadding", "Kalyna-256/CCM/NoPadding",
 * Bouncy Castle's ccm OIDs) with SunJCE's GCM behaviour otherwise ({@link GcmCipherSpi}): a
 * {@link GCMParameterSpec} whose IV is exactly one block (the standard's counter starts from the
 * encrypted nonce) and whose tag length is one the native name accepts (sc_aead_info.tag_sizes:
 * GCM 64 bits up to the block, CCM 64, 128, 256, 384 or 512 up to the block); an
 * {@link IvParameterSpec} as Bouncy Castle's BaseBlockCipher takes it for KCCM (a full-block
 * tag); encryption without parameters draws a random one-block IV (getIV) and uses a
 * full-block tag; getParameters() is null (see {@link #newParameters}).
 * The block size reported is the cipher's. CCM runs one-shot (its first MAC block holds the
 * lengths): AAD and data wait for doFinal. GCM's tag does not cover the nonce
 * (docs/kalyna-aead.md), and a GCM message with neither AAD nor data is refused.
 */
class BlockAeadCipherSpi extends GcmCipherSpi {
    /** The native description (nonce and tag sizes; equal for every key length of one block). */
    final NativeAead.Info info;

    BlockAeadCipherSpi(AeadAlgorithm alg) {
        super(alg);
        info = AeadAlgorithm.info(alg.nameByKeyLength().values().iterator().next());
    }

    @Override
    protected int engineGetBlockSize() {
        return info.nonceSize();
    }

    @Override
    boolean oneShot() {
        return info.mode().equals("ccm");
    }

    @Override
    Params parse(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        byte[] nonce;
        int tagBits;
        if (params instanceof GCMParameterSpec spec) {
            nonce = spec.getIV();
            tagBits = spec.getTLen();
        } else if (params instanceof IvParameterSpec spec) {
            nonce = spec.getIV();
            tagBits = spec.getClass() == IvParameterSpec.class ? ivSpecTagBits() : aeadSpecTagBits(spec);
        } else {
            throw new InvalidAlgorithmParameterException("AlgorithmParameterSpec not of GCMParameterSpec");
        }
        if (nonce == null || nonce.length < info.minNonceSize() || nonce.length > info.maxNonceSize()) {
            throw new InvalidAlgorithmParameterException("IV must be " + (info.minNonceSize() == info.maxNonceSize()
                    ? "one block, " + info.nonceSize() : info.minNonceSize() + " to " + info.maxNonceSize()) + " bytes");
        }
        if ((tagBits & 7) != 0 || !info.acceptsTag(tagBits / 8)) {
            throw new InvalidAlgorithmParameterException("Unsupported TLen value " + tagBits + ": must be one of "
                    + tagBitsAccepted());
        }
        return parsed.set(nonce, tagBits, 0);
    }

    /**
     * The tag length of a subclass of IvParameterSpec: Bouncy Castle's AEADParameterSpec (nonce,
     * MAC size in bits, associated text) is one, and taking it as a bare IV would silently change
     * the tag length. Read through its public accessors (Bouncy Castle is no dependency here);
     * initial associated text is refused (Bouncy Castle re-applies it after every doFinal, which
     * updateAAD cannot express): pass it to updateAAD.
     */
    private int aeadSpecTagBits(IvParameterSpec spec) throws InvalidAlgorithmParameterException {
        java.lang.reflect.Method macSize;
        try {
            macSize = spec.getClass().getMethod("getMacSizeInBits");
        } catch (NoSuchMethodException e) {
            return ivSpecTagBits(); // another IvParameterSpec subclass: an IV
        }
        try {
            Object aad = spec.getClass().getMethod("getAssociatedData").invoke(spec);
            if (aad instanceof byte[] b && b.length > 0) {
                throw new InvalidAlgorithmParameterException("Associated text in the parameters is not supported:"
                        + " pass it to updateAAD");
            }
            return (Integer) macSize.invoke(spec);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new InvalidAlgorithmParameterException("Unreadable " + spec.getClass().getName(), e);
        }
    }

    /** The tag length an {@link IvParameterSpec} implies (Bouncy Castle's KCCM/KGCM: a full block). */
    int ivSpecTagBits() {
        return info.tagSize() * 8;
    }

    private List<Integer> tagBitsAccepted() {
        List<Integer> all = new ArrayList<>();
        for (int t = 1; t <= info.tagSize(); t++) {
            if (info.acceptsTag(t)) all.add(t * 8);
        }
        return all;
    }

    /**
     * None: RFC 5084's GCMParameters (AlgorithmParameters "GCM", as the JDK encodes it) bounds
     * the tag at 12..16 bytes, and no standard structure carries DSTU 7624's; getIV() has the
     * IV (a drawn one too), the tag length is the caller's (full block by default).
     */
    @Override
    java.security.AlgorithmParameters newParameters() {
        return null;
    }

    @Override
    Params defaults(boolean encrypt, SecureRandom random) throws InvalidKeyException {
        if (!encrypt) throw new InvalidKeyException("No GCMParameterSpec specified");
        return parsed.set(randomNonce(info.nonceSize(), random), info.tagSize() * 8, 0);
    }
}
