/* test_xcheck_ab: the Kalah program's alpha-beta (programs/kalah.mk61
 * started with the depth key 10 + d; programs/kalah.md) against the core's
 * mk61ab-d, over whole games:
 * - every move the calculator chooses, the board, the stores and the signs,
 *   by the move check (programs/xcheck's watcher, used as a library: this
 *   file keys the start-up, which the watcher knows only for minimax, and
 *   sets the core's player to mk61ab);
 * - every node of every search, in the order the calculator finishes them,
 *   with its side to move and value, against the core's kalah_search_visit
 *   of mk61ab-d (the calculator's nodes read by xcheck_tree, whose own
 *   expectation is minimax's and is not used here), and its window and cut
 *   read from the machine as programs/kalah.md says the node check will;
 * - the mutants in tests/xcheck/data: one wrong cut each, they pass the move
 *   check on the same games but visit other nodes.
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
/* What programs/kalah.md ("Alpha-beta as a tree") says the node check must
 * read, read here as it says: */
#define MODE_REG 92    /* 0 minimax, 1 alpha-beta */
#define BEST_REG 20    /* + L: the best so far of level L */
#define MOVER_REG 25   /* + L: who moves at level L (41, 91: the store) */
#define LEVEL_REG 7    /* 15 + the level of the node being searched */
#define NO_BOUND 1e6   /* a best of this size: no child finished yet */
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
    xcheck_tree tree;     /* the calculator's nodes */
    const vm_decl *decl;  /* the program's declarations: its search, its labels */
    xcheck_portable port; /* the real MK-61's limits, every step */
    int compared;         /* tree.searches held against the core so far */
    long searches, nodes, node_mismatches, games, calc_moves, refusals;
    long move_mismatches;
    /* Each node the tracker records, as the machine had it when the node
     * was finished: its window from the levels above, and whether it cut
     * (the machine passed `cut` at its level since it was entered). */
    int cut_pc;
    bool cut_at[VM_SEARCH_LEVELS + 2];
    long nwin;
    double win_a[NODES_MAX], win_b[NODES_MAX];
    bool win_cut[NODES_MAX];
    long windows; /* windows and cuts checked */
    char why[160];
    char report[XCHECK_REPORT_MAX + 512]; /* the first mismatch of either kind */
} ab_run;

static kalah_player mk61ab(int depth)
{
    char name[16];
    kalah_player pl;
    snprintf(name, sizeof name, "mk61ab-%d", depth);
    ck_assert_int_eq(kalah_level(name, 0, &pl, NULL), KALAH_OK);
    return pl;
}

/* The core's nodes, as the tracker names the calculator's, with their
 * windows and cuts. */
typedef struct core_tree {
    long n;
    xcheck_tree_node node[NODES_MAX];
    double alpha[NODES_MAX], beta[NODES_MAX];
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
    c->alpha[c->n] = scaled(n->alpha);
    c->beta[c->n] = scaled(n->beta);
    c->cut[c->n] = n->cut;
    xcheck_tree_node *e = &c->node[c->n++];
    memset(e, 0, sizeof *e);
    e->path.len = n->ply;
    for (int k = 0; k < n->ply; k++) {
        e->path.pit[k] = (int8_t)n->path[k];
        e->path.side[k] = (int8_t)n->movers[k]; /* the person is South: 0 */
    }
    e->side = n->pos->to_move;
    e->leaf = n->leaf;
    e->core = scaled(n->value);
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
    kalah_player pl = mk61ab(t->depth);
    kalah_result res;
    ck_assert_int_eq(kalah_search_visit(&r, &t->root, &pl, core_node, &c, &res, NULL), KALAH_OK);
    ck_assert(!t->missed);
    char what[160] = "";
    long i = 0;
    for (; i < t->nfound && i < c.n; i++) {
        const xcheck_tree_node *f = &t->found[i], *e = &c.node[i];
        if (!xcheck_tree_path_eq(&f->path, &e->path)) {
            snprintf(what, sizeof what, "another node than the core's");
            break;
        }
        if (f->side != e->side || !f->calc_ok || f->calc != e->core) {
            snprintf(what, sizeof what, "its value %g, the core's %g", f->calc, e->core);
            break;
        }
        if (i < a->nwin && (a->win_a[i] != c.alpha[i] || a->win_b[i] != c.beta[i] ||
                            a->win_cut[i] != c.cut[i])) {
            snprintf(what, sizeof what, "its window [%g, %g]%s, the core's [%g, %g]%s",
                     a->win_a[i], a->win_b[i], a->win_cut[i] ? " cut" : "", c.alpha[i],
                     c.beta[i], c.cut[i] ? " cut" : "");
            break;
        }
    }
    if (!what[0] && a->nwin != t->nfound)
        snprintf(what, sizeof what, "%ld windows read for %ld nodes", a->nwin, t->nfound);
    if (!what[0] && t->nfound != c.n)
        snprintf(what, sizeof what, "the calculator finished %ld nodes, the core's search %ld",
                 t->nfound, c.n);
    if (!what[0] && t->chosen != res.move)
        snprintf(what, sizeof what, "the calculator chose its pit %d, the core %d", t->chosen,
                 res.move);
    if (!what[0]) {
        a->nodes += t->nfound;
        a->windows += a->nwin;
        return;
    }
    a->node_mismatches++;
    if (a->report[0])
        return;
    char pos[KALAH_TEXT_MAX], found[96] = "none", want[96] = "none";
    kalah_pos_format(&r, &t->root, pos, sizeof pos);
    if (i < t->nfound)
        xcheck_tree_path_text(t, &t->found[i].path, found, sizeof found);
    if (i < c.n)
        xcheck_tree_path_text(t, &c.node[i].path, want, sizeof want);
    snprintf(a->report, sizeof a->report,
             "node mismatch at node %ld of mk61ab-%d on %s (the person South): %s; the "
             "calculator finished %s, the core's alpha-beta %s\n",
             i + 1, t->depth, pos, what, found, want);
}

static double reg_of(const vm_machine *m, int r)
{
    return vm_num_to_double(m->reg[r]);
}

/* The level of the node being searched, 1 at the root. */
static int level_now(const vm_machine *m)
{
    int l = (int)lround(reg_of(m, LEVEL_REG)) - 15;
    ck_assert(l >= 1 && l <= VM_SEARCH_LEVELS + 1);
    return l;
}

/* Before each step: a node entered clears its level's cut, `cut` marks it;
 * a node the tracker has just recorded gets its window and cut. */
static void follow_windows(ab_run *a, const vm_machine *m, long before)
{
    const vm_search *s = &a->decl->search;
    if (m->pc == s->node)
        a->cut_at[level_now(m)] = false;
    else if (m->pc == a->cut_pc)
        a->cut_at[level_now(m)] = true;
    if (a->tree.nfound < before || a->tree.nfound < a->nwin)
        a->nwin = 0; /* a new search */
    if (a->tree.nfound != a->nwin + 1)
        return;
    int l = level_now(m);
    double alpha = -INFINITY, beta = INFINITY;
    for (int k = 1; k < l; k++) {
        double best = reg_of(m, BEST_REG + k);
        if (fabs(best) >= NO_BOUND)
            continue;
        if (lround(reg_of(m, MOVER_REG + k)) == a->x.lay.calc_store)
            alpha = best > alpha ? best : alpha;
        else
            beta = best < beta ? best : beta;
    }
    a->win_a[a->nwin] = alpha;
    a->win_b[a->nwin] = beta;
    a->win_cut[a->nwin] = a->cut_at[l];
    a->nwin++;
}

static bool look(void *ctx, const vm_machine *m)
{
    ab_run *a = ctx;
    long before = a->tree.nfound;
    xcheck_tree_step(&a->tree, m);
    if (reg_of(m, MODE_REG) == 1 && a->x.prog)
        follow_windows(a, m, before);
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

/* The calculator's moves as LAST holds them: its pits from the person's
 * left, as digits. */
static long last_of(const int *moves, int n)
{
    long v = 0;
    for (int k = 0; k < n && k < XCHECK_LAST_MAX; k++)
        v = 10 * v + xcheck_calc_seen(moves[k]);
    return v;
}

static long reg_long(const vm_machine *m, int reg)
{
    return lround(vm_num_to_double(m->reg[reg]));
}

/* A new game by alpha-beta: the start-up keyed with the depth key key_d
 * (10 + d, or 10 for the default 2), checked here (the watcher knows only
 * minimax's start-ups), then the watcher takes over with mk61ab-d. */
static void start(ab_run *a, const program *prog, int stones, int key_d, bool person_first)
{
    int depth = key_d == 10 ? 2 : key_d - 10;
    kalah_game_free(&a->x.game);
    vm_load(&a->x.m, &prog->p);
    ck_assert(xcheck_watch_init(&a->x, &prog->p, &prog->d));
    kalah_game_free(&a->x.game);
    a->x.rules.stones = stones;
    ck_assert_int_eq(kalah_game_init(&a->x.game, &a->x.rules, NULL, NULL), KALAH_OK);
    a->x.stones = stones;
    a->x.depth = depth;
    a->x.person_first = person_first;
    a->x.calc = mk61ab(depth);
    a->x.game_on = true;
    xcheck_portable_init(&a->port, prog->p.length);
    char keys[64];
    snprintf(keys, sizeof keys, "%d В↑ %d %d В↑ %d В/О С/П", stones, key_d / 10, key_d % 10,
             person_first ? 1 : 0);
    press(a, keys, false);
    /* The calculator's first turn by the core, when it moves first. */
    int moves[64], n = 0;
    const int cs = person_first ? KALAH_NORTH : KALAH_SOUTH;
    while (!xcheck_over(&a->x) && kalah_game_pos(&a->x.game)->to_move == cs && n < 64) {
        kalah_result res;
        ck_assert_int_eq(kalah_search(&a->x.rules, kalah_game_pos(&a->x.game), &a->x.calc, NULL,
                                      &res, NULL),
                         KALAH_OK);
        ck_assert_int_eq(kalah_game_play(&a->x.game, res.move, NULL, NULL), KALAH_OK);
        moves[n++] = res.move;
    }
    a->calc_moves += n;
    const vm_machine *m = &a->x.m;
    ck_assert_int_eq(reg_long(m, MODE_REG), 1);
    ck_assert_int_eq(reg_long(m, a->x.lay.last), last_of(moves, n));
    kalah_pos read = xcheck_read(&a->x);
    const kalah_pos *core = kalah_game_pos(&a->x.game);
    ck_assert_msg(memcmp(read.pit, core->pit, sizeof read.pit) == 0 &&
                      memcmp(read.store, core->store, sizeof read.store) == 0,
                  "the board after the start-up differs from the core's");
    if (xcheck_over(&a->x))
        return;
    ck_assert_int_eq(reg_long(m, a->x.lay.state), 0);
    /* The sign: the calculator's moves, or 9, n, 1, d. */
    long sign = n ? last_of(moves, n) : 9000 + 100 * stones + 10 + depth;
    ck_assert_int_eq(lround(vm_num_to_double(m->x)), sign);
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
    a->cut_pc = -1;
    for (int pc = 0; pc < prog->p.length; pc++)
        if (strcmp(prog->d.label[pc], "cut") == 0)
            a->cut_pc = pc;
    ck_assert_int_ge(a->cut_pc, 0);
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
    ck_assert_int_eq(a.games, 360);
    ck_assert_int_gt(a.calc_moves, 360 * 5);
    ck_assert_int_gt(a.refusals, 360);
    ck_assert_int_ge(a.searches, a.calc_moves / 2);
    ck_assert_int_gt(a.nodes, 20 * a.searches);
    ck_assert_int_eq(a.windows, a.nodes);
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
            ck_assert(a.tree.done);
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
    /* A minimax game on the same machine, the calculator first. */
    a.tree.hold = true;
    xcheck_tree_reset(&a.tree);
    a.compared = a.tree.searches + 1; /* minimax's nodes: not mk61ab's */
    press(&a, "3 В↑ 3 В↑ 0 В/О С/П", false);
    ck_assert_int_eq(reg_long(&a.x.m, MODE_REG), 0);
    ck_assert(a.tree.done);
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
        ck_assert_msg(xcheck_start_refused(&x, &kalah()->p, &kalah()->d, bad[i], BUDGET), "%s:\n%s", bad[i],
                      x.report);
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
 * the node check fails on some searches. */
static void keeps_every_move(const program *prog, const char *name)
{
    static ab_run a;
    run_init(&a, prog);
    suite_games(&a, prog, 10);
    ck_assert_msg(a.move_mismatches == 0, "%s", a.report);
    ck_assert_int_eq(a.games, 360);
    ck_assert_int_gt(a.node_mismatches, 0);
    ck_assert_ptr_nonnull(strstr(a.report, "node mismatch"));
    fprintf(stderr, "%s: %ld games, %ld calculator moves, 0 move mismatches; %ld of %ld searches "
                    "visit other nodes; the first: %s",
            name, a.games, a.calc_moves, a.node_mismatches, a.searches, a.report);
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
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
