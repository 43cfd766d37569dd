/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt;

/**
 * How the native library dispatches one algorithm on this CPU.
 *
 * @param kernel the kernel for messages of at least {@code crossover} bytes
 * @param shortKernel the kernel for shorter messages (the same when {@code crossover} is 0)
 * @param crossover the size class boundary in bytes, 0 when one kernel serves every length
 * @param reason "rule" (a row of the measured policy table for this CPU), "generic" (no row:
 *     ranking by features) or "override" ({@code SIMDCRYPT_KERNEL} or {@link SimdCrypt#forceKernel})
 * @param evidence the BENCHMARKS.md measurement the rule cites, or a phrase
 */
public record KernelChoice(String kernel, String shortKernel, long crossover, String reason, String evidence) {
    @Override
    public String toString() {
        return kernel + (crossover > 0 ? " (below " + crossover + " B: " + shortKernel + ")" : "") + " [" + reason + "]";
    }
}
