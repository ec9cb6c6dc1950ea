/* mk61 crosscheck: the Kalah program against the reference core. */
#include "mk61_cli.h"
#include "xcheck.h"
#include "xcheck_judge.h"
#include "xcheck_tree.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char xcheck_usage[] =
    "Usage: mk61 crosscheck [--games N] [--seed S] [--stones n] [--depth d]\n"
    "                       [--opponent random|LEVEL] [--program FILE]\n"
    "                       [--judge] [--judge-nodes N] [--nodes]\n"
    "\n"
    "Plays N whole games of the Kalah program (programs/kalah.mk61) against an\n"
    "opponent played by the reference core, and checks every position and every\n"
    "move the calculator chooses against the core's minimax (E1, the same depth,\n"
    "ties to the lowest pit). Along the way it keys illegal moves (0, 7, 2.5, an\n"
    "empty pit) and checks that the program refuses them and changes nothing.\n"
    "Ends with one summary line (two with --judge); the first mismatch, if any,\n"
    "is printed with what differed and how to reproduce it.\n"
    "\n"
    "  --games N         games (default 100)\n"
    "  --seed S          the opponent's and the checks' random seed (default 1)\n"
    "  --stones n        stones per pit, 1..6 (default: 1 to 6 in turn)\n"
    "  --depth d         the program's search depth, 1..3 (default: 1, 2, 3 in turn)\n"
    "  --nodes           also check every node of every search the calculator makes\n"
    "                    against the core's search of the same position (the same\n"
    "                    nodes, in the same order, with the same values: the\n"
    "                    program's .search declarations); one more summary line\n"
    "  --opponent P      random (default) or any player of 'kalah match' (level\n"
    "                    names, alphabeta:e2:4, ...)\n"
    "  --program FILE    the program (default: programs/kalah.mk61 of the source)\n"
    "  --judge           also judge every move the calculator made by the strong\n"
    "                    level: the core's exact solver on the position the move\n"
    "                    was played from, with a node budget; one more summary\n"
    "                    line: moves judged, how many were a best move, how many\n"
    "                    judgements were exact (the rest are the solver's\n"
    "                    estimates), the stones given away (the best move's final\n"
    "                    margin minus the move's) in all and at worst, with the\n"
    "                    worst position\n"
    "  --judge-nodes N   the node budget of a judgement (default 300000; implies\n"
    "                    --judge); the same run judges the same way every time\n"
    "\n"
    "The person moves first in every other game. Exit code 1 on a mismatch (or\n"
    "when a judgement fails: out of memory).\n";

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static bool number(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < lo || n > hi) {
        fprintf(stderr, "%s: %s takes a whole number from %ld to %ld, not '%s'\n", cmd, opt, lo,
                hi, v);
        return false;
    }
    *out = n;
    return true;
}

/* A final margin: "+3", "-2", "0". */
static const char *margin(int v, char buf[16])
{
    snprintf(buf, 16, v ? "%+d" : "%d", v);
    return buf;
}

/* The summary line of --judge. */
static void print_judged(const xcheck_judge_tally *t, uint64_t nodes)
{
    printf("judged: %ld calculator moves by the strong level (the exact solver, %llu nodes "
           "a move): %ld best moves, %ld judgements exact; stones given away: %ld in all, ",
           t->moves, (unsigned long long)nodes, t->best, t->exact, t->lost);
    if (t->worst_lost > 0) {
        char pos[KALAH_TEXT_MAX];
        kalah_pos_format(&t->worst_rules, &t->worst_pos, pos, sizeof pos);
        const xcheck_judgement *w = &t->worst;
        char a[16], b[16];
        printf("at worst %d (%s: played %d: %s, best %d: %s, ", t->worst_lost, pos, w->move,
               margin(w->value, a), w->best_move, margin(w->best, b));
        if (w->exact)
            printf("exact)");
        else
            printf("depth %d)", w->depth);
    } else
        printf("none at worst");
    printf("; %.0f ms a judgement, at most %.0f ms\n",
           t->moves ? t->seconds * 1000 / (double)t->moves : 0.0, t->max_seconds * 1000);
}

int cli_crosscheck(int argc, char **argv)
{
    const char *cmd = "mk61 crosscheck", *program = KALAH61_PROGRAM_DIR "/kalah.mk61";
    const char *opponent = "random";
    long games = 100, seed = 1, stones = 0, depth = 0, judge_nodes = 0;
    bool judging = false, nodes = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_is_help(a)) {
            fputs(xcheck_usage, stdout);
            return CLI_OK;
        }
        bool ok = true;
        if (strcmp(a, "--games") == 0 && v)
            ok = number(cmd, a, v, 1, 100000000, &games), i++;
        else if (strcmp(a, "--seed") == 0 && v)
            ok = number(cmd, a, v, 0, 2000000000, &seed), i++;
        else if (strcmp(a, "--stones") == 0 && v)
            ok = number(cmd, a, v, 1, 6, &stones), i++;
        else if (strcmp(a, "--depth") == 0 && v)
            ok = number(cmd, a, v, 1, 3, &depth), i++;
        else if (strcmp(a, "--opponent") == 0 && v)
            opponent = v, i++;
        else if (strcmp(a, "--program") == 0 && v)
            program = v, i++;
        else if (strcmp(a, "--judge") == 0)
            judging = true;
        else if (strcmp(a, "--nodes") == 0)
            nodes = true;
        else if (strcmp(a, "--judge-nodes") == 0 && v)
            ok = number(cmd, a, v, 1000, 2000000000, &judge_nodes), judging = true, i++;
        else {
            fprintf(stderr, "%s: unexpected '%s' (see 'mk61 crosscheck --help')\n", cmd, a);
            return CLI_USAGE;
        }
        if (!ok)
            return CLI_USAGE;
    }
    kalah_player opp;
    kalah_error err;
    if (kalah_player_parse(opponent, 2, &opp, &err) != KALAH_OK) {
        fprintf(stderr, "%s: --opponent %s: %s\n", cmd, opponent, err.message);
        return CLI_USAGE;
    }
    static vm_program prog;
    if (!cli_load_program(cmd, program, VM_PROFILE_MK61X, &prog))
        return CLI_FAIL;

    static xcheck x;
    xcheck_tree tree = {0};
    if (nodes) {
        char why[160];
        if (!xcheck_tree_init(&tree, &prog, why, sizeof why)) {
            fprintf(stderr, "%s: --nodes: %s: %s\n", cmd, program, why);
            xcheck_tree_free(&tree);
            return CLI_FAIL;
        }
        tree.prune_counts = false;
        x.tree = &tree;
    }
    long nodes_checked = 0, node_mismatches = 0, searches = 0;
    char first_node[XCHECK_REPORT_MAX + 160] = "";
    x.turns_cap = 1 << 20;
    x.turn_steps = malloc((size_t)x.turns_cap * sizeof *x.turn_steps);
    x.turn_ms = malloc((size_t)x.turns_cap * sizeof *x.turn_ms);
    if (!x.turn_steps || !x.turn_ms) {
        fprintf(stderr, "%s: out of memory\n", cmd);
        return CLI_FAIL;
    }
    kalah_rng rng = kalah_rng_seed((uint64_t)seed);
    long total_moves = 0, checked = 0, mismatches = 0, refusals = 0, turns = 0;
    char first[XCHECK_REPORT_MAX + 64] = "";
    uint64_t *steps = x.turn_steps, *ms = x.turn_ms;
    const bool progress = isatty(fileno(stderr));
    xcheck_judge judge = {.max_nodes = (uint64_t)judge_nodes};
    xcheck_judge_tally tally = {0};
    bool judged = true;
    double t0 = kalah_now();
    for (long g = 0; g < games; g++) {
        int n = stones ? (int)stones : 1 + (int)(g / 2 % 6);
        int d = depth ? (int)depth : 1 + (int)(g / 12 % 3);
        long nc = tree.nodes_checked, nm = tree.node_mismatches, ns = tree.searches;
        tree.report[0] = '\0';
        bool ok = xcheck_start(&x, &prog, n, d, g % 2 == 0, 2000000000ull) &&
                  xcheck_play(&x, &opp, &rng);
        total_moves += x.moves;
        checked += x.checked;
        mismatches += x.mismatches;
        refusals += x.refusals;
        if (!ok && !first[0])
            snprintf(first, sizeof first, "game %ld (seed %ld):\n%s", g + 1, seed, x.report);
        /* This game's node counts, summed in game order. */
        nodes_checked += tree.nodes_checked - nc;
        node_mismatches += tree.node_mismatches - nm;
        searches += tree.searches - ns;
        if (tree.node_mismatches > nm && !first_node[0])
            snprintf(first_node, sizeof first_node, "game %ld (seed %ld, %d stones, depth %d, "
                     "the person %s):\n%s", g + 1, seed, n, d, g % 2 == 0 ? "first" : "second",
                     tree.report);
        if (judging && judged) {
            int calc_side = x.person_first ? KALAH_NORTH : KALAH_SOUTH;
            judged = xcheck_judge_game(&judge, &x.game, calc_side, &tally, &err);
            if (!judged)
                fprintf(stderr, "%s: --judge: %s\n", cmd, err.message);
        }
        xcheck_free(&x);
        if (progress && (g % 10 == 9 || g + 1 == games))
            fprintf(stderr, "\r  %ld of %ld games, %ld mismatches, %.0f s ", g + 1, games,
                    mismatches, kalah_now() - t0);
    }
    if (progress)
        fprintf(stderr, "\r%60s\r", "");
    double secs = kalah_now() - t0;
    turns = x.turns < x.turns_cap ? x.turns : x.turns_cap;
    if (first[0])
        fputs(first, stdout);
    uint64_t lo = 0, med = 0, hi = 0, med_ms = 0;
    if (turns) {
        qsort(steps, (size_t)turns, sizeof *steps, cmp_u64);
        qsort(ms, (size_t)turns, sizeof *ms, cmp_u64);
        lo = steps[0];
        med = steps[turns / 2];
        hi = steps[turns - 1];
        med_ms = ms[turns / 2];
    }
    printf("crosscheck: %ld games, %ld moves, %ld positions checked, %ld mismatches, "
           "%ld illegal inputs refused; instructions per calculator turn: min %llu, median "
           "%llu, max %llu; the median turn takes %.1f min on a real MK-61; %.1f s\n",
           games, total_moves, checked, mismatches, refusals, (unsigned long long)lo,
           (unsigned long long)med, (unsigned long long)hi, med_ms / 60000.0, secs);
    if (nodes) {
        fputs(first_node, stdout);
        printf("nodes: %ld searches, %ld nodes checked against the core's, %ld node "
               "mismatches\n", searches, nodes_checked, node_mismatches);
    }
    if (judging)
        print_judged(&tally, judge.max_nodes ? judge.max_nodes : XCHECK_JUDGE_NODES);
    xcheck_judge_free(&judge);
    free(steps);
    free(ms);
    xcheck_tree_free(&tree);
    return mismatches || node_mismatches || !judged ? CLI_FAIL : CLI_OK;
}
