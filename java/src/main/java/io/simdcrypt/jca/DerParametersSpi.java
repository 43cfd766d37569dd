/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;

/**
 * What the provider's AlgorithmParameters share: one encoding (DER, also accepted under the
 * name "ASN.1") and one spec class, handed out once initialised.
 */
abstract class DerParametersSpi<S extends AlgorithmParameterSpec> extends AlgorithmParametersSpi {
    private final Class<S> specClass;

    DerParametersSpi(Class<S> specClass) {
        this.specClass = specClass;
    }

    /** The spec of the current parameters, null before init. */
    abstract S spec();

    @Override
    protected final void engineInit(byte[] params, String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1") && !format.equalsIgnoreCase("DER")) {
            throw new IOException("Unsupported format " + format);
        }
        engineInit(params);
    }

    @Override
    protected final <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        S spec = spec();
        if (spec == null) throw new InvalidParameterSpecException("Not initialized");
        if (!paramSpec.isAssignableFrom(specClass)) {
            throw new InvalidParameterSpecException("Only " + specClass.getSimpleName() + " is supported");
        }
        return paramSpec.cast(spec);
    }

    @Override
    protected final byte[] engineGetEncoded(String format) throws IOException {
        return engineGetEncoded();
    }
}
