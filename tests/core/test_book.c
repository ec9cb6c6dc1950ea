/* The opening book compiled into the core: the strong level opens the
 * standard boards with a proven best move (the reference's root values of
 * Kalah(6,4)), the book's lines agree with each other and, where the solver
 * is quick, with the solver; lines are read strictly. */
#include "core_tests.h"

#include <limits.h>
#include <string.h>

static kalah_rules rules_of(const char *text)
{
    kalah_rules r;
    kalah_error err;
    ck_assert_msg(kalah_rules_parse(text, &r, &err) == KALAH_OK, "%s: %s", text, err.message);
    return r;
}

/* ../shared/reference/kalah.md: "Root values of standard-capture (6,4),
 * pits 1..6: -14, -10, +8, -2, -8, +4." Before the book, the strong level
 * (a million nodes) played pit 6, estimated at +6. */
START_TEST(strong_opens_kalah_6_4_with_pit_3)
{
    kalah_rules r = rules_of("kalah-6-4");
    kalah_pos start = kalah_start(&r);
    kalah_player strong;
    ck_assert_int_eq(kalah_level("strong", 2, &strong, NULL), KALAH_OK);
    kalah_result res;
    ck_assert_int_eq(kalah_search(&r, &start, &strong, NULL, &res, NULL), KALAH_OK);
    ck_assert_int_eq(res.move, 3);
    ck_assert(res.value == 8 * KALAH_TERMINAL);
    ck_assert_int_eq(kalah_analyze(&r, &start, &strong, NULL, &res, NULL), KALAH_OK);
    const int root[6] = {-14, -10, 8, -2, -8, 4};
    ck_assert_int_eq(res.move, 3);
    for (int k = 0; k < 6; k++)
        ck_assert_msg(res.values[k] == root[k] * KALAH_TERMINAL, "pit %d: %g", k + 1,
                      res.values[k] / KALAH_TERMINAL);
    /* And the book says so itself. */
    int values[KALAH_MAX_PITS];
    ck_assert(kalah_book_probe(NULL, &r, &start, values));
    for (int k = 0; k < 6; k++)
        ck_assert_int_eq(values[k], root[k]);
    /* Kalah(6,3)'s root values as published with its game value +2 (the
     * ones test_solve.c holds the solver to). */
    const int root_6_3[6] = {-14, -16, -10, -2, 2, 0};
    r = rules_of("kalah-6-3");
    start = kalah_start(&r);
    ck_assert(kalah_book_probe(NULL, &r, &start, values));
    for (int k = 0; k < 6; k++)
        ck_assert_int_eq(values[k], root_6_3[k]);
}
END_TEST

/* The first move of each standard board in the book is a best one by the
 * reference's game values (first player's margin). */
START_TEST(strong_opens_every_book_board_at_its_value)
{
    const struct {
        const char *rules;
        int value;
    } rows[] = {{"kalah-6-3", 2},  {"kalah-6-3+empty", 2},  {"kalah-5-4", 10},
                {"kalah-5-4+empty", 12}, {"kalah-6-4", 8}, {"kalah-6-4+empty", 10}};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        kalah_rules r = rules_of(rows[k].rules);
        kalah_pos start = kalah_start(&r);
        int values[KALAH_MAX_PITS];
        CHECK(kalah_book_probe(NULL, &r, &start, values), "%s: not in the book", rows[k].rules);
        kalah_player strong;
        ck_assert_int_eq(kalah_level("strong", 2, &strong, NULL), KALAH_OK);
        kalah_result res;
        ck_assert_int_eq(kalah_search(&r, &start, &strong, NULL, &res, NULL), KALAH_OK);
        CHECK(res.value == rows[k].value * KALAH_TERMINAL && res.nodes <= 1,
              "%s: pit %d at %g in %llu nodes, the reference says %+d", rows[k].rules, res.move,
              res.value / KALAH_TERMINAL, (unsigned long long)res.nodes, rows[k].value);
    }
}
END_TEST

/* Every line of the book: well formed, its position once, and each move's
 * value the best of the position it leads to (negated when the turn passes)
 * where that position has a line, or the final margin where the game ends. */
START_TEST(book_lines_agree_with_each_other)
{
    const char *book = kalah_book_text();
    int lines = 0, links = 0;
    for (const char *line = book; *line;) {
        const char *nl = strchr(line, '\n');
        if (*line != '#') {
            kalah_rules r;
            kalah_pos p;
            int v[KALAH_MAX_PITS], again[KALAH_MAX_PITS];
            kalah_error err;
            CHECK(kalah_book_line_parse(line, &r, &p, v, &err) == KALAH_OK, "%.*s: %s",
                  (int)(nl ? nl - line : (long)strlen(line)), line, err.message);
            /* The probe finds this very line (no earlier one holds p). */
            CHECK(kalah_book_probe(book, &r, &p, again) &&
                      !memcmp(again, v, (size_t)r.pits * sizeof *v),
                  "%.60s: another line first", line);
            for (int i = 0; i < r.pits; i++) {
                if (v[i] == KALAH_BOOK_EMPTY)
                    continue;
                kalah_pos c = p;
                ck_assert_int_eq(kalah_play(&r, &c, i + 1, NULL, NULL), KALAH_OK);
                int cv[KALAH_MAX_PITS], want = INT_MIN;
                if (kalah_over(&r, &c)) {
                    want = kalah_margin(&r, &c) * (p.to_move == KALAH_SOUTH ? 1 : -1);
                } else if (kalah_book_probe(book, &r, &c, cv)) {
                    int best = INT_MIN;
                    for (int j = 0; j < r.pits; j++)
                        if (cv[j] != KALAH_BOOK_EMPTY && cv[j] > best)
                            best = cv[j];
                    want = c.to_move == p.to_move ? best : -best;
                }
                if (want == INT_MIN)
                    continue;
                links++;
                CHECK(v[i] == want, "%.60s: pit %d %+d, its position says %+d", line, i + 1, v[i],
                      want);
            }
            lines++;
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    /* Six boards, each its start and every position one move later at
     * least: 6 * (1 + 5) lines, and the first moves all linked. */
    ck_assert_int_ge(lines, 36);
    ck_assert_int_ge(links, 30);
}
END_TEST

/* Where the solver is quickest (the start of Kalah(6,3) with empty
 * captures, a few seconds without a database), a line against a solve of
 * its own. The other lines are held to it, and to the published values
 * above, by the links between lines. */
START_TEST(book_lines_agree_with_the_solver)
{
    kalah_rules r = rules_of("kalah-6-3+empty");
    kalah_solve_config cfg = {.tt_bytes = (size_t)64 << 20, .threads = 2};
    kalah_solver *s = NULL;
    ck_assert_int_eq(kalah_solver_new(&r, &cfg, &s, NULL), KALAH_OK);
    kalah_pos p = kalah_start(&r);
    int v[KALAH_MAX_PITS];
    ck_assert(kalah_book_probe(NULL, &r, &p, v));
    kalah_solution sol;
    ck_assert_int_eq(kalah_solver_run(s, &p, true, NULL, &sol, NULL), KALAH_OK);
    ck_assert(sol.exact && sol.count == 6);
    for (int k = 0; k < sol.count; k++)
        CHECK(v[sol.moves[k] - 1] == sol.values[k], "pit %d: book %+d, solver %+d", sol.moves[k],
              v[sol.moves[k] - 1], sol.values[k]);
    kalah_solver_free(s);
}
END_TEST

START_TEST(book_lines_are_read_strictly)
{
    const struct {
        const char *line;
        kalah_status st;
        int column;
    } bad[] = {
        {"kalah-4-3:S:3,3,3,3/0:3,3,3,3/0 -6 +6 +2", KALAH_ESYNTAX, 41},   /* a value short */
        {"kalah-4-3:S:3,3,3,3/0:3,3,3,3/0 -6 +6 +2 -2 7", KALAH_ESYNTAX, 44}, /* one too many */
        {"kalah-4-3:S:3,3,3,3/0:3,3,3,3/0 -6 . +2 -2", KALAH_EINVAL, 36},  /* '.' for 3 stones */
        {"kalah-4-3:S:3,0,4,4/1:3,3,3,3/0 0 +6 +6 +6", KALAH_EINVAL, 35},  /* a value, empty */
        {"kalah-4-3:S:3,3,3,3/0:3,3,3,3/0 -6 x +2 -2", KALAH_ESYNTAX, 36}, /* not a number */
        {"kalah-4-3:S:0,0,0,0/12:3,3,3,3/0", KALAH_EINVAL, 1},             /* game over */
        {"kalah-4-3:S:3,3,3/0:3,3,3,3/0 1 2 3 4", KALAH_ESYNTAX, 18},      /* the position */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        kalah_rules r;
        kalah_pos p;
        int v[KALAH_MAX_PITS];
        kalah_error err = {0};
        kalah_status st = kalah_book_line_parse(bad[k].line, &r, &p, v, &err);
        ck_assert_msg(st == bad[k].st && err.pos == bad[k].column,
                      "%s: status %d column %d (%s)", bad[k].line, (int)st, err.pos, err.message);
    }
    /* A good one, with a newline, and its text back. */
    const char *good = "kalah-4-3:S:3,0,4,4/1:3,3,3,3/0 0 . +6 +6\n";
    kalah_rules r;
    kalah_pos p;
    int v[KALAH_MAX_PITS];
    ck_assert_int_eq(kalah_book_line_parse(good, &r, &p, v, NULL), KALAH_OK);
    ck_assert(v[0] == 0 && v[1] == KALAH_BOOK_EMPTY && v[2] == 6 && v[3] == 6);
    char buf[KALAH_TEXT_MAX + 32];
    ck_assert_int_eq(kalah_book_line_format(&r, &p, v, buf, sizeof buf), (int)strlen(good) - 1);
    ck_assert_int_eq(strncmp(buf, good, strlen(good) - 1), 0);
    ck_assert_int_eq(kalah_book_line_format(&r, &p, v, NULL, 0), (int)strlen(good) - 1);
    /* Probing a book of its own; positions not in it are not found. */
    ck_assert(kalah_book_probe(good, &r, &p, v) && v[2] == 6);
    kalah_pos other = kalah_start(&r);
    ck_assert(!kalah_book_probe(good, &r, &other, v));
    ck_assert(!kalah_book_probe(NULL, &r, &other, v)); /* Kalah(4,3): not a book board */
}
END_TEST

Suite *book_suite(void)
{
    Suite *s = suite_create("book");
    TCase *tc = tcase_create("book");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, strong_opens_kalah_6_4_with_pit_3);
    tcase_add_test(tc, strong_opens_every_book_board_at_its_value);
    tcase_add_test(tc, book_lines_agree_with_each_other);
    tcase_add_test(tc, book_lines_agree_with_the_solver);
    tcase_add_test(tc, book_lines_are_read_strictly);
    suite_add_tcase(s, tc);
    return s;
}
