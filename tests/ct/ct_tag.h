/* SPDX-License-Identifier: Apache-2.0 */
/* The tag check of the constant-time tests (valgrind and dudect): what a
 * caller does to verify a MAC: sc_mac_verify (sc_mac_final + sc_memeq
 * inside the library). Returns 1 when the tag matches; a failed
 * call other than a mismatch is or-ed into *status. Branch-free after the
 * library call, so the harness adds no timing difference of its own. */
#ifndef SC_CT_TAG_H
#define SC_CT_TAG_H

#include <simdcrypt.h>

static inline int ct_mac_check(sc_mac_ctx *m, const uint8_t *tag, size_t tag_len, int *status)
{
    int rc = sc_mac_verify(m, tag, tag_len);
    *status |= (rc != SC_OK) & (rc != SC_EAUTH); /* no branch on the verdict */
    return rc == SC_OK;
}

#endif
