/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.io.IOException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameters holding an IV, encoded as an ASN.1 OCTET STRING (as the JDK does for
 * AES's IV parameters), so that Cipher.getParameters() works after init.
 */
final class IvParametersSpi extends DerParametersSpi<IvParameterSpec> {
    private byte[] iv;

    IvParametersSpi() {
        super(IvParameterSpec.class);
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof IvParameterSpec spec)) {
            throw new InvalidParameterSpecException("IvParameterSpec expected");
        }
        iv = spec.getIV();
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        // DER OCTET STRING with a short length: tag 0x04, length < 128, content.
        if (params.length < 2 || params[0] != 0x04 || (params[1] & 0xff) != params.length - 2) {
            throw new IOException("IV parameters must be a DER OCTET STRING");
        }
        iv = java.util.Arrays.copyOfRange(params, 2, params.length);
    }

    @Override
    IvParameterSpec spec() {
        return iv == null ? null : new IvParameterSpec(iv);
    }

    @Override
    protected byte[] engineGetEncoded() {
        byte[] out = new byte[iv.length + 2];
        out[0] = 0x04;
        out[1] = (byte) iv.length;
        System.arraycopy(iv, 0, out, 2, iv.length);
        return out;
    }

    @Override
    protected String engineToString() {
        return iv == null ? "IV: not initialized" : "IV: " + java.util.HexFormat.of().formatHex(iv);
    }
}
