/* First use of the dispatch from many threads at once: every thread must
 * see a correct result while the table is being filled (thread-safe, once). */
#include <pthread.h>
#include <simdcrypt.h>

#include "test_util.h"

enum { THREADS = 16, ROUNDS = 2000 };
static uint8_t data[4096];
static uint32_t want_adler, want_crc, want_crc32c;
static pthread_barrier_t start;

static void *worker(void *arg)
{
    long bad = 0;
    (void)arg;
    pthread_barrier_wait(&start);
    for (int r = 0; r < ROUNDS; r++) {
        size_t n = (size_t)(r * 37) % sizeof data;
        bad += sc_crc32c(0, data, sizeof data) != want_crc32c;
        bad += sc_crc32(0, data, sizeof data) != want_crc;
        bad += sc_adler32(1, data, sizeof data) != want_adler;
        bad += sc_crc32c(sc_crc32c(0, data, n), data + n, sizeof data - n) != want_crc32c;
    }
    return (void *)bad;
}

int main(void)
{
    test_fill(data, sizeof data, 31);
    /* Expected values from the portable kernels, fetched by name: this does
     * not fill the public dispatch table the threads race on. */
    sc_checksum_fn a, c, cc;
    CHECK(sc_checksum_kernel("adler32", "portable", &a) == SC_OK, "portable adler32");
    CHECK(sc_checksum_kernel("crc32", "portable", &c) == SC_OK, "portable crc32");
    CHECK(sc_checksum_kernel("crc32c", "portable", &cc) == SC_OK, "portable crc32c");
    want_adler = a(1, data, sizeof data), want_crc = c(0, data, sizeof data), want_crc32c = cc(0, data, sizeof data);
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < THREADS; i++) {
        void *bad;
        pthread_join(t[i], &bad);
        CHECK(bad == NULL, "thread %d saw %ld wrong results", i, (long)bad);
    }
    pthread_barrier_destroy(&start);
    return test_finish();
}
