/* puluk match and puluk tournament: games between computer players, with
 * win rates and their 95% intervals (Wilson's), as text, JSON and SVG. */
#include "puluk_cli.h"
#include "puluk_cli_tour.h"

#include <stdlib.h>
#include <string.h>

static const char match_usage[] =
    "Usage: puluk match A B [--games N] [--seed S] [--alternate] [--json]\n"
    "                   [--rules R] [--table FILE] [--quiet]\n"
    "\n"
    "Plays N games between the computer players A and B. A moves first (is\n"
    "White) in every game; with --alternate, A and B take turns to move first.\n"
    "The throws come from a generator seeded with S, a game's from its own\n"
    "(so the same options give the same games); a random player draws its\n"
    "moves from another, so that the throws do not depend on who plays.\n"
    "\n"
    "Players: random, quetzalcoatl, camaxtli, centeotl (seed 004's gods),\n"
    "expectimax-N (N plies, 1..6), perfect (the solved table: read from\n"
    "--table FILE or the default place, built there once when missing).\n"
    "\n"
    "  --games N     games, 1..10000000 (default 1000)\n"
    "  --seed S      0..18446744073709551615 (default 1)\n"
    "  --alternate   A first in the odd games, B in the even ones\n"
    "  --json        print one JSON object: games, wins_a, wins_b, unfinished,\n"
    "                A's win rate and its 95% interval, each seat's counts,\n"
    "                the plies, the time\n"
    "  --rules R     puluk (default), puluk+skiryuk, puluk+english, +blank,\n"
    "                +bias=N, or a board puluk-S-P\n"
    "  --table FILE  the perfect player's table\n"
    "  --quiet       no progress bar\n"
    "\n"
    "The report gives each player's wins, A's win rate with its 95% interval\n"
    "(Wilson's), and, with --alternate, the same for each seat. A game still on\n"
    "after 2000 plies is stopped and counted as unfinished (puluk.md).\n"
    "\n"
    "Exit status: 0 done, 1 a player failed, 2 bad usage.\n"
    "\n"
    "Examples:\n"
    "  puluk match camaxtli quetzalcoatl --games 10000 --alternate\n"
    "  puluk match perfect perfect --games 20000 --json\n";

static const char tournament_usage[] =
    "Usage: puluk tournament [P1 P2 ...] [--games N] [--seed S] [--svg FILE]\n"
    "                        [--rules R] [--table FILE] [--quiet]\n"
    "\n"
    "Every player against every other, both first and second: for each\n"
    "ordered pair, N games with the first named moving first, exactly the\n"
    "games of 'puluk match Pi Pj --games N --seed S'. Prints the cross table\n"
    "(the first player's win rate with its 95% interval, Wilson's), then each\n"
    "player's rate as first, as second and over both, and the solved chance of\n"
    "the first player under perfect play for comparison when the table is at\n"
    "hand. With --svg, the same as a picture.\n"
    "\n"
    "The players by default: random quetzalcoatl camaxtli centeotl expectimax-2\n"
    "perfect (the statistics seed 004's article promised: its table was an\n"
    "image that did not survive).\n"
    "\n"
    "  --games N     games per ordered pair, 1..1000000 (default 1000)\n"
    "  --seed S      0..18446744073709551615 (default 1)\n"
    "  --svg FILE    draw the cross table and the rates with their intervals\n"
    "  --rules R     puluk (default), or as for 'puluk match'\n"
    "  --table FILE  the perfect player's table\n"
    "  --quiet       no progress bar\n"
    "\n"
    "Exit status: 0 done, 1 a player failed or the file could not be written,\n"
    "2 bad usage.\n";

typedef struct settings {
    const char *cmd;
    puluk_rules rules;
    long games;
    uint64_t seed;
    bool alternate, json, quiet;
    const char *svg, *table_path;
    int n;
    puluk_player pl[PULUK_TOUR_MAX];
} settings;

/* Returns CLI_OK to go on, -1 after the help, or an exit code. */
static int parse(int argc, char **argv, bool tournament, settings *s)
{
    /* Each command's own: a match's --alternate and --json, a tournament's
     * --svg. */
    static const struct option match_opts[] = {
        CLI_OPT("games"), CLI_OPT("seed"),  CLI_FLAG("alternate"), CLI_FLAG("json"),
        CLI_OPT("rules"), CLI_OPT("table"), CLI_FLAG("quiet"),     {0}};
    static const struct option tournament_opts[] = {
        CLI_OPT("games"), CLI_OPT("seed"), CLI_OPT("svg"), CLI_OPT("rules"), CLI_OPT("table"),
        CLI_FLAG("quiet"), {0}};
    cli_args a;
    cli_args_init(&a, s->cmd, argc, argv, 2, tournament ? tournament_opts : match_opts, "");
    const char *v;
    int got;
    s->rules = puluk_rules_default();
    s->games = 1000;
    s->seed = 1;
    while ((got = cli_next(&a)) > 0) {
        if (cli_help(&a)) {
            cli_help_print(stdout, tournament ? tournament_usage : match_usage, &a);
            return -1;
        }
        if (cli_long_opt(&a, "--games", 1, tournament ? 1000000 : 10000000, &s->games) ||
            cli_u64_opt(&a, "--seed", 0, UINT64_MAX, NULL, &s->seed)) {
            continue; /* a bad value ends the walk */
        } else if (!tournament && cli_flag(&a, "--alternate")) {
            s->alternate = true;
        } else if (!tournament && cli_flag(&a, "--json")) {
            s->json = true;
        } else if (tournament && cli_got(&a, "--svg", &v)) {
            s->svg = v;
        } else if (cli_got(&a, "--rules", &v)) {
            if (!puluk_cli_rules(&a, v, &s->rules))
                return CLI_USAGE;
        } else if (cli_got(&a, "--table", &v)) {
            s->table_path = v;
        } else if (cli_flag(&a, "--quiet")) {
            s->quiet = true;
        } else if (!cli_arg(&a)) {
            return cli_unknown(&a);
        } else if (s->n == (tournament ? PULUK_TOUR_MAX : 2)) {
            fprintf(stderr, "%s: %s; '%s' is one too many (see '%s --help')\n", s->cmd,
                    tournament ? "at most 12 players" : "a match is between two players",
                    a.val, s->cmd);
            return CLI_USAGE;
        } else if (!puluk_cli_player(s->cmd, a.val, &s->pl[s->n++])) {
            return CLI_USAGE;
        }
    }
    if (got < 0 || a.rc != CLI_GO)
        return CLI_USAGE;
    if (tournament && s->n == 0) {
        static const char *const all[] = {"random",   "quetzalcoatl", "camaxtli",
                                          "centeotl", "expectimax-2", "perfect"};
        for (int i = 0; i < 6; i++)
            puluk_player_parse(all[i], &s->pl[s->n++], NULL);
    }
    if (s->n < 2) {
        fprintf(stderr, "%s: %s (see '%s --help')\n", s->cmd,
                tournament ? "a tournament needs at least two players"
                           : "a match needs two players, A and B",
                s->cmd);
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* ---- games ------------------------------------------------------------------------ */

/* Plays the games of player a against b: a first in every game, or in the
 * odd ones with alternate. res[0] counts the games a moved first in, res[1]
 * those b did. */
static kalah_status play(const settings *s, int a, int b, bool alternate, cli_progress *pr,
                         puluk_seat res[2], long long *plies, int *longest, kalah_error *err)
{
    kalah_rng master = kalah_rng_seed(s->seed);
    puluk_pos start = puluk_start(&s->rules);
    memset(res, 0, 2 * sizeof *res);
    for (long long g = 0; g < s->games; g++) {
        int seat = alternate && g % 2 == 1; /* 1: b first */
        puluk_player two[2] = {s->pl[seat ? b : a], s->pl[seat ? a : b]};
        kalah_rng rng = kalah_rng_seed(kalah_rng_next(&master));
        puluk_outcome o;
        kalah_status st = puluk_play_game(&s->rules, &start, two, &rng, &o, err);
        if (st != KALAH_OK)
            return st;
        res[seat].games++;
        if (o.winner < 0)
            res[seat].unfinished++;
        else if ((o.winner == PULUK_WHITE) == (seat == 0))
            res[seat].wins_a++;
        else
            res[seat].wins_b++;
        *plies += o.plies;
        if (o.plies > *longest)
            *longest = o.plies;
        cli_progress_step(pr);
    }
    return KALAH_OK;
}

static void print_rate(const char *who, int wins, int games)
{
    double lo, hi;
    puluk_cli_wilson(wins, games, &lo, &hi);
    printf("%s %d of %d, %.2f%% (95%% interval %.2f%% to %.2f%%)\n", who, wins, games,
           games ? 100.0 * wins / games : 0.0, 100 * lo, 100 * hi);
}

int puluk_cli_match(int argc, char **argv)
{
    settings s = {.cmd = "puluk match"};
    int rc = parse(argc, argv, false, &s);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    puluk_table *table = NULL;
    if (!puluk_cli_tables(s.cmd, &s.rules, s.table_path, s.quiet || s.json, s.pl, 2, &table))
        return CLI_FAIL;
    char rules[PULUK_TEXT_MAX];
    puluk_rules_format(&s.rules, rules, sizeof rules);
    cli_progress pr;
    cli_progress_init(&pr, s.quiet, s.games);
    puluk_seat res[2];
    long long plies = 0;
    int longest = 0;
    kalah_error err;
    kalah_status st = play(&s, 0, 1, s.alternate, &pr, res, &plies, &longest, &err);
    double seconds = kalah_now() - pr.start;
    cli_progress_end(&pr);
    puluk_table_free(table);
    if (st != KALAH_OK) {
        fprintf(stderr, "%s: a player failed: %s\n", s.cmd, err.message);
        return CLI_FAIL;
    }
    int wa = res[0].wins_a + res[1].wins_a, wb = res[0].wins_b + res[1].wins_b,
        un = res[0].unfinished + res[1].unfinished, n = (int)s.games;
    double lo, hi;
    puluk_cli_wilson(wa, n, &lo, &hi);
    if (s.json) {
        printf("{\"rules\": \"%s\", \"a\": \"%s\", \"b\": \"%s\", \"games\": %d, \"seed\": %llu, "
               "\"alternate\": %s, \"wins_a\": %d, \"wins_b\": %d, \"unfinished\": %d, "
               "\"win_rate_a\": %.6f, \"win_rate_a_lo\": %.6f, \"win_rate_a_hi\": %.6f",
               rules, s.pl[0].name, s.pl[1].name, n, (unsigned long long)s.seed,
               s.alternate ? "true" : "false", wa, wb, un, (double)wa / n, lo, hi);
        for (int seat = 0; seat < 2; seat++) {
            const puluk_seat *r = &res[seat];
            printf(", \"%s\": {\"games\": %d, \"wins_a\": %d, \"wins_b\": %d, "
                   "\"unfinished\": %d}",
                   seat ? "b_first" : "a_first", r->games, r->wins_a, r->wins_b, r->unfinished);
        }
        printf(", \"mean_plies\": %.2f, \"longest\": %d, \"seconds\": %.2f}\n",
               (double)plies / n, longest, seconds);
        return CLI_OK;
    }
    printf("Match %s: A %s, B %s; %d games, %s, seed %llu\n", rules, s.pl[0].name,
           s.pl[1].name, n, s.alternate ? "first move alternating" : "A first in every game",
           (unsigned long long)s.seed);
    printf("Wins: A %d, B %d, unfinished %d\n", wa, wb, un);
    print_rate("A's wins:", wa, n);
    if (s.alternate) {
        print_rate("  as first: ", res[0].wins_a, res[0].games);
        print_rate("  as second:", res[1].wins_a, res[1].games);
    }
    char took[32];
    printf("Plies: %.1f a game, the longest %d\nTime: %s\n", (double)plies / n, longest,
           cli_duration(seconds, took, sizeof took));
    return CLI_OK;
}

/* ---- tournament --------------------------------------------------------------- */

int puluk_cli_tournament(int argc, char **argv)
{
    settings s = {.cmd = "puluk tournament"};
    int rc = parse(argc, argv, true, &s);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    puluk_table *table = NULL;
    if (!puluk_cli_tables(s.cmd, &s.rules, s.table_path, s.quiet, s.pl, s.n, &table))
        return CLI_FAIL;
    puluk_tour t = {.n = s.n, .games = (int)s.games, .seed = s.seed, .rules = s.rules,
                    .solved = -1};
    for (int i = 0; i < s.n; i++)
        snprintf(t.names[i], sizeof t.names[i], "%s", s.pl[i].name);
    if (table) {
        puluk_pos start = puluk_start(&s.rules);
        t.solved = puluk_table_value(table, &start);
    }
    cli_progress pr;
    cli_progress_init(&pr, s.quiet, (long)s.n * (s.n - 1) * s.games);
    kalah_error err;
    for (int i = 0; i < s.n; i++)
        for (int j = 0; j < s.n; j++) {
            if (i == j)
                continue;
            puluk_seat res[2];
            long long plies = 0;
            int longest = 0;
            if (play(&s, i, j, false, &pr, res, &plies, &longest, &err) != KALAH_OK) {
                cli_progress_end(&pr);
                fprintf(stderr, "%s: a player failed: %s\n", s.cmd, err.message);
                puluk_table_free(table);
                return CLI_FAIL;
            }
            t.cell[i][j] = res[0];
            t.plies += plies;
        }
    t.seconds = kalah_now() - pr.start;
    cli_progress_end(&pr);
    puluk_table_free(table);
    puluk_tour_print(stdout, &t);
    if (s.svg) {
        char *buf = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&buf, &len);
        if (!mem) {
            fprintf(stderr, "%s: no memory for the picture\n", s.cmd);
            return CLI_FAIL;
        }
        puluk_tour_svg(mem, &t);
        fclose(mem);
        if (cli_write_file(s.cmd, s.svg, buf, len) != CLI_OK)
            rc = CLI_FAIL;
        free(buf);
    }
    return rc;
}
