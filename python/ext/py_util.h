/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt._simdcrypt: what every part of the extension shares: the
 * exception for a failed tag, status -> exception, buffer access, options
 * and the per-object lock that lets the GIL go during long calls. */
#ifndef SCPY_UTIL_H
#define SCPY_UTIL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <simdcrypt/cipher.h>

/* Calls on at least this many bytes run with the GIL released. Releasing
 * and re-taking it costs a pair of atomic operations and a possible
 * wake-up, and, when other threads run Python code, a wait for the GIL
 * (up to sys.getswitchinterval()). python/bench.py measures the pair as the
 * step in time per call across the threshold: 70-80 ns on the Zen 4
 * development machine (Python 3.11, shared and loaded; 140 ns at worst).
 * CPython's own rule (hashlib lets go from 2 KiB of ~1 GB/s hashing, zlib
 * from 5 KiB) is to let go once a call takes a few microseconds, so that
 * the pair stays a few percent of it:
 *   - checksums run at ~50-60 GB/s (BENCHMARKS.md 5): 16 KiB is 0.3 us,
 *     where the pair would be 25%; at 128 KiB (2.1 us) it measured 3.5%,
 *     at 1 MiB under 0.5%;
 *   - hashes, ciphers, MACs and AEADs run at ~1-10 GB/s: 16 KiB is
 *     2-16 us there, the pair 0.5-4%. */
#define SCPY_NOGIL_MIN ((Py_ssize_t)16384)
#define SCPY_NOGIL_MIN_CHECKSUM ((Py_ssize_t)131072)

extern PyObject *scpy_InvalidTag;

/* Set the exception for a status (SC_EAUTH -> InvalidTag, every other ->
 * ValueError with sc_strerror's text, "what: text" when what is given) and
 * return NULL. */
PyObject *scpy_fail(int status, const char *what);

/* A C-contiguous byte view of any buffer (bytes, bytearray, memoryview,
 * array, numpy): 0, or -1 with TypeError set (str refused, as hashlib does). */
int scpy_buffer(PyObject *obj, Py_buffer *view, const char *what);
/* As scpy_buffer, but None gives an empty view (aad=None, iv=None). */
int scpy_buffer_or_none(PyObject *obj, Py_buffer *view, const char *what);

/* Cipher options from keyword arguments (kernel, sbox, padding, counter,
 * segment_bits, key_meshing, short_mac); `kw` may be NULL. Strings point
 * into `kw`'s values: keep it alive until init returns. 0 or -1. */
int scpy_cipher_opts(PyObject *kw, sc_cipher_opts *opts);

/* A lock per object, allocated the first time a call releases the GIL:
 * it keeps two threads out of one context while neither holds the GIL. */
typedef struct {
    PyThread_type_lock lock;
} scpy_lock;
int scpy_lock_prepare(scpy_lock *l); /* 0, or -1 with MemoryError */
void scpy_lock_enter(scpy_lock *l);  /* with the GIL held; no-op without a lock */
void scpy_lock_leave(scpy_lock *l);
void scpy_lock_free(scpy_lock *l);

/* A bytes object of `cap` bytes to write into; finish it with the length
 * written (shrinks it, or wipes and drops it when ok is 0). */
PyObject *scpy_bytes_new(Py_ssize_t cap, uint8_t **out);
PyObject *scpy_bytes_finish(PyObject *b, size_t len, int ok);

/* Arguments `names` (NULL-terminated; the first `required` must be given)
 * from positional args or keywords into vals (borrowed, NULL when absent);
 * the other keywords go to a new dict *opts (NULL when none): the options.
 * 0, or -1 with TypeError. */
int scpy_split_args(PyObject *args, PyObject *kw, const char *const *names, int required, PyObject **vals,
                    PyObject **opts);
/* The UTF-8 of a str argument, or NULL with TypeError. */
const char *scpy_name(PyObject *o);
/* The first `align`-aligned address in raw (contexts ask for 64 bytes,
 * Python's allocator gives 16): raw must have align - 1 bytes to spare. */
void *scpy_align(unsigned char *raw, size_t align);

/* Register the types and functions of each part on the module. */
int scpy_hash_register(PyObject *m);
int scpy_cipher_register(PyObject *m);
int scpy_mac_register(PyObject *m);
int scpy_aead_register(PyObject *m);

#endif
