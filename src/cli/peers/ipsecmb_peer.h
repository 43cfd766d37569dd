/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: what the ipsec-mb peers (aes_ipsecmb.c,
 * chacha_ipsecmb.c) share (ipsecmb_peer.c). */
#ifndef SC_CLI_PEERS_IPSECMB_PEER_H
#define SC_CLI_PEERS_IPSECMB_PEER_H

#include <intel-ipsec-mb.h>
#include <stddef.h>

/* A manager running ipsec-mb's best code for this CPU (init_mb_mgr_auto),
 * to free_mb_mgr(); NULL on failure. */
IMB_MGR *ipsecmb_mgr_new(void);
/* Submit the job the caller filled in (from IMB_GET_NEXT_JOB) and flush
 * until it comes back: one job per call, the single-stream figure of a
 * multi-buffer library built to interleave many independent streams.
 * 1 when it completed. */
int ipsecmb_job_run(IMB_MGR *mgr);
/* "ipsec-mb 1.3.0 " + what, for the case's label. */
void ipsecmb_label(char *label, size_t size, const char *what);
#endif
