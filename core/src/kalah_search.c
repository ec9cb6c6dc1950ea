/* Minimax, negamax and both alpha-betas to a fixed depth, and the simple
 * players. Values are for the side to move at the root; ties go to the lowest
 * pit because every loop takes moves in increasing pit order and only a
 * strictly better value replaces the best so far (the root loop runs the
 * other way for a player with ties_to_store). */
#include "kalah_internal.h"
#include "kalah_search.h"

#include <math.h>
#include <string.h>

typedef struct search {
    const kalah_rules *r;
    kalah_eval_id eval;
    bool pit_order; /* alpha-beta: no move ordering */
    uint64_t nodes; /* positions generated, the root included */
    /* kalah_search_visit: the visitor, the root's depth and side, and the
     * moves from the root to the node being searched. */
    kalah_visitor visit;
    void *ctx;
    int depth, root_side;
    int path[65];
    uint8_t movers[65];
} search;

/* The visitor's call for a node at the given remaining depth; value and
 * the window (alpha, beta) it was searched with for the side `side`, given
 * to the visitor for the root's side (a zero as +0). */
static void visit_window(search *s, const kalah_pos *p, int depth, double value, int side,
                         bool leaf, double alpha, double beta, bool cut)
{
    bool same = side == s->root_side;
    kalah_node n = {.ply = s->depth - depth,
                    .path = s->path,
                    .movers = s->movers,
                    .pos = p,
                    .value = same ? value : -value,
                    .leaf = leaf,
                    .alpha = same ? alpha : -beta,
                    .beta = same ? beta : -alpha,
                    .cut = cut};
    if (n.value == 0)
        n.value = 0;
    s->visit(s->ctx, &n);
}

/* The same for a search without a window (minimax's nodes). */
static void visit(search *s, const kalah_pos *p, int depth, double value, int side, bool leaf)
{
    visit_window(s, p, depth, value, side, leaf, -INFINITY, INFINITY, false);
}

/* Notes the move about to be searched below a node at `depth`, for the
 * visitor alone. */
static void step(search *s, const kalah_pos *p, int depth, int pit)
{
    if (!s->visit)
        return;
    s->path[s->depth - depth] = pit;
    s->movers[s->depth - depth] = (uint8_t)p->to_move;
}

/* Plain minimax: a node is a max node when the root's side is to move, so a
 * node after an extra turn keeps its type. */
static double minimax(search *s, const kalah_pos *p, int depth, int max_side)
{
    s->nodes++;
    if (depth == 0 || kalah_over(s->r, p)) {
        double v = kalah_value(s->r, p, max_side, s->eval);
        if (s->visit)
            visit(s, p, depth, v, max_side, true);
        return v;
    }
    int moves[KALAH_MAX_PITS], n = kalah_moves(s->r, p, moves);
    bool max_node = p->to_move == max_side;
    double best = max_node ? -INFINITY : INFINITY;
    for (int k = 0; k < n; k++) {
        kalah_pos child = *p;
        kalah_apply(s->r, &child, moves[k] - 1, NULL);
        step(s, p, depth, moves[k]);
        double v = minimax(s, &child, depth - 1, max_side);
        if (max_node ? v > best : v < best)
            best = v;
    }
    if (s->visit)
        visit(s, p, depth, best, max_side, false);
    return best;
}

/* Negamax by half-rounds, as seed 000's program: p always has south to move;
 * when the turn passes, the board is rotated and the value negated. */
static double negamax(search *s, const kalah_pos *p, int depth)
{
    s->nodes++;
    if (depth == 0 || kalah_over(s->r, p))
        return kalah_value(s->r, p, KALAH_SOUTH, s->eval);
    int moves[KALAH_MAX_PITS], n = kalah_moves(s->r, p, moves);
    double best = -INFINITY;
    for (int k = 0; k < n; k++) {
        kalah_pos child = *p;
        kalah_apply(s->r, &child, moves[k] - 1, NULL);
        double v;
        if (child.to_move == KALAH_SOUTH) {
            v = negamax(s, &child, depth - 1); /* extra turn: same side */
        } else {
            kalah_pos turned = kalah_pos_rotate(&child);
            v = -negamax(s, &turned, depth - 1);
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* Orders the moves of p for alpha-beta, best candidates first, from what
 * the pit's stone count predicts without playing the move (Irving et al.'s
 * order): moves that end in the store (an extra turn), the pit nearest the
 * store first; then captures, the largest first; then the rest from right to
 * left. Ties keep the order of moves[]. Standard Kalah only; relay positions
 * keep pit order. */
static void order_moves(const kalah_rules *r, const kalah_pos *p, int *moves, int n)
{
    if (r->variant != KALAH_STANDARD)
        return;
    const int m = r->pits, cells = 2 * m + 1;
    const uint16_t *own = p->pit[p->to_move], *opp = p->pit[p->to_move ^ 1];
    int key[KALAH_MAX_PITS];
    for (int k = 0; k < n; k++) {
        int i = moves[k] - 1, stones = own[i], last = (i + stones) % cells;
        if (last == m)
            key[k] = 1000 + i;
        else if (stones < cells && last < m && own[last] == 0 &&
                 (opp[m - 1 - last] > 0 || r->empty_capture))
            key[k] = 500 + opp[m - 1 - last];
        else
            key[k] = i;
    }
    for (int k = 1; k < n; k++) /* insertion sort, descending key, stable */
        for (int j = k; j > 0 && key[j] > key[j - 1]; j--) {
            int t = key[j]; key[j] = key[j - 1]; key[j - 1] = t;
            t = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = t;
        }
}

/* Alpha-beta in negamax form (fail-soft). When the same side moves again
 * the window passes on unchanged; when the turn passes it is negated and
 * swapped. This prunes at every node, extra turns included. With pit_order
 * the moves are tried in pit order: the textbook alpha-beta over the tree
 * as the MK-61 program draws and searches it (a full window at the root,
 * a cut as soon as alpha >= beta), node for node the program's. */
static double alphabeta(search *s, const kalah_pos *p, int depth, double alpha, double beta)
{
    s->nodes++;
    if (depth == 0 || kalah_over(s->r, p)) {
        double v = kalah_value(s->r, p, p->to_move, s->eval);
        if (s->visit)
            visit_window(s, p, depth, v, p->to_move, true, alpha, beta, false);
        return v;
    }
    const double alpha0 = alpha;
    int moves[KALAH_MAX_PITS], n = kalah_moves(s->r, p, moves);
    if (!s->pit_order)
        order_moves(s->r, p, moves, n);
    double best = -INFINITY;
    bool cut = false;
    for (int k = 0; k < n; k++) {
        kalah_pos child = *p;
        kalah_apply(s->r, &child, moves[k] - 1, NULL);
        step(s, p, depth, moves[k]);
        double v = child.to_move == p->to_move
                       ? alphabeta(s, &child, depth - 1, alpha, beta)
                       : -alphabeta(s, &child, depth - 1, -beta, -alpha);
        if (v > best)
            best = v;
        if (best > alpha)
            alpha = best;
        if (alpha >= beta) {
            cut = true;
            break; /* the opponent will not allow this line */
        }
    }
    if (s->visit)
        visit_window(s, p, depth, best, p->to_move, false, alpha0, beta, cut);
    return best;
}

/* Seed 003's alpha-beta ("MiniMax revisited", section 4.4): minimax with
 * max and min nodes, where pruning "can be applied only" at a max node whose
 * parent is a min node or a min node whose parent is a max node. So a node
 * cuts off (stops trying moves once alpha >= beta) only when may_cut says its
 * side to move differs from its parent's; after an extra turn it tries every
 * move. The seed names where pruning applies, not how bounds travel; read
 * here as alpha-beta: the window passes down, each node narrows it with its
 * best so far (docs/search.md). Fail-soft, moves in pit order. */
static double alphabeta003(search *s, const kalah_pos *p, int depth, int max_side, double alpha,
                           double beta, bool may_cut)
{
    s->nodes++;
    if (depth == 0 || kalah_over(s->r, p)) {
        double v = kalah_value(s->r, p, max_side, s->eval);
        if (s->visit)
            visit_window(s, p, depth, v, max_side, true, alpha, beta, false);
        return v;
    }
    const double alpha0 = alpha, beta0 = beta;
    bool cut = false;
    int moves[KALAH_MAX_PITS], n = kalah_moves(s->r, p, moves);
    bool max_node = p->to_move == max_side;
    double best = max_node ? -INFINITY : INFINITY;
    for (int k = 0; k < n; k++) {
        kalah_pos child = *p;
        kalah_apply(s->r, &child, moves[k] - 1, NULL);
        step(s, p, depth, moves[k]);
        double v = alphabeta003(s, &child, depth - 1, max_side, alpha, beta,
                                child.to_move != p->to_move);
        if (max_node ? v > best : v < best)
            best = v;
        if (max_node && best > alpha)
            alpha = best;
        if (!max_node && best < beta)
            beta = best;
        if (alpha >= beta) {
            if (may_cut) {
                cut = true;
                break;
            }
            /* It may not cut, so it is no longer held to the bound it
             * passed: the window opens on that side, and the moves still
             * to try are searched as they must be for its value to stay a
             * bound (an inverted window would let a child's upper bound
             * pass for a value). */
            if (max_node)
                beta = INFINITY;
            else
                alpha = -INFINITY;
        }
    }
    if (s->visit)
        visit_window(s, p, depth, best, max_side, false, alpha0, beta0, cut);
    return best;
}

/* The value of one root move, for the root's side to move. With exact set,
 * alpha-beta searches with a full window; otherwise with (alpha, +inf). */
static double root_move(search *s, kalah_algo algo, const kalah_pos *root, int pit, int depth,
                        double alpha)
{
    kalah_pos child = *root;
    kalah_apply(s->r, &child, pit - 1, NULL);
    step(s, root, depth, pit);
    bool same = child.to_move == root->to_move;
    switch (algo) {
    case KALAH_MINIMAX:
        return minimax(s, &child, depth - 1, root->to_move);
    case KALAH_NEGAMAX: {
        /* Seen from the root mover as south. */
        kalah_pos c = root->to_move == KALAH_SOUTH ? child : kalah_pos_rotate(&child);
        if (c.to_move == KALAH_SOUTH)
            return negamax(s, &c, depth - 1);
        kalah_pos turned = kalah_pos_rotate(&c);
        return -negamax(s, &turned, depth - 1);
    }
    case KALAH_ALPHABETA003: /* the root is a max node */
        return alphabeta003(s, &child, depth - 1, root->to_move, alpha, INFINITY, !same);
    default:
        return same ? alphabeta(s, &child, depth - 1, alpha, INFINITY)
                    : -alphabeta(s, &child, depth - 1, -INFINITY, -alpha);
    }
}

static kalah_status depth_search(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                                 bool exact, search *sv, kalah_result *out, kalah_error *err)
{
    if (pl->depth < 1 || pl->depth > 64)
        return kalah_fail(err, KALAH_EINVAL, 0, "search depth must be 1..64, not %d", pl->depth);
    search s = {.r = r, .eval = pl->eval, .pit_order = pl->pit_order, .nodes = 1,
                .depth = pl->depth, .root_side = p->to_move};
    if (sv) {
        s.visit = sv->visit;
        s.ctx = sv->ctx;
    }
    double best = -INFINITY;
    for (int i = 0; i < out->count; i++) {
        int k = pl->ties_to_store ? out->count - 1 - i : i;
        double v = root_move(&s, pl->algo, p, out->moves[k], pl->depth, exact ? -INFINITY : best);
        if (v == 0)
            v = 0; /* not -0: negamax's negation of a zero prints as -0.00 */
        out->values[k] = v;
        if (v > best) {
            best = v;
            out->move = out->moves[k];
            out->value = v;
        }
    }
    out->nodes = s.nodes;
    if (s.visit)
        visit(&s, p, pl->depth, out->count ? best : kalah_value(r, p, p->to_move, pl->eval),
              p->to_move, false);
    return KALAH_OK;
}

/* Fills the legal moves; true when there is at least one. */
static bool start_result(const kalah_rules *r, const kalah_pos *p, kalah_result *out)
{
    memset(out, 0, sizeof *out);
    out->count = kalah_moves(r, p, out->moves);
    out->nodes = 1;
    return out->count > 0;
}

kalah_status kalah_search(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                          kalah_rng *rng, kalah_result *out, kalah_error *err)
{
    if (!start_result(r, p, out))
        return KALAH_OK;
    switch (pl->algo) {
    case KALAH_MINIMAX:
    case KALAH_NEGAMAX:
    case KALAH_ALPHABETA:
    case KALAH_ALPHABETA003:
        return depth_search(r, p, pl, false, NULL, out, err);
    case KALAH_MCTS:
        return kalah_mcts(r, p, pl, rng, out, err);
    case KALAH_FIRST:
        out->move = out->moves[0];
        return KALAH_OK;
    case KALAH_LAST:
        out->move = out->moves[out->count - 1];
        return KALAH_OK;
    case KALAH_EXACT:
        return kalah_exact_search(r, p, pl, false, out, err);
    case KALAH_RANDOM:
        if (!rng)
            return kalah_fail(err, KALAH_EINVAL, 0, "the random player needs a generator");
        out->move = out->moves[kalah_rng_below(rng, out->count)];
        return KALAH_OK;
    }
    return kalah_fail(err, KALAH_EINVAL, 0, "unknown algorithm %d", (int)pl->algo);
}

kalah_status kalah_analyze(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                           kalah_rng *rng, kalah_result *out, kalah_error *err)
{
    if (pl->algo == KALAH_EXACT)
        return start_result(r, p, out) ? kalah_exact_search(r, p, pl, true, out, err) : KALAH_OK;
    if (!KALAH_DEPTH_ALGO(pl->algo))
        return kalah_search(r, p, pl, rng, out, err);
    if (!start_result(r, p, out))
        return KALAH_OK;
    return depth_search(r, p, pl, true, NULL, out, err);
}

kalah_status kalah_search_visit(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                                kalah_visitor visit_fn, void *ctx, kalah_result *out,
                                kalah_error *err)
{
    if (pl->algo != KALAH_MINIMAX && pl->algo != KALAH_ALPHABETA &&
        pl->algo != KALAH_ALPHABETA003)
        return kalah_fail(err, KALAH_EINVAL, 0, "only minimax and the alpha-betas are visited");
    search sv = {.visit = visit_fn, .ctx = ctx};
    if (!start_result(r, p, out)) {
        /* A finished game: the root alone, a leaf. */
        kalah_node n = {.path = sv.path, .movers = sv.movers, .pos = p,
                        .value = kalah_value(r, p, p->to_move, pl->eval), .leaf = true,
                        .alpha = -INFINITY, .beta = INFINITY};
        visit_fn(ctx, &n);
        return KALAH_OK;
    }
    return depth_search(r, p, pl, false, &sv, out, err);
}

kalah_rng kalah_rng_seed(uint64_t seed)
{
    /* A zero state would stay zero; mix the seed (splitmix64's finalizer). */
    uint64_t z = seed + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (kalah_rng){z ? z : 1};
}

uint64_t kalah_rng_next(kalah_rng *g)
{
    uint64_t x = g->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    g->state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

int kalah_rng_below(kalah_rng *g, int n)
{
    return (int)((kalah_rng_next(g) >> 33) % (uint64_t)n);
}
