/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt cipher --threads: a regular input file cut into pieces that
 * threads encrypt or decrypt on their own contexts and write with pwrite at
 * their offsets into the temporary file of -o FILE (output_file.h). Only
 * modes whose blocks are independent: raw ECB, and the counter modes that
 * seek (sc_cipher_seek); everything else runs on one thread. */
#ifndef SC_CLI_PARALLEL_CIPHER_H
#define SC_CLI_PARALLEL_CIPHER_H
#include <stdint.h>
#include <stdio.h>

#include <simdcrypt/cipher.h>

#include "output_file.h"

/* How many threads (contexts) a run of `info` from `in` (NULL: stdin) to
 * *out takes: 1 unless threads > 1, no padding, the input a regular file
 * large enough to share (parallel.h), out a temporary file, and the mode ECB
 * or a counter mode (is_stream, asked of sc_cipher_seek on a context init
 * set up: `probe`) whose seek is cheap: gost89-cnt with key meshing
 * (key_meshing is the option, SC_KEY_MESHING_DEFAULT = on) replays every
 * meshing step before a piece, which costs more than encrypting it. */
unsigned cipher_parallel_threads(unsigned threads, const sc_cipher_info *info, int padding, int key_meshing,
                                 FILE *in, const cli_out *out, sc_cipher_ctx *probe);

/* The whole input through ctxs[0 .. threads) (each set up by init alike)
 * into out, then bytes appended since it was measured on ctxs[0], and
 * sc_cipher_final on it. 0; an SC_E* code (< 0, the caller reports it); or
 * 1 after printing "cipher: cannot read/write ...". */
int cipher_parallel_run(sc_cipher_ctx *ctxs, unsigned threads, FILE *in, const char *in_name, cli_out *out);
#endif
