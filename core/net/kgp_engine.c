/* The core's engine as a KGP player: iterative deepening that sends each
 * finished depth's move, within a time budget or up to a level's depth. */
#include "kgp_internal.h"

static bool deepens(const kalah_player *pl)
{
    return pl->algo == KALAH_MINIMAX || pl->algo == KALAH_NEGAMAX || pl->algo == KALAH_ALPHABETA;
}

static void engine_think(void *ctx, kgp_turn *t, const kalah_rules *r, const kalah_pos *p)
{
    kgp_engine *e = ctx;
    kalah_player pl = e->player;
    kalah_result res;
    e->last_depth = 0;
    if (e->seconds <= 0 && !deepens(&pl)) {
        if (kalah_search(r, p, &pl, &e->rng, &res, NULL) == KALAH_OK && res.move > 0)
            kgp_turn_move(t, res.move);
        return;
    }
    double budget = e->seconds;
    int max_depth = pl.depth;
    if (budget > 0) {
        /* Leave a margin of the server's clock for the lines to travel. */
        double clock = kgp_turn_clock(t);
        if (clock > 0 && clock * 0.8 < budget)
            budget = clock * 0.8;
        pl = (kalah_player){.algo = KALAH_ALPHABETA, .eval = KALAH_E1};
        max_depth = 64;
    }
    double start = kalah_now(), last_iter = 0;
    uint64_t prev_nodes = 0;
    int sent = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        double iter_start = kalah_now();
        pl.depth = depth;
        if (kalah_search(r, p, &pl, &e->rng, &res, NULL) != KALAH_OK || res.move == 0)
            break;
        if (res.move != sent) {
            if (!kgp_turn_move(t, res.move))
                return;
            sent = res.move;
        }
        e->last_depth = depth;
        /* Every line already ends within this depth: deeper finds nothing new. */
        if (res.nodes == prev_nodes)
            break;
        prev_nodes = res.nodes;
        if (!kgp_turn_open(t, 0))
            return;
        if (budget > 0) {
            double now = kalah_now(), iter = now - iter_start;
            double growth = last_iter > 0 && iter / last_iter > 2 ? iter / last_iter : 2;
            if (now - start + iter * growth > budget)
                break;
            last_iter = iter;
        }
    }
}

kgp_brain kgp_engine_brain(kgp_engine *e)
{
    return (kgp_brain){.think = engine_think, .event = NULL, .ctx = e};
}
