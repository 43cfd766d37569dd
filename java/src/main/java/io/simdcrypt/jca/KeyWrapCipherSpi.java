/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeCipher;
import java.io.ByteArrayOutputStream;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Map;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;

/**
 * Key wrap (one-shot native ciphers: encrypt = wrap, decrypt = unwrap; {@link JcaNaming#WRAPS}):
 * DSTU 7624 section 11 (native kalyna-n-k-kw) as Bouncy Castle's "DSTU7624-128KW", AES KW (RFC
 * 3394, aes-n-kw) and KWP (RFC 5649, aes-n-kwp) as SunJCE's "AES/KW/NoPadding" ("AESWrap") and
 * "AES/KWP/NoPadding" ("AESWrapPad"): WRAP_MODE/UNWRAP_MODE on a key, and ENCRYPT_MODE/DECRYPT_MODE
 * on bytes gathered until doFinal, as both providers allow. The key length picks the native name;
 * the default ICVs only (SunJCE's optional IvParameterSpec ICV is refused: no parameters). A
 * failed unwrap is a BadPaddingException (decrypt) or an InvalidKeyException (unwrap) and
 * releases nothing.
 */
final class KeyWrapCipherSpi extends CipherSpi {
    private final String jcaName;
    /** Key length in bytes to native name. */
    private final Map<Integer, String> nameByKeyLength;
    private final int blockSize;
    /** Bytes a wrap adds besides padding: the integrity check value (half a block or one). */
    private final int icvSize;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private String nativeName;
    private byte[] key;
    private boolean wrap;

    KeyWrapCipherSpi(AlgorithmTable.WrapAlgorithm alg) {
        this.jcaName = alg.jcaName();
        this.nameByKeyLength = alg.nameByKeyLength();
        this.blockSize = alg.blockSize();
        this.icvSize = alg.icvSize();
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("ECB") && !mode.equalsIgnoreCase("NONE")) {
            throw new NoSuchAlgorithmException(jcaName + " has no mode " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) throw new NoSuchPaddingException(jcaName + " takes NoPadding only");
    }

    /** SunJCE's KW and KWP report the semiblock (8); Bouncy Castle's wrap ciphers (DSTU 7624) 0. */
    @Override
    protected int engineGetBlockSize() {
        return semiblockIcv() ? icvSize : 0;
    }

    private boolean semiblockIcv() {
        return icvSize < blockSize;
    }

    /**
     * RFC 3394/5649 (SunJCE's exact sizes): the input padded to whole semiblocks, plus the ICV;
     * DSTU 7624: the input plus one block. Unwrapping: at most the input less the ICV.
     */
    @Override
    protected int engineGetOutputSize(int inputLen) {
        long n = (long) buffer.size() + inputLen;
        long wrapped = semiblockIcv() ? (n + icvSize - 1) / icvSize * icvSize + icvSize : n + blockSize;
        return (int) Math.min(Integer.MAX_VALUE, wrap ? wrapped : Math.max(0, n - icvSize));
    }

    @Override
    protected byte[] engineGetIV() {
        return null;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return null;
    }

    @Override
    protected void engineInit(int opmode, Key k, SecureRandom random) throws InvalidKeyException {
        if (k == null || k.getEncoded() == null) throw new InvalidKeyException("No key given");
        byte[] raw = k.getEncoded();
        String name = nameByKeyLength.get(raw.length);
        if (name == null) {
            Arrays.fill(raw, (byte) 0);
            throw new InvalidKeyException(jcaName + " takes keys of " + nameByKeyLength.keySet() + " bytes, not "
                    + raw.length);
        }
        if (key != null) Arrays.fill(key, (byte) 0);
        key = raw;
        nativeName = name;
        wrap = opmode == Cipher.ENCRYPT_MODE || opmode == Cipher.WRAP_MODE;
        buffer.reset();
    }

    @Override
    protected void engineInit(int opmode, Key k, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) throw new InvalidAlgorithmParameterException(jcaName + " takes no parameters");
        engineInit(opmode, k, random);
    }

    @Override
    protected void engineInit(int opmode, Key k, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) throw new InvalidAlgorithmParameterException(jcaName + " takes no parameters");
        engineInit(opmode, k, random);
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int off, int len) {
        checkInit();
        buffer.write(input, off, len);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] input, int off, int len, byte[] output, int outOff) {
        engineUpdate(input, off, len);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int off, int len) throws IllegalBlockSizeException,
            BadPaddingException {
        checkInit();
        if (input != null) buffer.write(input, off, len);
        byte[] in = buffer.toByteArray();
        buffer.reset();
        try {
            int[] status = new int[1];
            byte[] out = NativeCipher.crypt(nativeName, wrap, key, in, status);
            if (status[0] == NativeCipher.SC_EAUTH) throw new BadPaddingException(jcaName + ": unwrap check failed");
            if (status[0] == NativeCipher.SC_ELENGTH) {
                throw new IllegalBlockSizeException(jcaName + " cannot " + (wrap ? "wrap " : "unwrap ") + in.length
                        + " bytes (" + (wrap ? "this wrap's input lengths" : "a wrapped length") + " differ)");
            }
            if (out == null) throw new IllegalStateException(jcaName + ": " + NativeCipher.strerror(status[0]));
            return out;
        } finally {
            Arrays.fill(in, (byte) 0);
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int off, int len, byte[] output, int outOff)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (output.length - outOff < engineGetOutputSize(len)) throw new ShortBufferException();
        byte[] out = engineDoFinal(input, off, len);
        System.arraycopy(out, 0, output, outOff, out.length);
        Arrays.fill(out, (byte) 0);
        return out.length;
    }

    @Override
    protected byte[] engineWrap(Key k) throws IllegalBlockSizeException, InvalidKeyException {
        if (!wrap) throw new IllegalStateException(jcaName + " not initialised to wrap");
        byte[] raw = k.getEncoded();
        if (raw == null) throw new InvalidKeyException("Key has no encoding");
        try {
            buffer.reset();
            return engineDoFinal(raw, 0, raw.length);
        } catch (BadPaddingException e) {
            throw new InvalidKeyException(e);
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    @Override
    protected Key engineUnwrap(byte[] wrapped, String algorithm, int type) throws InvalidKeyException,
            NoSuchAlgorithmException {
        if (wrap) throw new IllegalStateException(jcaName + " not initialised to unwrap");
        if (type != Cipher.SECRET_KEY) throw new InvalidKeyException(jcaName + " unwraps secret keys only");
        byte[] raw;
        try {
            buffer.reset();
            raw = engineDoFinal(wrapped, 0, wrapped.length);
        } catch (BadPaddingException | IllegalBlockSizeException e) {
            throw new InvalidKeyException(jcaName + ": unwrap failed", e);
        }
        try {
            return new SecretKeySpec(raw, algorithm);
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    private void checkInit() {
        if (key == null) throw new IllegalStateException(jcaName + " not initialised");
    }
}
