/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt._simdcrypt: hashlib-style hash and XOF objects over sc_hash_*,
 * and hash_many over sc_hash_many. */
#include "py_util.h"

#include <simdcrypt/hash.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    scpy_lock lock;
    sc_hash_info info;
    PyObject *custom; /* bytes: KangarooTwelve's context points into it */
    sc_hash_ctx *ctx; /* inside raw, 64-byte aligned as hash.h asks */
    unsigned char raw[sizeof(sc_hash_ctx) + SC_HASH_CTX_ALIGN];
} HashObject;

static PyTypeObject Hash_Type;

static HashObject *hash_alloc(void)
{
    HashObject *h = PyObject_New(HashObject, &Hash_Type);
    if (h == NULL) return NULL;
    h->lock.lock = NULL;
    h->custom = NULL;
    h->ctx = scpy_align(h->raw, SC_HASH_CTX_ALIGN);
    memset(h->ctx, 0, sizeof *h->ctx);
    return h;
}

static void Hash_dealloc(HashObject *h)
{
    sc_hash_wipe(h->ctx);
    scpy_lock_free(&h->lock);
    Py_XDECREF(h->custom);
    PyObject_Free(h);
}

/* hashlib's spellings ("sha3_256", "shake_128", "SHA3-256") and the
 * library's ("sha3-256", "shake128") name the same function: compare
 * ignoring case, '-' and '_' against the library's own list. */
static const char *canonical_name(const char *name)
{
    for (size_t i = 0;; i++) {
        const char *n = sc_hash_name_at(i);
        if (n == NULL) return name; /* unknown: the library's error */
        const char *a = name, *b = n;
        for (;;) {
            while (*a == '-' || *a == '_') a++;
            while (*b == '-' || *b == '_') b++;
            char ca = (char)((*a >= 'A' && *a <= 'Z') ? *a + 32 : *a);
            if (ca != *b) break;
            if (*a == 0) return n;
            a++, b++;
        }
    }
}

/* Feed a buffer, the GIL released for long ones. */
static int hash_feed(HashObject *h, PyObject *data)
{
    Py_buffer view;
    if (scpy_buffer(data, &view, "data") < 0) return -1;
    int rc;
    if (view.len >= SCPY_NOGIL_MIN) {
        if (scpy_lock_prepare(&h->lock) < 0) return PyBuffer_Release(&view), -1;
        scpy_lock_enter(&h->lock);
        Py_BEGIN_ALLOW_THREADS
        rc = sc_hash_update(h->ctx, view.buf, (size_t)view.len);
        Py_END_ALLOW_THREADS
        scpy_lock_leave(&h->lock);
    } else {
        scpy_lock_enter(&h->lock);
        rc = sc_hash_update(h->ctx, view.buf, (size_t)view.len);
        scpy_lock_leave(&h->lock);
    }
    PyBuffer_Release(&view);
    if (rc != SC_OK) return scpy_fail(rc, "update"), -1;
    return 0;
}

/* new(name, data=b"", *, custom=None, domain=None, kernel=None, usedforsecurity=True) */
static PyObject *hash_new(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"name", "data", "custom", "domain", "kernel", "usedforsecurity", NULL};
    const char *name, *kernel = NULL;
    PyObject *data = NULL, *custom = Py_None, *domain = Py_None;
    int usedforsecurity = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|O$OOzp:new", kwlist, &name, &data, &custom, &domain, &kernel,
                                     &usedforsecurity))
        return NULL;
    (void)usedforsecurity; /* hashlib's flag: every name here is served either way */
    sc_hash_opts opts = {.kernel = kernel};
    if (domain != Py_None) {
        unsigned long d = PyLong_AsUnsignedLong(domain);
        if (d == (unsigned long)-1 && PyErr_Occurred()) return NULL;
        if (d > 0xff) return PyErr_SetString(PyExc_ValueError, "domain must be a byte (0x01..0x7f)"), NULL;
        opts.domain = (unsigned)d;
        if (d == 0) return scpy_fail(SC_EINVAL, "domain"); /* 0 would mean the default */
    }
    HashObject *h = hash_alloc();
    if (h == NULL) return NULL;
    if (custom != Py_None) {
        Py_buffer cv;
        if (scpy_buffer(custom, &cv, "custom") < 0) return Py_DECREF(h), NULL;
        h->custom = PyBytes_FromStringAndSize(cv.buf, cv.len);
        PyBuffer_Release(&cv);
        if (h->custom == NULL) return Py_DECREF(h), NULL;
        opts.custom = (const uint8_t *)PyBytes_AS_STRING(h->custom);
        opts.custom_len = (size_t)PyBytes_GET_SIZE(h->custom);
    }
    name = canonical_name(name);
    int rc = sc_hash_info_get(name, &h->info);
    if (rc == SC_OK) rc = sc_hash_init_ex(h->ctx, name, &opts);
    if (rc != SC_OK) {
        Py_DECREF(h);
        return scpy_fail(rc, name);
    }
    if (data && data != Py_None && hash_feed(h, data) < 0) return Py_DECREF(h), NULL;
    return (PyObject *)h;
}

static PyObject *Hash_update(HashObject *h, PyObject *data)
{
    if (hash_feed(h, data) < 0) return NULL;
    Py_RETURN_NONE;
}

/* The digest of what was fed so far; the object goes on (hashlib). */
static PyObject *hash_result(HashObject *h, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t len = (Py_ssize_t)h->info.digest_size;
    if (h->info.is_xof) {
        if (nargs != 1) return PyErr_SetString(PyExc_TypeError, "an XOF's digest takes the length"), NULL;
        len = PyNumber_AsSsize_t(args[0], PyExc_OverflowError);
        if (len == -1 && PyErr_Occurred()) return NULL;
        if (len < 0) return PyErr_SetString(PyExc_ValueError, "length must not be negative"), NULL;
    } else if (nargs != 0) {
        return PyErr_SetString(PyExc_TypeError, "digest() takes no argument for a fixed-size hash"), NULL;
    }
    uint8_t *out;
    PyObject *b = scpy_bytes_new(len, &out);
    if (b == NULL) return NULL;
    unsigned char raw[sizeof(sc_hash_ctx) + SC_HASH_CTX_ALIGN];
    sc_hash_ctx *tmp = scpy_align(raw, SC_HASH_CTX_ALIGN);
    scpy_lock_enter(&h->lock);
    int rc = sc_hash_copy(tmp, h->ctx);
    scpy_lock_leave(&h->lock);
    if (rc == SC_OK) rc = sc_hash_final(tmp, out, (size_t)len);
    sc_hash_wipe(tmp);
    if (rc != SC_OK) return scpy_bytes_finish(b, 0, 0), scpy_fail(rc, "digest");
    return b;
}

static PyObject *Hash_digest(HashObject *h, PyObject *const *args, Py_ssize_t nargs)
{
    return hash_result(h, args, nargs);
}

static PyObject *Hash_hexdigest(HashObject *h, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *d = hash_result(h, args, nargs);
    if (d == NULL) return NULL;
    PyObject *hex = PyObject_CallMethod(d, "hex", NULL);
    Py_DECREF(d);
    return hex;
}

static PyObject *Hash_copy(HashObject *h, PyObject *unused)
{
    (void)unused;
    HashObject *c = hash_alloc();
    if (c == NULL) return NULL;
    c->info = h->info;
    scpy_lock_enter(&h->lock);
    int rc = sc_hash_copy(c->ctx, h->ctx);
    scpy_lock_leave(&h->lock);
    if (rc != SC_OK) return Py_DECREF(c), scpy_fail(rc, "copy");
    Py_XINCREF(h->custom);
    c->custom = h->custom;
    return (PyObject *)c;
}

static PyObject *Hash_get_name(HashObject *h, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(h->info.name);
}

static PyObject *Hash_get_digest_size(HashObject *h, void *unused)
{
    (void)unused;
    return PyLong_FromSize_t(h->info.digest_size);
}

static PyObject *Hash_get_block_size(HashObject *h, void *unused)
{
    (void)unused;
    return PyLong_FromSize_t(h->info.block_size);
}

static PyObject *Hash_repr(HashObject *h)
{
    return PyUnicode_FromFormat("<simdcrypt.Hash %s>", h->info.name);
}

static PyMethodDef Hash_methods[] = {
    {"update", (PyCFunction)Hash_update, METH_O, "Feed more bytes."},
    {"digest", (PyCFunction)(void (*)(void))Hash_digest, METH_FASTCALL,
     "The digest so far (XOFs: digest(length)); the object can go on."},
    {"hexdigest", (PyCFunction)(void (*)(void))Hash_hexdigest, METH_FASTCALL, "digest() in hex."},
    {"copy", (PyCFunction)Hash_copy, METH_NOARGS, "An independent copy of the state."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Hash_getset[] = {
    {"name", (getter)Hash_get_name, NULL, "the library's name, e.g. sha3-256", NULL},
    {"digest_size", (getter)Hash_get_digest_size, NULL, "bytes; 0 for XOFs", NULL},
    {"block_size", (getter)Hash_get_block_size, NULL, "bytes absorbed per compression", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject Hash_Type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "simdcrypt.Hash",
    .tp_basicsize = sizeof(HashObject),
    .tp_dealloc = (destructor)Hash_dealloc,
    .tp_repr = (reprfunc)Hash_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A hash or XOF in progress (simdcrypt.new).",
    .tp_methods = Hash_methods,
    .tp_getset = Hash_getset,
};

/* hash_many(name, buffers, length=None, *, custom=None, domain=None, kernel=None) */
static PyObject *hash_many(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"name", "buffers", "length", "custom", "domain", "kernel", NULL};
    const char *name, *kernel = NULL;
    PyObject *seq, *length = Py_None, *custom = Py_None;
    unsigned domain = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sO|O$OIz:hash_many", kwlist, &name, &seq, &length, &custom,
                                     &domain, &kernel))
        return NULL;
    name = canonical_name(name);
    sc_hash_info info;
    int rc = sc_hash_info_get(name, &info);
    if (rc != SC_OK) return scpy_fail(rc, name);
    Py_ssize_t out_len = (Py_ssize_t)info.digest_size;
    if (length != Py_None) {
        out_len = PyNumber_AsSsize_t(length, PyExc_OverflowError);
        if (out_len == -1 && PyErr_Occurred()) return NULL;
        if (out_len < 0) return PyErr_SetString(PyExc_ValueError, "length must not be negative"), NULL;
    } else if (info.is_xof) {
        return PyErr_SetString(PyExc_TypeError, "an XOF needs length"), NULL;
    }
    PyObject *fast = PySequence_Fast(seq, "buffers must be a sequence of bytes-like objects");
    if (fast == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast), got = 0, total = 0;
    Py_buffer *views = PyMem_Calloc((size_t)n + 1, sizeof *views);
    const void **msgs = PyMem_Calloc((size_t)n + 1, sizeof *msgs);
    size_t *lens = PyMem_Calloc((size_t)n + 1, sizeof *lens);
    uint8_t *out = PyMem_Malloc((size_t)(n * out_len) + 1);
    PyObject *result = NULL;
    Py_buffer cv = {0};
    if (!views || !msgs || !lens || !out) {
        PyErr_NoMemory();
        goto done;
    }
    for (; got < n; got++) {
        if (scpy_buffer(PySequence_Fast_GET_ITEM(fast, got), &views[got], "buffers") < 0) goto done;
        msgs[got] = views[got].buf, lens[got] = (size_t)views[got].len, total += views[got].len;
    }
    sc_hash_opts opts = {.kernel = kernel, .domain = domain};
    if (custom != Py_None) {
        if (scpy_buffer(custom, &cv, "custom") < 0) goto done;
        opts.custom = cv.buf, opts.custom_len = (size_t)cv.len;
    }
    if (total >= SCPY_NOGIL_MIN) {
        Py_BEGIN_ALLOW_THREADS
        rc = sc_hash_many(name, &opts, (size_t)n, msgs, lens, out, (size_t)out_len);
        Py_END_ALLOW_THREADS
    } else {
        rc = sc_hash_many(name, &opts, (size_t)n, msgs, lens, out, (size_t)out_len);
    }
    if (rc != SC_OK) {
        scpy_fail(rc, name);
        goto done;
    }
    if ((result = PyList_New(n)) == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *d = PyBytes_FromStringAndSize((const char *)out + i * out_len, out_len);
        if (d == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, d);
    }
done:
    if (cv.obj) PyBuffer_Release(&cv);
    for (Py_ssize_t i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    PyMem_Free(views);
    PyMem_Free(msgs);
    PyMem_Free(lens);
    PyMem_Free(out);
    Py_DECREF(fast);
    return result;
}

static PyMethodDef hash_functions[] = {
    {"new", (PyCFunction)(void (*)(void))hash_new, METH_VARARGS | METH_KEYWORDS,
     "new(name, data=b'', *, custom=None, domain=None, kernel=None): a hash object."},
    {"hash_many", (PyCFunction)(void (*)(void))hash_many, METH_VARARGS | METH_KEYWORDS,
     "hash_many(name, buffers, length=None, **opts): digests of many messages at once."},
    {NULL, NULL, 0, NULL},
};

int scpy_hash_register(PyObject *m)
{
    if (PyType_Ready(&Hash_Type) < 0) return -1;
    Py_INCREF(&Hash_Type);
    if (PyModule_AddObject(m, "Hash", (PyObject *)&Hash_Type) < 0) return -1;
    return PyModule_AddFunctions(m, hash_functions);
}
