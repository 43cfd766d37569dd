/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt._simdcrypt: shared helpers (py_util.h says what each does). */
#include "py_util.h"

#include <string.h>

PyObject *scpy_InvalidTag;

PyObject *scpy_fail(int status, const char *what)
{
    if (status == SC_EAUTH) {
        PyErr_SetString(scpy_InvalidTag, sc_strerror(status));
    } else if (what) {
        PyErr_Format(PyExc_ValueError, "%s: %s", what, sc_strerror(status));
    } else {
        PyErr_SetString(PyExc_ValueError, sc_strerror(status));
    }
    return NULL;
}

int scpy_buffer(PyObject *obj, Py_buffer *view, const char *what)
{
    if (PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: strings must be encoded before hashing or encryption", what);
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: a bytes-like object is required, not '%.100s'", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    return 0;
}

int scpy_buffer_or_none(PyObject *obj, Py_buffer *view, const char *what)
{
    if (obj == NULL || obj == Py_None) {
        static char empty;
        return PyBuffer_FillInfo(view, NULL, &empty, 0, 1, PyBUF_SIMPLE);
    }
    return scpy_buffer(obj, view, what);
}

/* A string option: NULL when absent or None. */
static int opt_str(PyObject *kw, const char *key, const char **out)
{
    PyObject *v = PyDict_GetItemString(kw, key);
    if (v == NULL || v == Py_None) return 0;
    if (!PyUnicode_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s must be a str", key);
        return -1;
    }
    *out = PyUnicode_AsUTF8(v);
    return *out ? 1 : -1;
}

/* An integer option, or one of `words` (index = value). */
static int opt_int(PyObject *kw, const char *key, const char *const *words, long long *out)
{
    PyObject *v = PyDict_GetItemString(kw, key);
    if (v == NULL || v == Py_None) return 0;
    if (words && PyUnicode_Check(v)) {
        const char *s = PyUnicode_AsUTF8(v);
        if (s == NULL) return -1;
        for (long long i = 0; words[i]; i++)
            if (strcmp(s, words[i]) == 0) return *out = i, 1;
        PyErr_Format(PyExc_ValueError, "%s: unknown value '%s'", key, s);
        return -1;
    }
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int%s", key, words ? " or a str" : "");
        return -1;
    }
    *out = PyLong_AsLongLong(v);
    if (*out == -1 && PyErr_Occurred()) return -1;
    if (*out < 0) {
        PyErr_Format(PyExc_ValueError, "%s must not be negative", key);
        return -1;
    }
    return 1;
}

int scpy_cipher_opts(PyObject *kw, sc_cipher_opts *opts)
{
    static const char *const known[] = {"kernel", "sbox", "padding", "counter", "segment_bits",
                                        "key_meshing", "short_mac", NULL};
    static const char *const padding[] = {"none", "pkcs7", NULL};
    static const char *const meshing[] = {"default", "none", "cryptopro", NULL};
    static const char *const short_mac[] = {"default", "cryptopro", "bc", NULL};
    memset(opts, 0, sizeof *opts);
    if (kw == NULL) return 0;
    PyObject *key;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kw, &pos, &key, NULL)) {
        const char *k = PyUnicode_AsUTF8(key);
        if (k == NULL) return -1;
        int found = 0;
        for (int i = 0; known[i]; i++) found |= strcmp(k, known[i]) == 0;
        if (!found) {
            PyErr_Format(PyExc_TypeError, "unexpected keyword argument '%s'", k);
            return -1;
        }
    }
    long long v;
    int r;
    if (opt_str(kw, "kernel", &opts->kernel) < 0 || opt_str(kw, "sbox", &opts->sbox) < 0) return -1;
    PyObject *pad = PyDict_GetItemString(kw, "padding");
    if (pad && PyBool_Check(pad)) {
        opts->padding = pad == Py_True ? SC_PADDING_PKCS7 : SC_PADDING_NONE;
    } else {
        if ((r = opt_int(kw, "padding", padding, &v)) < 0) return -1;
        if (r) opts->padding = (int)v;
    }
    if ((r = opt_int(kw, "counter", NULL, &v)) < 0) return -1;
    if (r) opts->counter = (uint64_t)v;
    if ((r = opt_int(kw, "segment_bits", NULL, &v)) < 0) return -1;
    if (r) {
        if (v > UINT32_MAX) return PyErr_SetString(PyExc_ValueError, "segment_bits is too large"), -1;
        opts->segment_bits = (uint32_t)v;
    }
    if ((r = opt_int(kw, "key_meshing", meshing, &v)) < 0) return -1;
    if (r) opts->key_meshing = v > INT32_MAX ? INT32_MAX : (int32_t)v;
    if ((r = opt_int(kw, "short_mac", short_mac, &v)) < 0) return -1;
    if (r) opts->short_mac = v > INT32_MAX ? INT32_MAX : (int32_t)v;
    return 0;
}

int scpy_lock_prepare(scpy_lock *l)
{
    if (l->lock == NULL && (l->lock = PyThread_allocate_lock()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

void scpy_lock_enter(scpy_lock *l)
{
    if (l->lock == NULL) return;
    if (!PyThread_acquire_lock(l->lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(l->lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
}

void scpy_lock_leave(scpy_lock *l)
{
    if (l->lock) PyThread_release_lock(l->lock);
}

void scpy_lock_free(scpy_lock *l)
{
    if (l->lock) PyThread_free_lock(l->lock);
    l->lock = NULL;
}

PyObject *scpy_bytes_new(Py_ssize_t cap, uint8_t **out)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, cap);
    if (b) *out = (uint8_t *)PyBytes_AS_STRING(b);
    return b;
}

PyObject *scpy_bytes_finish(PyObject *b, size_t len, int ok)
{
    if (!ok) {
        sc_wipe(PyBytes_AS_STRING(b), (size_t)PyBytes_GET_SIZE(b));
        Py_DECREF(b);
        return NULL;
    }
    if ((Py_ssize_t)len != PyBytes_GET_SIZE(b) && _PyBytes_Resize(&b, (Py_ssize_t)len) < 0) return NULL;
    return b;
}

/* py_util.h: arguments by position or keyword, the rest as options. */
int scpy_split_args(PyObject *args, PyObject *kw, const char *const *names, int required, PyObject **vals,
                      PyObject **opts)
{
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    int count = 0;
    while (names[count]) count++;
    if (n > count) return PyErr_Format(PyExc_TypeError, "takes at most %d positional arguments", count), -1;
    *opts = NULL;
    if (kw && PyDict_GET_SIZE(kw)) {
        if ((*opts = PyDict_Copy(kw)) == NULL) return -1;
    }
    for (int i = 0; i < count; i++) {
        vals[i] = i < n ? PyTuple_GET_ITEM(args, i) : NULL;
        PyObject *k = *opts ? PyDict_GetItemString(*opts, names[i]) : NULL;
        if (k) {
            if (vals[i]) {
                Py_CLEAR(*opts);
                return PyErr_Format(PyExc_TypeError, "argument '%s' given twice", names[i]), -1;
            }
            vals[i] = k; /* still owned by *opts */
            Py_INCREF(k);
            PyDict_DelItemString(*opts, names[i]);
            Py_DECREF(k); /* the dict copy held another reference: kept alive by kw */
        }
        if (vals[i] == NULL && i < required) {
            Py_CLEAR(*opts);
            return PyErr_Format(PyExc_TypeError, "missing argument '%s'", names[i]), -1;
        }
    }
    return 0;
}

const char *scpy_name(PyObject *o)
{
    if (!PyUnicode_Check(o)) return PyErr_SetString(PyExc_TypeError, "name must be a str"), NULL;
    return PyUnicode_AsUTF8(o);
}

void *scpy_align(unsigned char *raw, size_t align)
{
    uintptr_t p = (uintptr_t)raw;
    return (void *)((p + align - 1) & ~(uintptr_t)(align - 1));
}
