/* Monte Carlo tree search: UCT with uniformly random playouts (seed 000
 * names Monte Carlo as the next step). */
#include "kalah_internal.h"
#include "kalah_search.h"

#include <math.h>
#include <stdlib.h>

/* A tree node. wins counts, from the point of view of the player who made
 * the move into this node, 1 per won playout and 1/2 per draw. */
typedef struct node {
    kalah_pos pos;
    int32_t child[KALAH_MAX_PITS]; /* by move index; -1 until expanded */
    int moves[KALAH_MAX_PITS];
    uint8_t count, expanded;       /* legal moves, children made so far */
    uint32_t visits;
    double wins;
} node;

typedef struct tree {
    const kalah_rules *r;
    node *nodes;
    int used, cap;
    uint64_t generated; /* positions generated: tree nodes and playouts */
} tree;

static int add_node(tree *t, const kalah_pos *p)
{
    node *n = &t->nodes[t->used];
    n->pos = *p;
    n->count = (uint8_t)kalah_moves(t->r, p, n->moves);
    n->expanded = 0;
    n->visits = 0;
    n->wins = 0;
    for (int k = 0; k < KALAH_MAX_PITS; k++)
        n->child[k] = -1;
    t->generated++;
    return t->used++;
}

/* Score of a finished position for side: 1 win, 1/2 draw, 0 loss. */
static double score(const kalah_rules *r, const kalah_pos *p, int side)
{
    int margin = kalah_margin(r, p);
    if (side == KALAH_NORTH)
        margin = -margin;
    return margin > 0 ? 1.0 : margin == 0 ? 0.5 : 0.0;
}

/* The child of n with the best upper confidence bound (lowest pit on ties). */
static int select_child(const tree *t, const node *n, double c)
{
    double log_n = log((double)n->visits), best = -INFINITY;
    int pick = 0;
    for (int k = 0; k < n->count; k++) {
        const node *ch = &t->nodes[n->child[k]];
        double u = ch->wins / ch->visits + c * sqrt(log_n / ch->visits);
        if (u > best) {
            best = u;
            pick = k;
        }
    }
    return pick;
}

kalah_status kalah_mcts(const kalah_rules *r, const kalah_pos *root, const kalah_player *pl,
                        kalah_rng *rng, kalah_result *out, kalah_error *err)
{
    if (pl->playouts < 1 || pl->playouts > 10000000)
        return kalah_fail(err, KALAH_EINVAL, 0, "MCTS playouts must be 1..10000000, not %d",
                          pl->playouts);
    if (!rng)
        return kalah_fail(err, KALAH_EINVAL, 0, "MCTS needs a random generator");
    const double c = pl->uct_c > 0 ? pl->uct_c : sqrt(2.0);
    tree t = {r, NULL, 0, pl->playouts + 1, 0};
    t.nodes = malloc((size_t)t.cap * sizeof *t.nodes);
    if (!t.nodes)
        return kalah_fail(err, KALAH_ENOMEM, 0, "out of memory for the MCTS tree");
    add_node(&t, root);
    int path[1024];

    for (int it = 0; it < pl->playouts; it++) {
        /* Selection: down through fully expanded nodes. */
        int depth = 0, cur = 0;
        path[depth++] = cur;
        while (t.nodes[cur].count > 0 && t.nodes[cur].expanded == t.nodes[cur].count &&
               depth < (int)(sizeof path / sizeof path[0]) - 1) {
            cur = t.nodes[cur].child[select_child(&t, &t.nodes[cur], c)];
            path[depth++] = cur;
        }
        /* Expansion: the next untried move, in pit order. */
        node *n = &t.nodes[cur];
        if (n->expanded < n->count && t.used < t.cap) {
            int k = n->expanded++;
            kalah_pos next = n->pos;
            kalah_apply(r, &next, n->moves[k] - 1, NULL);
            int id = add_node(&t, &next);
            t.nodes[cur].child[k] = id;
            cur = id;
            path[depth++] = cur;
        }
        /* Playout: random moves to the end. */
        kalah_pos p = t.nodes[cur].pos;
        int moves[KALAH_MAX_PITS], m;
        while ((m = kalah_moves(r, &p, moves)) > 0) {
            kalah_apply(r, &p, moves[kalah_rng_below(rng, m)] - 1, NULL);
            t.generated++;
        }
        /* Backpropagation: each node scores for the player who moved into it. */
        for (int i = depth - 1; i >= 0; i--) {
            node *v = &t.nodes[path[i]];
            v->visits++;
            if (i > 0)
                v->wins += score(r, &p, t.nodes[path[i - 1]].pos.to_move);
        }
    }

    const node *top = &t.nodes[0];
    uint32_t most = 0;
    for (int k = 0; k < out->count; k++) {
        if (top->child[k] < 0)
            continue;
        const node *ch = &t.nodes[top->child[k]];
        out->visits[k] = ch->visits;
        out->values[k] = ch->visits ? ch->wins / ch->visits : 0;
        if (ch->visits > most) {
            most = ch->visits;
            out->move = out->moves[k];
            out->value = out->values[k];
        }
    }
    if (out->move == 0)
        out->move = out->moves[0];
    out->nodes = t.generated;
    free(t.nodes);
    return KALAH_OK;
}
