/*
 * The exact solver's runs: MTD(f) inside iterative deepening over the
 * search of kalah_solve_search.c, the threads, the solver object and the
 * exact player. docs/solver.md.
 */
#include "kalah_search.h"
#include "kalah_solve_search.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Iterative deepening (kalah_solver_run) goes on to the search without a
 * depth limit once an iteration costs more than DEEPEN_SWITCH_NODES nodes,
 * and at DEEPEN_MAX_DEPTH at the latest: the table keeps depths in a byte,
 * where KALAH_DEPTH_EXACT (255) means no limit. docs/solver.md. */
#define DEEPEN_SWITCH_NODES ((uint64_t)1 << 15)
enum { DEEPEN_MAX_DEPTH = 200 };
/* The work (log2 of nodes) recorded with the root's entry: 2^40 nodes, more
 * than any search below it records in practice, so that no other position
 * displaces it. */
enum { ROOT_WORK = 40 };
/* The exact player's table: enough for the positions it is given (it
 * plays where the opening book ends, with a node budget), small enough to
 * be made afresh for every move. */
#define EXACT_PLAYER_TT ((size_t)16 << 20)

/* ---- MTD(f) ------------------------------------------------------------------------ */

struct run;
static int root_test(struct run *rn, int beta, int depth, int *pit);

/* Bounds of a gain found by a sequence of null-window tests. */
typedef struct mtd {
    int lo, hi;          /* of the value searched to this depth */
    int proven_lo, proven_hi; /* of the true value */
    int guess;
    int pit;             /* root: a move proven to reach proven_lo, or -1 */
    int guess_pit;       /* root: the move of the last test that reached its
                            bound, proven or not (the estimate's move) */
    bool window;         /* done once proven_hi <= win_lo or proven_lo >= win_hi */
    int win_lo, win_hi;
} mtd;

/* Whether a run with a window knows what it was asked. */
static bool window_decided(const mtd *m)
{
    return m->window && (m->proven_hi <= m->win_lo || m->proven_lo >= m->win_hi);
}

/* Narrows m to the gain of node (not over, prepared) at depth; at the root
 * (root true) records the best move. Returns false when stopped. */
static bool mtd_run(worker *w, const child *node, int depth, bool root, mtd *m)
{
    kalah_solver *s = w->s;
    assert(!node->over && node->stones == node->pos.side[0] + node->pos.side[1]);
    const int stones = node->stones;
    m->lo = -stones;
    m->hi = stones;
    if (m->proven_lo > m->lo)
        m->lo = m->proven_lo;
    if (m->proven_hi < m->hi)
        m->hi = m->proven_hi;
    int g = m->guess < m->lo ? m->lo : m->guess > m->hi ? m->hi : m->guess;
    while (m->lo < m->hi && !window_decided(m)) {
        int beta = g <= m->lo ? m->lo + 1 : g;
        if (depth == KALAH_DEPTH_EXACT && s->parity) {
            /* Only values of the stones' parity exist: test those. */
            beta = round_up(beta, stones);
            if (beta > m->hi)
                beta = round_down(m->hi, stones);
            if (beta <= m->lo) /* the bounds met: no value of that parity between */
                break;
        }
        uint64_t h0 = w->horizon;
        int v, pit = -1;
        if (root) {
            v = root_test(w->run, beta, depth, &pit);
        } else {
            v = kalah_solve_search(w, node, beta - 1, beta, depth);
        }
        if (w->stop)
            return false;
        bool proven = w->horizon == h0;
        if (proven && s->parity)
            v = v >= beta ? round_up(v, stones) : round_down(v, stones);
        if (v >= beta) {
            m->lo = v;
            if (root && proven && v >= m->proven_lo)
                m->pit = pit; /* a move proven to reach proven_lo */
            if (root)
                m->guess_pit = pit;
            if (proven && v > m->proven_lo)
                m->proven_lo = v;
        } else {
            m->hi = v;
            if (proven && v < m->proven_hi)
                m->proven_hi = v;
        }
        g = v;
        if (root && w->id == 0) {
            pthread_mutex_lock(&s->lock);
            s->prog.guess = g;
            pthread_mutex_unlock(&s->lock);
        }
    }
    m->guess = m->lo;
    return true;
}

/* ---- the solver object ------------------------------------------------------------ */

kalah_status kalah_solver_new(const kalah_rules *r, const kalah_solve_config *cfg,
                              kalah_solver **out, kalah_error *err)
{
    kalah_solve_config c = cfg ? *cfg : (kalah_solve_config){0};
    kalah_status st = kalah_rules_check(r, err);
    if (st != KALAH_OK)
        return st;
    /* Its placements hold a pit's stones in a byte (kalah_rel). */
    if (kalah_rules_total(r) > KALAH_SOLVE_MAX_TOTAL)
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "the exact solver plays boards of at most %d stones, and "
                          "Kalah(%d,%d) has %d",
                          KALAH_SOLVE_MAX_TOTAL, r->pits, r->stones, kalah_rules_total(r));
    if (c.tt_bytes == 0)
        c.tt_bytes = KALAH_SOLVE_TT_DEFAULT;
    if (c.tt_bytes < KALAH_SOLVE_TT_MIN)
        return kalah_fail(err, KALAH_EINVAL, 0, "the transposition table needs at least %zu KiB",
                          KALAH_SOLVE_TT_MIN >> 10);
    if (c.threads == 0)
        c.threads = 1;
    if (c.threads < 1 || c.threads > KALAH_SOLVE_MAX_THREADS)
        return kalah_fail(err, KALAH_EINVAL, 0, "threads must be 1..%d, not %d",
                          KALAH_SOLVE_MAX_THREADS, c.threads);
    if (c.egdb) {
        if (!kalah_egdb_applies(r))
            return kalah_fail(err, KALAH_EINVAL, 0,
                              "these rules end on a decided store, so the gain depends on the "
                              "stores and an endgame database cannot serve them");
        if (!kalah_egdb_serves(&c.egdb->rules, r))
            return kalah_fail(err, KALAH_EINVAL, 0,
                              "the endgame database is for other rules");
    }
    kalah_solver *s = calloc(1, sizeof *s);
    if (!s)
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the solver");
    s->r = *r;
    s->P = 2 * r->pits;
    s->total = kalah_rules_total(r);
    s->store_key = !kalah_egdb_applies(r);
    s->parity = kalah_egdb_applies(r);
    s->threads = c.threads;
    s->disable = c.disable;
    s->db = c.egdb;
    s->db_max = c.egdb ? c.egdb->max_stones : -1;
    /* ETC's probes of every child cost more time than the nodes they save
     * but well above the database, or in big positions without one
     * (docs/solver.md). */
    s->late_from = c.egdb ? s->db_max + LATE_ETC_ABOVE_DB : 0;
    s->etc_from = c.etc_from > 0 ? c.etc_from : c.egdb ? s->db_max + ETC_ABOVE_DB : ETC_NO_DB;
    /* Exact keys while index * (stores) fits in 63 bits. */
    uint64_t places = kalah_binom(s->total + s->P, s->P);
    uint64_t mul = s->store_key ? (uint64_t)s->total + 1 : 1;
    s->hash_key = places == UINT64_MAX || places > (UINT64_MAX >> 1) / mul;
    s->stores_mul = places;
    int key_bits = 64; /* (64: not compact) */
    if (!s->hash_key && !(c.disable & KALAH_SOLVE_NO_COMPACT))
        for (key_bits = 1; key_bits < 63 && (places * mul - 1) >> key_bits; key_bits++)
            ;
    st = kalah_tt_init(&s->tt, c.tt_bytes, key_bits, c.threads, err);
    if (st != KALAH_OK) {
        free(s);
        return st;
    }
    pthread_mutex_init(&s->lock, NULL);
    *out = s;
    return KALAH_OK;
}

void kalah_solver_free(kalah_solver *s)
{
    if (!s)
        return;
    kalah_tt_free(&s->tt);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

void kalah_solver_clear(kalah_solver *s)
{
    kalah_tt_clear(&s->tt);
}

size_t kalah_solver_memory(const kalah_solver *s)
{
    return s->tt.bytes + (s->db ? (size_t)s->db->positions : 0);
}

/* ---- runs ------------------------------------------------------------------------- */

/* One root move, for runs with all. */
typedef struct root_move {
    child c;
    mtd m;         /* of the child's gain */
    uint64_t work; /* nodes its last iteration took */
} root_move;

typedef struct run run;
struct run {
    kalah_solver *s;
    const kalah_pos *p;
    child node; /* p, prepared */
    bool all;
    int depth;
    int count;
    root_move mv[KALAH_MAX_PITS];
    mtd root;
    int next;        /* the next root move to take, of order[] */
    int order[KALAH_MAX_PITS];
    /* The root test under way (root_test). */
    child c[KALAH_MAX_PITS];
    int n, beta, best, pit;
    bool cut, limited;
    bool exact_iter; /* the iteration rests on no depth limit */
    worker w[KALAH_SOLVE_MAX_THREADS];
};

/* A root move's bounds, as gains of the root. */
static void move_bounds(const root_move *r, int *lo, int *hi, int *guess)
{
    const child *k = &r->c;
    if (k->over) {
        *lo = *hi = *guess = k->gain;
        return;
    }
    combine_bounds(k, r->m.proven_lo, r->m.proven_hi, lo, hi);
    *guess = combine(k, r->m.guess);
}

/* With all: workers take root moves one at a time. */
static void *all_worker(void *arg)
{
    worker *w = arg;
    run *rn = w->run;
    kalah_solver *s = rn->s;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int k = rn->next < rn->count ? rn->order[rn->next++] : -1;
        pthread_mutex_unlock(&s->lock);
        if (k < 0 || w->stop)
            return NULL;
        root_move *r = &rn->mv[k];
        uint64_t n0 = w->nodes;
        if (r->c.over || r->m.proven_lo == r->m.proven_hi)
            continue;
        int next = next_depth(rn->depth);
        uint64_t h0 = w->horizon;
        if (!mtd_run(w, &r->c, next, false, &r->m))
            return NULL;
        pthread_mutex_lock(&s->lock);
        r->work = w->nodes - n0;
        if (w->horizon != h0)
            rn->exact_iter = false;
        s->prog.moves_done++;
        pthread_mutex_unlock(&s->lock);
    }
}

/* Runs fn on every worker: the others in threads, worker 0 in this one.
 * A thread that cannot be started leaves its share to the rest (each
 * worker function finishes the whole job alone if need be). */
static void run_workers(run *rn, void *(*fn)(void *))
{
    pthread_t th[KALAH_SOLVE_MAX_THREADS];
    int started = 1;
    for (int i = 1; i < rn->s->threads; i++) {
        rn->w[i].stop = false;
        if (pthread_create(&th[i], NULL, fn, &rn->w[i]) != 0)
            break;
        started++;
    }
    fn(&rn->w[0]);
    for (int i = 1; i < started; i++)
        pthread_join(th[i], NULL);
}

/* A null-window test of the root, (beta - 1, beta), by every worker at
 * once: they share the table and split the work through the busy marks;
 * the first to finish gives the result and interrupts the others. */
static void *root_test_worker(void *arg)
{
    worker *w = arg;
    run *rn = w->run;
    kalah_solver *s = rn->s;
    const uint64_t h0 = w->horizon;
    int pit;
    int v = kalah_solve_moves(w, rn->c, rn->n, rn->beta - 1, rn->beta, rn->depth, false, &pit);
    if (w->stop)
        return NULL;
    pthread_mutex_lock(&s->lock);
    if (!rn->cut) {
        rn->cut = true;
        rn->best = v;
        rn->pit = pit;
        rn->limited = w->horizon != h0;
        atomic_store(&s->abort, 1);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

static int root_test(run *rn, int beta, int depth, int *pit)
{
    kalah_solver *s = rn->s;
    worker *w0 = &rn->w[0];
    uint64_t key = kalah_solve_key(s, &rn->node.pos);
    kalah_tt_hit h;
    /* The root is always expanded (no cutoff from the table or the
     * database) so that a move comes back with the value. */
    rn->n = kalah_solve_expand(s, &rn->node, rn->c, kalah_tt_probe(&s->tt, key, &h) ? h.move : -1);
    rn->cut = rn->limited = false;
    rn->best = -INF;
    rn->pit = rn->c[0].pit;
    rn->beta = beta;
    rn->depth = depth;
    run_workers(rn, root_test_worker);
    /* The interruption was the test's own, not a limit's: go on. */
    atomic_store(&s->abort, 0);
    bool limit = atomic_load(&s->stop) != 0;
    for (int i = 0; i < s->threads; i++)
        rn->w[i].stop = limit;
    if (rn->limited)
        w0->horizon++; /* tells mtd_run the result rests on a depth limit */
    if (!limit && rn->best >= beta)
        kalah_tt_store(&s->tt, key, rn->best, rn->node.stones,
                       rn->limited ? depth : KALAH_DEPTH_EXACT, rn->pit, ROOT_WORK);
    *pit = rn->pit;
    return rn->best;
}

/* One iteration at rn->depth over every worker. Returns false when
 * stopped. */
static bool iterate(run *rn)
{
    kalah_solver *s = rn->s;
    rn->exact_iter = true;
    if (!rn->all) {
        worker *w = &rn->w[0];
        uint64_t h0 = w->horizon;
        mtd m = rn->root;
        int depth = rn->depth;
        bool ok = mtd_run(w, &rn->node, depth, true, &m);
        rn->depth = depth;
        if (ok) {
            rn->root = m;
            rn->exact_iter = w->horizon == h0;
        }
        for (int i = 0; i < s->threads; i++)
            atomic_fetch_add(&s->nodes, rn->w[i].nodes - rn->w[i].flushed), rn->w[i].flushed = rn->w[i].nodes;
        return ok;
    }
    /* The costliest moves of the last iteration first, so that no thread
     * is left alone with a long one at the end. */
    rn->next = 0;
    for (int i = 0; i < rn->count; i++) {
        int j = i;
        while (j > 0 && rn->mv[rn->order[j - 1]].work < rn->mv[i].work) {
            rn->order[j] = rn->order[j - 1];
            j--;
        }
        rn->order[j] = i;
    }
    rn->w[0].stop = false;
    run_workers(rn, all_worker);
    for (int i = 0; i < s->threads; i++) {
        rn->w[i].stop = false;
        atomic_fetch_add(&s->nodes, rn->w[i].nodes - rn->w[i].flushed);
        rn->w[i].flushed = rn->w[i].nodes;
    }
    return atomic_load(&s->stop) == 0;
}

static void fill_solution(run *rn, kalah_solution *out)
{
    const kalah_pos *p = rn->p;
    const int sd = kalah_store_diff(p);
    if (rn->all) {
        int best = -INF;
        out->lower = -INF;
        out->upper = -INF;
        for (int k = 0; k < rn->count; k++) {
            int lo, hi, g;
            move_bounds(&rn->mv[k], &lo, &hi, &g);
            int pit = rn->mv[k].c.pit;
            /* moves[] is in increasing pit order; the children are not. */
            int slot = 0;
            while (out->moves[slot] != pit + 1)
                slot++;
            out->lowers[slot] = lo + sd;
            out->uppers[slot] = hi + sd;
            out->exacts[slot] = lo == hi;
            out->values[slot] = (lo == hi ? lo : g < lo ? lo : g > hi ? hi : g) + sd;
            if (lo > out->lower)
                out->lower = lo;
            if (hi > out->upper)
                out->upper = hi;
        }
        out->exact = true;
        for (int k = 0; k < out->count; k++) {
            out->exact &= out->exacts[k];
            if (out->values[k] > best) {
                best = out->values[k];
                out->move = out->moves[k];
            }
        }
        out->value = best;
        out->lower += sd;
        out->upper += sd;
    } else {
        out->lower = rn->root.proven_lo + sd;
        out->upper = rn->root.proven_hi + sd;
        out->exact = out->lower == out->upper;
        int g = rn->root.guess + sd;
        out->value = out->exact ? out->lower : g < out->lower ? out->lower
                                          : g > out->upper ? out->upper : g;
        /* Exact: the move that proved the value (none proved anything above
         * the least possible gain: every move is worth that); else the
         * estimate's move. */
        int pit = out->exact || rn->root.guess_pit < 0 ? rn->root.pit : rn->root.guess_pit;
        out->move = pit >= 0 ? pit + 1 : out->moves[0];
    }
}

kalah_status kalah_solver_run(kalah_solver *s, const kalah_pos *p, bool all,
                              const kalah_solve_limits *limits, kalah_solution *out,
                              kalah_error *err)
{
    memset(out, 0, sizeof *out);
    if (kalah_total_stones(&s->r, p) != s->total)
        return kalah_fail(err, KALAH_EINVAL, 0, "the position holds %d stones, the rules %d",
                          kalah_total_stones(&s->r, p), s->total);
    s->lim = limits;
    s->t0 = kalah_now();
    s->interval = limits && limits->progress_interval > 0 ? limits->progress_interval : 0.25;
    s->next_report = s->t0 + s->interval;
    atomic_store(&s->nodes, 0);
    atomic_store(&s->stop, 0);

    out->count = kalah_moves(&s->r, p, out->moves);
    if (out->count == 0) { /* over: the margin as it stands */
        int margin = kalah_margin(&s->r, p);
        out->value = out->lower = out->upper = p->to_move == KALAH_SOUTH ? margin : -margin;
        out->exact = true;
        out->memory = kalah_solver_memory(s);
        return KALAH_OK;
    }

    /* Its workers are aligned to cache lines (a struct's size is a
     * multiple of its alignment, as aligned_alloc asks). */
    run *rn = aligned_alloc(_Alignof(run), sizeof *rn);
    if (!rn)
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the run");
    memset(rn, 0, sizeof *rn);
    rn->s = s;
    rn->p = p;
    kalah_rel_of(&s->r, p, &rn->node.pos);
    kalah_solve_prepare(s, &rn->node);
    rn->all = all;
    for (int i = 0; i < s->threads; i++)
        rn->w[i] = (worker){.s = s, .id = i, .run = rn};
    const int stones = rn->node.stones;
    rn->root = (mtd){.lo = -stones, .hi = stones, .proven_lo = -stones, .proven_hi = stones,
                     .pit = -1, .guess_pit = -1};
    if (limits && limits->window && !all) {
        /* In gains; the first test at beta. */
        const int sd = kalah_store_diff(p);
        rn->root.window = true;
        rn->root.win_lo = limits->alpha - sd;
        rn->root.win_hi = limits->beta - sd;
        rn->root.guess = rn->root.win_hi;
    }
    child c[KALAH_MAX_PITS];
    rn->count = kalah_solve_expand(s, &rn->node, c, -1);
    for (int k = 0; k < rn->count; k++) {
        rn->mv[k].c = c[k];
        int cs = c[k].over ? 0 : c[k].stones;
        rn->mv[k].m = (mtd){.lo = -cs, .hi = cs, .proven_lo = -cs, .proven_hi = cs, .pit = -1};
    }
    s->prog = (kalah_solve_progress){.lower = -stones + kalah_store_diff(p),
                                     .upper = stones + kalah_store_diff(p)};

    /* Iterative deepening until an iteration rests on no depth limit, or
     * grows past the switch: then the search without a limit. A run with
     * a budget deepens, since it needs the estimates when the budget runs
     * out; so does a run without a database, where neither way won in
     * the measurements. An exact run with a database goes straight to the
     * null-window tests, which take fewer nodes there (docs/solver.md). */
    bool ok = true;
    bool budget = limits && (limits->max_nodes || limits->max_seconds > 0);
    bool deepen = !(s->disable & KALAH_SOLVE_NO_DEEPENING) && (budget || !s->db) &&
                  !rn->root.window; /* a window's test needs no guess */
    int depth = deepen ? 1 : KALAH_DEPTH_EXACT;
    for (;;) {
        rn->depth = depth;
        pthread_mutex_lock(&s->lock);
        s->prog.depth = depth == KALAH_DEPTH_EXACT ? 0 : depth;
        s->prog.moves_done = 0;
        pthread_mutex_unlock(&s->lock);
        uint64_t n0 = atomic_load(&s->nodes);
        ok = iterate(rn);
        if (!ok)
            break;
        out->depth = depth == KALAH_DEPTH_EXACT ? 0 : depth;
        bool exact = rn->exact_iter;
        if (all) {
            for (int k = 0; k < rn->count; k++)
                exact &= rn->mv[k].c.over || rn->mv[k].m.proven_lo == rn->mv[k].m.proven_hi;
        } else {
            exact = rn->root.proven_lo == rn->root.proven_hi || window_decided(&rn->root);
        }
        pthread_mutex_lock(&s->lock);
        kalah_solution tmp = *out;
        fill_solution(rn, &tmp);
        s->prog.lower = tmp.lower;
        s->prog.upper = tmp.upper;
        s->prog.guess = tmp.value;
        pthread_mutex_unlock(&s->lock);
        if (exact || depth == KALAH_DEPTH_EXACT)
            break;
        if (atomic_load(&s->nodes) - n0 > DEEPEN_SWITCH_NODES || depth >= DEEPEN_MAX_DEPTH)
            depth = KALAH_DEPTH_EXACT;
        else
            depth++;
    }
    fill_solution(rn, out);
    int why = atomic_load(&s->stop);
    out->stopped = ok ? KALAH_SOLVE_DONE : (kalah_solve_stop)(why - 1);
    if (!ok && out->stopped == KALAH_SOLVE_DONE)
        out->stopped = KALAH_SOLVE_STOPPED;
    out->nodes = atomic_load(&s->nodes);
    out->seconds = kalah_now() - s->t0;
    out->memory = kalah_solver_memory(s);
    s->lim = NULL;
    free(rn);
    return KALAH_OK;
}

/* ---- the exact player ---------------------------------------------------------------- */

kalah_status kalah_exact_search(const kalah_rules *r, const kalah_pos *p,
                                const kalah_player *pl, bool all, kalah_result *out,
                                kalah_error *err)
{
    /* A position of the opening book: its proven values, the best move the
     * lowest of the best pits. */
    int book[KALAH_MAX_PITS];
    if (kalah_book_probe(NULL, r, p, book)) {
        out->move = 0;
        for (int k = 0; k < out->count; k++) {
            int v = book[out->moves[k] - 1];
            out->values[k] = v * KALAH_TERMINAL;
            if (out->move == 0 || out->values[k] > out->value) {
                out->move = out->moves[k];
                out->value = out->values[k];
            }
        }
        return KALAH_OK;
    }
    kalah_solver *s = NULL;
    kalah_solve_config cfg = {.tt_bytes = EXACT_PLAYER_TT};
    kalah_status st = kalah_solver_new(r, &cfg, &s, err);
    if (st != KALAH_OK)
        return st;
    kalah_solve_limits lim = {.max_nodes = pl->nodes};
    kalah_solution so;
    st = kalah_solver_run(s, p, all, &lim, &so, err);
    kalah_solver_free(s);
    if (st != KALAH_OK)
        return st;
    /* Proven margins on KALAH_TERMINAL's scale; estimates in stones. */
    double scale = so.exact ? KALAH_TERMINAL : 1;
    out->move = so.move;
    out->value = so.value * scale;
    out->nodes = so.nodes;
    for (int k = 0; k < out->count; k++)
        out->values[k] = all ? so.values[k] * (so.exacts[k] ? KALAH_TERMINAL : 1)
                       : out->moves[k] == so.move ? out->value : 0;
    return KALAH_OK;
}
