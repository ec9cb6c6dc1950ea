/*
 * The solver's search: null-window alpha-beta on the gain (final margin
 * minus the current store difference) of the side to move, with the table,
 * the endgame database, futility bounds, parity and enhanced transposition
 * cutoffs. docs/solver.md gives the reasons and the measurements.
 *
 * A node's gain is the best, over its moves, of the move's own store change
 * plus (same side moves again) or minus (the other side moves) the child's
 * gain.
 */
#include "kalah_solve_search.h"

#include <assert.h>

/* The order of moves (generate, sort_moves), larger first: an extra turn
 * weighs as much as ORDER_EXTRA_TURN / ORDER_PER_STONE stones put in the
 * store, so it comes first among moves that gain few; the table's move
 * (ORDER_TABLE_MOVE) comes before all of them but a game-ending sweep of
 * over ORDER_TABLE_MOVE / ORDER_PER_STONE stones, whose worth is known
 * without a search anyway. */
enum { ORDER_EXTRA_TURN = 500, ORDER_PER_STONE = 4, ORDER_TABLE_MOVE = 1000 };

/* ---- limits and progress ---------------------------------------------------- */

static void set_stop(kalah_solver *s, kalah_solve_stop why)
{
    int expected = 0;
    atomic_compare_exchange_strong(&s->stop, &expected, (int)why + 1);
}

/* Every POLL nodes: count, look at the clock, the budget and the stop flag;
 * worker 0 also reports progress. */
static void poll_limits(worker *w)
{
    kalah_solver *s = w->s;
    uint64_t total = atomic_fetch_add(&s->nodes, w->nodes - w->flushed) + (w->nodes - w->flushed);
    w->flushed = w->nodes;
    const kalah_solve_limits *lim = s->lim;
    if (lim) {
        if (lim->stop && *lim->stop)
            set_stop(s, KALAH_SOLVE_STOPPED);
        if (lim->max_nodes && total >= lim->max_nodes)
            set_stop(s, KALAH_SOLVE_NODES);
        if (lim->max_seconds > 0 || (lim->progress && w->id == 0)) {
            double t = kalah_now();
            if (lim->max_seconds > 0 && t - s->t0 >= lim->max_seconds)
                set_stop(s, KALAH_SOLVE_TIME);
            if (lim->progress && w->id == 0 && t >= s->next_report) {
                s->next_report = t + s->interval;
                pthread_mutex_lock(&s->lock);
                kalah_solve_progress pr = s->prog;
                pthread_mutex_unlock(&s->lock);
                pr.nodes = total;
                pr.seconds = t - s->t0;
                pr.memory = kalah_solver_memory(s);
                lim->progress(&pr, lim->progress_ctx);
            }
        }
    }
    if (atomic_load_explicit(&s->stop, memory_order_relaxed) ||
        atomic_load_explicit(&s->abort, memory_order_relaxed))
        w->stop = true;
}

/* ---- positions ------------------------------------------------------------------ */

/* The table key of q, see kalah_solve_search.h. */
uint64_t kalah_solve_key(const kalah_solver *s, const kalah_rel *q)
{
    if (s->hash_key) {
        uint64_t h = 0x243F6A8885A308D3u ^ (s->store_key ? (uint64_t)q->store[0] : 0);
        for (int i = 0; i < s->P; i++)
            h = (h ^ q->a[i]) * 0x100000001B3u + (h >> 29);
        return h * 0x9E3779B97F4A7C15u ^ h >> 31;
    }
    uint64_t k = kalah_placement_index(q->a, s->P);
    if (s->store_key)
        k += s->stores_mul * (uint64_t)q->store[0];
    return kalah_tt_key(&s->tt, k);
}

/* Fills key and stones of c (not over); the endgame database's placements
 * get their index as key. Starts fetching the memory the search of c will
 * read first. */
void kalah_solve_prepare(const kalah_solver *s, child *c)
{
    assert(!c->over);
    c->stones = c->pos.side[0] + c->pos.side[1];
    if (c->stones <= s->db_max) {
        c->key = kalah_placement_index(c->pos.a, s->P);
        __builtin_prefetch(&s->db->values[c->key]);
    } else {
        c->key = kalah_solve_key(s, &c->pos);
        kalah_tt_prefetch(&s->tt, c->key);
    }
}

/* The moves of node (not over), prepared, in the order of their pits from
 * right to left, each with its order but for the table's move. */
static int generate(const kalah_solver *s, const child *node, child *c)
{
    const int m = s->r.pits;
    int n = 0;
    for (int i = m - 1; i >= 0; i--) {
        if (node->pos.a[i] == 0)
            continue;
        child *k = &c[n++];
        kalah_rel_info info;
        kalah_rel_move(&s->r, &node->pos, i, &k->pos, &info);
        k->pit = i;
        k->known_hi = INF;
        k->known_limited = false;
        k->over = info.ended;
        k->same = info.same;
        k->gain = info.gain;
        if (!k->over)
            kalah_solve_prepare(s, k);
        /* Order: the table's move (added by sort_moves), extra turns,
         * then the stones the move itself puts in the store (a capture,
         * the one sown into it: the whole store change, not the capture
         * alone, docs/solver.md), then right to left (this loop's order,
         * kept by sort_moves). */
        k->order = s->disable & KALAH_SOLVE_NO_ORDER
                       ? 0
                       : (info.same && !info.ended ? ORDER_EXTRA_TURN : 0) +
                             info.gain * ORDER_PER_STONE;
        k->history = 0;
    }
    return n;
}

/* Puts the table's move (pit index ttmove, or -1) first and the others in
 * their order, then their history: a stable insertion sort, larger
 * first. */
static void sort_moves(const kalah_solver *s, child *c, int n, int ttmove)
{
    if (s->disable & KALAH_SOLVE_NO_ORDER)
        return;
    for (int i = 0; i < n; i++)
        if (c[i].pit == ttmove)
            c[i].order += ORDER_TABLE_MOVE;
    for (int i = 1; i < n; i++) {
        child t = c[i];
        int j = i;
        while (j > 0 && (c[j - 1].order < t.order ||
                         (c[j - 1].order == t.order && c[j - 1].history < t.history))) {
            c[j] = c[j - 1];
            j--;
        }
        c[j] = t;
    }
}

int kalah_solve_expand(const kalah_solver *s, const child *node, child *c, int ttmove)
{
    int n = generate(s, node, c);
    sort_moves(s, c, n, ttmove);
    return n;
}

/* ---- the history heuristic ------------------------------------------------------- */

/* The history entry of the move from pit index pit of node. */
static int32_t *history_of(worker *w, const child *node, int pit)
{
    int seeds = node->pos.a[pit];
    return &w->history[pit][seeds < HISTORY_SEEDS ? seeds : HISTORY_SEEDS - 1];
}

/* What an entry says to the order: nothing below 0, and no more above
 * HISTORY_CAP, where moves tie and keep the rules' order, so it mostly
 * sorts the moves that cut lately before those that did not: a large value
 * is old news from other parts of the tree, and ranking by it cost nodes
 * (docs/solver.md, "Speed work", step 15). */
enum { HISTORY_CAP = 255 };
static int32_t history_rank(int32_t h)
{
    return h < 0 ? 0 : h > HISTORY_CAP ? HISTORY_CAP : h;
}

/* The move from pit index pit cut node off after 2^work nodes or more (work:
 * as the table stores it): its entry gains, and those of the moves ordered
 * before it (c[0..], which did not cut) lose, by work^4: a cutoff that saved
 * a large tree counts for more (the weights and keys tried are in
 * docs/solver.md). Entries are halved, order kept, once one passes
 * HISTORY_LIMIT, far from int32_t's overflow: one bonus is at most 2^24. */
#define HISTORY_LIMIT (1 << 30)
static void history_cut(worker *w, const child *node, const child *c, int n, int pit,
                        int work)
{
    assert(work >= 0 && work < 64 && n > 0);
    const int32_t bonus = work * work * work * work;
    bool over = false;
    for (int i = 0; i < n; i++) {
        const bool cut = c[i].pit == pit;
        int32_t *h = history_of(w, node, c[i].pit);
        *h += cut ? bonus : -bonus;
        over |= *h > HISTORY_LIMIT || *h < -HISTORY_LIMIT;
        if (cut)
            break;
    }
    if (over)
        for (int i = 0; i < KALAH_MAX_PITS; i++)
            for (int j = 0; j < HISTORY_SEEDS; j++)
                w->history[i][j] /= 2;
}

/* ---- the search ----------------------------------------------------------------- */

static _Atomic uint64_t *busy_slot(kalah_solver *s, uint64_t key)
{
    return &s->busy[(key * 0x9E3779B97F4A7C15u) >> (64 - BUSY_BITS)];
}

static bool etc_cut(worker *w, child *c, int n, int alpha, int beta, int depth, int *out,
                    int *pit);

/* Searches the moves c[0..n-1] in the window (alpha, beta); returns the
 * fail-soft gain and the best move's pit index in *best_pit. With several
 * threads, a move another thread is searching (not the first: the first
 * decides most cutoffs) waits for a second pass, by when the table
 * usually holds its value. With late_etc, ETC on the others after the
 * first move (etc_cut, which notes what it learns in c). */
int kalah_solve_moves(worker *w, child *c, int n, int alpha, int beta, int depth, bool late_etc,
                        int *best_pit)
{
    kalah_solver *s = w->s;
    assert(n > 0 && alpha < beta);
    int best = -INF, a = alpha;
    int next = next_depth(depth);
    bool share = s->threads > 1;
    int deferred[KALAH_MAX_PITS], nd = 0;
    *best_pit = c[0].pit;
    for (int pass = 0; pass < 2; pass++) {
        int count = pass == 0 ? n : nd;
        for (int i = 0; i < count; i++) {
            int k = pass == 0 ? i : deferred[i];
            int v;
            if (c[k].over) {
                v = c[k].gain;
            } else if (c[k].known_hi <= a) {
                /* The table already says this move cannot raise alpha. */
                v = c[k].known_hi;
                if (c[k].known_limited)
                    w->horizon++;
            } else {
                _Atomic uint64_t *slot = NULL;
                if (share && c[k].stones > s->db_max + BUSY_ABOVE_DB) {
                    slot = busy_slot(s, c[k].key);
                    if (pass == 0 && i > 0 &&
                        atomic_load_explicit(slot, memory_order_relaxed) == c[k].key + 1) {
                        deferred[nd++] = k;
                        continue;
                    }
                    atomic_store_explicit(slot, c[k].key + 1, memory_order_relaxed);
                }
                if (c[k].same)
                    v = c[k].gain + kalah_solve_search(w, &c[k], a - c[k].gain, beta - c[k].gain, next);
                else
                    v = c[k].gain - kalah_solve_search(w, &c[k], c[k].gain - beta, c[k].gain - a, next);
                if (slot) {
                    uint64_t mine = c[k].key + 1;
                    atomic_compare_exchange_strong(slot, &mine, 0);
                }
            }
            if (w->stop)
                return 0;
            if (v > best) {
                best = v;
                *best_pit = c[k].pit;
                if (v > a)
                    a = v;
                if (v >= beta)
                    return best;
            }
            /* Late ETC: the first move did not cut; by now the others'
             * table entries, fetched at expansion, have arrived. */
            if (late_etc && pass == 0 && i == 0 && n > 1) {
                int v2, p2;
                if (etc_cut(w, c + 1, n - 1, a, beta, depth, &v2, &p2)) {
                    if (v2 > best) {
                        best = v2;
                        if (p2 >= 0)
                            *best_pit = p2;
                    }
                    return best;
                }
            }
        }
    }
    return best;
}

/* Enhanced transposition cutoff: a move whose stored bound already lifts
 * this node to beta, or stored bounds that keep every move at or below
 * alpha. Returns true with *out (and *pit, -1 for the second kind) set when
 * it cuts. */
static bool etc_cut(worker *w, child *c, int n, int alpha, int beta, int depth, int *out,
                    int *pit)
{
    kalah_solver *s = w->s;
    assert(n > 0 && alpha < beta);
    int next = next_depth(depth);
    int most = -INF; /* the highest any move can reach, by what is known */
    bool all_known = true, limited = false;
    for (int k = 0; k < n; k++) {
        int lo, hi;
        kalah_tt_hit h;
        if (c[k].over) {
            lo = hi = c[k].gain;
        } else if (c[k].stones <= s->db_max) {
            lo = hi = combine(&c[k], s->db->values[c[k].key]);
        } else if (kalah_tt_probe(&s->tt, c[k].key, &h) && h.depth >= next) {
            combine_bounds(&c[k], h.lower, h.upper, &lo, &hi);
            if (h.depth != KALAH_DEPTH_EXACT) {
                limited = true;
                if (lo >= beta)
                    w->horizon++;
            }
        } else {
            all_known = false;
            continue;
        }
        if (lo >= beta) {
            *out = lo;
            *pit = c[k].pit;
            return true;
        }
        if (!c[k].over) {
            c[k].known_hi = hi;
            c[k].known_limited = c[k].stones > s->db_max && h.depth != KALAH_DEPTH_EXACT;
        }
        if (hi > most)
            most = hi;
    }
    if (all_known && most <= alpha) {
        if (limited)
            w->horizon++;
        *out = most;
        *pit = -1;
        return true;
    }
    return false;
}

/* A move that ends the game or enters the endgame database has an exact
 * worth, known without a search: its database byte was asked for when the
 * moves were generated. Returns true with *out and *pit set when such a
 * move reaches beta; else notes the worths in c (known_hi), so that the
 * search does not look them up again. A position looked up counts as a
 * node, as in the search. */
static bool exact_cut(worker *w, child *c, int n, int beta, int *out, int *pit)
{
    const kalah_solver *s = w->s;
    for (int k = 0; k < n; k++) {
        int v;
        if (c[k].over) {
            v = c[k].gain;
        } else if (c[k].stones <= s->db_max) {
            v = combine(&c[k], s->db->values[c[k].key]);
            c[k].known_hi = v;
            w->nodes++;
        } else {
            continue;
        }
        if (v >= beta) {
            *out = v;
            *pit = c[k].pit;
            return true;
        }
    }
    return false;
}

/* The gain of node (not over, key and stones prepared) in (alpha, beta),
 * fail-soft, searched to depth moves (KALAH_DEPTH_EXACT: to the end). */
int kalah_solve_search(worker *w, const child *node, int alpha, int beta, int depth)
{
    kalah_solver *s = w->s;
    assert(alpha < beta && depth >= 0 && depth <= KALAH_DEPTH_EXACT);
    assert(node->stones == node->pos.side[0] + node->pos.side[1]);
    if ((++w->nodes & (POLL - 1)) == 0)
        poll_limits(w);
    if (w->stop)
        return 0;
    const int stones = node->stones;
    /* Futility: the gain can never exceed the stones still in play, nor fall
     * below minus them. */
    if (!(s->disable & KALAH_SOLVE_NO_FUTILITY)) {
        if (alpha >= stones)
            return stones;
        if (beta <= -stones)
            return -stones;
    }
    if (stones <= s->db_max) /* an endgame: look it up */
        return s->db->values[node->key];
    if (depth == 0) {
        w->horizon++;
        return 0; /* the store difference alone: E1 */
    }

    /* The moves first, then the table: generating them and fetching
     * their entries overlaps this node's own table miss (the node is
     * often its parent's first move, searched as soon as its entry was
     * asked for). A cutoff from the table wastes that work. */
    child c[KALAH_MAX_PITS];
    int n = generate(s, node, c);
    kalah_tt_hit h;
    int ttmove = -1;
    if (kalah_tt_probe(&s->tt, node->key, &h)) {
        ttmove = h.move;
        if (h.depth >= depth && (h.lower >= beta || h.upper <= alpha)) {
            if (h.depth != KALAH_DEPTH_EXACT)
                w->horizon++;
            return h.lower >= beta ? h.lower : h.upper;
        }
    }

    const bool etc = !(s->disable & KALAH_SOLVE_NO_ETC);
    int best, pit;
    /* Before any search, at every node: it costs no probe (the database's
     * bytes were asked for at expansion) and saves calls (docs/solver.md).
     * The bound is proven whatever the depth. */
    if (etc && exact_cut(w, c, n, beta, &best, &pit)) {
        kalah_tt_store(&s->tt, node->key, best, stones, KALAH_DEPTH_EXACT, pit, 0);
        return best;
    }

    const uint64_t h0 = w->horizon, n0 = w->nodes;
    const bool history = !(s->disable & KALAH_SOLVE_NO_HISTORY);
    if (history)
        for (int i = 0; i < n; i++)
            c[i].history = history_rank(*history_of(w, node, c[i].pit));
    sort_moves(s, c, n, ttmove);
    /* ETC before the moves costs a probe of every child, waiting for the
     * entries just asked for: it pays only with many stones in play
     * (s->etc_from). Below, it is done after the first move, when the
     * entries have arrived (s->late_from; docs/solver.md). */
    if (etc && stones >= s->etc_from && etc_cut(w, c, n, alpha, beta, depth, &best, &pit)) {
        if (pit < 0)
            pit = ttmove;
    } else {
        best = kalah_solve_moves(w, c, n, alpha, beta, depth,
                                 etc && stones >= s->late_from && stones < s->etc_from, &pit);
        if (w->stop)
            return 0;
    }

    const bool exact = w->horizon == h0;
    if (exact && s->parity) /* bounds of the true gain: round them */
        best = best >= beta ? round_up(best, stones) : round_down(best, stones);
    int lo = -stones, hi = stones;
    if (best >= beta)
        lo = best;
    else if (best <= alpha)
        hi = best;
    else
        lo = hi = best;
    uint64_t spent = w->nodes - n0 + 1;
    int work = 0;
    while (spent >>= 1)
        work++;
    if (history && best >= beta && pit >= 0)
        history_cut(w, node, c, n, pit, work);
    kalah_tt_store(&s->tt, node->key, lo, hi, exact ? KALAH_DEPTH_EXACT : depth, pit, work);
    return best;
}

