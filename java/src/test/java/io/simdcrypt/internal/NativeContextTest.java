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
                MemorySegment.ofArray(block), MemorySegment.ofArray(block), nc.outLen));
        assertThrows(IllegalStateException.class, nc::restoreSnapshot);
    }

    @Test
    void finishedOrWipedContextIsRefusedByTheLibrary() {
        try (NativeContext nc = new NativeContext(new Object(), false)) {
            byte[] block = new byte[16];
            MemorySegment b = MemorySegment.ofArray(block);
            // Never initialised (zeroed memory): SC_ESTATE, not a crash.
            assertEquals(NativeCipher.SC_ESTATE, NativeCipher.cipherUpdate(nc.ctx, b, b, nc.outLen));
            NativeCipher.cipherInit(nc.ctx, NAME, true, MemorySegment.ofArray(new byte[16]), MemorySegment.NULL, nc.opts);
            assertEquals(NativeCipher.SC_OK, NativeCipher.cipherFinal(nc.ctx, nc.outLen));
            assertEquals(NativeCipher.SC_ESTATE, NativeCipher.cipherUpdate(nc.ctx, b, b, nc.outLen));
            nc.wipe();
            assertEquals(NativeCipher.SC_ESTATE, NativeCipher.cipherUpdate(nc.ctx, b, b, nc.outLen));
            assertThrows(IllegalStateException.class, nc::restoreSnapshot);
        }
    }
}
