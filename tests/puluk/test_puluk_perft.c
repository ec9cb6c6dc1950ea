/* Counting Pulúk's move sequences and positions: counts worked out by hand,
 * and a second model of the rules, written here from docs/puluk.md on
 * strings of letters, that must agree with the core move for move. */
#include "puluk_tests.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* ---- the second model ----------------------------------------------------------- */

/* A column is a string of 'w' and 'b', the top first; towns are counts. */
typedef struct ref {
    int strips, mover, thrown;
    puluk_release release;
    int home[2];
    char col[PULUK_MAX_STRIPS + 2][2 * PULUK_MAX_PIECES + 1]; /* [1..strips] */
} ref;

static char letter(int side)
{
    return side == PULUK_WHITE ? 'w' : 'b';
}

static ref ref_of(const puluk_rules *r, const puluk_pos *p)
{
    ref m;
    memset(&m, 0, sizeof m);
    m.strips = r->strips;
    m.release = r->release;
    m.mover = p->to_move;
    m.thrown = p->thrown;
    m.home[0] = p->town[0];
    m.home[1] = p->town[1];
    for (int s = 1; s <= r->strips; s++)
        for (int k = 0; k < p->height[s]; k++)
            m.col[s][k] = (p->stack[s] >> k) & 1u ? 'b' : 'w';
    return m;
}

/* The position as the notation writes it, by this model's own hand. */
static void ref_text(const puluk_rules *r, const ref *m, char *buf, size_t size)
{
    char rules[PULUK_TEXT_MAX];
    puluk_rules_format(r, rules, sizeof rules);
    int n = snprintf(buf, size, "%s:%c", rules, m->mover ? 'B' : 'W');
    if (m->thrown)
        n += snprintf(buf + n, size - (size_t)n, "%d", m->thrown);
    n += snprintf(buf + n, size - (size_t)n, ":%d", m->home[0]);
    for (int s = 1; s <= m->strips; s++)
        n += snprintf(buf + n, size - (size_t)n, ",%s", m->col[s][0] ? m->col[s] : "-");
    snprintf(buf + n, size - (size_t)n, ",%d", m->home[1]);
}

static bool ref_over(const ref *m)
{
    if (m->home[m->mover])
        return false;
    for (int s = 1; s <= m->strips; s++)
        if (m->col[s][0] == letter(m->mover))
            return false;
    return true;
}

/* The positions after each legal move with throw t; returns how many. */
static int ref_children(const ref *m, int t, ref out[PULUK_MAX_MOVES + 1])
{
    int n = 0, me = m->mover;
    char mine = letter(me);
    int town = me == PULUK_WHITE ? 0 : m->strips + 1;
    for (int from = 0; from <= m->strips + 1; from++) {
        char unit[2 * PULUK_MAX_PIECES + 1] = "";
        ref c = *m;
        if (from == town) {
            if (!m->home[me])
                continue;
            c.home[me]--;
            unit[0] = mine;
        } else if (from >= 1 && from <= m->strips && m->col[from][0] == mine) {
            size_t len = strlen(m->col[from]), k = 1;
            if (m->release == PULUK_RELEASE_TOWN)
                k = len;
            else
                while (k < len && m->col[from][k] != mine)
                    k++;
            memcpy(unit, m->col[from], k);
            unit[k] = '\0';
            memmove(c.col[from], m->col[from] + k, len - k + 1);
        } else {
            continue;
        }
        int to = me == PULUK_WHITE ? from + t : from - t;
        if (to <= 0 || to >= m->strips + 1) {
            for (const char *u = unit; *u; u++)
                c.home[me] += *u == mine; /* the others die */
        } else {
            if (m->col[to][0] == mine)
                continue;
            char next[2 * PULUK_MAX_PIECES + 1];
            snprintf(next, sizeof next, "%s", unit);
            for (const char *d = m->col[to]; *d; d++) {
                if (m->release == PULUK_RELEASE_HOME && *d == mine)
                    c.home[me]++; /* freed: home */
                else
                    strncat(next, d, 1);
            }
            snprintf(c.col[to], sizeof c.col[to], "%s", next);
        }
        c.mover = 1 - me;
        c.thrown = 0;
        out[n++] = c;
    }
    return n;
}

static uint64_t ref_perft(const ref *m, int depth)
{
    if (depth == 0)
        return 1;
    if (ref_over(m))
        return 0;
    uint64_t n = 0;
    for (int t = 1; t <= PULUK_MAX_THROW; t++) {
        if (m->thrown && t != m->thrown)
            continue;
        ref kids[PULUK_MAX_MOVES + 1];
        int k = ref_children(m, t, kids);
        for (int i = 0; i < k; i++)
            n += ref_perft(&kids[i], depth - 1);
    }
    return n;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* ---- tests -------------------------------------------------------------------- */

START_TEST(by_hand)
{
    /* From the start, a ply is a throw and a move. Ply 1: each of five
     * throws brings one piece out (all five at home are alike): 5. Ply 2:
     * Black the same: 25, all different (White on 1..5, Black on 9..5; 5
     * and 5 is a capture). Ply 3: of the 25, the 24 where White's piece
     * stands have, over the five throws, the piece's move (always legal:
     * it lands beyond White's pieces, on Black's or in the far town) and a
     * new piece except for the throw that lands on it: 5 + 4 = 9 each; in
     * the one where Black took it, a new piece for every throw: 5. So
     * 24 * 9 + 5 = 221. */
    puluk_rules r = puluk_rules_default();
    puluk_pos p = puluk_start(&r);
    ck_assert_uint_eq(puluk_perft(&r, &p, 0), 1);
    ck_assert_uint_eq(puluk_perft(&r, &p, 1), 5);
    ck_assert_uint_eq(puluk_perft(&r, &p, 2), 25);
    ck_assert_uint_eq(puluk_perft(&r, &p, 3), 221);
    uint64_t counts[4];
    ck_assert_int_eq(puluk_reach(&r, &p, 3, 100000, counts, NULL), KALAH_OK);
    ck_assert_uint_eq(counts[0], 1);
    ck_assert_uint_eq(counts[1], 5);
    ck_assert_uint_eq(counts[2], 25);
    /* A thrown position's first ply takes its throw only: the seed's
     * situation with 2 has three moves. */
    p = pos_of("puluk:W2:2,-,-,w,-,b,-,-,wb,-,3", &r);
    ck_assert_uint_eq(puluk_perft(&r, &p, 1), 3);
    /* A finished game has no plies. */
    p = pos_of("puluk:B:3,-,-,-,-,wb,-,-,-,-,0", &r);
    ck_assert_uint_eq(puluk_perft(&r, &p, 1), 0);
}
END_TEST

START_TEST(second_model_perft)
{
    const char *variants[] = {"puluk", "puluk+skiryuk", "puluk+english", "puluk-3-2+skiryuk",
                              "puluk-2-5+english"};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        puluk_rules r;
        ck_assert_int_eq(puluk_rules_parse(variants[v], &r, NULL), KALAH_OK);
        puluk_pos p = puluk_start(&r);
        ref m = ref_of(&r, &p);
        for (int d = 1; d <= 5; d++)
            ck_assert_msg(puluk_perft(&r, &p, d) == ref_perft(&m, d), "%s depth %d: %llu, "
                          "the second model %llu", variants[v], d,
                          (unsigned long long)puluk_perft(&r, &p, d),
                          (unsigned long long)ref_perft(&m, d));
    }
}
END_TEST

START_TEST(second_model_moves)
{
    /* From random positions deep in games, every throw's moves lead to the
     * same positions in both models (as text, sorted). */
    const char *variants[] = {"puluk", "puluk+skiryuk", "puluk+english", "puluk-5-4+skiryuk",
                              "puluk-4-3+english"};
    kalah_rng g = kalah_rng_seed(21);
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        puluk_rules r;
        ck_assert_int_eq(puluk_rules_parse(variants[v], &r, NULL), KALAH_OK);
        for (int k = 0; k < 400; k++) {
            puluk_pos p = random_pos(&r, &g, kalah_rng_below(&g, 200));
            ref m = ref_of(&r, &p);
            ck_assert_int_eq(ref_over(&m), puluk_over(&r, &p));
            for (int t = 1; t <= PULUK_MAX_THROW; t++) {
                puluk_pos q = p;
                q.thrown = (uint8_t)t;
                int moves[PULUK_MAX_MOVES], n = puluk_moves(&r, &q, moves);
                ref kids[PULUK_MAX_MOVES + 1];
                int rn = ref_children(&m, t, kids);
                ck_assert_msg(n == rn, "%s throw %d: %d moves, the second model %d",
                              text_of(&r, &p), t, n, rn);
                char a[PULUK_MAX_MOVES][PULUK_TEXT_MAX], b[PULUK_MAX_MOVES][PULUK_TEXT_MAX];
                for (int i = 0; i < n; i++) {
                    puluk_pos c = q;
                    puluk_play(&r, &c, moves[i], NULL, NULL);
                    puluk_pos_format(&r, &c, a[i], sizeof a[i]);
                    ref_text(&r, &kids[i], b[i], sizeof b[i]);
                }
                qsort(a, (size_t)n, sizeof a[0], by_text);
                qsort(b, (size_t)n, sizeof b[0], by_text);
                for (int i = 0; i < n; i++)
                    ck_assert_str_eq(a[i], b[i]);
            }
        }
    }
}
END_TEST

START_TEST(distinct_positions)
{
    /* puluk_reach's distinct positions against a count of this file's own:
     * the sorted texts of the model's positions ply by ply. */
    const char *variants[] = {"puluk", "puluk+english"};
    for (size_t v = 0; v < 2; v++) {
        puluk_rules r;
        ck_assert_int_eq(puluk_rules_parse(variants[v], &r, NULL), KALAH_OK);
        puluk_pos p = puluk_start(&r);
        enum { DEPTH = 5, CAP = 20000 };
        uint64_t counts[DEPTH + 1];
        ck_assert_int_eq(puluk_reach(&r, &p, DEPTH, 100000, counts, NULL), KALAH_OK);
        char (*cur)[PULUK_TEXT_MAX] = malloc(CAP * sizeof *cur);
        char (*next)[PULUK_TEXT_MAX] = malloc(CAP * sizeof *next);
        ref *level = malloc(CAP * sizeof *level), *nlevel = malloc(CAP * sizeof *nlevel);
        ck_assert(cur && next && level && nlevel);
        int n = 1;
        level[0] = ref_of(&r, &p);
        for (int d = 1; d <= DEPTH; d++) {
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (ref_over(&level[i]))
                    continue;
                for (int t = 1; t <= 5; t++) {
                    ref kids[PULUK_MAX_MOVES + 1];
                    int k = ref_children(&level[i], t, kids);
                    for (int j = 0; j < k; j++) {
                        ck_assert_int_lt(m, CAP);
                        ref_text(&r, &kids[j], next[m], sizeof next[m]);
                        nlevel[m++] = kids[j];
                    }
                }
            }
            /* Keep one of each position. */
            int *idx = malloc((size_t)m * sizeof *idx);
            for (int i = 0; i < m; i++)
                snprintf(cur[i], sizeof cur[i], "%s", next[i]);
            qsort(next, (size_t)m, sizeof next[0], by_text);
            int distinct = 0;
            for (int i = 0; i < m; i++)
                distinct += i == 0 || strcmp(next[i], next[i - 1]) != 0;
            ck_assert_msg(counts[d] == (uint64_t)distinct, "%s ply %d: %llu, counted %d",
                          variants[v], d, (unsigned long long)counts[d], distinct);
            /* The next level: the first of each text. */
            n = 0;
            for (int i = 0; i < m; i++) {
                bool seen = false;
                for (int j = 0; j < n && !seen; j++)
                    seen = idx[j] >= 0 && strcmp(cur[idx[j]], cur[i]) == 0;
                if (!seen) {
                    idx[n] = i;
                    level[n++] = nlevel[i];
                }
            }
            free(idx);
        }
        free(cur);
        free(next);
        free(level);
        free(nlevel);
    }
}
END_TEST

Suite *puluk_perft_suite(void)
{
    Suite *s = suite_create("puluk_perft");
    TCase *tc = tcase_create("perft");
    tcase_add_test(tc, by_hand);
    tcase_add_test(tc, second_model_perft);
    tcase_add_test(tc, second_model_moves);
    tcase_add_test(tc, distinct_positions);
    suite_add_tcase(s, tc);
    return s;
}
