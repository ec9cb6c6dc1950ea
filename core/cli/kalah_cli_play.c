/* kalah play: a game in the terminal between humans and the computer. */
#include "kalah_cli.h"
#include "kalah_file.h"
#include "kalah_search.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char play_usage[] =
    "Usage: kalah play [--south WHO] [--north WHO] [--rules R] [--pits M]\n"
    "                  [--stones N] [--log FILE] [--coef C] [--seed S]\n"
    "       kalah play --remote HOST:PORT [--name NAME]\n"
    "\n"
    "Plays a game of Kalah in the terminal. South moves first. With --remote,\n"
    "plays on a Kalah Game Protocol server (kalah serve, network.md): the\n"
    "server chooses the opponent and the board, and you always play South.\n"
    "\n"
    "  --south WHO   human, computer, a level or a player (default human)\n"
    "  --north WHO   the same (default computer, which is the level hard)\n"
    "  --rules R     kalah (default), kalah+empty, kalah+mover, kalah+decided,\n"
    "                relay (seed 001's variant), or with the board: kalah-6-4\n"
    "  --pits M      pits per side, 1..12 (default 6)\n"
    "  --stones N    stones per pit, 1..12 (default 6)\n"
    "  --log FILE    append every move, with the position after it, to FILE\n"
    "                (one line a move, written at once)\n"
    "  --coef C      the depth coefficient of seed 003's levels (default 2)\n"
    "  --seed S      seed for the random and MCTS players (default 1)\n"
    "  --remote HOST:PORT  play on a KGP server instead\n"
    "  --name NAME   with --remote, the name told to the server (default human)\n"
    "\n"
    "At the prompt: a pit number (1 is the mover's leftmost pit; S3 or N3,\n"
    "as the board labels the pits, also do), or\n"
    "  u  undo (back to the last position where a human was to move)\n"
    "  r  redo     n  new game     h  help     q  quit\n"
    "End of input ends the game too.\n"
    "\n"
    "%s\n";

static const char prompt_help[] =
    "  a pit number (3, or S3 as labelled) plays it; u undo, r redo, n new game, h help, q quit\n";

enum who { HUMAN, COMPUTER };

/* Who plays a side: a person, or a computer player. */
typedef struct seat {
    enum who who;
    kalah_player player;
    char name[64]; /* "human" or the player's description */
} seat;

typedef struct play_state {
    kalah_game game;
    seat player[2];
    kalah_rng rng;
    FILE *log;
    const char *log_name;
    bool log_failed;
} play_state;

/* Appends one line to the log and flushes it, so that nothing is lost if
 * the program dies; every line but the format line gets a tab and its
 * CRC-32 (docs/notation.md). A failure is reported once. */
static void log_line(play_state *st, const char *line)
{
    if (!st->log || st->log_failed)
        return;
    int written = strcmp(line, KALAH_LOG_HEADER) == 0
                      ? fprintf(st->log, "%s\n", line)
                      : fprintf(st->log, "%s\t%08x\n", line, kalah_file_crc32(line, strlen(line)));
    if (written < 0 || fflush(st->log) != 0) {
        fprintf(stderr, "kalah play: cannot write the log %s: %s (going on without it)\n",
                st->log_name, strerror(errno));
        st->log_failed = true;
    }
}

/* A new log starts with its format's name and version. An existing one
 * must be a log of this format (else it is left alone), and a last line cut
 * short by a crash is ended, so the next line stands on its own. */
static bool open_log(play_state *st)
{
    char first[64] = "";
    rewind(st->log);
    bool empty = !fgets(first, sizeof first, st->log);
    first[strcspn(first, "\n")] = '\0';
    if (fseek(st->log, 0, SEEK_END) != 0) {
        fprintf(stderr, "kalah play: cannot read the log %s: %s\n", st->log_name, strerror(errno));
        return false;
    }
    if (empty) {
        log_line(st, KALAH_LOG_HEADER);
        return true;
    }
    if (strcmp(first, KALAH_LOG_HEADER) != 0) {
        bool newer = strncmp(first, KALAH_LOG_MAGIC, strlen(KALAH_LOG_MAGIC)) == 0;
        fprintf(stderr, "kalah play: %s:1: %s: not appended to\n", st->log_name,
                newer ? "a move log of another format than this program's 1"
                      : "not a kalah61 move log");
        fclose(st->log);
        st->log = NULL;
        return false;
    }
    /* Nothing is buffered for writing yet: the descriptor may write. */
    if (!kalah_file_end_line(fileno(st->log)))
        st->log_failed = true;
    return true;
}

static void log_start(play_state *st)
{
    char rules[KALAH_TEXT_MAX], line[KALAH_TEXT_MAX + 2 * sizeof st->player[0].name + 32];
    kalah_rules_format(&st->game.rules, rules, sizeof rules);
    snprintf(line, sizeof line, "# new game %s, South %s, North %s", rules,
             st->player[0].name, st->player[1].name);
    log_line(st, line);
}

static kalah_status play_move(play_state *st, int pit, kalah_error *err)
{
    int mover = kalah_game_pos(&st->game)->to_move;
    kalah_move_info info;
    kalah_status s = kalah_game_play(&st->game, pit, &info, err);
    if (s != KALAH_OK)
        return s;
    char note[96], line[KALAH_TEXT_MAX + 32];
    printf("  %s (%s) plays pit %d%s\n", cli_side_name(mover), st->player[mover].name, pit,
           cli_move_note(&info, note, sizeof note));
    kalah_log_format(&st->game.rules, st->game.played, mover, pit, kalah_game_pos(&st->game),
                     line, sizeof line);
    log_line(st, line);
    return KALAH_OK;
}

/* The computer's move, with a line saying how much it searched. */
static int computer_move(play_state *st, const kalah_pos *p)
{
    kalah_result res;
    kalah_error err;
    const kalah_player *pl = &st->player[p->to_move].player;
    if (kalah_search(&st->game.rules, p, pl, &st->rng, &res, &err) != KALAH_OK) {
        fprintf(stderr, "kalah play: %s; playing the first legal pit\n", err.message);
        int moves[KALAH_MAX_PITS];
        return kalah_moves(&st->game.rules, p, moves) ? moves[0] : 0;
    }
    if (pl->algo <= KALAH_MCTS)
        printf("  (%s searched %llu positions)\n", st->player[p->to_move].name,
               (unsigned long long)res.nodes);
    return res.move;
}

/* Undo (or redo) one move, then go on while it is a computer's turn, so the
 * human is back at a decision of their own. */
static int step_history(play_state *st, bool (*step)(kalah_game *))
{
    int n = 0;
    while (step(&st->game)) {
        n++;
        const kalah_pos *p = kalah_game_pos(&st->game);
        if (st->player[p->to_move].who == HUMAN && !kalah_over(&st->game.rules, p))
            break;
    }
    return n;
}

/* The u and r commands: says what happened and logs it; true when the
 * position changed. */
static bool history_command(play_state *st, bool redo)
{
    int n = step_history(st, redo ? kalah_game_redo : kalah_game_undo);
    if (n == 0) {
        printf("  Nothing to %s.\n", redo ? "redo" : "undo");
        return false;
    }
    printf("  %s %d move%s.\n", redo ? "Replayed" : "Took back", n, n == 1 ? "" : "s");
    char line[64];
    snprintf(line, sizeof line, "# %s %d, %s move %d", redo ? "redo" : "undo", n,
             redo ? "on to" : "back to", st->game.played);
    log_line(st, line);
    return true;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
}

static int game_loop(play_state *st)
{
    kalah_rules *r = &st->game.rules;
    char line[256];
    bool redraw = true;
    for (;;) {
        const kalah_pos *p = kalah_game_pos(&st->game);
        if (redraw)
            cli_draw(stdout, r, p);
        redraw = true;
        bool over = kalah_over(r, p);
        if (over && st->player[0].who == COMPUTER && st->player[1].who == COMPUTER) {
            char *text = NULL;
            int need = kalah_game_format(&st->game, NULL, 0);
            if ((text = malloc((size_t)need + 1)) != NULL) {
                kalah_game_format(&st->game, text, (size_t)need + 1);
                printf("  The game: %s\n", text);
                free(text);
            }
            return CLI_OK;
        }
        if (!over && st->player[p->to_move].who == COMPUTER) {
            play_move(st, computer_move(st, p), NULL);
            continue;
        }
        if (over)
            printf("  [u undo, n new game, q quit] > ");
        else
            printf("  %s, your move [pit, or u r n h q] > ", cli_side_name(p->to_move));
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n  End of input: goodbye.\n");
            return CLI_OK;
        }
        if (!strchr(line, '\n') && !feof(stdin)) {
            int c;
            while ((c = getchar()) != '\n' && c != EOF) {
            }
            printf("  That line is too long.\n%s", prompt_help);
            redraw = false;
            continue;
        }
        trim(line);
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (strcmp(s, "q") == 0 || strcmp(s, "quit") == 0) {
            printf("  Goodbye.\n");
            return CLI_OK;
        } else if (strcmp(s, "h") == 0 || strcmp(s, "help") == 0 || strcmp(s, "?") == 0) {
            fputs(prompt_help, stdout);
            redraw = false;
        } else if (strcmp(s, "u") == 0 || strcmp(s, "undo") == 0) {
            redraw = history_command(st, false);
        } else if (strcmp(s, "r") == 0 || strcmp(s, "redo") == 0) {
            redraw = history_command(st, true);
        } else if (strcmp(s, "n") == 0 || strcmp(s, "new") == 0) {
            kalah_game fresh;
            kalah_game_init(&fresh, r, NULL, NULL);
            kalah_game_free(&st->game);
            st->game = fresh;
            r = &st->game.rules;
            printf("  New game.\n");
            log_start(st);
        } else if (*s == '\0') {
            redraw = false;
        } else if (over) {
            printf("  The game is over: u, n or q.\n");
            redraw = false;
        } else {
            /* "3" or, as the board labels the pits, "S3" (South) or "N3". */
            char *end, *digits = s;
            int side = -1;
            if (*s == 'S' || *s == 's' || *s == 'N' || *s == 'n') {
                side = *s == 'S' || *s == 's' ? KALAH_SOUTH : KALAH_NORTH;
                digits++;
            }
            long pit = *digits >= '0' && *digits <= '9' ? strtol(digits, &end, 10) : 0;
            kalah_error err;
            if (!(*digits >= '0' && *digits <= '9') || *end != '\0') {
                printf("  '%s' is not a pit number or a command.\n%s", s, prompt_help);
                redraw = false;
            } else if (side >= 0 && side != p->to_move) {
                printf("  %s is %s's pit: %s to move plays %c1..%c%d (or 1..%d).\n", s,
                       cli_side_name(side), cli_side_name(p->to_move),
                       p->to_move == KALAH_SOUTH ? 'S' : 'N', p->to_move == KALAH_SOUTH ? 'S' : 'N',
                       r->pits, r->pits);
                redraw = false;
            } else if (pit < 1 || pit > r->pits) {
                printf("  %s is not a pit number: %s plays a pit from 1 to %d.\n", digits,
                       cli_side_name(p->to_move), r->pits);
                redraw = false;
            } else if (play_move(st, (int)pit, &err) != KALAH_OK) {
                printf("  Not a legal move: %s.\n", err.message);
                redraw = false;
            }
        }
    }
}

/* human, computer (the level hard), a level name or a player spec. */
static bool parse_who(const cli_args *a, const char *name, const char *v, int coef, seat *out)
{
    kalah_error err;
    if (strcmp(v, "human") == 0) {
        *out = (seat){.who = HUMAN, .name = "human"};
        return true;
    }
    out->who = COMPUTER;
    if (kalah_player_parse(strcmp(v, "computer") == 0 ? "hard" : v, coef, &out->player, &err) !=
        KALAH_OK) {
        char players[CLI_PLAYERS_HELP_MAX];
        fprintf(stderr, "%s: %s takes human, computer, a level or a player, not '%s' (%s)\n%s\n",
                a->cmd, name, v, err.message, cli_players_help(players, sizeof players, 2));
        return false;
    }
    kalah_player_format(&out->player, out->name, sizeof out->name);
    return true;
}

int cli_play(int argc, char **argv)
{
    static const struct option opts[] = {CLI_RULES_OPTS, CLI_OPT("south"), CLI_OPT("north"),
                                         CLI_OPT("coef"), CLI_OPT("seed"), CLI_OPT("log"),
                                         CLI_OPT("remote"), CLI_OPT("name"), {0}};
    cli_args a;
    cli_args_init(&a, "kalah play", argc, argv, 2, opts, "");
    char players[CLI_PLAYERS_HELP_MAX];
    cli_usage(&a, play_usage, cli_players_help(players, sizeof players, 0)); /* usage's %s */
    play_state st = {.player = {{.who = HUMAN}, {.who = COMPUTER}}};
    kalah_rules r = kalah_rules_default();
    const char *who[2] = {"human", "computer"}, *remote = NULL, *name = "human";
    bool was_local = false; /* options of a game played here */
    bool name_given = false;
    int coef = 2, seed = 1;
    while (cli_next(&a) > 0) {
        bool local = true;
        const char *opt = a.opt;
        if (cli_rules_opt(&a, &r) || cli_got(&a, "--south", &who[0]) ||
            cli_got(&a, "--north", &who[1]) || cli_int_opt(&a, "--coef", 1, 16, &coef) ||
            cli_int_opt(&a, "--seed", 0, 2000000000, &seed) ||
            cli_got(&a, "--log", &st.log_name)) {
        } else if (cli_got(&a, "--remote", &remote)) {
            local = false;
        } else if (cli_got(&a, "--name", &name)) {
            name_given = true;
            local = false;
        } else {
            cli_unknown(&a);
        }
        if (a.rc == CLI_GO && local && remote) {
            fprintf(stderr, "kalah play: with --remote the server chooses the game: '%s' "
                            "does not apply\n", opt);
            cli_bad(&a);
        }
        was_local |= local;
    }
    if (a.rc != CLI_GO)
        return a.rc;
    if (!remote && name_given) {
        fprintf(stderr, "kalah play: --name goes with --remote only\n");
        return CLI_USAGE;
    }
    if (remote && was_local) {
        fprintf(stderr, "kalah play: with --remote the server chooses the game: only --name "
                        "goes with it\n");
        return CLI_USAGE;
    }
    if (remote)
        return cli_play_remote(remote, name);
    if (!cli_rules_final(&a, &r) || !parse_who(&a, "--south", who[0], coef, &st.player[0]) ||
        !parse_who(&a, "--north", who[1], coef, &st.player[1]))
        return CLI_USAGE;
    st.rng = kalah_rng_seed((uint64_t)seed);
    if (st.log_name && !(st.log = fopen(st.log_name, "a+"))) {
        fprintf(stderr, "kalah play: cannot open the log %s: %s\n", st.log_name, strerror(errno));
        return CLI_FAIL;
    }
    if (st.log && !open_log(&st))
        return CLI_FAIL;
    kalah_error err;
    if (kalah_game_init(&st.game, &r, NULL, &err) != KALAH_OK) {
        fprintf(stderr, "kalah play: %s\n", err.message);
        return CLI_FAIL;
    }
    log_start(&st);
    int rc = game_loop(&st);
    kalah_game_free(&st.game);
    if (st.log && fclose(st.log) != 0 && !st.log_failed) {
        fprintf(stderr, "kalah play: cannot write the log %s: %s\n", st.log_name, strerror(errno));
        rc = CLI_FAIL;
    }
    return rc;
}
