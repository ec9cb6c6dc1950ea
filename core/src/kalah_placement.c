/* Placements of stones in pits: their index (the table key and the
 * endgame database's address) and the binomials behind it. */
#include "kalah_solve_internal.h"

#include <assert.h>
#include <pthread.h>
#include <string.h>

enum { MAX_K = 2 * KALAH_MAX_PITS + 1 };

/* Pascal's triangle up to KALAH_BINOM_N, columns 0..MAX_K, saturating, one
 * column (fixed k) a row: binom_table[k][n] = C(n, k), so that an index
 * walks down the rows. Built once, by the first caller, under
 * pthread_once; binom_ready lets the callers that come after it skip the
 * call (the index is on the solver's path). */
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;
static _Atomic int binom_ready;
static uint64_t binom_table[MAX_K + 1][KALAH_BINOM_N + 1];

static void binom_build(void)
{
    for (int n = 0; n <= KALAH_BINOM_N; n++) {
        binom_table[0][n] = 1;
        for (int k = 1; k <= MAX_K; k++) {
            if (n == 0) {
                binom_table[k][n] = 0;
                continue;
            }
            uint64_t a = binom_table[k - 1][n - 1], b = binom_table[k][n - 1];
            binom_table[k][n] = a > UINT64_MAX - b ? UINT64_MAX : a + b;
        }
    }
    atomic_store_explicit(&binom_ready, 1, memory_order_release);
}

static inline void binom_init(void)
{
    if (!atomic_load_explicit(&binom_ready, memory_order_acquire))
        pthread_once(&binom_once, binom_build);
}

uint64_t kalah_binom(int n, int k)
{
    binom_init();
    if (n < 0 || k < 0 || k > MAX_K || n > KALAH_BINOM_N)
        return k == 0 ? 1 : UINT64_MAX;
    return binom_table[k][n];
}

uint64_t kalah_placement_index(const uint8_t *a, int P)
{
    assert(P >= 0 && P < MAX_K);
    binom_init();
    uint64_t index = 0;
    int q = -1;
    const uint64_t *column = binom_table[1];
    for (int k = 0; k < P; k++, column += KALAH_BINOM_N + 1) {
        q += a[k] + 1; /* the (k+1)-th bar's position */
        index += column[q];
    }
    return index;
}

kalah_pos kalah_rel_pos(const kalah_rules *r, const uint8_t *a)
{
    kalah_pos p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < r->pits; i++) {
        p.pit[0][i] = a[i];
        p.pit[1][i] = a[r->pits + i];
    }
    return p;
}
