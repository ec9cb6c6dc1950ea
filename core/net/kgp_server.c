/*
 * The KGP server: one thread runs a poll() loop over every connection; the
 * server's own player is a KGP client in a thread of its own, on the far end
 * of a socket pair, so it passes the same checks as any client.
 *
 * Data layout: conns[] holds max_clients network slots followed by
 * engine_threads engine slots; games[] holds at most one game per two
 * slots. A game names its seats by slot index (-1: the player left).
 */
#include "kgp_conn.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct engine_run {
    pthread_t thread;
    int fd;             /* the client's end of the socket pair */
    kgp_engine engine;
    atomic_bool done;
} engine_run;

typedef struct game {
    bool used;
    uint64_t number;
    kalah_game g;
    int seat[2];        /* conn slots; -1 once that player left */
    bool left[2];
    int defaults[2];
    char name[2][KGP_NAME_MAX + 1];
    bool turn_open;
    uint64_t state_id;  /* of the open turn */
    int best;           /* the mover's last legal move, 0: none yet */
    double deadline;
    engine_run *engine; /* the server's player, or NULL */
} game;

typedef struct server {
    const kgp_server_config *cfg;
    kgp_server_stats *st;
    kgp_conn *conns;
    int nconns, nnet;   /* all slots; network slots come first */
    game *games;
    int ngames;
    engine_run **done_runs; /* engine threads to join */
    int ndone;
    int engines, engines_busy;
    uint64_t next_game;
    kalah_rng rng;
    struct pollfd *pfd;
    int *pfd_conn;
    bool stopping;
    double accept_paused; /* out of descriptors: no accept before this */
    bool torn;            /* the record ends in a fragment */
} server;

static void event(server *s, kgp_event_kind k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void event(server *s, kgp_event_kind k, const char *fmt, ...)
{
    if (!s->cfg->event)
        return;
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    s->cfg->event(s->cfg->event_ctx, k, text);
}

kgp_server_config kgp_server_defaults(void)
{
    kgp_server_config c;
    memset(&c, 0, sizeof c);
    c.listen_fd = -1;
    c.record_fd = -1;
    c.rules = kgp_rules(6, 6);
    c.timeout = 5;
    c.hello_timeout = 10;
    c.pair_wait = 2;
    kalah_level("hard", 2, &c.engine, NULL);
    snprintf(c.engine_name, sizeof c.engine_name, "kalah61-hard");
    c.seed = 1;
    return c;
}

static int slot_of(server *s, kgp_conn *c) { return (int)(c - s->conns); }

/* ---- talking to a peer ------------------------------------------------------ */

/* Answers a peer's line with `error`, referencing its id when it had one;
 * too many errors end the connection. */
static void protocol_error(server *s, kgp_conn *c, const kgp_msg *m, const char *why);
static void drop(server *s, kgp_conn *c, const char *why, bool kicked);

static void send_error(server *s, kgp_conn *c, const kgp_msg *m, const char *why)
{
    char q[256];
    kgp_quote(why, q, sizeof q);
    if (m && m->has_id)
        kgp_conn_send(c, "@%llu error %s", (unsigned long long)m->id, q);
    else
        kgp_conn_send(c, "error %s", q);
    s->st->protocol_errors++;
}

static void protocol_error(server *s, kgp_conn *c, const kgp_msg *m, const char *why)
{
    send_error(s, c, m, why);
    if (++c->errors >= KGP_MAX_ERRORS)
        drop(s, c, "too many protocol errors", true);
}

/* ---- games ---------------------------------------------------------------------- */

static void start_turn(server *s, game *g);

static void finish_game(server *s, game *g)
{
    const kalah_pos *p = kalah_game_pos(&g->g);
    int margin = kalah_margin(&g->g.rules, p);
    /* Final scores: the stores, plus each side's own stones when a side is
     * empty (a decided game leaves its stones on the board). */
    bool swept = kalah_side_stones(&g->g.rules, p, 0) == 0 ||
                 kalah_side_stones(&g->g.rules, p, 1) == 0;
    int score[2];
    for (int side = 0; side < 2; side++)
        score[side] = p->store[side] + (swept ? kalah_side_stones(&g->g.rules, p, side) : 0);
    const char *names[2] = {g->name[0], g->name[1]};
    char line[4096], *text = line;
    if (s->torn && s->cfg->record_fd >= 0 && kgp_write_all(s->cfg->record_fd, "\n", 1))
        s->torn = false; /* a fragment could not be taken back: end it */
    int n = kgp_record_format(g->number, (long long)time(NULL), names, g->defaults, g->left,
                              &g->g, line, sizeof line);
    if (n >= (int)sizeof line && (text = malloc((size_t)n + 1)) != NULL)
        kgp_record_format(g->number, (long long)time(NULL), names, g->defaults, g->left, &g->g,
                          text, (size_t)n + 1);
    if (n < 0 || !text) {
        s->st->record_failures++;
        event(s, KGP_EV_PROBLEM, "game %llu: out of memory for its record",
              (unsigned long long)g->number);
        text = line;
        line[0] = '\0';
    } else if (s->cfg->record_fd >= 0) {
        /* A write cut short (a full disk) is taken back, so that the next
         * record starts on a line of its own. */
        int fd = s->cfg->record_fd;
        off_t before = lseek(fd, 0, SEEK_END);
        if (!kgp_write_all(fd, text, (size_t)n)) {
            int why = errno;
            if (before < 0 || ftruncate(fd, before) != 0)
                s->torn = true;
            s->st->record_failures++;
            event(s, KGP_EV_PROBLEM, "game %llu: the record could not be written: %s",
                  (unsigned long long)g->number, strerror(why));
        } else if (s->cfg->record_sync && fdatasync(fd) != 0 && errno != EINVAL) {
            /* EINVAL: a file that cannot be synchronised (a device such as
             * /dev/null) is written all the same. */
            s->st->record_failures++;
            event(s, KGP_EV_PROBLEM, "game %llu: the record may not be on the disk: %s",
                  (unsigned long long)g->number, strerror(errno));
        }
    }
    if (text[0])
        event(s, KGP_EV_GAME, "%.*s", n > 0 ? n - 1 : 0, text);
    if (text != line)
        free(text);
    for (int side = 0; side < 2; side++) {
        if (g->seat[side] < 0)
            continue;
        kgp_conn *c = &s->conns[g->seat[side]];
        int mine = side == KALAH_SOUTH ? margin : -margin;
        char comment[160], q[400];
        snprintf(comment, sizeof comment, "game over: %s %d, %s %d: you %s", g->name[side],
                 score[side], g->name[1 - side], score[1 - side],
                 mine > 0 ? "won" : mine < 0 ? "lost" : "drew");
        kgp_quote(comment, q, sizeof q);
        kgp_conn_send(c, "set info:comment %s", q);
        kgp_conn_send(c, "set game:margin %+d", mine);
        kgp_conn_send(c, "goodbye");
        kgp_conn_close_soon(c, kalah_now());
    }
    if (g->engine) {
        s->done_runs[s->ndone++] = g->engine;
        g->engine = NULL;
    }
    kalah_game_free(&g->g);
    g->used = false;
    s->st->games_finished++;
}

/* Ends the open turn: `stop`, then the mover's last legal move or the
 * documented default (a uniformly random legal move). */
static void end_turn(server *s, game *g, bool timed_out)
{
    const kalah_pos *p = kalah_game_pos(&g->g);
    int mover = p->to_move;
    if (g->turn_open && g->seat[mover] >= 0) {
        kgp_conn *c = &s->conns[g->seat[mover]];
        kgp_conn_send(c, "%llu@%llu stop", (unsigned long long)c->next_id,
                      (unsigned long long)g->state_id);
        c->next_id += 2;
    }
    g->turn_open = false;
    if (timed_out)
        s->st->timeouts++;
    int pit = g->best;
    if (pit == 0) {
        int moves[KALAH_MAX_PITS];
        int n = kalah_moves(&g->g.rules, p, moves);
        pit = moves[kalah_rng_below(&s->rng, n)];
        g->defaults[mover]++;
        s->st->default_moves++;
    }
    kalah_game_play(&g->g, pit, NULL, NULL);
    if (kalah_over(&g->g.rules, kalah_game_pos(&g->g)))
        finish_game(s, g);
    else
        start_turn(s, g);
}

/* Sends the mover its state request; a seat whose player left gets the
 * default move at once. */
static void start_turn(server *s, game *g)
{
    const kalah_pos *p = kalah_game_pos(&g->g);
    int mover = p->to_move;
    g->best = 0;
    if (g->seat[mover] < 0) {
        g->turn_open = false;
        end_turn(s, g, false);
        return;
    }
    kgp_conn *c = &s->conns[g->seat[mover]];
    char board[128];
    kgp_board_format(&g->g.rules, p, board, sizeof board);
    /* Whole seconds, an integer as the protocol types it, rounded down so
     * that no client plans for more time than it has; under a second there
     * is no such integer, and the clock is not sent. */
    if (s->cfg->timeout >= 1)
        kgp_conn_send(c, "set time:clock %ld", (long)floor(s->cfg->timeout));
    kgp_conn_send(c, "%llu state %s", (unsigned long long)c->next_id, board);
    g->state_id = c->next_id;
    c->next_id += 2;
    g->turn_open = true;
    g->deadline = kalah_now() + s->cfg->timeout;
}

/* A player's connection is gone: its moves become default moves. */
static void leave_game(server *s, kgp_conn *c)
{
    if (c->state != KGP_C_GAME || c->game < 0)
        return;
    game *g = &s->games[c->game];
    g->seat[c->side] = -1;
    g->left[c->side] = true;
    s->st->lost++;
    c->game = -1;
    if (g->turn_open && kalah_game_pos(&g->g)->to_move == c->side)
        end_turn(s, g, false);
}

static void drop(server *s, kgp_conn *c, const char *why, bool kicked)
{
    if (c->state == KGP_C_FREE || c->state == KGP_C_CLOSING)
        return;
    event(s, KGP_EV_PROBLEM, "connection %d (%s): %s", slot_of(s, c), c->name, why);
    if (kicked)
        s->st->kicked++;
    leave_game(s, c);
    char q[256];
    kgp_quote(why, q, sizeof q);
    kgp_conn_send(c, "error %s", q);
    s->st->protocol_errors++;
    kgp_conn_send(c, "goodbye");
    kgp_conn_close_soon(c, kalah_now());
}

/* Seats two connections (south first) in a new game. */
static void new_game(server *s, int south, int north, engine_run *engine)
{
    int k = 0;
    while (k < s->ngames && s->games[k].used)
        k++;
    game *g = k < s->ngames ? &s->games[k] : NULL;
    if (g)
        memset(g, 0, sizeof *g);
    if (!g || kalah_game_init(&g->g, &s->cfg->rules, NULL, NULL) != KALAH_OK) {
        if (engine)
            s->done_runs[s->ndone++] = engine; /* its thread ends with its socket */
        drop(s, &s->conns[south], "the server is out of memory", false);
        drop(s, &s->conns[north], "the server is out of memory", false);
        return;
    }
    g->used = true;
    g->number = ++s->next_game;
    g->engine = engine;
    int seats[2] = {south, north};
    for (int side = 0; side < 2; side++) {
        kgp_conn *c = &s->conns[seats[side]];
        g->seat[side] = seats[side];
        c->state = KGP_C_GAME;
        c->game = k;
        c->side = side;
        c->since = kalah_now();
        memcpy(g->name[side], c->name, sizeof g->name[side]);
        char gid[32];
        snprintf(gid, sizeof gid, "set game:id \"%llu\"", (unsigned long long)g->number);
        kgp_conn_send(c, "%s", gid);
        char q[2 * KGP_NAME_MAX + 3];
        kgp_quote(s->conns[seats[1 - side]].name, q, sizeof q);
        kgp_conn_send(c, "set game:opponent %s", q);
        kgp_conn_send(c, "set time:mode relative");
    }
    s->st->games_started++;
    event(s, KGP_EV_INFO, "game %llu: %s (south) against %s (north)",
          (unsigned long long)g->number, g->name[0], g->name[1]);
    start_turn(s, g);
}

static void *engine_main(void *arg)
{
    engine_run *run = arg;
    kgp_brain b = kgp_engine_brain(&run->engine);
    kgp_client_config cc = {.name = NULL, .idle_timeout = 0};
    kgp_client_stats st;
    kgp_client_run(run->fd, &cc, &b, &st, NULL);
    atomic_store(&run->done, true);
    return NULL;
}

/* Starts the server's player for a lone client: a socket pair, a slot for
 * the server's end and a thread for the client's. */
static bool start_engine_game(server *s, int lone)
{
    if (s->engines_busy >= s->engines)
        return false;
    int slot = s->nnet;
    while (slot < s->nconns && s->conns[slot].state != KGP_C_FREE)
        slot++;
    if (slot == s->nconns)
        return false;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return false;
    engine_run *run = calloc(1, sizeof *run);
    if (!run) {
        close(sv[0]);
        close(sv[1]);
        return false;
    }
    fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
    run->fd = sv[1];
    run->engine.player = s->cfg->engine;
    run->engine.rng = kalah_rng_seed(kalah_rng_next(&s->rng));
    atomic_init(&run->done, false);
    if (pthread_create(&run->thread, NULL, engine_main, run) != 0) {
        close(sv[0]);
        close(sv[1]);
        free(run);
        return false;
    }
    kgp_conn *c = &s->conns[slot];
    kgp_conn_open(c, sv[0], true, kalah_now());
    snprintf(c->name, sizeof c->name, "%s", s->cfg->engine_name);
    kgp_conn_send(c, "kgp %s", KGP_VERSION);
    s->engines_busy++;
    s->st->engine_games++;
    new_game(s, lone, slot, run);
    return true;
}

/* ---- the lines a peer sends ------------------------------------------------------ */

static void on_move(server *s, kgp_conn *c, const kgp_msg *m, bool yield)
{
    game *g = c->state == KGP_C_GAME ? &s->games[c->game] : NULL;
    bool mine = g && g->turn_open && kalah_game_pos(&g->g)->to_move == c->side;
    if (m->has_ref && (!mine || m->ref != g->state_id)) {
        /* Answers to an earlier request come after its stop: ignored. */
        if (m->ref >= 2 && m->ref < c->next_id && m->ref % 2 == 0)
            return;
        protocol_error(s, c, m, "no such state request");
        return;
    }
    if (!mine) {
        /* Without a reference, a move out of turn is taken for a late answer
         * to a stopped request: ignored, as the protocol asks. */
        if (c->state != KGP_C_GAME)
            protocol_error(s, c, m, "not in a game");
        return;
    }
    if (yield) {
        if (m->argc != 0)
            protocol_error(s, c, m, "yield takes no arguments");
        else
            end_turn(s, g, false);
        return;
    }
    if (m->argc != 1 || m->argv[0].type != KGP_INT) {
        protocol_error(s, c, m, "move takes one integer, a pit number");
        return;
    }
    long long pit = m->argv[0].integer;
    const kalah_pos *p = kalah_game_pos(&g->g);
    if (pit < 1 || pit > g->g.rules.pits || p->pit[p->to_move][pit - 1] == 0) {
        char why[96];
        snprintf(why, sizeof why, "illegal move %lld: pit %s", pit,
                 pit < 1 || pit > g->g.rules.pits ? "out of range" : "empty");
        protocol_error(s, c, m, why);
        return;
    }
    g->best = (int)pit;
}

static void on_set(server *s, kgp_conn *c, const kgp_msg *m)
{
    if (m->argc != 2) {
        protocol_error(s, c, m, "set takes an option and a value");
        return;
    }
    if (strcmp(m->argv[0].text, "info:name") == 0 && c->state != KGP_C_GAME)
        kgp_clean_name(m->argv[1].text, c->name);
    /* Other options are hints; unknown ones are ignored, as the protocol asks. */
}

static void on_line(void *ctx, kgp_conn *c, char *text, size_t len)
{
    server *s = ctx;
    if (c->state == KGP_C_CLOSING)
        return;
    double now = kalah_now();
    s->st->lines_in++;
    c->heard = now;
    if (!kgp_conn_spend(c, now)) {
        drop(s, c, "flooding: more than 200 lines a second", true);
        return;
    }
    if (!text) {
        protocol_error(s, c, NULL, "line longer than 16384 characters, ignored");
        return;
    }
    static _Thread_local kgp_msg m;
    kalah_error err;
    if (kgp_parse(text, len, &m, &err) != KALAH_OK) {
        char why[200];
        snprintf(why, sizeof why, "column %d: %s", err.pos, err.message);
        protocol_error(s, c, NULL, why);
        return;
    }
    if (strcmp(m.name, "mode") == 0) {
        if (c->mode_seen) {
            protocol_error(s, c, &m, "the mode was already chosen");
        } else if (m.argc != 1 || strcmp(m.argv[0].text, "freeplay") != 0) {
            drop(s, c, "unsupported activity (this server plays freeplay)", false);
        } else {
            c->mode_seen = true;
            if (c->state == KGP_C_HELLO) {
                c->state = KGP_C_LOBBY;
                c->since = now;
            }
        }
    } else if (strcmp(m.name, "move") == 0 || strcmp(m.name, "yield") == 0) {
        if (!c->mode_seen)
            protocol_error(s, c, &m, "choose a mode first");
        else
            on_move(s, c, &m, m.name[0] == 'y');
    } else if (strcmp(m.name, "set") == 0) {
        on_set(s, c, &m);
    } else if (strcmp(m.name, "ping") == 0) {
        if (m.has_id)
            kgp_conn_send(c, "@%llu pong", (unsigned long long)m.id);
        else
            kgp_conn_send(c, "pong");
    } else if (strcmp(m.name, "pong") == 0) {
        c->ping_sent = 0;
    } else if (strcmp(m.name, "goodbye") == 0) {
        event(s, KGP_EV_INFO, "connection %d (%s) said goodbye", slot_of(s, c), c->name);
        leave_game(s, c);
        kgp_conn_send(c, "goodbye");
        kgp_conn_close_soon(c, now);
    } else if (strcmp(m.name, "ok") == 0 || strcmp(m.name, "error") == 0) {
        /* A peer's opinion of our lines; nothing to do. */
    } else {
        char why[80];
        snprintf(why, sizeof why, "unknown command '%s'", m.name);
        protocol_error(s, c, &m, why);
    }
}

/* ---- the loop ---------------------------------------------------------------------- */

static void accept_all(server *s, double now)
{
    for (;;) {
        int fd = accept(s->cfg->listen_fd, NULL, NULL);
        if (fd < 0) {
            /* Out of descriptors, the connection waits in the backlog; a
             * pause keeps poll from reporting it in a busy loop. */
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                s->accept_paused = now + 0.1;
                event(s, KGP_EV_PROBLEM, "cannot accept a connection: %s", strerror(errno));
            }
            return;
        }
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        int slot = 0;
        while (slot < s->nnet && s->conns[slot].state != KGP_C_FREE)
            slot++;
        if (slot == s->nnet || s->stopping) {
            static const char full[] = "error \"the server is full\"\ngoodbye\n";
            if (send(fd, full, sizeof full - 1, MSG_NOSIGNAL) < 0) {
                /* Nothing more to say to it. */
            }
            close(fd);
            s->st->refused++;
            continue;
        }
        kgp_conn *c = &s->conns[slot];
        kgp_conn_open(c, fd, false, now);
        kgp_conn_send(c, "kgp %s", KGP_VERSION);
        s->st->connections++;
        event(s, KGP_EV_INFO, "connection %d opened", slot);
    }
}

/* Pairs lobby connections in arrival order; a lone one that waited long
 * enough gets the engine. */
static void pair(server *s, double now)
{
    for (;;) {
        int first = -1, second = -1;
        for (int i = 0; i < s->nnet; i++) {
            kgp_conn *c = &s->conns[i];
            if (c->state != KGP_C_LOBBY)
                continue;
            if (first < 0 || c->since < s->conns[first].since) {
                second = first;
                first = i;
            } else if (second < 0 || c->since < s->conns[second].since) {
                second = i;
            }
        }
        if (second >= 0) {
            new_game(s, first, second, NULL);
            continue;
        }
        if (first >= 0 && s->cfg->pair_wait >= 0 &&
            now - s->conns[first].since >= s->cfg->pair_wait)
            start_engine_game(s, first);
        return;
    }
}

static void serve_conn(server *s, kgp_conn *c, short revents);

/* Timeouts of every kind; returns the time of the next one. */
static double check_timers(server *s, double now)
{
    double next = now + 0.1;
    for (int k = 0; k < s->ngames; k++) {
        game *g = &s->games[k];
        if (!g->used || !g->turn_open)
            continue;
        if (now >= g->deadline) {
            /* What arrived before the deadline counts, even when the loop
             * was late to read it. */
            uint64_t id = g->state_id;
            int seat = g->seat[kalah_game_pos(&g->g)->to_move];
            if (seat >= 0)
                serve_conn(s, &s->conns[seat], POLLIN);
            if (g->used && g->turn_open && g->state_id == id)
                end_turn(s, g, true);
        }
        else if (g->deadline < next)
            next = g->deadline;
    }
    for (int i = 0; i < s->nconns; i++) {
        kgp_conn *c = &s->conns[i];
        double hello = s->cfg->hello_timeout > 0 ? s->cfg->hello_timeout : 10;
        if (c->state == KGP_C_HELLO && !c->engine && now - c->since > hello)
            drop(s, c, "no `mode` in time", true);
        else if (c->state == KGP_C_LOBBY && !c->ping_sent && now - c->heard > 10) {
            kgp_conn_send(c, "ping");
            c->ping_sent = now;
        } else if (c->state == KGP_C_LOBBY && c->ping_sent && now - c->ping_sent > 10)
            drop(s, c, "no `pong` to a ping", true);
        else if (c->state == KGP_C_CLOSING && now > c->close_by)
            kgp_conn_free(c);
    }
    return next;
}

static void join_engines(server *s, bool all)
{
    for (int k = 0; k < s->ndone;) {
        engine_run *run = s->done_runs[k];
        if (!all && !atomic_load(&run->done)) {
            k++;
            continue;
        }
        pthread_join(run->thread, NULL);
        free(run);
        s->engines_busy--;
        s->done_runs[k] = s->done_runs[--s->ndone];
    }
}

static void serve_conn(server *s, kgp_conn *c, short revents)
{
    if (c->state == KGP_C_FREE)
        return;
    if (revents & (POLLIN | POLLHUP | POLLERR)) {
        if (!kgp_conn_read(c, on_line, s)) {
            if (c->state == KGP_C_CLOSING) {
                kgp_conn_flush(c); /* the goodbye, if the peer still reads */
                kgp_conn_free(c);
                return;
            }
            if (c->state != KGP_C_FREE) {
                event(s, KGP_EV_PROBLEM, "connection %d (%s) lost", slot_of(s, c), c->name);
                leave_game(s, c);
                kgp_conn_free(c);
            }
            return;
        }
    }
}

static void flush_all(server *s)
{
    for (int i = 0; i < s->nconns; i++) {
        kgp_conn *c = &s->conns[i];
        if (c->state == KGP_C_FREE)
            continue;
        if (c->out_overflow) {
            event(s, KGP_EV_PROBLEM, "connection %d (%s) does not read: dropped", i, c->name);
            s->st->kicked++;
            leave_game(s, c);
            kgp_conn_free(c);
            continue;
        }
        if (!kgp_conn_flush(c)) {
            if (c->state != KGP_C_CLOSING) {
                event(s, KGP_EV_PROBLEM, "connection %d (%s) lost", i, c->name);
                leave_game(s, c);
            }
            kgp_conn_free(c);
            continue;
        }
        if (c->state == KGP_C_CLOSING && c->out_len == 0)
            shutdown(c->fd, SHUT_WR);
    }
}

kalah_status kgp_server_run(const kgp_server_config *cfg, kgp_server_stats *stats,
                            kalah_error *err)
{
    server s;
    memset(&s, 0, sizeof s);
    kgp_server_stats local;
    memset(&local, 0, sizeof local);
    s.cfg = cfg;
    s.st = stats ? stats : &local;
    memset(s.st, 0, sizeof *s.st);
    s.nnet = cfg->max_clients > 0 ? cfg->max_clients : 256;
    int engines = s.engines = cfg->engine_threads > 0 ? cfg->engine_threads : 64;
    s.nconns = s.nnet + engines;
    s.ngames = s.nconns; /* a game keeps its slot while one player remains */
    s.rng = kalah_rng_seed(cfg->seed ? cfg->seed : 1);
    s.next_game = cfg->first_game > 0 ? cfg->first_game - 1 : 0;
    s.conns = calloc((size_t)s.nconns, sizeof *s.conns);
    s.games = calloc((size_t)s.ngames, sizeof *s.games);
    s.done_runs = calloc((size_t)engines + 1, sizeof *s.done_runs);
    s.pfd = calloc((size_t)s.nconns + 1, sizeof *s.pfd);
    s.pfd_conn = calloc((size_t)s.nconns + 1, sizeof *s.pfd_conn);
    kalah_status result = KALAH_OK;
    double t0 = kalah_now();
    if (!s.conns || !s.games || !s.done_runs || !s.pfd || !s.pfd_conn) {
        result = kalah_fail(err, KALAH_ENOMEM, 0, "out of memory for %d connections", s.nconns);
        goto out;
    }
    for (int i = 0; i < s.nconns; i++)
        s.conns[i].fd = -1;
    fcntl(cfg->listen_fd, F_SETFL, fcntl(cfg->listen_fd, F_GETFL) | O_NONBLOCK);
    for (;;) {
        double now = kalah_now();
        bool stop_now = (cfg->stop && *cfg->stop) ||
                        (cfg->max_games > 0 && s.st->games_finished >= (uint64_t)cfg->max_games);
        if (stop_now && !s.stopping) {
            s.stopping = true;
            for (int i = 0; i < s.nconns; i++)
                if (s.conns[i].state != KGP_C_FREE && s.conns[i].state != KGP_C_CLOSING) {
                    kgp_conn *c = &s.conns[i];
                    if (c->state == KGP_C_GAME && c->game >= 0 && s.games[c->game].used) {
                        game *g = &s.games[c->game];
                        g->seat[c->side] = -1;
                        if (g->engine) {
                            s.done_runs[s.ndone++] = g->engine;
                            g->engine = NULL;
                        }
                    }
                    c->game = -1;
                    kgp_conn_send(c, "error \"the server is shutting down\"");
                    kgp_conn_send(c, "goodbye");
                    kgp_conn_close_soon(c, now);
                }
            for (int k = 0; k < s.ngames; k++)
                if (s.games[k].used) {
                    kalah_game_free(&s.games[k].g);
                    s.games[k].used = false;
                }
        }
        if (s.stopping) {
            bool open = false;
            for (int i = 0; i < s.nconns; i++)
                open |= s.conns[i].state != KGP_C_FREE;
            if (!open)
                break;
        }
        if (!s.stopping)
            pair(&s, now);
        double next = check_timers(&s, now);
        join_engines(&s, false);
        flush_all(&s);
        int n = 0;
        if (!s.stopping && now >= s.accept_paused) {
            s.pfd[n].fd = cfg->listen_fd;
            s.pfd[n].events = POLLIN;
            s.pfd_conn[n++] = -1;
        }
        for (int i = 0; i < s.nconns; i++) {
            kgp_conn *c = &s.conns[i];
            if (c->state == KGP_C_FREE)
                continue;
            s.pfd[n].fd = c->fd;
            s.pfd[n].events = (short)(POLLIN | (c->out_len ? POLLOUT : 0));
            s.pfd_conn[n++] = i;
        }
        int wait = (int)((next - kalah_now()) * 1000) + 1;
        if (wait < 0)
            wait = 0;
        if (wait > 100)
            wait = 100;
        int ready = poll(s.pfd, (nfds_t)n, wait);
        if (ready < 0 && errno != EINTR) {
            result = kalah_fail(err, KALAH_EINVAL, 0, "poll failed: %s", strerror(errno));
            break;
        }
        now = kalah_now();
        for (int k = 0; ready > 0 && k < n; k++) {
            if (!s.pfd[k].revents)
                continue;
            if (s.pfd_conn[k] < 0) {
                if (s.pfd[k].revents & POLLIN)
                    accept_all(&s, now);
                continue;
            }
            kgp_conn *c = &s.conns[s.pfd_conn[k]];
            if (c->state != KGP_C_FREE && c->fd == s.pfd[k].fd)
                serve_conn(&s, c, s.pfd[k].revents);
        }
    }
out:
    if (s.conns) {
        for (int i = 0; i < s.nconns; i++)
            if (s.conns[i].state != KGP_C_FREE || s.conns[i].out)
                kgp_conn_free(&s.conns[i]);
    }
    if (s.games)
        for (int k = 0; k < s.ngames; k++)
            if (s.games[k].used) {
                if (s.games[k].engine)
                    s.done_runs[s.ndone++] = s.games[k].engine;
                kalah_game_free(&s.games[k].g);
            }
    if (s.done_runs)
        join_engines(&s, true);
    s.st->seconds = kalah_now() - t0;
    free(s.conns);
    free(s.games);
    free(s.done_runs);
    free(s.pfd);
    free(s.pfd_conn);
    return result;
}
