/* SPDX-License-Identifier: Apache-2.0 */
/* Linked into every test: line-buffer stdout before main runs. ctest reads
 * the output through a pipe, where stdio would buffer whole blocks, and a
 * test killed by a signal (SIGILL when a kernel uses an instruction the
 * emulated CPU lacks) would then lose every line it printed before dying. */
#include <stdio.h>

__attribute__((constructor)) static void line_buffer_stdout(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
}
