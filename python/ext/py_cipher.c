/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt._simdcrypt: the generic cipher API (sc_cipher_*) as Cipher
 * objects (update/finalize, as cryptography's CipherContext) and one-shot
 * encrypt/decrypt. */
#include "py_util.h"

#include <string.h>

typedef struct {
    PyObject_HEAD
    scpy_lock lock;
    sc_cipher_info info;
    sc_cipher_ctx *ctx; /* inside raw, aligned as cipher.h asks */
    unsigned char raw[sizeof(sc_cipher_ctx) + SC_CIPHER_CTX_ALIGN];
} CipherObject;

static PyObject *Cipher_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static const char *const names[] = {"name", "key", "iv", "encrypt", NULL};
    PyObject *v[4], *optkw;
    if (scpy_split_args(args, kw, names, 2, v, &optkw) < 0) return NULL;
    sc_cipher_opts opts;
    Py_buffer key = {0}, iv = {0};
    CipherObject *c = NULL;
    const char *name = scpy_name(v[0]);
    int encrypt = v[3] ? PyObject_IsTrue(v[3]) : 1;
    if (name == NULL || encrypt < 0 || scpy_cipher_opts(optkw, &opts) < 0) goto done;
    if (scpy_buffer(v[1], &key, "key") < 0 || scpy_buffer_or_none(v[2], &iv, "iv") < 0) goto done;
    if ((c = (CipherObject *)type->tp_alloc(type, 0)) == NULL) goto done;
    c->ctx = scpy_align(c->raw, SC_CIPHER_CTX_ALIGN);
    int rc = sc_cipher_info_get(name, &c->info);
    if (rc == SC_OK)
        rc = sc_cipher_init_ex(c->ctx, name, encrypt, key.buf, (size_t)key.len, iv.buf, (size_t)iv.len, &opts);
    if (rc != SC_OK) {
        Py_CLEAR(c);
        scpy_fail(rc, name);
    }
done:
    if (key.obj) PyBuffer_Release(&key);
    if (iv.obj) PyBuffer_Release(&iv);
    Py_XDECREF(optkw);
    return (PyObject *)c;
}

static void Cipher_dealloc(CipherObject *c)
{
    if (c->ctx) sc_cipher_wipe(c->ctx);
    scpy_lock_free(&c->lock);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static PyObject *Cipher_update(CipherObject *c, PyObject *data)
{
    Py_buffer in;
    if (scpy_buffer(data, &in, "data") < 0) return NULL;
    uint8_t *out;
    /* cipher.h: at most in_len + 2 block_size - 1 bytes (XTS), less elsewhere */
    PyObject *b = scpy_bytes_new(in.len + 2 * (Py_ssize_t)c->info.block_size, &out);
    if (b == NULL) return PyBuffer_Release(&in), NULL;
    size_t n = 0;
    int rc;
    int nogil = in.len >= SCPY_NOGIL_MIN;
    if (nogil && scpy_lock_prepare(&c->lock) < 0) return PyBuffer_Release(&in), Py_DECREF(b), NULL;
    scpy_lock_enter(&c->lock);
    if (nogil) {
        Py_BEGIN_ALLOW_THREADS
        rc = sc_cipher_update(c->ctx, in.buf, (size_t)in.len, out, (size_t)PyBytes_GET_SIZE(b), &n);
        Py_END_ALLOW_THREADS
    } else {
        rc = sc_cipher_update(c->ctx, in.buf, (size_t)in.len, out, (size_t)PyBytes_GET_SIZE(b), &n);
    }
    scpy_lock_leave(&c->lock);
    PyBuffer_Release(&in);
    if (rc != SC_OK) return scpy_bytes_finish(b, 0, 0), scpy_fail(rc, c->info.name);
    return scpy_bytes_finish(b, n, 1);
}

static PyObject *Cipher_finalize(CipherObject *c, PyObject *unused)
{
    (void)unused;
    uint8_t *out;
    /* key wrap: what update buffered (<= 128 bytes) + a block; XTS: < 2 blocks */
    PyObject *b = scpy_bytes_new(128 + 3 * (Py_ssize_t)c->info.block_size, &out);
    if (b == NULL) return NULL;
    size_t n = 0;
    scpy_lock_enter(&c->lock);
    int rc = sc_cipher_final(c->ctx, out, (size_t)PyBytes_GET_SIZE(b), &n);
    scpy_lock_leave(&c->lock);
    if (rc != SC_OK) return scpy_bytes_finish(b, 0, 0), scpy_fail(rc, c->info.name);
    return scpy_bytes_finish(b, n, 1);
}

static PyObject *Cipher_reset(CipherObject *c, PyObject *unused)
{
    (void)unused;
    scpy_lock_enter(&c->lock);
    int rc = sc_cipher_reset(c->ctx);
    scpy_lock_leave(&c->lock);
    if (rc != SC_OK) return scpy_fail(rc, c->info.name);
    Py_RETURN_NONE;
}

static PyObject *info_dict(const sc_cipher_info *i)
{
    return Py_BuildValue("{s:s,s:s,s:s,s:n,s:n,s:n,s:n,s:n,s:O,s:O}", "name", i->name, "algorithm",
                         i->algorithm, "mode", i->mode, "block_size", (Py_ssize_t)i->block_size, "key_size",
                         (Py_ssize_t)i->key_size, "iv_size", (Py_ssize_t)i->iv_size, "tag_size",
                         (Py_ssize_t)i->tag_size, "min_tag_size", (Py_ssize_t)i->min_tag_size, "is_stream",
                         i->is_stream ? Py_True : Py_False, "one_shot", i->one_shot ? Py_True : Py_False);
}

static PyObject *Cipher_get(CipherObject *c, void *field)
{
    const char *f = field;
    if (strcmp(f, "name") == 0) return PyUnicode_FromString(c->info.name);
    if (strcmp(f, "block_size") == 0) return PyLong_FromSize_t(c->info.block_size);
    if (strcmp(f, "key_size") == 0) return PyLong_FromSize_t(c->info.key_size);
    return PyLong_FromSize_t(c->info.iv_size);
}

static PyMethodDef Cipher_methods[] = {
    {"update", (PyCFunction)Cipher_update, METH_O, "Encrypt or decrypt more bytes; returns what is ready."},
    {"finalize", (PyCFunction)Cipher_finalize, METH_NOARGS, "Finish the message; returns the last bytes."},
    {"reset", (PyCFunction)Cipher_reset, METH_NOARGS, "Start again with the same key and IV."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Cipher_getset[] = {
    {"name", (getter)Cipher_get, NULL, "canonical name", "name"},
    {"block_size", (getter)Cipher_get, NULL, "bytes", "block_size"},
    {"key_size", (getter)Cipher_get, NULL, "bytes", "key_size"},
    {"iv_size", (getter)Cipher_get, NULL, "bytes (0: no IV)", "iv_size"},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject Cipher_Type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "simdcrypt.Cipher",
    .tp_basicsize = sizeof(CipherObject),
    .tp_dealloc = (destructor)Cipher_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Cipher(name, key, iv=None, encrypt=True, **opts): a cipher of the generic API.",
    .tp_methods = Cipher_methods,
    .tp_getset = Cipher_getset,
    .tp_new = Cipher_new,
};

/* encrypt/decrypt(name, key, iv, data, **opts) over sc_cipher_crypt. */
static PyObject *one_shot(PyObject *args, PyObject *kw, int encrypt)
{
    static const char *const names[] = {"name", "key", "iv", "data", NULL};
    PyObject *v[4], *optkw, *b = NULL;
    if (scpy_split_args(args, kw, names, 4, v, &optkw) < 0) return NULL;
    sc_cipher_opts opts;
    Py_buffer key = {0}, iv = {0}, in = {0};
    const char *name = scpy_name(v[0]);
    if (name == NULL || scpy_cipher_opts(optkw, &opts) < 0) goto done;
    if (scpy_buffer(v[1], &key, "key") < 0 || scpy_buffer_or_none(v[2], &iv, "iv") < 0 ||
        scpy_buffer(v[3], &in, "data") < 0)
        goto done;
    uint8_t *out;
    if ((b = scpy_bytes_new(in.len + (Py_ssize_t)sc_cipher_block_size(name), &out)) == NULL) goto done;
    size_t n = 0, cap = (size_t)PyBytes_GET_SIZE(b);
    int rc;
    if (in.len >= SCPY_NOGIL_MIN) {
        Py_BEGIN_ALLOW_THREADS
        rc = sc_cipher_crypt(name, encrypt, key.buf, (size_t)key.len, iv.buf, (size_t)iv.len, in.buf,
                             (size_t)in.len, out, cap, &n, &opts);
        Py_END_ALLOW_THREADS
    } else {
        rc = sc_cipher_crypt(name, encrypt, key.buf, (size_t)key.len, iv.buf, (size_t)iv.len, in.buf,
                             (size_t)in.len, out, cap, &n, &opts);
    }
    b = scpy_bytes_finish(b, n, rc == SC_OK);
    if (rc != SC_OK) scpy_fail(rc, name);
done:
    if (key.obj) PyBuffer_Release(&key);
    if (iv.obj) PyBuffer_Release(&iv);
    if (in.obj) PyBuffer_Release(&in);
    Py_XDECREF(optkw);
    return b;
}

static PyObject *py_encrypt(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return one_shot(args, kw, 1);
}

static PyObject *py_decrypt(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return one_shot(args, kw, 0);
}

/* cipher_info(name) -> dict of sc_cipher_info (ciphers and MACs). */
static PyObject *py_cipher_info(PyObject *self, PyObject *arg)
{
    (void)self;
    const char *name = scpy_name(arg);
    if (name == NULL) return NULL;
    sc_cipher_info info;
    int rc = sc_cipher_info_get(name, &info);
    if (rc != SC_OK) return scpy_fail(rc, name);
    return info_dict(&info);
}

static PyMethodDef cipher_functions[] = {
    {"encrypt", (PyCFunction)(void (*)(void))py_encrypt, METH_VARARGS | METH_KEYWORDS,
     "encrypt(name, key, iv, data, **opts): one-shot encryption."},
    {"decrypt", (PyCFunction)(void (*)(void))py_decrypt, METH_VARARGS | METH_KEYWORDS,
     "decrypt(name, key, iv, data, **opts): one-shot decryption."},
    {"cipher_info", py_cipher_info, METH_O, "cipher_info(name): sizes and mode of a cipher or MAC name."},
    {NULL, NULL, 0, NULL},
};

int scpy_cipher_register(PyObject *m)
{
    if (PyType_Ready(&Cipher_Type) < 0) return -1;
    Py_INCREF(&Cipher_Type);
    if (PyModule_AddObject(m, "Cipher", (PyObject *)&Cipher_Type) < 0) return -1;
    return PyModule_AddFunctions(m, cipher_functions);
}
