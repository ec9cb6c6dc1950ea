/* puluk play: a game in the terminal, saved after every throw and move so
 * that an interrupted game can be resumed. */
#include "puluk_cli.h"
#include "puluk_cli_game.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char play_usage[] =
    "Usage: puluk play [--against P] [--side white|black] [--throws random|typed]\n"
    "                  [--rules R] [--seed S] [--save FILE | --no-save]\n"
    "                  [--resume FILE] [--table FILE]\n"
    "\n"
    "A game of Pulúk in the terminal against a computer player (or between two\n"
    "people at one terminal: --against human). White moves first, from the town\n"
    "on the left. Each turn the side to move throws four kernels, then moves one\n"
    "of its pieces that many strips towards the other town. The board shows\n"
    "each strip's top piece in capitals (W, B), the pieces it carries under it\n"
    "(w, b), and the pieces at home in each town, [n].\n"
    "\n"
    "  --against P     random, quetzalcoatl, camaxtli, centeotl (default),\n"
    "                  expectimax-N, perfect, or human\n"
    "  --side S        your side: white (default; you move first) or black\n"
    "  --throws T      random (default): you press Enter to throw, or type the\n"
    "                  count of real kernels; typed: every throw, the computer's\n"
    "                  too, is typed in (all kernels real)\n"
    "  --rules R       puluk (default), puluk+skiryuk, puluk+english, +blank,\n"
    "                  +bias=N, or a board puluk-S-P (puluk.md)\n"
    "  --seed S        the generator of the throws and of the random player\n"
    "                  (default 1)\n"
    "  --save FILE     save the game there after every throw and move (default:\n"
    "                  $XDG_STATE_HOME/kalah61/puluk-game.txt, else\n"
    "                  ~/.local/state/kalah61/puluk-game.txt)\n"
    "  --no-save       do not save\n"
    "  --resume FILE   go on with the game saved in FILE, saving it there\n"
    "  --table FILE    the perfect player's table\n"
    "\n"
    "At the prompt:\n"
    "  Enter           throw the kernels (when it is your throw)\n"
    "  1..5            the count you threw with real kernels (your throw), or\n"
    "                  the strip of the piece to move (your move)\n"
    "  h               move a piece out of your town\n"
    "  u  undo (back to your last move, with its throw)   n  new game\n"
    "  ?  help   q  quit (the game stays saved)\n";

static const char prompt_help[] =
    "  Your throw: Enter throws, or type the count 1..5 of your kernels.\n"
    "  Your move: the strip number of the piece to move, or h for one from the town.\n"
    "  u undo, n new game, q quit (the game stays saved), ? this help\n";

typedef struct play_state {
    puluk_game g;
    bool human[2];
    puluk_player pl[2];
    puluk_table *table;
    const char *table_path;
    kalah_rng rng;
    const char *save; /* NULL: not saved */
    bool save_failed;
} play_state;

static void save_game(play_state *st)
{
    if (!st->save)
        return;
    st->g.rng_state = st->rng.state;
    char why[512];
    if (!puluk_game_save(&st->g, st->save, why, sizeof why) && !st->save_failed) {
        fprintf(stderr, "puluk play: %s (going on without saving)\n", why);
        st->save_failed = true;
    }
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && strchr("\r\n \t", s[n - 1]))
        s[--n] = '\0';
}

/* Reads a line; false at the end of input. Over-long lines are refused. */
static bool read_line(char *line, size_t size)
{
    for (;;) {
        fflush(stdout);
        if (!fgets(line, (int)size, stdin))
            return false;
        if (strchr(line, '\n') || feof(stdin))
            break;
        int c;
        while ((c = getchar()) != '\n' && c != EOF) {
        }
        printf("  That line is too long.\n  > ");
    }
    trim(line);
    char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    memmove(line, s, strlen(s) + 1);
    return true;
}

static const char *who_name(const play_state *st, int side)
{
    return st->human[side] ? (st->human[1 - side] ? puluk_cli_side(side) : "you")
                           : st->pl[side].name;
}

/* Plays from for the side to move and says what it did. */
static bool make_move(play_state *st, int from)
{
    int mover = st->g.pos.to_move;
    puluk_pos before = st->g.pos;
    puluk_move_info mi;
    kalah_error err;
    if (!puluk_game_play(&st->g, from, &mi, &err)) {
        printf("  Not a legal move: %s.\n", err.message);
        return false;
    }
    char m[8], to[16], note[96];
    puluk_move_format(&st->g.rules, &before, from, m, sizeof m);
    if (mi.town)
        snprintf(to, sizeof to, "the far town");
    else
        snprintf(to, sizeof to, "%d", mi.to);
    printf("  %s (%s) %s %s -> %s%s\n", puluk_cli_side(mover), who_name(st, mover),
           st->human[mover] && !st->human[1 - mover] ? "move" : "moves", m, to,
           puluk_cli_note(&mi, note, sizeof note));
    save_game(st);
    return true;
}

/* A number typed as a throw: 1..5. */
static int typed_throw(const char *s)
{
    return s[0] >= '1' && s[0] <= '5' && s[1] == '\0' ? s[0] - '0' : 0;
}

enum turn { TURN_ON, TURN_EOF, TURN_QUIT };

/* The computer's turn: its throw (random, or typed in: q quits there) and
 * its move. */
static enum turn computer_turn(play_state *st)
{
    puluk_pos *p = &st->g.pos;
    int side = p->to_move;
    char line[128];
    if (!p->thrown) {
        int t;
        if (st->g.typed) {
            for (;;) {
                printf("  %s's (%s) throw, the count 1..5 of the kernels > ",
                       puluk_cli_side(side), st->pl[side].name);
                if (!read_line(line, sizeof line))
                    return TURN_EOF;
                if (strcmp(line, "q") == 0 || strcmp(line, "quit") == 0)
                    return TURN_QUIT;
                if ((t = typed_throw(line)) != 0)
                    break;
                printf("  A throw is 1..5 (or q to quit), not '%.20s'.\n", line);
            }
        } else {
            t = puluk_throw_random(&st->g.rules, &st->rng);
        }
        puluk_throw(&st->g.rules, p, t, NULL);
        printf("  %s (%s) throws %d\n", puluk_cli_side(side), st->pl[side].name, t);
        save_game(st);
    }
    /* Centeotl's memory: the game's last throws, this one included. */
    puluk_memory mem = {0};
    for (int i = 0; i < st->g.n; i++)
        puluk_memory_add(&mem, st->g.ply[i].thrown);
    puluk_memory_add(&mem, p->thrown);
    puluk_choice ch;
    kalah_error err;
    if (puluk_choose(&st->g.rules, p, &st->pl[side], &mem, &st->rng, &ch, &err) != KALAH_OK) {
        int moves[PULUK_MAX_MOVES];
        fprintf(stderr, "puluk play: %s; playing the first legal move\n", err.message);
        ch.move = puluk_moves(&st->g.rules, p, moves) ? moves[0] : -1;
    }
    make_move(st, ch.move);
    return TURN_ON;
}

/* u: back to the human's last move, with its throw. */
static bool undo(play_state *st)
{
    for (int k = st->g.n - 1; k >= 0; k--)
        if (st->human[puluk_game_mover(&st->g, k)]) {
            int taken = st->g.n - k;
            puluk_game_back(&st->g, k);
            printf("  Took back %d move%s; %s to move again with the throw %d.\n", taken,
                   taken == 1 ? "" : "s", who_name(st, st->g.pos.to_move), st->g.pos.thrown);
            save_game(st);
            return true;
        }
    printf("  Nothing to undo.\n");
    return false;
}

static int quit(const play_state *st)
{
    if (st->save && !puluk_over(&st->g.rules, &st->g.pos))
        printf("  The game is saved; 'puluk play --resume %s' goes on with it.\n", st->save);
    printf("  Goodbye.\n");
    return CLI_OK;
}

static int game_loop(play_state *st)
{
    char line[128];
    bool redraw = true;
    for (;;) {
        puluk_pos *p = &st->g.pos;
        const puluk_rules *r = &st->g.rules;
        if (redraw)
            puluk_cli_draw(stdout, r, p);
        redraw = true;
        bool over = puluk_over(r, p);
        int side = p->to_move;
        if (!over && !st->human[side]) {
            enum turn t = computer_turn(st);
            if (t == TURN_EOF)
                break;
            if (t == TURN_QUIT)
                return quit(st);
            continue;
        }
        if (over)
            printf("  [n new game, u undo, q quit] > ");
        else if (!p->thrown)
            printf("  %s, your throw: Enter, or the count 1..5 [u n ? q] > ",
                   puluk_cli_side(side));
        else
            printf("  %s, your move with %d: a strip or h [u n ? q] > ", puluk_cli_side(side),
                   p->thrown);
        if (!read_line(line, sizeof line))
            break;
        if (strcmp(line, "q") == 0 || strcmp(line, "quit") == 0) {
            return quit(st);
        } else if (strcmp(line, "?") == 0 || strcmp(line, "help") == 0) {
            fputs(prompt_help, stdout);
            redraw = false;
        } else if (strcmp(line, "u") == 0 || strcmp(line, "undo") == 0) {
            redraw = undo(st);
        } else if (strcmp(line, "n") == 0 || strcmp(line, "new") == 0) {
            puluk_rules rules = *r;
            bool typed = st->g.typed;
            char who[2][32];
            memcpy(who, st->g.who, sizeof who);
            puluk_game_init(&st->g, &rules);
            st->g.typed = typed;
            memcpy(st->g.who, who, sizeof who);
            printf("  New game.\n");
            save_game(st);
        } else if (over) {
            printf("  The game is over: n, u or q.\n");
            redraw = false;
        } else if (!p->thrown) {
            int t = typed_throw(line);
            if (line[0] == '\0' && st->g.typed) {
                printf("  Type the count 1..5 of your kernels (--throws typed).\n");
                redraw = false;
                continue;
            }
            if (line[0] == '\0')
                t = puluk_throw_random(r, &st->rng);
            else if (t == 0) {
                printf("  '%.20s' is not a throw: press Enter, or type the count 1..5 "
                       "(marked sides up, 5 when none is).\n", line);
                redraw = false;
                continue;
            }
            puluk_throw(r, p, t, NULL);
            printf("  %s throw%s %d\n", st->human[1 - side] ? puluk_cli_side(side) : "You",
                   st->human[1 - side] ? "s" : "", t);
            save_game(st);
            puluk_cli_status(stdout, r, p); /* the board is as it was */
            redraw = false;
        } else if (line[0] == '\0') {
            redraw = false;
        } else {
            int from;
            kalah_error err;
            if (puluk_move_parse(r, p, line, &from, &err) != KALAH_OK) {
                printf("  %s.\n", err.message);
                redraw = false;
            } else {
                redraw = make_move(st, from);
            }
        }
    }
    printf("\n  End of input");
    if (st->save && !puluk_over(&st->g.rules, &st->g.pos))
        printf(": the game is saved; 'puluk play --resume %s' goes on with it", st->save);
    printf(".\n");
    return CLI_OK;
}

/* The seats from the names in the record. */
static bool seats(play_state *st, const char *cmd)
{
    puluk_player *perfect = NULL;
    for (int side = 0; side < 2; side++) {
        st->human[side] = strcmp(st->g.who[side], "human") == 0;
        if (!st->human[side] && !puluk_cli_player(cmd, st->g.who[side], &st->pl[side]))
            return false;
        if (!st->human[side] && st->pl[side].algo == PULUK_PERFECT)
            perfect = &st->pl[side];
    }
    if (perfect && !puluk_cli_tables(cmd, &st->g.rules, st->table_path, false, perfect, 1,
                                     &st->table))
        return false;
    return true;
}

int puluk_cli_play(int argc, char **argv)
{
    static const struct option opts[] = {
        CLI_OPT("against"), CLI_OPT("side"),    CLI_OPT("throws"), CLI_OPT("rules"),
        CLI_OPT("seed"),    CLI_OPT("save"),    CLI_FLAG("no-save"), CLI_OPT("resume"),
        CLI_OPT("table"),   {0}};
    const char *cmd = "puluk play";
    cli_args a;
    cli_args_init(&a, cmd, argc, argv, 2, opts, "");
    const char *v, *against = "centeotl", *save = NULL, *resume = NULL;
    play_state st = {0};
    puluk_rules r = puluk_rules_default();
    int you = PULUK_WHITE, got;
    bool typed = false, no_save = false, game_opts = false;
    uint64_t seed = 1;
    while ((got = cli_next(&a)) > 0) {
        if (cli_help(&a)) {
            cli_help_print(stdout, play_usage, &a);
            return CLI_OK;
        }
        bool game_opt = true;
        if (cli_got(&a, "--against", &v)) {
            puluk_player pl;
            if (strcmp(v, "human") != 0 && !puluk_cli_player(cmd, v, &pl))
                return CLI_USAGE;
            against = v;
        } else if (cli_got(&a, "--side", &v)) {
            if (strcmp(v, "white") != 0 && strcmp(v, "black") != 0) {
                fprintf(stderr, "%s: --side takes white or black, not '%s'\n", cmd, v);
                return CLI_USAGE;
            }
            you = v[0] == 'w' ? PULUK_WHITE : PULUK_BLACK;
        } else if (cli_got(&a, "--throws", &v)) {
            if (strcmp(v, "random") != 0 && strcmp(v, "typed") != 0) {
                fprintf(stderr, "%s: --throws takes random or typed, not '%s'\n", cmd, v);
                return CLI_USAGE;
            }
            typed = v[0] == 't';
        } else if (cli_got(&a, "--rules", &v)) {
            if (!puluk_cli_rules(&a, v, &r))
                return CLI_USAGE;
        } else if (cli_u64_opt(&a, "--seed", 0, UINT64_MAX, NULL, &seed)) {
            continue; /* a bad value ends the walk */
        } else {
            game_opt = false;
            if (cli_got(&a, "--save", &v))
                save = v;
            else if (cli_flag(&a, "--no-save"))
                no_save = true;
            else if (cli_got(&a, "--resume", &v))
                resume = v;
            else if (cli_got(&a, "--table", &v))
                st.table_path = v;
            else
                return cli_unknown(&a);
        }
        game_opts |= game_opt;
    }
    if (got < 0 || a.rc != CLI_GO)
        return CLI_USAGE;
    if (resume && (save || no_save)) {
        fprintf(stderr, "%s: --resume FILE saves the game to FILE: leave out --save and "
                        "--no-save\n", cmd);
        return CLI_USAGE;
    }
    if (resume && game_opts) {
        fprintf(stderr, "%s: a resumed game keeps its players, rules and throws: with "
                        "--resume, only --table goes\n", cmd);
        return CLI_USAGE;
    }
    char def[1024], why[1200];
    if (resume) {
        bool missing;
        if (!puluk_game_load(&st.g, resume, &missing, why, sizeof why)) {
            fprintf(stderr, "%s: %s\n", cmd, why);
            puluk_game_free(&st.g);
            return missing ? CLI_FAIL : CLI_USAGE;
        }
        st.save = resume;
        st.rng.state = st.g.rng_state;
        printf("  Resuming the game saved in %s: %s against %s, %d moves played.\n", resume,
               st.g.who[0], st.g.who[1], st.g.n);
    } else {
        puluk_game_init(&st.g, &r);
        st.g.typed = typed;
        snprintf(st.g.who[you], sizeof st.g.who[you], "human");
        snprintf(st.g.who[1 - you], sizeof st.g.who[1 - you], "%s", against);
        st.rng = kalah_rng_seed(seed);
        if (!no_save) {
            if (!save &&
                !cli_keep_path(CLI_KEEP_STATE, NULL, "puluk-game.txt", def, sizeof def)) {
                fprintf(stderr, "%s: no default place to save the game (HOME is not set); "
                                "give --save FILE or --no-save\n", cmd);
                return CLI_USAGE;
            }
            st.save = save ? save : def;
            if (!cli_make_parent(st.save)) {
                fprintf(stderr, "%s: cannot create the directory of %s: %s\n", cmd, st.save,
                        strerror(errno));
                return CLI_FAIL;
            }
            puluk_game old = {0};
            bool missing;
            if (puluk_game_load(&old, st.save, &missing, why, sizeof why) &&
                !puluk_over(&old.rules, &old.pos) && old.n > 0) {
                printf("  %s holds an unfinished game (%d moves). Start a new one in its "
                       "place? [y/N] > ", st.save, old.n);
                char line[32];
                if (!read_line(line, sizeof line) || (line[0] != 'y' && line[0] != 'Y')) {
                    printf("  Kept it: 'puluk play --resume %s' goes on with it.\n", st.save);
                    puluk_game_free(&old);
                    puluk_game_free(&st.g);
                    return CLI_OK;
                }
            }
            puluk_game_free(&old);
            printf("  The game is saved to %s after every throw and move.\n", st.save);
        }
    }
    int rc = CLI_FAIL;
    if (seats(&st, cmd)) {
        save_game(&st);
        rc = game_loop(&st);
    }
    puluk_game_free(&st.g);
    puluk_table_free(st.table);
    return rc;
}
