/* Public checksum entry points: one relaxed atomic load and one indirect call.
 * Each pointer starts at a resolver that fills the table once, then forwards;
 * after that the fast path never touches the resolver again. */
#include "../core/internal.h"

#include <pthread.h>
#include <stdatomic.h>

typedef _Atomic(sc_checksum_fn) checksum_slot;

#define DECLARE_SLOT(algo, first_value)                                                   \
    static uint32_t algo##_resolve(uint32_t v, const uint8_t *b, size_t n);              \
    static checksum_slot algo##_slot = algo##_resolve;                                     \
    static uint32_t algo##_resolve(uint32_t v, const uint8_t *b, size_t n)               \
    {                                                                                      \
        sc_dispatch_init();                                                                \
        return atomic_load_explicit(&algo##_slot, memory_order_relaxed)(v, b, n);          \
    }                                                                                      \
    uint32_t sc_##algo(uint32_t v, const void *buf, size_t len)                            \
    {                                                                                      \
        if (buf == NULL) return (first_value);                                             \
        return atomic_load_explicit(&algo##_slot, memory_order_relaxed)(v, (const uint8_t *)buf, len); \
    }

DECLARE_SLOT(adler32, 1u)
DECLARE_SLOT(crc32, 0u)
DECLARE_SLOT(crc32c, 0u)

static pthread_once_t dispatch_once = PTHREAD_ONCE_INIT;

static void fill_table(void)
{
    atomic_store(&adler32_slot, sc_select_kernel(&sc_alg_adler32)->impl.checksum);
    atomic_store(&crc32_slot, sc_select_kernel(&sc_alg_crc32)->impl.checksum);
    atomic_store(&crc32c_slot, sc_select_kernel(&sc_alg_crc32c)->impl.checksum);
}

void sc_dispatch_init(void) { pthread_once(&dispatch_once, fill_table); }
