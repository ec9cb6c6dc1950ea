/* kalah connect: the engine as a KGP client; kalah play --remote: a person
 * on a KGP server, from the terminal. */
#include "kalah_cli.h"
#include "kalah_search.h"
#include "kgp.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char connect_usage[] =
    "Usage: kalah connect HOST:PORT [--level L | --time T] [--games N]\n"
    "                     [--name NAME] [--quiet]\n"
    "\n"
    "Plays on a Kalah Game Protocol server (KGP 1.0.1, freeplay mode;\n"
    "network.md) with the reference engine, on boards of 1 to 12 pits a\n"
    "side. For each board the server sends, it sends a move after every depth\n"
    "of its search, each one at least as well founded as the last, then its\n"
    "final choice again and 'yield'; a move the server refuses is sent again.\n"
    "\n"
    "  --time T      think T seconds a move (default 1), or less when the\n"
    "                server's clock says so: alpha-beta, deepened one move at a\n"
    "                time\n"
    "  --level L     play a level or player of 'kalah play' instead (a\n"
    "                depth-limited search is deepened up to its depth)\n"
    "  --games N     play N games (default 1): on one connection as long as the\n"
    "                server keeps it open, then on new ones\n"
    "  --name NAME   the name told to the server (default kalah61)\n"
    "  --quiet       only the result of each game and the summary\n"
    "\n"
    "A server that never says how a game ended (the reference server) gets\n"
    "the result the last board allows. Exit status: 0 when every game was\n"
    "played to its end (a server that closes between turns after a game ends\n"
    "it normally), 1 when the server could not be reached, ended a game early\n"
    "or broke the protocol.\n";

typedef struct connect_state {
    bool quiet;
    kgp_engine engine;
    double game_start;
    int played, won, lost, drawn, unknown;
} connect_state;

static void connect_event(void *ctx, kgp_client_event kind, const char *raw)
{
    connect_state *cs = ctx;
    char text[512];
    cli_printable(raw, text, sizeof text);
    switch (kind) {
    case KGP_CL_COMMENT:
        if (!cs->quiet)
            printf("  server: %s\n", text);
        break;
    case KGP_CL_ERROR:
        fprintf(stderr, "kalah connect: the server says: %s\n", text);
        break;
    case KGP_CL_IGNORED:
        if (!cs->quiet)
            fprintf(stderr, "kalah connect: ignored: %s\n", text);
        break;
    case KGP_CL_NOTE:
        if (!cs->quiet)
            printf("  %s\n", text);
        break;
    case KGP_CL_STOP:
        if (!cs->quiet)
            printf("  the server ended a turn before the engine was done\n");
        break;
    default:
        break;
    }
}

static void connect_think(void *ctx, kgp_turn *t, const kalah_rules *r, const kalah_pos *p)
{
    connect_state *cs = ctx;
    if (kgp_turn_first(t))
        cs->game_start = kalah_now();
    kgp_brain inner = kgp_engine_brain(&cs->engine);
    double t0 = kalah_now();
    inner.think(inner.ctx, t, r, p);
    if (!cs->quiet) {
        char board[KALAH_TEXT_MAX];
        kgp_board_format(r, p, board, sizeof board);
        printf("  %s: depth %d in %.2f s\n", board, cs->engine.last_depth, kalah_now() - t0);
    }
}

/* "won (margin +4)", or what the last board allows when the server did not
 * say: "won (margin +2 to +8, as the last board allows)". */
static void describe(const kgp_game_report *g, char *buf, size_t size)
{
    char a[16], b[16];
    if (g->known) {
        snprintf(buf, size, "%s (margin %s%s)",
                 g->margin > 0 ? "won" : g->margin < 0 ? "lost" : "drawn",
                 cli_margin(g->margin, a, sizeof a), g->told ? "" : ", as the last board shows");
    } else if (g->lo > g->hi) {
        snprintf(buf, size, "result unknown (no end of the game follows from the last board: "
                            "the server played on otherwise)");
    } else {
        snprintf(buf, size, "%s (margin %s to %s, as the last board allows)",
                 g->lo > 0    ? "won"
                 : g->hi < 0  ? "lost"
                 : g->lo == 0 ? "won or drawn"
                 : g->hi == 0 ? "lost or drawn"
                              : "result unknown",
                 cli_margin(g->lo, a, sizeof a), cli_margin(g->hi, b, sizeof b));
    }
}

static void connect_game_over(void *ctx, const kgp_game_report *g)
{
    connect_state *cs = ctx;
    cs->played++;
    if (g->known || g->lo > 0 || g->hi < 0 || (g->lo == 0 && g->hi == 0)) {
        int m = g->known ? g->margin : g->lo > 0 ? 1 : g->hi < 0 ? -1 : 0;
        *(m > 0 ? &cs->won : m < 0 ? &cs->lost : &cs->drawn) += 1;
    } else {
        cs->unknown++;
    }
    char what[160], rules[KALAH_TEXT_MAX], refused[48] = "";
    describe(g, what, sizeof what);
    kalah_rules_format(&g->rules, rules, sizeof rules);
    if (g->refused)
        snprintf(refused, sizeof refused, ", %d line%s refused and sent again", g->refused,
                 g->refused == 1 ? "" : "s");
    printf("game %d: %s after %d moves of ours in %.1f s (%s%s)\n", cs->played, what, g->states,
           kalah_now() - cs->game_start, rules, refused);
    fflush(stdout);
}

int cli_connect(int argc, char **argv)
{
    static const struct option opts[] = {CLI_OPT("level"), CLI_OPT("time"), CLI_OPT("games"),
                                         CLI_OPT("name"), CLI_FLAG("quiet"), {0}};
    cli_args a;
    cli_args_init(&a, "kalah connect", argc, argv, 2, opts, "");
    cli_usage(&a, connect_usage, NULL);
    const char *address = NULL, *level = NULL, *name = "kalah61";
    double seconds = 0;
    int games = 1;
    connect_state cs;
    memset(&cs, 0, sizeof cs);
    while (cli_next(&a) > 0) {
        if (cli_flag(&a, "--quiet"))
            cs.quiet = true;
        else if (!cli_got(&a, "--level", &level) &&
                 !cli_seconds_opt(&a, "--time", 0.001, 3600, &seconds) &&
                 !cli_int_opt(&a, "--games", 1, 1000000, &games) &&
                 !cli_got(&a, "--name", &name) && !cli_first_arg(&a, &address))
            cli_unknown(&a);
    }
    if (a.rc != CLI_GO)
        return a.rc;
    if (!address) {
        fprintf(stderr, "kalah connect: which server? HOST:PORT (see 'kalah connect --help')\n");
        return CLI_USAGE;
    }
    if (level && seconds > 0) {
        fprintf(stderr, "kalah connect: --level and --time exclude each other\n");
        return CLI_USAGE;
    }
    kalah_error err;
    char host[256];
    int port;
    if (kgp_split_address(address, host, sizeof host, &port, &err) != KALAH_OK) {
        fprintf(stderr, "kalah connect: '%s': %s\n", address, err.message);
        return CLI_USAGE;
    }
    char description[96] = "alpha-beta (E1), deepened within a time budget";
    if (level) {
        if (kalah_player_parse(level, 2, &cs.engine.player, &err) != KALAH_OK) {
            fprintf(stderr, "kalah connect: --level takes a level or a player, not '%s' (%s)\n",
                    level, err.message);
            return CLI_USAGE;
        }
        kalah_player_format(&cs.engine.player, description, sizeof description);
    } else {
        cs.engine.seconds = seconds > 0 ? seconds : 1;
    }
    cs.engine.rng = kalah_rng_seed(1);
    kgp_client_config cc = {.name = name, .description = description, .idle_timeout = 600,
                            .settle = 0.05};
    kgp_brain brain = {.think = connect_think, .event = connect_event,
                       .game_over = connect_game_over, .ctx = &cs};
    int rc = CLI_OK, refused = 0, resent = 0, connections = 0;
    while (cs.played < games && rc == CLI_OK) {
        int fd;
        if (kgp_connect(address, 10, &fd, &err) != KALAH_OK) {
            fprintf(stderr, "kalah connect: %s\n", err.message);
            return CLI_FAIL;
        }
        connections++;
        kgp_client_stats st;
        cc.max_games = games - cs.played;
        kalah_status s = kgp_client_run(fd, &cc, &brain, &st, &err);
        refused += st.refused;
        resent += st.resent;
        if (s != KALAH_OK) {
            char why[sizeof err.message];
            fprintf(stderr, "kalah connect: game %d: %s\n", cs.played + 1,
                    cli_printable(err.message, why, sizeof why));
            rc = CLI_FAIL;
        } else if (st.unfinished) {
            fprintf(stderr, "kalah connect: game %d: the server said goodbye before its end\n",
                    cs.played + 1);
            rc = CLI_FAIL;
        } else if (st.games == 0) {
            fprintf(stderr, "kalah connect: the server ended the connection without a game\n");
            rc = CLI_FAIL;
        }
        fflush(stdout);
    }
    if (games > 1 || refused > 0)
        printf("%d game%s on %d connection%s: %d won, %d lost, %d drawn, %d unknown; "
               "%d line%s refused by the server, %d move%s sent again\n",
               cs.played, cs.played == 1 ? "" : "s", connections, connections == 1 ? "" : "s",
               cs.won, cs.lost, cs.drawn, cs.unknown, refused, refused == 1 ? "" : "s", resent,
               resent == 1 ? "" : "s");
    return rc;
}

/* ---- a person on a server ------------------------------------------------------- */

typedef struct remote_state {
    char line[256];
    size_t len;
    bool eof;
    bool skipping;  /* the rest of an over-long line is being dropped */
    int last_sent;  /* the pit sent for the last state, 0: none */
    double deadline;/* of the turn being answered (0: no clock) */
    int warned;     /* the last reminder given, in seconds left */
} remote_state;

static void remote_event(void *ctx, kgp_client_event kind, const char *raw)
{
    (void)ctx;
    char text[512];
    cli_printable(raw, text, sizeof text);
    switch (kind) {
    case KGP_CL_HELLO:
        printf("  Connected (%s). Waiting for a game...\n", text);
        break;
    case KGP_CL_COMMENT:
        printf("  Server: %s\n", text);
        break;
    case KGP_CL_ERROR:
        printf("  Server error: %s\n", text);
        break;
    case KGP_CL_NOTE:
        printf("  (%s)\n", text);
        break;
    case KGP_CL_STOP:
        printf("\n  Time is up: the server played a move for you.\n");
        break;
    default:
        break;
    }
    fflush(stdout);
}

static void remote_game_over(void *ctx, const kgp_game_report *g)
{
    remote_state *rs = ctx;
    char a[16], b[16];
    rs->last_sent = 0;
    if (g->known)
        printf("\n  Game %d is over: you %s (%s).\n", g->number,
               g->margin > 0 ? "won" : g->margin < 0 ? "lost" : "drew",
               cli_margin(g->margin, a, sizeof a));
    else if (g->lo <= g->hi)
        printf("\n  Game %d is over. The server did not say how it ended; from the last "
               "board your margin is %s to %s.\n",
               g->number, cli_margin(g->lo, a, sizeof a), cli_margin(g->hi, b, sizeof b));
    else
        printf("\n  Game %d is over.\n", g->number);
    fflush(stdout);
}

/* Names the moves since the last board: "You played 3. North played 5,
 * an extra turn, then 2." */
static void name_moves(remote_state *rs, kgp_turn *t)
{
    kgp_path path;
    int n = kgp_turn_path(t, &path);
    bool first = kgp_turn_first(t);
    if (first)
        printf("\n  Game %d. You are South: your pits are the bottom row, your store is on "
               "the right.\n", kgp_turn_game(t));
    if (n < 0) {
        printf("  (Too many moves since your last turn to name them.)\n");
    } else if (n == 0 && first) {
        printf("  You move first.\n");
    } else if (n > 0) {
        printf(" ");
        for (int k = 0; k < path.n; k++) {
            bool mine = path.side[k] == KALAH_SOUTH;
            bool again = k > 0 && path.side[k - 1] == path.side[k];
            if (again)
                printf(", an extra turn, then %d", path.pit[k]);
            else if (!mine)
                printf("%s North played %d", k ? "." : "", path.pit[k]);
            else if (k == 0 && !first && path.pit[k] == rs->last_sent)
                printf(" You played %d", path.pit[k]);
            else if (k == 0 && !first)
                printf(" The server played %d for you", path.pit[k]);
            else
                printf("%s You had only pit %d: the server played it", k ? "." : "",
                       path.pit[k]);
        }
        printf(".%s\n", n > 1 ? " (Other moves lead to this board too.)" : "");
    }
    rs->last_sent = 0;
}

/* Reads one line of stdin while keeping the connection served, and says
 * when the clock runs low; false when the turn ended (stop, lost
 * connection) or stdin ended. */
static bool read_answer(remote_state *rs, kgp_turn *t)
{
    static const int reminders[] = {30, 10, 5};
    for (;;) {
        char *nl = memchr(rs->line, '\n', rs->len);
        if (nl && rs->skipping) {
            /* The end of an over-long line: dropped, and said so. */
            size_t used = (size_t)(nl - rs->line) + 1;
            memmove(rs->line, rs->line + used, rs->len - used);
            rs->len -= used;
            rs->skipping = false;
            printf("  That line is too long.\n");
            return read_answer(rs, t);
        }
        if (nl) {
            *nl = '\0';
            return true;
        }
        if (rs->len == sizeof rs->line - 1) {
            rs->skipping = true;
            rs->len = 0;
        }
        if (rs->eof)
            return false;
        if (rs->deadline > 0) {
            /* One reminder for each mark the clock passes (30, 10 and 5 s
             * left), of those it started above. */
            double left = rs->deadline - kalah_now();
            int mark = 0;
            for (int k = 0; k < 3; k++)
                if (left <= reminders[k] && reminders[k] < rs->warned)
                    mark = reminders[k];
            if (mark > 0 && left > 0) {
                rs->warned = mark;
                printf("\n  %.0f s left > ", left);
                fflush(stdout);
            }
        }
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        int ready = poll(&p, 1, 50);
        if (ready > 0) {
            ssize_t got = read(STDIN_FILENO, rs->line + rs->len, sizeof rs->line - 1 - rs->len);
            if (got <= 0) {
                rs->eof = true;
                if (rs->len == 0)
                    return false;
                rs->line[rs->len++] = '\n';
            } else {
                rs->len += (size_t)got;
            }
        }
        if (!kgp_turn_open(t, 0))
            return false;
    }
}

/* The pits South may play, runs written as ranges: "1-6", "2 4-6". */
static const char *legal_pits(const kalah_rules *r, const kalah_pos *p, char *buf, size_t size)
{
    int moves[KALAH_MAX_PITS], n = kalah_moves(r, p, moves);
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < n && len < size; k++) {
        int last = k;
        while (last + 1 < n && moves[last + 1] == moves[last] + 1)
            last++;
        if (last < k + 2) /* two in a row are written apart */
            last = k;
        len += (size_t)snprintf(buf + len, size - len, last > k ? "%s%d-%d" : "%s%d",
                                k ? " " : "", moves[k], moves[last]);
        k = last;
    }
    return buf;
}

static void remote_think(void *ctx, kgp_turn *t, const kalah_rules *r, const kalah_pos *p)
{
    remote_state *rs = ctx;
    name_moves(rs, t);
    cli_draw(stdout, r, p);
    double clock = kgp_turn_clock(t);
    rs->deadline = clock > 0 ? kalah_now() + clock : 0;
    rs->warned = (int)clock; /* the marks below the clock are to come */
    for (;;) {
        char left[48] = ", no time limit announced";
        if (rs->deadline > 0)
            snprintf(left, sizeof left, ", %.0f s left", rs->deadline - kalah_now());
        char legal[4 * KALAH_MAX_PITS];
        printf("  Your move [%s, q quit%s] > ", legal_pits(r, p, legal, sizeof legal), left);
        fflush(stdout);
        if (!read_answer(rs, t)) {
            if (rs->eof) {
                printf("\n  End of input: leaving the game.\n");
                kgp_turn_leave(t);
            }
            return;
        }
        char *line = rs->line, *end;
        size_t used = strlen(line) + 1;
        while (*line == ' ' || *line == '\t')
            line++;
        long pit = strtol(line, &end, 10);
        while (*end == ' ' || *end == '\t' || *end == '\r')
            end++;
        bool quit = strcmp(line, "q") == 0 || strcmp(line, "quit") == 0;
        bool number = end != line && *end == '\0';
        memmove(rs->line, rs->line + used, rs->len - used);
        rs->len -= used;
        if (quit) {
            printf("  Leaving the game.\n");
            kgp_turn_leave(t);
            return;
        }
        if (!number || pit < 1 || pit > r->pits) {
            printf("  A pit number from 1 to %d, or q.\n", r->pits);
        } else if (p->pit[KALAH_SOUTH][pit - 1] == 0) {
            printf("  Pit %ld is empty.\n", pit);
        } else {
            kgp_turn_move(t, (int)pit);
            rs->last_sent = (int)pit;
            return;
        }
    }
}

int cli_play_remote(const char *address, const char *name)
{
    kalah_error err;
    int fd;
    if (kgp_connect(address, 10, &fd, &err) != KALAH_OK) {
        fprintf(stderr, "kalah play: %s\n", err.message);
        return CLI_FAIL;
    }
    remote_state rs;
    memset(&rs, 0, sizeof rs);
    kgp_client_config cc = {.name = name, .description = "a person at a terminal",
                            .settle = 0.05};
    kgp_brain brain = {.think = remote_think, .event = remote_event,
                       .game_over = remote_game_over, .ctx = &rs};
    kgp_client_stats st;
    if (kgp_client_run(fd, &cc, &brain, &st, &err) != KALAH_OK) {
        fprintf(stderr, "kalah play: %s\n", err.message);
        return CLI_FAIL;
    }
    printf("  Goodbye.\n");
    return CLI_OK;
}
