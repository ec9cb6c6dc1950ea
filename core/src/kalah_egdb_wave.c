/*
 * The endgame database in wavefronts of equal potential (kalah_egdb_wave.h):
 * the tables of rows, the enumeration of a wavefront, and a position's
 * children and value.
 */
#include "kalah_egdb_wave.h"
#include "kalah_solve_move.h"

#include <stdlib.h>
#include <string.h>

/* Rows of left stones in pits i..m-1 after a[0..i-1]: numbered by their
 * placement index, stored at that number. */
static void rows_fill(kalah_wave *w, uint8_t *a, int i, int left)
{
    if (i == w->m - 1) {
        a[i] = (uint8_t)left;
        uint64_t id = kalah_placement_index(a, w->m);
        memcpy(w->pits + id * (uint64_t)w->m, a, (size_t)w->m);
        return;
    }
    for (int k = 0; k <= left; k++) {
        a[i] = (uint8_t)k;
        rows_fill(w, a, i + 1, left - k);
    }
}

static int row_stones(const kalah_wave *w, uint32_t id)
{
    int s = 0;
    for (int i = 0; i < w->m; i++)
        s += w->pits[(uint64_t)id * w->m + i];
    return s;
}

static int row_potential(const kalah_wave *w, uint32_t id)
{
    int p = 0;
    for (int i = 0; i < w->m; i++)
        p += (i + 1) * w->pits[(uint64_t)id * w->m + i];
    return p;
}

kalah_status kalah_wave_init(kalah_wave *w, const kalah_rules *r, int K, kalah_error *err)
{
    memset(w, 0, sizeof *w);
    w->r = *r;
    w->m = r->pits;
    w->P = 2 * r->pits;
    w->K = K;
    w->pot_max = w->m * K;
    uint64_t rows = kalah_binom(K + w->m, w->m);
    if (rows >= ((uint64_t)1 << 31))
        return kalah_fail(err, KALAH_EINVAL, 0, "too many rows of %d stones in %d pits", K,
                          w->m);
    w->rows = (uint32_t)rows;
    size_t groups = (size_t)(K + 1) * (size_t)(w->pot_max + 1);
    w->pits = malloc((size_t)rows * (size_t)w->m);
    w->order = malloc((size_t)rows * sizeof *w->order);
    w->group = calloc(groups + 1, sizeof *w->group);
    if (!w->pits || !w->order || !w->group) {
        kalah_wave_free(w);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the rows");
    }
    uint8_t a[KALAH_MAX_PITS] = {0};
    for (int s = 0; s <= K; s++)
        rows_fill(w, a, 0, s);
    /* Counting sort by (stones, potential), stable, so by number within. */
    for (uint32_t id = 0; id < w->rows; id++)
        w->group[row_stones(w, id) * (w->pot_max + 1) + row_potential(w, id) + 1]++;
    for (size_t g = 0; g < groups; g++)
        w->group[g + 1] += w->group[g];
    uint32_t *at = malloc(groups * sizeof *at);
    if (!at) {
        kalah_wave_free(w);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the rows");
    }
    memcpy(at, w->group, groups * sizeof *at);
    for (uint32_t id = 0; id < w->rows; id++)
        w->order[at[row_stones(w, id) * (w->pot_max + 1) + row_potential(w, id)]++] = id;
    free(at);
    return KALAH_OK;
}

void kalah_wave_free(kalah_wave *w)
{
    free(w->pits);
    free(w->order);
    free(w->group);
    memset(w, 0, sizeof *w);
}

uint64_t kalah_wave_level_start(const kalah_wave *w, int n)
{
    return n <= 0 ? 0 : kalah_binom(n - 1 + w->P, w->P);
}

int kalah_wave_pot_lo(const kalah_wave *w, int n)
{
    (void)w;
    return n;
}

int kalah_wave_pot_hi(const kalah_wave *w, int n)
{
    return w->m * n;
}

/* The bounds of group (s, p) in order[], or false when it is empty. */
static bool group_of(const kalah_wave *w, int s, int p, uint32_t *b, uint32_t *e)
{
    if (s < 0 || s > w->K || p < s || p > w->m * s)
        return false;
    size_t g = (size_t)s * (size_t)(w->pot_max + 1) + (size_t)p;
    *b = w->group[g];
    *e = w->group[g + 1];
    return *b < *e;
}

kalah_status kalah_wave_front_make(const kalah_wave *w, int n, int p, kalah_wave_front *f,
                                   kalah_error *err)
{
    f->n = n;
    f->p = p;
    f->pairs = 0;
    f->units = f->positions = 0;
    for (int so = 0; so <= n; so++)
        for (int po = so; po <= w->m * so; po++) {
            kalah_wave_pair q = {.s_m = n - so};
            if (!group_of(w, so, po, &q.o0, &q.o1) || !group_of(w, n - so, p - po, &q.m0, &q.m1))
                continue;
            if (f->pairs == f->cap) {
                int cap = f->cap ? 2 * f->cap : 64;
                kalah_wave_pair *a = realloc(f->pair, (size_t)cap * sizeof *a);
                if (!a)
                    return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for a wavefront");
                f->pair = a;
                f->cap = cap;
            }
            q.units_before = f->units;
            q.positions_before = f->positions;
            f->pair[f->pairs++] = q;
            f->units += q.o1 - q.o0;
            f->positions += (uint64_t)(q.o1 - q.o0) * (q.m1 - q.m0);
        }
    return KALAH_OK;
}

/* The pair holding unit u (< f->units). */
static int pair_of(const kalah_wave_front *f, uint64_t u)
{
    int lo = 0, hi = f->pairs - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (f->pair[mid].units_before <= u)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

uint64_t kalah_wave_positions_before(const kalah_wave_front *f, uint64_t u)
{
    if (u >= f->units)
        return f->positions;
    const kalah_wave_pair *q = &f->pair[pair_of(f, u)];
    return q->positions_before + (u - q->units_before) * (q->m1 - q->m0);
}

uint64_t kalah_wave_unit_at(const kalah_wave_front *f, uint64_t positions)
{
    uint64_t lo = 0, hi = f->units;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (kalah_wave_positions_before(f, mid) >= positions)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

void kalah_wave_front_free(kalah_wave_front *f)
{
    free(f->pair);
    memset(f, 0, sizeof *f);
}

void kalah_wave_cursor_init(kalah_wave_cursor *c, const kalah_wave *w, const kalah_wave_front *f,
                            uint64_t u, uint64_t end, const kalah_wave_owner *own)
{
    *c = (kalah_wave_cursor){.w = w, .f = f, .own = *own, .u = u,
                             .end = end < f->units ? end : f->units};
    while (c->pair < f->pairs && f->pair[c->pair].units_before +
                                         (f->pair[c->pair].o1 - f->pair[c->pair].o0) <= u)
        c->pair++;
}

/* The opponent's row o's term of the index when the mover has s_m stones:
 * the terms k = m+1..2m of docs/egdb.md's sum. */
static uint64_t opp_term(const kalah_wave *w, const uint8_t *o, int s_m)
{
    uint64_t J = 0;
    int q = s_m + w->m - 1;
    for (int j = 0; j < w->m; j++) {
        q += o[j] + 1;
        J += kalah_binom(q, w->m + 1 + j);
    }
    return J;
}

int kalah_wave_next(kalah_wave_cursor *c, uint64_t *idx, uint8_t (*a)[2 * KALAH_MAX_PITS], int max)
{
    const kalah_wave *w = c->w;
    const kalah_wave_front *f = c->f;
    const int m = w->m;
    int got = 0;
    while (got < max && c->u < c->end) {
        const kalah_wave_pair *q = &f->pair[c->pair];
        const uint32_t o = w->order[q->o0 + (c->u - q->units_before)];
        const uint8_t *orow = w->pits + (uint64_t)o * m;
        if (!c->in_unit) {
            c->J = opp_term(w, orow, q->s_m);
            c->r = q->m0;
            c->in_unit = true;
            /* A unit in one block of another rank: skip it whole. */
            uint64_t lo = c->J + w->order[q->m0], hi = c->J + w->order[q->m1 - 1];
            if (lo >> c->own.bits == hi >> c->own.bits && !kalah_wave_mine(&c->own, lo))
                c->r = q->m1;
        }
        for (; c->r < q->m1 && got < max; c->r++) {
            const uint32_t row = w->order[c->r];
            const uint64_t i = c->J + row;
            if (!kalah_wave_mine(&c->own, i))
                continue;
            idx[got] = i;
            memset(a[got], 0, sizeof a[got]);
            memcpy(a[got], w->pits + (uint64_t)row * m, (size_t)m);
            memcpy(a[got] + m, orow, (size_t)m);
            got++;
        }
        if (c->r == q->m1) {
            c->in_unit = false;
            c->u++;
            if (c->pair < f->pairs && c->u >= q->units_before + (q->o1 - q->o0))
                c->pair++;
        }
    }
    return got;
}

void kalah_wave_expand(const kalah_rules *r, const uint8_t *a, uint64_t idx, kalah_wave_node *x)
{
    const int m = r->pits;
    kalah_rel p;
    memcpy(p.a, a, sizeof p.a);
    p.store[0] = p.store[1] = 0;
    p.side[0] = p.side[1] = 0;
    for (int i = 0; i < m; i++) {
        p.side[0] += a[i];
        p.side[1] += a[m + i];
    }
    x->idx = idx;
    /* Only an empty side ends a game of the rules served: ask the rules. */
    if (p.side[0] == 0 || p.side[1] == 0) {
        const kalah_pos q = kalah_rel_pos(r, a);
        if (kalah_over(r, &q)) {
            x->n = -1;
            x->value = kalah_margin(r, &q);
            return;
        }
    }
    int n = 0;
    for (int i = 0; i < m; i++) {
        if (p.a[i] == 0)
            continue;
        kalah_rel c;
        kalah_rel_info info;
        kalah_rel_move(r, &p, i, &c, &info);
        x->ch[n].gain = info.gain;
        x->ch[n].ended = info.ended;
        x->ch[n].same = info.same;
        x->ch[n].idx = info.ended ? 0 : kalah_placement_index(c.a, 2 * m);
        n++;
    }
    x->n = n;
}

int kalah_wave_finish(const kalah_wave_node *x, const int8_t *got)
{
    if (x->n < 0)
        return x->value;
    int best = -1000;
    for (int k = 0; k < x->n; k++) {
        int v = x->ch[k].gain;
        if (!x->ch[k].ended)
            v = x->ch[k].same ? v + got[k] : v - got[k];
        best = v > best ? v : best;
    }
    return best;
}
