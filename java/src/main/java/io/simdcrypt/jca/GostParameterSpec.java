/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.security.spec.AlgorithmParameterSpec;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Parameters of Magma / GOST 28147-89: the S-box (substitution table) and an optional IV.
 *
 * <p>Named S-boxes: {@code "param-z"} (id-tc26-gost-28147-param-Z, the S-box fixed by
 * GOST R 34.12-2015, the default), {@code "cryptopro-a"} (id-Gost28147-89-CryptoPro-A-ParamSet,
 * RFC 4357) and {@code "test"} (id-GostR3411-94-TestParamSet). Any other S-box is given as
 * 128 entries (8 rows of 16 nibbles, row i substituting bits 4i..4i+3, the order of RFC 4357).
 */
public final class GostParameterSpec implements AlgorithmParameterSpec {
    private final String sbox;
    private final byte[] iv;

    /** A named S-box ("param-z", "cryptopro-a", "test") and an IV (null for ECB). */
    public GostParameterSpec(String sboxName, byte[] iv) {
        this.sbox = Objects.requireNonNull(sboxName, "sboxName");
        this.iv = iv == null ? null : iv.clone();
    }

    /** An explicit S-box: 128 values 0..15, row-major [8][16]; and an IV (null for ECB). */
    public GostParameterSpec(byte[] sbox, byte[] iv) {
        Objects.requireNonNull(sbox, "sbox");
        if (sbox.length != 128) throw new IllegalArgumentException("S-box must have 128 entries, not " + sbox.length);
        StringBuilder hex = new StringBuilder(128);
        for (byte b : sbox) {
            if ((b & 0xff) > 15) throw new IllegalArgumentException("S-box entries are nibbles (0..15)");
            hex.append(HexFormat.of().toHexDigits(b).charAt(1));
        }
        this.sbox = hex.toString();
        this.iv = iv == null ? null : iv.clone();
    }

    /** The S-box's name, or its 128 hex digits when given explicitly. */
    public String getSbox() {
        return sbox;
    }

    /** A copy of the IV, or null. */
    public byte[] getIV() {
        return iv == null ? null : iv.clone();
    }
}
