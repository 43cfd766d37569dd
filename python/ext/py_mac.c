/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt._simdcrypt: MACs of the generic API (sc_mac_*) as MAC objects.
 * digest() finishes the message (the library has no copy of a MAC state):
 * it keeps the tag, so digest()/hexdigest() can be asked again, and update
 * after it is refused. verify() is sc_mac_verify (constant time). */
#include "py_util.h"

#include <string.h>

typedef struct {
    PyObject_HEAD
    scpy_lock lock;
    sc_cipher_info info;
    PyObject *tag; /* bytes once digest() finished the message */
    int finished;
    sc_mac_ctx *ctx;
    unsigned char raw[sizeof(sc_mac_ctx) + SC_CIPHER_CTX_ALIGN];
} MacObject;

static PyObject *MAC_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static const char *const names[] = {"name", "key", "nonce", NULL};
    PyObject *v[3], *optkw;
    if (scpy_split_args(args, kw, names, 2, v, &optkw) < 0) return NULL;
    sc_cipher_opts opts;
    Py_buffer key = {0}, nonce = {0};
    MacObject *m = NULL;
    const char *name = scpy_name(v[0]);
    if (name == NULL || scpy_cipher_opts(optkw, &opts) < 0) goto done;
    if (scpy_buffer(v[1], &key, "key") < 0) goto done;
    if (v[2] && v[2] != Py_None && scpy_buffer(v[2], &nonce, "nonce") < 0) goto done;
    if ((m = (MacObject *)type->tp_alloc(type, 0)) == NULL) goto done;
    m->ctx = scpy_align(m->raw, SC_CIPHER_CTX_ALIGN);
    int rc = sc_cipher_info_get(name, &m->info);
    if (rc == SC_OK && m->info.tag_size == 0) rc = SC_EINVAL; /* a cipher name */
    if (rc == SC_OK)
        rc = nonce.obj ? sc_mac_init_nonce(m->ctx, name, key.buf, (size_t)key.len, nonce.buf, (size_t)nonce.len,
                                           &opts)
                       : sc_mac_init_ex(m->ctx, name, key.buf, (size_t)key.len, &opts);
    if (rc != SC_OK) {
        Py_CLEAR(m);
        scpy_fail(rc, name);
    }
done:
    if (key.obj) PyBuffer_Release(&key);
    if (nonce.obj) PyBuffer_Release(&nonce);
    Py_XDECREF(optkw);
    return (PyObject *)m;
}

static void MAC_dealloc(MacObject *m)
{
    if (m->ctx) sc_mac_wipe(m->ctx);
    scpy_lock_free(&m->lock);
    Py_XDECREF(m->tag);
    Py_TYPE(m)->tp_free((PyObject *)m);
}

static PyObject *MAC_update(MacObject *m, PyObject *data)
{
    if (m->finished) return scpy_fail(SC_ESTATE, "update after digest or verify");
    Py_buffer in;
    if (scpy_buffer(data, &in, "data") < 0) return NULL;
    int rc, nogil = in.len >= SCPY_NOGIL_MIN;
    if (nogil && scpy_lock_prepare(&m->lock) < 0) return PyBuffer_Release(&in), NULL;
    scpy_lock_enter(&m->lock);
    if (nogil) {
        Py_BEGIN_ALLOW_THREADS
        rc = sc_mac_update(m->ctx, in.buf, (size_t)in.len);
        Py_END_ALLOW_THREADS
    } else {
        rc = sc_mac_update(m->ctx, in.buf, (size_t)in.len);
    }
    scpy_lock_leave(&m->lock);
    PyBuffer_Release(&in);
    if (rc != SC_OK) return scpy_fail(rc, m->info.name);
    Py_RETURN_NONE;
}

/* digest(length=None): the tag, truncated to length bytes when given. */
static PyObject *MAC_digest(MacObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs > 1) return PyErr_SetString(PyExc_TypeError, "digest takes at most one argument"), NULL;
    Py_ssize_t len = (Py_ssize_t)m->info.tag_size;
    if (nargs == 1 && args[0] != Py_None) {
        len = PyNumber_AsSsize_t(args[0], PyExc_OverflowError);
        if (len == -1 && PyErr_Occurred()) return NULL;
        if (len < 0) return scpy_fail(SC_ETAGSIZE, m->info.name);
    }
    if (m->tag) {
        if (len != PyBytes_GET_SIZE(m->tag)) return scpy_fail(SC_ESTATE, "digest already taken at another length");
        return Py_NewRef(m->tag);
    }
    if (m->finished) return scpy_fail(SC_ESTATE, "digest after verify");
    uint8_t *out;
    PyObject *b = scpy_bytes_new(len, &out);
    if (b == NULL) return NULL;
    scpy_lock_enter(&m->lock);
    int rc = sc_mac_final(m->ctx, out, (size_t)len);
    scpy_lock_leave(&m->lock);
    if (rc != SC_OK) return scpy_bytes_finish(b, 0, 0), scpy_fail(rc, m->info.name);
    m->finished = 1;
    m->tag = Py_NewRef(b);
    return b;
}

static PyObject *MAC_hexdigest(MacObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *d = MAC_digest(m, args, nargs);
    if (d == NULL) return NULL;
    PyObject *hex = PyObject_CallMethod(d, "hex", NULL);
    Py_DECREF(d);
    return hex;
}

/* verify(tag): None, or InvalidTag; the message is finished either way. */
static PyObject *MAC_verify(MacObject *m, PyObject *tagobj)
{
    Py_buffer tag;
    if (scpy_buffer(tagobj, &tag, "tag") < 0) return NULL;
    int rc;
    if (m->tag) { /* digest() finished it: compare with what it gave */
        rc = tag.len == PyBytes_GET_SIZE(m->tag) &&
                     sc_memeq(tag.buf, PyBytes_AS_STRING(m->tag), (size_t)tag.len)
                 ? SC_OK
                 : SC_EAUTH;
    } else if (m->finished) {
        rc = SC_ESTATE;
    } else {
        scpy_lock_enter(&m->lock);
        rc = sc_mac_verify(m->ctx, tag.buf, (size_t)tag.len);
        scpy_lock_leave(&m->lock);
        m->finished = 1;
    }
    PyBuffer_Release(&tag);
    if (rc != SC_OK) return scpy_fail(rc, m->info.name);
    Py_RETURN_NONE;
}

static PyObject *MAC_get(MacObject *m, void *field)
{
    const char *f = field;
    if (strcmp(f, "name") == 0) return PyUnicode_FromString(m->info.name);
    if (strcmp(f, "block_size") == 0) return PyLong_FromSize_t(m->info.block_size);
    return PyLong_FromSize_t(m->info.tag_size);
}

static PyMethodDef MAC_methods[] = {
    {"update", (PyCFunction)MAC_update, METH_O, "Feed more bytes."},
    {"digest", (PyCFunction)(void (*)(void))MAC_digest, METH_FASTCALL,
     "digest(length=None): the tag (finishes the message)."},
    {"hexdigest", (PyCFunction)(void (*)(void))MAC_hexdigest, METH_FASTCALL, "digest() in hex."},
    {"verify", (PyCFunction)MAC_verify, METH_O,
     "verify(tag): constant-time check of a (possibly truncated) tag; raises InvalidTag."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef MAC_getset[] = {
    {"name", (getter)MAC_get, NULL, "canonical name", "name"},
    {"digest_size", (getter)MAC_get, NULL, "bytes of the full tag", "digest_size"},
    {"block_size", (getter)MAC_get, NULL, "bytes", "block_size"},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject MAC_Type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "simdcrypt.MAC",
    .tp_basicsize = sizeof(MacObject),
    .tp_dealloc = (destructor)MAC_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "MAC(name, key, nonce=None, **opts): a MAC of the generic API.",
    .tp_methods = MAC_methods,
    .tp_getset = MAC_getset,
    .tp_new = MAC_new,
};

int scpy_mac_register(PyObject *m)
{
    if (PyType_Ready(&MAC_Type) < 0) return -1;
    Py_INCREF(&MAC_Type);
    return PyModule_AddObject(m, "MAC", (PyObject *)&MAC_Type);
}
