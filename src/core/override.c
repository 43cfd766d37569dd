/* SPDX-License-Identifier: Apache-2.0 */
/* SIMDCRYPT_KERNEL=alg:kernel,... and the notes about what was ignored.
 * Bad input never crashes and never forces a kernel the CPU cannot run: the
 * word is skipped, the policy stays, and sc_dispatch_note says why. */
#include "override.h"

#include <stdio.h>

enum { MAX_NOTES = 16, NOTE_LEN = 120, WORD_MAX = 64 };
static char notes[MAX_NOTES][NOTE_LEN];
static size_t note_count; /* written once under the dispatch lock, before any reader */

static void note(const char *var, const char *word, size_t n, const char *why)
{
    if (note_count < MAX_NOTES)
        snprintf(notes[note_count++], NOTE_LEN, "%s: '%.*s' ignored: %s", var, (int)(n > WORD_MAX ? WORD_MAX : n),
                 word, why);
}

const char *sc_dispatch_note(size_t index)
{
    sc_cpu_identity(); /* the notes are written by the first dispatch */
    return index < note_count ? notes[index] : NULL;
}

static void parse_word(const char *w, size_t n, const sc_kernel **forced)
{
    char alg_name[WORD_MAX + 1], kernel_name[WORD_MAX + 1];
    const char *colon = memchr(w, ':', n);
    if (colon == NULL || colon == w || colon + 1 == w + n) {
        note("SIMDCRYPT_KERNEL", w, n, "expected algorithm:kernel");
        return;
    }
    size_t an = (size_t)(colon - w), kn = n - an - 1;
    if (an > WORD_MAX || kn > WORD_MAX) {
        note("SIMDCRYPT_KERNEL", w, n, "name too long");
        return;
    }
    memcpy(alg_name, w, an), alg_name[an] = '\0';
    memcpy(kernel_name, colon + 1, kn), kernel_name[kn] = '\0';
    const sc_algorithm_desc *alg = sc_find_algorithm(alg_name);
    if (alg == NULL) {
        note("SIMDCRYPT_KERNEL", w, n, "unknown algorithm");
        return;
    }
    int status;
    const sc_kernel *k = sc_find_kernel(alg, kernel_name, &status);
    if (k == NULL) {
        note("SIMDCRYPT_KERNEL", w, n,
             status == SC_ENOKERNEL ? "this CPU cannot run that kernel (or its features are disabled)"
                                    : "unknown kernel for this algorithm on this architecture");
        return;
    }
    for (size_t i = 0; sc_registry_at(i); i++)
        if (sc_registry_at(i) == alg) forced[i] = k;
}

void sc_override_parse(const char *spec, const sc_kernel **forced)
{
    while (spec && *spec) {
        size_t n = strcspn(spec, ", ");
        if (n) parse_word(spec, n, forced);
        spec += n;
        spec += strspn(spec, ", ");
    }
}

void sc_override_note_disable(const char *spec)
{
    while (spec && *spec) {
        size_t n = strcspn(spec, ", ");
        char word[WORD_MAX + 1];
        if (n && n <= WORD_MAX) {
            memcpy(word, spec, n), word[n] = '\0';
            if (sc_parse_disable(word) == 0) note("SIMDCRYPT_DISABLE", spec, n, "unknown feature");
        } else if (n) {
            note("SIMDCRYPT_DISABLE", spec, n, "word too long");
        }
        spec += n;
        spec += strspn(spec, ", ");
    }
}
