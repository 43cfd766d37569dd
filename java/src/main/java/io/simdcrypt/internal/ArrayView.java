/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import java.lang.foreign.MemorySegment;

/**
 * A heap array and its whole-array segment, so that repeated cipher and MAC updates on the
 * same array make no new segment: the downcalls take the segment plus an offset
 * (include/simdcrypt/binding.h) rather than a slice. Without this every call would build
 * {@code ofArray(b).asSlice(off, len)} per array, objects that only C2's escape analysis
 * removes (measured with it off: 224 B per cipher update; C1 never removes them). The kept
 * segment costs the downcall 1-9 ns (it reads the segment's fields rather than constants):
 * noise next to a cipher call, not next to a 1 KiB checksum, which therefore does not use it.
 *
 * <p>Holders keep one view in a field and replace it whole ({@link #of}), never its parts, so a
 * view read by one thread always pairs an array with that array's segment, even if a caller
 * shares an instance between threads against the rules. Arrays above {@link #MAX_KEPT} bytes
 * are not kept: a holder never keeps more than that alive for the caller, and a call on such an
 * array carries so much data that a transient segment is noise.
 */
public record ArrayView(byte[] array, MemorySegment segment) {
    /** The longest array a holder keeps a view of. */
    public static final int MAX_KEPT = 64 * 1024;

    /**
     * {@code last} if it views {@code b}, else a new view of {@code b}: the caller stores the
     * result back when {@link #keep} allows.
     */
    public static ArrayView of(ArrayView last, byte[] b) {
        return last != null && last.array == b ? last : new ArrayView(b, MemorySegment.ofArray(b));
    }

    /** Whether a holder should keep this view for the next call. */
    public boolean keep() {
        return array.length <= MAX_KEPT;
    }
}
