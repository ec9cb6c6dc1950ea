/* Work on a range of bytes shared out among threads, a chunk at a time:
 * the first touch of fresh memory (the table, a database's copy) is the
 * kernel's page faults, which run on every core at once. */
#include "kalah_solve_internal.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

typedef struct chunks {
    size_t n, chunk;
    _Atomic size_t next; /* the next chunk's number */
    void (*fn)(void *ctx, size_t lo, size_t hi);
    void *ctx;
} chunks;

static void *chunks_thread(void *arg)
{
    chunks *c = arg;
    for (;;) {
        size_t lo = atomic_fetch_add(&c->next, 1) * c->chunk;
        if (lo >= c->n)
            return NULL;
        c->fn(c->ctx, lo, c->n - lo < c->chunk ? c->n : lo + c->chunk);
    }
}

void kalah_chunks(size_t n, size_t chunk, int threads, void (*fn)(void *ctx, size_t lo, size_t hi),
                  void *ctx)
{
    assert(chunk > 0 && threads >= 1);
    chunks c = {.n = n, .chunk = chunk, .fn = fn, .ctx = ctx};
    pthread_t th[KALAH_SOLVE_MAX_THREADS];
    int made = 0;
    /* The caller is one of the threads; one that cannot be made leaves its
     * chunks to the others. */
    while (made + 1 < threads && made + 1 < KALAH_SOLVE_MAX_THREADS &&
           pthread_create(&th[made], NULL, chunks_thread, &c) == 0)
        made++;
    chunks_thread(&c);
    for (int i = 0; i < made; i++)
        pthread_join(th[i], NULL);
}
