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
    "docs/network.md) with the reference engine. For each board the server\n"
    "sends, it sends a move after every depth of its search, each one at least\n"
    "as well founded as the last, then 'yield'.\n"
    "\n"
    "  --time T      think T seconds a move (default 1), or less when the\n"
    "                server's clock says so: alpha-beta, deepened one move at a\n"
    "                time\n"
    "  --level L     play a level or player of 'kalah play' instead (a\n"
    "                depth-limited search is deepened up to its depth)\n"
    "  --games N     play N games one after the other (default 1)\n"
    "  --name NAME   the name told to the server (default kalah61)\n"
    "  --quiet       only the result of each game\n"
    "\n"
    "Exit status: 0 when every game was played to its end, 1 when the server\n"
    "could not be reached, ended a game early or broke the protocol.\n";

typedef struct connect_state {
    bool quiet;
    kgp_engine engine;
    int states;
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
    kgp_brain inner = kgp_engine_brain(&cs->engine);
    double t0 = kalah_now();
    inner.think(inner.ctx, t, r, p);
    cs->states++;
    if (!cs->quiet) {
        char board[128];
        kgp_board_format(r, p, board, sizeof board);
        printf("  %s: depth %d in %.2f s\n", board, cs->engine.last_depth, kalah_now() - t0);
    }
}

int cli_connect(int argc, char **argv)
{
    cli_args a = {argc, 2, argv, "kalah connect"};
    const char *v, *address = NULL, *level = NULL, *name = "kalah61";
    double seconds = 0;
    int games = 1;
    connect_state cs;
    memset(&cs, 0, sizeof cs);
    bool bad = false;
    for (; a.i < argc; a.i++) {
        if (cli_help(&a)) {
            fputs(connect_usage, stdout);
            return CLI_OK;
        }
        if (cli_opt(&a, "--level", &v, &bad)) {
            level = v;
        } else if (cli_opt(&a, "--time", &v, &bad)) {
            bad = bad || !cli_seconds(&a, "--time", v, 0.001, 3600, &seconds);
        } else if (cli_opt(&a, "--games", &v, &bad)) {
            bad = bad || !cli_int(&a, "--games", v, 1, 1000000, &games);
        } else if (cli_opt(&a, "--name", &v, &bad)) {
            name = v;
        } else if (cli_flag(&a, "--quiet")) {
            cs.quiet = true;
        } else if (!address && argv[a.i][0] != '-') {
            address = argv[a.i];
        } else {
            return cli_unknown(&a);
        }
        if (bad)
            return CLI_USAGE;
    }
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
    kgp_client_config cc = {.name = name, .description = description, .idle_timeout = 600};
    kgp_brain brain = {.think = connect_think, .event = connect_event, .ctx = &cs};
    int rc = CLI_OK;
    for (int game = 1; game <= games; game++) {
        int fd;
        if (kgp_connect(address, 10, &fd, &err) != KALAH_OK) {
            fprintf(stderr, "kalah connect: %s\n", err.message);
            return CLI_FAIL;
        }
        kgp_client_stats st;
        cs.states = 0;
        double t0 = kalah_now();
        kalah_status s = kgp_client_run(fd, &cc, &brain, &st, &err);
        char m[16];
        if (s != KALAH_OK) {
            char why[sizeof err.message];
            fprintf(stderr, "kalah connect: game %d: %s\n", game,
                    cli_printable(err.message, why, sizeof why));
            rc = CLI_FAIL;
        } else if (!st.has_result) {
            fprintf(stderr, "kalah connect: game %d: the server said goodbye before the end\n",
                    game);
            rc = CLI_FAIL;
        } else {
            printf("game %d: %s (margin %s) after %d moves of ours in %.1f s\n", game,
                   st.margin > 0 ? "won" : st.margin < 0 ? "lost" : "drawn",
                   cli_margin(st.margin, m, sizeof m), st.states, kalah_now() - t0);
        }
        fflush(stdout);
        if (rc != CLI_OK)
            break;
    }
    return rc;
}

/* ---- a person on a server ------------------------------------------------------- */

typedef struct remote_state {
    char line[256];
    size_t len;
    bool eof;
    bool skipping; /* the rest of an over-long line is being dropped */
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
    case KGP_CL_STOP:
        printf("\n  Time is up: the server played a move for you.\n");
        break;
    default:
        break;
    }
    fflush(stdout);
}

/* Reads one line of stdin while keeping the connection served; false when
 * the turn ended (stop, lost connection) or stdin ended. */
static bool read_answer(remote_state *rs, kgp_turn *t)
{
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

static void remote_think(void *ctx, kgp_turn *t, const kalah_rules *r, const kalah_pos *p)
{
    remote_state *rs = ctx;
    cli_draw(stdout, r, p);
    for (;;) {
        double clock = kgp_turn_clock(t);
        char left[32] = "";
        if (clock > 0)
            snprintf(left, sizeof left, ", %g s", clock);
        printf("  You are South. Your move [1-%d, q quit%s] > ", r->pits, left);
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
    kgp_client_config cc = {.name = name, .description = "a person at a terminal"};
    kgp_brain brain = {.think = remote_think, .event = remote_event, .ctx = &rs};
    kgp_client_stats st;
    if (kgp_client_run(fd, &cc, &brain, &st, &err) != KALAH_OK) {
        fprintf(stderr, "kalah play: %s\n", err.message);
        return CLI_FAIL;
    }
    char m[16];
    if (st.has_result)
        printf("  Game over: you %s (%s).\n",
               st.margin > 0 ? "won" : st.margin < 0 ? "lost" : "drew",
               cli_margin(st.margin, m, sizeof m));
    else
        printf("  Goodbye.\n");
    return CLI_OK;
}
