/* test_xcheck_ab: the Kalah program's alpha-beta (programs/kalah.mk61
 * started with the depth key 10 + d; programs/kalah.md) against the core's
 * mk61ab-d, over whole games:
 * - every move the calculator chooses, the board, the stores and the signs,
 *   by the move check (programs/xcheck's watcher, which knows the
 *   alpha-beta start-up and plays mk61ab-d);
 * - every node of every search, by the node check (xcheck_tree, which reads
 *   the search, its window and its cuts from the program's .search
 *   declarations), and again here against the core's kalah_search_visit of
 *   mk61ab-d: the tracker's nodes in the order the calculator finishes
 *   them, with their side to move, value, window and cut;
 * - the mutants: one wrong cut each, they pass the move check on the same
 *   games and fail the node check, which names the first node the
 *   calculator visited that should have been cut (found here apart, from
 *   the two trees' nodes in the order they are entered).
 * Expected moves and nodes come from the core (a different implementation:
 * negamax in C), never from the program. */
#include "asm.h"
#include "vm_keys.h"
#include "xcheck.h"
#include "xcheck_tree.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUDGET 100000000ull
#define NODES_MAX 4096

/* ---- the programs ------------------------------------------------------------ */

static void read_text(const char *path, char *text, size_t size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t n = fread(text, 1, size - 1, f);
    fclose(f);
    text[n] = '\0';
}

static void assemble(const char *text, const char *name, vm_program *p, vm_decl *d)
{
    asm_errors errs;
    bool ok = asm_assemble(text, name, p, d, &errs);
    char msg[256] = "";
    if (!ok)
        asm_error_format(&errs.error[0], msg, sizeof msg);
    ck_assert_msg(ok, "%s does not assemble: %s", name, msg);
}

static char kalah_text[1 << 16];

/* A program and what it declares (its board, its search, its labels). */
typedef struct program {
    vm_program p;
    vm_decl d;
} program;

static const program *kalah(void)
{
    static program prog;
    if (!prog.p.length) {
        read_text(KALAH61_PROGRAM_DIR "/kalah.mk61", kalah_text, sizeof kalah_text);
        assemble(kalah_text, "kalah.mk61", &prog.p, &prog.d);
    }
    return &prog;
}

/* ---- following a game ----------------------------------------------------------- */

typedef struct ab_run {
    xcheck x;             /* the watcher: the core's game, the move check */
    xcheck_tree tree;     /* the node check */
    const vm_decl *decl;  /* the program's declarations: its search, its labels */
    xcheck_portable port; /* the real MK-61's limits, every step */
    int compared;         /* tree.searches held against the core so far */
    long searches, nodes, node_mismatches, games, calc_moves, refusals;
    long move_mismatches;
    long windows;         /* windows and cuts checked here */
    long lines;           /* lines being searched checked (check_line) */
    char why[160];
    char report[XCHECK_REPORT_MAX + 512]; /* the first mismatch of either kind */
    /* The first search that differs here: the first node, in the order the
     * nodes are entered, that one search visits and the other does not. */
    char first_path[96];
    bool first_visited;   /* the calculator visited it, the core skips it */
} ab_run;

static kalah_player level_of(const char *kind, int depth)
{
    char name[16];
    kalah_player pl;
    snprintf(name, sizeof name, "%s-%d", kind, depth);
    ck_assert_int_eq(kalah_level(name, 0, &pl, NULL), KALAH_OK);
    return pl;
}

/* The core's nodes, as the tracker names the calculator's, with their
 * windows and cuts. */
typedef struct core_tree {
    long n;
    xcheck_tree_path path[NODES_MAX];
    int side[NODES_MAX];
    double value[NODES_MAX], alpha[NODES_MAX], beta[NODES_MAX];
    bool cut[NODES_MAX];
} core_tree;

/* A core value in the program's scale: a finished game's margin x 100. */
static double scaled(double v)
{
    return isfinite(v) && fabs(v) >= KALAH_TERMINAL ? v / KALAH_TERMINAL * 100 : v;
}

static void core_node(void *ctx, const kalah_node *n)
{
    core_tree *c = ctx;
    ck_assert_int_lt(c->n, NODES_MAX);
    long i = c->n++;
    c->path[i] = (xcheck_tree_path){.len = n->ply};
    for (int k = 0; k < n->ply; k++) {
        c->path[i].pit[k] = (int8_t)n->path[k];
        c->path[i].side[k] = (int8_t)n->movers[k]; /* the person is South: 0 */
    }
    c->side[i] = n->pos->to_move;
    c->value[i] = scaled(n->value);
    c->alpha[i] = scaled(n->alpha);
    c->beta[i] = scaled(n->beta);
    c->cut[i] = n->cut;
}

/* Paths in the order a search enters them: a node before its children,
 * the children in pit order. */
static int preorder_cmp(const void *x, const void *y)
{
    const xcheck_tree_path *a = x, *b = y;
    for (int k = 0; k < a->len && k < b->len; k++)
        if (a->pit[k] != b->pit[k])
            return a->pit[k] - b->pit[k];
    return a->len - b->len;
}

/* The first node, in the order entered, that the calculator visited and
 * the core did not, or the other way round. */
static void first_difference(ab_run *a, const core_tree *c)
{
    static xcheck_tree_path calc[NODES_MAX], core[NODES_MAX];
    const xcheck_tree *t = &a->tree;
    long n = t->nfound < NODES_MAX ? t->nfound : NODES_MAX;
    for (long i = 0; i < n; i++)
        calc[i] = t->found[i].path;
    memcpy(core, c->path, (size_t)c->n * sizeof core[0]);
    qsort(calc, (size_t)n, sizeof calc[0], preorder_cmp);
    qsort(core, (size_t)c->n, sizeof core[0], preorder_cmp);
    long i = 0;
    while (i < n && i < c->n && preorder_cmp(&calc[i], &core[i]) == 0)
        i++;
    if (i == n && i == c->n)
        return; /* the same nodes: a value, a window or a cut differs */
    a->first_visited = i < n && (i == c->n || preorder_cmp(&calc[i], &core[i]) < 0);
    xcheck_tree_path_text(t, a->first_visited ? &calc[i] : &core[i], a->first_path,
                          sizeof a->first_path);
}

static const char *window_text(double lo, double hi, bool cut, char *buf, size_t size)
{
    snprintf(buf, size, "[%g, %g]%s", lo, hi, cut ? " cut" : "");
    return buf;
}

/* The search the tracker holds, finished: each node against the core's. */
static void compare_search(ab_run *a)
{
    xcheck_tree *t = &a->tree;
    a->compared = t->searches;
    a->searches++;
    static core_tree c;
    c.n = 0;
    kalah_rules r = a->x.rules;
    kalah_player pl = level_of(t->alphabeta ? "mk61ab" : "mk61", t->depth);
    kalah_result res;
    ck_assert_int_eq(kalah_search_visit(&r, &t->root, &pl, core_node, &c, &res, NULL), KALAH_OK);
    ck_assert(!t->missed);
    char what[160] = "", w1[64], w2[64];
    long i = 0;
    for (; i < t->nfound && i < c.n; i++) {
        const xcheck_tree_node *f = &t->found[i];
        if (!xcheck_tree_path_eq(&f->path, &c.path[i])) {
            snprintf(what, sizeof what, "another node than the core's");
            break;
        }
        if (f->side != c.side[i] || !f->calc_ok || f->calc != c.value[i]) {
            snprintf(what, sizeof what, "its value %g, the core's %g", f->calc, c.value[i]);
            break;
        }
        if (f->alpha != c.alpha[i] || f->beta != c.beta[i] || f->cut != c.cut[i]) {
            snprintf(what, sizeof what, "its window %s, the core's %s",
                     window_text(f->alpha, f->beta, f->cut, w1, sizeof w1),
                     window_text(c.alpha[i], c.beta[i], c.cut[i], w2, sizeof w2));
            break;
        }
    }
    if (!what[0] && t->nfound != c.n)
        snprintf(what, sizeof what, "the calculator finished %ld nodes, the core's search %ld",
                 t->nfound, c.n);
    if (!what[0] && t->chosen != res.move)
        snprintf(what, sizeof what, "the calculator chose its pit %d, the core %d", t->chosen,
                 res.move);
    if (!what[0]) {
        a->nodes += t->nfound;
        a->windows += t->nfound;
        return;
    }
    a->node_mismatches++;
    if (a->report[0])
        return;
    first_difference(a, &c);
    char pos[KALAH_TEXT_MAX], found[96] = "none", want[96] = "none";
    kalah_pos_format(&r, &t->root, pos, sizeof pos);
    if (i < t->nfound)
        xcheck_tree_path_text(t, &t->found[i].path, found, sizeof found);
    if (i < c.n)
        xcheck_tree_path_text(t, &c.path[i], want, sizeof want);
    snprintf(a->report, sizeof a->report,
             "node mismatch at node %ld of %s-%d on %s (the person South): %s; the "
             "calculator finished %s, the core's search %s\n",
             i + 1, t->alphabeta ? "mk61ab" : "mk61", t->depth, pos, what, found, want);
}

/* When the calculator finishes a node, the line being searched
 * (xcheck_tree_line_now) ends at it, with the window and the entry number
 * the tracker read for it, and its parent's running bound is the best of
 * the parent's children finished so far (the first of equal ones). */
static void check_line(ab_run *a, const vm_machine *m)
{
    const xcheck_tree *t = &a->tree;
    const xcheck_tree_node *f = &t->found[t->nfound - 1];
    xcheck_tree_path path;
    xcheck_tree_bound line[XCHECK_TREE_PLY_MAX + 1];
    int n = xcheck_tree_line_now(t, m, &path, line);
    ck_assert_int_eq(n, f->path.len + 1);
    ck_assert(xcheck_tree_path_eq(&path, &f->path));
    ck_assert(line[n - 1].alpha == f->alpha && line[n - 1].beta == f->beta);
    ck_assert_int_eq(line[n - 1].visit, f->visit);
    ck_assert_int_eq(line[n - 1].side, f->side);
    if (n < 2)
        return;
    xcheck_tree_path up = f->path;
    up.len--;
    bool max = line[n - 2].side == XCHECK_TREE_CALC, any = false;
    double best = 0;
    for (long i = 0; i < t->nfound; i++) {
        const xcheck_tree_node *c = &t->found[i];
        if (xcheck_tree_path_child(&c->path, &up) &&
            (!any || (max ? c->calc > best : c->calc < best))) {
            best = c->calc;
            any = true;
        }
    }
    ck_assert(any && line[n - 2].has_best && line[n - 2].best == best);
    a->lines++;
}

static bool look(void *ctx, const vm_machine *m)
{
    ab_run *a = ctx;
    long before = a->tree.nfound;
    bool on = a->tree.searching;
    xcheck_tree_step(&a->tree, m);
    if (on && a->tree.nfound == before + 1 && a->tree.searching)
        check_line(a, m);
    if (a->tree.done && a->tree.searches > a->compared)
        compare_search(a);
    return xcheck_portable_step(&a->port, m, a->why, sizeof a->why);
}

/* Presses keys on the machine, running the program whenever one starts it;
 * with watch, each run is checked by the watcher (the move check). */
static void press(ab_run *a, const char *keys, bool watch)
{
    vm_machine *m = &a->x.m;
    int key, got;
    size_t len;
    while ((got = vm_key_next(&keys, &key, &len)) != 0) {
        ck_assert_msg(got > 0, "no key '%.*s'", (int)len, keys);
        vm_press(m, (vm_key)key);
        if (!m->running)
            continue;
        if (watch)
            xcheck_watch_run(&a->x);
        xcheck_portable_run(&a->port);
        vm_halt h = vm_run_watched(m, BUDGET, look, a);
        xcheck_tree_step(&a->tree, m);
        if (a->tree.done && a->tree.searches > a->compared)
            compare_search(a);
        ck_assert_msg(h == VM_HALT_STOP, "the program did not stop (halt %d): %s", (int)h,
                      h == VM_HALT_NONE ? a->why : "");
        if (!watch)
            continue;
        bool ok;
        int moves[64], n;
        int kind = xcheck_watch_stop(&a->x, &ok, moves, &n);
        ck_assert_int_ne(kind, XCHECK_RUN_NONE);
        if (!ok) {
            a->move_mismatches++;
            if (!a->report[0])
                snprintf(a->report, sizeof a->report, "%s", a->x.report);
        }
    }
}

static long reg_long(const vm_machine *m, int reg)
{
    return lround(vm_num_to_double(m->reg[reg]));
}

/* MODE, as the program declares it (.search alphabeta MODE 1). */
static long mode_of(const ab_run *a)
{
    const vm_search *s = &a->decl->search;
    ck_assert_int_eq(s->alphabeta, VM_SEARCH_AB_WHEN);
    return reg_long(&a->x.m, s->ab_reg);
}

/* A new game by alpha-beta: the start-up keyed with the depth key key_d
 * (10 + d, or 10 for the default 2), checked by the watcher, which takes
 * it for mk61ab-d, and here: the sign 9, n, 1, d (or the calculator's
 * moves) and MODE 1. */
static void start(ab_run *a, const program *prog, int stones, int key_d, bool person_first)
{
    int depth = key_d == 10 ? 2 : key_d - 10;
    kalah_game_free(&a->x.game);
    vm_load(&a->x.m, &prog->p);
    ck_assert(xcheck_watch_init(&a->x, &prog->p, &prog->d));
    xcheck_portable_init(&a->port, prog->p.length);
    char keys[64];
    snprintf(keys, sizeof keys, "%d В↑ %d %d В↑ %d В/О С/П", stones, key_d / 10, key_d % 10,
             person_first ? 1 : 0);
    press(a, keys, true);
    ck_assert_msg(a->move_mismatches == 0, "%s", a->report);
    ck_assert(a->x.game_on);
    ck_assert_int_eq(a->x.algo, XCHECK_ALPHABETA);
    ck_assert_int_eq(a->x.depth, depth);
    ck_assert_int_eq(mode_of(a), 1);
    if (xcheck_over(&a->x))
        return;
    /* The sign: the calculator's moves (LAST), or 9, n, 1, d. */
    long last = reg_long(&a->x.m, a->x.lay.last);
    long sign = last ? last : 9000 + 100 * stones + 10 + depth;
    ck_assert_int_eq(lround(vm_num_to_double(a->x.m.x)), sign);
}

/* Plays the game to its end: the person's moves by opp, now and then an
 * input the program must refuse; then a С/П after the end. */
static void play(ab_run *a, const kalah_player *opp, kalah_rng *rng)
{
    const int ps = a->x.person_first ? KALAH_SOUTH : KALAH_NORTH;
    for (int ply = 0; !xcheck_over(&a->x) && !a->move_mismatches; ply++) {
        const kalah_pos *p = kalah_game_pos(&a->x.game);
        ck_assert_int_eq(p->to_move, ps);
        char keys[32];
        if (ply % 4 == 1) {
            press(a, "7 С/П", true);
            for (int i = 0; i < 6; i++)
                if (p->pit[ps][i] == 0) {
                    snprintf(keys, sizeof keys, "%d С/П", i + 1);
                    press(a, keys, true);
                    break;
                }
        }
        kalah_result res;
        ck_assert_int_eq(kalah_search(&a->x.rules, p, opp, rng, &res, NULL), KALAH_OK);
        snprintf(keys, sizeof keys, "%d С/П", res.move);
        press(a, keys, true);
    }
    if (!a->move_mismatches)
        press(a, "3 С/П", true); /* after the end: the same sign */
    a->refusals += a->x.refusals;
    a->calc_moves += a->x.calc_moves;
    a->games++;
}

static void run_init(ab_run *a, const program *prog)
{
    memset(a, 0, sizeof *a);
    a->decl = &prog->d;
    char why[160];
    ck_assert_msg(xcheck_tree_init(&a->tree, &prog->p, &prog->d, why, sizeof why), "%s", why);
    a->tree.prune_counts = false;
}

static void run_free(ab_run *a)
{
    xcheck_tree_free(&a->tree);
    kalah_game_free(&a->x.game);
}

/* The suite's games: stones 1..6, depths 1..3 (keyed 11..13, and 10 for
 * the default 2 now and then), the person first and second, `per` games
 * each, the person playing random moves from a fixed seed. The same games
 * for every program whose moves are the same. */
static void suite_games(ab_run *a, const program *prog, int per)
{
    kalah_player random_player = {.algo = KALAH_RANDOM};
    kalah_rng rng = kalah_rng_seed(3737);
    for (int stones = 1; stones <= 6; stones++)
        for (int depth = 1; depth <= 3; depth++)
            for (int k = 0; k < 2 * per; k++) {
                int key_d = depth == 2 && k % 4 == 3 ? 10 : 10 + depth;
                start(a, prog, stones, key_d, k % 2 == 0);
                play(a, &random_player, &rng);
                if (a->move_mismatches)
                    return;
            }
}

/* ---- the tests ------------------------------------------------------------------ */

/* 360 games: every move by the move check, every node against the core. */
START_TEST(alphabeta_games_against_the_core)
{
    static ab_run a;
    run_init(&a, kalah());
    suite_games(&a, kalah(), 10);
    ck_assert_msg(a.move_mismatches == 0 && a.node_mismatches == 0, "%s", a.report);
    ck_assert_msg(a.tree.node_mismatches == 0, "%s", a.tree.report);
    ck_assert_int_eq(a.tree.nodes_checked, a.nodes);
    ck_assert_int_eq(a.games, 360);
    ck_assert_int_gt(a.calc_moves, 360 * 5);
    ck_assert_int_gt(a.refusals, 360);
    ck_assert_int_ge(a.searches, a.calc_moves / 2);
    ck_assert_int_gt(a.nodes, 20 * a.searches);
    ck_assert_int_eq(a.windows, a.nodes);
    ck_assert_int_eq(a.lines, a.nodes - a.searches); /* every node but the roots */
    fprintf(stderr, "alpha-beta: %ld games, %ld calculator moves, %ld searches, %ld nodes checked "
                    "(values, windows and cuts), %ld refusals, 0 mismatches\n",
            a.games, a.calc_moves, a.searches, a.nodes, a.refusals);
    run_free(&a);
}
END_TEST

/* The first search from the three positions of programs/kalah.md's table,
 * depths 1..3: the calculator visits the core's mk61ab nodes, fewer than
 * minimax's, with the same move. */
START_TEST(the_documented_positions)
{
    /* The start-up and the person's move that lead to each. */
    const struct {
        int stones, first, move;
    } pos[] = {{6, 0, 0}, {4, 1, 1}, {3, 1, 2}};
    for (int i = 0; i < 3; i++)
        for (int d = 1; d <= 3; d++) {
            static ab_run a;
            run_init(&a, kalah());
            a.tree.hold = true; /* the first search */
            start(&a, kalah(), pos[i].stones, 10 + d, pos[i].first);
            if (pos[i].move) {
                char keys[16];
                snprintf(keys, sizeof keys, "%d С/П", pos[i].move);
                press(&a, keys, true);
            }
            ck_assert_msg(a.move_mismatches == 0 && a.node_mismatches == 0, "%s", a.report);
            ck_assert_msg(a.tree.node_mismatches == 0, "%s", a.tree.report);
            ck_assert(a.tree.done && a.tree.alphabeta);
            kalah_player mm = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = d};
            kalah_result res;
            ck_assert_int_eq(kalah_search(&a.x.rules, &a.tree.root, &mm, NULL, &res, NULL),
                             KALAH_OK);
            ck_assert_int_eq(a.tree.chosen, res.move);
            if (d == 3)
                ck_assert_int_lt(a.tree.nfound, (long)res.nodes);
            run_free(&a);
        }
}
END_TEST

/* The depth key: 10..13 play alpha-beta (10 is depth 2), and MODE goes
 * back to 0 at a minimax start-up after an alpha-beta game, whose search
 * is minimax's again; 4..9, 14..19, 20, 10.5, -10, 10^50 are refused. */
START_TEST(the_depth_key)
{
    static ab_run a;
    run_init(&a, kalah());
    for (int key_d = 10; key_d <= 13; key_d++) {
        start(&a, kalah(), 3, key_d, true);
        ck_assert_msg(a.move_mismatches == 0, "%s", a.report);
    }
    /* A minimax game on the same machine, the calculator first: the
     * watcher and the tracker take it for minimax. */
    a.tree.hold = true;
    xcheck_tree_reset(&a.tree);
    press(&a, "3 В↑ 3 В↑ 0 В/О С/П", true);
    ck_assert_msg(a.move_mismatches == 0 && a.node_mismatches == 0, "%s", a.report);
    ck_assert_int_eq(a.x.algo, XCHECK_MINIMAX);
    ck_assert_int_eq(mode_of(&a), 0);
    ck_assert(a.tree.done && !a.tree.alphabeta);
    kalah_player mm = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = 3};
    kalah_result res;
    ck_assert_int_eq(kalah_search(&a.x.rules, &a.tree.root, &mm, NULL, &res, NULL), KALAH_OK);
    ck_assert_int_eq(a.tree.nfound, (long)res.nodes);
    ck_assert_int_eq(a.tree.node_mismatches, 0); /* the tracker's own check: minimax */
    run_free(&a);

    const char *bad[] = {
        "4 В↑ 4 В↑ 1",         "4 В↑ 9 В↑ 1",         "4 В↑ 1 4 В↑ 1",   "4 В↑ 1 9 В↑ 0",
        "4 В↑ 2 0 В↑ 1",       "4 В↑ 2 3 В↑ 1",       "4 В↑ 1 0 , 5 В↑ 1", "4 В↑ 1 2 , 5 В↑ 1",
        "4 В↑ 1 0 /-/ В↑ 1",   "4 В↑ 1 2 /-/ В↑ 0",   "4 В↑ 1 ВП 5 0 В↑ 1", "7 В↑ 1 2 В↑ 1",
        "4 В↑ 1 2 В↑ 2",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        static xcheck x;
        ck_assert_msg(xcheck_start_refused(&x, &kalah()->p, &kalah()->d, bad[i], BUDGET),
                      "%s:\n%s", bad[i], x.report);
        xcheck_free(&x);
    }
}
END_TEST

/* ---- the mutants ---------------------------------------------------------- */

/* The mutant file's text must be, below its header (the lines before the
 * program's own first line), the program's with one change: `from` (found
 * once) replaced by `to`. */
static void mutant(const char *file, const char *from, const char *to, program *prog)
{
    static char text[1 << 16], want[1 << 16];
    kalah();
    read_text(file, text, sizeof text);
    ck_assert_msg(strncmp(text, "; mutant", 8) == 0, "%s has no header", file);
    const char *body = strstr(text, "\n; Kalah(6, n) against the calculator.");
    ck_assert_ptr_nonnull(body);
    body++;
    const char *at = strstr(kalah_text, from);
    ck_assert_msg(at && !strstr(at + 1, from), "the anchor of %s is not once in kalah.mk61",
                  file);
    snprintf(want, sizeof want, "%.*s%s%s", (int)(at - kalah_text), kalah_text, to,
             at + strlen(from));
    ck_assert_msg(strcmp(body, want) == 0,
                  "%s is not programs/kalah.mk61 with its one change: make it again from "
                  "kalah.mk61 (its header says how)",
                  file);
    assemble(text, file, &prog->p, &prog->d);
}

/* The cut's test, and the strict one: (best - its best)(R8 - 66) - 1 not
 * negative, that is the product above 0 (the values are whole). */
static const char cut_test[] = "\t×\n\tFx≥0 cq\t\t; not reached: the next level up\n";
static const char cut_strict[] = "\t×\n\t1\t\t; MUTANT: cut only when beyond, not on reaching\n"
                                 "\t-\n\tFx≥0 cq\t\t; not reached: the next level up\n";

/* A mutant plays the suite's games: the move check passes on every one,
 * the node check fails on as many searches as differ here from the core's,
 * and names the first node of the first of them that one visits and the
 * other does not (found here from the two sets of nodes): for these
 * mutants, a node visited that should have been cut. */
static void keeps_every_move(const program *prog, const char *name)
{
    static ab_run a;
    run_init(&a, prog);
    suite_games(&a, prog, 10);
    ck_assert_msg(a.move_mismatches == 0, "%s", a.report);
    ck_assert_int_eq(a.games, 360);
    ck_assert_int_gt(a.node_mismatches, 0);
    ck_assert_int_eq(a.tree.node_mismatches, a.node_mismatches);
    ck_assert_ptr_nonnull(strstr(a.report, "node mismatch"));
    ck_assert_msg(a.first_path[0] && a.first_visited, "%s", a.report);
    char named[256];
    snprintf(named, sizeof named, "the calculator visited %s, which the core's search skips: "
             "it should have been cut", a.first_path);
    ck_assert_msg(strstr(a.tree.report, named), "the node check does not say '%s':\n%s", named,
                  a.tree.report);
    fprintf(stderr, "%s: %ld games, %ld calculator moves, 0 move mismatches; %ld of %ld searches "
                    "visit other nodes; the first:\n%s",
            name, a.games, a.calc_moves, a.node_mismatches, a.searches, a.tree.report);
    run_free(&a);
}

/* Cuts on alpha > beta, not alpha >= beta: the moves are the same (a cut
 * missed never changes the root's value or move), the nodes are not. */
START_TEST(a_cut_on_reaching_missed_keeps_every_move)
{
    static program prog;
    mutant(KALAH61_TEST_DATA_DIR "/kalah-cut-strict.mk61", cut_test, cut_strict, &prog);
    keeps_every_move(&prog, "kalah-cut-strict.mk61");
}
END_TEST

/* The window not passed down: a node cuts against its parent's best only,
 * never against a level further up (no deep cut). */
START_TEST(a_window_not_passed_down_keeps_every_move)
{
    static char text[sizeof kalah_text];
    kalah();
    snprintf(text, sizeof text, "%s", kalah_text);
    /* Both ways up to the next level go to the next pit instead. */
    char *at = strstr(text, "\tFx≠0 cq\t\t; the same side");
    ck_assert_ptr_nonnull(at);
    memcpy(at + strlen("\tFx≠0 "), "nk", 2);
    at = strstr(text, "\tFx≥0 cq\t\t; not reached");
    ck_assert_ptr_nonnull(at);
    memcpy(at + strlen("\tFx≥0 "), "nk", 2);
    static program prog;
    assemble(text, "kalah-parent-only.mk61", &prog.p, &prog.d);
    keeps_every_move(&prog, "the parent-only copy");
}
END_TEST

/* Cuts one short of the bound ((best - its best)(R8 - 66) + 25 not
 * negative, R8 - 66 being 25 or -25): a node cut that alpha-beta visits. The moves may change, so
 * only the calculator's first searches are followed (it moves first):
 * the node check names the first node skipped that should have been
 * visited. */
START_TEST(an_eager_cut_is_named_as_a_node_skipped)
{
    static char text[sizeof kalah_text];
    kalah();
    snprintf(text, sizeof text, "%s", kalah_text);
    char *at = strstr(text, cut_test);
    ck_assert_ptr_nonnull(at);
    static char eager[sizeof kalah_text];
    snprintf(eager, sizeof eager, "%.*s\t×\n\t2\n\t5\n\t+\n%s", (int)(at - text), text,
             at + strlen("\t×\n"));
    static program prog;
    assemble(eager, "kalah-eager.mk61", &prog.p, &prog.d);
    static ab_run a;
    run_init(&a, &prog);
    for (int stones = 1; stones <= 6 && !a.node_mismatches; stones++)
        for (int depth = 2; depth <= 3 && !a.node_mismatches; depth++) {
            vm_load(&a.x.m, &prog.p);
            a.x.rules = kalah_rules_default();
            xcheck_portable_init(&a.port, prog.p.length);
            char keys[64];
            snprintf(keys, sizeof keys, "%d В↑ 1 %d В↑ 0 В/О С/П", stones, depth);
            press(&a, keys, false);
        }
    ck_assert_int_gt(a.node_mismatches, 0);
    ck_assert_msg(a.tree.node_mismatches == a.node_mismatches, "%s\n%s", a.report, a.tree.report);
    ck_assert_msg(a.first_path[0] && !a.first_visited, "%s", a.report);
    char named[256];
    snprintf(named, sizeof named, "the calculator skipped %s, which the core's search visits",
             a.first_path);
    ck_assert_msg(strstr(a.tree.report, named), "the node check does not say '%s':\n%s", named,
                  a.tree.report);
    fprintf(stderr, "the eager copy: the first:\n%s", a.tree.report);
    run_free(&a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("xcheck_ab");
    TCase *tc = tcase_create("alphabeta");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, alphabeta_games_against_the_core);
    tcase_add_test(tc, the_documented_positions);
    tcase_add_test(tc, the_depth_key);
    tcase_add_test(tc, a_cut_on_reaching_missed_keeps_every_move);
    tcase_add_test(tc, a_window_not_passed_down_keeps_every_move);
    tcase_add_test(tc, an_eager_cut_is_named_as_a_node_skipped);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
