/* mk61 search: one turn's search of the Kalah program, node by node, beside
 * the core's (programs/xcheck/xcheck_tree.h); as text, JSON and SVG. */
#include "mk61_cli_data.h"
#include "mk61_cli.h"
#include "mk61_cli_search.h"
#include "xcheck.h"

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char search_usage[] =
    "Usage: mk61 search [--stones n] [--depth d] [--first person|calculator]\n"
    "                   [--moves \"3 1 4\"] [--position POS] [--alphabeta]\n"
    "                   [--program FILE] [--svg FILE|-] [--json FILE|-]\n"
    "\n"
    "Plays the opening on the Kalah program (kalah.mk61), cross-checked,\n"
    "then traces the calculator's next search: every node it visits, numbered\n"
    "in the order visited, with its path (the pits tried, as you see them:\n"
    "C1..C6, P1..P6), MAX (the calculator to move) or MIN (you), an extra turn\n"
    "marked, the calculator's value beside the core's (✓ agree, ✗ differ), the\n"
    "instructions it took and the time a real MK-61 would take. By minimax,\n"
    "beside each node whether alpha-beta would visit it, in the drawn order and\n"
    "in the core's order; by alpha-beta, each node's window and its cuts, and\n"
    "the subtrees it skips. Then the move chosen and the node counts.\n"
    "\n"
    "  --stones n      stones per pit, 1..6 (default 4)\n"
    "  --depth d       the program's search depth, 1..3 (default 2)\n"
    "  --first WHO     person (default) or calculator: who moves first\n"
    "  --moves \"P..\"   your moves (pits 1..6 from your left), each answered by\n"
    "                  the calculator; its search after the last one is traced\n"
    "                  (with --first calculator and no moves: its first search)\n"
    "  --position POS  instead of an opening: the search from POS, any position\n"
    "                  of Kalah(6, n) in the core's notation ('kalah show --help')\n"
    "                  with the calculator to move (its side is the side to move)\n"
    "  --alphabeta     the calculator searches by alpha-beta (the depth key\n"
    "                  10 + d, kalah.md); default minimax\n"
    "  --program FILE  the program (default: the installed kalah.mk61, in\n"
    "                  ../share/kalah61/ beside mk61's folder);\n"
    "                  it must declare its search (.search, asm.md)\n"
    "  --svg FILE      the tree as a picture: MAX and MIN nodes, extra turns,\n"
    "                  the visit numbers, the chosen line; by minimax the nodes\n"
    "                  alpha-beta in the drawn order would skip faded and those\n"
    "                  the core's ordered alpha-beta would skip marked; by\n"
    "                  alpha-beta its cuts marked and the subtrees it skips faded\n"
    "  --json FILE     the tree as JSON: {\"nodes\": [{\"path\", \"side\", \"visit\",\n"
    "                  \"calculator\", \"core\", \"alpha\", \"beta\", \"cut\",\n"
    "                  \"alphabeta_drawn\", \"alphabeta_ordered\", ...}], \"move\",\n"
    "                  \"counts\"}, every node of the tree, children in the drawn\n"
    "                  order, each after its children (the order the calculator\n"
    "                  finishes those it visits); the root's path is []\n"
    "\n"
    "FILE - is the standard output, which then holds that file alone (one of\n"
    "--svg and --json at most). Exit code 1 when a node or a move differs from\n"
    "the core's, 2 for bad usage (an unparsable or illegal move or position, a\n"
    "game over before the turn, a depth the program does not play, a program\n"
    "that declares no search).\n";

/* Options. */
typedef struct search_opts {
    int stones, depth;
    bool person_first, alphabeta;
    bool stones_given, first_given;
    const char *moves, *program, *svg, *json, *position;
} search_opts;

/* 0 to go on, -1 after --help, else the exit code. o->program points into
 * installed (CLI_PATH_MAX bytes) unless --program names the file. */
static int parse(int argc, char **argv, search_opts *o, char *installed)
{
    static const struct option opts[] = {
        CLI_OPT("stones"),  CLI_OPT("depth"), CLI_OPT("first"),    CLI_OPT("moves"),
        CLI_OPT("program"), CLI_OPT("svg"),   CLI_OPT("json"),     CLI_OPT("position"),
        CLI_FLAG("alphabeta"), {0}};
    *o = (search_opts){.stones = 4, .depth = 2, .person_first = true, .moves = ""};
    o->program = cli_data_path("kalah.mk61", installed, CLI_PATH_MAX);
    cli_args args;
    cli_args_init(&args, "mk61 search", argc, argv, 2, opts, "");
    cli_usage(&args, search_usage, NULL);
    const char *v;
    uint64_t n;
    while (cli_next(&args) > 0) {
        if (cli_got(&args, "--stones", &v)) {
            o->stones_given = true;
            if (cli_whole(&args, 1, XCHECK_STONES_MAX, "the stones a pit, %llu..%llu", &n))
                o->stones = (int)n;
        } else if (cli_got(&args, "--depth", &v)) {
            if (cli_whole(&args, 1, XCHECK_DEPTH_MAX, "a depth the program plays, %llu..%llu",
                          &n))
                o->depth = (int)n;
        } else if (cli_got(&args, "--first", &v)) {
            if (strcmp(v, "person") != 0 && strcmp(v, "calculator") != 0) {
                fprintf(stderr, "mk61 search: --first takes person or calculator, not '%s'\n", v);
                cli_bad(&args);
            }
            o->person_first = v[0] == 'p';
            o->first_given = true;
        } else if (cli_flag(&args, "--alphabeta")) {
            o->alphabeta = true;
        } else if (!cli_got(&args, "--moves", &o->moves) &&
                   !cli_got(&args, "--program", &o->program) &&
                   !cli_got(&args, "--svg", &o->svg) && !cli_got(&args, "--json", &o->json) &&
                   !cli_got(&args, "--position", &o->position)) {
            cli_unknown(&args);
        }
    }
    if (args.rc == CLI_GO && o->position && (o->moves[0] || o->stones_given || o->first_given)) {
        fprintf(stderr, "mk61 search: --position gives the whole position: --moves, --stones "
                        "and --first go with an opening instead\n");
        return CLI_USAGE;
    }
    if (args.rc == CLI_GO && o->svg && o->json && !strcmp(o->svg, "-") && !strcmp(o->json, "-")) {
        fprintf(stderr, "mk61 search: --svg - and --json - would both take the standard "
                        "output: one of them only\n");
        return CLI_USAGE;
    }
    return args.rc == CLI_GO ? 0 : args.rc == CLI_OK ? -1 : args.rc;
}

/* The moves of --moves: pits 1..6; -1, after a message, when one is not. */
static int parse_moves(const char *text, int pits[], int max)
{
    int n = 0;
    char copy[512];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *t = strtok(copy, " ,\t"); t; t = strtok(NULL, " ,\t")) {
        if (strlen(t) != 1 || t[0] < '1' || t[0] > '6' || n == max) {
            fprintf(stderr, "mk61 search: --moves takes your pits 1..6 separated by spaces; "
                            "'%s' is not one\n", t);
            return -1;
        }
        pits[n++] = t[0] - '0';
    }
    return n;
}

/* Plays the opening and the traced turn; the exit code. */
static int play(const search_opts *o, const vm_program *prog, const vm_decl *decl, xcheck *x,
                xcheck_tree *tree)
{
    int pits[256], n = parse_moves(o->moves, pits, 256);
    if (n < 0)
        return CLI_USAGE;
    if (n == 0 && o->person_first) {
        fprintf(stderr, "mk61 search: you move first: give your moves with --moves (or "
                        "--first calculator, or --position)\n");
        return CLI_USAGE;
    }
    tree->hold = true;
    x->watch = n == 0 ? xcheck_tree_look : NULL;
    x->watch_ctx = tree;
    bool ok = xcheck_start(x, prog, decl, o->stones, o->depth,
                           o->alphabeta ? XCHECK_ALPHABETA : XCHECK_MINIMAX, o->person_first,
                           2000000000ull);
    int ps = o->person_first ? KALAH_SOUTH : KALAH_NORTH;
    for (int k = 0; ok && k < n; k++) {
        const kalah_pos *p = kalah_game_pos(&x->game);
        if (xcheck_over(x)) {
            fprintf(stderr, "mk61 search: --moves: the game is over after %d of your moves\n",
                    k);
            return CLI_USAGE;
        }
        if (p->pit[ps][pits[k] - 1] == 0) {
            fprintf(stderr, "mk61 search: --moves: your move %d, pit %d, is empty then\n", k + 1,
                    pits[k]);
            return CLI_USAGE;
        }
        if (k == n - 1)
            x->watch = xcheck_tree_look;
        ok = xcheck_person_move(x, pits[k]);
    }
    if (!ok) {
        fprintf(stderr, "mk61 search: the program differs from the core:\n%s", x->report);
        return CLI_FAIL;
    }
    if (tree->searches == 0) {
        fprintf(stderr, "mk61 search: %s: no search to trace\n",
                xcheck_over(x) ? "the game is over after these moves"
                               : "after these moves it is your move again (an extra turn)");
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* ---- --position ------------------------------------------------------------ */

/* The position of --position, with the calculator to move: false after a
 * message. *person_first: the person is South (the calculator North). */
static bool read_position(const char *text, kalah_pos *pos, bool *person_first)
{
    kalah_rules r;
    kalah_error err;
    if (kalah_pos_parse(text, &r, pos, &err) != KALAH_OK) {
        fprintf(stderr, "mk61 search: --position '%s': %s\n", text, err.message);
        return false;
    }
    kalah_rules std = kalah_rules_default();
    std.stones = r.stones;
    if (memcmp(&r, &std, sizeof r) != 0) {
        fprintf(stderr, "mk61 search: --position: the program plays Kalah(6, n) with the "
                        "standard rules (kalah-6-n), not '%s'\n", text);
        return false;
    }
    if (kalah_over(&r, pos)) {
        fprintf(stderr, "mk61 search: --position: the game is over in '%s'\n", text);
        return false;
    }
    *person_first = pos->to_move == KALAH_NORTH;
    return true;
}

/* Stops a run where the declared search's root is about to be entered. */
static bool before_root(void *ctx, const vm_machine *m)
{
    const vm_search *s = ctx;
    return !(m->pc == s->node && s->level_reg >= 0 &&
             vm_num_eq(m->reg[s->level_reg], vm_num_from_int(s->level_root)));
}

/* The search from a position: the program started with the calculator to
 * move and stopped as its first search is about to begin, the board's
 * registers (the .names P1..P6, PK, C1..C6, CK) set to the position, then
 * run on to its stop with the tracker following. The exit code. */
static int play_position(const search_opts *o, const vm_program *prog, const vm_decl *decl,
                         xcheck *x, xcheck_tree *tree)
{
    kalah_pos pos;
    bool person_first;
    if (!read_position(o->position, &pos, &person_first))
        return CLI_USAGE;
    char why[128];
    if (!xcheck_layout_find(decl->reg_name, &x->lay, why, sizeof why)) {
        fprintf(stderr, "mk61 search: %s: %s\n", o->program, why);
        return CLI_USAGE;
    }
    vm_load(&x->m, prog);
    int key = xcheck_depth_key(o->depth, o->alphabeta ? XCHECK_ALPHABETA : XCHECK_MINIMAX);
    char keys[64];
    snprintf(keys, sizeof keys, "%d В↑ %d %d В↑ 0 В/О С/П", XCHECK_STONES_DEFAULT, key / 10,
             key % 10);
    const char *k = keys;
    int code;
    size_t len;
    while (vm_key_next(&k, &code, &len) > 0)
        vm_press(&x->m, (vm_key)code);
    vm_halt h = vm_run_watched(&x->m, 100000000ull, before_root, (void *)&decl->search);
    if (h != VM_HALT_NONE) {
        fprintf(stderr, "mk61 search: %s: the program stopped before its first search\n",
                o->program);
        return CLI_FAIL;
    }
    const xcheck_layout *l = &x->lay;
    int cs = pos.to_move, ps = !cs;
    for (int i = 0; i < XCHECK_PITS; i++) {
        x->m.reg[l->person[i]] = vm_num_from_int(pos.pit[ps][i]);
        x->m.reg[l->calc[i]] = vm_num_from_int(pos.pit[cs][i]);
    }
    x->m.reg[l->person_store] = vm_num_from_int(pos.store[ps]);
    x->m.reg[l->calc_store] = vm_num_from_int(pos.store[cs]);
    tree->hold = true;
    h = vm_run_watched(&x->m, 2000000000ull, xcheck_tree_look, tree);
    xcheck_tree_step(tree, &x->m);
    x->person_first = person_first;
    if (h != VM_HALT_STOP || !tree->done) {
        char text[160];
        xcheck_halt_text(&x->m, text, sizeof text);
        fprintf(stderr, "mk61 search: the program's search from the position did not end: %s\n",
                text);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* ---- JSON ------------------------------------------------------------------ */

/* Writes a file whole, "-" the standard output; false after a message. */
static bool save(const char *file, const char *text, size_t len)
{
    return cli_write_file("mk61 search", strcmp(file, "-") ? file : NULL, text, len) == CLI_OK;
}

/* A value as JSON: a whole number, null for none (NAN) or no bound. */
static json_object *json_value(double v)
{
    return isnan(v) || isinf(v) ? NULL : json_object_new_int64((int64_t)v);
}

static json_object *json_node(const xcheck_tree *t, const xcheck_tree_node *n)
{
    char pit[16];
    json_object *o = json_object_new_object(), *path = json_object_new_array();
    for (int k = 0; k < n->path.len; k++)
        json_object_array_add(path, json_object_new_string(xcheck_tree_pit_name(
                                        t, n->path.side[k], n->path.pit[k], pit, sizeof pit)));
    json_object_object_add(o, "path", path);
    json_object_object_add(o, "side", json_object_new_string(search_side_name(n->side)));
    json_object_object_add(o, "level", json_object_new_string(search_level_name(n->side)));
    json_object_object_add(o, "extra_turn", json_object_new_boolean(n->extra));
    json_object_object_add(o, "visit", n->visit ? json_object_new_int64(n->visit) : NULL);
    json_object_object_add(o, "calculator", n->finished ? json_value(n->calc) : NULL);
    json_object_object_add(o, "core", n->core_ok ? json_value(n->core) : NULL);
    json_object_object_add(o, "minimax", json_value(n->minimax));
    json_object_object_add(o, "agree", json_object_new_boolean(n->agree));
    json_object_object_add(o, "alpha", n->visit ? json_value(n->alpha) : NULL);
    json_object_object_add(o, "beta", n->visit ? json_value(n->beta) : NULL);
    json_object_object_add(o, "cut", json_object_new_boolean(n->cut));
    json_object_object_add(o, "instructions",
                           n->finished ? json_object_new_int64((int64_t)n->steps) : NULL);
    json_object_object_add(o, "ms", n->finished ? json_object_new_int64((int64_t)n->ms) : NULL);
    json_object_object_add(o, "address", n->finished ? json_object_new_int(n->pc) : NULL);
    json_object_object_add(o, "alphabeta", json_object_new_boolean(n->alphabeta_ordered));
    json_object_object_add(o, "alphabeta_drawn", json_object_new_boolean(n->alphabeta_drawn));
    json_object_object_add(o, "alphabeta_ordered",
                           json_object_new_boolean(n->alphabeta_ordered));
    return o;
}

static bool write_json(const xcheck_tree *t, bool person_first, const char *file)
{
    json_object *root = json_object_new_object(), *nodes = json_object_new_array();
    char pit[16], pos[KALAH_TEXT_MAX];
    search_root_text(t, person_first, pos, sizeof pos);
    json_object_object_add(root, "position", json_object_new_string(pos));
    json_object_object_add(root, "calculator_side",
                           json_object_new_string(person_first ? "North" : "South"));
    json_object_object_add(root, "depth", json_object_new_int(t->depth));
    json_object_object_add(root, "algorithm",
                           json_object_new_string(t->alphabeta ? "alphabeta" : "minimax"));
    json_object_object_add(root, "order",
                           json_object_new_string("drawn: the calculator's C6..C1, the "
                                                  "person's P1..P6 (each mover's pit 1 first)"));
    for (long i = 0; i < t->nexpect; i++)
        json_object_array_add(nodes, json_node(t, &t->expect[i]));
    json_object_object_add(root, "nodes", nodes);
    json_object_object_add(root, "move",
                           t->chosen ? json_object_new_string(xcheck_tree_pit_name(
                                           t, XCHECK_TREE_CALC, t->chosen, pit, sizeof pit))
                                     : NULL);
    xcheck_tree_counts c = xcheck_tree_count(t);
    json_object *counts = json_object_new_object();
    json_object_object_add(counts, "calculator", json_object_new_int64(c.calc));
    json_object_object_add(counts, "minimax", json_object_new_int64(c.minimax));
    json_object_object_add(counts, "alphabeta", json_object_new_int64(c.alphabeta));
    json_object_object_add(counts, "alphabeta_drawn", json_object_new_int64(c.alphabeta_drawn));
    json_object_object_add(counts, "alphabeta_ordered", json_object_new_int64(c.alphabeta));
    json_object_object_add(counts, "alphabeta003", json_object_new_int64(c.alphabeta003));
    json_object_object_add(root, "counts", counts);
    const char *text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
                                                                JSON_C_TO_STRING_NOSLASHESCAPE);
    char *whole = text ? malloc(strlen(text) + 2) : NULL;
    bool ok = false;
    if (whole) { /* a text file ends in a newline */
        size_t n = strlen(text);
        memcpy(whole, text, n);
        whole[n] = '\n';
        ok = save(file, whole, n + 1);
        free(whole);
    }
    json_object_put(root);
    return ok;
}

/* The SVG, drawn in memory and saved whole. */
static bool write_svg(const xcheck_tree *t, const char *file)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return false;
    search_write_svg(t, f);
    bool ok = fclose(f) == 0 && save(file, text, len);
    free(text);
    return ok;
}

int cli_search(int argc, char **argv)
{
    search_opts o;
    char installed[CLI_PATH_MAX];
    int rc = parse(argc, argv, &o, installed);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    vm_program prog;
    vm_decl decl;
    if (!cli_load_program("mk61 search", o.program, VM_PROFILE_MK61X, &prog, &decl))
        return CLI_FAIL;
    xcheck_tree tree;
    char why[160];
    if (!xcheck_tree_init(&tree, &prog, &decl, why, sizeof why)) {
        fprintf(stderr, "mk61 search: %s: %s\n", o.program, why);
        xcheck_tree_free(&tree);
        return CLI_USAGE;
    }
    static xcheck x;
    rc = o.position ? play_position(&o, &prog, &decl, &x, &tree)
                    : play(&o, &prog, &decl, &x, &tree);
    if (rc == CLI_OK) {
        /* A file on the standard output is all it holds. */
        bool quiet = (o.json && !strcmp(o.json, "-")) || (o.svg && !strcmp(o.svg, "-"));
        if (!quiet)
            search_print_tree(&tree, x.person_first, NULL);
        if (tree.node_mismatches) {
            fputs(tree.report, quiet ? stderr : stdout);
            rc = CLI_FAIL;
        }
        if (o.json && !write_json(&tree, x.person_first, o.json))
            rc = CLI_FAIL;
        if (o.svg && !write_svg(&tree, o.svg))
            rc = CLI_FAIL;
    }
    xcheck_free(&x);
    xcheck_tree_free(&tree);
    return rc;
}
