/* The search algorithms of kalah_search.h against each other, against a
 * brute-force negamax and an exact solver written here, and against the game
 * values of ../shared/reference/kalah.md; MCTS on positions worked out by
 * hand, and a match against the random player (the evaluation functions,
 * levels and players are in test_players.c). No expected value here was
 * taken from a run of the code under test: each one comes from the
 * independent code of this file, from the reference or from a hand
 * computation in a comment. */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_search.h"
#include "move_check.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------- */

static void play_ok(const kalah_rules *r, kalah_pos *p, int pit)
{
    CHECK(kalah_play(r, p, pit, NULL, NULL) == KALAH_OK, "%s: pit %d refused", solve_show(r, p),
          pit);
}

/* A position after 0..max_plies uniformly random legal moves from the start
 * (it may be finished). */
static kalah_pos random_pos(const kalah_rules *r, kalah_rng *g, int min_plies, int max_plies)
{
    kalah_pos p = kalah_start(r);
    int plies = min_plies + kalah_rng_below(g, max_plies - min_plies + 1);
    int moves[KALAH_MAX_PITS], n;
    for (int k = 0; k < plies && (n = kalah_moves(r, &p, moves)) > 0; k++)
        play_ok(r, &p, moves[kalah_rng_below(g, n)]);
    return p;
}

static kalah_result run(const kalah_rules *r, const kalah_pos *p, kalah_algo algo, kalah_eval_id e,
                        int depth, bool analyze)
{
    kalah_player pl = {.algo = algo, .eval = e, .depth = depth};
    kalah_result res;
    kalah_error err;
    kalah_status st = analyze ? kalah_analyze(r, p, &pl, NULL, &res, &err)
                              : kalah_search(r, p, &pl, NULL, &res, &err);
    CHECK(st == KALAH_OK, "%s", err.message);
    return res;
}

static const char *const algo_names[] = {"minimax", "negamax", "alphabeta"};

static const char *const rule_sets[] = {"kalah-6-6", "kalah-6-4+empty", "kalah-4-3+mover",
                                        "kalah-6-3+decided", "relay-6-3"};
enum { N_RULE_SETS = sizeof rule_sets / sizeof rule_sets[0] };

/* ---- brute force: plain negamax over kalah_moves / kalah_play ------------ */

typedef struct brute {
    const kalah_rules *r;
    kalah_eval_id e;
    uint64_t nodes; /* positions generated, the root included */
} brute;

/* The depth-limited value of p for its side to move: leaves (depth 0 or a
 * finished game) are scored by kalah_value; an extra turn keeps the sign. */
static double brute_value(brute *b, const kalah_pos *p, int depth)
{
    b->nodes++;
    if (depth == 0 || kalah_over(b->r, p))
        return kalah_value(b->r, p, p->to_move, b->e);
    int moves[KALAH_MAX_PITS], n = kalah_moves(b->r, p, moves);
    double best = -INFINITY;
    for (int k = 0; k < n; k++) {
        kalah_pos c = *p;
        play_ok(b->r, &c, moves[k]);
        double v = brute_value(b, &c, depth - 1);
        if (c.to_move != p->to_move)
            v = -v;
        if (v > best)
            best = v;
    }
    return best;
}

/* What a correct depth-limited search must answer, by the conventions of
 * docs/search.md: every root move's value, the best move (the lowest pit
 * among equals) and the positions generated, the root included. */
static kalah_result brute_search(const kalah_rules *r, const kalah_pos *p, kalah_eval_id e,
                                 int depth)
{
    kalah_result out;
    memset(&out, 0, sizeof out);
    brute b = {.r = r, .e = e, .nodes = 1};
    out.count = kalah_moves(r, p, out.moves);
    double best = -INFINITY;
    for (int k = 0; k < out.count; k++) {
        kalah_pos c = *p;
        play_ok(r, &c, out.moves[k]);
        double v = brute_value(&b, &c, depth - 1);
        out.values[k] = c.to_move == p->to_move ? v : -v;
        if (out.values[k] > best) {
            best = out.values[k];
            out.move = out.moves[k];
            out.value = best;
        }
    }
    out.nodes = b.nodes;
    return out;
}

/* ---- exact solver ---------------------------------------------------------- */

/* The value of a position under perfect play is the final margin for the
 * side to move. A position is solved as its "gain": that margin minus the
 * current store difference (mover's minus opponent's). Stones never leave a
 * store, so unless the rules look at the stores (+decided, relay) the gain
 * depends only on the pits seen from the mover, and the table is keyed by
 * those alone; otherwise by the pits and the stores. Kalah has no cycles: a
 * move that adds nothing to the mover's store keeps its stones on the
 * mover's side and moves them towards the store, so plain recursion ends.
 * The solver also finds the longest possible rest of the game, in moves. */
typedef struct entry {
    uint64_t pits;   /* 5 bits a pit, the mover's then the opponent's */
    uint16_t stores; /* 0x8000 (used) | stores when keyed by them */
    int16_t gain;
    uint16_t length;
} entry;

typedef struct solver {
    const kalah_rules *r;
    bool by_stores;
    entry *table;
    size_t cap, used; /* cap a power of two */
} solver;

static solver solver_new(const kalah_rules *r)
{
    ck_assert(r->pits <= 6 && kalah_rules_total(r) <= 31); /* 12 pits of 5 bits */
    solver s = {
        .r = r, .by_stores = r->stop_when_decided || r->variant == KALAH_RELAY, .cap = 1u << 12};
    s.table = calloc(s.cap, sizeof *s.table);
    ck_assert_ptr_nonnull(s.table);
    return s;
}

static void solver_free(solver *s)
{
    free(s->table);
}

static entry key_of(const solver *s, const kalah_pos *p)
{
    int me = p->to_move;
    entry k = {.stores = 0x8000};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < s->r->pits; i++)
            k.pits = k.pits << 5 | p->pit[me ^ side][i];
    if (s->by_stores)
        k.stores = (uint16_t)(0x8000 | p->store[me] << 5 | p->store[me ^ 1]);
    return k;
}

static entry *slot_of(const solver *s, const entry *k)
{
    uint64_t h = (k->pits ^ (uint64_t)k->stores << 48) * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 20) & (s->cap - 1);
    while (s->table[i].stores && (s->table[i].pits != k->pits || s->table[i].stores != k->stores))
        i = (i + 1) & (s->cap - 1);
    return &s->table[i];
}

static void solver_grow(solver *s)
{
    solver t = *s;
    t.cap *= 2;
    t.table = calloc(t.cap, sizeof *t.table);
    ck_assert_ptr_nonnull(t.table);
    for (size_t i = 0; i < s->cap; i++)
        if (s->table[i].stores)
            *slot_of(&t, &s->table[i]) = s->table[i];
    free(s->table);
    *s = t;
}

static int store_diff(const kalah_pos *p, int side)
{
    return p->store[side] - p->store[side ^ 1];
}

static int solve_gain(solver *s, const kalah_pos *p, int *length)
{
    const int me = p->to_move;
    if (kalah_over(s->r, p)) {
        int m = kalah_margin(s->r, p);
        *length = 0;
        return (me == KALAH_SOUTH ? m : -m) - store_diff(p, me);
    }
    entry k = key_of(s, p);
    const entry *hit = slot_of(s, &k);
    if (hit->stores) {
        *length = hit->length;
        return hit->gain;
    }
    int moves[KALAH_MAX_PITS], n = kalah_moves(s->r, p, moves), best = INT_MIN, longest = 0;
    for (int i = 0; i < n; i++) {
        kalah_pos c = *p;
        play_ok(s->r, &c, moves[i]);
        int len, g = solve_gain(s, &c, &len);
        int v = store_diff(&c, me) - store_diff(p, me) + (c.to_move == me ? g : -g);
        best = v > best ? v : best;
        longest = len + 1 > longest ? len + 1 : longest;
    }
    if (2 * (s->used + 1) > s->cap)
        solver_grow(s);
    k.gain = (int16_t)best;
    k.length = (uint16_t)longest;
    *slot_of(s, &k) = k;
    s->used++;
    *length = longest;
    return best;
}

/* The final margin for p's side to move under perfect play. */
static int exact(solver *s, const kalah_pos *p, int *length)
{
    int len;
    int v = store_diff(p, p->to_move) + solve_gain(s, p, &len);
    if (length)
        *length = len;
    return v;
}

/* The exact value of playing pit in p, for p's side to move. */
static int exact_after(solver *s, const kalah_pos *p, int pit)
{
    kalah_pos c = *p;
    play_ok(s->r, &c, pit);
    int v = exact(s, &c, NULL);
    return c.to_move == p->to_move ? v : -v;
}

/* ---- 1. the algorithms agree with each other --------------------------------- */

/* Minimax, negamax and alpha-beta (searched and analysed) on one position. */
static void check_agree(const kalah_rules *r, const kalah_pos *p, kalah_eval_id e, int depth)
{
    kalah_result mm = run(r, p, KALAH_MINIMAX, e, depth, false);
    kalah_result ng = run(r, p, KALAH_NEGAMAX, e, depth, false);
    kalah_result ab = run(r, p, KALAH_ALPHABETA, e, depth, false);
    kalah_result an = run(r, p, KALAH_ALPHABETA, e, depth, true);
    const kalah_result *all[] = {&ng, &ab, &an};
    const char *names[] = {"negamax", "alphabeta", "alphabeta analyze"};
    for (int a = 0; a < 3; a++) {
        CHECK(all[a]->count == mm.count && all[a]->move == mm.move && all[a]->value == mm.value,
              "%s E%d depth %d: %s says pit %d (%.17g), minimax pit %d (%.17g)", solve_show(r, p),
              e + 1, depth, names[a], all[a]->move, all[a]->value, mm.move, mm.value);
    }
    CHECK(ng.nodes == mm.nodes, "%s: nodes %llu vs %llu", solve_show(r, p),
          (unsigned long long)ng.nodes, (unsigned long long)mm.nodes);
    CHECK(ab.nodes <= mm.nodes && an.nodes <= mm.nodes,
          "%s E%d depth %d: alpha-beta %llu/%llu nodes, minimax %llu", solve_show(r, p), e + 1,
          depth, (unsigned long long)ab.nodes, (unsigned long long)an.nodes,
          (unsigned long long)mm.nodes);
    for (int k = 0; k < mm.count; k++) {
        CHECK(ng.values[k] == mm.values[k] && an.values[k] == mm.values[k],
              "%s E%d depth %d pit %d: minimax %.17g negamax %.17g analyze %.17g", solve_show(r, p),
              e + 1, depth, mm.moves[k], mm.values[k], ng.values[k], an.values[k]);
        /* Alpha-beta's value of a move that cannot beat the best so far is an
         * upper bound of its exact value that does not exceed the best. */
        CHECK(ab.values[k] >= mm.values[k] && ab.values[k] <= ab.value,
              "%s E%d depth %d pit %d: alpha-beta bound %.17g, exact %.17g, best %.17g",
              solve_show(r, p), e + 1, depth, mm.moves[k], ab.values[k], mm.values[k], ab.value);
    }
}

START_TEST(algorithms_agree)
{
    kalah_rng g = kalah_rng_seed(61);
    for (int rs = 0; rs < N_RULE_SETS; rs++) {
        kalah_rules r = rules_of(rule_sets[rs]);
        for (int n = 0; n < 1000;) {
            kalah_pos p = random_pos(&r, &g, 0, 50);
            if (kalah_over(&r, &p)) {
                kalah_result res = run(&r, &p, KALAH_ALPHABETA, KALAH_E2, 3, false);
                CHECK(res.move == 0 && res.count == 0, "%s: a move in a finished game",
                      solve_show(&r, &p));
                continue;
            }
            /* Depth 5 on every fifth position keeps the time reasonable. */
            for (int depth = 1; depth <= (n % 5 ? 4 : 5); depth++)
                for (int e = KALAH_E1; e <= KALAH_E3; e++)
                    check_agree(&r, &p, (kalah_eval_id)e, depth);
            n++;
        }
    }
}
END_TEST

/* ---- 2. ... and with brute force ------------------------------------------------ */

/* Every algorithm, searched and analysed, against brute force. */
static void check_brute(const kalah_rules *r, const kalah_pos *p, kalah_eval_id e, int depth)
{
    kalah_result want = brute_search(r, p, e, depth);
    for (int a = KALAH_MINIMAX; a <= KALAH_ALPHABETA; a++)
        for (int an = 0; an < 2; an++) {
            kalah_result got = run(r, p, (kalah_algo)a, e, depth, an);
            CHECK(got.move == want.move && got.value == want.value,
                  "%s E%d depth %d %s%s: pit %d (%.17g), brute force pit %d (%.17g)",
                  solve_show(r, p), e + 1, depth, algo_names[a], an ? " analyze" : "", got.move,
                  got.value, want.move, want.value);
            CHECK(got.count == want.count && !memcmp(got.moves, want.moves, sizeof got.moves),
                  "%s: the legal moves differ", solve_show(r, p));
            /* Exact values of every move: minimax and negamax always,
             * alpha-beta when analysing. */
            for (int k = 0; k < want.count && (a != KALAH_ALPHABETA || an); k++)
                CHECK(got.values[k] == want.values[k],
                      "%s E%d depth %d %s pit %d: %.17g, brute force %.17g", solve_show(r, p),
                      e + 1, depth, algo_names[a], want.moves[k], got.values[k], want.values[k]);
            /* Full-width searches generate every position. */
            CHECK(a == KALAH_ALPHABETA || got.nodes == want.nodes,
                  "%s depth %d %s: %llu nodes, brute force %llu", solve_show(r, p), depth,
                  algo_names[a], (unsigned long long)got.nodes, (unsigned long long)want.nodes);
        }
}

START_TEST(algorithms_match_brute_force)
{
    kalah_rng g = kalah_rng_seed(2024);
    for (int rs = 0; rs < N_RULE_SETS; rs++) {
        kalah_rules r = rules_of(rule_sets[rs]);
        for (int n = 0; n < 150;) {
            kalah_pos p = random_pos(&r, &g, 0, 50);
            if (kalah_over(&r, &p))
                continue;
            n++;
            for (int depth = 1; depth <= 3; depth++)
                for (int e = KALAH_E1; e <= KALAH_E3; e++)
                    check_brute(&r, &p, (kalah_eval_id)e, depth);
        }
    }
    /* Depth 1 generates the root and its children: 1 + 6 at the start. */
    kalah_rules r = rules_of("kalah-6-4");
    kalah_pos start = kalah_start(&r);
    ck_assert_uint_eq(run(&r, &start, KALAH_MINIMAX, KALAH_E1, 1, false).nodes, 7);
}
END_TEST

/* ---- 3. exact game values ------------------------------------------------------ */

START_TEST(solver_gives_the_reference_values)
{
    /* ../shared/reference/kalah.md, "Game values": the first player's margin
     * with the end rule "either side empty". */
    const struct {
        const char *rules;
        int value;
    } rows[] = {{"kalah-4-3", 6}, {"kalah-4-3+empty", 8}, {"kalah-5-2", 2}, {"kalah-5-2+empty", 0}};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        kalah_rules r = rules_of(rows[k].rules);
        kalah_pos start = kalah_start(&r);
        solver s = solver_new(&r);
        int v = exact(&s, &start, NULL);
        CHECK(v == rows[k].value, "%s: solved %+d, reference %+d", rows[k].rules, v, rows[k].value);
        solver_free(&s);
    }
}
END_TEST

/* A search deep enough to reach every end of the game is exact. */
static void check_exact_search(solver *s, const kalah_pos *p, kalah_algo algo, kalah_eval_id e,
                               int depth)
{
    const kalah_rules *r = s->r;
    int best = exact(s, p, NULL);
    kalah_result res = run(r, p, algo, e, depth, false);
    CHECK(res.value == best * KALAH_TERMINAL, "%s %s E%d depth %d: %.17g, exact margin %+d",
          solve_show(r, p), algo_names[algo], e + 1, depth, res.value, best);
    CHECK(exact_after(s, p, res.move) == best, "%s: pit %d is not the best", solve_show(r, p),
          res.move);
    kalah_result an = run(r, p, algo, e, depth, true);
    CHECK(an.move == res.move, "%s: analyze plays %d, search %d", solve_show(r, p), an.move,
          res.move);
    for (int k = 0; k < an.count; k++)
        CHECK(an.values[k] == exact_after(s, p, an.moves[k]) * KALAH_TERMINAL,
              "%s %s depth %d pit %d: %.17g, exact %+d", solve_show(r, p), algo_names[algo], depth,
              an.moves[k], an.values[k], exact_after(s, p, an.moves[k]));
}

START_TEST(deep_search_is_exact_on_tiny_boards)
{
    const char *boards[] = {"kalah-3-2",       "kalah-4-2",       "kalah-3-3",
                            "kalah-3-2+empty", "kalah-3-2+mover", "relay-3-2"};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        kalah_rules r = rules_of(boards[b]);
        kalah_pos start = kalah_start(&r);
        solver s = solver_new(&r);
        int longest;
        exact(&s, &start, &longest);
        ck_assert_msg(longest >= 1 && longest <= 64, "%s: longest game %d", boards[b], longest);
        for (int e = KALAH_E1; e <= KALAH_E3; e++)
            check_exact_search(&s, &start, KALAH_ALPHABETA, (kalah_eval_id)e, longest);
        /* Full minimax is affordable on the smallest board only. */
        if (r.pits == 3 && r.stones == 2) {
            check_exact_search(&s, &start, KALAH_MINIMAX, KALAH_E1, longest);
            check_exact_search(&s, &start, KALAH_NEGAMAX, KALAH_E3, longest);
        }
        solver_free(&s);
    }
}
END_TEST

/* Random play from the start until at most left stones remain in the pits
 * (or the game ends). */
static kalah_pos random_late(const kalah_rules *r, kalah_rng *g, int left)
{
    kalah_pos p = kalah_start(r);
    int moves[KALAH_MAX_PITS], n;
    while (kalah_side_stones(r, &p, 0) + kalah_side_stones(r, &p, 1) > left &&
           (n = kalah_moves(r, &p, moves)) > 0)
        play_ok(r, &p, moves[kalah_rng_below(g, n)]);
    return p;
}

/* Random positions late in games of every end rule, searched to the end. */
START_TEST(deep_search_is_exact_near_the_end)
{
    const char *boards[] = {"kalah-4-3",         "kalah-4-3+empty", "kalah-4-3+mover",
                            "kalah-4-3+decided", "relay-4-3",       "kalah-6-2+empty+mover"};
    kalah_rng g = kalah_rng_seed(7);
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        kalah_rules r = rules_of(boards[b]);
        solver s = solver_new(&r);
        int checked = 0;
        for (int i = 0; i < 400 && checked < 60; i++) {
            kalah_pos p = random_late(&r, &g, 6 + kalah_rng_below(&g, 7));
            int longest;
            if (kalah_over(&r, &p))
                continue;
            exact(&s, &p, &longest);
            if (longest > 14)
                continue;
            checked++;
            check_exact_search(&s, &p, KALAH_ALPHABETA, (kalah_eval_id)(i % 3), longest);
            if (longest <= 8)
                check_exact_search(&s, &p, KALAH_MINIMAX, KALAH_E2, longest);
        }
        ck_assert_msg(checked >= 40, "%s: only %d positions", boards[b], checked);
        solver_free(&s);
    }
}
END_TEST

/* ---- 4. MCTS ------------------------------------------------------------------------- */

/* MCTS with a fixed seed chooses pit want; the solver confirms that pit
 * want is the only winning move. */
static void check_mcts_finds(const char *text, int want)
{
    kalah_rules r;
    kalah_pos p = pos_of(text, &r);
    solver s = solver_new(&r);
    for (int k = 1; k <= r.pits; k++)
        if (p.pit[p.to_move][k - 1])
            CHECK(k == want ? exact_after(&s, &p, k) > 0 : exact_after(&s, &p, k) <= 0,
                  "%s: pit %d is worth %+d", text, k, exact_after(&s, &p, k));
    solver_free(&s);
    kalah_player pl = {.algo = KALAH_MCTS, .playouts = 3000};
    for (uint64_t seed = 1; seed <= 3; seed++) {
        kalah_rng g = kalah_rng_seed(seed);
        kalah_result res;
        ck_assert_int_eq(kalah_search(&r, &p, &pl, &g, &res, NULL), KALAH_OK);
        ck_assert_msg(res.move == want, "%s seed %d: MCTS plays %d", text, (int)seed, res.move);
        uint32_t visits = 0;
        for (int k = 0; k < res.count; k++)
            visits += res.visits[k];
        ck_assert_uint_eq(visits, 3000); /* every iteration goes through one root move */
        ck_assert(res.value > 0.5 && res.value <= 1.0);
    }
}

START_TEST(mcts_finds_an_extra_turn_chain)
{
    /* Kalah(6,2), 24 stones: south has 3, 2, 1 in pits 4, 5, 6 and 7 in
     * the store. Pit 6 (1 stone: store 8, again), pit 5 (2: S6, store 9,
     * again), pit 6 (store 10, again), pit 4 (3: S5, S6, store 11, again),
     * pit 6 (store 12, again), then pit 5: its stone lands in the empty pit 6
     * and captures north's pit 1 (2 stones): store 15 > 12, half of 24: won.
     * Pit 4 or 5 first spoils the chain (a pit then holds too many stones to
     * end in the store), and the solver finds no win after them. */
    check_mcts_finds("kalah-6-2:S:0,0,0,3,2,1/7:2,2,2,1,1,0/3", 6);
}
END_TEST

START_TEST(mcts_finds_a_big_capture)
{
    /* Kalah(6,2): south's pit 1 holds one stone; it lands in the empty pit 2,
     * opposite north's pit 5 (6 + 1 - 2) with 9 stones: 10 stones to the
     * store, 3 + 10 = 13 > 12, more than half of 24, so south has won.
     * Pit 3 (its stone takes the one in N3) and pit 6 (to the store and N1)
     * leave north time to move its 9 stones; the solver finds no win there. */
    check_mcts_finds("kalah-6-2:S:1,0,1,0,0,2/3:0,0,1,0,9,0/7", 1);
}
END_TEST

START_TEST(mcts_is_reproducible)
{
    kalah_rules r = rules_of("kalah-6-4");
    kalah_pos p = kalah_start(&r);
    kalah_player pl = {.algo = KALAH_MCTS, .playouts = 1500};
    kalah_result a, b;
    kalah_rng ga = kalah_rng_seed(99), gb = kalah_rng_seed(99);
    ck_assert_int_eq(kalah_search(&r, &p, &pl, &ga, &a, NULL), KALAH_OK);
    ck_assert_int_eq(kalah_search(&r, &p, &pl, &gb, &b, NULL), KALAH_OK);
    ck_assert_mem_eq(&a, &b, sizeof a);
    ck_assert_uint_eq(ga.state, gb.state);
    ck_assert(a.move >= 1 && a.move <= 6);
    /* A generator is required. */
    kalah_error err;
    ck_assert_int_eq(kalah_search(&r, &p, &pl, NULL, &a, &err), KALAH_EINVAL);
}
END_TEST

/* ---- 5. a match ------------------------------------------------------------------ */

START_TEST(veryhard_beats_random)
{
    kalah_rules r = rules_of("kalah-6-6");
    kalah_player deep, rnd;
    ck_assert_int_eq(kalah_level("veryhard", 2, &deep, NULL), KALAH_OK);
    ck_assert_int_eq(kalah_level("random", 2, &rnd, NULL), KALAH_OK);
    kalah_rng g = kalah_rng_seed(1961);
    const int games = 20;
    int wins = 0, total = 0;
    for (int i = 0; i < games; i++) {
        kalah_pos start = kalah_random_opening(&r, 2, &g);
        int side = i % 2; /* the deep player's side */
        kalah_player players[2] = {side == 0 ? deep : rnd, side == 0 ? rnd : deep};
        kalah_outcome o;
        ck_assert_int_eq(kalah_play_game(&r, &start, players, &g, &o, NULL), KALAH_OK);
        int margin = side == 0 ? o.margin : -o.margin;
        wins += margin > 0;
        total += margin;
        ck_assert(o.moves > 0 && o.nodes[side] > 0);
    }
    ck_assert_msg(wins >= games - 1, "won %d of %d", wins, games);
    ck_assert_msg(total >= 20 * games, "average margin %.1f", (double)total / games);
}
END_TEST

Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *agree = tcase_create("agree");
    tcase_set_timeout(agree, 900);
    tcase_add_test(agree, algorithms_agree);
    tcase_add_test(agree, algorithms_match_brute_force);
    suite_add_tcase(s, agree);
    TCase *exact_tc = tcase_create("exact");
    tcase_set_timeout(exact_tc, 900);
    tcase_add_test(exact_tc, solver_gives_the_reference_values);
    tcase_add_test(exact_tc, deep_search_is_exact_on_tiny_boards);
    tcase_add_test(exact_tc, deep_search_is_exact_near_the_end);
    suite_add_tcase(s, exact_tc);
    TCase *mcts = tcase_create("mcts");
    tcase_set_timeout(mcts, 300);
    tcase_add_test(mcts, mcts_finds_an_extra_turn_chain);
    tcase_add_test(mcts, mcts_finds_a_big_capture);
    tcase_add_test(mcts, mcts_is_reproducible);
    suite_add_tcase(s, mcts);
    TCase *match = tcase_create("match");
    tcase_set_timeout(match, 900);
    tcase_add_test(match, veryhard_beats_random);
    suite_add_tcase(s, match);
    return s;
}
