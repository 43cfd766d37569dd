/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AlgorithmParameters "GCM": a {@link GCMParameterSpec} in the DER form of RFC 5084's
 * GCMParameters, byte for byte as the JDK writes it:
 * <pre>
 *   GCMParameters ::= SEQUENCE { aes-nonce OCTET STRING, aes-ICVlen INTEGER (12..16) DEFAULT 12 }
 * </pre>
 * (the tag length in bytes, left out when it is 12). What Cipher.getParameters() of
 * "AES/GCM/NoPadding" returns.
 */
final class GcmParametersSpi extends DerParametersSpi<GCMParameterSpec> {
    private static final int SEQUENCE = 0x30, OCTET_STRING = 0x04, INTEGER = 0x02;
    private static final int DEFAULT_TAG_BYTES = 12;

    private byte[] iv;
    private int tagBytes;

    GcmParametersSpi() {
        super(GCMParameterSpec.class);
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof GCMParameterSpec spec)) {
            throw new InvalidParameterSpecException("GCMParameterSpec expected");
        }
        if (spec.getTLen() % 8 != 0 || spec.getTLen() / 8 < 12 || spec.getTLen() / 8 > 16) {
            throw new InvalidParameterSpecException("Tag length must be 96..128 bits in steps of 8");
        }
        iv = spec.getIV();
        tagBytes = spec.getTLen() / 8;
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        Der seq = new Der(params, 0, params.length);
        Der body = seq.enter(SEQUENCE);
        seq.end();
        byte[] nonce = body.octets(OCTET_STRING);
        int tag = DEFAULT_TAG_BYTES;
        if (!body.atEnd()) {
            byte[] n = body.octets(INTEGER);
            if (n.length != 1 || n[0] < 12 || n[0] > 16) throw new IOException("GCM parameters: unsupported tag length");
            tag = n[0];
        }
        body.end();
        iv = nonce;
        tagBytes = tag;
    }

    @Override
    GCMParameterSpec spec() {
        return iv == null ? null : new GCMParameterSpec(tagBytes * 8, iv);
    }

    @Override
    protected byte[] engineGetEncoded() {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        tlv(body, OCTET_STRING, iv);
        if (tagBytes != DEFAULT_TAG_BYTES) tlv(body, INTEGER, new byte[] {(byte) tagBytes});
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        tlv(out, SEQUENCE, body.toByteArray());
        return out.toByteArray();
    }

    @Override
    protected String engineToString() {
        return iv == null ? "GCM parameters: not initialized"
                : "IV: " + HexFormat.of().formatHex(iv) + ", tag length: " + tagBytes * 8 + " bits";
    }

    /** A DER tag, definite length (short or long form) and content. */
    private static void tlv(ByteArrayOutputStream out, int tag, byte[] content) {
        out.write(tag);
        int n = content.length;
        if (n < 0x80) {
            out.write(n);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(n) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) out.write(n >>> (8 * i));
        }
        out.write(content, 0, n);
    }

    /** A strict DER reader over {@code b[pos, end)}. */
    private static final class Der {
        private final byte[] b;
        private int pos;
        private final int end;

        Der(byte[] b, int pos, int end) {
            this.b = b;
            this.pos = pos;
            this.end = end;
        }

        boolean atEnd() {
            return pos == end;
        }

        void end() throws IOException {
            if (pos != end) throw new IOException("GCM parameters: extra data");
        }

        /** The next element, which must have this tag: its content as a reader. */
        Der enter(int tag) throws IOException {
            int len = header(tag);
            Der inner = new Der(b, pos, pos + len);
            pos += len;
            return inner;
        }

        byte[] octets(int tag) throws IOException {
            int len = header(tag);
            byte[] v = Arrays.copyOfRange(b, pos, pos + len);
            pos += len;
            return v;
        }

        /** Reads a tag and a minimal definite length; checks the content fits. */
        private int header(int tag) throws IOException {
            if (end - pos < 2 || (b[pos] & 0xff) != tag) throw new IOException("GCM parameters: tag " + tag + " expected");
            int first = b[pos + 1] & 0xff;
            pos += 2;
            int len;
            if (first < 0x80) {
                len = first;
            } else {
                int bytes = first & 0x7f;
                if (bytes == 0 || bytes > 3 || end - pos < bytes || b[pos] == 0) {
                    throw new IOException("GCM parameters: bad length");
                }
                len = 0;
                for (int i = 0; i < bytes; i++) len = len << 8 | (b[pos++] & 0xff);
                if (len < 0x80) throw new IOException("GCM parameters: length not minimal");
            }
            if (len > end - pos) throw new IOException("GCM parameters: truncated");
            return len;
        }
    }
}
