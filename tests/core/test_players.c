/* The evaluation functions, levels and players of kalah_search.h on
 * hand-computed examples, and the node-by-node visit of a search. No
 * expected value here was taken from a run of the code under test: each
 * comes from a hand computation in a comment, or from docs/search.md. */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_search.h"
#include "move_check.h"

#include <stdio.h>
#include <string.h>

START_TEST(evaluation_by_hand)
{
    /* The start of Kalah(6,6): from every pit, 6 stones; pit i sows 6 - i
     * own pits and i - 1 of the opponent's: 5+3+1-1-3-5 = 0, D = 7. */
    kalah_rules r = rules_of("kalah-6-6");
    kalah_pos p = kalah_start(&r);
    for (int side = 0; side < 2; side++) {
        ck_assert_int_eq(kalah_activity(&r, &p, side), 7);
        ck_assert(kalah_eval(&r, &p, side, KALAH_E1) == 0);
        ck_assert(kalah_eval(&r, &p, side, KALAH_E2) == 0);
    }
    /* Equal f on both sides: only the tempo remains. */
    ck_assert_double_eq_tol(kalah_eval(&r, &p, KALAH_SOUTH, KALAH_E3), 1.72, 1e-12);
    ck_assert_double_eq_tol(kalah_eval(&r, &p, KALAH_NORTH, KALAH_E3), -1.72, 1e-12);

    /* Kalah(4,3), 24 stones, H = 13; south (store 5, pits 0,1,2,6) to move,
     * north store 6, pits 3,0,0,1. South's activity: pit 2 (1) to S3: +1;
     * pit 3 (2): S4, store: +1; pit 4 (6): store, N1..N4, S1: 1 - 4 = -3;
     * D = 7 - 1 = 6. North: pit 1 (3) to N2..N4: +3; pit 4 (1) to the
     * store: 0; D = 10. */
    p = pos_of("kalah-4-3:S:0,1,2,6/5:3,0,0,1/6", &r);
    ck_assert_int_eq(kalah_activity(&r, &p, KALAH_SOUTH), 6);
    ck_assert_int_eq(kalah_activity(&r, &p, KALAH_NORTH), 10);
    ck_assert(kalah_eval(&r, &p, KALAH_SOUTH, KALAH_E1) == -1);
    ck_assert(kalah_eval(&r, &p, KALAH_NORTH, KALAH_E1) == 1);
    ck_assert(kalah_eval(&r, &p, KALAH_SOUTH, KALAH_E2) == -100 + 9 - 4);
    ck_assert(kalah_eval(&r, &p, KALAH_NORTH, KALAH_E2) == 100 + 4 - 9);
    double fs = 5 + 17.3 / (13 - 5) - 40.0 / 6, fn = 6 + 17.3 / (13 - 6) - 40.0 / 10;
    ck_assert_double_eq_tol(kalah_eval(&r, &p, KALAH_SOUTH, KALAH_E3), fs - fn + 1.72, 1e-9);
    ck_assert_double_eq_tol(kalah_eval(&r, &p, KALAH_NORTH, KALAH_E3), fn - fs - 1.72, 1e-9);
    /* Not finished: kalah_value is the heuristic. */
    ck_assert(kalah_value(&r, &p, KALAH_SOUTH, KALAH_E2) == -95);

    /* H - K kept at 1: south's store 14 > H = 13. South: pit 1 (1) to S2,
     * D = 8. North (to move): pit 1 (2): +2, pit 2 (3): N3, N4, store: +2,
     * pit 3 (1): +1; D = 12. */
    p = pos_of("kalah-4-3:N:1,0,0,0/14:2,3,1,0/3", &r);
    ck_assert_int_eq(kalah_activity(&r, &p, KALAH_SOUTH), 8);
    ck_assert_int_eq(kalah_activity(&r, &p, KALAH_NORTH), 12);
    fs = 14 + 17.3 / 1 - 40.0 / 8;
    fn = 3 + 17.3 / (13 - 3) - 40.0 / 12;
    ck_assert_double_eq_tol(kalah_eval(&r, &p, KALAH_NORTH, KALAH_E3), fn - fs + 1.72, 1e-9);
    ck_assert_double_eq_tol(kalah_eval(&r, &p, KALAH_SOUTH, KALAH_E3), fs - fn - 1.72, 1e-9);

    /* D kept at 1: south's pit 5 (8): S6, store, N1..N6: 1 - 6 = -5; pit 6
     * (7): store, N1..N6: -6; 7 - 11 < 1. North's six 6s: 0, D = 7. */
    p = pos_of("kalah-6-6:S:0,0,0,0,8,7/10:6,6,6,6,6,6/11", &r);
    ck_assert_int_eq(kalah_activity(&r, &p, KALAH_SOUTH), 1);
    ck_assert_int_eq(kalah_activity(&r, &p, KALAH_NORTH), 7);
}
END_TEST

START_TEST(finished_games_are_worth_the_margin)
{
    kalah_rules r;
    /* South's side is empty: north adds its 6 stones; 14 - (4 + 6) = +4. */
    kalah_pos p = pos_of("kalah-4-3:S:0,0,0,0/14:1,2,3,0/4", &r);
    ck_assert(kalah_over(&r, &p));
    for (int e = KALAH_E1; e <= KALAH_E3; e++) {
        ck_assert(kalah_value(&r, &p, KALAH_SOUTH, (kalah_eval_id)e) == 4 * KALAH_TERMINAL);
        ck_assert(kalah_value(&r, &p, KALAH_NORTH, (kalah_eval_id)e) == -4 * KALAH_TERMINAL);
    }
    /* North to move, north ahead: 6 - (12 + 6) = -12. */
    p = pos_of("kalah-4-3:N:0,0,0,0/6:1,2,3,0/12", &r);
    ck_assert(kalah_value(&r, &p, KALAH_SOUTH, KALAH_E2) == -12 * KALAH_TERMINAL);
    ck_assert(kalah_value(&r, &p, KALAH_NORTH, KALAH_E3) == 12 * KALAH_TERMINAL);
    /* +decided: 13 of 24 in south's store ends the game, stones stay: 13 - 3. */
    p = pos_of("kalah-4-3+decided:N:1,1,1,1/13:1,1,1,1/3", &r);
    ck_assert(kalah_over(&r, &p));
    ck_assert(kalah_value(&r, &p, KALAH_NORTH, KALAH_E1) == -10 * KALAH_TERMINAL);
    /* Nothing to search in a finished game. */
    kalah_player pl = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = 3};
    kalah_result res;
    ck_assert_int_eq(kalah_search(&r, &p, &pl, NULL, &res, NULL), KALAH_OK);
    ck_assert_int_eq(res.move, 0);
    ck_assert_int_eq(res.count, 0);
    ck_assert_uint_eq(res.nodes, 1);
}
END_TEST

/* What a level or a player text must give; ANY: a field not checked. */
enum { ANY = -1 };
typedef struct player_row {
    const char *text;
    int coef;
    int algo, eval, depth, playouts;
    long nodes;
} player_row;

static void expect_player(const player_row *w, const kalah_player *pl)
{
    ck_assert_msg(pl->algo == (kalah_algo)w->algo, "%s: algo %d", w->text, (int)pl->algo);
    ck_assert_msg(w->eval == ANY || pl->eval == (kalah_eval_id)w->eval, "%s: eval %d", w->text,
                  (int)pl->eval);
    ck_assert_msg(w->depth == ANY || pl->depth == w->depth, "%s: depth %d", w->text, pl->depth);
    ck_assert_msg(w->playouts == ANY || pl->playouts == w->playouts, "%s: playouts %d", w->text,
                  pl->playouts);
    ck_assert_msg(w->nodes == ANY || pl->nodes == (uint64_t)w->nodes, "%s: nodes", w->text);
}

/* The levels of docs/search.md. */
static const player_row level_rows[] = {
    /* Depths 2, 4, 6, 8 at the coefficient 2 and 3, 6, 9, 12 at 3. */
    {"easy", 2, KALAH_ALPHABETA, KALAH_E1, 2, ANY, ANY},
    {"medium", 2, KALAH_ALPHABETA, KALAH_E1, 4, ANY, ANY},
    {"hard", 2, KALAH_ALPHABETA, KALAH_E1, 6, ANY, ANY},
    {"veryhard", 2, KALAH_ALPHABETA, KALAH_E1, 8, ANY, ANY},
    {"easy", 3, KALAH_ALPHABETA, KALAH_E1, 3, ANY, ANY},
    {"medium", 3, KALAH_ALPHABETA, KALAH_E1, 6, ANY, ANY},
    {"hard", 3, KALAH_ALPHABETA, KALAH_E1, 9, ANY, ANY},
    {"veryhard", 3, KALAH_ALPHABETA, KALAH_E1, 12, ANY, ANY},
    {"veryhard", 0, KALAH_ALPHABETA, ANY, 8, ANY, ANY}, /* coef 0: 2 */
    {"level1", 2, KALAH_MINIMAX, KALAH_E1, 2, ANY, ANY},
    {"level2", 2, KALAH_NEGAMAX, KALAH_E2, 4, ANY, ANY},
    {"level3", 2, KALAH_ALPHABETA, KALAH_E2, 8, ANY, ANY},
    {"mcts", 2, KALAH_MCTS, ANY, ANY, 2000, ANY},
    {"strong", 2, KALAH_EXACT, ANY, ANY, ANY, 1000000},
    {"first", 2, KALAH_FIRST, ANY, ANY, ANY, ANY},
    {"last", 2, KALAH_LAST, ANY, ANY, ANY, ANY},
    {"random", 2, KALAH_RANDOM, ANY, ANY, ANY, ANY},
    /* The MK-61 program's search: minimax, E1, depth 1..3. */
    {"mk61-1", 2, KALAH_MINIMAX, KALAH_E1, 1, ANY, ANY},
    {"mk61-2", 2, KALAH_MINIMAX, KALAH_E1, 2, ANY, ANY},
    {"mk61-3", 2, KALAH_MINIMAX, KALAH_E1, 3, ANY, ANY},
};

START_TEST(levels)
{
    kalah_player pl;
    for (size_t k = 0; k < sizeof level_rows / sizeof level_rows[0]; k++) {
        ck_assert_int_eq(kalah_level(level_rows[k].text, level_rows[k].coef, &pl, NULL), KALAH_OK);
        expect_player(&level_rows[k], &pl);
    }
    int n = 0;
    for (; kalah_level_names[n]; n++)
        ck_assert_int_eq(kalah_level(kalah_level_names[n], 2, &pl, NULL), KALAH_OK);
    ck_assert_int_eq(n, 18);
    /* Every level that kalah_level takes is listed (the helps are written
     * from the list): the named families, each member. */
    const char *const families[] = {"mk61-%d", "mk61ab-%d"};
    for (size_t f = 0; f < 2; f++)
        for (int d = 1; d <= 3; d++) {
            char name[16];
            snprintf(name, sizeof name, families[f], d);
            bool listed = false;
            for (int k = 0; kalah_level_names[k]; k++)
                listed = listed || strcmp(kalah_level_names[k], name) == 0;
            ck_assert_msg(listed, "%s works but is not in kalah_level_names", name);
        }
    /* An algorithm's name alone is a player, with its defaults. */
    for (int k = 0; kalah_algo_names[k]; k++) {
        ck_assert_msg(kalah_player_parse(kalah_algo_names[k], 2, &pl, NULL) == KALAH_OK, "%s",
                      kalah_algo_names[k]);
        ck_assert_int_eq((int)pl.algo, k);
    }
    kalah_error err;
    const char *const bad[] = {"mk61-4", "impossible", ""};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(kalah_level(bad[k], 2, &pl, &err) != KALAH_OK, "%s", bad[k]);
}
END_TEST

/* Player texts, ALGO[:EVAL][:DEPTH] or a level (docs/search.md). */
static const player_row player_rows[] = {
    {"alphabeta:e3:6", 2, KALAH_ALPHABETA, KALAH_E3, 6, ANY, ANY},
    {"mcts:500", 2, KALAH_MCTS, ANY, ANY, 500, ANY},
    {"minimax:e1:4", 2, KALAH_MINIMAX, KALAH_E1, 4, ANY, ANY},
    /* The defaults: E2, depth 4. */
    {"negamax:8", 2, KALAH_NEGAMAX, KALAH_E2, 8, ANY, ANY},
    {"alphabeta:e1", 2, KALAH_ALPHABETA, KALAH_E1, 4, ANY, ANY},
    {"hard", 3, KALAH_ALPHABETA, ANY, 9, ANY, ANY}, /* a level */
};

/* Texts that do not parse, and the column of the mistake. */
static const struct {
    const char *text;
    int column;
} bad_players[] = {{"alphabeta:e4", 11},
                   {"foo:3", 1},
                   {"minimax:e1:x", 12},
                   {"mcts:abc", 6},
                   {"negamax::4", 9}};

START_TEST(player_text)
{
    kalah_player pl;
    kalah_error err;
    for (size_t k = 0; k < sizeof player_rows / sizeof player_rows[0]; k++) {
        ck_assert_int_eq(kalah_player_parse(player_rows[k].text, player_rows[k].coef, &pl, &err),
                         KALAH_OK);
        expect_player(&player_rows[k], &pl);
    }
    char buf[64];
    kalah_player_parse("alphabeta:e2:8", 2, &pl, &err);
    kalah_player_format(&pl, buf, sizeof buf);
    ck_assert_str_eq(buf, "alphabeta e2 depth 8");

    for (size_t k = 0; k < sizeof bad_players / sizeof bad_players[0]; k++) {
        err.pos = -1;
        ck_assert_msg(kalah_player_parse(bad_players[k].text, 2, &pl, &err) == KALAH_ESYNTAX,
                      "%s", bad_players[k].text);
        ck_assert_msg(err.pos == bad_players[k].column, "%s: column %d, expected %d",
                      bad_players[k].text, err.pos, bad_players[k].column);
    }
    ck_assert_int_eq(kalah_player_parse("alphabeta:0", 2, &pl, &err), KALAH_EINVAL);
    ck_assert_int_ne(kalah_player_parse("nosuchlevel", 2, &pl, &err), KALAH_OK);
    /* Searches refuse a depth out of range. */
    kalah_rules r = rules_of("kalah-6-4");
    kalah_pos p = kalah_start(&r);
    kalah_result res;
    kalah_player zero = {.algo = KALAH_ALPHABETA, .eval = KALAH_E1, .depth = 0};
    ck_assert_int_eq(kalah_search(&r, &p, &zero, NULL, &res, &err), KALAH_EINVAL);
}
END_TEST

START_TEST(simple_players)
{
    kalah_rules r;
    /* South to move, pits 2, 4 and 5 hold stones. */
    kalah_pos p = pos_of("kalah-6-4:S:0,3,0,5,2,0/4:4,4,4,4,4,4/10", &r);
    /* North to move, north's pits 1 and 3. */
    kalah_pos q = pos_of("kalah-6-4:N:4,4,4,4,4,4/5:2,0,7,0,0,0/10", &r);
    const struct {
        const kalah_pos *pos;
        int first, last, legal_mask;
    } rows[] = {{&p, 2, 5, 1 << 2 | 1 << 4 | 1 << 5}, {&q, 1, 3, 1 << 1 | 1 << 3}};
    kalah_rng g = kalah_rng_seed(5);
    kalah_result res;
    for (int i = 0; i < 2; i++) {
        kalah_player first = {.algo = KALAH_FIRST}, last = {.algo = KALAH_LAST},
                     rnd = {.algo = KALAH_RANDOM};
        ck_assert_int_eq(kalah_search(&r, rows[i].pos, &first, NULL, &res, NULL), KALAH_OK);
        ck_assert_int_eq(res.move, rows[i].first);
        ck_assert_int_eq(kalah_search(&r, rows[i].pos, &last, NULL, &res, NULL), KALAH_OK);
        ck_assert_int_eq(res.move, rows[i].last);
        int seen = 0;
        for (int k = 0; k < 300; k++) {
            ck_assert_int_eq(kalah_search(&r, rows[i].pos, &rnd, &g, &res, NULL), KALAH_OK);
            ck_assert_msg(rows[i].legal_mask >> res.move & 1, "random played pit %d", res.move);
            seen |= 1 << res.move;
        }
        ck_assert_int_eq(seen, rows[i].legal_mask); /* and every legal pit */
        ck_assert_int_eq(kalah_search(&r, rows[i].pos, &rnd, NULL, &res, NULL), KALAH_EINVAL);
    }
}
END_TEST

/* kalah_search_visit: every node the search counts is visited once, after
 * its children, the root last; each node's position is its path played
 * from the root; minimax's values are the search's own (an inner node's
 * value the best of its children's for its mover, the root's the result). */
typedef struct visits {
    const kalah_rules *r;
    kalah_pos root;
    long n;
    int last_ply;
    double root_value;
    double kids[KALAH_MAX_PITS + 1][KALAH_MAX_PITS]; /* values of each level's children */
    int nkids[KALAH_MAX_PITS + 1];
    bool check_values;
} visits;

static void on_node(void *ctx, const kalah_node *n)
{
    visits *v = ctx;
    v->n++;
    kalah_pos p = v->root;
    for (int k = 0; k < n->ply; k++) {
        ck_assert_int_eq(p.to_move, n->movers[k]);
        ck_assert_int_eq(kalah_play(v->r, &p, n->path[k], NULL, NULL), KALAH_OK);
    }
    ck_assert_int_eq(memcmp(&p, n->pos, sizeof p), 0);
    /* Post-order: a node one level up comes only after its children. */
    ck_assert_int_ge(n->ply, v->last_ply - 1);
    if (v->check_values && !n->leaf) {
        ck_assert_int_gt(v->nkids[n->ply + 1], 0);
        bool max = n->pos->to_move == v->root.to_move;
        double best = v->kids[n->ply + 1][0];
        for (int k = 1; k < v->nkids[n->ply + 1]; k++)
            if (max ? v->kids[n->ply + 1][k] > best : v->kids[n->ply + 1][k] < best)
                best = v->kids[n->ply + 1][k];
        ck_assert(best == n->value);
    }
    v->nkids[n->ply + 1] = 0;
    v->kids[n->ply][v->nkids[n->ply]++] = n->value;
    v->last_ply = n->ply;
    v->root_value = n->value;
}

START_TEST(searches_can_be_visited_node_by_node)
{
    kalah_rules r;
    const char *const positions[] = {"kalah-6-4", "kalah-6-3:N:3,0,4,4,4,3/0:3,3,3,3,3,3/0",
                                     "kalah-6-4:S:0,3,0,5,2,0/4:4,4,4,4,4,4/10"};
    const kalah_algo algos[] = {KALAH_MINIMAX, KALAH_ALPHABETA, KALAH_ALPHABETA003};
    for (int i = 0; i < 3; i++)
        for (int a = 0; a < 3; a++)
            for (int d = 1; d <= 4; d++) {
                kalah_pos p = pos_of(positions[i], &r);
                visits v = {.r = &r, .root = p, .check_values = algos[a] == KALAH_MINIMAX};
                kalah_player pl = {.algo = algos[a], .eval = KALAH_E1, .depth = d};
                kalah_result res, plain;
                ck_assert_int_eq(kalah_search_visit(&r, &p, &pl, on_node, &v, &res, NULL),
                                 KALAH_OK);
                ck_assert_int_eq(kalah_search(&r, &p, &pl, NULL, &plain, NULL), KALAH_OK);
                ck_assert_int_eq(v.n, (long)plain.nodes);
                ck_assert_int_eq(res.move, plain.move);
                ck_assert_int_eq(v.last_ply, 0);
                if (algos[a] == KALAH_MINIMAX)
                    ck_assert(v.root_value == plain.value);
            }
    kalah_pos p = pos_of("kalah-6-4", &r);
    kalah_player mcts = {.algo = KALAH_MCTS, .playouts = 10};
    kalah_result res;
    visits v = {.r = &r, .root = p};
    ck_assert_int_eq(kalah_search_visit(&r, &p, &mcts, on_node, &v, &res, NULL), KALAH_EINVAL);
}
END_TEST

Suite *players_suite(void)
{
    Suite *s = suite_create("players");
    TCase *units = tcase_create("units");
    tcase_set_timeout(units, 60);
    tcase_add_test(units, evaluation_by_hand);
    tcase_add_test(units, finished_games_are_worth_the_margin);
    tcase_add_test(units, levels);
    tcase_add_test(units, player_text);
    tcase_add_test(units, simple_players);
    tcase_add_test(units, searches_can_be_visited_node_by_node);
    suite_add_tcase(s, units);
    return s;
}
