/* Pulúk solved: value iteration with bounds from below and above, layer by
 * layer (docs/puluk.md, "The game solved").
 *
 * A position's value V is the mover's chance to win before its throw:
 *     V(s) = sum over throws t of p(t) * max over moves m of (1 - V(s.t.m)),
 * the child seen from the other side, which is to move there; a finished
 * game is 0 for the side to move (it lost). Pieces cycle (a column that
 * reaches the far town comes home and goes out again), so the equations
 * have loops and are solved by iteration. Two iterates run side by side:
 * L from 0 and U from 1 at every unfinished position,
 *     L(s) = sum p(t) max (1 - U(child)),   U(s) = sum p(t) max (1 - L(child)).
 * L(s) is the mover's chance to win when a game that never ends counts as
 * the mover's loss, U(s) when it counts as a win; every exact value lies
 * between them, at every sweep. Once U - L is at most epsilon everywhere,
 * the value is known to epsilon whatever an endless game is said to be,
 * and the table keeps (L + U) / 2.
 *
 * Layers: pieces only die (a piece killed in the far town never comes
 * back), so the positions with x and y pieces alive (of the mover and the
 * other side, either way round) lead only to themselves or to fewer alive.
 * The layers are solved from the fewest pieces up, each to its epsilon
 * before the next, whose children in lower layers are then final. */
#include "puluk_solve_internal.h"
#include "puluk_internal.h"

#include <stdlib.h>
#include <string.h>

puluk_table *puluk_table_new(const puluk_rules *r)
{
    puluk_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->rules = *r;
    puluk_ix_init(&t->ix, r);
    t->value = malloc((size_t)t->ix.size * sizeof *t->value);
    if (!t->value) {
        free(t);
        return NULL;
    }
    return t;
}

void puluk_table_free(puluk_table *t)
{
    if (t)
        free(t->value);
    free(t);
}

/* A growing array of 32-bit numbers. */
typedef struct u32s {
    uint32_t *v;
    size_t n, cap;
} u32s;

static bool push(u32s *a, uint32_t x)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 1 << 16;
        uint32_t *v = realloc(a->v, cap * sizeof *v);
        if (!v)
            return false;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return true;
}

/* One layer's positions, each with its children by throw:
 * state[i] its index; for throw t (1..5), kids[i*5 + t-1] children, listed
 * one after another in child[]. A position with a fixed value (finished)
 * has no children listed and fixed[i] set. */
typedef struct layer {
    u32s state, child;
    uint8_t *kids;
    uint8_t *fixed;
} layer;

static void layer_free(layer *l)
{
    free(l->state.v);
    free(l->child.v);
    free(l->kids);
    free(l->fixed);
    memset(l, 0, sizeof *l);
}

kalah_status puluk_solve(const puluk_rules *r, const puluk_solve_opts *opts, puluk_table **out,
                         puluk_solve_stats *stats, kalah_error *err)
{
    kalah_status st = puluk_rules_check(r, err);
    if (st != KALAH_OK)
        return st;
    if (r->release != PULUK_RELEASE_HOME)
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "the solver takes the author's release rule only (its columns are "
                          "a top and its prisoners)");
    double eps = opts && opts->epsilon > 0 ? opts->epsilon : 1e-12;
    int max_sweeps = opts && opts->max_sweeps > 0 ? opts->max_sweeps : 100000;
    double t0 = kalah_now();
    puluk_solve_stats s = {0};
    puluk_table *t = puluk_table_new(r);
    double *lo = t ? malloc((size_t)t->ix.size * sizeof *lo) : NULL;
    if (!t || !lo || t->ix.size > UINT32_MAX) {
        puluk_table_free(t);
        free(lo);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the table");
    }
    const puluk_ix *ix = &t->ix;
    double *hi = t->value; /* U is kept in the table, then the midpoint */
    double prob[PULUK_MAX_THROW + 1];
    puluk_throw_probs(r, prob);
    int P = r->pieces, S = r->strips;
    s.positions = ix->size;

    /* The layers in order: fewest pieces alive first; x >= y. */
    int order[(PULUK_MAX_PIECES + 1) * (PULUK_MAX_PIECES + 1)][2], layers = 0;
    for (int sum = 0; sum <= 2 * P; sum++)
        for (int x = P; x >= 0; x--)
            if (sum - x >= 0 && sum - x <= x) {
                order[layers][0] = x;
                order[layers][1] = sum - x;
                layers++;
            }
    s.layers = layers;
    layer L = {0};
    st = KALAH_OK;
    for (int li = 0; li < layers && st == KALAH_OK; li++) {
        int X = order[li][0], Y = order[li][1];
        layer_free(&L);
        /* Its positions: boards with a and b on them and homes that make
         * X and Y (or Y and X) alive. */
        bool ok = true;
        for (int a = 0; a <= P && ok; a++)
            for (int b = 0; b <= P && ok; b++) {
                uint64_t boards = ix->cnt[S][a][b];
                for (int swap = 0; swap < 2 && ok; swap++) {
                    int x = swap ? Y : X, y = swap ? X : Y;
                    if (swap && X == Y)
                        break;
                    int hm = x - a, ho = y - b;
                    if (hm < 0 || hm > P - a || ho < 0 || ho > P - b)
                        continue;
                    uint64_t w = (uint64_t)(P + 1 - b), homes = (uint64_t)(P + 1 - a) * w;
                    for (uint64_t k = 0; k < boards && ok; k++)
                        ok = push(&L.state, (uint32_t)(ix->base[a][b] + k * homes +
                                                       (uint64_t)hm * w + (uint64_t)ho));
                }
            }
        size_t n = L.state.n;
        L.kids = malloc(n * PULUK_MAX_THROW + 1);
        L.fixed = malloc(n + 1);
        if (!ok || !L.kids || !L.fixed) {
            st = kalah_fail(err, KALAH_ENOMEM, 0, "no memory for a layer of %zu positions", n);
            break;
        }
        /* The children, and the starting bounds. */
        for (size_t i = 0; i < n && ok; i++) {
            uint32_t idx = L.state.v[i];
            puluk_ix_pos q;
            puluk_ix_unrank(ix, idx, &q);
            L.fixed[i] = 0;
            memset(&L.kids[i * PULUK_MAX_THROW], 0, PULUK_MAX_THROW);
            if (puluk_ix_free(ix, &q, 0) == 0 || puluk_ix_free(ix, &q, 1) == 0) {
                /* Finished: the mover lost; or the other side has nothing
                 * (never reached in play: the game ended before), a win. */
                double v = puluk_ix_free(ix, &q, 0) == 0 ? 0.0 : 1.0;
                lo[idx] = hi[idx] = v;
                L.fixed[i] = 1;
                s.terminal += v == 0.0;
                continue;
            }
            lo[idx] = 0;
            hi[idx] = 1;
            for (int th = 1; th <= PULUK_MAX_THROW && ok; th++) {
                puluk_ix_pos kid[PULUK_MAX_MOVES];
                int m = puluk_ix_children(ix, &q, th, kid);
                if (m == 0) {
                    st = kalah_fail(err, KALAH_EINVAL, 0,
                                    "position %u has no move for throw %d", idx, th);
                    ok = false;
                }
                L.kids[i * PULUK_MAX_THROW + (size_t)(th - 1)] = (uint8_t)m;
                for (int j = 0; j < m && ok; j++)
                    ok = push(&L.child, (uint32_t)puluk_ix_rank(ix, &kid[j]));
            }
        }
        if (!ok) {
            if (st == KALAH_OK)
                st = kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the children of a layer");
            break;
        }
        /* Sweeps, in place (Gauss-Seidel), until the bounds meet. */
        for (int sweep = 1;; sweep++) {
            double gap = 0;
            const uint32_t *c = L.child.v;
            for (size_t i = 0; i < n; i++) {
                const uint8_t *kids = &L.kids[i * PULUK_MAX_THROW];
                if (L.fixed[i])
                    continue;
                double nl = 0, nh = 0;
                for (int th = 0; th < PULUK_MAX_THROW; th++) {
                    double bl = 0, bh = 0;
                    for (int j = 0; j < kids[th]; j++, c++) {
                        double vl = 1 - hi[*c], vh = 1 - lo[*c];
                        bl = vl > bl ? vl : bl;
                        bh = vh > bh ? vh : bh;
                    }
                    nl += prob[th + 1] * bl;
                    nh += prob[th + 1] * bh;
                }
                uint32_t idx = L.state.v[i];
                /* Rounding must not undo the bounds' order. */
                if (nl > lo[idx])
                    lo[idx] = nl;
                if (nh < hi[idx])
                    hi[idx] = nh;
                if (hi[idx] - lo[idx] > gap)
                    gap = hi[idx] - lo[idx];
            }
            s.sweeps++;
            s.updates += n;
            if (sweep > s.max_layer_sweeps)
                s.max_layer_sweeps = sweep;
            if (opts && opts->progress &&
                opts->progress(opts->ctx, li, layers, (uint64_t)n, sweep, gap)) {
                st = kalah_fail(err, KALAH_EINVAL, 0, "stopped");
                break;
            }
            if (gap <= eps) {
                if (gap > s.gap)
                    s.gap = gap;
                break;
            }
            if (sweep >= max_sweeps) {
                st = kalah_fail(err, KALAH_EINVAL, 0,
                                "layer %d-%d: the bounds are %.3g apart after %d sweeps", X, Y,
                                gap, sweep);
                break;
            }
        }
    }
    layer_free(&L);
    if (st != KALAH_OK) {
        free(lo);
        puluk_table_free(t);
        return st;
    }
    puluk_pos start = puluk_start(r);
    uint64_t si = puluk_index_of(r, &start);
    s.start_lo = lo[si];
    s.start_hi = hi[si];
    for (uint64_t i = 0; i < ix->size; i++)
        hi[i] = 0.5 * (lo[i] + hi[i]);
    free(lo);
    t->gap = s.gap;
    s.seconds = kalah_now() - t0;
    if (stats)
        *stats = s;
    *out = t;
    return KALAH_OK;
}
