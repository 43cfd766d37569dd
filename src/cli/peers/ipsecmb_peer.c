/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: ipsec-mb managers, jobs and labels
 * (ipsecmb_peer.h). Compiled only when ipsec-mb was found (x86-64). */
#include <stdio.h>

#include "ipsecmb_peer.h"

IMB_MGR *ipsecmb_mgr_new(void)
{
    IMB_MGR *mgr = alloc_mb_mgr(0);
    if (mgr) init_mb_mgr_auto(mgr, NULL);
    return mgr;
}

int ipsecmb_job_run(IMB_MGR *mgr)
{
    IMB_JOB *job = IMB_SUBMIT_JOB(mgr);
    while (job == NULL) job = IMB_FLUSH_JOB(mgr);
    return job->status == IMB_STATUS_COMPLETED;
}

void ipsecmb_label(char *label, size_t size, const char *what)
{
    snprintf(label, size, "ipsec-mb %s %s", imb_get_version_str(), what);
}
