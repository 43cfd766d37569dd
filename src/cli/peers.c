/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: checksum implementations of other libraries.
 *
 * Part of the peers plug-in (peers/plugin.h). Each library is compiled in
 * when cmake/peers.cmake found it (SC_HAVE_<LIB>) and listed as "absent"
 * otherwise. Every peer is checked against our
 * portable reference by the harness before it is timed, so a wrapper with a
 * wrong convention shows up as a loud MISMATCH, never as a fast wrong number.
 *
 * Conventions that differ from zlib's running checksum (value in, value out):
 *  - isa-l crc32_iscsi(buf, len, init) does no pre/post inversion: the
 *    standard CRC-32C continuing from `crc` is ~crc32_iscsi(buf, len, ~crc).
 *    (crc32_gzip_refl and isal_adler32 follow zlib.)
 *  - ipsec-mb's CRC functions take no initial value (one-shot, Ethernet FCS
 *    = CRC-32/ISO-HDLC): verified and timed with chain 0 only.
 *    Its crc32_sctp is not CRC-32C (the result is not reflected), so it is
 *    not a peer of anything here.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "peers.h"
#include "peers/plugin.h"

/* A zlib-style running checksum call as a case's run(): `seed` is the chain. */
#define CHECKSUM_PEER(name, call)                                                                \
    static uint64_t name(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain) \
    {                                                                                           \
        (void)ctx;                                                                              \
        uint32_t seed = (uint32_t)chain;                                                        \
        uint32_t value = (uint32_t)(call);                                                      \
        bench_put_u32(out, value);                                                              \
        return value;                                                                           \
    }

#if defined(SC_HAVE_ZLIB)
#include <zlib.h>
/* uInt lengths: speed caps sizes at 256 MiB. */
CHECKSUM_PEER(zlib_adler32, adler32(seed, in, (uInt)n))
CHECKSUM_PEER(zlib_crc32, crc32(seed, in, (uInt)n))
#define IF_ZLIB(fn) fn
#else
#define IF_ZLIB(fn) NULL
#endif

#if defined(SC_HAVE_ISAL)
#include <isa-l.h>
CHECKSUM_PEER(isal_gzip_refl, crc32_gzip_refl(seed, in, n))
/* The cast drops a const isa-l forgot; crc32_iscsi only reads the buffer. */
CHECKSUM_PEER(isal_iscsi, ~crc32_iscsi((unsigned char *)(uintptr_t)in, (int)n, ~seed))
CHECKSUM_PEER(isal_adler, isal_adler32(seed, in, n))
#define IF_ISAL(fn) fn
#else
#define IF_ISAL(fn) NULL
#endif

#if defined(SC_HAVE_LIBDEFLATE)
#include <libdeflate.h>
CHECKSUM_PEER(libdeflate_adler, libdeflate_adler32(seed, in, n))
CHECKSUM_PEER(libdeflate_crc, libdeflate_crc32(seed, in, n))
#define IF_LIBDEFLATE(fn) fn
#else
#define IF_LIBDEFLATE(fn) NULL
#endif

#if defined(SC_HAVE_IPSECMB)
#include <intel-ipsec-mb.h>
static uint64_t ipsecmb_fcs(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain; /* one-shot API: no running value */
    uint32_t value = IMB_CRC32_ETHERNET_FCS((IMB_MGR *)ctx, in, n);
    bench_put_u32(out, value);
    return value;
}
/* alloc + init_mb_mgr_auto picks the best code path for this CPU. */
static void *ipsecmb_setup(void)
{
    IMB_MGR *mgr = alloc_mb_mgr(0);
    if (mgr) init_mb_mgr_auto(mgr, NULL);
    return mgr;
}
static void ipsecmb_cleanup(void *ctx) { free_mb_mgr(ctx); }
#define IF_IPSECMB(fn) fn
#else
#define IF_IPSECMB(fn) NULL
#endif

#if defined(__x86_64__)
CHECKSUM_PEER(sse42_loop, peer_crc32c_sse42_loop(seed, in, n))
#endif

typedef struct peer {
    const char *algorithm;
    const char *implementation; /* "<library> <function>" */
    bench_run_fn run;           /* NULL: library absent */
    unsigned flags;
    uint64_t features;          /* CPU features it needs (built-in peers) */
    void *(*setup)(void);       /* optional: makes the ctx (NULL = failed) */
    void (*cleanup)(void *ctx);
} peer;

static const peer peers[] = {
    {"adler32", "zlib adler32", IF_ZLIB(zlib_adler32), 0, 0, NULL, NULL},
    {"adler32", "isa-l isal_adler32", IF_ISAL(isal_adler), 0, 0, NULL, NULL},
    {"adler32", "libdeflate libdeflate_adler32", IF_LIBDEFLATE(libdeflate_adler), 0, 0, NULL, NULL},
    {"crc32", "zlib crc32", IF_ZLIB(zlib_crc32), 0, 0, NULL, NULL},
    {"crc32", "isa-l crc32_gzip_refl", IF_ISAL(isal_gzip_refl), 0, 0, NULL, NULL},
    {"crc32", "libdeflate libdeflate_crc32", IF_LIBDEFLATE(libdeflate_crc), 0, 0, NULL, NULL},
    {"crc32", "ipsec-mb crc32_ethernet_fcs", IF_IPSECMB(ipsecmb_fcs), BENCH_IGNORES_CHAIN, 0,
     IF_IPSECMB(ipsecmb_setup), IF_IPSECMB(ipsecmb_cleanup)},
    {"crc32c", "isa-l crc32_iscsi", IF_ISAL(isal_iscsi), 0, 0, NULL, NULL},
#if defined(__x86_64__)
    {"crc32c", "plain sse4.2 crc32q loop", sse42_loop, 0, SC_FEAT(SC_F_SSE42), NULL, NULL},
#endif
};

static void provide_peers(bench_set *set, const char *algorithm)
{
    if (!bench_want_peers(set)) return;
    for (size_t i = 0; i < sizeof peers / sizeof peers[0]; i++) {
        const peer *p = &peers[i];
        if (strcmp(p->algorithm, algorithm) != 0) continue;
        bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .out_size = 4, .flags = p->flags};
        snprintf(c.implementation, sizeof c.implementation, "%s", p->implementation);
        if (p->run == NULL) {
            snprintf(c.note, sizeof c.note, "absent (library not found at build time)");
        } else if ((p->features & ~sc_cpu_features()) != 0) {
            snprintf(c.note, sizeof c.note, "not runnable here (needs sse4.2)");
        } else if (p->setup && (c.ctx = p->setup()) == NULL) {
            snprintf(c.note, sizeof c.note, "setup failed");
        } else {
            c.run = p->run;
            c.cleanup = p->cleanup;
        }
        bench_add(set, &c);
    }
}
BENCH_PROVIDER(provide_peers)

/* Versions of the checksum libraries linked (the GOST/Kalyna peers name
 * theirs in their case names); which peers exist is listed from the cases. */
void peers_checksum_versions(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
#define PRESENT(text) used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? ", " : "", text)
#if defined(SC_HAVE_ZLIB)
    char zlib_text[48];
    snprintf(zlib_text, sizeof zlib_text, "zlib %s", zlibVersion());
    PRESENT(zlib_text);
#endif
#if defined(SC_HAVE_ISAL)
    char isal_text[48];
    snprintf(isal_text, sizeof isal_text, "isa-l %d.%d.%d (header)", ISAL_MAJOR_VERSION, ISAL_MINOR_VERSION,
             ISAL_PATCH_VERSION);
    PRESENT(isal_text);
#endif
#if defined(SC_HAVE_LIBDEFLATE)
    PRESENT("libdeflate " LIBDEFLATE_VERSION_STRING);
#endif
#if defined(SC_HAVE_IPSECMB)
    char ipsec_text[48];
    snprintf(ipsec_text, sizeof ipsec_text, "ipsec-mb %s", imb_get_version_str());
    PRESENT(ipsec_text);
#endif
    if (used == 0) snprintf(buf, len, "none");
#undef PRESENT
}
