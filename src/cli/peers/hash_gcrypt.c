/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: libgcrypt message digests (its AVX-512 / AVX2 /
 * BMI2 Keccak, x86-64 MD5): md5, sha3-224..512, shake128/256
 * (gcry_md_extract), by the names gcry_md_map_name knows. One handle, opened
 * once; each call is gcry_md_reset + write + read (or extract). Compiled
 * only when libgcrypt was found. */
#include <gcrypt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gcrypt_cipher.h"

typedef struct md_case {
    gcry_md_hd_t hd;
    int algo;
    size_t out_len;
    int xof;
} md_case;

static uint64_t run_md(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    md_case *c = p;
    gcry_md_reset(c->hd);
    gcry_md_write(c->hd, in, n);
    if (c->xof) gcry_md_extract(c->hd, c->algo, out, c->out_len);
    else memcpy(out, gcry_md_read(c->hd, c->algo), c->out_len);
    return bench_cipher_result(out, c->out_len);
}

static void free_md(void *p)
{
    gcry_md_close(((md_case *)p)->hd);
    free(p);
}

static void provide_gcrypt_hash(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_GCRYPT_HASH, &name, &c)) return;
    gcrypt_peer_init();
    md_case *mc = calloc(1, sizeof *mc);
    const int algo = gcry_md_map_name(name.native);
    if (mc && algo && (name.xof || gcry_md_get_algo_dlen(algo) == name.tag_size) &&
        gcry_md_open(&mc->hd, algo, 0) == 0) {
        mc->algo = algo, mc->out_len = name.tag_size, mc->xof = name.xof;
        c.ctx = mc, c.run = run_md, c.cleanup = free_md;
    } else {
        free(mc);
    }
    char label[BENCH_NAME_MAX], what[40];
    snprintf(what, sizeof what, "gcry_md %s", name.native);
    gcrypt_label(label, sizeof label, what);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_gcrypt_hash)
