/* test_xcheck_tree: the node-level cross-check (programs/xcheck/xcheck_tree.h):
 * the program's search held node by node against the core's. */
#include "../kalah_program.h"
#include "asm.h"
#include "xcheck.h"
#include "xcheck_tree.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The program's source, read once. */
static const char *kalah_source(void)
{
    static char *source;
    if (!source)
        source = kalah_program_text();
    return source;
}

/* What the programs assembled here declare (one at a time). */
static vm_decl decl;

static void assemble(const char *text, vm_program *p)
{
    kalah_program_assemble(text, p, &decl);
}

/* Assembles text and starts a tracker for it. */
static void tracker(const char *text, vm_program *p, xcheck_tree *tree)
{
    assemble(text, p);
    char why[160];
    ck_assert_msg(xcheck_tree_init(tree, p, &decl, why, sizeof why), "%s", why);
}

/* Plays one game of prog, every step of its runs shown to watch (with
 * ctx); returns whether the move-level check passed. */
static bool play_watched(const vm_program *prog, vm_look watch, void *ctx, int stones,
                         int depth, bool person_first, kalah_rng *rng)
{
    static xcheck x;
    kalah_player random_player = {.algo = KALAH_RANDOM};
    x.watch = watch;
    x.watch_ctx = ctx;
    bool ok = xcheck_start(&x, prog, &decl, stones, depth, XCHECK_MINIMAX,
                           person_first, 100000000ull) &&
              xcheck_play(&x, &random_player, rng) && x.mismatches == 0;
    xcheck_free(&x);
    return ok;
}

/* The same with node checking by tree. */
static bool play(const vm_program *prog, xcheck_tree *tree, int stones, int depth,
                 bool person_first, kalah_rng *rng)
{
    return play_watched(prog, xcheck_tree_look, tree, stones, depth, person_first, rng);
}

/* 216 games: every stone count 1..6, every depth 1..3, the person first and
 * second, 6 games each: every node of every search agrees with the core's. */
START_TEST(every_node_agrees_with_the_core)
{
    vm_program prog;
    xcheck_tree tree;
    tracker(kalah_source(), &prog, &tree);
    tree.prune_counts = false;
    kalah_rng rng = kalah_rng_seed(22);
    long games = 0, by_depth[4] = {0};
    for (int stones = 1; stones <= 6; stones++)
        for (int depth = 1; depth <= 3; depth++)
            for (int k = 0; k < 12; k++) {
                long before = tree.nodes_checked;
                ck_assert_msg(play(&prog, &tree, stones, depth, k % 2 == 0, &rng),
                              "game %ld: a move-level mismatch", games + 1);
                ck_assert_msg(tree.node_mismatches == 0, "game %ld:\n%s", games + 1,
                              tree.report);
                ck_assert(!tree.missed);
                by_depth[depth] += tree.nodes_checked - before;
                games++;
            }
    ck_assert_int_eq(games, 216);
    for (int d = 1; d <= 3; d++)
        ck_assert_int_gt(by_depth[d], 100 * d);
    ck_assert_int_gt(tree.searches, 216 * 5);
    xcheck_tree_free(&tree);
}
END_TEST

/* The mutation: a finished game scored as its margin x 101 instead of
 * x 100 (one digit step changed). Every choice stays the same (any margin
 * still outweighs any difference of stores, and margins keep their order),
 * so the move-level check passes; the node-level check reports the first
 * such node, with the core's value (margin x 100, from the core's search). */
START_TEST(a_wrong_node_value_that_keeps_the_move_is_caught)
{
    static char text[1 << 17];
    snprintf(text, sizeof text, "%s", kalah_source());
    char *at = strstr(text, "\t0\n\t0\n\t×\ntmv:");
    ck_assert_ptr_nonnull(at);
    at[4] = '1'; /* the second 0 of 1 0 0 */
    vm_program prog;
    xcheck_tree tree;
    tracker(text, &prog, &tree);
    kalah_rng rng = kalah_rng_seed(5);
    int games = 0;
    while (tree.node_mismatches == 0 && games < 40) {
        tree.hold = false;
        ck_assert_msg(play(&prog, &tree, 2, 2, games % 2 == 0, &rng),
                      "game %d: the move-level check failed", games + 1);
        games++;
    }
    ck_assert_int_gt(tree.node_mismatches, 0);
    ck_assert_msg(strstr(tree.report, "the calculator's value differs") != NULL, "%s", tree.report);
    /* The tracker went on with later searches; the report names the node:
     * its value is 101/100 of the core's, a multiple of 101. */
    const char *v = strstr(tree.report, "): the calculator's value ");
    ck_assert_ptr_nonnull(v);
    long calc = strtol(v + strlen("): the calculator's value "), NULL, 10);
    ck_assert_msg(calc != 0, "%s", tree.report);
    ck_assert_int_eq(calc % 101, 0);
    const char *core = strstr(tree.report, "the core's node:");
    ck_assert_ptr_nonnull(core);
    const char *colon = strstr(core, "): ");
    ck_assert_ptr_nonnull(colon);
    ck_assert_int_eq(strtol(colon + 3, NULL, 10), calc / 101 * 100);
    ck_assert_ptr_nonnull(strstr(tree.report, "(В/О)"));
    xcheck_tree_free(&tree);
}
END_TEST

/* One search held: the root's value and the counts are the core's own
 * kalah_search figures (minimax, alpha-beta, seed 003's), and every node's
 * value is the core's minimax of that node's position to the depth left. */
START_TEST(the_tree_of_one_search_is_the_cores)
{
    vm_program prog;
    xcheck_tree tree;
    tracker(kalah_source(), &prog, &tree);
    tree.hold = true;
    static xcheck x;
    x.watch = xcheck_tree_look;
    x.watch_ctx = &tree;
    ck_assert(xcheck_start(&x, &prog, &decl, 4, 3, XCHECK_MINIMAX,
                           false, 100000000ull)); /* the calculator first */
    ck_assert(tree.done);
    const xcheck_tree_counts c = xcheck_tree_count(&tree);
    kalah_rules r = kalah_rules_default();
    r.stones = 4;
    kalah_pos start = kalah_start(&r);
    ck_assert_int_eq(memcmp(start.pit, tree.root.pit, sizeof start.pit), 0);
    kalah_result res;
    kalah_player pl = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = 3};
    start.to_move = tree.root.to_move;
    ck_assert_int_eq(kalah_search(&r, &start, &pl, NULL, &res, NULL), KALAH_OK);
    ck_assert_int_eq(c.minimax, (long)res.nodes);
    ck_assert_int_eq(c.calc, c.minimax);
    ck_assert_int_eq(tree.chosen, res.move);
    ck_assert(tree.found[tree.nfound - 1].path.len == 0);
    ck_assert(tree.found[tree.nfound - 1].calc == res.value);
    pl.algo = KALAH_ALPHABETA;
    kalah_search(&r, &start, &pl, NULL, &res, NULL);
    ck_assert_int_eq(c.alphabeta, (long)res.nodes);
    pl.algo = KALAH_ALPHABETA003;
    kalah_search(&r, &start, &pl, NULL, &res, NULL);
    ck_assert_int_eq(c.alphabeta003, (long)res.nodes);
    ck_assert_int_lt(c.alphabeta003, c.minimax);
    long ab = 0;
    for (long i = 0; i < tree.nexpect; i++)
        ab += tree.expect[i].alphabeta003;
    ck_assert_int_eq(ab, c.alphabeta003);
    pl.pit_order = true; /* alpha-beta in the drawn order: mk61ab-3 */
    pl.algo = KALAH_ALPHABETA;
    kalah_search(&r, &start, &pl, NULL, &res, NULL);
    ck_assert_int_eq(c.alphabeta_drawn, (long)res.nodes);
    ck_assert_int_eq(c.visited, c.minimax); /* the search run is minimax's */
    ck_assert(!tree.alphabeta);
    /* The annotated tree: under minimax every node is visited, in
     * pre-order (a parent before its children, siblings in pit order);
     * parents and extra turns follow from the paths; the flags count as
     * the counts say. */
    long drawn = 0, ordered = 0, *seen = calloc((size_t)tree.nexpect + 1, sizeof *seen);
    ck_assert_ptr_nonnull(seen);
    for (long i = 0; i < tree.nexpect; i++) {
        const xcheck_tree_node *e = &tree.expect[i];
        ck_assert(e->finished && e->core_ok && e->agree && e->core == e->minimax);
        ck_assert(e->alpha == -INFINITY && e->beta == INFINITY && !e->cut);
        ck_assert(e->visit >= 1 && e->visit <= tree.nexpect && !seen[e->visit]);
        seen[e->visit] = 1;
        drawn += e->alphabeta_drawn;
        ordered += e->alphabeta_ordered;
        if (e->path.len == 0) {
            ck_assert_int_eq(e->parent, -1);
            ck_assert_int_eq(e->visit, 1);
            continue;
        }
        const xcheck_tree_node *up = &tree.expect[e->parent];
        ck_assert(xcheck_tree_path_child(&e->path, &up->path));
        ck_assert(e->parent > i); /* post-order: the parent after */
        ck_assert(up->visit < e->visit);
        ck_assert_int_eq(e->extra, e->side == up->side);
        ck_assert_int_eq(e->path.side[e->path.len - 1], up->side);
        for (long j = 0; j < tree.nexpect; j++) /* an earlier sibling: visited first */
            if (tree.expect[j].parent == e->parent &&
                tree.expect[j].path.pit[e->path.len - 1] < e->path.pit[e->path.len - 1])
                ck_assert(tree.expect[j].visit < e->visit);
    }
    free(seen);
    ck_assert_int_eq(drawn, c.alphabeta_drawn);
    ck_assert_int_eq(ordered, c.alphabeta);
    long order[512];
    ck_assert_int_le(tree.nexpect, 512);
    ck_assert_int_eq(xcheck_tree_preorder(&tree, order), tree.nexpect);
    for (long k = 0; k < tree.nexpect; k++)
        ck_assert_int_eq(tree.expect[order[k]].visit, k + 1);
    /* Each node against a search of its own position. */
    for (long i = 0; i < tree.nfound; i++) {
        const xcheck_tree_node *n = &tree.found[i];
        ck_assert(n->agree);
        kalah_pos p;
        ck_assert(xcheck_tree_position(&tree, &n->path, true, &p));
        double want;
        if (kalah_over(&r, &p)) {
            want = (p.store[1] - p.store[0]) * 100.0;
        } else if (n->path.len == 3) {
            want = p.store[1] - p.store[0];
        } else {
            kalah_player sub = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = 3 - n->path.len};
            ck_assert_int_eq(kalah_search(&r, &p, &sub, NULL, &res, NULL), KALAH_OK);
            want = p.to_move == KALAH_NORTH ? res.value : -res.value;
            if (fabs(want) >= KALAH_TERMINAL)
                want = want / KALAH_TERMINAL * 100;
        }
        ck_assert_msg(n->calc == want, "node %ld: %g, want %g", i, n->calc, want);
    }
    /* The best line starts with the chosen move. */
    xcheck_tree_path line;
    xcheck_tree_best_line(&tree, &line);
    ck_assert_int_ge(line.len, 1);
    ck_assert_int_eq(line.pit[0], tree.chosen);
    char text[64];
    xcheck_tree_path_text(&tree, &line, text, sizeof text);
    ck_assert_msg(text[0] == 'C' && text[1] == '0' + 7 - tree.chosen, "%s", text);
    /* Held, the next search is not followed; reset lets go. */
    int pit = 1;
    while (kalah_game_pos(&x.game)->pit[KALAH_NORTH][pit - 1] == 0)
        pit++;
    ck_assert(xcheck_person_move(&x, pit));
    ck_assert_int_eq(tree.searches, 1);
    xcheck_tree_reset(&tree);
    ck_assert(!tree.done && tree.nfound == 0);
    pit = 1;
    while (!xcheck_over(&x) && kalah_game_pos(&x.game)->pit[KALAH_NORTH][pit - 1] == 0)
        pit++;
    ck_assert(xcheck_person_move(&x, pit));
    ck_assert_int_eq(tree.searches, 2);
    ck_assert(tree.done && tree.nfound > 0);
    xcheck_free(&x);
    xcheck_tree_free(&tree);
}
END_TEST

/* The node being searched, read from the return stack and the pit
 * registers: at every node the calculator finishes, it is that node (the
 * root's finish ends the search: none then). */
typedef struct current_check {
    xcheck_tree *tree;
    int search;                 /* the tracker's search being looked at */
    long seen, agreed, roots;   /* its nodes looked at; all searches' counts */
    char bad[256];
} current_check;

static bool check_current(void *ctx, const vm_machine *m)
{
    current_check *c = ctx;
    xcheck_tree_step(c->tree, m);
    if (c->tree->searches != c->search) {
        c->search = c->tree->searches;
        c->seen = 0;
    }
    for (; c->seen < c->tree->nfound; c->seen++) {
        const xcheck_tree_path *want = &c->tree->found[c->seen].path;
        xcheck_tree_path now;
        bool in = xcheck_tree_current(c->tree, m, &now);
        if (want->len == 0) {
            c->roots++;
            if (in && !c->bad[0])
                snprintf(c->bad, sizeof c->bad, "a node current after the root's finish");
        } else if (in && xcheck_tree_path_eq(&now, want)) {
            c->agreed++;
        } else if (!c->bad[0]) {
            char a[64], b[64];
            snprintf(c->bad, sizeof c->bad, "node %ld: current %s, finished %s", c->seen,
                     in ? xcheck_tree_path_text(c->tree, &now, a, sizeof a) : "none",
                     xcheck_tree_path_text(c->tree, want, b, sizeof b));
        }
    }
    return true;
}

START_TEST(the_node_searched_now_is_the_one_finished)
{
    vm_program prog;
    xcheck_tree tree;
    tracker(kalah_source(), &prog, &tree);
    tree.prune_counts = false;
    current_check c = {.tree = &tree};
    kalah_rng rng = kalah_rng_seed(37);
    ck_assert(play_watched(&prog, check_current, &c, 3, 3, false, &rng));
    ck_assert_msg(!c.bad[0], "%s", c.bad);
    ck_assert_int_eq(c.roots, tree.searches);
    ck_assert_int_gt(c.roots, 3);
    ck_assert_int_gt(c.agreed, 20 * c.roots);
    /* A machine that is not running is inside no search. */
    static vm_machine idle;
    xcheck_tree_path now;
    ck_assert(!xcheck_tree_current(&tree, &idle, &now));
    ck_assert_int_eq(now.len, 0);
    xcheck_tree_free(&tree);
}
END_TEST

/* A program without .search, and bad directives, are refused with why. */
START_TEST(a_program_without_a_search_is_refused)
{
    vm_program prog;
    assemble(".profile mk61x\n.name 35 P1\n\tС/П\n", &prog);
    xcheck_tree tree;
    char why[160];
    ck_assert(!xcheck_tree_init(&tree, &prog, &decl, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "declares no search"));
    xcheck_tree_free(&tree);
    static const char *const bad[][2] = {
        {".search nodes S\nS: С/П\n", "expected what .search declares"},
        {".search node S\nS: С/П\n", "without .search level"},
        {".search level 7 x 6\n", "its value at the root"},
        {".search pit 16 17 200\n", "registers of the pit"},
        {".search done nowhere\n", "undefined label 'nowhere'"},
        {".search final 0\n", "multiplied by"},
        {".search final 1\n.search final 2\n", "declared already"},
        {".profile mk61x\n.search side 91 1 2\n.search side 41 1\n", "as many pits"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        asm_errors errs;
        ck_assert(!asm_assemble(bad[i][0], "t", &prog, NULL, &errs));
        bool seen = false;
        for (int k = 0; k < errs.kept; k++)
            seen |= strstr(errs.error[k].message, bad[i][1]) != NULL;
        ck_assert_msg(seen, "%s: no '%s' (first: %s)", bad[i][0], bad[i][1],
                      errs.error[0].message);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("xcheck_tree");
    TCase *tc = tcase_create("tree");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, every_node_agrees_with_the_core);
    tcase_add_test(tc, a_wrong_node_value_that_keeps_the_move_is_caught);
    tcase_add_test(tc, the_tree_of_one_search_is_the_cores);
    tcase_add_test(tc, the_node_searched_now_is_the_one_finished);
    tcase_add_test(tc, a_program_without_a_search_is_refused);
    suite_add_tcase(s, tc);
    return kalah_check_run(s);
}
