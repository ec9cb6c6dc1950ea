/*
 * What a client can tell from two boards: which moves led from the state it
 * answered to the next one (so the opponent's moves can be named, and a
 * board that cannot follow is known to start a new game), and how a game can
 * have ended after its last move when the server does not say so.
 *
 * Both are depth-first searches over the core's moves, in the receiver's
 * view (south is the client). Between two state requests the client may have
 * made only forced moves: a turn of its own with two or more legal moves
 * would have been a state request. A turn with one legal move may or may not
 * be one (the reference server plays such moves without asking, this
 * project's server asks), so both readings are followed.
 */
#include "kgp_internal.h"

#include <string.h>

typedef struct tracer {
    const kalah_rules *r;
    const kalah_pos *to;
    kgp_path *paths;
    int max_paths, found;
    long nodes, limit;
    kgp_path cur;
} tracer;

/* Stores never shrink and stones leave the pits only for the stores: a
 * position with more in a store than the target can never reach it. */
static bool can_reach(const kalah_pos *p, const kalah_pos *to)
{
    return p->store[0] <= to->store[0] && p->store[1] <= to->store[1];
}

static bool same(const kalah_rules *r, const kalah_pos *a, const kalah_pos *b)
{
    if (a->to_move != b->to_move || a->store[0] != b->store[0] || a->store[1] != b->store[1])
        return false;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < r->pits; i++)
            if (a->pit[s][i] != b->pit[s][i])
                return false;
    return true;
}

/* first: p is the state answered, whose move is free. */
static bool trace(tracer *t, const kalah_pos *p, bool first)
{
    if (++t->nodes > t->limit)
        return false;
    int moves[KALAH_MAX_PITS];
    int n = kalah_moves(t->r, p, moves);
    if (!first && p->to_move == KALAH_SOUTH) {
        if (same(t->r, p, t->to)) {
            if (t->found < t->max_paths)
                t->paths[t->found] = t->cur;
            t->found++;
        }
        if (n != 1)
            return true; /* a state request, or the end */
    }
    if (n == 0 || t->cur.n == KGP_PATH_MAX || !can_reach(p, t->to))
        return true;
    for (int k = 0; k < n; k++) {
        kalah_pos q = *p;
        kalah_play(t->r, &q, moves[k], NULL, NULL);
        t->cur.side[t->cur.n] = (uint8_t)p->to_move;
        t->cur.pit[t->cur.n] = (uint8_t)moves[k];
        t->cur.n++;
        bool ok = trace(t, &q, false);
        t->cur.n--;
        if (!ok)
            return false;
    }
    return true;
}

int kgp_trace(const kalah_rules *r, const kalah_pos *from, const kalah_pos *to,
              kgp_path *paths, int max_paths, long node_limit)
{
    tracer t = {.r = r, .to = to, .paths = paths, .max_paths = max_paths,
                .limit = node_limit > 0 ? node_limit : KGP_TRACE_NODES};
    if (kalah_total_stones(r, from) != kalah_total_stones(r, to))
        return 0;
    if (!trace(&t, from, true))
        return -1;
    return t.found;
}

typedef struct ender {
    const kalah_rules *r;
    kgp_endings *e;
    long nodes, limit;
    int depth;
} ender;

static bool end_lines(ender *x, const kalah_pos *p)
{
    if (++x->nodes > x->limit)
        return false;
    int moves[KALAH_MAX_PITS];
    int n = kalah_moves(x->r, p, moves);
    if (n == 0) {
        int m = kalah_margin(x->r, p);
        if (x->e->lines == 0 || m < x->e->lo)
            x->e->lo = m;
        if (x->e->lines == 0 || m > x->e->hi)
            x->e->hi = m;
        x->e->lines++;
        return true;
    }
    if (p->to_move == KALAH_SOUTH) {
        x->e->may_go_on = true; /* a state request may come here */
        if (n >= 2)
            return true;
    }
    if (x->depth == KGP_PATH_MAX)
        return false;
    x->depth++;
    for (int k = 0; k < n; k++) {
        kalah_pos q = *p;
        kalah_play(x->r, &q, moves[k], NULL, NULL);
        if (!end_lines(x, &q))
            return false;
    }
    x->depth--;
    return true;
}

bool kgp_game_endings(const kalah_rules *r, const kalah_pos *after, long node_limit,
                      kgp_endings *e)
{
    memset(e, 0, sizeof *e);
    ender x = {.r = r, .e = e, .limit = node_limit > 0 ? node_limit : KGP_TRACE_NODES};
    e->complete = end_lines(&x, after);
    return e->complete;
}
