/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** Misusing a native context gives Java exceptions, never a native crash. */
class NativeContextTest {
    private static final MemorySegment NAME = java.lang.foreign.Arena.global().allocateFrom("kalyna-128-128-ecb");

    @Test
    void closedContextThrowsIllegalState() {
        NativeContext nc = new NativeContext(new Object(), false);
        byte[] key = new byte[16];
        assertEquals(NativeCipher.SC_OK, NativeCipher.cipherInit(nc.ctx, NAME, true, MemorySegment.ofArray(key),
                MemorySegment.NULL, nc.opts));
        nc.close();
        nc.close(); // idempotent
        byte[] block = new byte[16];
        assertThrows(IllegalStateException.class, () -> NativeCipher.cipherUpdate(nc.ctx,
                MemorySegment.ofArray(block), 0, 16, MemorySegment.ofArray(block), 0, 16, nc.outLen));
        assertThrows(IllegalStateException.class, nc::reset);
    }

    @Test
    void finishedOrWipedContextIsRefusedByTheLibrary() {
        try (NativeContext nc = new NativeContext(new Object(), false)) {
            byte[] block = new byte[16];
            MemorySegment b = MemorySegment.ofArray(block);
            // Never initialised (zeroed memory): SC_ESTATE, not a crash.
            assertEquals(NativeCipher.SC_ESTATE, NativeCipher.cipherUpdate(nc.ctx, b, 0, 16, b, 0, 16, nc.outLen));
            NativeCipher.cipherInit(nc.ctx, NAME, true, MemorySegment.ofArray(new byte[16]), MemorySegment.NULL, nc.opts);
            assertEquals(NativeCipher.SC_OK, NativeCipher.cipherFinal(nc.ctx, nc.outLen));
            assertEquals(NativeCipher.SC_ESTATE, NativeCipher.cipherUpdate(nc.ctx, b, 0, 16, b, 0, 16, nc.outLen));
            nc.wipe();
            assertEquals(NativeCipher.SC_ESTATE, NativeCipher.cipherUpdate(nc.ctx, b, 0, 16, b, 0, 16, nc.outLen));
            assertThrows(IllegalStateException.class, nc::reset);
        }
    }

    /** Unreachable Ciphers, Macs and MessageDigests have their native memory wiped and freed by the Cleaner. */
    @Test
    void unreachableInstancesAreFreed() throws Exception {
        java.security.Provider p = io.simdcrypt.jca.SimdCryptProvider.instance();
        long before = NativeContext.liveCount();
        for (int i = 0; i < 2000; i++) {
            javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("Kalyna-128/CTR/NoPadding", p);
            c.init(javax.crypto.Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(new byte[16], "K"),
                    new javax.crypto.spec.IvParameterSpec(new byte[16]));
            c.doFinal(new byte[100]);
            // MessageDigests (automatic arenas, wiped by the same Cleaner), mid-message too.
            java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA3-256", p);
            md.update(new byte[1000]);
            if (i % 2 == 0) md.digest();
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (NativeContext.liveCount() > before + 100 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        org.junit.jupiter.api.Assertions.assertTrue(NativeContext.liveCount() <= before + 100,
                "live contexts: " + NativeContext.liveCount() + ", before: " + before);
    }
}
