/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum --check: verify the "<hex digest>  <name>" lines of check
 * files (the output of sum, md5sum and the other coreutils *sum tools), as
 * md5sum -c does: "name: OK", "name: FAILED", "name: FAILED open or read",
 * warnings counted per check file on stderr. Digests are compared with
 * sc_memeq. An XOF without --length takes each line's digest length (its
 * output is one stream, so shorter digests are prefixes of longer ones). */
#ifndef SC_CLI_SUM_CHECK_H
#define SC_CLI_SUM_CHECK_H
#include "sum_algo.h"

typedef struct sum_check_opts {
    int quiet;          /* no "OK" lines */
    int status;         /* nothing on stdout: the exit status says it */
    int strict;         /* a malformed line fails */
    int warn;           /* name every malformed line */
    int ignore_missing; /* a listed file that does not exist is skipped */
} sum_check_opts;

/* Check every list (stdin when nfiles is 0; "-" is stdin). 0 when every
 * list verified, 1 otherwise (or output lost). */
int sum_check(const sum_algo *a, const sum_check_opts *o, int nfiles, char **lists);
#endif
