/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt._simdcrypt: the module. Here: the checksums (zlib.crc32's
 * calling habits, on the fastest path CPython offers: METH_FASTCALL, no
 * keyword parsing unless keywords are given, bytes read in place), the name
 * lists from the library's registry, the dispatched kernels and the
 * exception. Hashes, ciphers, MACs and AEADs: ../ext/py_*.c. */
#include "py_util.h"

#include <simdcrypt/aead.h>
#include <simdcrypt/checksum.h>
#include <simdcrypt/hash.h>
#include <simdcrypt/kernels.h>
#include <string.h>

typedef uint32_t (*checksum_fn)(uint32_t, const void *, size_t);

/* f(data, value=init, /) with value also accepted by keyword (the crc32c
 * package's crc32c(data, value=0)); value is taken modulo 2**32 as zlib's
 * is. An empty buffer returns value unchanged. */
static PyObject *checksum(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, checksum_fn fn,
                          uint32_t value, const char *fname)
{
    PyObject *data, *vo = NULL;
    if (kwnames == NULL && (nargs == 1 || nargs == 2)) { /* the fast path */
        data = args[0];
        if (nargs == 2) vo = args[1];
    } else {
        Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
        if (nargs < 1 || nargs + nkw > 2 ||
            (nkw == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "value") != 0) || (nkw && nargs != 1))
            return PyErr_Format(PyExc_TypeError, "%s(data, value=%u) takes a buffer and an optional value",
                                fname, (unsigned)value),
                   NULL;
        data = args[0];
        vo = args[1];
    }
    if (vo) {
        if (!PyLong_Check(vo)) return PyErr_Format(PyExc_TypeError, "%s: value must be an int", fname), NULL;
        unsigned long v = PyLong_AsUnsignedLongMask(vo);
        if (v == (unsigned long)-1 && PyErr_Occurred()) return NULL;
        value = (uint32_t)v;
    }
    if (PyBytes_CheckExact(data)) { /* immutable, held by the caller: no view needed */
        Py_ssize_t len = PyBytes_GET_SIZE(data);
        const char *p = PyBytes_AS_STRING(data);
        if (len >= SCPY_NOGIL_MIN_CHECKSUM) {
            Py_BEGIN_ALLOW_THREADS
            value = fn(value, p, (size_t)len);
            Py_END_ALLOW_THREADS
        } else if (len) {
            value = fn(value, p, (size_t)len);
        }
        return PyLong_FromUnsignedLong(value);
    }
    Py_buffer view;
    if (scpy_buffer(data, &view, fname) < 0) return NULL;
    if (view.len >= SCPY_NOGIL_MIN_CHECKSUM) { /* the view keeps a bytearray from resizing meanwhile */
        Py_BEGIN_ALLOW_THREADS
        value = fn(value, view.buf, (size_t)view.len);
        Py_END_ALLOW_THREADS
    } else if (view.len) {
        value = fn(value, view.buf, (size_t)view.len);
    }
    PyBuffer_Release(&view);
    return PyLong_FromUnsignedLong(value);
}

static PyObject *py_crc32(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)m;
    return checksum(args, nargs, kwnames, sc_crc32, 0, "crc32");
}

static PyObject *py_crc32c(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)m;
    return checksum(args, nargs, kwnames, sc_crc32c, 0, "crc32c");
}

static PyObject *py_adler32(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)m;
    return checksum(args, nargs, kwnames, sc_adler32, 1, "adler32");
}

/* The checksum algorithms: the dispatcher's algorithms that have a
 * checksum kernel (every one has a portable one). */
static const char *checksum_name_at(size_t i)
{
    for (const char *const *a = sc_algorithms(); *a; a++) {
        sc_checksum_fn fn;
        if (sc_checksum_kernel(*a, "portable", &fn) == SC_OK && i-- == 0) return *a;
    }
    return NULL;
}

static const struct {
    const char *kind;
    const char *(*name_at)(size_t);
} kinds[] = {
    {"checksum", checksum_name_at}, {"hash", sc_hash_name_at}, {"cipher", sc_cipher_name_at},
    {"mac", sc_mac_name_at},        {"aead", sc_aead_name_at},
};

static int append_names(PyObject *list, const char *(*name_at)(size_t))
{
    const char *n;
    for (size_t i = 0; (n = name_at(i)) != NULL; i++) {
        PyObject *s = PyUnicode_FromString(n);
        if (s == NULL || PyList_Append(list, s) < 0) return Py_XDECREF(s), -1;
        Py_DECREF(s);
    }
    return 0;
}

/* names(kind=None): the library's names of a kind, or of every kind. */
static PyObject *py_names(PyObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    (void)m;
    if (nargs > 1) return PyErr_SetString(PyExc_TypeError, "names(kind=None)"), NULL;
    const char *kind = NULL;
    if (nargs == 1 && args[0] != Py_None && (kind = scpy_name(args[0])) == NULL) return NULL;
    PyObject *list = PyList_New(0);
    if (list == NULL) return NULL;
    int found = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        if (kind && strcmp(kind, kinds[k].kind) != 0) continue;
        found = 1;
        if (append_names(list, kinds[k].name_at) < 0) return Py_DECREF(list), NULL;
    }
    if (!found) {
        Py_DECREF(list);
        return PyErr_Format(PyExc_ValueError, "unknown kind '%s' (checksum, hash, cipher, mac, aead)", kind);
    }
    return list;
}

/* kernels(): {algorithm: the kernel the public entry points dispatch to}. */
static PyObject *py_kernels(PyObject *m, PyObject *unused)
{
    (void)m, (void)unused;
    PyObject *d = PyDict_New();
    if (d == NULL) return NULL;
    for (const char *const *a = sc_algorithms(); *a; a++) {
        sc_dispatch_info info;
        if (sc_dispatch_get(*a, &info) != SC_OK || info.kernel == NULL) continue;
        PyObject *k = PyUnicode_FromString(info.kernel);
        if (k == NULL || PyDict_SetItemString(d, *a, k) < 0) return Py_XDECREF(k), Py_DECREF(d), NULL;
        Py_DECREF(k);
    }
    return d;
}

/* dispatch(algorithm): sc_dispatch_info as a dict (why that kernel). */
static PyObject *py_dispatch(PyObject *m, PyObject *arg)
{
    (void)m;
    const char *alg = scpy_name(arg);
    if (alg == NULL) return NULL;
    sc_dispatch_info i;
    int rc = sc_dispatch_get(alg, &i);
    if (rc != SC_OK) return scpy_fail(rc, alg);
    static const char *const reasons[] = {"rule", "generic", "override"};
    return Py_BuildValue("{s:s,s:s,s:s,s:n,s:s,s:z}", "algorithm", i.algorithm, "kernel", i.kernel,
                         "short_kernel", i.short_kernel, "crossover", (Py_ssize_t)i.crossover, "reason",
                         i.reason >= 0 && i.reason <= 2 ? reasons[i.reason] : "?", "evidence", i.evidence);
}

static PyMethodDef functions[] = {
    {"crc32", (PyCFunction)(void (*)(void))py_crc32, METH_FASTCALL | METH_KEYWORDS,
     "crc32(data, value=0): CRC-32/ISO-HDLC, as zlib.crc32."},
    {"crc32c", (PyCFunction)(void (*)(void))py_crc32c, METH_FASTCALL | METH_KEYWORDS,
     "crc32c(data, value=0): CRC-32C (Castagnoli), as crc32c.crc32c."},
    {"adler32", (PyCFunction)(void (*)(void))py_adler32, METH_FASTCALL | METH_KEYWORDS,
     "adler32(data, value=1): Adler-32, as zlib.adler32."},
    {"names", (PyCFunction)(void (*)(void))py_names, METH_FASTCALL,
     "names(kind=None): names of 'checksum', 'hash', 'cipher', 'mac', 'aead' or all."},
    {"kernels", py_kernels, METH_NOARGS, "kernels(): {algorithm: dispatched kernel}."},
    {"dispatch", py_dispatch, METH_O, "dispatch(algorithm): how and why its kernel was chosen."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "simdcrypt._simdcrypt", "simdcrypt's C library.", -1, functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__simdcrypt(void);
PyMODINIT_FUNC PyInit__simdcrypt(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    scpy_InvalidTag = PyErr_NewExceptionWithDoc("simdcrypt.InvalidTag",
                                                "An authentication tag did not verify; nothing was released.",
                                                PyExc_Exception, NULL);
    if (scpy_InvalidTag == NULL || PyModule_AddObjectRef(m, "InvalidTag", scpy_InvalidTag) < 0 ||
        PyModule_AddStringConstant(m, "__version__", sc_version()) < 0 ||
        PyModule_AddIntConstant(m, "NOGIL_MIN", (long)SCPY_NOGIL_MIN) < 0 ||
        PyModule_AddIntConstant(m, "CHECKSUM_NOGIL_MIN", (long)SCPY_NOGIL_MIN_CHECKSUM) < 0 ||
        scpy_hash_register(m) < 0 || scpy_cipher_register(m) < 0 || scpy_mac_register(m) < 0 || scpy_aead_register(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
