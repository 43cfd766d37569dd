/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: how a cipher family plugs into the generic cipher/MAC API
 * (include/simdcrypt/cipher.h).
 *
 * The generic layer (cipher.c, mac.c) owns what every family shares: name
 * lookup through the table in cipher_table.c, argument checks, buffering of
 * partial blocks, keystream bytes left over in stream modes, the MAC's last
 * block, and wiping. A family owns its key schedule, IV/counter/chaining
 * state and mode arithmetic, in an opaque 64-byte-aligned area of
 * SC_CIPHER_FAMILY_STATE bytes inside the caller's context.
 *
 * A family's operations are one `const sc_cipher_ops sc_<family>_cipher_ops`
 * in src/<family>/<family>_family.c (kalyna_family.c is the model), named by
 * its descriptor in src/core/registry.c (docs/adding-a-family.md).
 */
#ifndef SC_CIPHER_FAMILY_H
#define SC_CIPHER_FAMILY_H

#include <simdcrypt/cipher.h>
#include <stdatomic.h>

#define SC_CIPHER_MAX_BLOCK 64      /* bytes: Kalyna-512 */
/* bytes for the family's key/mode state (AES's, the largest, is 2944) */
#define SC_CIPHER_FAMILY_STATE 3776

typedef struct sc_cipher_ops sc_cipher_ops;

/* A resolved name: the public description plus two family-private numbers. */
typedef struct sc_cipher_spec {
    sc_cipher_info info;
    const sc_cipher_ops *ops;
    int variant; /* family-private, e.g. Kalyna block/key index */
    int mode;    /* family-private, e.g. ecb/cbc/ctr/cmac */
    /* MACs whose standard allows only some truncations (GMAC: SP 800-38D
     * 5.2.1.2): bit t set when a t-byte tag is accepted; 0 = every length
     * from info.min_tag_size to info.tag_size. */
    uint32_t tag_sizes;
    /* 1 for stream ciphers that take sc_cipher_opts.counter (ChaCha20);
     * the generic layer refuses a non-zero counter for every other name. */
    int takes_counter;
    /* 1 for modes that take sc_cipher_opts.segment_bits (CFB, GOST OFB),
     * .key_meshing (GOST 28147-89 CNT/CFB/MAC) or .short_mac (gost89-mac);
     * the generic layer refuses a non-zero value for every other name and
     * a value out of range for these (sc_cipher_opts_check). */
    int takes_segment, takes_key_meshing, takes_short_mac;
    /* 1 when the family's `stream` op takes any length itself (CFB: its
     * keystream depends on the ciphertext, so the generic leftover-keystream
     * path cannot serve it). info.is_stream is 1 too. */
    int family_streams;
    /* 1 for modes with ciphertext stealing (XTS): update keeps the last
     * whole block and a partial one (bs .. 2 bs - 1 bytes, once a block has
     * come) and passes every earlier whole block to `blocks`; final hands
     * what it kept to `steal_final`. */
    int steals;
    /* Modes that need the whole message at once (key wrap) set
     * info.one_shot: the family's `crypt` op takes it, from sc_cipher_crypt
     * (any length) or from final (update buffers up to sizeof buf bytes). */
} sc_cipher_spec;

struct sc_cipher_ops {
    const char *name; /* "kalyna" */
    /* Resolve `name` (exact, lower case) into *spec; SC_OK or SC_EINVAL.
     * spec->info.tag_size != 0 marks a MAC. */
    int (*lookup)(const char *name, sc_cipher_spec *spec);
    /* The index-th cipher (mac = 0) or MAC (mac = 1) name, NULL past the end. */
    const char *(*name_at)(size_t index, int mac);
    /* Key and IV setup into `state` (SC_CIPHER_FAMILY_STATE bytes, aligned
     * 64). Sizes were NOT checked by the caller: check and refuse them with
     * SC_EKEYSIZE / SC_EIVSIZE. opts is never NULL (fields may be). For MACs
     * iv is NULL and encrypt 1. */
    int (*init)(void *state, const sc_cipher_spec *spec, int encrypt, const uint8_t *key, size_t key_len,
                const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts);
    /* Ciphers: process nblocks whole blocks, in == out allowed. Stream modes
     * xor the keystream (given zeros, it returns the keystream itself). */
    void (*blocks)(void *state, const uint8_t *in, uint8_t *out, size_t nblocks);
    /* MACs: absorb nblocks whole blocks, none of them the message's last. */
    void (*mac_blocks)(void *state, const uint8_t *in, size_t nblocks);
    /* MACs: absorb the last last_len (0..block) bytes of a message of
     * total_len bytes and write the full tag (info.tag_size bytes).
     * SC_ELENGTH for a message the MAC cannot take. */
    int (*mac_final)(void *state, const uint8_t *last, size_t last_len, uint64_t total_len, uint8_t *tag);
    /* Back to the mode state init left (CBC chain = IV, CTR counter, MAC
     * accumulator), the key schedule untouched: the family keeps a copy of
     * that state from init (sc_cipher_reset, sc_mac_reset). */
    void (*reset)(void *state);
    /* Is `state` one init set up for `spec`, with every field the family
     * calls or indexes through (kernel pointer, sizes, rounds, mode, ring
     * positions) consistent with it? SC_OK or SC_ESTATE; the generic layer
     * asks once per call, before any call into the family. Optional (NULL:
     * the generic checks only). */
    int (*check)(const void *state, const sc_cipher_spec *spec);
    /* Optional, stream modes with a bounded counter (ChaCha20): how many
     * more blocks `blocks` may produce before the counter would repeat; the
     * generic layer refuses an update needing more (SC_ELENGTH). NULL: no
     * bound. */
    uint64_t (*blocks_left)(const void *state);
    /* Optional, counter modes whose keystream block i can be computed on its
     * own (sc_cipher_seek): the mode state init left, advanced by `block`
     * whole blocks (the key schedule as init left it too). SC_OK, or
     * SC_ELENGTH when `block` is past the counter's last block (then the
     * state is unspecified: the generic layer resets it). NULL: no seek. */
    int (*seek)(void *state, uint64_t block);
    /* Modes with spec.family_streams: any length, any split; the family
     * keeps its position inside a segment; in == out allowed. */
    void (*stream)(void *state, const uint8_t *in, uint8_t *out, size_t len);
    /* Modes with spec.steals: the message's last len bytes, bs <= len <
     * 2 bs (a whole block and 0 .. bs - 1 more), written to out (len bytes;
     * in == out allowed). */
    void (*steal_final)(void *state, const uint8_t *in, uint8_t *out, size_t len);
    /* Modes with info.one_shot: the whole message. Checks its length (a
     * public value: SC_ELENGTH) and out_cap (SC_ELENGTH) before writing;
     * in == out allowed. Integrity failures (SC_EAUTH) leave out[0 ..
     * out_cap) as the family wrote it: the caller zeroes it. */
    int (*crypt)(void *state, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len);
    /* Optional, MACs: a whole message at once (sc_mac_message), from the
     * key alone: whatever a message in progress left in the state (the
     * generic layer does not reset it first), which the call may leave as
     * it likes (the context is finished after it: a new message resets).
     * Its full tag to `tag`; *rc as mac_final's.
     * Returns 1 when it did, 0 to let the generic steps (mac_blocks,
     * mac_final) run instead: a kernel that fuses the message's blocks,
     * last block and length (GMAC through the fused GCM kernel) skips the
     * buffering and the per-call overheads of three steps. */
    int (*mac_message)(void *state, const uint8_t *in, size_t len, uint8_t *tag, int *rc);
    /* Optional: a cheaper `check` for the calls of short messages (issue
     * 14): sc_cipher_update on whole blocks with nothing buffered,
     * sc_cipher_reset, and the MAC calls. SC_OK only for a state init left
     * for `spec` in a cipher mode whose update is `blocks` alone (no
     * padding, stealing, one shot or family stream: the generic layer checks
     * those; a counter bound, blocks_left, it compares with the call's
     * blocks itself) or in a MAC mode the family chooses, with
     * every field its operations trust checked as `check` does (and
     * spec.info.tag_size: 0 for the cipher modes); SC_ESTATE for anything
     * else, and the generic layer then takes its full checks (which decide
     * the status). */
    int (*quick_check)(const void *state, const sc_cipher_spec *spec);
    /* Ciphers (sc_cipher_reset_iv): a new IV (and ChaCha20's first block
     * `counter`, 0 for every other name: the generic layer checks
     * spec.takes_counter) under the key init scheduled, the direction and
     * options init took: the mode state init would set from them, kept as
     * the state reset restores too. Sizes were NOT checked by the caller:
     * SC_EIVSIZE / SC_EINVAL as init would return, with nothing changed.
     * Every cipher family has it (the registry's families: docs/adding-a-family.md). */
    int (*set_iv)(void *state, const sc_cipher_spec *spec, const uint8_t *iv, size_t iv_len, uint64_t counter);
    /* Optional, families with quick_check (issue 14): the per-call paths of
     * short messages, tail-called by sc_cipher_update and sc_cipher_reset
     * once the generic layer's own fields passed (magic SC_CIPHER_MAGIC_CIPHER,
     * spec.ops the registered family that holds this op, nothing buffered,
     * no padding, tag, one shot, stealing or family stream; for update also
     * in, out non-NULL, 0 < in_len <= out_cap, no refused overlap). The
     * family checks its own fields as quick_check would (once: the only
     * check of the call) and then
     *   quick_update: takes whole blocks (in_len a multiple of its
     *     block; a counter bound it compares itself), or in a stream mode
     *     any length, the unused keystream of a partial last block left in
     *     buf with `buffered` set exactly as cipher.c's stream_update leaves
     *     them; sets *out_len = in_len and returns SC_OK;
     *   quick_reset: does what reset does, and returns SC_OK (a stream
     *     mode's leftover keystream, buffered < block, the generic layer
     *     wipes and drops before this call);
     * anything else (a field refused, a partial block, past a bound, a
     * kernel other than the one last found runnable) it returns the generic
     * layer's full path, sc_cipher_update_full / sc_cipher_reset_full, with
     * its arguments unchanged and nothing written: the full checks decide
     * the status. Tail calls throughout, so that the short calls save no
     * registers and build no frame (a 64-byte AES-128 call is ~45 cycles of
     * kernel work on Zen 3). */
    int (*quick_update)(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len);
    int (*quick_reset)(sc_cipher_ctx *c);
};

/* The generic layer's full paths (cipher.c), which quick_update and
 * quick_reset fall back to: every check, then the general update/reset. */
int sc_cipher_update_full(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                          size_t *out_len);
int sc_cipher_reset_full(sc_cipher_ctx *c);

/* The start of a family's table: the operations every cipher family has,
 * each a static function named as its operation (the convention of
 * docs/adding-a-family.md), so a table names only its optional ones:
 *   static const sc_cipher_ops ops = {SC_CIPHER_OPS_COMMON("aes"), .seek = seek};
 */
#define SC_CIPHER_OPS_COMMON(family_name)                                                                  \
    .name = (family_name), .lookup = lookup, .name_at = name_at, .init = init, .blocks = blocks,          \
    .mac_blocks = mac_blocks, .mac_final = mac_final, .reset = reset, .check = check

/* The family operations cipher_table.c's registry check found last: only
 * ever a registered family's (or NULL), so a context holding it needs no
 * walk of the registry (cipher.c's whole-block path). */
extern _Atomic(const sc_cipher_ops *) sc_cipher_last_registered;

/* Resolve a name over every cipher family of the registry (cipher_table.c).
 * SC_OK or SC_EINVAL. */
int sc_cipher_lookup(const char *name, sc_cipher_spec *spec);
/* The options a name takes (spec.takes_*), in range: SC_OK or SC_EINVAL.
 * Padding is the cipher API's (cipher.c). opts may be NULL. */
int sc_cipher_opts_check(const sc_cipher_spec *spec, const sc_cipher_opts *opts);

/* The generic context layout inside sc_cipher_ctx / sc_mac_ctx. */
typedef struct sc_cipher_state {
    _Alignas(64) unsigned char family_state[SC_CIPHER_FAMILY_STATE];
    sc_cipher_spec spec;
    uint32_t magic;    /* SC_CIPHER_MAGIC_* while usable, 0 when wiped */
    uint32_t encrypt;
    uint32_t padding;  /* SC_PADDING_*: PKCS#7 on ECB/CBC */
    size_t buffered;   /* block modes and MACs: bytes waiting in buf;
                          stream modes: unused keystream at the end of buf */
    uint64_t total;    /* MACs: bytes absorbed so far */
    uint8_t buf[2 * SC_CIPHER_MAX_BLOCK]; /* one block; two for spec.steals
                                             and info.one_shot */
} sc_cipher_state;

#define SC_CIPHER_MAGIC_CIPHER 0x5c1f7e01u
#define SC_CIPHER_MAGIC_MAC 0x5c1f7e02u
#define SC_CIPHER_MAGIC_DONE 0x5c1f7e03u

/* The state behind a caller's context if it holds `magic` (one of the
 * SC_CIPHER_MAGIC_* values), is a MAC's (mac = 1) or a cipher's (mac = 0),
 * and its fields can be trusted: a family from the table, sizes in range,
 * and the family's own check. NULL otherwise (the caller returns
 * SC_ESTATE): garbage, zeroed, wiped or corrupted contexts never reach a
 * family (cipher_table.c). */
sc_cipher_state *sc_cipher_state_checked(void *opaque, uint32_t magic, int mac);

_Static_assert(sizeof(sc_cipher_state) <= SC_CIPHER_CTX_SIZE, "generic cipher state exceeds the public size");
/* The Java provider mirrors sc_cipher_opts (java/.../internal/NativeCipher.OPTS). */
_Static_assert(sizeof(sc_cipher_opts) == 6 * sizeof(uint64_t), "sc_cipher_opts layout changed: update NativeCipher.OPTS");
_Static_assert(_Alignof(sc_cipher_state) <= SC_CIPHER_CTX_ALIGN, "generic cipher state alignment");

#endif
