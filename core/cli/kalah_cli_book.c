/* kalah book: builds and checks the opening book of the exact player
 * (core/data/kalah_book.txt; docs/solver.md, "The opening book"). */
#include "kalah_cli.h"
#include "kalah_search.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char book_usage[] =
    "Usage: kalah book build [--out FILE] [SOLVER OPTIONS] [--plies K] RULES...\n"
    "       kalah book check [FILE]\n"
    "\n"
    "The opening book: the exact value of every move of the first positions\n"
    "of some boards, computed by the exact solver. The book compiled into the\n"
    "engine is one (of Kalah(5,4) and (6,3) to 3 moves and (6,4) to 2, with\n"
    "both capture rules), and the exact player (the level strong) plays from\n"
    "it: solver.md, section 'The opening book', tells the command that made\n"
    "it, about half an hour long.\n"
    "\n"
    "  build   solves every position of each RULES (a board: kalah-6-4,\n"
    "          kalah-6-4+empty) reached within K moves from the start, and\n"
    "          writes the book to FILE (default: standard output). It also\n"
    "          says where the strong level without the book would have played\n"
    "          a proven-worse move. Slow for big boards: Kalah(6,4) takes about\n"
    "          half an hour with the 22-stone endgame database.\n"
    "  check   reads a book (default: the one compiled in) and checks every\n"
    "          line and that the lines agree: a move's value is the best value\n"
    "          of the position it leads to (negated when the turn passes)\n"
    "          wherever that position has a line too. Exit code 1 otherwise.\n"
    "\n"
    "  --plies K     moves from the start, 0..4, for the boards after it (default\n"
    "                2; an extra turn is a move)\n"
    "  --out FILE    write the book there (through a temporary file)\n"
    "Solver options: --tt MB, --threads N, --no-egdb, --quiet, --progress and\n"
    "the switches --no-order, --no-futility, --no-etc, --no-deepening,\n"
    "--no-compact, --no-history, as for 'kalah solve' (the endgame database is\n"
    "each board's default one, when there is one: set KALAH61_EGDB_DIR to point\n"
    "elsewhere; no budget: a book holds exact values).\n"
    "\n"
    "Examples: kalah book build --plies 2 kalah-4-3 kalah-5-2 --out book.txt\n"
    "          kalah book check book.txt\n"
    "          kalah book check\n";

/* The positions of a board within plies moves of the start, each once, in
 * the order found (breadth first); finished games left out. */
typedef struct posset {
    kalah_pos *pos;
    int count, cap;
} posset;

static bool posset_has(const posset *s, const kalah_pos *p)
{
    for (int k = 0; k < s->count; k++)
        if (memcmp(&s->pos[k], p, sizeof *p) == 0)
            return true;
    return false;
}

static bool posset_add(posset *s, const kalah_pos *p)
{
    if (posset_has(s, p))
        return true;
    if (s->count == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        kalah_pos *np = realloc(s->pos, (size_t)cap * sizeof *np);
        if (!np)
            return false;
        s->pos = np;
        s->cap = cap;
    }
    s->pos[s->count++] = *p;
    return true;
}

static bool enumerate(const kalah_rules *r, int plies, posset *out)
{
    kalah_pos start = kalah_start(r);
    if (!posset_add(out, &start))
        return false;
    int from = 0;
    for (int ply = 0; ply < plies; ply++) {
        int to = out->count;
        for (int k = from; k < to; k++) {
            int moves[KALAH_MAX_PITS], n = kalah_moves(r, &out->pos[k], moves);
            for (int i = 0; i < n; i++) {
                kalah_pos c = out->pos[k];
                kalah_play(r, &c, moves[i], NULL, NULL);
                if (!kalah_over(r, &c) && !posset_add(out, &c))
                    return false;
            }
        }
        from = to;
    }
    return true;
}

/* The move the strong level would play in p without the book: the exact
 * player's solver (a 16 MB table, KALAH_STRONG_NODES nodes), as
 * kalah_exact_search runs it. 0 when it cannot run. */
static int strong_without_book(const kalah_rules *r, const kalah_pos *p)
{
    kalah_solver *s = NULL;
    kalah_solve_config cfg = {.tt_bytes = (size_t)16 << 20};
    if (kalah_solver_new(r, &cfg, &s, NULL) != KALAH_OK)
        return 0;
    kalah_solve_limits lim = {.max_nodes = KALAH_STRONG_NODES};
    kalah_solution so;
    int move = kalah_solver_run(s, p, false, &lim, &so, NULL) == KALAH_OK ? so.move : 0;
    kalah_solver_free(s);
    return move;
}

/* One board into out: its lines, and a summary into notes. */
static int build_board(const kalah_rules *r, int plies, const cli_solve_opts *o, FILE *out,
                       char *notes, size_t notes_size)
{
    char rules[KALAH_TEXT_MAX];
    kalah_rules_format(r, rules, sizeof rules);
    posset set = {0};
    if (!enumerate(r, plies, &set)) {
        fprintf(stderr, "kalah book: out of memory\n");
        free(set.pos);
        return CLI_FAIL;
    }
    cli_solver cs;
    int rc = cli_solver_open("kalah book", r, o, NULL, &cs);
    if (rc != CLI_OK) {
        free(set.pos);
        return rc;
    }
    fprintf(stderr, "kalah book: %s, %d positions within %d move%s%s%s\n", rules, set.count,
            plies, plies == 1 ? "" : "s", cs.egdb ? ", endgame database " : "",
            cs.egdb ? cs.egdb_path : "");
    int worse = 0;
    double seconds = 0;
    for (int k = 0; k < set.count && rc == CLI_OK; k++) {
        const kalah_pos *p = &set.pos[k];
        kalah_solution sol;
        kalah_error err;
        if (cli_solver_run(&cs, p, true, &sol, &err) != KALAH_OK) {
            fprintf(stderr, "kalah book: %s\n", err.message);
            rc = CLI_FAIL;
            break;
        }
        if (!sol.exact) {
            fprintf(stderr, "kalah book: stopped (%s)\n", cli_stop_reason(sol.stopped));
            rc = CLI_FAIL;
            break;
        }
        seconds += sol.seconds;
        int values[KALAH_MAX_PITS];
        for (int i = 0; i < r->pits; i++)
            values[i] = KALAH_BOOK_EMPTY;
        for (int i = 0; i < sol.count; i++)
            values[sol.moves[i] - 1] = sol.values[i];
        char line[KALAH_TEXT_MAX + 8 * KALAH_MAX_PITS];
        kalah_book_line_format(r, p, values, line, sizeof line);
        fprintf(out, "%s\n", line);
        fflush(out);
        int strong = strong_without_book(r, p);
        bool bad = strong > 0 && values[strong - 1] < sol.value;
        worse += bad;
        char v[16], sv[16];
        fprintf(stderr, "  %d/%d %s: %s, %.1f s; strong without the book: pit %d%s%s\n", k + 1,
                set.count, line, cli_margin(sol.value, v, sizeof v), sol.seconds, strong,
                bad ? ", worse: " : "",
                bad ? cli_margin(values[strong - 1], sv, sizeof sv) : "");
    }
    cli_solver_close(&cs);
    if (rc == CLI_OK)
        snprintf(notes, notes_size,
                 "# %s, %d move%s: %d positions, %.1f s; without the book the strong\n"
                 "#   level would play a proven-worse move in %d of them.\n",
                 rules, plies, plies == 1 ? "" : "s", set.count, seconds, worse);
    free(set.pos);
    return rc;
}

static int book_build(int argc, char **argv)
{
    /* The solver's options but its budgets and database (CLI_SOLVE_OPTS): a
     * book holds exact values, of boards each with its own database. */
    static const struct option opts[] = {
        CLI_OPT("tt"), CLI_OPT("threads"), CLI_FLAG("no-egdb"), CLI_FLAG("no-order"),
        CLI_FLAG("no-futility"), CLI_FLAG("no-etc"), CLI_FLAG("no-deepening"),
        CLI_FLAG("no-compact"), CLI_FLAG("no-history"), CLI_FLAG("quiet"), CLI_FLAG("progress"),
        CLI_OPT("plies"), CLI_OPT("out"), {0}};
    cli_args args, *a = &args;
    cli_args_init(a, "kalah book build", argc, argv, 3, opts, "");
    cli_usage(a, book_usage, NULL);
    int plies = 2;
    cli_solve_opts o = {0};
    const char *out_path = NULL;
    kalah_rules boards[64];
    int board_plies[64];
    int nboards = 0;
    while (cli_next(a) > 0) {
        if (cli_int_opt(a, "--plies", 0, 4, &plies) || cli_got(a, "--out", &out_path)) {
        } else if (cli_solve_opt(a, &o)) {
        } else if (cli_arg(a) && nboards < 64) {
            kalah_error err;
            const char *text = a->val;
            if (kalah_rules_parse(text, &boards[nboards], &err) != KALAH_OK) {
                cli_parse_error("kalah book build", text, &err);
                cli_bad(a);
            } else if (!strchr(text, '-')) {
                fprintf(stderr, "kalah book build: give the board with the rules: kalah-6-4, "
                                "not '%s'\n", text);
                cli_bad(a);
            } else {
                board_plies[nboards++] = plies;
            }
        } else {
            cli_unknown(a);
        }
    }
    if (a->rc != CLI_GO)
        return a->rc;
    if (nboards == 0) {
        fprintf(stderr, "kalah book build: which boards? (see 'kalah book --help')\n");
        return CLI_USAGE;
    }
    cli_out file = {0};
    FILE *out = stdout;
    if (out_path) {
        if (!cli_out_open(&file, "kalah book build", out_path))
            return CLI_FAIL;
        out = file.f;
    }
    fprintf(out, "# kalah61 opening book 1 (docs/solver.md, \"The opening book\")\n"
                 "# A line a position, then the final margin that each pit reaches with\n"
                 "# perfect play, for the side to move ('.': an empty pit). Made with\n"
                 "#   kalah book build");
    for (int b = 0; b < nboards; b++) {
        char rules[KALAH_TEXT_MAX];
        kalah_rules_format(&boards[b], rules, sizeof rules);
        if (b == 0 || board_plies[b] != board_plies[b - 1])
            fprintf(out, " --plies %d", board_plies[b]);
        fprintf(out, " %s", rules);
    }
    fprintf(out, "\n");
    cli_sigint_install(false);
    char notes[64][KALAH_TEXT_MAX + 192];
    int rc = CLI_OK;
    for (int b = 0; b < nboards && rc == CLI_OK; b++)
        rc = build_board(&boards[b], board_plies[b], &o, out, notes[b], sizeof notes[b]);
    if (rc == CLI_OK)
        for (int b = 0; b < nboards; b++) {
            fputs(notes[b], out);
            fputs(notes[b], stderr);
        }
    if (out_path && rc == CLI_OK)
        rc = cli_out_commit(&file, "kalah book build") ? CLI_OK : CLI_FAIL;
    else if (out_path)
        cli_out_abort(&file);
    return rc;
}

/* Whether line is the first line of book about its position. */
static bool first_line(const char *book, const char *line)
{
    size_t len = strcspn(line, " \n");
    for (const char *at = book; at < line;) {
        if (strncmp(at, line, len) == 0 && at[len] == ' ')
            return false;
        const char *nl = strchr(at, '\n');
        if (!nl)
            break;
        at = nl + 1;
    }
    return true;
}

/* The best value among a line's pits. */
static int best_of(const kalah_rules *r, const int *values)
{
    int best = KALAH_BOOK_EMPTY;
    for (int i = 0; i < r->pits; i++)
        if (values[i] != KALAH_BOOK_EMPTY && (best == KALAH_BOOK_EMPTY || values[i] > best))
            best = values[i];
    return best;
}

static int book_check(int argc, char **argv)
{
    static const struct option opts[] = {{0}};
    cli_args args, *a = &args;
    cli_args_init(a, "kalah book check", argc, argv, 3, opts, "");
    cli_usage(a, book_usage, NULL);
    const char *path = NULL;
    while (cli_next(a) > 0)
        if (!cli_first_arg(a, &path))
            cli_unknown(a);
    if (a->rc != CLI_GO)
        return a->rc;
    char *text = NULL;
    const char *book = kalah_book_text();
    if (path) {
        FILE *f = fopen(path, "rb");
        long size = -1;
        if (f && fseek(f, 0, SEEK_END) == 0)
            size = ftell(f);
        if (!f || size < 0 || fseek(f, 0, SEEK_SET) != 0 ||
            !(text = malloc((size_t)size + 1)) || fread(text, 1, (size_t)size, f) != (size_t)size) {
            fprintf(stderr, "kalah book check: cannot read %s: %s\n", path,
                    errno ? strerror(errno) : "a short read");
            if (f)
                fclose(f);
            free(text);
            return CLI_FAIL;
        }
        fclose(f);
        text[size] = '\0';
        book = text;
    }
    const char *name = path ? path : "the book compiled in";
    int lines = 0, positions = 0, links = 0, errors = 0;
    for (const char *line = book; *line; lines++) {
        const char *nl = strchr(line, '\n');
        if (*line != '#' && *line != '\n') {
            kalah_rules r;
            kalah_pos p;
            int values[KALAH_MAX_PITS];
            kalah_error err;
            if (kalah_book_line_parse(line, &r, &p, values, &err) != KALAH_OK) {
                fprintf(stderr, "%s:%d:%d: %s\n", name, lines + 1, err.pos, err.message);
                errors++;
            } else if (!first_line(book, line)) {
                fprintf(stderr, "%s:%d: the position has an earlier line\n", name, lines + 1);
                errors++;
            } else {
                positions++;
                for (int i = 0; i < r.pits; i++) {
                    if (values[i] == KALAH_BOOK_EMPTY)
                        continue;
                    kalah_pos c = p;
                    kalah_play(&r, &c, i + 1, NULL, NULL);
                    int child[KALAH_MAX_PITS], want;
                    if (kalah_over(&r, &c))
                        want = p.to_move == KALAH_SOUTH ? kalah_margin(&r, &c)
                                                        : -kalah_margin(&r, &c);
                    else if (kalah_book_probe(book, &r, &c, child))
                        want = c.to_move == p.to_move ? best_of(&r, child) : -best_of(&r, child);
                    else
                        continue;
                    links++;
                    if (values[i] != want) {
                        fprintf(stderr, "%s:%d: pit %d is worth %+d, but the position it leads "
                                        "to says %+d\n", name, lines + 1, i + 1, values[i], want);
                        errors++;
                    }
                }
            }
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    printf("%s: %d positions, %d moves checked against the line of the position they lead to, "
           "%d error%s\n", name, positions, links, errors, errors == 1 ? "" : "s");
    free(text);
    return errors ? CLI_FAIL : CLI_OK;
}

int cli_book(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[2], "-h") == 0 || strcmp(argv[2], "--help") == 0) {
        cli_help_print(argc < 3 ? stderr : stdout, book_usage, NULL);
        return argc < 3 ? CLI_USAGE : CLI_OK;
    }
    if (strcmp(argv[2], "build") == 0) {
        return book_build(argc, argv);
    }
    if (strcmp(argv[2], "check") == 0) {
        return book_check(argc, argv);
    }
    fprintf(stderr, "kalah book: unknown subcommand '%s' (build or check; see 'kalah book "
                    "--help')\n", argv[2]);
    return CLI_USAGE;
}
