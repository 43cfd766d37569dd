/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt._simdcrypt: AEADs (sc_aead_*) as AEAD objects in the manner of
 * cryptography's AESGCM: one key, then encrypt(nonce, data, aad) ->
 * ciphertext || tag and decrypt(...) -> plaintext or InvalidTag, nothing
 * released (sc_aead_open zeroes what it wrote; the bytes are wiped and
 * dropped). AESGCM, ChaCha20Poly1305 and XChaCha20Poly1305 (__init__.py)
 * are subclasses. */
#include "py_util.h"

#include <simdcrypt/aead.h>

typedef struct {
    PyObject_HEAD
    scpy_lock lock;
    sc_aead_info info;
    size_t tag_len;
    sc_aead_ctx *ctx;
    unsigned char raw[sizeof(sc_aead_ctx) + SC_CIPHER_CTX_ALIGN];
} AeadObject;

static PyObject *AEAD_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static const char *const names[] = {"name", "key", "tag_len", NULL};
    PyObject *v[3], *optkw;
    if (scpy_split_args(args, kw, names, 2, v, &optkw) < 0) return NULL;
    sc_cipher_opts opts;
    Py_buffer key = {0};
    AeadObject *a = NULL;
    const char *name = scpy_name(v[0]);
    if (name == NULL || scpy_cipher_opts(optkw, &opts) < 0 || scpy_buffer(v[1], &key, "key") < 0) goto done;
    if ((a = (AeadObject *)type->tp_alloc(type, 0)) == NULL) goto done;
    a->ctx = scpy_align(a->raw, SC_CIPHER_CTX_ALIGN);
    int rc = sc_aead_info_get(name, &a->info);
    a->tag_len = a->info.tag_size;
    if (rc == SC_OK && v[2] && v[2] != Py_None) {
        Py_ssize_t t = PyNumber_AsSsize_t(v[2], PyExc_OverflowError);
        if (t == -1 && PyErr_Occurred()) {
            Py_CLEAR(a);
            goto done;
        }
        a->tag_len = (size_t)t;
        if (t < 0 || !sc_aead_tag_size_ok(&a->info, (size_t)t)) rc = SC_ETAGSIZE;
    }
    if (rc == SC_OK) rc = sc_aead_init(a->ctx, name, key.buf, (size_t)key.len, &opts);
    if (rc != SC_OK) {
        Py_CLEAR(a);
        scpy_fail(rc, name);
    }
done:
    if (key.obj) PyBuffer_Release(&key);
    Py_XDECREF(optkw);
    return (PyObject *)a;
}

static void AEAD_dealloc(AeadObject *a)
{
    if (a->ctx) sc_aead_wipe(a->ctx);
    scpy_lock_free(&a->lock);
    Py_TYPE(a)->tp_free((PyObject *)a);
}

typedef int (*aead_fn)(sc_aead_ctx *, const uint8_t *, size_t, const uint8_t *, size_t, const uint8_t *, size_t,
                       uint8_t *, size_t, size_t *, size_t);

/* encrypt or decrypt(nonce, data, associated_data=None) */
static PyObject *aead_call(AeadObject *a, PyObject *args, PyObject *kw, int seal)
{
    static char *kwlist[] = {"nonce", "data", "associated_data", NULL};
    PyObject *nonce_o, *data_o, *aad_o = Py_None, *b = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, seal ? "OO|O:encrypt" : "OO|O:decrypt", kwlist, &nonce_o, &data_o,
                                     &aad_o))
        return NULL;
    Py_buffer nonce = {0}, data = {0}, aad = {0};
    if (scpy_buffer(nonce_o, &nonce, "nonce") < 0 || scpy_buffer(data_o, &data, "data") < 0 ||
        scpy_buffer_or_none(aad_o, &aad, "associated_data") < 0)
        goto done;
    size_t tag = a->tag_len;
    if (!seal && (size_t)data.len < tag) { /* no room for a tag: it cannot verify */
        scpy_fail(SC_EAUTH, NULL);
        goto done;
    }
    Py_ssize_t cap = seal ? data.len + (Py_ssize_t)tag : data.len - (Py_ssize_t)tag;
    uint8_t *out;
    if ((b = scpy_bytes_new(cap, &out)) == NULL) goto done;
    aead_fn fn = seal ? sc_aead_seal : sc_aead_open;
    size_t n = 0;
    int rc, nogil = data.len + aad.len >= SCPY_NOGIL_MIN;
    if (nogil && scpy_lock_prepare(&a->lock) < 0) {
        Py_CLEAR(b);
        goto done;
    }
    scpy_lock_enter(&a->lock);
    if (nogil) {
        Py_BEGIN_ALLOW_THREADS
        rc = fn(a->ctx, nonce.buf, (size_t)nonce.len, aad.buf, (size_t)aad.len, data.buf, (size_t)data.len, out,
                (size_t)cap, &n, tag);
        Py_END_ALLOW_THREADS
    } else {
        rc = fn(a->ctx, nonce.buf, (size_t)nonce.len, aad.buf, (size_t)aad.len, data.buf, (size_t)data.len, out,
                (size_t)cap, &n, tag);
    }
    scpy_lock_leave(&a->lock);
    b = scpy_bytes_finish(b, n, rc == SC_OK);
    if (rc != SC_OK) scpy_fail(rc, a->info.name);
done:
    if (nonce.obj) PyBuffer_Release(&nonce);
    if (data.obj) PyBuffer_Release(&data);
    if (aad.obj) PyBuffer_Release(&aad);
    return b;
}

static PyObject *AEAD_encrypt(AeadObject *a, PyObject *args, PyObject *kw)
{
    return aead_call(a, args, kw, 1);
}

static PyObject *AEAD_decrypt(AeadObject *a, PyObject *args, PyObject *kw)
{
    return aead_call(a, args, kw, 0);
}

static PyObject *AEAD_get(AeadObject *a, void *field)
{
    switch (*(const char *)field) {
    case 'n': return PyUnicode_FromString(a->info.name);
    case 'k': return PyLong_FromSize_t(a->info.key_size);
    case 'o': return PyLong_FromSize_t(a->info.nonce_size);
    default: return PyLong_FromSize_t(a->tag_len);
    }
}

static PyMethodDef AEAD_methods[] = {
    {"encrypt", (PyCFunction)(void (*)(void))AEAD_encrypt, METH_VARARGS | METH_KEYWORDS,
     "encrypt(nonce, data, associated_data=None) -> ciphertext || tag"},
    {"decrypt", (PyCFunction)(void (*)(void))AEAD_decrypt, METH_VARARGS | METH_KEYWORDS,
     "decrypt(nonce, data, associated_data=None) -> plaintext; raises InvalidTag"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef AEAD_getset[] = {
    {"name", (getter)AEAD_get, NULL, "canonical name", "n"},
    {"key_size", (getter)AEAD_get, NULL, "bytes", "k"},
    {"nonce_size", (getter)AEAD_get, NULL, "recommended nonce bytes", "o"},
    {"tag_size", (getter)AEAD_get, NULL, "bytes of tag this object writes and reads", "t"},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject AEAD_Type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "simdcrypt.AEAD",
    .tp_basicsize = sizeof(AeadObject),
    .tp_dealloc = (destructor)AEAD_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "AEAD(name, key, tag_len=None, **opts): an AEAD of the library with one key.",
    .tp_methods = AEAD_methods,
    .tp_getset = AEAD_getset,
    .tp_new = AEAD_new,
};

/* aead_info(name) -> dict of sc_aead_info, tag_sizes as a list. */
static PyObject *py_aead_info(PyObject *self, PyObject *arg)
{
    (void)self;
    const char *name = scpy_name(arg);
    if (name == NULL) return NULL;
    sc_aead_info i;
    int rc = sc_aead_info_get(name, &i);
    if (rc != SC_OK) return scpy_fail(rc, name);
    PyObject *tags = PyList_New(0);
    for (size_t t = 1; tags && t <= i.tag_size; t++) {
        if (!sc_aead_tag_size_ok(&i, t)) continue;
        PyObject *n = PyLong_FromSize_t(t);
        if (n == NULL || PyList_Append(tags, n) < 0) Py_CLEAR(tags);
        Py_XDECREF(n);
    }
    if (tags == NULL) return NULL;
    return Py_BuildValue("{s:s,s:s,s:n,s:n,s:n,s:n,s:n,s:N,s:O}", "name", i.name, "algorithm", i.algorithm,
                         "key_size", (Py_ssize_t)i.key_size, "nonce_size", (Py_ssize_t)i.nonce_size,
                         "min_nonce_size", (Py_ssize_t)i.min_nonce_size, "max_nonce_size",
                         (Py_ssize_t)i.max_nonce_size, "tag_size", (Py_ssize_t)i.tag_size, "tag_sizes", tags,
                         "one_shot", i.one_shot ? Py_True : Py_False);
}

static PyMethodDef aead_functions[] = {
    {"aead_info", py_aead_info, METH_O, "aead_info(name): key, nonce and tag sizes of an AEAD name."},
    {NULL, NULL, 0, NULL},
};

int scpy_aead_register(PyObject *m)
{
    if (PyType_Ready(&AEAD_Type) < 0) return -1;
    Py_INCREF(&AEAD_Type);
    if (PyModule_AddObject(m, "AEAD", (PyObject *)&AEAD_Type) < 0) return -1;
    return PyModule_AddFunctions(m, aead_functions);
}
