/* The solver's move generator (core/src/kalah_solve_move.h) against the
 * rules' definition, kalah_play (kalah_apply): every legal move of every
 * position of long random games, on random boards of every rule set the
 * solver serves (standard with each capture, end and "decided" option, and
 * relay Kalah), from the start and from random placements. The default
 * size takes a few seconds; KALAH61_MOVEGEN_POSITIONS sets another count
 * (e.g. 20000000 for a long run). */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_search.h"
#include "kalah_solve.h"
#include "kalah_solve_move.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DEFAULT_POSITIONS = 1000000 };

/* Random rules the solver takes: rule set `kind` (0..7 the standard
 * options as bits, 8 relay), a board of at most KALAH_SOLVE_MAX_TOTAL. */
static kalah_rules random_rules(kalah_rng *g, int kind)
{
    int pits = 1 + kalah_rng_below(g, KALAH_MAX_PITS);
    int most = KALAH_SOLVE_MAX_TOTAL / (2 * pits);
    if (most > KALAH_MAX_STONES)
        most = KALAH_MAX_STONES;
    int stones = 1 + kalah_rng_below(g, most);
    if (kind == 8)
        return kalah_rules_relay(pits, stones);
    kalah_rules r = kalah_rules_default();
    r.pits = pits;
    r.stones = stones;
    r.empty_capture = kind & 1;
    r.end = kind & 2 ? KALAH_END_MOVER_EMPTY : KALAH_END_EITHER_EMPTY;
    r.stop_when_decided = kind & 4;
    return r;
}

/* The rules' stones, scattered at random over pits and stores (heaps that
 * go round the board several times included). */
static kalah_pos random_placement(const kalah_rules *r, kalah_rng *g)
{
    kalah_pos p;
    memset(&p, 0, sizeof p);
    const int total = kalah_rules_total(r);
    const int heap = kalah_rng_below(g, 2 * r->pits); /* a pit that gets more */
    for (int k = 0; k < total; k++) {
        int c = kalah_rng_below(g, 4) == 0 ? heap : kalah_rng_below(g, 2 * r->pits + 2);
        if (c < 2 * r->pits)
            p.pit[c / r->pits][c % r->pits]++;
        else
            p.store[c - 2 * r->pits]++;
    }
    p.to_move = (uint16_t)kalah_rng_below(g, 2);
    return p;
}

/* Every legal move of p by both; returns how many. */
static int compare_moves(const kalah_rules *r, const kalah_pos *p)
{
    char text[KALAH_TEXT_MAX];
    kalah_rel rp;
    kalah_rel_of(r, p, &rp);
    int moves[KALAH_MAX_PITS];
    const int n = kalah_moves(r, p, moves);
    for (int k = 0; k < n; k++) {
        kalah_pos q = *p;
        kalah_move_info mi;
        kalah_error err;
        CHECK(kalah_play(r, &q, moves[k], &mi, &err) == KALAH_OK, "%s", err.message);
        kalah_rel want, got;
        kalah_rel_info ri;
        kalah_rel_of(r, &q, &want);
        kalah_rel_move(r, &rp, moves[k] - 1, &got, &ri);
        const int me = p->to_move;
        const int gain = (q.store[me] - q.store[me ^ 1]) - (p->store[me] - p->store[me ^ 1]);
        const int in_play = kalah_side_stones(r, &q, 0) + kalah_side_stones(r, &q, 1);
        bool same = memcmp(want.a, got.a, 2 * (size_t)r->pits) == 0 &&
                    want.store[0] == got.store[0] && want.store[1] == got.store[1] &&
                    want.side[0] == got.side[0] && want.side[1] == got.side[1] &&
                    ri.same == (q.to_move == me) && ri.ended == mi.ended &&
                    ri.captured == mi.captured && ri.gain == gain && ri.in_play == in_play;
        if (!same) {
            kalah_pos_format(r, p, text, sizeof text);
            ck_abort_msg("%s, pit %d: the generator gives gain %d, in play %d, captured %d, "
                         "same %d, ended %d; kalah_play %d, %d, %d, %d, %d (or the pits differ)",
                         text, moves[k], ri.gain, ri.in_play, ri.captured, ri.same, ri.ended,
                         gain, in_play, mi.captured, q.to_move == me, mi.ended);
        }
    }
    return n;
}

START_TEST(generator_matches_kalah_play)
{
    long positions = DEFAULT_POSITIONS;
    const char *env = getenv("KALAH61_MOVEGEN_POSITIONS");
    if (env && atol(env) > 0)
        positions = atol(env);
    kalah_rng g = kalah_rng_seed(23);
    long seen[9] = {0}, moves = 0, laps = 0;
    for (long done = 0; done < positions;) {
        const int kind = (int)(done / 1000 % 9); /* the rule sets in turn */
        kalah_rules r = random_rules(&g, kind);
        kalah_pos p = kalah_rng_below(&g, 2) ? kalah_start(&r) : random_placement(&r, &g);
        while (!kalah_over(&r, &p) && done < positions) {
            moves += compare_moves(&r, &p);
            for (int i = 0; i < r.pits; i++)
                laps += p.pit[p.to_move][i] >= 2 * r.pits + 1;
            seen[kind]++;
            done++;
            int legal[KALAH_MAX_PITS];
            int n = kalah_moves(&r, &p, legal);
            kalah_apply(&r, &p, legal[kalah_rng_below(&g, n)] - 1, NULL);
        }
    }
    /* Every rule set had its share, and sowings went round the board. */
    for (int k = 0; k < 9; k++)
        CHECK(seen[k] > positions / 20, "rule set %d: only %ld positions", k, seen[k]);
    CHECK(laps > 0, "no sowing went round the board");
    CHECK(moves > positions, "only %ld moves in %ld positions", moves, positions);
}
END_TEST

Suite *solve_move_suite(void)
{
    Suite *s = suite_create("solve_move");
    TCase *tc = tcase_create("generator");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, generator_matches_kalah_play);
    suite_add_tcase(s, tc);
    return s;
}
