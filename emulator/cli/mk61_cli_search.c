/* mk61 search: one turn's search of the Kalah program, node by node, beside
 * the core's (programs/xcheck/xcheck_tree.h); as text, JSON and SVG. */
#include "mk61_cli_data.h"
#include "mk61_cli.h"
#include "mk61_cli_search.h"
#include "xcheck.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

static const char search_usage[] =
    "Usage: mk61 search [--stones n] [--depth d] [--first person|calculator]\n"
    "                   [--moves \"3 1 4\"] [--program FILE] [--svg FILE] [--json FILE]\n"
    "\n"
    "Plays the opening on the Kalah program (kalah.mk61), cross-checked,\n"
    "then traces the calculator's next search: every node it finishes, with its\n"
    "path (the pits tried, as you see them: C1..C6, P1..P6), the side to move,\n"
    "the calculator's value beside the core's (✓ agree, ✗ differ), the\n"
    "instructions it took and the seconds a real MK-61 would take. Then the\n"
    "move chosen and the nodes from the same position: the calculator's, the\n"
    "core's minimax, the core's alpha-beta and seed 003's alpha-beta.\n"
    "\n"
    "  --stones n      stones per pit, 1..6 (default 4)\n"
    "  --depth d       the program's search depth, 1..3 (default 2)\n"
    "  --first WHO     person (default) or calculator: who moves first\n"
    "  --moves \"P..\"   your moves (pits 1..6 from your left), each answered by\n"
    "                  the calculator; its search after the last one is traced\n"
    "                  (with --first calculator and no moves: its first search)\n"
    "  --program FILE  the program (default: the installed kalah.mk61, in\n"
    "                  ../share/kalah61/ beside mk61's folder);\n"
    "                  it must declare its search (.search, asm.md)\n"
    "  --svg FILE      the tree as a picture: the chosen line highlighted, each\n"
    "                  node marked by agreement, the nodes the core's\n"
    "                  alpha-beta never visits drawn apart (faded, dashed)\n"
    "  --json FILE     the tree as JSON: {\"nodes\": [{\"path\", \"side\",\n"
    "                  \"calculator\", \"core\", \"instructions\", ...}], \"move\",\n"
    "                  \"counts\"}, the nodes in the order the calculator\n"
    "                  finished them\n"
    "\n"
    "Exit code 1 when a node or a move differs from the core's, 2 for bad usage\n"
    "(an unparsable or illegal move, a game over before the turn, a depth the\n"
    "program does not play, a program that declares no search).\n";

/* Options. */
typedef struct search_opts {
    int stones, depth;
    bool person_first;
    const char *moves, *program, *svg, *json;
} search_opts;

/* 0 to go on, -1 after --help, else the exit code. o->program points into
 * installed (CLI_PATH_MAX bytes) unless --program names the file. */
static int parse(int argc, char **argv, search_opts *o, char *installed)
{
    static const struct option opts[] = {
        CLI_OPT("stones"), CLI_OPT("depth"),   CLI_OPT("first"), CLI_OPT("moves"),
        CLI_OPT("program"), CLI_OPT("svg"),    CLI_OPT("json"),  {0}};
    *o = (search_opts){4, 2, true, "", NULL, NULL, NULL};
    o->program = cli_data_path("kalah.mk61", installed, CLI_PATH_MAX);
    cli_args args;
    cli_args_init(&args, "mk61 search", argc, argv, 2, opts, "");
    cli_usage(&args, search_usage, NULL);
    const char *v;
    uint64_t n;
    while (cli_next(&args) > 0) {
        if (cli_got(&args, "--stones", &v)) {
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
        } else if (!cli_got(&args, "--moves", &o->moves) &&
                   !cli_got(&args, "--program", &o->program) &&
                   !cli_got(&args, "--svg", &o->svg) && !cli_got(&args, "--json", &o->json)) {
            cli_unknown(&args);
        }
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
                        "--first calculator)\n");
        return CLI_USAGE;
    }
    tree->hold = true;
    x->watch = n == 0 ? xcheck_tree_look : NULL;
    x->watch_ctx = tree;
    bool ok = xcheck_start(x, prog, decl, o->stones, o->depth, o->person_first, 2000000000ull);
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

/* ---- the text ------------------------------------------------------------ */

/* Real-machine time: "4.2 s", "3 min 05 s", "1 h 02 min". */
static const char *duration(uint64_t ms, char *buf, size_t size)
{
    uint64_t s = ms / 1000;
    if (s < 60)
        snprintf(buf, size, "%.1f s", ms / 1000.0);
    else if (s < 3600)
        snprintf(buf, size, "%llu min %02llu s", (unsigned long long)(s / 60),
                 (unsigned long long)(s % 60));
    else
        snprintf(buf, size, "%llu h %02llu min", (unsigned long long)(s / 3600),
                 (unsigned long long)(s / 60 % 60));
    return buf;
}

const char *search_side_name(int side)
{
    return side == XCHECK_TREE_CALC ? "calculator" : side == XCHECK_TREE_PERSON ? "person" : "?";
}

int search_preorder(const xcheck_tree *t, long order[])
{
    /* Depth first from the root, children in finishing order. */
    int n = 0;
    long stack[XCHECK_TREE_PLY_MAX + 1], next[XCHECK_TREE_PLY_MAX + 1];
    int top = -1;
    for (long i = 0; i < t->nfound; i++)
        if (t->found[i].path.len == 0) {
            order[n++] = i;
            stack[++top] = i;
            next[top] = 0;
            break;
        }
    while (top >= 0) {
        const xcheck_tree_path *parent = &t->found[stack[top]].path;
        long i = next[top];
        while (i < t->nfound && !xcheck_tree_path_child(&t->found[i].path, parent))
            i++;
        if (i == t->nfound || top == XCHECK_TREE_PLY_MAX) {
            top--;
            continue;
        }
        next[top] = i + 1;
        order[n++] = i;
        stack[++top] = i;
        next[top] = 0;
    }
    return n;
}

/* The search's root position in the core's notation, as the game is. */
static void root_text(const xcheck_tree *t, bool person_first, char *buf, size_t size)
{
    kalah_rules r = kalah_rules_default();
    kalah_pos root;
    xcheck_tree_position(t, &(xcheck_tree_path){0}, person_first, &root);
    int total = kalah_total_stones(&r, &root);
    r.stones = total >= 2 * r.pits ? total / (2 * r.pits) : 1;
    kalah_pos_format(&r, &root, buf, size);
}

void search_print_tree(const xcheck_tree *t, bool person_first)
{
    char pos[KALAH_TEXT_MAX], path[96], pit[16], d[32];
    root_text(t, person_first, pos, sizeof pos);
    printf("The calculator's search at depth %d of %s (the calculator is %s)%s:\n", t->depth,
           pos, person_first ? "North" : "South", t->searching ? ", so far" : "");
    printf("%-*s %-10s %11s %6s %11s %16s\n", 4 * t->depth + 4, "node", "to move",
           "calculator", "core", "instructions", "on a real MK-61");
    long *order = malloc((size_t)(t->nfound ? t->nfound : 1) * sizeof *order);
    if (!order)
        return;
    int n = search_preorder(t, order);
    for (int k = 0; k < n; k++) {
        const xcheck_tree_node *nd = &t->found[order[k]];
        char label[96];
        if (nd->path.len == 0)
            snprintf(label, sizeof label, "root");
        else
            snprintf(label, sizeof label, "%*s%s", 2 * nd->path.len, "",
                     xcheck_tree_pit_name(t, nd->path.side[nd->path.len - 1],
                                          nd->path.pit[nd->path.len - 1], pit, sizeof pit));
        char core[24];
        if (nd->core_ok)
            snprintf(core, sizeof core, "%.0f", nd->core);
        else
            snprintf(core, sizeof core, "-");
        printf("%-*s %-10s %11.0f %6s %s %11llu %16s\n", 4 * t->depth + 4, label,
               search_side_name(nd->side), nd->calc, core, nd->agree ? "✓" : "✗",
               (unsigned long long)nd->steps, duration(nd->ms, d, sizeof d));
    }
    free(order);
    xcheck_tree_path line;
    xcheck_tree_best_line(t, &line);
    printf("%s: %s; the line the search expects: %s\n", t->done ? "Chosen" : "Best so far",
           line.len ? xcheck_tree_pit_name(t, XCHECK_TREE_CALC, line.pit[0], pit, sizeof pit) : "-",
           xcheck_tree_path_text(t, &line, path, sizeof path));
    xcheck_tree_counts c = xcheck_tree_count(t);
    printf("Nodes from this position: the calculator %ld, the core's minimax %ld, the core's "
           "alpha-beta %ld, seed 003's alpha-beta %ld\n", c.calc, c.minimax, c.alphabeta,
           c.alphabeta003);
}

/* ---- JSON ------------------------------------------------------------------ */

/* Writes a file whole; false after a message. */
static bool save(const char *file, const char *text, size_t len)
{
    return cli_write_file("mk61 search", file, text, len) == CLI_OK;
}

static bool write_json(const xcheck_tree *t, bool person_first, const char *file)
{
    json_object *root = json_object_new_object(), *nodes = json_object_new_array();
    char pit[16], pos[KALAH_TEXT_MAX];
    root_text(t, person_first, pos, sizeof pos);
    json_object_object_add(root, "position", json_object_new_string(pos));
    json_object_object_add(root, "calculator_side",
                           json_object_new_string(person_first ? "North" : "South"));
    for (long i = 0; i < t->nfound; i++) {
        const xcheck_tree_node *n = &t->found[i];
        json_object *o = json_object_new_object(), *path = json_object_new_array();
        for (int k = 0; k < n->path.len; k++)
            json_object_array_add(path, json_object_new_string(xcheck_tree_pit_name(
                                            t, n->path.side[k], n->path.pit[k], pit, sizeof pit)));
        json_object_object_add(o, "path", path);
        json_object_object_add(o, "side", json_object_new_string(search_side_name(n->side)));
        json_object_object_add(o, "calculator", json_object_new_int64((int64_t)n->calc));
        json_object_object_add(o, "core",
                               n->core_ok ? json_object_new_int64((int64_t)n->core) : NULL);
        json_object_object_add(o, "agree", json_object_new_boolean(n->agree));
        json_object_object_add(o, "instructions", json_object_new_int64((int64_t)n->steps));
        json_object_object_add(o, "ms", json_object_new_int64((int64_t)n->ms));
        json_object_object_add(o, "address", json_object_new_int(n->pc));
        json_object_object_add(o, "alphabeta", json_object_new_boolean(n->alphabeta));
        json_object_array_add(nodes, o);
    }
    json_object_object_add(root, "depth", json_object_new_int(t->depth));
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
    json_object_object_add(counts, "alphabeta003", json_object_new_int64(c.alphabeta003));
    json_object_object_add(root, "counts", counts);
    const char *text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
                                                                JSON_C_TO_STRING_NOSLASHESCAPE);
    bool ok = text && save(file, text, strlen(text));
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
    rc = play(&o, &prog, &decl, &x, &tree);
    if (rc == CLI_OK) {
        search_print_tree(&tree, o.person_first);
        if (tree.node_mismatches) {
            fputs(tree.report, stdout);
            rc = CLI_FAIL;
        }
        if (o.json && !write_json(&tree, o.person_first, o.json))
            rc = CLI_FAIL;
        if (o.svg && !write_svg(&tree, o.svg))
            rc = CLI_FAIL;
    }
    xcheck_free(&x);
    xcheck_tree_free(&tree);
    return rc;
}
