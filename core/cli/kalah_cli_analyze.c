/* kalah analyze: the value of every legal move of a position, as a hint. */
#include "kalah_cli.h"
#include "kalah_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int analyze_exact(const kalah_rules *r, const kalah_pos *p, const cli_solve_opts *o);

static const char analyze_usage[] =
    "Usage: kalah analyze POSITION [--level L | --algo A --eval E --depth D]\n"
    "                     [--playouts N] [--seed S] [--coef C]\n"
    "       kalah analyze POSITION --exact [--tt MB] [--threads N]\n"
    "                     [--egdb FILE | --no-egdb] [--time S] [--nodes N]\n"
    "\n"
    "Searches POSITION (notation as in 'kalah show --help'; RULES alone is the\n"
    "start, a game such as kalah-6-4 3 6 the position after its moves) and\n"
    "prints the value of every legal move for the side to move, the move\n"
    "chosen, the nodes generated and the time taken.\n"
    "\n"
    "  --level L     a level or a player (below), such as hard, strong or\n"
    "                level2:store; default: --algo alphabeta --eval e2 --depth 8\n"
    "  --algo A      minimax, negamax, alphabeta, alphabeta003 (seed 003's),\n"
    "                mcts\n"
    "  --eval E      e1 (store difference), e2 (seed 000's program), e3\n"
    "                (Tseitin's formula)\n"
    "  --depth D     moves to look ahead, 1..64 (an extra turn is a move)\n"
    "  --playouts N  MCTS playouts (default 2000)\n"
    "  --seed S      MCTS's random seed (default 1)\n"
    "  --coef C      the depth coefficient of seed 003's levels (default 2)\n"
    "\n"
    "  --exact       the exact solver instead (as 'kalah solve --all'): the\n"
    "                final margin of every move with perfect play; with a\n"
    "                budget (--time, --nodes) or Ctrl-C, the bounds proven\n"
    "                (exit code 1 when a value is not exact)\n"
    "%s"
    "\n"
    "Values are for the side to move, larger is better; a line that reaches\n"
    "the end of the game is shown as the final margin ('wins by 4'). Minimax,\n"
    "negamax and both alpha-betas give the same values; ties go to the lowest\n"
    "pit (with ':store', to the pit nearest the store). To give every move its\n"
    "exact value, the alpha-betas search each root move with a full window, so\n"
    "their node count is more than a single search's, which is printed too.\n"
    "\n"
    "%s\n"
    "\n"
    "Example: kalah analyze kalah-6-4 --depth 10\n";

/* A value as a person reads it. */
static void describe(double v, char *buf, size_t size)
{
    double stones = v / KALAH_TERMINAL;
    if (fabs(v) >= KALAH_TERMINAL / 2) {
        long m = lround(stones);
        snprintf(buf, size, m > 0 ? "wins by %ld" : "loses by %ld", labs(m));
    } else {
        snprintf(buf, size, "%+.2f", v);
    }
}

static bool eval_name(const char *s, kalah_eval_id *out)
{
    if ((s[0] == 'e' || s[0] == 'E') && s[1] >= '1' && s[1] <= '3' && s[2] == '\0') {
        *out = (kalah_eval_id)(s[1] - '1');
        return true;
    }
    return false;
}

int cli_analyze(int argc, char **argv)
{
    static const struct option opts[] = {CLI_SOLVE_OPTS, CLI_FLAG("exact"), CLI_OPT("level"),
                                         CLI_OPT("algo"), CLI_OPT("eval"), CLI_OPT("depth"),
                                         CLI_OPT("playouts"), CLI_OPT("seed"), CLI_OPT("coef"),
                                         {0}};
    cli_args a;
    cli_args_init(&a, "kalah analyze", argc, argv, 2, opts, "");
    char players[CLI_PLAYERS_HELP_MAX], usage[8192];
    snprintf(usage, sizeof usage, analyze_usage, cli_solve_opts_help,
             cli_players_help(players, sizeof players, 0));
    cli_usage(&a, "%s", usage);
    kalah_player pl = {.algo = KALAH_ALPHABETA, .eval = KALAH_E2, .depth = 8, .playouts = 2000};
    cli_position_text text = {"", 0};
    const char *level = NULL, *algo = NULL, *v;
    int coef = 2, seed = 1, depth = 8;
    bool explicit_depth = false, exact = false;
    const char *heuristic = NULL;  /* an option of the heuristic search */
    const char *solver_opt = NULL; /* an option of the exact solver */
    cli_solve_opts so = {.one_position = true};
    while (cli_next(&a) > 0) {
        const char *arg = a.opt;
        if (arg[0] == '-' && !heuristic)
            heuristic = arg; /* until it turns out to be --exact or one of its options */
        if (cli_flag(&a, "--exact")) {
            exact = true;
            heuristic = heuristic == arg ? NULL : heuristic;
        } else if (cli_solve_opt(&a, &so)) {
            heuristic = heuristic == arg ? NULL : heuristic;
            solver_opt = solver_opt ? solver_opt : arg;
        } else if (cli_got(&a, "--level", &level) || cli_got(&a, "--algo", &algo)) {
        } else if (cli_got(&a, "--eval", &v)) {
            if (!eval_name(v, &pl.eval)) {
                fprintf(stderr, "kalah analyze: --eval takes e1, e2 or e3, not '%s'\n", v);
                cli_bad(&a);
            }
        } else if (cli_int_opt(&a, "--depth", 1, 64, &depth)) {
            pl.depth = depth;
            explicit_depth = true;
        } else if (cli_int_opt(&a, "--playouts", 1, 10000000, &pl.playouts) ||
                   cli_int_opt(&a, "--seed", 0, 2000000000, &seed) ||
                   cli_int_opt(&a, "--coef", 1, 16, &coef) || cli_position_arg(&a, &text)) {
        } else {
            cli_unknown(&a);
        }
    }
    int rc = cli_end(&a, "position", text.words ? text.text : NULL);
    if (rc != CLI_GO)
        return rc;
    if (exact && heuristic) {
        fprintf(stderr, "kalah analyze: %s is an option of the heuristic search, not of "
                        "--exact\n", heuristic);
        return CLI_USAGE;
    }
    if (!exact && solver_opt) {
        fprintf(stderr, "kalah analyze: %s is an option of the exact solver: add --exact\n",
                solver_opt);
        return CLI_USAGE;
    }
    kalah_error err;
    if (level) {
        if (kalah_player_parse(level, coef, &pl, &err) != KALAH_OK) {
            fprintf(stderr, "kalah analyze: --level: %s\n%s\n", err.message,
                    cli_players_help(players, sizeof players, 2));
            return CLI_USAGE;
        }
    } else if (algo) {
        char spec[64];
        if (strcmp(algo, "mcts") == 0)
            snprintf(spec, sizeof spec, "mcts:%d", pl.playouts);
        else
            snprintf(spec, sizeof spec, "%s:e%d:%d", algo, (int)pl.eval + 1, pl.depth);
        kalah_player parsed;
        if (kalah_player_parse(spec, coef, &parsed, &err) != KALAH_OK || parsed.algo > KALAH_MCTS) {
            fprintf(stderr, "kalah analyze: --algo takes minimax, negamax, alphabeta, "
                            "alphabeta003 or mcts, not '%s'\n", algo);
            return CLI_USAGE;
        }
        pl = parsed;
    }
    if (explicit_depth && level && KALAH_DEPTH_ALGO(pl.algo))
        pl.depth = depth; /* --depth overrides the level's depth */
    kalah_rules r;
    kalah_pos p;
    if (!cli_position_parse("kalah analyze", &text, &r, &p))
        return CLI_USAGE;
    /* --exact --quiet prints the values only, as solve --quiet does. */
    if (!(exact && so.quiet))
        cli_draw(stdout, &r, &p);
    if (kalah_over(&r, &p))
        return CLI_OK;
    if (exact)
        return analyze_exact(&r, &p, &so);

    kalah_rng rng = kalah_rng_seed((uint64_t)seed);
    kalah_result res;
    clock_t t0 = clock();
    if (kalah_analyze(&r, &p, &pl, &rng, &res, &err) != KALAH_OK) {
        fprintf(stderr, "kalah analyze: %s\n", err.message);
        return CLI_FAIL;
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    char who[64];
    kalah_player_format(&pl, who, sizeof who);
    printf("\n  %s for %s:\n", who, p.to_move == KALAH_SOUTH ? "South" : "North");
    for (int k = 0; k < res.count; k++) {
        char val[32];
        if (pl.algo == KALAH_MCTS)
            snprintf(val, sizeof val, "wins %.1f%% of %u playouts", 100 * res.values[k],
                     res.visits[k]);
        else
            describe(res.values[k], val, sizeof val);
        printf("  %s pit %d: %s\n", res.moves[k] == res.move ? "->" : "  ", res.moves[k], val);
    }
    printf("  Best: pit %d. %llu nodes in %.2f s (%.0f nodes/s).\n", res.move,
           (unsigned long long)res.nodes, secs, secs > 0 ? res.nodes / secs : 0.0);
    /* The alpha-betas searched each root move with a full window, for its
     * exact value: more nodes than the one search a player makes. */
    kalah_result one;
    if ((pl.algo == KALAH_ALPHABETA || pl.algo == KALAH_ALPHABETA003) &&
        kalah_search(&r, &p, &pl, &rng, &one, &err) == KALAH_OK && one.nodes != res.nodes)
        printf("  The nodes count every root move searched with a full window, to print its "
               "exact\n  value; the search a player makes (one window for the whole tree, "
               "'kalah play',\n  'mk61 search') generates %llu.\n",
               (unsigned long long)one.nodes);
    return CLI_OK;
}

/* An exact margin as a person reads it. */
static void describe_exact(int v, char *buf, size_t size)
{
    if (v == 0)
        snprintf(buf, size, "draws");
    else
        snprintf(buf, size, v > 0 ? "wins by %d" : "loses by %d", abs(v));
}

/* --exact: every move's value by the exact solver. */
static int analyze_exact(const kalah_rules *r, const kalah_pos *p, const cli_solve_opts *o)
{
    cli_solver s;
    if (!o->quiet)
        printf("\n"); /* after the board */
    int rc = cli_solver_open("kalah analyze", r, o, stdout, &s);
    if (rc != CLI_OK)
        return rc;
    fflush(stdout);
    cli_sigint_install(false);
    kalah_solution sol;
    kalah_error err;
    if (cli_solver_run(&s, p, true, &sol, &err) != KALAH_OK) {
        fprintf(stderr, "kalah analyze: %s\n", err.message);
        cli_solver_close(&s);
        return CLI_FAIL;
    }
    printf("  exact solver for %s:\n", p->to_move == KALAH_SOUTH ? "South" : "North");
    for (int k = 0; k < sol.count; k++) {
        char val[64], lo[16], hi[16], est[16];
        if (sol.exacts[k])
            describe_exact(sol.values[k], val, sizeof val);
        else
            snprintf(val, sizeof val, "between %s and %s (estimate %s)",
                     cli_margin(sol.lowers[k], lo, sizeof lo),
                     cli_margin(sol.uppers[k], hi, sizeof hi),
                     cli_margin(sol.values[k], est, sizeof est));
        printf("  %s pit %d: %s\n", sol.moves[k] == sol.move ? "->" : "  ", sol.moves[k], val);
    }
    if (!sol.exact)
        printf("  Stopped after %.1f s (%s).\n", sol.seconds, cli_stop_reason(sol.stopped));
    printf("  %s: pit %d. %llu nodes in %.2f s (%.0f nodes/s), memory %.1f MB.\n",
           sol.exact ? "Best" : "Best so far", sol.move, (unsigned long long)sol.nodes,
           sol.seconds, sol.seconds > 0 ? sol.nodes / sol.seconds : 0.0,
           (double)sol.memory / (1 << 20));
    cli_solver_close(&s);
    return sol.exact ? CLI_OK : CLI_FAIL;
}
