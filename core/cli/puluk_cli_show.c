/* puluk show and puluk perft: a position drawn with its moves, and the
 * counts that check the rules. */
#include "puluk_cli.h"

#include <string.h>

static const char show_usage[] =
    "Usage: puluk show POSITION\n"
    "\n"
    "Draws a position and lists its moves with what each does and the position\n"
    "it leaves. Thrown (W3 or B3 after the rules), the moves of that throw; not\n"
    "thrown, the moves of each throw with its chance.\n"
    "\n"
    "A position is RULES:SIDE[THROW]:HOME,STRIP1,...,STRIP9,HOME (puluk.md):\n"
    "the pieces in White's town, each strip's column from the top down (w, b;\n"
    "'-' when empty), the pieces in Black's town. RULES alone is the start.\n"
    "\n"
    "Examples:\n"
    "  puluk show puluk\n"
    "  puluk show puluk-9-5:W3:3,wb,-,-,-,bw,-,-,-,-,3\n";

static const char perft_usage[] =
    "Usage: puluk perft [POSITION] --depth N [--rules R] [--max-positions N]\n"
    "\n"
    "Counts, for each length 1..N, the move sequences from POSITION (the start\n"
    "of the rules by default), a ply being a throw, each of 1..5 however\n"
    "likely, and a move; and the different positions they reach. A test oracle\n"
    "for the rules: another program that counts the same is likely right.\n"
    "\n"
    "  --depth N          plies, 1..12\n"
    "  --rules R          puluk (default), puluk+skiryuk, puluk+english,\n"
    "                     +blank, +bias=N, or a board puluk-S-P\n"
    "  --max-positions N  the most positions one ply may reach (default 1000000;\n"
    "                     about 100 bytes of memory each)\n";

/* The moves of a thrown p, each with what it does and where it leaves. */
static void list_moves(const puluk_rules *r, const puluk_pos *p)
{
    int moves[PULUK_MAX_MOVES], n = puluk_moves(r, p, moves);
    for (int i = 0; i < n; i++) {
        puluk_pos c = *p;
        puluk_move_info mi;
        puluk_play(r, &c, moves[i], &mi, NULL);
        char m[8], note[96], text[PULUK_TEXT_MAX], to[16];
        puluk_move_format(r, p, moves[i], m, sizeof m);
        puluk_pos_format(r, &c, text, sizeof text);
        if (mi.town)
            snprintf(to, sizeof to, "town");
        else
            snprintf(to, sizeof to, "%d", mi.to);
        const char *note_text = puluk_cli_note(&mi, note, sizeof note);
        printf("    %2s -> %-4s %-28s %s\n", m, to, note_text[0] ? note_text + 2 : "", text);
    }
}

int puluk_cli_show(int argc, char **argv)
{
    static const struct option opts[] = {{0}};
    cli_args a;
    cli_args_init(&a, "puluk show", argc, argv, 2, opts, "");
    const char *text = NULL;
    int got;
    while ((got = cli_next(&a)) > 0) {
        if (cli_help(&a)) {
            cli_help_print(stdout, show_usage, &a);
            return CLI_OK;
        }
        if (!cli_arg(&a))
            return cli_unknown(&a);
        if (text) {
            fprintf(stderr, "puluk show: one position, not also '%s'\n", a.val);
            return CLI_USAGE;
        }
        text = a.val;
    }
    if (got < 0)
        return CLI_USAGE;
    if (!text) {
        fprintf(stderr, "puluk show: which position? (see 'puluk show --help')\n");
        return CLI_USAGE;
    }
    puluk_rules r;
    puluk_pos p;
    kalah_error err;
    if (puluk_pos_parse(text, &r, &p, &err) != KALAH_OK) {
        cli_parse_error("puluk show", text, &err);
        return CLI_USAGE;
    }
    puluk_cli_draw(stdout, &r, &p);
    if (puluk_over(&r, &p))
        return CLI_OK;
    if (p.thrown) {
        printf("\n  The moves with %d:\n", p.thrown);
        list_moves(&r, &p);
        return CLI_OK;
    }
    double prob[PULUK_MAX_THROW + 1];
    puluk_throw_probs(&r, prob);
    for (int t = 1; t <= PULUK_MAX_THROW; t++) {
        puluk_pos q = p;
        q.thrown = (uint8_t)t;
        printf("\n  Throw %d (chance %.4f):\n", t, prob[t]);
        list_moves(&r, &q);
    }
    return CLI_OK;
}

int puluk_cli_perft(int argc, char **argv)
{
    static const struct option opts[] = {CLI_OPT("depth"), CLI_OPT("rules"),
                                         CLI_OPT("max-positions"), {0}};
    cli_args a;
    cli_args_init(&a, "puluk perft", argc, argv, 2, opts, "");
    const char *v, *text = NULL;
    int depth = 0;
    long cap = 1000000;
    puluk_rules r = puluk_rules_default();
    bool rules_given = false;
    int got;
    while ((got = cli_next(&a)) > 0) {
        if (cli_help(&a)) {
            cli_help_print(stdout, perft_usage, &a);
            return CLI_OK;
        }
        if (cli_int_opt(&a, "--depth", 1, 12, &depth) ||
            cli_long_opt(&a, "--max-positions", 1, 100000000, &cap)) {
            continue; /* a bad value ends the walk */
        } else if (cli_got(&a, "--rules", &v)) {
            if (!puluk_cli_rules(&a, v, &r))
                return CLI_USAGE;
            rules_given = true;
        } else if (cli_arg(&a) && !text) {
            text = a.val;
        } else {
            return cli_unknown(&a);
        }
    }
    if (got < 0 || a.rc != CLI_GO)
        return CLI_USAGE;
    if (depth == 0) {
        fprintf(stderr, "puluk perft: --depth is required (see 'puluk perft --help')\n");
        return CLI_USAGE;
    }
    puluk_pos p = puluk_start(&r);
    kalah_error err;
    if (text) {
        if (rules_given) {
            fprintf(stderr, "puluk perft: a position names its rules: leave out --rules\n");
            return CLI_USAGE;
        }
        if (puluk_pos_parse(text, &r, &p, &err) != KALAH_OK) {
            cli_parse_error("puluk perft", text, &err);
            return CLI_USAGE;
        }
    }
    char pos[PULUK_TEXT_MAX];
    puluk_pos_format(&r, &p, pos, sizeof pos);
    printf("%s\n", pos);
    uint64_t counts[13];
    kalah_status st = puluk_reach(&r, &p, depth, (uint64_t)cap, counts, &err);
    for (int d = 1; d <= depth; d++) {
        printf("depth %2d: %llu sequences", d, (unsigned long long)puluk_perft(&r, &p, d));
        if (st == KALAH_OK)
            printf(", %llu positions", (unsigned long long)counts[d]);
        printf("\n");
    }
    if (st != KALAH_OK) {
        fprintf(stderr, "puluk perft: the positions are not counted: %s (--max-positions)\n",
                err.message);
        return CLI_FAIL;
    }
    return CLI_OK;
}
