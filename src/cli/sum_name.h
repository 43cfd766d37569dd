/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum: file names and digests in coreutils' line format.
 *
 * md5sum (coreutils 9.1, what interoperates here) writes a name holding a
 * backslash or a newline escaped (\\ and \n) and marks the line with a
 * leading backslash, so that every line stays one line and reads back; its
 * --check output escapes (and marks) only names holding a newline. */
#ifndef SC_CLI_SUM_NAME_H
#define SC_CLI_SUM_NAME_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Whether a sum line (check_output 0) or a --check result line
 * (check_output 1) must escape name. */
int sum_name_needs_escape(const char *name, int check_output);
/* name, escaped if escape is set (the caller writes the leading backslash). */
void sum_name_put(FILE *f, const char *name, int escape);
/* Undo the escaping in place: 0, or -1 for a backslash followed by
 * anything but a backslash or n (a malformed line). */
int sum_name_unescape(char *name);
/* n bytes as lower-case hex. */
void sum_hex_put(FILE *f, const uint8_t *p, size_t n);
#endif
