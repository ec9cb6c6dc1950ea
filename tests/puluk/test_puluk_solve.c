/* The solved game: the dense index, the solver's moves against the rules',
 * its values against a second solver written here, the equations at every
 * position, and the table's file. */
#include "puluk_tests.h"
#include "puluk_solve_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static puluk_rules rules_of(const char *text)
{
    puluk_rules r;
    ck_assert_int_eq(puluk_rules_parse(text, &r, NULL), KALAH_OK);
    return r;
}

static puluk_table *solved(const puluk_rules *r)
{
    puluk_table *t;
    puluk_solve_stats st;
    kalah_error err;
    ck_assert_msg(puluk_solve(r, NULL, &t, &st, &err) == KALAH_OK, "%s", err.message);
    ck_assert(st.start_lo <= st.start_hi);
    ck_assert_double_le(st.start_hi - st.start_lo, 1e-12);
    ck_assert_double_le(st.gap, 1e-12);
    return t;
}

START_TEST(index_counts)
{
    /* puluk-1-1: one strip, one piece a side. The strip holds nothing, a
     * mover's piece with 0 or 1 prisoner, or the other's with 0 or 1. Each
     * side's piece is at home, on the board or dead:
     *   empty strip: homes 2 x 2 = 4;
     *   mover's bare piece: mover's home 0, other's 0..1 = 2; same for the
     *   other's bare piece = 2; a column of both: homes 0 and 0, two ways = 2.
     * 4 + 2 + 2 + 2 = 10. */
    puluk_rules r = rules_of("puluk-1-1");
    ck_assert_uint_eq(puluk_index_size(&r), 10);
    /* Every index comes back from its position, on two boards whole and on
     * the seed's at random. */
    const char *boards[] = {"puluk-1-1", "puluk-4-3", "puluk-2-5"};
    for (int b = 0; b < 3; b++) {
        r = rules_of(boards[b]);
        uint64_t n = puluk_index_size(&r);
        for (uint64_t i = 0; i < n; i++) {
            puluk_pos p = puluk_index_pos(&r, i);
            ck_assert_uint_eq(puluk_index_of(&r, &p), i);
        }
    }
    r = puluk_rules_default();
    puluk_ix ix;
    puluk_ix_init(&ix, &r);
    ck_assert_uint_eq(ix.size, 4200066);
    kalah_rng g = kalah_rng_seed(4);
    for (int k = 0; k < 20000; k++) {
        uint64_t i = kalah_rng_next(&g) % ix.size;
        puluk_ix_pos q, q2;
        puluk_ix_unrank(&ix, i, &q);
        ck_assert_uint_eq(puluk_ix_rank(&ix, &q), i);
        /* Black to move: the mirrored position has the same index. */
        puluk_pos p = puluk_ix_to_pos(&ix, &q), m = puluk_mirror(&r, &p);
        puluk_ix_from_pos(&ix, &m, &q2);
        ck_assert_mem_eq(&q, &q2, sizeof q);
    }
    /* Positions of games, either side to move, are indexed. */
    for (int k = 0; k < 2000; k++) {
        puluk_pos p = random_pos(&r, &g, kalah_rng_below(&g, 150));
        uint64_t i = puluk_index_of(&r, &p);
        ck_assert_uint_lt(i, ix.size);
        puluk_pos back = puluk_index_pos(&r, i);
        puluk_pos want = p.to_move == PULUK_WHITE ? p : puluk_mirror(&r, &p);
        ck_assert_mem_eq(&back, &want, sizeof back);
    }
}
END_TEST

/* The solver's children of q with throw t, as indices, sorted. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void same_children(const puluk_rules *r, const puluk_ix *ix, uint64_t i)
{
    puluk_ix_pos q, kid[PULUK_MAX_MOVES];
    puluk_ix_unrank(ix, i, &q);
    puluk_pos p = puluk_ix_to_pos(ix, &q);
    if (puluk_over(r, &p))
        return;
    for (int t = 1; t <= 5; t++) {
        uint64_t a[PULUK_MAX_MOVES], b[PULUK_MAX_MOVES];
        int n = puluk_ix_children(ix, &q, t, kid);
        for (int j = 0; j < n; j++)
            a[j] = puluk_ix_rank(ix, &kid[j]);
        puluk_pos th = p;
        th.thrown = (uint8_t)t;
        int moves[PULUK_MAX_MOVES], m = puluk_moves(r, &th, moves);
        ck_assert_int_eq(n, m);
        for (int j = 0; j < m; j++) {
            puluk_pos c = th;
            puluk_play(r, &c, moves[j], NULL, NULL);
            puluk_ix_pos cq;
            puluk_ix_from_pos(ix, &c, &cq);
            b[j] = puluk_ix_rank(ix, &cq);
        }
        qsort(a, (size_t)n, sizeof a[0], cmp_u64);
        qsort(b, (size_t)m, sizeof b[0], cmp_u64);
        for (int j = 0; j < n; j++)
            ck_assert_msg(a[j] == b[j], "%s throw %d", text_of(r, &p), t);
    }
}

START_TEST(solver_moves_are_the_rules)
{
    /* The solver moves on its own form (puluk_ix_children); the rules on
     * columns (puluk_play): the same children from every position of a
     * small board and from random ones of the seed's. */
    puluk_rules r = rules_of("puluk-5-3");
    puluk_ix ix;
    puluk_ix_init(&ix, &r);
    for (uint64_t i = 0; i < ix.size; i++)
        same_children(&r, &ix, i);
    r = puluk_rules_default();
    puluk_ix_init(&ix, &r);
    kalah_rng g = kalah_rng_seed(8);
    for (int k = 0; k < 20000; k++)
        same_children(&r, &ix, kalah_rng_next(&g) % ix.size);
}
END_TEST

/* ---- a second solver ----------------------------------------------------------- */

/* Positions as text in a hash set, White's and Black's turns apart, values
 * by plain (Jacobi) value iteration from 1/2: no index, no layers, no
 * bounds, until no value moves by 1e-15. */
typedef struct second {
    int n, cap, slots;
    char (*text)[PULUK_TEXT_MAX];
    int *slot; /* 1 + position, 0 empty */
} second;

static unsigned hash_text(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The position's number, added when new. */
static int second_id(second *s, const char *text)
{
    unsigned i = hash_text(text) & (unsigned)(s->slots - 1);
    while (s->slot[i]) {
        if (strcmp(s->text[s->slot[i] - 1], text) == 0)
            return s->slot[i] - 1;
        i = (i + 1) & (unsigned)(s->slots - 1);
    }
    ck_assert_int_lt(s->n, s->cap);
    snprintf(s->text[s->n], sizeof s->text[0], "%s", text);
    s->slot[i] = ++s->n;
    return s->n - 1;
}

static double second_start(const puluk_rules *r, int cap)
{
    second s = {.cap = cap, .slots = 1};
    while (s.slots < 2 * cap)
        s.slots *= 2;
    s.text = malloc((size_t)cap * sizeof *s.text);
    s.slot = calloc((size_t)s.slots, sizeof *s.slot);
    int (*kid)[5][PULUK_MAX_MOVES] = malloc((size_t)cap * sizeof *kid);
    int (*nk)[5] = calloc((size_t)cap, sizeof *nk);
    bool *over = malloc((size_t)cap);
    ck_assert(s.text && s.slot && kid && nk && over);
    char text[PULUK_TEXT_MAX];
    puluk_pos start = puluk_start(r);
    puluk_pos_format(r, &start, text, sizeof text);
    second_id(&s, text);
    /* Breadth first: position i's children get numbers as they are seen. */
    for (int i = 0; i < s.n; i++) {
        puluk_rules rr;
        puluk_pos p = pos_of(s.text[i], &rr);
        over[i] = puluk_over(r, &p);
        if (over[i])
            continue;
        for (int t = 1; t <= 5; t++) {
            p.thrown = (uint8_t)t;
            int moves[PULUK_MAX_MOVES], k = puluk_moves(r, &p, moves);
            for (int j = 0; j < k; j++) {
                puluk_pos c = p;
                puluk_play(r, &c, moves[j], NULL, NULL);
                puluk_pos_format(r, &c, text, sizeof text);
                kid[i][t - 1][j] = second_id(&s, text);
            }
            nk[i][t - 1] = k;
        }
    }
    double prob[6], *v = malloc((size_t)s.n * sizeof *v), *next = malloc((size_t)s.n * sizeof *v);
    ck_assert(v && next);
    puluk_throw_probs(r, prob);
    for (int i = 0; i < s.n; i++)
        v[i] = over[i] ? 0 : 0.5;
    for (int it = 0; it < 1000000; it++) {
        double moved = 0;
        for (int i = 0; i < s.n; i++) {
            double x = 0;
            for (int t = 0; t < 5 && !over[i]; t++) {
                double best = 0;
                for (int j = 0; j < nk[i][t]; j++)
                    best = fmax(best, 1 - v[kid[i][t][j]]);
                x += prob[t + 1] * best;
            }
            next[i] = x;
            moved = fmax(moved, fabs(x - v[i]));
        }
        memcpy(v, next, (size_t)s.n * sizeof *v);
        if (moved < 1e-15)
            break;
    }
    double at_start = v[0];
    free(v);
    free(next);
    free(over);
    free(kid);
    free(nk);
    free(s.slot);
    free(s.text);
    return at_start;
}

START_TEST(second_solver)
{
    const char *boards[] = {"puluk-1-1", "puluk-3-1", "puluk-4-2", "puluk-5-2+blank+bias=65",
                            "puluk-3-3"};
    for (int b = 0; b < 5; b++) {
        puluk_rules r = rules_of(boards[b]);
        puluk_table *t = solved(&r);
        puluk_pos start = puluk_start(&r);
        double mine = puluk_table_value(t, &start), theirs = second_start(&r, 200000);
        ck_assert_msg(fabs(mine - theirs) < 1e-9, "%s: %.12f, the second solver %.12f",
                      boards[b], mine, theirs);
        puluk_table_free(t);
    }
}
END_TEST

START_TEST(the_equations_hold)
{
    /* At every position of puluk-6-3, by the rules' moves (not the
     * solver's): V = sum of p(t) max (1 - V(child)), within the gap. */
    puluk_rules r = rules_of("puluk-6-3");
    puluk_table *t = solved(&r);
    double prob[6];
    puluk_throw_probs(&r, prob);
    uint64_t n = puluk_table_size(t);
    for (uint64_t i = 0; i < n; i++) {
        puluk_pos p = puluk_index_pos(&r, i);
        if (puluk_free_pieces(&r, &p, 1) == 0)
            continue; /* never reached: the game ended before */
        double want = 0;
        for (int th = 1; th <= 5 && !puluk_over(&r, &p); th++) {
            puluk_pos q = p;
            q.thrown = (uint8_t)th;
            want += prob[th] * puluk_table_value(t, &q);
        }
        double got = puluk_table_value(t, &p);
        ck_assert_msg(fabs(got - want) < 2e-12, "%s: %.15f, the equation %.15f", text_of(&r, &p),
                      got, want);
        ck_assert(got >= 0 && got <= 1);
    }
    puluk_table_free(t);
}
END_TEST

START_TEST(reachable)
{
    /* puluk_count_reachable against the second solver's breadth-first
     * search on a small board. */
    puluk_rules r = rules_of("puluk-4-2");
    uint64_t indexed, positions;
    ck_assert_int_eq(puluk_count_reachable(&r, &indexed, &positions, NULL), KALAH_OK);
    second s = {.cap = 100000, .slots = 262144};
    s.text = malloc((size_t)s.cap * sizeof *s.text);
    s.slot = calloc((size_t)s.slots, sizeof *s.slot);
    char text[PULUK_TEXT_MAX];
    puluk_pos start = puluk_start(&r);
    puluk_pos_format(&r, &start, text, sizeof text);
    second_id(&s, text);
    for (int i = 0; i < s.n; i++) {
        puluk_rules rr;
        puluk_pos p = pos_of(s.text[i], &rr);
        for (int t = 1; t <= 5 && !puluk_over(&r, &p); t++) {
            p.thrown = (uint8_t)t;
            int moves[PULUK_MAX_MOVES], k = puluk_moves(&r, &p, moves);
            for (int j = 0; j < k; j++) {
                puluk_pos c = p;
                puluk_play(&r, &c, moves[j], NULL, NULL);
                puluk_pos_format(&r, &c, text, sizeof text);
                second_id(&s, text);
            }
        }
    }
    ck_assert_uint_eq(positions, (uint64_t)s.n);
    /* Told apart by the side to move no more: each position and its mirror
     * are one. */
    int same = 0;
    for (int i = 0; i < s.n; i++) {
        puluk_rules rr;
        puluk_pos p = pos_of(s.text[i], &rr), m = puluk_mirror(&r, &p);
        puluk_pos_format(&r, &m, text, sizeof text);
        unsigned h = hash_text(text) & (unsigned)(s.slots - 1);
        bool found = false;
        while (s.slot[h] && !found) {
            found = strcmp(s.text[s.slot[h] - 1], text) == 0;
            h = (h + 1) & (unsigned)(s.slots - 1);
        }
        same += found;
    }
    /* A pair counts once in indexed: positions - pairs/2 ... each position
     * with its mirror also reached is counted twice among s.n. */
    ck_assert_uint_eq(indexed, (uint64_t)(s.n - same / 2));
    free(s.text);
    free(s.slot);
}
END_TEST

START_TEST(refusals)
{
    puluk_rules r = rules_of("puluk+skiryuk");
    puluk_table *t;
    kalah_error err;
    ck_assert_int_eq(puluk_solve(&r, NULL, &t, NULL, &err), KALAH_EINVAL);
    ck_assert(strstr(err.message, "author's release rule"));
}
END_TEST

/* ---- the file ------------------------------------------------------------------- */

static char *tmp_path(const char *name)
{
    static char buf[256];
    snprintf(buf, sizeof buf, "/tmp/puluk-test-%d-%s", (int)getpid(), name);
    return buf;
}

/* Changes the byte at offset (from the end when negative) of path. */
static void poke(const char *path, long offset, const char *bytes, size_t n)
{
    FILE *f = fopen(path, "r+b");
    ck_assert(f);
    ck_assert_int_eq(fseek(f, offset, offset < 0 ? SEEK_END : SEEK_SET), 0);
    ck_assert_uint_eq(fwrite(bytes, 1, n, f), n);
    fclose(f);
}

START_TEST(table_file)
{
    puluk_rules r = rules_of("puluk-4-3");
    puluk_table *t = solved(&r), *back = NULL;
    const char *path = tmp_path("table");
    kalah_error err;
    ck_assert_msg(puluk_table_save(t, path, &err) == KALAH_OK, "%s", err.message);
    ck_assert_msg(puluk_table_load(path, &back, &err) == KALAH_OK, "%s", err.message);
    ck_assert_uint_eq(puluk_table_size(back), puluk_table_size(t));
    ck_assert_uint_eq(puluk_table_crc(back), puluk_table_crc(t));
    ck_assert_mem_eq(puluk_table_rules(back), &r, sizeof r);
    for (uint64_t i = 0; i < puluk_table_size(t); i++) {
        puluk_pos p = puluk_index_pos(&r, i);
        ck_assert(puluk_table_value(back, &p) == puluk_table_value(t, &p));
    }
    puluk_table_free(back);
    /* The header as docs/puluk.md gives it. */
    FILE *f = fopen(path, "rb");
    char head[128] = "";
    ck_assert_uint_gt(fread(head, 1, sizeof head - 1, f), 60);
    fclose(f);
    ck_assert_msg(strncmp(head, "puluk61-table 1\nrules puluk-4-3\npositions ", 42) == 0,
                  "%s", head);
    /* One flipped value is found. */
    poke(path, -3, "\x7f", 1);
    ck_assert_int_eq(puluk_table_load(path, &back, &err), KALAH_ESYNTAX);
    ck_assert_msg(strstr(err.message, "checksum does not match"), "%s", err.message);
    /* Cut short, another format, not a table. */
    ck_assert_int_eq(puluk_table_save(t, path, NULL), KALAH_OK);
    ck_assert_int_eq(truncate(path, 200), 0);
    ck_assert_int_eq(puluk_table_load(path, &back, &err), KALAH_ESYNTAX);
    ck_assert_msg(strstr(err.message, "cut short"), "%s", err.message);
    ck_assert_int_eq(puluk_table_save(t, path, NULL), KALAH_OK);
    poke(path, 14, "2", 1);
    ck_assert_int_eq(puluk_table_load(path, &back, &err), KALAH_ESYNTAX);
    ck_assert_msg(strstr(err.message, "another format"), "%s", err.message);
    poke(path, 0, "kalah", 5);
    ck_assert_int_eq(puluk_table_load(path, &back, &err), KALAH_ESYNTAX);
    ck_assert_msg(strstr(err.message, "not a Pul"), "%s", err.message);
    unlink(path);
    ck_assert_int_eq(puluk_table_load(path, &back, &err), KALAH_EINVAL);
    ck_assert_msg(strstr(err.message, "cannot open"), "%s", err.message);
    puluk_table_free(t);
}
END_TEST

Suite *puluk_solve_suite(void)
{
    Suite *s = suite_create("puluk_solve");
    TCase *tc = tcase_create("solve");
    tcase_add_test(tc, index_counts);
    tcase_add_test(tc, solver_moves_are_the_rules);
    tcase_add_test(tc, second_solver);
    tcase_add_test(tc, the_equations_hold);
    tcase_add_test(tc, reachable);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, table_file);
    suite_add_tcase(s, tc);
    return s;
}
