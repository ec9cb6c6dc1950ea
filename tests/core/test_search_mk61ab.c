/* test_search_mk61ab: the MK-61 program's alpha-beta in the core (levels
 * mk61ab-1..3: alpha-beta, E1, the moves in pit order; docs/search.md).
 *
 * - Against a brute force written here: the whole tree built explicitly,
 *   children in pit order (the calculator's order), and the textbook
 *   alpha-beta run over it in minimax form (max and min nodes, a full
 *   window at the root, a cut as soon as alpha >= beta, fail-soft). The
 *   core's search (negamax form) must visit exactly the brute force's nodes,
 *   in the same order, with the same values, windows and cuts.
 * - Against minimax: the same root move and value (a full window at the
 *   root and strict improvements guarantee it), and every node's value the
 *   bound its window makes it (exact inside the window, an upper bound at
 *   or below alpha, a lower bound at or above beta) of the node's minimax
 *   value, for the ordered alpha-betas too.
 * - The levels and the player text that name it.
 * Expected values come from the brute force and from minimax over the
 * explicit tree, never from the code under test. */
#include "kalah.h"
#include "kalah_search.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *show(const kalah_rules *r, const kalah_pos *p)
{
    static char buf[KALAH_TEXT_MAX];
    kalah_pos_format(r, p, buf, sizeof buf);
    return buf;
}

/* ---- the tree, explicitly ------------------------------------------------ */

#define TREE_MAX 20000

typedef struct tnode {
    kalah_pos pos;
    int parent, pit, ply;
    int nkids, kid[KALAH_MAX_PITS];
    bool leaf;
    double minimax; /* for the root's side */
} tnode;

typedef struct tree {
    const kalah_rules *r;
    int root_side;
    int n;
    tnode *node;
} tree;

/* Builds the subtree of node i to the given depth, children in increasing
 * pit order; returns its minimax value. */
static double build(tree *t, int i, int depth)
{
    tnode *nd = &t->node[i];
    if (depth == 0 || kalah_over(t->r, &nd->pos)) {
        nd->leaf = true;
        nd->minimax = kalah_value(t->r, &nd->pos, t->root_side, KALAH_E1);
        return nd->minimax;
    }
    int moves[KALAH_MAX_PITS], n = kalah_moves(t->r, &nd->pos, moves);
    bool max = nd->pos.to_move == t->root_side;
    double best = max ? -INFINITY : INFINITY;
    for (int k = 0; k < n; k++) {
        ck_assert_int_lt(t->n, TREE_MAX);
        int c = t->n++;
        tnode *kid = &t->node[c];
        memset(kid, 0, sizeof *kid);
        kid->pos = t->node[i].pos;
        ck_assert_int_eq(kalah_play(t->r, &kid->pos, moves[k], NULL, NULL), KALAH_OK);
        kid->parent = i;
        kid->pit = moves[k];
        kid->ply = t->node[i].ply + 1;
        t->node[i].kid[t->node[i].nkids++] = c;
        double v = build(t, c, depth - 1);
        if (max ? v > best : v < best)
            best = v;
    }
    t->node[i].minimax = best;
    return best;
}

static void tree_build(tree *t, const kalah_rules *r, const kalah_pos *p, int depth)
{
    static tnode nodes[TREE_MAX];
    t->r = r;
    t->root_side = p->to_move;
    t->node = nodes;
    t->n = 1;
    memset(&nodes[0], 0, sizeof nodes[0]);
    nodes[0].pos = *p;
    nodes[0].parent = -1;
    build(t, 0, depth);
}

/* ---- the textbook alpha-beta over it ------------------------------------- */

/* A node alpha-beta visited, as it finished it. */
typedef struct seen {
    int node;
    double value, alpha, beta;
    bool cut;
} seen;

typedef struct textbook {
    tree *t;
    seen *list;
    int n;
    bool strict; /* a wrong cut, for the test that must see it: alpha > beta */
} textbook;

/* Minimax form, fail-soft: a max node raises alpha, a min node lowers
 * beta, and either stops once alpha >= beta. */
static double textbook_ab(textbook *b, int i, double alpha, double beta)
{
    const tnode *nd = &b->t->node[i];
    double a0 = alpha, b0 = beta, v;
    bool cut = false;
    if (nd->leaf) {
        v = nd->minimax;
    } else {
        bool max = nd->pos.to_move == b->t->root_side;
        v = max ? -INFINITY : INFINITY;
        for (int k = 0; k < nd->nkids; k++) {
            double x = textbook_ab(b, nd->kid[k], alpha, beta);
            if (max) {
                v = x > v ? x : v;
                alpha = v > alpha ? v : alpha;
            } else {
                v = x < v ? x : v;
                beta = v < beta ? v : beta;
            }
            if (b->strict ? alpha > beta : alpha >= beta) {
                cut = true;
                break;
            }
        }
    }
    b->list[b->n++] = (seen){i, v, a0, b0, cut};
    return v;
}

/* ---- the core's search, recorded -------------------------------------------- */

typedef struct recorded {
    const kalah_rules *r;
    kalah_pos root;
    int n;
    struct {
        int ply, path[8];
        uint8_t movers[8];
        kalah_pos pos;
        double value, alpha, beta;
        bool leaf, cut;
    } node[TREE_MAX];
} recorded;

static void record(void *ctx, const kalah_node *n)
{
    recorded *rec = ctx;
    ck_assert_int_lt(rec->n, TREE_MAX);
    ck_assert_int_le(n->ply, 8);
    rec->node[rec->n].ply = n->ply;
    for (int k = 0; k < n->ply; k++) {
        rec->node[rec->n].path[k] = n->path[k];
        rec->node[rec->n].movers[k] = n->movers[k];
    }
    rec->node[rec->n].pos = *n->pos;
    rec->node[rec->n].value = n->value;
    rec->node[rec->n].alpha = n->alpha;
    rec->node[rec->n].beta = n->beta;
    rec->node[rec->n].leaf = n->leaf;
    rec->node[rec->n].cut = n->cut;
    rec->n++;
}

/* mk61ab-d; past the program's depths, the same by the player text. */
static kalah_player mk61ab(int depth)
{
    kalah_player pl;
    char name[32];
    if (depth <= 3) {
        snprintf(name, sizeof name, "mk61ab-%d", depth);
        ck_assert_int_eq(kalah_level(name, 0, &pl, NULL), KALAH_OK);
    } else {
        snprintf(name, sizeof name, "alphabeta:e1:%d:pits", depth);
        ck_assert_int_eq(kalah_player_parse(name, 0, &pl, NULL), KALAH_OK);
    }
    return pl;
}

/* The path of explicit node i, root first, in *path (its length returned). */
static int path_of(const tree *t, int i, int path[8], uint8_t movers[8])
{
    int len = t->node[i].ply;
    for (int k = len - 1; k >= 0; k--) {
        int parent = t->node[i].parent;
        path[k] = t->node[i].pit;
        movers[k] = t->node[parent].pos.to_move;
        i = parent;
    }
    return len;
}

static int random_positions_checked;

/* One position, one depth: the core's mk61ab against the textbook. Returns
 * the nodes alpha-beta skipped. */
static int against_textbook(const kalah_rules *r, const kalah_pos *p, int depth)
{
    static tree t;
    static seen list[TREE_MAX];
    static recorded rec;
    tree_build(&t, r, p, depth);
    textbook b = {&t, list, 0, false};
    /* The root: a max node with a full window; its best move the first
     * child that raises the value strictly. */
    const tnode *root = &t.node[0];
    double best = -INFINITY;
    int move = 0;
    if (root->leaf) {
        list[b.n++] = (seen){0, root->minimax, -INFINITY, INFINITY, false};
    } else {
        for (int k = 0; k < root->nkids; k++) {
            double x = textbook_ab(&b, root->kid[k], best, INFINITY);
            if (x > best) {
                best = x;
                move = t.node[root->kid[k]].pit;
            }
        }
        list[b.n++] = (seen){0, best, -INFINITY, INFINITY, false};
    }

    kalah_player pl = mk61ab(depth);
    kalah_result res;
    rec.r = r;
    rec.root = *p;
    rec.n = 0;
    ck_assert_int_eq(kalah_search_visit(r, p, &pl, record, &rec, &res, NULL), KALAH_OK);
    const char *where = show(r, p);
    ck_assert_msg(rec.n == b.n, "%s depth %d: the core visits %d nodes, the textbook %d", where,
                  depth, rec.n, b.n);
    for (int k = 0; k < b.n; k++) {
        int path[8];
        uint8_t movers[8];
        int len = path_of(&t, list[k].node, path, movers);
        const tnode *nd = &t.node[list[k].node];
        ck_assert_msg(rec.node[k].ply == len &&
                          memcmp(rec.node[k].path, path, (size_t)len * sizeof path[0]) == 0 &&
                          memcmp(rec.node[k].movers, movers, (size_t)len) == 0,
                      "%s depth %d: node %d is another node than the textbook's", where, depth,
                      k + 1);
        ck_assert(memcmp(&rec.node[k].pos, &nd->pos, sizeof nd->pos) == 0);
        ck_assert_msg(rec.node[k].value == list[k].value && rec.node[k].alpha == list[k].alpha &&
                          rec.node[k].beta == list[k].beta,
                      "%s depth %d: node %d: the core's %g in [%g, %g], the textbook's %g in "
                      "[%g, %g]",
                      where, depth, k + 1, rec.node[k].value, rec.node[k].alpha,
                      rec.node[k].beta, list[k].value, list[k].alpha, list[k].beta);
        ck_assert_int_eq(rec.node[k].leaf, nd->leaf);
        ck_assert_int_eq(rec.node[k].cut, list[k].cut);
    }
    if (!root->leaf) {
        ck_assert_int_eq(res.move, move);
        ck_assert(res.value == best);
        ck_assert_int_eq((int)res.nodes, b.n);
        /* kalah_search gives the same as the visited search. */
        kalah_result plain;
        ck_assert_int_eq(kalah_search(r, p, &pl, NULL, &plain, NULL), KALAH_OK);
        ck_assert_int_eq(plain.move, res.move);
        ck_assert_int_eq((int)plain.nodes, (int)res.nodes);
    }
    random_positions_checked++;
    return t.n - b.n;
}

/* Random positions of Kalah(6,1..6) (the program's rules), either side to
 * move, depths 1..4: the core's mk61ab and the textbook agree node for
 * node, and alpha-beta skips some nodes. Depth 4 goes past the program's
 * depths: the core's search is the same at any depth. */
START_TEST(mk61ab_is_the_textbook_alphabeta_in_pit_order)
{
    kalah_rng g = kalah_rng_seed(6137);
    long skipped = 0, positions = 0;
    random_positions_checked = 0;
    for (int stones = 1; stones <= 6; stones++) {
        kalah_rules r = kalah_rules_default();
        r.stones = stones;
        for (int k = 0; k < 60; k++) {
            kalah_pos p = kalah_random_opening(&r, kalah_rng_below(&g, 30), &g);
            for (int d = 1; d <= 4; d++) {
                skipped += against_textbook(&r, &p, d);
                positions++;
            }
        }
    }
    ck_assert_int_eq(random_positions_checked, positions);
    ck_assert_int_gt(skipped, 1000);
}
END_TEST

/* The three positions of programs/kalah.md: the core's alpha-beta in pit
 * order against the textbook. */
START_TEST(the_documented_positions)
{
    const char *const text[] = {"kalah-6-6:S:6,6,6,6,6,6/0:6,6,6,6,6,6/0",
                                "kalah-6-4:N:0,5,5,5,5,4/0:4,4,4,4,4,4/0",
                                "kalah-6-3:N:3,0,4,4,4,3/0:3,3,3,3,3,3/0"};
    for (int i = 0; i < 3; i++)
        for (int d = 1; d <= 3; d++) {
            kalah_rules r;
            kalah_pos p;
            ck_assert_int_eq(kalah_pos_parse(text[i], &r, &p, NULL), KALAH_OK);
            int skipped = against_textbook(&r, &p, d);
            if (d == 3)
                ck_assert_int_gt(skipped, 0);
        }
}
END_TEST

/* ---- against minimax ------------------------------------------------------- */

/* The bound a node's value is, by its window, of its minimax value m. */
static bool bound_holds(double v, double alpha, double beta, double m)
{
    if (v <= alpha)
        return m <= v;
    if (v >= beta)
        return m >= v;
    return m == v;
}

/* Every node each alpha-beta visits (mk61ab; the core's ordered one; seed
 * 003's) is the bound its window says of the node's minimax value, taken
 * from the explicit tree; the root move and value are minimax's. */
START_TEST(every_node_is_the_bound_its_window_says)
{
    static tree t;
    static recorded rec;
    kalah_rng g = kalah_rng_seed(61);
    long exact = 0, upper = 0, lower = 0;
    for (int stones = 1; stones <= 6; stones++) {
        kalah_rules r = kalah_rules_default();
        r.stones = stones;
        for (int k = 0; k < 25; k++) {
            kalah_pos p = kalah_random_opening(&r, kalah_rng_below(&g, 30), &g);
            if (kalah_over(&r, &p))
                continue;
            for (int d = 1; d <= 4; d++) {
                tree_build(&t, &r, &p, d);
                kalah_player mm = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = d};
                kalah_result want;
                ck_assert_int_eq(kalah_search(&r, &p, &mm, NULL, &want, NULL), KALAH_OK);
                ck_assert(want.value == t.node[0].minimax);
                const kalah_player players[] = {
                    {.algo = KALAH_ALPHABETA, .eval = KALAH_E1, .depth = d, .pit_order = true},
                    {.algo = KALAH_ALPHABETA, .eval = KALAH_E1, .depth = d},
                    {.algo = KALAH_ALPHABETA003, .eval = KALAH_E1, .depth = d}};
                for (int a = 0; a < 3; a++) {
                    kalah_result res;
                    rec.r = &r;
                    rec.root = p;
                    rec.n = 0;
                    ck_assert_int_eq(
                        kalah_search_visit(&r, &p, &players[a], record, &rec, &res, NULL),
                        KALAH_OK);
                    ck_assert_int_eq(res.move, want.move);
                    ck_assert(res.value == want.value);
                    ck_assert_int_le((int)res.nodes, t.n);
                    for (int i = 0; i < rec.n; i++) {
                        /* The node's minimax value: its path in the tree. */
                        int at = 0;
                        for (int s = 0; s < rec.node[i].ply; s++) {
                            const tnode *nd = &t.node[at];
                            int next = -1;
                            for (int c = 0; c < nd->nkids; c++)
                                if (t.node[nd->kid[c]].pit == rec.node[i].path[s])
                                    next = nd->kid[c];
                            ck_assert_int_ge(next, 0);
                            at = next;
                        }
                        double v = rec.node[i].value, al = rec.node[i].alpha,
                               be = rec.node[i].beta, m = t.node[at].minimax;
                        ck_assert_msg(bound_holds(v, al, be, m),
                                      "%s depth %d player %d node %d: %g in [%g, %g], minimax %g",
                                      show(&r, &p), d, a, i + 1, v, al, be, m);
                        exact += v > al && v < be;
                        upper += v <= al;
                        lower += v >= be;
                    }
                }
            }
        }
    }
    /* Every kind of value occurs. */
    ck_assert_int_gt(exact, 0);
    ck_assert_int_gt(upper, 0);
    ck_assert_int_gt(lower, 0);
}
END_TEST

/* A wrong cut is seen: the textbook run with a cut only when alpha > beta
 * (strictly) visits other nodes than the core on some position, so the
 * comparison above can fail. */
START_TEST(a_cut_on_equality_missed_is_seen)
{
    static tree t;
    static seen list[TREE_MAX];
    kalah_rng g = kalah_rng_seed(8);
    int differ = 0;
    for (int k = 0; k < 200 && !differ; k++) {
        kalah_rules r = kalah_rules_default();
        r.stones = 1 + kalah_rng_below(&g, 6);
        kalah_pos p = kalah_random_opening(&r, kalah_rng_below(&g, 20), &g);
        if (kalah_over(&r, &p))
            continue;
        tree_build(&t, &r, &p, 3);
        textbook b = {&t, list, 0, true};
        double best = -INFINITY;
        for (int c = 0; c < t.node[0].nkids; c++) {
            double x = textbook_ab(&b, t.node[0].kid[c], best, INFINITY);
            best = x > best ? x : best;
        }
        kalah_player pl = mk61ab(3);
        kalah_result res;
        ck_assert_int_eq(kalah_search(&r, &p, &pl, NULL, &res, NULL), KALAH_OK);
        differ = (int)res.nodes != b.n + 1;
        ck_assert(best == res.value); /* the value is the same all the same */
    }
    ck_assert(differ);
}
END_TEST

/* ---- the level and its text ----------------------------------------------- */

START_TEST(levels_and_player_text)
{
    kalah_player pl;
    kalah_error err;
    for (int d = 1; d <= 3; d++) {
        pl = mk61ab(d);
        ck_assert(pl.algo == KALAH_ALPHABETA && pl.eval == KALAH_E1 && pl.depth == d &&
                  pl.pit_order && !pl.ties_to_store);
    }
    ck_assert_int_ne(kalah_level("mk61ab-4", 0, &pl, &err), KALAH_OK);
    ck_assert_int_ne(kalah_level("mk61ab-0", 0, &pl, &err), KALAH_OK);
    ck_assert_int_ne(kalah_level("mk61ab-", 0, &pl, &err), KALAH_OK);
    ck_assert_int_ne(kalah_level("mk61ab-12", 0, &pl, &err), KALAH_OK);
    ck_assert_int_eq(kalah_player_parse("mk61ab-2", 0, &pl, &err), KALAH_OK);
    ck_assert(pl.pit_order && pl.depth == 2);
    char text[80];
    kalah_player_format(&pl, text, sizeof text);
    ck_assert_str_eq(text, "alphabeta e1 depth 2, pits in order");
    /* ":pits" on an alpha-beta player, with or without ":store". */
    ck_assert_int_eq(kalah_player_parse("alphabeta:e1:3:pits", 0, &pl, &err), KALAH_OK);
    ck_assert(pl.algo == KALAH_ALPHABETA && pl.pit_order && !pl.ties_to_store && pl.depth == 3);
    ck_assert_int_eq(kalah_player_parse("alphabeta:e1:3:pits:store", 0, &pl, &err), KALAH_OK);
    ck_assert(pl.pit_order && pl.ties_to_store);
    ck_assert_int_eq(kalah_player_parse("alphabeta:e1:3:store:pits", 0, &pl, &err), KALAH_OK);
    ck_assert(pl.pit_order && pl.ties_to_store);
    kalah_player_format(&pl, text, sizeof text);
    ck_assert_str_eq(text, "alphabeta e1 depth 3, pits in order, ties to the store");
    ck_assert_int_eq(kalah_player_parse("mk61ab-3:store", 0, &pl, &err), KALAH_OK);
    ck_assert(pl.pit_order && pl.ties_to_store && pl.depth == 3);
    /* The others try the pits in order already; twice is refused too. */
    ck_assert_int_eq(kalah_player_parse("minimax:e1:3:pits", 0, &pl, &err), KALAH_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.message, "':pits'"));
    ck_assert_int_eq(kalah_player_parse("mk61-3:pits", 0, &pl, &err), KALAH_EINVAL);
    ck_assert_int_ne(kalah_player_parse("alphabeta:e1:3:pits:pits", 0, &pl, &err), KALAH_OK);
    ck_assert_int_ne(kalah_player_parse(":pits", 0, &pl, &err), KALAH_OK);
    /* Without ":pits" alpha-beta orders its moves: another tree. */
    ck_assert_int_eq(kalah_player_parse("alphabeta:e1:3", 0, &pl, &err), KALAH_OK);
    ck_assert(!pl.pit_order);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("search_mk61ab");
    TCase *tc = tcase_create("mk61ab");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, mk61ab_is_the_textbook_alphabeta_in_pit_order);
    tcase_add_test(tc, the_documented_positions);
    tcase_add_test(tc, every_node_is_the_bound_its_window_says);
    tcase_add_test(tc, a_cut_on_equality_missed_is_seen);
    tcase_add_test(tc, levels_and_player_text);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
