/* mk61 crosscheck of a program that declares a Pulúk board: the program
 * against the core's god, game after game (xcheck_puluk.h). */
#include "mk61_cli.h"
#include "xcheck_puluk.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char puluk_usage[] =
    "Usage: mk61 crosscheck --program FILE [--games N] [--seed S]\n"
    "                       [--opponent P] [--throws random|keyed] [--first you|calculator]\n"
    "\n"
    "FILE declares a Pulúk board (.board game puluk, asm.md), as puluk.mk61 does.\n"
    "Plays N whole games of it against an opponent played by the core and checks,\n"
    "at every stop, the board, the throw and the display's sign, and every move the\n"
    "calculator chooses against the core's Quetzalcoatl with the same throw (the\n"
    "program's К СЧ, as the check sees it set, or the count keyed). Along the way it\n"
    "keys inputs the program must refuse and change nothing for: start-ups other\n"
    "than 0..3, throws other than 0..5, moves out of 0..9, not whole, or illegal.\n"
    "\n"
    "  --games N         games (default 100)\n"
    "  --seed S          the random seed (default 1): game g's opponent, throws, bad\n"
    "                    inputs and the machine's К СЧ state draw from a generator of\n"
    "                    the seed and g, so a game plays the same in any run\n"
    "  --opponent P      random, quetzalcoatl, camaxtli, centeotl or expectimax-N\n"
    "                    (default: those five in turn, expectimax-2)\n"
    "  --throws T        random (the program's К СЧ) or keyed (the check keys real\n"
    "                    kernels' counts, now and then 0: the program throws);\n"
    "                    default: both in turn\n"
    "  --first W         you (the person, White) or calculator; default: in turn\n"
    "\n"
    "Ends with one summary line: games, moves and positions checked, mismatches,\n"
    "refused inputs, the program's К СЧ throws by value, the instructions of a\n"
    "calculator's turn and their time on a real MK-61. Exit code 1 on a mismatch.\n";

/* The --program of the command line, or NULL. */
static const char *program_arg(int argc, char **argv)
{
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "--program") == 0 && i + 1 < argc)
            return argv[i + 1];
        if (strncmp(argv[i], "--program=", 10) == 0)
            return argv[i] + 10;
    }
    return NULL;
}

bool cli_crosscheck_is_puluk(int argc, char **argv)
{
    const char *path = program_arg(argc, argv);
    if (!path)
        return false;
    char *text = cli_read_file("mk61 crosscheck", path);
    if (!text)
        return false;
    vm_program prog;
    vm_decl *decl = malloc(sizeof *decl);
    bool yes = decl && !strstr(path, ".hex") && asm_assemble(text, path, &prog, decl, NULL) &&
               xcheck_puluk_declared(decl);
    free(decl);
    free(text);
    return yes;
}

int cli_crosscheck_puluk(int argc, char **argv)
{
    const char *cmd = "mk61 crosscheck";
    const char *program = NULL, *opponent = NULL, *throws = NULL, *first = NULL;
    long games = 100, seed = 1;
    static const struct option opts[] = {CLI_OPT("games"),  CLI_OPT("seed"),  CLI_OPT("opponent"),
                                         CLI_OPT("program"), CLI_OPT("throws"), CLI_OPT("first"),
                                         {0}};
    cli_args args;
    cli_args_init(&args, cmd, argc, argv, 2, opts, "");
    cli_usage(&args, puluk_usage, NULL);
    while (cli_next(&args) > 0) {
        if (!cli_long_opt(&args, "--games", 1, 100000000, &games) &&
            !cli_long_opt(&args, "--seed", 0, 2000000000, &seed) &&
            !cli_got(&args, "--opponent", &opponent) && !cli_got(&args, "--program", &program) &&
            !cli_got(&args, "--throws", &throws) && !cli_got(&args, "--first", &first))
            cli_unknown(&args);
    }
    if (args.rc != CLI_GO)
        return args.rc;
    if (throws && strcmp(throws, "random") != 0 && strcmp(throws, "keyed") != 0) {
        fprintf(stderr, "%s: --throws %s: random or keyed\n", cmd, throws);
        return CLI_USAGE;
    }
    if (first && strcmp(first, "you") != 0 && strcmp(first, "calculator") != 0) {
        fprintf(stderr, "%s: --first %s: you or calculator\n", cmd, first);
        return CLI_USAGE;
    }
    static const char *const mix[] = {"random", "quetzalcoatl", "camaxtli", "centeotl",
                                      "expectimax-2"};
    puluk_player opps[5];
    int nopps = opponent ? 1 : 5;
    for (int i = 0; i < nopps; i++) {
        kalah_error err;
        const char *name = opponent ? opponent : mix[i];
        if (puluk_player_parse(name, &opps[i], &err) != KALAH_OK || opps[i].algo == PULUK_PERFECT) {
            fprintf(stderr, "%s: --opponent %s: %s\n", cmd, name,
                    opps[i].algo == PULUK_PERFECT ? "perfect play needs the solved table: not here"
                                                  : err.message);
            return CLI_USAGE;
        }
    }
    vm_program prog;
    vm_decl *decl = malloc(sizeof *decl);
    xcheck_puluk *x = calloc(1, sizeof *x);
    uint64_t *steps = malloc(((size_t)1 << 20) * sizeof *steps);
    uint64_t *ms = malloc(((size_t)1 << 20) * sizeof *ms);
    if (!decl || !x || !steps || !ms) {
        fprintf(stderr, "%s: out of memory\n", cmd);
        free(decl), free(x), free(steps), free(ms);
        return CLI_FAIL;
    }
    int rc = CLI_FAIL;
    if (!cli_load_program(cmd, program, VM_PROFILE_MK61X, &prog, decl))
        goto done;
    x->turn_steps = steps;
    x->turn_ms = ms;
    x->turns_cap = 1L << 20;
    long moves = 0, calc_moves = 0, checked = 0, mismatches = 0, refusals = 0;
    long thrown[PULUK_MAX_THROW + 1] = {0};
    long first_bad = 0; /* the first game that went wrong (from 1), its opponent, its report */
    const char *first_opp = "";
    char first_report[XCHECK_REPORT_MAX] = "";
    const bool progress = isatty(fileno(stderr));
    double t0 = kalah_now();
    for (long g = 0; g < games; g++) {
        kalah_rng rng = kalah_rng_seed((uint64_t)seed << 32 ^ (uint64_t)g);
        bool you = first ? strcmp(first, "you") == 0 : g % 2 == 0;
        bool keyed = throws ? strcmp(throws, "keyed") == 0 : g / 2 % 2 == 1;
        uint64_t rng0 = kalah_rng_next(&rng);
        bool ok = xcheck_puluk_start(x, &prog, decl, you, keyed, rng0, 100000000ull, &rng) &&
                  xcheck_puluk_play(x, &opps[g % nopps], &rng);
        moves += x->moves;
        calc_moves += x->calc_moves;
        checked += x->checked;
        mismatches += x->mismatches;
        refusals += x->refusals;
        for (int t = 1; t <= PULUK_MAX_THROW; t++)
            thrown[t] += x->throws[t];
        if (!ok && !first_bad) {
            first_bad = g + 1;
            first_opp = opps[g % nopps].name;
            snprintf(first_report, sizeof first_report, "%s", x->report);
        }
        if (progress && (g % 100 == 99 || g + 1 == games))
            fprintf(stderr, "\r  %ld of %ld games, %ld mismatches, %.0f s ", g + 1, games,
                    mismatches, kalah_now() - t0);
    }
    if (progress)
        fprintf(stderr, "\r%60s\r", "");
    double secs = kalah_now() - t0;
    if (first_bad)
        printf("game %ld (seed %ld, opponent %s):\n%s", first_bad, seed, first_opp, first_report);
    long turns = x->turns < x->turns_cap ? x->turns : x->turns_cap, all = 0;
    uint64_t lo, med, hi, med_ms;
    cli_spread(steps, turns, &lo, &med, &hi);
    cli_spread(ms, turns, NULL, &med_ms, NULL);
    for (int t = 1; t <= PULUK_MAX_THROW; t++)
        all += thrown[t];
    printf("crosscheck: %ld games of %s, %ld moves (%ld the calculator's), %ld positions "
           "checked, %ld mismatches, %ld illegal inputs refused; the program's К СЧ throws "
           "1..5:",
           games, decl->board.game, moves, calc_moves, checked, mismatches, refusals);
    for (int t = 1; t <= PULUK_MAX_THROW; t++)
        printf(" %.1f%%", all ? 100.0 * (double)thrown[t] / (double)all : 0.0);
    printf(" of %ld (fair kernels: 25.0%% 37.5%% 25.0%% 6.2%% 6.2%%); instructions per "
           "calculator turn: min %llu, median %llu, max %llu; the median turn takes %.0f s on "
           "a real MK-61; %.1f s\n",
           all, (unsigned long long)lo, (unsigned long long)med, (unsigned long long)hi,
           (double)med_ms / 1000.0, secs);
    rc = mismatches ? CLI_FAIL : CLI_OK;
done:
    free(decl);
    free(x);
    free(steps);
    free(ms);
    return rc;
}
