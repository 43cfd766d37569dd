/* The tag check of the constant-time tests (valgrind and dudect): what a
 * caller does to verify a MAC. sc_mac_verify when the library declares it
 * in this shape (CMake greps include/simdcrypt/cipher.h and defines
 * SC_HAVE_MAC_VERIFY), otherwise sc_mac_final followed by sc_memeq, the
 * comparison common.h prescribes. Returns 1 when the tag matches; a failed
 * call other than a mismatch is or-ed into *status. Branch-free after the
 * library call, so the harness adds no timing difference of its own. */
#ifndef SC_CT_TAG_H
#define SC_CT_TAG_H

#include <simdcrypt.h>

static inline int ct_mac_check(sc_mac_ctx *m, const uint8_t *tag, size_t tag_len, int *status)
{
#if defined(SC_HAVE_MAC_VERIFY)
    int rc = sc_mac_verify(m, tag, tag_len);
    *status |= (rc != SC_OK) & (rc != SC_EAUTH); /* no branch on the verdict */
    return rc == SC_OK;
#else
    uint8_t got[64];
    int rc = sc_mac_final(m, got, tag_len);
    int eq = sc_memeq(got, tag, tag_len);
    sc_wipe(got, sizeof got);
    *status |= rc != SC_OK;
    return eq;
#endif
}

#endif
