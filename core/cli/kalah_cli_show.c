/* kalah show POSITION, and kalah perft. */
#include "kalah_cli.h"

#include <string.h>
#include <time.h>

static const char show_usage[] =
    "Usage: kalah show POSITION | GAME\n"
    "\n"
    "Draws a position and lists its legal moves, each with the position after\n"
    "it. POSITION is RULES:SIDE:S1,...,Sm/STORE:N1,...,Nm/STORE, for example\n"
    "  kalah show kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0\n"
    "or only RULES (kalah-6-4, kalah-6-6+empty, relay-6-3) for the start; or a\n"
    "GAME, its start and its moves, quoted or not, for the position after them:\n"
    "  kalah show kalah-6-2 5 3\n"
    "The notation is described in notation.md.\n";

int cli_show(int argc, char **argv)
{
    static const struct option opts[] = {{0}};
    cli_args a;
    cli_args_init(&a, "kalah show", argc, argv, 2, opts, "");
    cli_usage(&a, show_usage, NULL);
    cli_position_text text = {"", 0};
    while (cli_next(&a) > 0)
        if (!cli_position_arg(&a, &text))
            cli_unknown(&a);
    int rc = cli_end(&a, "position", text.words ? text.text : NULL);
    if (rc != CLI_GO)
        return rc;
    kalah_rules r;
    kalah_pos p;
    if (!cli_position_parse("kalah show", &text, &r, &p))
        return CLI_USAGE;
    cli_draw(stdout, &r, &p);
    int moves[KALAH_MAX_PITS], n = kalah_moves(&r, &p, moves);
    if (n)
        printf("\n  pit  position after                              note\n");
    for (int k = 0; k < n; k++) {
        kalah_pos next = p;
        kalah_move_info info;
        char pos[KALAH_TEXT_MAX], note[96];
        kalah_play(&r, &next, moves[k], &info, NULL);
        kalah_pos_format(&r, &next, pos, sizeof pos);
        cli_move_note(&info, note, sizeof note);
        printf("  %3d  %-43s %s\n", moves[k], pos, note[0] ? note + 2 : "");
    }
    return CLI_OK;
}

static const char perft_usage[] =
    "Usage: kalah perft --depth D [--rules R] [--pits M] [--stones N]\n"
    "                   [--position POSITION]\n"
    "\n"
    "Counts the move sequences of exactly 1, 2, ... D moves from the start (or\n"
    "from POSITION): a test oracle for the rules. An extra turn is a move of\n"
    "its own; a finished game has no moves. Each depth is printed as soon as\n"
    "it is counted, with the time it took.\n"
    "\n"
    "  --depth D     1..30\n"
    "  --rules R     kalah (default), kalah+empty, kalah+mover, relay, ...\n"
    "  --pits M      pits per side, 1..12 (default 6)\n"
    "  --stones N    stones per pit, 1..12 (default 6)\n";

int cli_perft(int argc, char **argv)
{
    static const struct option opts[] = {CLI_RULES_OPTS, CLI_OPT("depth"), CLI_OPT("position"),
                                         {0}};
    cli_args a;
    cli_args_init(&a, "kalah perft", argc, argv, 2, opts, "");
    cli_usage(&a, perft_usage, NULL);
    kalah_rules r = kalah_rules_default();
    const char *position = NULL;
    int depth = 0;
    while (cli_next(&a) > 0)
        if (!cli_rules_opt(&a, &r) && !cli_int_opt(&a, "--depth", 1, 30, &depth) &&
            !cli_got(&a, "--position", &position))
            cli_unknown(&a);
    if (a.rc != CLI_GO)
        return a.rc;
    if (depth == 0) {
        fprintf(stderr, "kalah perft: --depth is required (see 'kalah perft --help')\n");
        return CLI_USAGE;
    }
    kalah_pos p;
    if (position) {
        kalah_error err;
        if (kalah_pos_parse(position, &r, &p, &err) != KALAH_OK) {
            cli_parse_error("kalah perft", position, &err);
            return CLI_USAGE;
        }
    } else {
        if (!cli_rules_final(&a, &r))
            return CLI_USAGE;
        p = kalah_start(&r);
    }
    char text[KALAH_TEXT_MAX];
    kalah_pos_format(&r, &p, text, sizeof text);
    printf("perft from %s\n", text);
    for (int d = 1; d <= depth; d++) {
        clock_t t0 = clock();
        unsigned long long n = (unsigned long long)kalah_perft(&r, &p, d);
        double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
        printf("depth %2d: %llu  (%.2f s)\n", d, n, s);
        fflush(stdout);
    }
    return CLI_OK;
}
