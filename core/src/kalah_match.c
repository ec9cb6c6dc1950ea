/* Whole games between two players, and random openings for matches. */
#include "kalah_internal.h"
#include "kalah_search.h"

kalah_pos kalah_random_opening(const kalah_rules *r, int plies, kalah_rng *rng)
{
    kalah_pos p = kalah_start(r);
    int moves[KALAH_MAX_PITS], n;
    for (int k = 0; k < plies && (n = kalah_moves(r, &p, moves)) > 0; k++)
        kalah_apply(r, &p, moves[kalah_rng_below(rng, n)] - 1, NULL);
    return p;
}

kalah_status kalah_play_game(const kalah_rules *r, const kalah_pos *start,
                             const kalah_player player[2], kalah_rng *rng,
                             kalah_outcome *out, kalah_error *err)
{
    kalah_pos p = *start;
    kalah_outcome o = {0};
    while (!kalah_over(r, &p)) {
        kalah_result res;
        int side = p.to_move;
        kalah_status st = kalah_search(r, &p, &player[side], rng, &res, err);
        if (st != KALAH_OK)
            return st;
        o.nodes[side] += res.nodes;
        kalah_apply(r, &p, res.move - 1, NULL);
        o.moves++;
        o.side_moves[side]++;
    }
    o.margin = kalah_margin(r, &p);
    *out = o;
    return KALAH_OK;
}
