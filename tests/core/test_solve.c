/* The exact solver of kalah_solve.h against a brute-force negamax written
 * here (plain recursion over kalah_moves / kalah_play, memoised on the whole
 * position, no pruning), against the game values and root values of
 * ../shared/reference/kalah.md, and its limits and settings. No expected
 * value was taken from a run of the solver: each one comes from the brute
 * force, from the reference or from a hand computation in a comment. The
 * endgame database has its own suite (test_solve_egdb.c). */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_search.h"
#include "kalah_solve.h"
#include "move_check.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Small tables keep the memory low (the sanitizer build runs these too). */
#define TT_SMALL ((size_t)1 << 20)
#define TT_LARGE ((size_t)16 << 20)

const char *solve_show(const kalah_rules *r, const kalah_pos *p)
{
    static char buf[KALAH_TEXT_MAX];
    kalah_pos_format(r, p, buf, sizeof buf);
    return buf;
}

/* ---- brute force ------------------------------------------------------------ */

/* A memo of finished values keyed by the whole position (pits, stores and
 * side to move), so it assumes nothing about what the value depends on. */
typedef struct bf_slot {
    kalah_pos p;
    bool used;
    int16_t value;
} bf_slot;

struct oracle {
    kalah_rules r;
    bf_slot *t;
    size_t cap, used; /* cap a power of two */
};

enum { BF_MAX_USED = 1 << 20 }; /* forget everything past this */

oracle *oracle_new(const kalah_rules *r)
{
    oracle *b = calloc(1, sizeof *b);
    ck_assert_ptr_nonnull(b);
    b->r = *r;
    b->cap = 1u << 14;
    b->t = calloc(b->cap, sizeof *b->t);
    ck_assert_ptr_nonnull(b->t);
    return b;
}

void oracle_free(oracle *b)
{
    if (b)
        free(b->t);
    free(b);
}

static bf_slot *bf_find(bf_slot *t, size_t cap, const kalah_pos *p)
{
    const uint8_t *bytes = (const uint8_t *)p;
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < sizeof *p; i++)
        h = (h ^ bytes[i]) * 1099511628211ull;
    size_t i = (size_t)(h ^ h >> 29) & (cap - 1);
    while (t[i].used && memcmp(&t[i].p, p, sizeof *p) != 0)
        i = (i + 1) & (cap - 1);
    return &t[i];
}

static void bf_insert(oracle *b, const kalah_pos *p, int value)
{
    if (2 * (b->used + 1) > b->cap) {
        size_t cap = b->cap * 2;
        bf_slot *t = calloc(cap, sizeof *t);
        ck_assert_ptr_nonnull(t);
        for (size_t i = 0; i < b->cap; i++)
            if (b->t[i].used)
                *bf_find(t, cap, &b->t[i].p) = b->t[i];
        free(b->t);
        b->t = t;
        b->cap = cap;
    }
    bf_slot *s = bf_find(b->t, b->cap, p);
    s->p = *p;
    s->used = true;
    s->value = (int16_t)value;
    b->used++;
}

static int bf_after(oracle *b, const kalah_pos *p, int pit);

/* The final margin for p's side to move under perfect play: a finished game
 * is worth kalah_margin (south's view, negated for north); otherwise the best
 * move, where a child with the same side to move (an extra turn) keeps its
 * value and one with the other side to move is negated. */
static int bf_value(oracle *b, const kalah_pos *p)
{
    const kalah_rules *r = &b->r;
    if (kalah_over(r, p)) {
        int m = kalah_margin(r, p);
        return p->to_move == KALAH_SOUTH ? m : -m;
    }
    const bf_slot *hit = bf_find(b->t, b->cap, p);
    if (hit->used)
        return hit->value;
    int moves[KALAH_MAX_PITS], n = kalah_moves(r, p, moves), best = INT_MIN;
    CHECK(n > 0, "%s: no moves in a game that goes on", solve_show(r, p));
    for (int k = 0; k < n; k++) {
        int v = bf_after(b, p, moves[k]);
        best = v > best ? v : best;
    }
    bf_insert(b, p, best);
    return best;
}

static int bf_after(oracle *b, const kalah_pos *p, int pit)
{
    kalah_pos c = *p;
    CHECK(kalah_play(&b->r, &c, pit, NULL, NULL) == KALAH_OK, "%s: pit %d refused",
          solve_show(&b->r, p), pit);
    int v = bf_value(b, &c);
    return c.to_move == p->to_move ? v : -v;
}

/* A full memo is forgotten between queries (oracle_value, never in
 * oracle_after, which follows it on the same position), never during one. */
static void bf_trim(oracle *b)
{
    if (b->used >= BF_MAX_USED) {
        memset(b->t, 0, b->cap * sizeof *b->t);
        b->used = 0;
    }
}

int oracle_value(oracle *b, const kalah_pos *p)
{
    bf_trim(b);
    return bf_value(b, p);
}

int oracle_after(oracle *b, const kalah_pos *p, int pit)
{
    return bf_after(b, p, pit);
}

/* A position of r with min_in_play..max_in_play stones in the pits (no more
 * than the game has), scattered at random, the rest split at random between
 * the stores, and a random side to move. It may be finished. */
kalah_pos solve_random_pos(const kalah_rules *r, kalah_rng *g, int min_in_play, int max_in_play)
{
    int total = kalah_rules_total(r);
    int hi = max_in_play < total ? max_in_play : total;
    int lo = min_in_play < hi ? min_in_play : hi;
    int s = lo + kalah_rng_below(g, hi - lo + 1);
    kalah_pos p;
    memset(&p, 0, sizeof p);
    /* Sometimes all on one side, sometimes on a few pits: ends of games. */
    int shape = kalah_rng_below(g, 4);
    int few = 1 + kalah_rng_below(g, 2 * r->pits);
    for (int k = 0; k < s; k++) {
        int side = shape == 0 ? 0 : shape == 1 ? 1 : kalah_rng_below(g, 2);
        int i = shape == 2 ? r->pits - 1 - kalah_rng_below(g, (few + 1) / 2) /* near the store */
                           : kalah_rng_below(g, r->pits);
        p.pit[side][i]++;
    }
    int rest = total - s;
    p.store[0] = (uint8_t)kalah_rng_below(g, rest + 1);
    p.store[1] = (uint8_t)(rest - p.store[0]);
    p.to_move = (uint8_t)kalah_rng_below(g, 2);
    ck_assert_int_eq(kalah_total_stones(r, &p), total);
    return p;
}

/* ---- the solver against brute force ----------------------------------------- */

/* Where the solvers made here do ETC before the moves: 1, at every node
 * (the small positions here are below the default); 0, the default, so
 * without a database ETC after the first move everywhere. */
static int etc_from = 1;

kalah_solver *solver_ok(const kalah_rules *r, size_t tt_bytes, int threads, unsigned disable,
                        const kalah_egdb *db)
{
    kalah_solve_config cfg = {
        .tt_bytes = tt_bytes, .threads = threads, .egdb = db, .disable = disable,
        .etc_from = etc_from};
    kalah_solver *s = NULL;
    kalah_error err = {.message = ""};
    kalah_status st = kalah_solver_new(r, &cfg, &s, &err);
    ck_assert_msg(st == KALAH_OK, "kalah_solver_new: status %d: %s", (int)st, err.message);
    ck_assert_ptr_nonnull(s);
    return s;
}

kalah_solution solve_ok(kalah_solver *s, const kalah_rules *r, const kalah_pos *p, bool all,
                        const kalah_solve_limits *lim)
{
    kalah_solution sol;
    memset(&sol, 0x5a, sizeof sol); /* nothing left over from before */
    kalah_error err = {.message = ""};
    kalah_status st = kalah_solver_run(s, p, all, lim, &sol, &err);
    CHECK(st == KALAH_OK, "%s: kalah_solver_run: status %d: %s", solve_show(r, p), (int)st,
          err.message);
    return sol;
}

/* Both kinds of run on p (all and not) against brute force: the value,
 * proven exact, a best move, and with all every move's exact value. */
void solve_check(kalah_solver *s, oracle *b, const kalah_rules *r, const kalah_pos *p)
{
    const char *text = solve_show(r, p);
    int want = oracle_value(b, p);
    int moves[KALAH_MAX_PITS], vals[KALAH_MAX_PITS], n = kalah_moves(r, p, moves);
    for (int k = 0; k < n; k++)
        vals[k] = oracle_after(b, p, moves[k]);
    for (int all = 0; all < 2; all++) {
        kalah_solution sol = solve_ok(s, r, p, all, NULL);
        CHECK(sol.exact && sol.stopped == KALAH_SOLVE_DONE, "%s all=%d: not exact (stopped %d)",
              text, all, (int)sol.stopped);
        CHECK(sol.value == want && sol.lower == want && sol.upper == want,
              "%s all=%d: value %+d [%+d, %+d], brute force %+d", text, all, sol.value, sol.lower,
              sol.upper, want);
        CHECK(sol.count == n, "%s: %d moves, %d legal", text, sol.count, n);
        for (int k = 0; k < n; k++)
            CHECK(sol.moves[k] == moves[k], "%s: moves[%d] = %d, not %d", text, k, sol.moves[k],
                  moves[k]);
        int best = -1;
        for (int k = 0; k < n; k++)
            if (moves[k] == sol.move)
                best = k;
        CHECK(n ? best >= 0 : sol.move == 0, "%s all=%d: move %d", text, all, sol.move);
        CHECK(best < 0 || vals[best] == want, "%s all=%d: pit %d is worth %+d, the best %+d",
              text, all, sol.move, best < 0 ? 0 : vals[best], want);
        for (int k = 0; all && k < n; k++)
            CHECK(sol.values[k] == vals[k] && sol.lowers[k] == vals[k] &&
                      sol.uppers[k] == vals[k] && sol.exacts[k],
                  "%s pit %d: %+d [%+d, %+d] exact %d, brute force %+d", text, moves[k],
                  sol.values[k], sol.lowers[k], sol.uppers[k], (int)sol.exacts[k], vals[k]);
    }
}

/* The rule options of the random boards; relay is "relay-M-N". */
static const char *const options[] = {"", "+empty", "+mover", "+decided", "+empty+mover", NULL};
enum { N_OPTIONS = sizeof options / sizeof options[0] };

static kalah_rules random_rules(kalah_rng *g, int option, int max_pits)
{
    char text[40];
    int m = 2 + kalah_rng_below(g, max_pits - 1), n = 1 + kalah_rng_below(g, 4);
    if (options[option])
        snprintf(text, sizeof text, "kalah-%d-%d%s", m, n, options[option]);
    else
        snprintf(text, sizeof text, "relay-%d-%d", m, n);
    return rules_of(text);
}

/* Random small boards of every rule set, positions with up to 14 stones in
 * play and any stores; one solver (and table) per board, cleared now and
 * then. */
static void random_boards(uint64_t seed, int boards, int per_board, int threads, size_t tt,
                          unsigned disable)
{
    kalah_rng g = kalah_rng_seed(seed);
    int compared = 0;
    for (int k = 0; k < boards; k++) {
        kalah_rules r = random_rules(&g, k % N_OPTIONS, 4);
        oracle *b = oracle_new(&r);
        kalah_solver *s = solver_ok(&r, tt, threads, disable, NULL);
        for (int i = 0; i < per_board; i++) {
            kalah_pos p = solve_random_pos(&r, &g, 0, 14);
            solve_check(s, b, &r, &p);
            compared++;
            if (i % 16 == 15)
                kalah_solver_clear(s);
        }
        kalah_solver_free(s);
        oracle_free(b);
    }
    ck_assert_int_eq(compared, boards * per_board);
}

START_TEST(random_positions_match_brute_force)
{
    etc_from = _i; /* 1: ETC before the moves; 0: after the first (late) */
    /* 3600 positions, 12 boards of each rule set */
    random_boards(61, 72, 50, 1, TT_SMALL, 0);
    etc_from = 1;
}
END_TEST

START_TEST(two_threads_match_brute_force)
{
    random_boards(62, 24, 25, 2, TT_SMALL, 0);
}
END_TEST

/* A table of a number of buckets that is not a power of two (1536: two
 * values of a key's top bits can share one), small enough that the
 * positions of a board fight for its buckets, with both kinds of entry. */
START_TEST(odd_table_sizes_match_brute_force)
{
    random_boards(63, 24, 40, 1, KALAH_SOLVE_TT_MIN * 3 / 2, _i ? KALAH_SOLVE_NO_COMPACT : 0);
}
END_TEST

/* Every line of play that the solver's first move starts is checked on the
 * way: the solver's move, played, leaves a position whose solved value gives
 * the same margin (the principal variation is consistent to the end). */
START_TEST(solved_moves_keep_the_value)
{
    kalah_rng g = kalah_rng_seed(5);
    for (int k = 0; k < 2 * N_OPTIONS; k++) {
        kalah_rules r = random_rules(&g, k % N_OPTIONS, 4);
        oracle *b = oracle_new(&r);
        kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
        for (int i = 0; i < 10; i++) {
            kalah_pos p = solve_random_pos(&r, &g, 6, 14);
            int want = oracle_value(b, &p);
            int me = p.to_move, sign = 1;
            while (!kalah_over(&r, &p)) {
                kalah_solution sol = solve_ok(s, &r, &p, false, NULL);
                CHECK(sign * sol.value == want, "%s: %+d on the best line, %+d at its start",
                      solve_show(&r, &p), sign * sol.value, want);
                CHECK(kalah_play(&r, &p, sol.move, NULL, NULL) == KALAH_OK, "%s: pit %d",
                      solve_show(&r, &p), sol.move);
                sign = p.to_move == me ? 1 : -1;
            }
            int m = kalah_margin(&r, &p);
            CHECK((me == KALAH_SOUTH ? m : -m) == want, "%s: the best line ends at %+d, not %+d",
                  solve_show(&r, &p), me == KALAH_SOUTH ? m : -m, want);
        }
        kalah_solver_free(s);
        oracle_free(b);
    }
}
END_TEST

/* ---- reference values ----------------------------------------------------------- */

/* ../shared/reference/kalah.md, "Game values": the first player's margin,
 * end rule "either side empty". */
static const struct {
    const char *rules;
    int value;
} reference[] = {
    {"kalah-4-3", 6},  {"kalah-4-3+empty", 8},  {"kalah-5-2", 2},  {"kalah-5-2+empty", 0},
    {"kalah-6-2", 6},  {"kalah-6-2+empty", 10}, {"kalah-4-4", 2},  {"kalah-4-4+empty", 2},
    {"kalah-5-3", 6},  {"kalah-5-3+empty", 8},  {"kalah-6-3+empty", 2},
    {"kalah-5-4", 10}, {"kalah-5-4+empty", 12},
    /* standard (6,3), +2: root_values_of_kalah_6_3; (6,4) takes too long */
};
enum { N_REFERENCE = sizeof reference / sizeof reference[0] };

START_TEST(reference_game_values)
{
    const char *text = reference[_i].rules;
    kalah_rules r = rules_of(text);
    kalah_pos start = kalah_start(&r);
    kalah_solver *s = solver_ok(&r, TT_LARGE, 1, 0, NULL);
    kalah_solution sol = solve_ok(s, &r, &start, false, NULL);
    ck_assert_msg(sol.exact && sol.stopped == KALAH_SOLVE_DONE, "%s: not exact", text);
    ck_assert_msg(sol.value == reference[_i].value && sol.lower == sol.value &&
                      sol.upper == sol.value,
                  "%s: %+d [%+d, %+d], reference %+d", text, sol.value, sol.lower, sol.upper,
                  reference[_i].value);
    ck_assert_msg(sol.move >= 1 && sol.move <= r.pits, "%s: move %d", text, sol.move);
    /* The move it names is worth the value: solved again after it. */
    kalah_pos c = start;
    ck_assert_int_eq(kalah_play(&r, &c, sol.move, NULL, NULL), KALAH_OK);
    kalah_solution after = solve_ok(s, &r, &c, false, NULL);
    ck_assert_int_eq(c.to_move == start.to_move ? after.value : -after.value, sol.value);
    kalah_solver_free(s);
}
END_TEST

/* The root values of standard Kalah(6,3), pits 1..6, as published with the
 * game value +2 (the best, pit 5). */
static const int root_6_3[6] = {-14, -16, -10, -2, 2, 0};

void solve_check_root_6_3(kalah_solver *s)
{
    kalah_rules r = rules_of("kalah-6-3");
    kalah_pos start = kalah_start(&r);
    kalah_solution sol = solve_ok(s, &r, &start, true, NULL);
    ck_assert(sol.exact && sol.stopped == KALAH_SOLVE_DONE);
    ck_assert_int_eq(sol.count, 6);
    for (int k = 0; k < 6; k++) {
        ck_assert_int_eq(sol.moves[k], k + 1);
        ck_assert_msg(sol.exacts[k] && sol.values[k] == root_6_3[k] &&
                          sol.lowers[k] == root_6_3[k] && sol.uppers[k] == root_6_3[k],
                      "kalah-6-3 pit %d: %+d [%+d, %+d], reference %+d", k + 1, sol.values[k],
                      sol.lowers[k], sol.uppers[k], root_6_3[k]);
    }
    ck_assert_int_eq(sol.value, 2);
    ck_assert_int_eq(sol.move, 5);
}

START_TEST(root_values_of_kalah_6_3)
{
    kalah_rules r = rules_of("kalah-6-3");
    /* The one larger table: with 16 MiB this run searches three times the
     * positions (31 M instead of 10 M). */
    kalah_solver *s = solver_ok(&r, (size_t)32 << 20, 1, 0, NULL);
    solve_check_root_6_3(s);
    kalah_solver_free(s);
}
END_TEST

/* ---- limits ---------------------------------------------------------------------- */

/* Proven bounds, and a legal best move, of a run that stopped early. */
static void check_partial(const kalah_rules *r, const kalah_pos *p, const kalah_solution *sol,
                          bool all)
{
    const char *text = solve_show(r, p);
    CHECK(sol->lower <= sol->value && sol->value <= sol->upper, "%s: %+d not in [%+d, %+d]",
          text, sol->value, sol->lower, sol->upper);
    /* exact: the bounds meet, and with all every move's do. */
    bool met = sol->lower == sol->upper;
    for (int k = 0; all && k < sol->count; k++)
        met = met && sol->exacts[k];
    CHECK(sol->exact == met, "%s all=%d: exact %d with [%+d, %+d]", text, (int)all,
          (int)sol->exact, sol->lower, sol->upper);
    CHECK(sol->move >= 1 && sol->move <= r->pits && p->pit[p->to_move][sol->move - 1] > 0,
          "%s: move %d", text, sol->move);
    for (int k = 0; all && k < sol->count; k++)
        CHECK(sol->lowers[k] <= sol->values[k] && sol->values[k] <= sol->uppers[k] &&
                  sol->exacts[k] == (sol->lowers[k] == sol->uppers[k]),
              "%s pit %d: %+d [%+d, %+d] exact %d", text, sol->moves[k], sol->values[k],
              sol->lowers[k], sol->uppers[k], (int)sol->exacts[k]);
}

START_TEST(node_budget)
{
    kalah_rules r = rules_of("kalah-6-6");
    kalah_pos start = kalah_start(&r);
    kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
    kalah_solve_limits lim = {.max_nodes = 1000};
    for (int all = 0; all < 2; all++) {
        kalah_solution sol = solve_ok(s, &r, &start, all, &lim);
        ck_assert(!sol.exact);
        ck_assert_int_eq(sol.stopped, KALAH_SOLVE_NODES);
        ck_assert_int_eq(sol.count, 6);
        ck_assert(sol.nodes > 0);
        check_partial(&r, &start, &sol, all);
        /* Kalah(6,6) is worth at least +4 (reference, published 2015). */
        ck_assert_msg(sol.upper >= 4, "kalah-6-6: proven at most %+d", sol.upper);
        kalah_solver_clear(s);
    }
    kalah_solver_free(s);
}
END_TEST

/* Runs of Kalah(6,3) cut short at several budgets: the proven bounds hold
 * the reference values, the root's and every move's. */
START_TEST(budgets_bound_the_reference)
{
    kalah_rules r = rules_of("kalah-6-3");
    kalah_pos start = kalah_start(&r);
    kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
    const uint64_t budgets[] = {1000, 10000, 100000};
    for (int i = 0; i < 3; i++)
        for (int all = 0; all < 2; all++) {
            kalah_solver_clear(s);
            kalah_solve_limits lim = {.max_nodes = budgets[i]};
            kalah_solution sol = solve_ok(s, &r, &start, all, &lim);
            ck_assert(sol.stopped == KALAH_SOLVE_NODES || sol.stopped == KALAH_SOLVE_DONE);
            ck_assert(sol.exact == (sol.stopped == KALAH_SOLVE_DONE));
            check_partial(&r, &start, &sol, all);
            ck_assert_msg(sol.lower <= 2 && 2 <= sol.upper, "budget %llu: [%+d, %+d]",
                          (unsigned long long)budgets[i], sol.lower, sol.upper);
            for (int k = 0; all && k < 6; k++)
                ck_assert_msg(sol.lowers[k] <= root_6_3[k] && root_6_3[k] <= sol.uppers[k],
                              "budget %llu pit %d: [%+d, %+d], reference %+d",
                              (unsigned long long)budgets[i], k + 1, sol.lowers[k], sol.uppers[k],
                              root_6_3[k]);
        }
    kalah_solver_free(s);
}
END_TEST

START_TEST(time_budget_and_stop)
{
    kalah_rules r = rules_of("kalah-6-6");
    kalah_pos start = kalah_start(&r);
    kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
    kalah_solve_limits lim = {.max_seconds = 0.05};
    kalah_solution sol = solve_ok(s, &r, &start, false, &lim);
    ck_assert_int_eq(sol.stopped, KALAH_SOLVE_TIME);
    ck_assert(!sol.exact);
    check_partial(&r, &start, &sol, false);

    /* A stop already asked for. */
    static volatile sig_atomic_t stop = 1;
    kalah_solve_limits halt = {.stop = &stop};
    for (int all = 0; all < 2; all++) {
        kalah_solver_clear(s);
        sol = solve_ok(s, &r, &start, all, &halt);
        ck_assert_int_eq(sol.stopped, KALAH_SOLVE_STOPPED);
        ck_assert(!sol.exact);
        check_partial(&r, &start, &sol, all);
    }
    kalah_solver_free(s);

    /* A stop flag that stays 0 changes nothing: Kalah(4,3) is +6. */
    static volatile sig_atomic_t go = 0;
    kalah_solve_limits never = {.stop = &go, .max_seconds = 600};
    r = rules_of("kalah-4-3");
    start = kalah_start(&r);
    s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
    sol = solve_ok(s, &r, &start, false, &never);
    ck_assert(sol.exact && sol.stopped == KALAH_SOLVE_DONE && sol.value == 6);
    kalah_solver_free(s);
}
END_TEST

typedef struct progress_log {
    int value, moves; /* the root's value (reference) and legal moves */
    int calls, bad;
    uint64_t nodes;
    double seconds;
    char why[160];
} progress_log;

/* Every report's proven bounds hold the reference value, and nodes and time
 * never go back. */
static void on_progress(const kalah_solve_progress *p, void *ctx)
{
    progress_log *log = ctx;
    log->calls++;
    if (log->bad)
        return;
    if (p->nodes < log->nodes || p->seconds < log->seconds || p->lower > log->value ||
        p->upper < log->value || p->depth < 0 || p->moves_done < 0 || p->moves_done > log->moves) {
        log->bad = log->calls;
        snprintf(log->why, sizeof log->why,
                 "report %d: nodes %llu after %llu, %.6f s after %.6f, [%+d, %+d], depth %d, "
                 "moves done %d",
                 log->calls, (unsigned long long)p->nodes, (unsigned long long)log->nodes,
                 p->seconds, log->seconds, p->lower, p->upper, p->depth, p->moves_done);
    }
    log->nodes = p->nodes;
    log->seconds = p->seconds;
}

START_TEST(progress_reports)
{
    kalah_rules r = rules_of("kalah-5-3"); /* +6 (reference) */
    kalah_pos start = kalah_start(&r);
    kalah_solver *s = solver_ok(&r, TT_LARGE, 1, 0, NULL);
    for (int all = 0; all < 2; all++) {
        progress_log log = {.value = 6, .moves = 5};
        kalah_solve_limits lim = {
            .progress = on_progress, .progress_ctx = &log, .progress_interval = 1e-6};
        kalah_solver_clear(s);
        kalah_solution sol = solve_ok(s, &r, &start, all, &lim);
        ck_assert(sol.exact && sol.value == 6);
        ck_assert_msg(log.calls >= 2, "all=%d: %d progress reports", all, log.calls);
        ck_assert_msg(!log.bad, "all=%d: %s", all, log.why);
        ck_assert_msg(log.nodes <= sol.nodes, "reported %llu nodes, finished with %llu",
                      (unsigned long long)log.nodes, (unsigned long long)sol.nodes);
    }
    kalah_solver_free(s);
}
END_TEST

/* ---- settings ----------------------------------------------------------------------- */

START_TEST(bad_settings_are_refused)
{
    kalah_rules r = rules_of("kalah-4-3");
    const kalah_solve_config bad[] = {
        {.tt_bytes = KALAH_SOLVE_TT_MIN - 1},
        {.tt_bytes = 1024},
        {.tt_bytes = TT_SMALL, .threads = -1},
        {.tt_bytes = TT_SMALL, .threads = KALAH_SOLVE_MAX_THREADS + 1},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        kalah_solver *s = NULL;
        kalah_error err = {.message = ""};
        ck_assert_msg(kalah_solver_new(&r, &bad[k], &s, &err) != KALAH_OK, "config %d accepted",
                      (int)k);
        ck_assert_msg(err.message[0] != '\0', "config %d: no message", (int)k);
    }
    /* Rules that do not pass kalah_rules_check. */
    kalah_rules none = r;
    none.pits = 0;
    kalah_solve_config ok = {.tt_bytes = TT_SMALL};
    kalah_solver *s = NULL;
    ck_assert_int_ne(kalah_solver_new(&none, &ok, &s, NULL), KALAH_OK);
    /* The edges of the ranges are fine. */
    kalah_solver_free(solver_ok(&r, KALAH_SOLVE_TT_MIN, 0, 0, NULL));
    kalah_solver *most = solver_ok(&r, KALAH_SOLVE_TT_MIN, KALAH_SOLVE_MAX_THREADS, 0, NULL);
    kalah_pos start = kalah_start(&r);
    kalah_solution sol = solve_ok(most, &r, &start, true, NULL);
    ck_assert(sol.exact && sol.value == 6); /* reference: Kalah(4,3) is +6 */
    kalah_solver_free(most);
}
END_TEST

/* Every combination of the techniques switched off (the compact table
 * too: then the wide one) gives the same exact values: the reference
 * starts, and random positions against brute force. */
START_TEST(disabled_techniques_change_nothing)
{
    unsigned mask = (unsigned)_i;
    for (int k = 0; k < N_REFERENCE; k++) {
        kalah_rules r = rules_of(reference[k].rules);
        if (r.pits * r.stones > 12 || r.pits > 5) /* (4,3) and (5,2) */
            continue;
        kalah_pos start = kalah_start(&r);
        kalah_solver *s = solver_ok(&r, TT_SMALL, 1, mask, NULL);
        for (int all = 0; all < 2; all++) {
            kalah_solution sol = solve_ok(s, &r, &start, all, NULL);
            ck_assert_msg(sol.exact && sol.value == reference[k].value,
                          "%s disable %#x all=%d: %+d, reference %+d", reference[k].rules, mask,
                          all, sol.value, reference[k].value);
        }
        kalah_solver_free(s);
    }
    kalah_rng g = kalah_rng_seed(100 + mask);
    for (int k = 0; k < N_OPTIONS; k++) {
        kalah_rules r = random_rules(&g, k, 4);
        oracle *b = oracle_new(&r);
        kalah_solver *s = solver_ok(&r, TT_SMALL, 1, mask, NULL);
        for (int i = 0; i < 15; i++) {
            kalah_pos p = solve_random_pos(&r, &g, 4, 12);
            solve_check(s, b, &r, &p);
        }
        kalah_solver_free(s);
        oracle_free(b);
    }
}
END_TEST

START_TEST(finished_games)
{
    /* Hand-computed, as in test_search.c: south's side is empty, north adds
     * its 6 stones: 14 - (4 + 6) = +4 for south; north to move and ahead:
     * 6 - (12 + 6) = -12 for south, +12 for north; +decided: 13 of 24 in
     * south's store ends the game with the stones left where they are,
     * 13 - 3 = +10 for south, -10 for north to move; relay: north to move
     * has no stones, south takes its own 4: 10 + 4 - 10 = +4, -4 for north. */
    const struct {
        const char *pos;
        int value;
    } rows[] = {{"kalah-4-3:S:0,0,0,0/14:1,2,3,0/4", 4},
                {"kalah-4-3:N:0,0,0,0/6:1,2,3,0/12", 12},
                {"kalah-4-3+decided:N:1,1,1,1/13:1,1,1,1/3", -10},
                {"relay-4-3:N:1,1,1,1/10:0,0,0,0/10", -4}};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        kalah_rules r;
        kalah_pos p = pos_of(rows[k].pos, &r);
        ck_assert(kalah_over(&r, &p));
        kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
        for (int all = 0; all < 2; all++) {
            kalah_solution sol = solve_ok(s, &r, &p, all, NULL);
            ck_assert_msg(sol.exact && sol.stopped == KALAH_SOLVE_DONE && sol.move == 0 &&
                              sol.count == 0 && sol.value == rows[k].value &&
                              sol.lower == rows[k].value && sol.upper == rows[k].value,
                          "%s all=%d: move %d, %d moves, %+d [%+d, %+d], expected %+d",
                          rows[k].pos, all, sol.move, sol.count, sol.value, sol.lower, sol.upper,
                          rows[k].value);
        }
        kalah_solver_free(s);
    }
}
END_TEST

START_TEST(memory_is_reported)
{
    kalah_rules r = rules_of("kalah-4-3");
    kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
    size_t bytes = kalah_solver_memory(s);
    ck_assert_msg(bytes >= TT_SMALL / 2 && bytes <= 2 * TT_SMALL + (1u << 20),
                  "a table of %zu bytes asked for, %zu used", TT_SMALL, bytes);
    kalah_pos start = kalah_start(&r);
    kalah_solution sol = solve_ok(s, &r, &start, false, NULL);
    ck_assert(sol.memory >= TT_SMALL / 2);
    kalah_solver_free(s);
}
END_TEST

Suite *solve_suite(void)
{
    Suite *s = suite_create("solve");
    TCase *brute_tc = tcase_create("brute");
    tcase_set_timeout(brute_tc, 900);
    tcase_add_loop_test(brute_tc, random_positions_match_brute_force, 0, 2);
    tcase_add_test(brute_tc, two_threads_match_brute_force);
    tcase_add_loop_test(brute_tc, odd_table_sizes_match_brute_force, 0, 2);
    tcase_add_test(brute_tc, solved_moves_keep_the_value);
    suite_add_tcase(s, brute_tc);
    TCase *ref = tcase_create("reference");
    tcase_set_timeout(ref, 900);
    tcase_add_loop_test(ref, reference_game_values, 0, N_REFERENCE);
    tcase_add_test(ref, root_values_of_kalah_6_3);
    suite_add_tcase(s, ref);
    TCase *limits = tcase_create("limits");
    tcase_set_timeout(limits, 600);
    tcase_add_test(limits, node_budget);
    tcase_add_test(limits, budgets_bound_the_reference);
    tcase_add_test(limits, time_budget_and_stop);
    tcase_add_test(limits, progress_reports);
    suite_add_tcase(s, limits);
    TCase *settings = tcase_create("settings");
    tcase_set_timeout(settings, 600);
    tcase_add_test(settings, bad_settings_are_refused);
    tcase_add_loop_test(settings, disabled_techniques_change_nothing, 0, 64);
    tcase_add_test(settings, finished_games);
    tcase_add_test(settings, memory_is_reported);
    suite_add_tcase(s, settings);
    return s;
}
